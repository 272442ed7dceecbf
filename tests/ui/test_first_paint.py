"""The first paint needs PySide6 and the plain catalog only.

The window's shell (menus, toolbar, navigation, search, the first category's rows,
stand-ins for the previews and the diagnostics list) paints first; the document
(profile, rules, previews, diagnostics, files, docks, compare, apply, import
review, inspector, Why) is built right after, in the same places. These tests
start the real app path and check what is loaded at the first paint, that every
part built later appears and works, and that nothing moves when it arrives.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from app_process import run_app_probe
from PySide6.QtCore import QByteArray, QEvent, QObject, QPoint, QRect, QSize
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDockWidget,
    QListWidget,
    QTabWidget,
    QWidget,
)

from ascend_studio.profile import Profile, load_profile, save_profile, target_of
from ascend_studio.schema import CatalogError
from ascend_studio.ui import _app, create_window
from ascend_studio.ui._actions import ICONS
from ascend_studio.ui._diaglist import DiagnosticsList
from ascend_studio.ui._i18n import tr
from ascend_studio.ui._places import DEFAULT_SIZE, first_geometry, fit_to_items, main_sizes
from ascend_studio.ui._previews import PreviewPane
from ascend_studio.ui._settings import Settings
from ascend_studio.ui._shell import DOCKS
from ascend_studio.ui._snapshot import DEFAULT_TARGET
from ascend_studio.ui._window import MainWindow

pytestmark = pytest.mark.slow


def _at_first_paint(report: str) -> str:
    """A probe that starts the app as ``ascend-studio`` does and, at the window's first
    paint, prints ``report`` (a Python expression over ``window``) as JSON, then exits."""
    return f"""
import json, os, sys
from ascend_studio.ui._app import start_app
from PySide6.QtCore import QEvent, QObject
class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            print(json.dumps({report}), flush=True)
            os._exit(0)
        return False
app, window = start_app([])
spy = FirstPaint()
window.installEventFilter(spy)
app.exec()
"""


#: The PySide6 modules whose classes the first paint's probe lists.
QT_MODULES = ("PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets")
#: Starts the app as ``ascend-studio`` does and reports at its first paint the modules
#: loaded, the rows built and the PySide6 classes created (PySide6 makes a class, and
#: every Python enum class of it, the first time it is fetched from its module).
_QT_CLASSES = f"{{m: [k for k, v in vars(sys.modules[m]).items() if isinstance(v, type)] for m in {QT_MODULES!r}}}"
#: The catalog fields a start from the cache leaves unbuilt (``schema/_catalog.py``).
_UNBUILT = "sorted(k for k, v in vars(window.catalog).items() if type(v).__name__ == 'Later')"
PROBE = _at_first_paint(
    '{"modules": list(sys.modules), "rows": len(window.form.rows), "qt": '
    + _QT_CLASSES
    + ', "unbuilt": '
    + _UNBUILT
    + "}"
)

#: Modules the first paint must not wait for (pydantic above all).
LATER = (
    "pydantic",
    "pydantic_core",
    "ascend_studio.profile",
    "ascend_studio.rules",
    "ascend_studio.codegen",
    "ascend_studio.paths",
    "ascend_studio.companion",
    "ascend_studio.ui._model",
    "ascend_studio.ui._files",
    "ascend_studio.ui._autosave",
    "ascend_studio.ui._dialogs",
    "ascend_studio.ui._previews",
    "ascend_studio.ui._highlight",
    "ascend_studio.ui._diaglist",
    "ascend_studio.ui._env",  # the environment table, below every section: made on first use
    # TF Adapter 2.x's surface: when a profile or the surface box names it; the catalog's
    # release targets, value and syntax checks, surfaces, cited texts and validity
    # facts: with the rules
    "ascend_studio.schema._tf2",
    "ascend_studio.schema._tf2view",
    "ascend_studio.schema._target",
    "ascend_studio.schema._values",
    "ascend_studio.schema._surfaces",
    "ascend_studio.schema._cited",
    "ascend_studio.schema._facts",
    "ascend_studio.schema._formats",
    # the edits and the document's build: with the document
    "ascend_studio.ui._edits",
    "ascend_studio.ui._deferred",
    "ascend_studio.ui.companion",
    "ascend_studio.ui.apply",
    "ascend_studio.ui.compare",
    "ascend_studio.ui.import_review",
    "ascend_studio.ui.inspector",
    "ascend_studio.ui.why",
    # the standard library's html (its entity table; the rows escape with ui/_texts.py)
    # and ctypes (the display check loads it only for an X11 session)
    "html",
    "html.entities",
    "ctypes",
)


def _first_paint(tmp_path: Path, lang: str) -> dict[str, Any]:
    found: dict[str, Any] = run_app_probe(PROBE, tmp_path, lang=lang)
    return found


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_first_paint_loads_no_pydantic_and_no_core_logic(tmp_path: Path, lang: str) -> None:
    _first_paint(tmp_path, lang)  # the first start parses the catalog and fills its cache
    found = _first_paint(tmp_path, lang)
    modules = set(found["modules"])
    early = [name for name in LATER if name in modules]
    assert not early, f"loaded before the first paint: {early}"
    assert 0 < found["rows"] < 40  # the first category's rows, not the whole form
    # the validity facts and the 2.x surface: built from the cache when first read
    assert found["unbuilt"] == [f"_{n}_value" for n in ("keys", "keywords", "tf2", "value_lists")]


#: Starts the app on a TF Adapter 2.x profile, as ``ascend-studio FILE`` does: whether
#: the 2.x modules were loaded at the first paint, and what the form shows once the
#: file is open against what the catalog files say it should show.
TF2_PROBE = """
import json, os, sys
from ascend_studio.ui._app import start_app
from PySide6.QtCore import QEvent, QObject, QTimer
seen = {}
class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and "painted" not in seen:
            seen["painted"] = [m for m in sys.modules if m.startswith("ascend_studio.schema._tf2")]
        return False
app, window = start_app([os.environ["TF2_PROFILE"]])
spy = FirstPaint()
window.installEventFilter(spy)
def opened():
    from ascend_studio.schema import load_catalog, tf2_catalog
    expected = tf2_catalog(load_catalog())  # from the files, with pydantic
    seen["surface"] = [window.model.profile.surface, window.controls.surface.currentData()]
    seen["same"] = window.form.catalog.params == expected.params
    seen["options"] = len(window.catalog.tf2.options)
    print(json.dumps(seen), flush=True)
    os._exit(0)
