"""Read npu_estimator.py (when available) to check our session data against it.

The TF Adapter source is not vendored (licence); tests that need it find it
through ``tfa_source`` and skip without it.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from tfa_source import SKIP_REASON, tf_adapter_dir

__all__ = ["SKIP_REASON", "MapSite", "estimator_path", "map_sites", "tf_adapter_dir"]


def estimator_path() -> Path | None:
    folder = tf_adapter_dir()
    if folder is None:
        return None
    path = folder / "python/npu_bridge/estimator/npu/npu_estimator.py"
    return path if path.is_file() else None


@dataclass(frozen=True)
class MapSite:
    key: str
    field: str
    convert: str  # as_bytes, str, raw, none
    conditional: bool
    method: str
    line: int


def _convert(value: ast.expr) -> str:
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute)):
        return "none"
    if value.func.attr != "as_bytes":
        return "none"
    inner = value.args[0]
    is_str = isinstance(inner, ast.Call) and getattr(inner.func, "id", "") == "str"
    return "str" if is_str else "as_bytes"


def map_sites(path: Path) -> list[MapSite]:
    """Every ``custom_op.parameter_map["k"].f = ...`` in NPUEstimator's loaders."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    sites: list[MapSite] = []
    for cls in tree.body:
        if not (isinstance(cls, ast.ClassDef) and cls.name == "NPUEstimator"):
            continue
        for method in cls.body:
            if isinstance(method, ast.FunctionDef):
                _walk(method.body, method.name, False, sites)
    return sites


def _walk(body: list[ast.stmt], method: str, conditional: bool, out: list[MapSite]) -> None:
    for stmt in body:
        if isinstance(stmt, ast.If):
            _walk(stmt.body, method, True, out)
            _walk(stmt.orelse, method, True, out)
            continue
        if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1:
            continue
        target = stmt.targets[0]
        if not (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Subscript)):
            continue
        key = target.value.slice
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            convert = _convert(stmt.value)
            if target.attr == "s" and convert == "none":
                convert = "raw"
            out.append(MapSite(key.value, target.attr, convert, conditional, method, stmt.lineno))
