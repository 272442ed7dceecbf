"""Editing only the touched statements gives exactly what editing the whole module gives."""

from __future__ import annotations

import pytest
from apply_cases import CASES

from ascend_studio.apply import _cst, apply_python
from ascend_studio.codegen import import_python
from ascend_studio.profile import Profile

TRICKY = {
    "tabs and a nested def": (
        "class Trainer:\n"
        "\tdef config(self):\n"
        "\t\tdef inner():\n"
        "\t\t\treturn 1\n"
        "\t\treturn NPURunConfig(\n"
        "\t\t\tprecision_mode='force_fp32',\n"
        "\t\t)\n"
    ),
    "continuation at column 0": (
        "def make():\n"
        "    doc = '''\n"
        "text at column 0\n"
        "'''\n"
        "    return NPURunConfig(precision_mode='force_fp32',\n"
        "iterations_per_loop=10)\n"
    ),
    "one-line suite": "if True: config = NPURunConfig(precision_mode='force_fp32')\n",
    "two statements on a line": "x = 1; config = NPURunConfig(precision_mode='force_fp32'); y = 2\n",
    "decorated": (
        "@some.decorator(1)\n"
        "def make():\n"
        "    return NPURunConfig(precision_mode='force_fp32')  # keep\n"
    ),
    "crlf": "def make():\r\n    return NPURunConfig(precision_mode='force_fp32')\r\n\r\n",
}


def _edit(profile: Profile) -> Profile:
    return profile.with_value("precision_mode", "must_keep_origin_dtype").with_value(
        "hccl_timeout", 600
    )


def _whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_cst, "find_chunks", lambda *_args: None)


@pytest.mark.parametrize("name", sorted(TRICKY))
def test_tricky_layouts(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = TRICKY[name]
    wanted = _edit(import_python(text).configs[0].profile)
    chunked = apply_python(text, wanted).after
    _whole(monkeypatch)
    assert chunked == apply_python(text, wanted).after
    assert "must_keep_origin_dtype" in chunked and "hccl_timeout" in chunked
    assert import_python(chunked).configs[0].profile.values == wanted.values


@pytest.mark.parametrize("case", [c for c in CASES if c.before.suffix == ".py"], ids=str)
def test_golden_cases_match_a_whole_module_edit(case, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    text = case.before.read_text(encoding="utf-8")
    wanted = case.edit(import_python(text).configs[case.config - 1].profile)
    chunked = apply_python(text, wanted, case.config).after
    _whole(monkeypatch)
    assert chunked == apply_python(text, wanted, case.config).after