window.after_start(lambda: QTimer.singleShot(0, opened))
app.exec()
"""


def test_a_2x_profile_opened_gets_the_2x_surface_the_first_paint_did_without(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    profile = tmp_path / "tf2.json"
    save_profile(Profile(surface="tf2", values={"iterations_per_loop": 5}), profile)
    monkeypatch.setenv("TF2_PROFILE", str(profile))
    run_app_probe(TF2_PROBE, tmp_path)  # the first start fills the catalog cache
    found = run_app_probe(TF2_PROBE, tmp_path)
    assert found["painted"] == []
    assert found["surface"] == ["tf2", "tf2"]
    assert found["same"] is True  # the form shows exactly the 2.x view of the files
    assert found["options"] > 50


#: PySide6 classes the first paint does without, though their enum classes are costly to
#: create: the ``Qt`` namespace's 93 (~11 ms; ``ui/_qtnames.py``), QStyle's eleven (~15 ms), QIcon's and QPixmap's (~4 ms; the toolbar's
#: standard icons come right after the paint), QKeySequence's (~4 ms with the actions'
#: shortcuts, set with the icons), QImage's
#: and QGradient's (~4 ms; ``QBrush(QColor)`` made them to choose a constructor), the
#: editors' dialogs' (~5 ms), QMetaMethod's (``QTimer.singleShot(ms, receiver, slot)``
#: made them), the message boxes', the file dialogs' and the text documents', the
#: environment table's (made when the document first fills it, right after the paint),
#: and every QWidget class, QCalendarWidget among them, that PySide6 creates when Python
#: first receives a plain QWidget made by Qt (the form's viewport was one: 6-10 ms).
NOT_AT_FIRST_PAINT = {
    "PySide6.QtCore": ("Qt", "QMetaMethod"),
    "PySide6.QtGui": (
        "QKeySequence",
        "QIcon",
        "QPixmap",
        "QGradient",
        "QImage",
        "QTextDocument",
        "QTextCharFormat",
    ),
    "PySide6.QtWidgets": (
        "QStyle",
        "QCommonStyle",
        "QDialog",
        "QDialogButtonBox",
        "QFormLayout",
        "QPlainTextEdit",
        "QMessageBox",
        "QFileDialog",
        "QTableWidget",
        "QHeaderView",
        "QCalendarWidget",
    ),
}

#: Whether this PySide6 creates a module's classes when first fetched (its default).
LAZY_PROBE = "import PySide6.QtWidgets as w; print('QCalendarWidget' not in vars(w))"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_first_paint_creates_no_costly_qt_classes_it_does_without(
    tmp_path: Path, lang: str
) -> None:
    _first_paint(tmp_path, lang)  # the first start fills the catalog cache
    created = {module: set(names) for module, names in _first_paint(tmp_path, lang)["qt"].items()}
    lazy = subprocess.run(
        [sys.executable, "-c", LAZY_PROBE], capture_output=True, text=True, check=True
    )
    if lazy.stdout.strip() != "True":
        pytest.skip("this PySide6 creates its classes at import: nothing to save")
    assert "QMainWindow" in created["PySide6.QtWidgets"]  # the probe sees what is made
    early = {m: sorted(created[m] & set(names)) for m, names in NOT_AT_FIRST_PAINT.items()}
    assert early == {m: [] for m in NOT_AT_FIRST_PAINT}


#: Starts the app as ``ascend-studio`` does and reports, once the first frame is painted
#: (every widget's paint event, the window's first), whether ``Qt`` was made by then.
FRAME_PROBE = """
import json, os, sys
from ascend_studio.ui._app import start_app
from PySide6.QtCore import QEvent, QObject, QTimer
class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and not seen:
            seen.append(True)
            QTimer.singleShot(0, report)  # the frame's other widgets are painted first
        return False
def report():
    print(json.dumps({"qt": "Qt" in vars(sys.modules["PySide6.QtCore"])}), flush=True)
    os._exit(0)
