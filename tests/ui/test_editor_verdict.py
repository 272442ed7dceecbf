"""An editor marks a text malformed exactly when the rules call it malformed.

For every catalog parameter with a ``format``, the editor the registry picks is
fed the same texts as the rules engine; the editor's ``invalid`` mark and the
rules' ``*.format`` error must agree on each.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from ascend_studio.profile import Profile
from ascend_studio.rules import evaluate
from ascend_studio.schema import Parameter, shipped_catalog
from ascend_studio.ui.editors import editor_class
from ascend_studio.ui.editors._scalar import StrEditor

CATALOG = shipped_catalog()
FORMATTED = [p for p in CATALOG.params if p.format and issubclass(editor_class(p), StrEditor)]
#: Texts the old editor regexes and the rules judged differently, and a few more.
TEXTS = [
    "0,1", " 0,1", "0, 1", "foo:[1,2]", "getnext:[1,2]", "0|5|10-20", "0||5", "|5", "5-",
    "data:1,2;", "1,2;3,4", "cv", "LoadBalance:3", "fast|step|0.5", "fast|step", "AIC:2",
    "a", "1", "-1", "٣",
]  # fmt: skip
#: Switches under which the rules read the formatted values at all.
SWITCHES = {
    "dump_config.enable_dump": True,
    "dynamic_input": True,
    "profiling_config.enable_profiling": True,
}
#: The rules that report a malformed text (ids end like this).
FORMAT_RULE = re.compile(r"[._]format$|\.invalid_json$")


def _rules_say_malformed(param: Parameter, text: str) -> bool:
    values: dict[str, object] = {**SWITCHES, param.path: text}
    profile = Profile.model_validate({"product": "atlas_a2", "values": values})
    return any(FORMAT_RULE.search(d.rule_id) and param.path in d.params for d in evaluate(profile))


def test_formatted_parameters_are_covered() -> None:
    assert len(FORMATTED) >= 8, [p.path for p in FORMATTED]


@pytest.mark.parametrize("param", FORMATTED, ids=[p.path for p in FORMATTED])
def test_editor_shows_the_rules_verdict(qtbot: Any, param: Parameter) -> None:
    editor = editor_class(param)(param)
    qtbot.addWidget(editor)
    assert isinstance(editor, StrEditor)
    for text in TEXTS:
        editor.set_value(text)
        marked = editor.line.property("invalid") is True
        assert marked is _rules_say_malformed(param, text), (param.path, text)
