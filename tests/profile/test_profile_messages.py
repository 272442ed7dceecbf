"""The profile's error messages are pydantic's, unchanged by the dataclasses.

``data/pydantic_messages.json`` holds what the profile said about these documents
and records when it was still a pydantic model: each error's place and type, and
the whole message (without the "For further information" links, which name the
pydantic version). The dataclass profile sends such documents to pydantic models
that are twins of the old ones, so every error, message and accepted oddity must
be the same. The places and types are compared with any pydantic 2; the text
only with the pydantic release it was recorded with (others word a few messages
differently).
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pytest
from pydantic import VERSION, ValidationError

from ascend_studio.profile import Expr, ExtraKwarg, Profile

GOLDEN = json.loads((Path(__file__).parent / "data" / "pydantic_messages.json").read_text("utf-8"))
URL = re.compile(r"\n +For further information visit \S+")
SAME_RELEASE = VERSION.split(".")[:2] == GOLDEN["pydantic"].split(".")

DOCS: list[dict[str, Any]] = [
    {"product": "two words", "values": {"a": {"expr": ""}}},
    {"values": {"a": {"bytes_hex": "zz"}}},
    {"values": {"a": {"bytes_hex": "00ff"}}},
    {"values": {"a": [1]}},
    {"values": {"a": {"other": 1}}},
    {"values": {"a": {"expr": "x", "bytes": "y"}}},
    {"values": {"a": 2**64}},
    {"values": ["a"]},
    {"scenario": "Training"},
    {"scenario": None},
    {"product": 3},
    {"product": "x" * 70},
    {"product": ""},
    {"env": {"A": 1}},
    {"env": ["A"]},
    {"extra_kwargs": [{"owner": "NPURunConfig", "name": "x"}]},
    {"extra_kwargs": [{"owner": "NPURunConfig", "name": "x", "expr": "1", "other": 2}]},
    {"extra_kwargs": "x"},
    {"values": {"a": -math.inf}},
    {"values": {"a": {"expr": "\udfff"}}},
    {"notes": "\ud800"},
    {"file_contents": {"\ud800": "x"}},
    {"later": {"x": "\ud800"}},
    {"later": [1.0, math.nan]},
    {"notes": 3, "schema_version": "x"},
    {"env_verbatim": "ABC"},
    {"env_verbatim": [1]},
    {"file_contents": {"a": 1}},
    {"schema_version": 1.5},
    {"schema_version": 1.0, "notes": "coerced"},
    {"schema_version": True},
    {"env": {"A;touch PWN": "1"}},
    {"env": {"X\ncurl_evil; touch PWN\n#": "1"}},
    {"env": {"A": "x\x00y"}},
    {"env": {"A": "1;touch PWN"}, "env_verbatim": ["A"]},
    {"env_verbatim": ["A B"]},
    {"values": {"a": {"expr": "0), __import__('os').system('x'), (0"}}},
    {"extra_kwargs": [{"owner": "NPURunConfig", "name": "x=1, y", "expr": "1"}]},
    {"extra_kwargs": [{"owner": "NPURunConfig", "name": "x", "expr": "1)\nimport os\n("}]},
]
RECORDS: list[tuple[str, dict[str, Any]]] = [
    ("Expr", {"expr": ""}),
    ("Expr", {"expr": 3}),
    ("Expr", {"expr": None}),
    ("ExtraKwarg", {"owner": "a", "name": None, "expr": "x"}),
    ("ExtraKwarg", {"owner": 1, "name": 2, "expr": ""}),
]
CLASSES: dict[str, type[Expr | ExtraKwarg]] = {"Expr": Expr, "ExtraKwarg": ExtraKwarg}


def _outcome(make: Any) -> dict[str, Any] | None:
    """What pydantic said about ``make()``, as recorded (None: accepted)."""
    try:
        make()
    except ValidationError as exc:  # pydantic's own error, as callers catch it
        errors = [[".".join(map(str, e["loc"])), e["type"]] for e in exc.errors()]
        return {"text": URL.sub("", str(exc)), "errors": errors}
    return None


def _same(got: dict[str, Any] | None, recorded: dict[str, Any] | None) -> None:
    if got is None or recorded is None:
        assert got == recorded
        return
    assert got["errors"] == recorded["errors"]
    if SAME_RELEASE:
        assert got["text"] == recorded["text"]


@pytest.mark.parametrize("document", DOCS, ids=repr)
def test_a_document_gets_pydantics_message(document: dict[str, Any]) -> None:
    got = _outcome(lambda: Profile.model_validate(document))
    _same(got, GOLDEN["profiles"][repr(document)])


@pytest.mark.parametrize("document", DOCS, ids=repr)
def test_made_in_code_it_gets_the_same_message(document: dict[str, Any]) -> None:
    _same(_outcome(lambda: Profile(**document)), GOLDEN["profiles"][repr(document)])


@pytest.mark.parametrize(("name", "fields"), RECORDS, ids=repr)
def test_a_record_gets_pydantics_message(name: str, fields: dict[str, Any]) -> None:
    got = _outcome(lambda: CLASSES[name](**fields))
    assert got is not None
    _same(got, GOLDEN["records"][repr((name, fields))])


def test_every_document_here_has_its_recorded_message() -> None:
    assert set(GOLDEN["profiles"]) == {repr(d) for d in DOCS}
    assert set(GOLDEN["records"]) == {repr(r) for r in RECORDS}