seen = []
app, window = start_app([])
spy = FirstPaint()
window.installEventFilter(spy)
app.exec()
"""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_first_frame_is_painted_without_qts_enums(tmp_path: Path, lang: str) -> None:
    """The window's own paint event comes first in its frame: the rows, their tags and
    the navigation paint after it, and the frame is shown when they are done. Painted
    in Python with ``QPainter.fillRect`` and ``setPen``, the tags made ``Qt`` there
    (ui/_qtnames.py). (A screen too narrow for the navigation's names, which it then
    shortens, makes it: Qt's elision takes a ``Qt`` enum.)"""
    screens = {"screens": [{"name": "s", "x": 0, "y": 0, "width": 1280, "height": 800}]}
    config = tmp_path / "screen.json"
    config.write_text(json.dumps(screens))
    platform = f"offscreen:configfile={config}"
    run_app_probe(FRAME_PROBE, tmp_path, lang=lang, platform=platform)  # fills the caches
    assert run_app_probe(FRAME_PROBE, tmp_path, lang=lang, platform=platform) == {"qt": False}


#: Runs ``ascend-studio`` (its entry point) and reports whether the garbage collector
#: runs while the window first paints (this filter is called before the window's own)
#: and in the next turn, and how many objects it then leaves alone.
COLLECTOR_PROBE = """
import gc, json, os
from ascend_studio import __main__ as entry
from ascend_studio.ui import _app
from PySide6.QtCore import QEvent, QObject, QTimer
seen = {}
class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and "painting" not in seen:
            seen["painting"] = gc.isenabled()
            QTimer.singleShot(0, report)
        return False
def report():
    seen["after"] = gc.isenabled()
    seen["frozen"] = gc.get_freeze_count()
    print(json.dumps(seen), flush=True)
    os._exit(0)
spies = []
start = _app.start_app
def start_app(argv, lang=None):
    app, window = start(argv, lang)
    spies.append(FirstPaint())
    window.installEventFilter(spies[0])
    return app, window
_app.start_app = start_app
entry.main([])
"""


def test_the_garbage_collector_waits_for_the_first_paint(tmp_path: Path) -> None:
    found = run_app_probe(COLLECTOR_PROBE, tmp_path, lang="en")
    assert found["painting"] is False
    assert found["after"] is True
    assert found["frozen"] > 10_000  # the start's modules and catalog: not scanned again


def test_the_toolbar_gets_the_styles_icons_right_after_the_first_paint(qtbot: Any) -> None:
    window, spy = _progressive(qtbot)
    assert spy.layout is not None and spy.built_then is False
    _assert_the_styles_icons(window)


def test_the_hide_unavailable_button_keeps_its_label(window: MainWindow) -> None:
    """The search bar's button follows its action (checked state, tooltip): every
    change of the action, a toggle included, used to set the menu's long text on it."""
    button, action = window.controls.hide_unavailable, window.actions_.hide_unavailable
    width = button.sizeHint().width()
    for _ in range(2):
        action.toggle()
        assert (button.text(), button.isChecked()) == ("Hide unavailable", action.isChecked())
        assert button.sizeHint().width() == width
    window.set_language("zh")
    assert button.text() == tr("Hide unavailable") != "Hide unavailable"
    assert action.text() == tr("&Hide Unavailable Parameters")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_environment_table_arrives_with_the_document(qtbot: Any, lang: str) -> None:
    """Made on first use (it sits below every section): the document fills it right
    after the paint, in its own section, in the window's language, and it works."""
    window, _ = _progressive(qtbot, lang)
    table = window.form.findChild(QWidget, "env")
    assert table is window.form.env and table.parent() is window.form.env_section
    assert table.isVisibleTo(window) and table.add_button.text() == tr("Add variable")
    window.form.env.add_variable("ASCEND_WORK_PATH", "/data/工作")
    qtbot.waitUntil(lambda: window.model.profile.env.get("ASCEND_WORK_PATH") == "/data/工作")
    window.form.ensureWidgetVisible(table)
    assert table.visibleRegion().boundingRect().height() > 0


def test_a_window_that_never_paints_is_built_after_a_second(qtbot: Any) -> None:
    window = create_window(Settings(), "en", progressive=True)
    qtbot.addWidget(window, before_close_func=_forget)
    window.removeEventFilter(window)  # as if no paint came (e.g. a minimized window)
    window.show()
    qtbot.waitUntil(window.is_built, timeout=10000)
    _assert_the_styles_icons(window)


def test_a_window_built_at_once_has_the_toolbar_icons(window: MainWindow) -> None:
    _assert_the_styles_icons(window)


def _assert_the_styles_icons(window: MainWindow) -> None:
    from PySide6.QtWidgets import QStyle

    style = window.style()
    for name, pixmap in ICONS.items():
        action = getattr(window.actions_, name)
        expected = style.standardIcon(getattr(QStyle.StandardPixmap, pixmap)).pixmap(16)
        assert action.icon().pixmap(16).toImage() == expected.toImage(), name
        button = window.controls.toolbar.widgetForAction(action)
        assert button is not None and button.icon().cacheKey() == action.icon().cacheKey()
        assert action.text() and action.toolTip().startswith(action.text().replace("&", "")[:3])


def test_the_shell_does_without_shortcuts_and_icon_action_texts(qtbot: Any) -> None:
    """A tool button with a text and no icon shows the text (wider): the shell's five
    toolbar actions have neither, and the actions get their keys and tooltips with
    the icons, right after the first paint (ui/_actions.py)."""
    window = create_window(Settings(), "en", progressive=True)
    qtbot.addWidget(window, before_close_func=_forget)
    for name in ICONS:
        action = getattr(window.actions_, name)
        assert action.text() == "" and action.icon().isNull(), name
    assert not [a.objectName() for a in window.actions_.menus["file"].actions() if a.shortcuts()]
    window.show()
    qtbot.waitUntil(window.is_built, timeout=10000)
    assert window.actions_.new.text() == "&New"
    assert window.actions_.save.toolTip() == "Save (Ctrl+S)"
    assert window.actions_.redo.toolTip() == "Redo (Ctrl+Shift+Z)"
    assert [k.toString() for k in window.actions_.redo.shortcuts()] == ["Ctrl+Shift+Z", "Ctrl+Y"]
    assert window.actions_.export.shortcut().toString() == "Ctrl+E"


# -- the parts built after the first paint ------------------------------------------------------


def _forget(window: MainWindow) -> None:
    clean = Profile()
    window.model.replace(clean, None, saved=clean)
    window.files.autosave.discard()


class _PaintSpy(QObject):
    """Records the window's layout at its first paint."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.layout: dict[str, object] | None = None
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and self.layout is None:
            self.layout = _layout(self.window)
            self.built_then = self.window.is_built()
        return False


def _layout(window: MainWindow) -> dict[str, object]:
    """Where everything the first paint shows is: the window, its bars, splitters,
    side views and open docks, every widget of the toolbar, the navigation and the
    search bar, and every widget in each form row shown (each combo box included),
    in window coordinates."""

    def place(widget: QWidget) -> QRect:
        return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())

    found: dict[str, object] = {
        "window": window.geometry(),
        "main": tuple(window.main.sizes()),
        "side": tuple(window.side.sizes()),
        "form": place(window.form),
        "form viewport": place(window.form.viewport()),
        "menu bar": place(window.menuBar()),
        "status bar": place(window.statusBar()),
    }
    found.update({f"side {n}": place(window.side.widget(n)) for n in range(window.side.count())})
    docks = [d for d in window.findChildren(QDockWidget) if d.isVisible()]
    found.update({dock.objectName(): place(dock) for dock in docks})
    for bar in (window.controls.toolbar, window.nav, window.controls.search_bar):
        for n, part in enumerate([bar, *bar.findChildren(QWidget)]):
            if part.isVisible():
                found[f"{bar.objectName()} {n} {type(part).__name__}"] = place(part)
    for key, section in window.form.sections.items():
        if section.visibleRegion().boundingRect().height() > 0:  # in view
            found[f"section {key}"] = place(section.header)
    for path, row in window.form.rows.items():
        if row.isVisible():
            found[path] = place(row)
            for n, part in enumerate(row.findChildren(QWidget)):
                if part.isVisible():
                    found[f"{path} {n} {type(part).__name__} {part.objectName()}"] = place(part)
    return found


def _moved(before: dict[str, object], after: dict[str, object]) -> dict[str, object]:
    """What the first paint showed that is elsewhere now (by more than 1 px) or gone."""

    def same(a: object, b: object) -> bool:
        if isinstance(a, QRect) and isinstance(b, QRect):
            edges = (a.left() - b.left(), a.top() - b.top(), a.right() - b.right())
            return max(abs(d) for d in (*edges, a.bottom() - b.bottom())) <= 1
        if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b):
            return all(abs(x - y) <= 1 for x, y in zip(a, b, strict=True))
        return a == b

    return {k: (v, after.get(k)) for k, v in before.items() if not same(v, after.get(k))}


def _progressive(
    qtbot: Any, lang: str = "en", size: tuple[int, int] | None = None
) -> tuple[MainWindow, _PaintSpy]:
    window = create_window(Settings(), lang, progressive=True)  # type: ignore[arg-type]
    qtbot.addWidget(window, before_close_func=_forget)
    if size is not None:
        window.resize(*size)
    spy = _PaintSpy(window)
    assert not window.is_built()
    window.show()
    qtbot.waitUntil(window.is_built, timeout=10000)
    qtbot.waitUntil(window.form.is_settled, timeout=10000)
    for _ in range(3):
        QApplication.processEvents()
    return window, spy


def _leave_open(qtbot: Any, name: str, lang: str = "en") -> None:
    """A window closed with the dock ``name`` open: the next start reopens it."""
    first, _ = _progressive(qtbot, lang)
    dock = first.findChild(QDockWidget, f"dock:{name}")
    assert dock is not None
    dock.toggleViewAction().trigger()
    for _ in range(3):
        QApplication.processEvents()
    first.save_layout()
    first.close()
    Settings().set_blob("geometry", QByteArray())  # the size comes from the test


#: A 1280x800 screen, a large one and a small one (the offscreen screen is 800 wide: a
#: window needing more, as the English one does, is as wide as it needs).
SIZES = [(1280, 800), (1920, 1080), (800, 600)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_nothing_moves_when_the_document_arrives(
    qtbot: Any, lang: str, size: tuple[int, int]
) -> None:
    window, spy = _progressive(qtbot, lang, size)
    assert spy.layout is not None and spy.built_then is False  # painted as the shell
    assert len([k for k in spy.layout if k.endswith(":combo")]) >= 2
    assert _moved(spy.layout, _layout(window)) == {}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_nothing_moves_with_a_dock_left_open(qtbot: Any, lang: str, size: tuple[int, int]) -> None:
    _leave_open(qtbot, "why", lang)
    window, spy = _progressive(qtbot, lang, size)
    assert spy.layout is not None and "dock:why" in spy.layout
    assert _moved(spy.layout, _layout(window)) == {}


def test_a_remembered_layout_is_in_place_at_the_first_paint(qtbot: Any) -> None:
    first, _ = _progressive(qtbot)
    first.main.setSizes([300, 700, 500])
    first.side.setSizes([300, 500])
    first.save_layout()
    wanted = (tuple(first.main.sizes()), tuple(first.side.sizes()))
    first.close()
    # the default size: the offscreen screen is 800 wide, a restored geometry is cut to it
    Settings().set_blob("geometry", QByteArray())
    window, spy = _progressive(qtbot)
    assert spy.layout is not None
    assert (spy.layout["main"], spy.layout["side"]) == wanted
    assert (tuple(window.main.sizes()), tuple(window.side.sizes())) == wanted


@pytest.mark.parametrize("name", DOCKS)
def test_a_dock_left_open_has_its_place_at_the_first_paint(qtbot: Any, name: str) -> None:
    _leave_open(qtbot, name)
    window = create_window(Settings(), "en", progressive=True)
    qtbot.addWidget(window, before_close_func=_forget)
    reserved = window.findChild(QDockWidget, f"dock:{name}")
    assert reserved is not None
    title = reserved.windowTitle()  # its title from the first paint on
    spy = _PaintSpy(window)
    window.show()
    qtbot.waitUntil(window.is_built, timeout=10000)
    qtbot.waitUntil(window.form.is_settled, timeout=10000)
    for _ in range(3):
        QApplication.processEvents()
    reopened = window.findChild(QDockWidget, f"dock:{name}")
    assert reopened is reserved and reopened.isVisible() and reopened.windowTitle() == title
    assert spy.layout is not None
    # the form did not narrow, nor the dock widen, when the view arrived
    assert _moved(spy.layout, _layout(window)) == {}
    assert reopened.widget() is getattr(window, VIEWS[name])


#: The window attribute of each dock's view.
VIEWS = {
    "inspector": "inspector",
    "why": "why_panel",
    "compare": "compare",
    "machine": "machine_view",
}


def _least(widget: QWidget) -> QSize:
    """The size a layout or splitter will not make ``widget`` smaller than."""
    hint = widget.minimumSizeHint()
    return QSize(widget.minimumWidth() or hint.width(), widget.minimumHeight() or hint.height())


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_stand_in_has_the_minimum_size_of_the_view_it_holds_a_place_for(
    qtbot: Any, lang: str
) -> None:
    _leave_open(qtbot, "why", lang)  # the docks' places are held too
    window = create_window(Settings(), lang, progressive=True)  # type: ignore[arg-type]
    qtbot.addWidget(window, before_close_func=_forget)
    docks = [window.findChild(QDockWidget, f"dock:{name}") for name in DOCKS]
    stand_ins = [window.side.widget(0), window.side.widget(1)]
    stand_ins += [dock.widget() for dock in docks if dock is not None]
    window.show()  # polished and shown, not painted yet: the document is not there
    assert not window.is_built() and len(stand_ins) == 2 + len(DOCKS)
    held = [(_least(w), w.sizePolicy()) for w in stand_ins]
    qtbot.waitUntil(window.is_built, timeout=10000)
    side_views: list[QWidget] = [window.previews, window.diagnostics]
    views = side_views + [getattr(window, VIEWS[name]) for name in DOCKS]
    assert [_least(w) for w in views] == [size for size, _ in held]
    assert [w.sizePolicy() for w in side_views] == [policy for _, policy in held[:2]]
    for view in side_views:  # the held minimum cuts nothing off the real view
        needs = view.minimumSizeHint()
        assert needs.width() <= view.minimumWidth() and needs.height() <= view.minimumHeight()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_form_holds_its_widest_row_from_the_first_paint(qtbot: Any, lang: str) -> None:
    """Rows built after the first paint (a longer code name, more tags) are no wider
    than the form held from the start, for any target and in either language."""
    window = create_window(Settings(), lang, progressive=True)  # type: ignore[arg-type]
    qtbot.addWidget(window, before_close_func=_forget)
    window.show()
    qtbot.waitUntil(window.is_built, timeout=10000)
    margins = window.form.body.layout().contentsMargins()  # type: ignore[union-attr]
    held = window.form.body.minimumSizeHint().width() - margins.left() - margins.right()
    window.form.build_all()

    def widest() -> int:
        """The widest row as the form is scrolled through (out of view, the rows of a
        parked section are not laid out: ui/_band.py)."""
        QApplication.processEvents()
        bar, found = window.form.verticalScrollBar(), 0
        for value in range(0, bar.maximum() + bar.pageStep(), bar.pageStep()):
            bar.setValue(value)
            rows = [r for r in window.form.rows.values() if r.isVisible()]
            found = max([found, *(row.minimumSizeHint().width() for row in rows)])
        bar.setValue(0)
        return found

    assert held - 60 < widest() <= held  # at most a little more than needed
    window.model.edit(Profile(product="atlas_300i_duo"), "target")  # tags on many rows
    assert widest() <= held
    window.set_language("zh" if lang == "en" else "en")
    assert widest() <= window.form._strut.sizeHint().width()  # held anew for the language


def test_the_docks_the_shell_reserves_are_the_docks_made(qtbot: Any) -> None:
    window, _ = _progressive(qtbot)  # no remembered layout: the installers made them
    names = [d.objectName() for d in window.findChildren(QDockWidget)]
    assert names == [f"dock:{name}" for name in DOCKS]


def test_the_stand_ins_give_way_to_the_previews_and_the_diagnostics(qtbot: Any) -> None:
    window, _ = _progressive(qtbot)
    assert window.side.widget(0) is window.previews
    assert window.side.widget(1) is window.diagnostics
    assert isinstance(window.previews, PreviewPane)
    assert isinstance(window.diagnostics, DiagnosticsList)
    assert not [w for w in window.side.findChildren(QTabWidget) if type(w) is QTabWidget]
    assert not [w for w in window.side.findChildren(QListWidget) if type(w) is QListWidget]
    assert "NPURunConfig" in window.previews.text("py")
    window.model.edit(Profile().with_value("enable_exception_dump", 1), "edit")
    assert "enable_exception_dump=1" in window.previews.text("py")
    window.model.edit(Profile(product="atlas_300i_duo").with_value("hccl_timeout", 600), "edit")
    assert window.diagnostics.count() > 0  # at least the training-on-inference warning
    window.diagnostics.param_activated.emit(window.diagnostics.target(0))


def test_file_actions_work_after_the_deferred_build(
    qtbot: Any, dialogs: Any, tmp_path: Path
) -> None:
    window, _ = _progressive(qtbot)
    given = tmp_path / "given.ascend.json"
    save_profile(Profile().with_value("hccl_timeout", 900), given)
    dialogs.answer("ask_open_path", given)
    window.actions_.open.trigger()
    assert window.model.path == given
    window.form.ensure_built(["hccl_timeout"])  # out of view: built as it comes near
    assert window.form.rows["hccl_timeout"].editor.value() == 900
    target = tmp_path / "copy.ascend.json"
    dialogs.answer("ask_save_path", target)
    window.actions_.save_as.trigger()
    assert load_profile(target).values == {"hccl_timeout": 900}
    assert window.windowTitle().startswith("copy.ascend.json")
    window.actions_.undo.trigger()  # nothing to undo: no error
    assert window.actions_.menus["file"].actions()


def test_docks_and_part2_features_are_installed_and_work(qtbot: Any) -> None:
    window, _ = _progressive(qtbot)
    view_menu = window.actions_.menus["view"]
    for name in ("inspector", "why", "compare"):
        dock = window.findChild(QDockWidget, f"dock:{name}")
        assert dock is not None and dock.toggleViewAction() in view_menu.actions()
    profile = Profile(env={"ASCEND_WORK_PATH": "/data/work"}).with_value("hccl_timeout", 600)
    window.model.edit(profile, "edit")
    window.why_panel.set_parameter("hccl_timeout")
    assert "hccl_timeout" in window.why_panel.text()
    window.inspector.refresh()
    assert window.inspector.chains.model().rowCount() > 0
    window.compare.refresh()
    assert window.compare.differences  # the saved (empty) profile vs this one
    assert window.applier.apply_script in window.findChildren(type(window.applier.apply_script))
    assert window.drops is not None


#: Starts the app as ``ascend-studio`` does and reports the modules once its start is done
#: (the rows near the view built).
BUILT_PROBE = """
import json, sys
from ascend_studio.ui._app import start_app
app, window = start_app([])
def built():
    docks = {name: window.docked.is_built(name) for name in ("inspector", "why", "compare")}
    print(json.dumps({"modules": list(sys.modules), "docks": docks}))
    sys.stdout.flush()
    import os
    os._exit(0)
window.form.settled.connect(built)
app.exec()
"""

#: What only the docked views, the import review and the dialogs need: not loaded by
#: the start.
ON_FIRST_USE = (
    "ascend_studio.ui._dialogs",
    "ascend_studio.ui.companion._export",
    "ascend_studio.ui.inspector",
    "ascend_studio.ui.why",
    "ascend_studio.ui.compare",
    "ascend_studio.ui.import_review._flow",
    "ascend_studio.ui.import_review._dialog",
    "ascend_studio.codegen._import_py",
    "ascend_studio.codegen._import_sh",
    "ascend_studio.paths._artifacts",
)


def test_the_docked_views_are_not_built_by_the_start(tmp_path: Path) -> None:
    """The inspector, Why and Compare (and the path engine and importers they load)
    wait for first use: every row is built without them."""
    found = run_app_probe(BUILT_PROBE, tmp_path)
    assert found["docks"] == {"inspector": False, "why": False, "compare": False}
    loaded = [name for name in ON_FIRST_USE if name in set(found["modules"])]
    assert not loaded, f"loaded by the start: {loaded}"


def _open_dock(window: MainWindow, name: str) -> QDockWidget:
    dock = window.findChild(QDockWidget, f"dock:{name}")
    assert dock is not None and dock.isHidden()  # a shell: empty, or a plain stand-in
    assert dock.widget() is None or type(dock.widget()) is QWidget
    assert not window.docked.is_built(name)
    dock.toggleViewAction().trigger()  # View > its title
    for _ in range(3):
        QApplication.processEvents()
    assert window.docked.is_built(name) and dock.isVisible()
    return dock


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_docked_view_appears_and_works_when_first_opened(qtbot: Any, lang: str) -> None:
    window, _ = _progressive(qtbot, lang)
    profile = Profile(env={"ASCEND_WORK_PATH": "/data/work"}).with_value("hccl_timeout", 600)
    window.model.edit(profile, "edit")  # before any view exists: each starts from it
    english = {
        "inspector": "Output paths",
        "why": "Why",
        "compare": "Compare",
        "machine": "This machine",
    }
    for name in DOCKS:
        dock = window.findChild(QDockWidget, f"dock:{name}")
        assert (
            dock is not None and dock.toggleViewAction() in window.actions_.menus["view"].actions()
        )
        assert dock.windowTitle() == dock.toggleViewAction().text()
        assert (dock.windowTitle() == english[name]) == (lang == "en")
    inspector = _open_dock(window, "inspector")
    assert inspector.widget() is window.inspector
    assert window.inspector.chains.model().rowCount() > 0
    assert window.inspector.model.lang == lang
    why = _open_dock(window, "why")
    assert why.widget() is window.why_panel
    window.why_panel.set_parameter("hccl_timeout")
    assert "hccl_timeout" in window.why_panel.text()
    compare = _open_dock(window, "compare")
    assert compare.widget() is window.compare
    assert window.compare.differences  # the saved (empty) profile vs this one
    window.model.edit(profile.with_value("hccl_timeout", 900), "edit")  # wired: they follow
    assert window.inspector.profile == window.model.profile
    assert window.compare.differences[0].key == "hccl_timeout"
    machine = _open_dock(window, "machine")
    assert machine.widget() is window.machine_view
    assert window.machine_view.read_button.text() == (
        "Read this machine" if lang == "en" else "读取本机"
    )


def test_why_opens_on_the_field_the_user_was_on(qtbot: Any) -> None:
    window, _ = _progressive(qtbot)
    window.reveal("precision_mode")  # focuses its editor, before the panel exists
    assert window.docked.last_parameter == "precision_mode"
    window.diagnostics.param_activated.emit("hccl_timeout")  # a diagnostic followed
    _open_dock(window, "why")
    assert window.why_panel.path == "hccl_timeout"
    window.reveal("precision_mode")  # from now on the panel follows by itself
    qtbot.waitUntil(lambda: window.why_panel.path == "precision_mode")
    qtbot.waitUntil(lambda: not window.form.rows["precision_mode"].property("flash"), timeout=5000)


@pytest.mark.parametrize("name", DOCKS)
def test_a_dock_opened_the_first_time_looks_as_if_it_had_been_built(qtbot: Any, name: str) -> None:
    """Built on first use, a view takes the place and size it took built up front."""

    def opened(build_first: bool) -> tuple[object, ...]:
        window, _ = _progressive(qtbot)
        if build_first:
            window.docked.view(name)
        dock = window.findChild(QDockWidget, f"dock:{name}")
        assert dock is not None
        dock.toggleViewAction().trigger()
        for _ in range(3):
            QApplication.processEvents()
        rows = window.form.rows

        def in_view(key: str) -> bool:  # rows out of view exist or not as the view went
            row = rows.get(key.split(maxsplit=1)[0])
            return row is None or not row.visibleRegion().isEmpty()

        # kept open: closing saves its layout
        return (dock.geometry(), *(key for key in _layout(window) if in_view(key)))

    assert opened(build_first=False) == opened(build_first=True)


def test_the_document_renders_the_shown_preview_once_and_the_others_when_wanted(
    qtbot: Any,
) -> None:
    """The language pass and the first refresh each rendered every format at the start;
    then every edit rendered every format again. Now the shown tab is rendered, the
    others when they are shown or read, once per change."""
    from collections import Counter

    window = create_window(Settings(), "en", progressive=True)
    qtbot.addWidget(window, before_close_func=_forget)
    exported: Counter[str] = Counter()
    original = window.engine.export

    def counting(profile: Any, fmt: str, *args: Any, **kwargs: Any) -> str:
        exported[fmt] += 1
        return original(profile, fmt, *args, **kwargs)

    window.engine.export = counting  # type: ignore[method-assign]
    window.show()
    qtbot.waitUntil(window.is_built, timeout=10000)
    previews = window.previews
    shown = previews.currentWidget().fmt  # type: ignore[attr-defined]
    assert dict(exported) == {shown: 1}
    assert "NPURunConfig" in previews.text("py")  # reading a tab renders it if it is stale
    other = next(fmt for fmt in previews.tabs if fmt not in (shown, "py"))
    previews.show_format(other)  # showing one too
    assert exported[other] == 1 and exported["py"] == 1 and exported[shown] == 1
    assert previews.tabs[other].text.toPlainText() == previews.text(other)
    assert exported[other] == 1  # read again, unchanged: not rendered again
    window.set_language("zh")  # a language change renders the shown tab again
    assert exported[other] == 2 and exported["py"] == 1
    assert "NPURunConfig" in previews.text("py") and exported["py"] == 2
    window.model.edit(window.model.profile.with_value("hccl_timeout", 600), "edit")
    assert exported[other] == 3 and exported["py"] == 2  # an edit: the shown tab only
    assert "hccl_timeout=600" in previews.text("py")


def test_typing_a_search_before_the_document_filters_once_it_exists(qtbot: Any) -> None:
    window = create_window(Settings(), "en", progressive=True)
    qtbot.addWidget(window, before_close_func=_forget)
    window.controls.search.setText("hccl_timeout")  # before the first paint
    window.show()
    qtbot.waitUntil(window.is_built, timeout=10000)
    assert window.form.match is not None and "hccl_timeout" in window.form.match


def test_after_start_runs_once_the_document_exists(qtbot: Any) -> None:
    window = create_window(Settings(), "en", progressive=True)
    qtbot.addWidget(window, before_close_func=_forget)
    seen: list[bool] = []
    window.after_start(lambda: seen.append(window.is_built()))
    assert seen == []
    window.show()
    qtbot.waitUntil(lambda: seen == [True], timeout=10000)
    window.after_start(lambda: seen.append(True))  # built: runs at once
    assert seen == [True, True]


def test_the_shell_shows_a_new_profile_target() -> None:
    target = target_of(Profile())
    assert (target.product, target.scenario) == DEFAULT_TARGET


def test_a_broken_shipped_catalog_is_shown_and_quits(
    qtbot: Any, dialogs: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ascend_studio.schema

    def broken() -> None:
        raise CatalogError("parameters.toml: hccl_timeout: default 'x' is not an int")

    monkeypatch.setattr(ascend_studio.schema, "verify_shipped_catalog", broken)
    window = create_window(Settings(), "en", progressive=False)
    qtbot.addWidget(window, before_close_func=_forget)
    dialogs.answer("show_error", None)
    assert _app.check_catalog(window) is False
    ((_, title, text),) = dialogs.called("show_error")
    assert "hccl_timeout" in text and title


def test_the_background_check_reports_on_the_gui_thread(
    qtbot: Any, dialogs: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    import ascend_studio.schema

    threads: list[threading.Thread] = []

    def broken() -> None:
        threads.append(threading.current_thread())
        raise CatalogError("parameters.toml: hccl_timeout: default 'x' is not an int")

    monkeypatch.setattr(ascend_studio.schema, "verify_shipped_catalog", broken)
    window = create_window(Settings(), "en", progressive=False)
    qtbot.addWidget(window, before_close_func=_forget)
    dialogs.answer("show_error", None)
    quits: list[bool] = []
    worker = _app.CatalogCheck(window, lambda: quits.append(True)).start()
    qtbot.waitUntil(lambda: quits == [True], timeout=10000)
    worker.join()
    assert threads == [worker]  # verified off the GUI thread
    ((_, _title, text),) = dialogs.called("show_error")  # shown on it
    assert "hccl_timeout" in text


def test_the_catalog_is_verified_once_the_rows_near_the_view_are_built(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its thread would hold the GIL (PySide6 keeps it while Qt works) during the build."""
    seen: list[bool] = []

    def start(check: Any) -> None:
        form = check.window.form
        seen.append(form.is_settled() and form._near() == [])

    monkeypatch.setattr(_app.CatalogCheck, "start", start)
    _, window = _app.start_app([])
    qtbot.addWidget(window, before_close_func=_forget)
    qtbot.waitUntil(window.is_built, timeout=10000)
    assert not window.form.is_settled() and seen == []
    qtbot.waitUntil(lambda: seen == [True], timeout=20000)
    assert not window.form.is_fully_built()


def test_the_shipped_catalog_passes_the_check(qtbot: Any) -> None:
    window = create_window(Settings(), "en", progressive=False)
    qtbot.addWidget(window, before_close_func=_forget)
    assert _app.check_catalog(window) is True


# -- the Chinese start: the translation table is parsed once per version of the .ts ------------


def test_the_parsed_translations_are_kept_for_the_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ascend_studio.ui import _i18n

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    ts = _i18n.translation_files()[0]
    _i18n._ts_table.cache_clear()
    parsed = dict(_i18n._ts_table(ts))
    assert parsed and _i18n.table_cache_file().is_file()

    def no_parsing(data: bytes) -> dict[Any, str]:
        raise AssertionError("parsed the .ts again")

    monkeypatch.setattr(_i18n, "read_ts", no_parsing)
    _i18n._ts_table.cache_clear()
    assert dict(_i18n._ts_table(ts)) == parsed  # from the cache
    _i18n._ts_table.cache_clear()


@pytest.mark.parametrize(
    "stored",
    [
        '{"ts": "another version", "rows": []}',
        "not json",
        '{"ts": "DIGEST", "rows": [["only", "three", "items"]]}',
        '{"ts": "DIGEST", "rows": ["abcd"]}',
    ],
)
def test_a_stale_or_broken_translation_cache_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stored: str
) -> None:
    from ascend_studio.ui import _i18n

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    ts = _i18n.translation_files()[0]
    digest = _i18n.source_digest(ts.read_bytes())
    target = _i18n.table_cache_file()
    target.parent.mkdir(parents=True)
    target.write_text(stored.replace("DIGEST", digest), encoding="utf-8")
    assert _i18n.read_table_cache(digest) is None
    _i18n._ts_table.cache_clear()
    assert dict(_i18n._ts_table(ts)) == _i18n.read_ts(ts.read_bytes())
    assert _i18n.read_table_cache(digest) == _i18n.read_ts(ts.read_bytes())  # rewritten
    _i18n._ts_table.cache_clear()


