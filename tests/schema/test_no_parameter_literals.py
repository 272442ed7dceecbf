"""Python code names a parameter only in a genuine cross-parameter rule.

Every per-parameter fact lives in the catalog: a string
literal in ``ascend_studio/`` that names a catalog parameter (its name or dotted
path, alone, as a dotted prefix, or in a whitespace-separated list of names)
fails this test unless it is in a cross-parameter rule module or its fixes
(``rules/_rules_*.py``, ``rules/_fixes_*.py``) or listed in :data:`ALLOWED` with its reason.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import pytest

from ascend_studio.schema import shipped_catalog

pytestmark = pytest.mark.slow

PACKAGE = Path(__file__).resolve().parents[2] / "ascend_studio"
RULE_MODULE = re.compile(r"rules/_(rules|fixes)_\w+\.py$")

#: (file, literal) -> why the name must appear there. Keep this short.
ALLOWED: dict[tuple[str, str], str] = {
    # Where each sub-config object is attached: the structure of the constructors
    # themselves (like OWNERS), needed to compute every dotted path.
    **{
        ("schema/_models.py", holder): "sub-config attachment point"
        for holder in (
            "dump_config",
            "profiling_config",
            "memory_config",
            "experimental_config",
            "experimental_config.graph_memory_optimize_config",
            "dynamic_input_config",
        )
    },
    # The scenario is graph_run_mode (scenarios.toml gives its value per scenario).
    ("codegen/_import_py.py", "graph_run_mode"): "the parameter that defines the scenario",
    ("rules/_context.py", "graph_run_mode"): "the parameter that defines the scenario",
    # The importer reads the ConfigProto passed as session_config (parameter_map).
    ("codegen/_pybuild.py", "session_config"): "the ConfigProto carrying parameter_map",
    # Path resolution: which device's directories (session_device_id, then env).
    ("paths/_resolve.py", "session_device_id"): "device id for per-device paths",
    # The sess.run export's two documented special cases, by session key.
    ("codegen/_export_sess.py", "iterations_per_loop"): "set_iteration_per_loop helper",
    ("codegen/_export_sess.py", "enable_compress_weight"): "left out beside the conf file",
    ("codegen/_export_sess.py", "compress_weight_conf"): "sent alone (both keys abort)",
    # The launch check compares the collective timeout's findings across ranks.
    ("doctor/_launch_outputs.py", "hccl_timeout"): "HCCL timeout findings gathered per rank",
    # A key of the debug .cfg file's own syntax (OPTIONS_KEY), not the parameter.
    ("companion/_debug.py", "op_debug_config"): "key inside the described file",
}


def _names() -> set[str]:
    catalog = shipped_catalog()
    return {p.name for p in catalog.params} | {p.path for p in catalog.params}


def _docstrings(tree: ast.AST) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            found.add(id(first.value))
    return found


def _named(text: str, names: set[str]) -> list[str]:
    """The parameter names a literal spells: whole, as a dotted prefix, or a name list."""
    if text in names:
        return [text]
    words = text.split()
    if len(words) > 1 and all(w in names for w in words):
        return words
    if " " not in text.strip() and len(text) < 60:
        return [
            t.rstrip(".") for t in re.findall(r"[A-Za-z_][\w.]*", text) if t.rstrip(".") in names
        ]
    return []


def literals() -> Counter[tuple[str, str]]:
    """(file relative to the package, parameter name) -> occurrences, outside docstrings."""
    names = _names()
    found: Counter[tuple[str, str]] = Counter()
    for source in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(source.read_text("utf-8"))
        docs = _docstrings(tree)
        where = source.relative_to(PACKAGE).as_posix()
        for node in ast.walk(tree):
            text = node.value if isinstance(node, ast.Constant) else None
            if isinstance(text, str) and id(node) not in docs:
                for name in _named(text, names):
                    found[(where, name)] += 1
    return found


def test_parameters_are_named_only_in_cross_parameter_rules() -> None:
    stray = {
        key: count
        for key, count in literals().items()
        if not RULE_MODULE.search(key[0]) and key not in ALLOWED
    }
    assert not stray, (
        "per-parameter facts belong in the catalog (resources/catalog/params/*.toml); "
        f"parameter names as literals here: {sorted(stray)}"
    )


def test_allowlist_has_no_stale_entries() -> None:
    found = set(literals())
    assert not [key for key in ALLOWED if key not in found]


def test_the_check_sees_a_literal(tmp_path: Path) -> None:
    names = {"precision_mode", "dump_config", "dump_config.dump_mode"}
    assert _named("precision_mode", names) == ["precision_mode"]
    assert _named("dump_config.", names) == ["dump_config"]
    assert _named("precision_mode dump_config", names) == ["precision_mode", "dump_config"]
    assert _named("set precision_mode here", names) == []
