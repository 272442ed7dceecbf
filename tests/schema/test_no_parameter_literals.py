"""Python code names a parameter only in a genuine cross-parameter rule.

Every per-parameter fact lives in the catalog (a rule about one parameter's value is
a ``[[param.rules]]`` table): a string literal in ``ascend_studio/`` that names a
catalog parameter (its name or dotted path, alone, as a dotted prefix, or in a
whitespace-separated list of names) fails this test unless a rule that involves
several parameters, and names this one among them, is declared in that module or
runs code from it (its condition, scan or fixes), or the literal is listed in
:data:`ALLOWED` with its reason.
"""

from __future__ import annotations

import ast
import re
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from ascend_studio.schema import shipped_catalog

pytestmark = pytest.mark.slow

PACKAGE = Path(__file__).resolve().parents[2] / "ascend_studio"

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
    ("codegen/_header.py", "graph_run_mode"): "the parameter that defines the scenario",
    ("profile/_target.py", "graph_run_mode"): "the parameter that defines the scenario",
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
    # Advice about precision_mode whose fix writes the precision_mode_v2 value that
    # behaves the same (a finding about the one parameter that is set).
    **{
        (where, name): "precision_mode advice naming its precision_mode_v2 equivalent"
        for where in ("rules/_rules_advice.py", "rules/_fixes_advice.py")
        for name in ("precision_mode", "precision_mode_v2")
    },
    # Predicates the catalog's requirements name by id (keeps_origin_dtype_v1/_v2).
    ("rules/_rules_predicates.py", "precision_mode"): "the catalog's requires predicates",
    ("rules/_rules_predicates.py", "precision_mode_v2"): "the catalog's requires predicates",
    # NPURunConfig's model_dir compared with NPUEstimator's own model_dir argument.
    ("rules/_rules_cluster.py", "model_dir"): "the estimator's argument of the same name",
    # npu_device.open() reads ASCEND_DEVICE_ID only when no device_id is passed.
    ("rules/_rules_tf2_env.py", "session_device_id"): "open()'s device_id beside the env",
    # A documentation path (apiref/session_config/dynamic_shape.md), not the parameter.
    ("rules/_rules_shape.py", "session_config"): "a folder of the docs path it cites",
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


def _functions(value: object, seen: set[int]) -> Iterator[object]:
    """``value`` and the functions its closure holds (a fixer made by a maker), deeply."""
    if id(value) in seen or not callable(value):
        return
    seen.add(id(value))
    yield value
    for cell in getattr(value, "__closure__", None) or ():
        try:
            inner = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        items = inner if isinstance(inner, tuple | list) else (inner,)
        for item in items:
            yield from _functions(item, seen)


def _modules_of(rule: object, declared: dict[str, str]) -> set[str]:
    """The package files a rule's code comes from, and the one that declares it."""
    found = {declared[rule.id]} if rule.id in declared else set()  # type: ignore[attr-defined]
    for attr in ("when", "scan", "fixes", "involves"):
        for func in _functions(getattr(rule, attr), set()):
            module = sys.modules.get(getattr(func, "__module__", "") or "")
            path = getattr(module, "__file__", None)
            if path is not None and Path(path).is_relative_to(PACKAGE):
                found.add(Path(path).relative_to(PACKAGE).as_posix())
    return found


def _declared() -> dict[str, str]:
    """Rule id -> the package file whose source spells it as a literal (declares it)."""
    found: dict[str, str] = {}
    for source in sorted((PACKAGE / "rules").glob("_rules_*.py")):
        for node in ast.walk(ast.parse(source.read_text("utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.setdefault(node.value, source.relative_to(PACKAGE).as_posix())
    return found


def cross_parameter_names() -> set[tuple[str, str]]:
    """(file, parameter name) pairs a rule involving several parameters may spell: its
    parameters (by path, by name and their sub-config holders), in the files its
    declaration and code come from."""
    from ascend_studio.rules import RULES

    catalog = shipped_catalog()
    declared = _declared()
    allowed: set[tuple[str, str]] = set()
    for rule in RULES:
        if len(rule.params) < 2:  # parameters and environment variables
            continue
        params = [p for p in rule.params if catalog.has(p)]
        names = set(params) | {catalog.param(p).name for p in params}
        names |= {p.rpartition(".")[0] for p in params if "." in p}
        allowed |= {(f, n) for f in _modules_of(rule, declared) for n in names}
    return allowed


def test_parameters_are_named_only_in_cross_parameter_rules() -> None:
    exempt = cross_parameter_names()
    stray = {
        key: count for key, count in literals().items() if key not in exempt and key not in ALLOWED
    }
    assert not stray, (
        "per-parameter facts belong in the catalog (resources/catalog/params/*.toml, "
        f"[[param.rules]] for a rule about one parameter); parameter names as literals "
        f"here: {sorted(stray)}"
    )


def test_allowlist_has_no_stale_entries() -> None:
    found = set(literals())
    exempt = cross_parameter_names()
    assert not [key for key in ALLOWED if key not in found or key in exempt]


def test_the_check_sees_a_literal(tmp_path: Path) -> None:
    names = {"precision_mode", "dump_config", "dump_config.dump_mode"}
    assert _named("precision_mode", names) == ["precision_mode"]
    assert _named("dump_config.", names) == ["dump_config"]
    assert _named("precision_mode dump_config", names) == ["precision_mode", "dump_config"]
    assert _named("set precision_mode here", names) == []