def test_a_window_built_at_once_keeps_the_first_side_sizes(window: MainWindow) -> None:
    """progressive=False builds the document before the window is shown: the real views
    take the stand-ins' slots with the first sizes (the previews got a sliver)."""
    previews, diagnostics = window.side.sizes()
    assert previews > diagnostics > 0
    assert abs(previews / diagnostics - 560 / 240) < 0.2


# -- a first start fits the screen ---------------------------------------------------------------

#: Starts the app as ``ascend-studio`` does and reports where its window is at the first paint.
FIRST_PLACE = _at_first_paint(
    '{"frame": window.frameGeometry().getRect(),'
    ' "area": window.screen().availableGeometry().getRect(),'
    ' "sideways": window.form.horizontalScrollBar().isVisible()}'
)


@pytest.mark.parametrize(
    ("width", "height", "lang"),
    [(1280, 800, "en"), (1280, 800, "zh"), (1920, 1080, "en"), (1024, 768, "en")],
)
def test_a_first_start_fits_the_screen(tmp_path: Path, width: int, height: int, lang: str) -> None:
    """No remembered geometry: the window fits the screen's available area (there was
    no room for 1500x900 on a 1280x800 screen without a window manager), and the
    form has room for its rows without scrolling sideways on a 1280x800 screen."""
    screens = {"screens": [{"name": "s", "x": 0, "y": 0, "width": width, "height": height}]}
    config = tmp_path / "screen.json"
    config.write_text(json.dumps(screens))
    found = run_app_probe(
        FIRST_PLACE, tmp_path, lang=lang, platform=f"offscreen:configfile={config}", timeout=60
    )
    assert found["area"] == [0, 0, width, height], found  # the screen asked for
    assert QRect(*found["area"]).contains(QRect(*found["frame"])), found
    if width >= 1280:  # at 1024 px the English form's longest row needs a little more
        assert not found["sideways"], found


