"""The lazy package namespaces: every public name resolves to the module that the
type checkers see, and importing a package imports none of its modules."""

from __future__ import annotations

import ast
import importlib
import inspect
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAZY = ["rules", "codegen", "paths", "companion", "lint"]
#: Names a package computes itself rather than re-exports.
COMPUTED = {"codegen": {"EXPORT_FORMATS"}}


def _type_checking_imports(package: str) -> dict[str, str]:
    """``name -> submodule`` from the package's ``if TYPE_CHECKING:`` block."""
    tree = ast.parse(inspect.getsource(importlib.import_module(package)))
    found: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for item in node.body:
                if isinstance(item, ast.ImportFrom) and item.module:
                    sub = item.module.removeprefix(f"{package}.")
                    found.update({alias.asname or alias.name: sub for alias in item.names})
    return found


@pytest.mark.parametrize("name", LAZY)
def test_every_public_name_resolves_where_the_type_checkers_look(name: str) -> None:
    package = f"ascend_studio.{name}"
    module = importlib.import_module(package)
    seen = _type_checking_imports(package)
    assert set(module.__all__) == set(seen) | COMPUTED.get(name, set())
    assert seen == module._WHERE
    for public, sub in seen.items():
        defined = getattr(importlib.import_module(f"{package}.{sub}"), public)
        assert getattr(module, public) is defined, public


@pytest.mark.parametrize("name", LAZY)
def test_an_unknown_name_is_an_attribute_error(name: str) -> None:
    module = importlib.import_module(f"ascend_studio.{name}")
    with pytest.raises(AttributeError, match="no_such_name"):
        module.no_such_name  # noqa: B018


@pytest.mark.parametrize("name", LAZY)
def test_importing_a_package_imports_none_of_its_modules(name: str) -> None:
    package = f"ascend_studio.{name}"
    code = (
        f"import sys, {package}\n"
        f"print(' '.join(m for m in sys.modules if m.startswith('{package}.')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == []


def test_the_schema_s_names_imported_on_first_use_resolve_where_the_type_checkers_look() -> None:
    """The catalog package imports its own modules but those the app's first paint does
    without (the 2.x surface, release targets, value checks...): each resolves."""
    module = importlib.import_module("ascend_studio.schema")
    seen = _type_checking_imports("ascend_studio.schema")
    assert seen == module._WHERE
    for public, sub in seen.items():
        defined = getattr(importlib.import_module(f"ascend_studio.schema.{sub}"), public)
        assert getattr(module, public) is defined, public
    assert all(hasattr(module, name) for name in module.__all__)
