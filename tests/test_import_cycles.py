"""The modules of ``ascend_studio/ui`` import each other in no circle, and no circle
in the whole package is of more than three modules.

A circle of imports means none of its modules can be read, changed or tested without
all the others (a view's installer importing the dock code that imports the
installer). The graph is of the imports that run, at module level or inside a
function; those under ``if TYPE_CHECKING:`` (type hints naming ``MainWindow``) do not
run and are left out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "ascend_studio"


def _modules(root: Path) -> dict[str, Path]:
    found = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_checking_only(tree: ast.AST) -> set[int]:
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped |= {id(inner) for part in node.body for inner in ast.walk(part)}
    return skipped


def _imported(name: str, path: Path, type_hints: bool) -> Iterator[str]:
    """The ``ascend_studio`` names a module imports, relative to the package
    (``type_hints``: those under ``if TYPE_CHECKING:`` too)."""
    tree = ast.parse(path.read_text("utf-8"))
    skipped = set() if type_hints else _type_checking_only(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = ["ascend_studio", *package.split(".")] if package else ["ascend_studio"]
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            # the imported module, or the module the imported name is defined in
            yield from (f"{base}.{a.name}" for a in node.names)


def _module_of(name: str, modules: dict[str, Path]) -> str | None:
    """The package module an imported ``ascend_studio`` name is (or is defined in)."""
    if not name.startswith("ascend_studio."):
        return None
    found = name.removeprefix("ascend_studio.")
    while found and found not in modules:
        found = found.rpartition(".")[0]
    return found or None


def graph(root: Path, *, type_hints: bool = False) -> dict[str, set[str]]:
    """Module -> the package modules it imports."""
    modules = _modules(root)
    edges: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        imports = _imported(name, path, type_hints)
        targets = {_module_of(imported, modules) for imported in imports}
        edges[name] = {t for t in targets if t is not None and t != name}
    return edges


def _reach(edges: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for target in edges[todo.pop()] - seen:
            seen.add(target)
            todo.append(target)
    return seen


def circles(edges: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module: the modules each
    reaches and is reached from."""
    reach = {name: _reach(edges, name) for name in edges}
    found: list[set[str]] = []
    for name in sorted(edges):
        component = {name} | {other for other in reach[name] if name in reach[other]}
        if len(component) > 1 and component not in found:
            found.append(component)
    return found


def test_the_user_interface_has_no_import_circle() -> None:
    assert [sorted(c) for c in circles(graph(PACKAGE / "ui"))] == []


def test_no_import_circle_in_the_package_is_of_more_than_three_modules() -> None:
    """A two- or three-module circle is a module and its lazily loaded part (a
    catalog and its validation); a larger one is a tangle."""
    assert [sorted(c) for c in circles(graph(PACKAGE)) if len(c) > 3] == []


def test_type_hints_make_no_circle_of_more_than_three_but_the_window_s() -> None:
    """Counting the imports under ``if TYPE_CHECKING:`` too (whoever reads a module reads
    the types it names), the one larger circle is the main window's: its class and the
    modules that build it, which name it in their hints. Flows and the docked views'
    installers are typed by the window's ports (``ui/_ports.py``) and stay out of it."""
    window = ("_deferred", "_dock_parts", "_docks", "_shell", "_window")
    larger = [sorted(c) for c in circles(graph(PACKAGE / "ui", type_hints=True)) if len(c) > 3]
    assert larger == [[f"ui.{name}" for name in window]]


def test_a_circle_is_found() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(edges) == [{"a", "b", "c"}]
    assert circles({"a": {"b"}, "b": set()}) == []
