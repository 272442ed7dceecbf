"""Only the modules that build the main window know ``MainWindow``.

Flows (Apply to Script, presets, drops) and the docked views' installers are typed by
the window's ports (``ascend_studio/ui/_ports.py``): the document, the catalog, the
language and a few services. A module that names ``MainWindow``, even in a type hint
under ``if TYPE_CHECKING:`` or in a docstring, depends on the whole window and all it
imports; this test keeps that to the modules listed here.
"""

from __future__ import annotations

import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "ascend_studio"

#: The modules that build, lay out or drive ``MainWindow`` itself.
WINDOW_MODULES = frozenset(
    {
        "ui/_window.py",  # the class
        "ui/_app.py",  # makes it and hands it the files to open
        "ui/_shell.py",  # its menus, toolbar and splitters, before the first paint
        "ui/_deferred.py",  # its document and views, after the first paint
        "ui/_docks.py",  # its docks' shells
        "ui/_dock_parts.py",  # the docks' places and sizes in it
    }
)

_NAMED = re.compile(r"\bMainWindow\b")


def naming_main_window(root: Path) -> set[str]:
    """The modules under ``root`` whose text names ``MainWindow`` (``QMainWindow`` is Qt's)."""
    return {
        path.relative_to(root).as_posix()
        for path in root.rglob("*.py")
        if _NAMED.search(path.read_text("utf-8"))
    }


def test_only_the_window_s_own_modules_name_main_window() -> None:
    assert naming_main_window(PACKAGE) - WINDOW_MODULES == set()


def test_every_listed_module_still_names_it() -> None:
    """A module that no longer needs the window leaves the list (it only shrinks)."""
    assert WINDOW_MODULES - naming_main_window(PACKAGE) == set()


def test_a_mention_is_found_and_qt_s_class_is_not(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text(
        "if TYPE_CHECKING:\n    from ascend_studio.ui._window import MainWindow\n"
    )
    (tmp_path / "b.py").write_text("from PySide6.QtWidgets import QMainWindow\n")
    (tmp_path / "c.py").write_text('"""Built by ``MainWindow.finish_start``."""\n')
    assert naming_main_window(tmp_path) == {"a.py", "c.py"}
