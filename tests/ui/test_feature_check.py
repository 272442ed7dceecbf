"""ui/_feature_check.py: PySide6's per-import check answered from the file's bytes."""

from __future__ import annotations

import collections
import json
import sys
import typing
from pathlib import Path
from types import ModuleType

import pytest

import ascend_studio.schema
import ascend_studio.ui
from ascend_studio.ui import _app, _feature_check, _texts
from ascend_studio.ui._feature_check import SUPPORT_MODULE, install, uses_pyside


def _pyside_check() -> tuple[ModuleType, object]:
    feature = sys.modules[SUPPORT_MODULE]
    return feature, feature._mod_uses_pyside


def test_the_app_installs_it_when_it_loads_pyside6() -> None:
    assert ascend_studio.ui  # imported: PySide6, then the check, then the app's modules
    _, check = _pyside_check()
    assert getattr(check, "fallback", None) is not None


@pytest.mark.parametrize(
    "module",
    [_app, _texts, _feature_check, ascend_studio.schema, collections, typing, json, sys],
    ids=lambda m: m.__name__,
)
def test_it_answers_as_pyside6_does(module: ModuleType) -> None:
    _, check = _pyside_check()
    original = getattr(check, "fallback", check)
    assert uses_pyside(module, original) == original(module)  # type: ignore[operator]


def test_each_app_module_is_recorded_as_its_source_says() -> None:
    feature, _ = _pyside_check()
    recorded = feature.pyside_feature_dict
    ours = [m for n, m in sorted(sys.modules.items()) if n.startswith("ascend_studio.ui.")]
    assert len(ours) > 20
    for module in ours:
        if module.__name__ in recorded and getattr(module, "__file__", None):
            mentions = "PySide6" in Path(module.__file__).read_text(encoding="utf-8")
            assert recorded[module.__name__] == (0 if mentions else -1), module.__name__


def test_a_module_without_a_source_file_is_left_to_pyside6() -> None:
    asked: list[str] = []
    no_file = ModuleType("no_file")
    assert uses_pyside(no_file, lambda m: asked.append(m.__name__) or True) is True
    missing = ModuleType("missing")
    missing.__file__ = "/nonexistent/missing.py"
    assert uses_pyside(missing, lambda m: asked.append(m.__name__) or False) is False
    assert asked == ["no_file", "missing"]


def test_it_is_installed_once_and_not_without_pyside6s_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _, check = _pyside_check()
    assert install() is True
    assert _pyside_check()[1] is check  # not wrapped twice
    monkeypatch.setitem(sys.modules, SUPPORT_MODULE, ModuleType(SUPPORT_MODULE))
    assert install() is False  # another PySide6: nothing replaced, nothing raised


def test_a_module_imported_after_it_is_still_checked(tmp_path: Path) -> None:
    feature, _ = _pyside_check()
    for name, text in (("uses_qt_probe", "import PySide6.QtCore\n"), ("plain_probe", "x = 1\n")):
        (tmp_path / f"{name}.py").write_text(text)
    sys.path.insert(0, str(tmp_path))
    try:
        for name in ("uses_qt_probe", "plain_probe"):
            __import__(name)  # an import statement (importlib bypasses PySide6's hook)
    finally:
        sys.path.remove(str(tmp_path))
        for name in ("uses_qt_probe", "plain_probe"):
            sys.modules.pop(name, None)
    assert feature.pyside_feature_dict.get("uses_qt_probe") == 0
    assert feature.pyside_feature_dict.get("plain_probe") == -1
