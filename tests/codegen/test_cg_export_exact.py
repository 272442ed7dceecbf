"""Exporters never change a value's meaning: a wrong type is written as the profile holds it.

A hand-edited profile with ``"mix_compile_mode": "yes"`` must not become
``True``, nor ``"hccl_timeout": true`` a 1-second timeout; the rule comment next
to the value says it is wrong, and that comment must describe what is written.
"""

from __future__ import annotations

import ast

import pytest

from ascend_studio.codegen import ExportOptions, export_text, import_text
from ascend_studio.profile import Expr, Profile

OPTIONS = ExportOptions(diagnostics=False)

WRONG_TYPES = [
    ("mix_compile_mode", "yes", "'yes'"),
    ("hccl_timeout", True, "True"),
    ("precision_mode", 5, "5"),
    ("iterations_per_loop", 3.0, "3.0"),
    ("variable_placement", "host", "'host'"),
]


def _argument(text: str, name: str) -> str:
    """The source of keyword ``name`` in the NPURunConfig(...) call."""
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "NPURunConfig":
            for kw in node.keywords:
                if kw.arg == name:
                    return ast.unparse(kw.value)
    raise AssertionError(f"{name} not passed")


@pytest.mark.parametrize(("path", "value", "literal"), WRONG_TYPES)
def test_py_export_writes_the_value_as_held(path: str, value: object, literal: str) -> None:
    text = export_text(Profile(values={path: value}), "py", OPTIONS)  # type: ignore[dict-item]
    assert _argument(text, path) == literal


@pytest.mark.parametrize(
    ("path", "value", "rhs"),
    [
        ("mix_compile_mode", "yes", '.b = "yes"'),
        ("hccl_timeout", True, ".i = True"),
        ("precision_mode", 5, ".s = tf.compat.as_bytes(5)"),
    ],
)
def test_sess_export_writes_the_value_as_held(path: str, value: object, rhs: str) -> None:
    text = export_text(Profile(values={path: value}), "sess", OPTIONS)  # type: ignore[dict-item]
    line = next(ln for ln in text.splitlines() if f'parameter_map["{path}"]' in ln)
    assert line.endswith(rhs), line


def test_rule_comment_sits_next_to_the_value_it_describes() -> None:
    text = export_text(Profile(values={"hccl_timeout": True}), "py")
    lines = text.splitlines()
    at = next(i for i, ln in enumerate(lines) if ln.strip().startswith("hccl_timeout="))
    assert lines[at].strip() == "hccl_timeout=True,"
    assert any("hccl_timeout" in ln and ln.lstrip().startswith("#") for ln in lines[:at])


def test_importing_a_non_finite_number_keeps_it_as_an_expression() -> None:
    """The profile refuses inf/nan, so the importer keeps the source text instead of raising."""
    result = import_text("config = NPURunConfig(keep_checkpoint_every_n_hours=1e999)\n", "x.py")
    (config,) = result.configs
    assert config.profile.values["keep_checkpoint_every_n_hours"] == Expr(expr="1e999")
    assert any(
        i.kind == "verbatim" and "not a finite number" in i.message.en for i in result.report.items
    )