def test_the_first_size_leaves_room_for_a_frame() -> None:
    for area in (QRect(0, 0, 1280, 800), QRect(1920, 24, 1366, 744), QRect(0, 0, 3840, 2160)):
        place = first_geometry(area)
        assert area.contains(QRect(place.topLeft(), place.size() + QSize(16, 40))), (area, place)
        assert place.width() <= DEFAULT_SIZE.width() and place.height() <= DEFAULT_SIZE.height()
    assert first_geometry(QRect(0, 0, 3840, 2160)).size() == DEFAULT_SIZE


def test_the_form_gets_room_for_its_rows_from_the_side_first() -> None:
    nav, form, side = main_sizes(1270, 660, 200)
    assert (nav, form) == (1270 * 250 // 1530, 660) and nav + form + side == 1270
    assert main_sizes(1270, 300, 200)[1] == 1270 * 760 // 1530  # its share is enough
    assert main_sizes(1000, 660, 200) == [140, 660, 200]  # then the navigation's
    assert main_sizes(800, 700, 200) == [130, 470, 200]  # neither below its floor
    assert sum(main_sizes(800, 700, 200)) == 800


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_combo_boxes_follow_their_items_after_a_language_switch(qtbot: Any, lang: str) -> None:
    """Combo boxes take their items' widths when first shown and after a relabel
    (language, target), without the resize-to-contents flicker in between."""
    window, _ = _progressive(qtbot, lang, (1920, 1080))
    window.set_language("zh" if lang == "en" else "en")  # type: ignore[arg-type]
    window.model.edit(Profile(product="atlas_300i_duo"), "target")
    bar, checked = window.form.verticalScrollBar(), set()
    for value in range(0, bar.maximum() + bar.pageStep(), bar.pageStep()):
        bar.setValue(value)  # the form lays out (and builds) the rows in view: ui/_band.py
        combos = [window.controls.product, window.controls.scenario]
        combos += [getattr(row.editor, "combo", None) for row in window.form.rows.values()]
        shown = [c for c in combos if isinstance(c, QComboBox) and c.isVisible()]
        hints = [combo.sizeHint() for combo in shown]
        for combo in shown:
            fit_to_items(combo)  # measured afresh: the same
        assert [combo.sizeHint() for combo in shown] == hints
        checked |= {combo.objectName() for combo in shown}
    assert len(checked) > 10


#: Starts the app (its first window) and reports where the first rows' widgets are at the
#: first paint and once every row is built.
FIRST_WINDOW_ROWS = """
import json, os
from ascend_studio.ui._app import start_app
from PySide6.QtCore import QEvent, QObject, QPoint, QTimer
from PySide6.QtWidgets import QApplication, QWidget
def places():
    found = {}
    for path, row in list(window.form.rows.items())[:4]:
        for n, part in enumerate([row, *row.findChildren(QWidget)]):
            if part.isVisible():
                found[f"{path} {n}"] = [*part.mapTo(window, QPoint(0, 0)).toTuple(), *part.size().toTuple()]
    return found
class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and not seen:
            seen.append(places())
        return False
def done():
    if window.is_built() and window.form.is_settled():
        print(json.dumps({"first": seen[0], "built": places()}))
        os._exit(0)
seen = []
app, window = start_app([])
spy = FirstPaint()
window.installEventFilter(spy)
timer = QTimer()
timer.timeout.connect(done)
timer.start(50)
app.exec()
"""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_first_window_of_a_process_keeps_its_rows_in_place(tmp_path: Path, lang: str) -> None:
    """The app font (a CJK family first in Chinese) reaches the widgets through posted
    events: in a process's first window their new sizes were laid out after the first
    paint, and each row grew a pixel (Chinese on X)."""
    found = run_app_probe(FIRST_WINDOW_ROWS, tmp_path, lang=lang, timeout=60)
    assert len(found["first"]) > 10
    moved = {k: (v, found["built"].get(k)) for k, v in found["first"].items()}
    assert {k: v for k, v in moved.items() if v[0] != v[1]} == {}


def test_copying_a_preview_not_rendered_yet_copies_its_current_text(window: MainWindow) -> None:
    from PySide6.QtWidgets import QApplication

    previews = window.previews
    window.model.edit(window.model.profile.with_value("hccl_timeout", 601), "edit")
    hidden = previews.tabs["sess"]
    assert hidden is not previews.currentWidget()
    hidden.copy_text()
    assert "601" in QApplication.clipboard().text()
    assert QApplication.clipboard().text() == previews.text(hidden.fmt)


DOCUMENT_TURNS_PROBE = """
import json, sys, time
from ascend_studio.ui import create_window, ensure_app
from ascend_studio.ui import _window
from PySide6.QtCore import QTimer
app = ensure_app()
window = create_window()
turns = []
preload, finish = window._preload, window.finish_start
def timed_preload(group=0):
    turns.append(("preload", sorted(sys.modules)))
    preload(group)
def timed_finish():
    before = set(sys.modules)
    turns.append(("finish", []))
    finish()
    turns.append(("imported", sorted(set(sys.modules) - before)))
    print(json.dumps(turns), flush=True)
    app.quit()
window._preload, window.finish_start = timed_preload, timed_finish
window.show()
QTimer.singleShot(20000, app.quit)
app.exec()
"""


def test_the_document_s_modules_load_in_a_turn_before_the_document(tmp_path: Path) -> None:
    """The document's imports (~90 ms) and its build (~40 ms) were one turn of the
    event loop after the first paint: input waited for all of it. Now the imports come
    in three turns of their own, before the document's."""
    run_app_probe(DOCUMENT_TURNS_PROBE, tmp_path)  # the first start fills the caches
    turns = run_app_probe(DOCUMENT_TURNS_PROBE, tmp_path)
    assert [name for name, _ in turns] == ["preload"] * 3 + ["finish", "imported"]
    preloaded = set(turns[0][1])
    assert not any(m.startswith("ascend_studio.ui._files") for m in preloaded)
    late = [m for m in turns[-1][1] if m.startswith("ascend_studio")]
    assert late == [], f"the document still imports in its own turn: {late}"


def test_the_first_preload_turn_makes_the_search_texts(
    window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Made on the first key typed, they cost it about 1-3 ms."""
    from ascend_studio.schema import Catalog
    from ascend_studio.ui import _deferred

    prepared: list[int] = []
    monkeypatch.setattr(Catalog, "prepare_search", lambda catalog: prepared.append(1))
    assert _deferred.preload(window, 0) and prepared == [1]
    assert _deferred.preload(window, 1) and prepared == [1]


def _nav_whole(window: MainWindow) -> bool:
    nav = window.nav
    return all("…" not in nav.item(row).text() for row in range(nav.count()))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("name", ["why", "machine"])
@pytest.mark.parametrize("remembered", ["dock only", "at 1920x1080"])
def test_a_side_dock_left_open_leaves_the_navigation_and_the_form_whole_at_1280x800(
    qtbot: Any, lang: str, name: str, remembered: str
) -> None:
    """Reopened by the remembered layout (not from the View menu), a side dock at
    1280x800 gets the room the previews would have had, as when it is opened by hand:
    squeezed, the navigation cut its names and the form scrolled sideways."""
    first, _ = _progressive(qtbot, lang, (1920, 1080) if remembered == "at 1920x1080" else None)
    dock = first.findChild(QDockWidget, f"dock:{name}")
    assert dock is not None
    dock.toggleViewAction().trigger()
    for _ in range(3):
        QApplication.processEvents()
    first.save_layout()
    first.close()
    Settings().set_blob("geometry", QByteArray())
    if remembered == "dock only":  # as a layout without the splitters' (an older one) has it
        Settings().set_blob("splitter_main", QByteArray())
        Settings().set_blob("splitter_side", QByteArray())
    window, spy = _progressive(qtbot, lang, (1280, 800))
    assert spy.layout is not None and f"dock:{name}" in spy.layout
    form = window.form
    assert _nav_whole(window)
    assert window.nav.width() >= window.nav.needed_width()
    assert not form.horizontalScrollBar().isVisible()
    assert form.width() >= form.needed_width()
    assert _moved(spy.layout, _layout(window)) == {}
