"""The window's actions (menus, toolbar, shortcuts) and its toolbar controls.

Actions are created once; their texts are (re)set by :meth:`Actions.retranslate`
so switching the language needs no rebuild.

What the first paint does not show is set by :meth:`Actions.complete`, right after
it: the toolbar's icons (the style's standard icons), the shortcuts and the
tooltips that name them. Fetching ``QStyle`` from PySide6 creates its eleven Python
enum classes (about 15 ms, a few hundred members), ``QIcon`` and ``QPixmap`` theirs
(about 4 ms), ``QKeySequence`` its own and making the sequences some 4 ms more.
Until then the five toolbar actions have no text either: a tool button with neither
icon nor text has its icon-only size and shows nothing (with a text and no icon it
would show the text, wider), so nothing moves when both arrive. The menus, which
show those texts and keys, are not open before that.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ascend_studio.schema import Catalog, Release
from ascend_studio.ui._i18n import QT_TR_NOOP, Language, tr
from ascend_studio.ui._places import fit_to_items, sized_to_items
from ascend_studio.ui._qtnames import LABEL_ALIGNMENT, TOOLTIP_ROLE
from ascend_studio.ui._search import FILTERS
from ascend_studio.ui._searchbox import SearchBox
from ascend_studio.ui._shortcuts import ShortcutRouter
from ascend_studio.ui._steady import ToolBar

__all__ = ["Actions", "Controls"]

_FILTER_TEXT = {
    "modified": QT_TR_NOOP("Modified"),
    "problems": QT_TR_NOOP("With problems"),
    "unavailable": QT_TR_NOOP("Unavailable on target"),
    "deprecated": QT_TR_NOOP("Deprecated"),
}


#: The actions with an icon (on the toolbar) and their ``QStyle.StandardPixmap``.
ICONS = {
    "new": "SP_FileIcon",
    "open": "SP_DialogOpenButton",
    "save": "SP_DialogSaveButton",
    "undo": "SP_ArrowBack",
    "redo": "SP_ArrowForward",
}


#: The actions' keys: a ``QKeySequence.StandardKey`` name (the platform's keys) or
#: the portable text of a sequence.
KEYS = {
    "new": ("StandardKey.New",),
    "open": ("StandardKey.Open",),
    "save": ("StandardKey.Save",),
    "save_as": ("Ctrl+Shift+S",),
    "import_script": ("Ctrl+I",),
    "export": ("Ctrl+E",),
    "quit": ("Ctrl+Q",),
    "undo": ("Ctrl+Z",),
    "redo": ("Ctrl+Shift+Z", "Ctrl+Y"),
    "find": ("Ctrl+F",),
}


class Actions:
    def __init__(self, window: QMainWindow) -> None:
        self._window = window
        self.completed = False

        def make(name: str) -> QAction:
            action = QAction(window)
            action.setObjectName(f"action:{name}")
            window.addAction(action)
            return action

        self.new = make("new")
        self.open = make("open")
        self.save = make("save")
        self.save_as = make("save_as")
        self.import_script = make("import")
        self.export = make("export")
        self.quit = make("quit")
        self.undo = make("undo")
        self.redo = make("redo")
        self.find = make("find")
        self.reset_category = make("reset_category")
        self.reset_all = make("reset_all")
        self.fix_all_safe = make("fix_all_safe")
        self.fix_all_safe.setEnabled(False)
        self.hide_unavailable = make("hide_unavailable")
        self.hide_unavailable.setCheckable(True)
        self.clear_recent = make("clear_recent")
        self.router = ShortcutRouter(window)
        self.recent_menu = QMenu(window)
        self.recent_menu.setObjectName("menu:recent")
        self.menus: dict[str, QMenu] = {}
        bar = window.menuBar()
        for key, items in (
            ("file", [self.new, self.open, self.recent_menu, None, self.save, self.save_as, None,
                      self.import_script, self.export, None, self.quit]),
            ("edit", [self.undo, self.redo, None, self.find, None, self.fix_all_safe, None,
                      self.reset_category, self.reset_all]),
            ("view", [self.hide_unavailable]),
        ):  # fmt: skip
            menu = bar.addMenu("")
            menu.setObjectName(f"menu:{key}")
            for item in items:
                if item is None:
                    menu.addSeparator()
                elif isinstance(item, QMenu):
                    menu.addMenu(item)
                else:
                    menu.addAction(item)
            self.menus[key] = menu

    def complete(self) -> None:
        """Shortcuts, the toolbar's icons, then the texts and tooltips the first paint
        did without (once; see the module docstring)."""
        if self.completed:
            return
        from PySide6.QtGui import QKeySequence
        from PySide6.QtWidgets import QStyle

        for name, keys in KEYS.items():  # the names are the attributes'
            getattr(self, name).setShortcuts(
                [
                    QKeySequence(getattr(QKeySequence.StandardKey, key.split(".")[1]))
                    if key.startswith("StandardKey.")
                    else QKeySequence(key)
                    for key in keys
                ]
            )
        style = self._window.style()
        for name, pixmap in ICONS.items():
            action: QAction = getattr(self, name)
            action.setIcon(style.standardIcon(getattr(QStyle.StandardPixmap, pixmap)))
        self.completed = True
        self.retranslate()

    def retranslate(self) -> None:
        texts = {
            self.new: tr("&New"),
            self.open: tr("&Open…"),
            self.save: tr("&Save"),
            self.save_as: tr("Save &As…"),
            self.import_script: tr("&Import Script…"),
            self.export: tr("&Export…"),
            self.quit: tr("&Quit"),
            self.undo: tr("&Undo"),
            self.redo: tr("&Redo"),
            self.find: tr("&Find"),
            self.reset_category: tr("Reset &Category…"),
            self.reset_all: tr("Reset &All…"),
            self.fix_all_safe: tr("Fix All &Safe Problems"),
            self.hide_unavailable: tr("&Hide Unavailable Parameters"),
            self.clear_recent: tr("Clear Recent Files"),
        }
        iconless = set() if self.completed else {getattr(self, name) for name in ICONS}
        for action, text in texts.items():
            action.setText("" if action in iconless else text)
            if self.completed:  # they name the keys
                action.setToolTip(_tooltip(text, action))
        # the search bar's button shows the action's icon text: set its own text, it
        # went back to the menu's long one whenever the action changed (toggled)
        self.hide_unavailable.setIconText(tr("Hide unavailable"))
        self.recent_menu.setTitle(tr("Open &Recent"))
        for key, title in (("file", tr("&File")), ("edit", tr("&Edit")), ("view", tr("&View"))):
            self.menus[key].setTitle(title)

    def show_recent(self, recent: list[str], open_file: Callable[[Path], object]) -> None:
        """The Open Recent menu: one entry per file, then Clear (disabled when empty)."""
        menu = self.recent_menu
        menu.clear()
        for path in recent:
            action = menu.addAction(path)
            action.triggered.connect(lambda _c=False, p=path: open_file(Path(p)))
        if recent:
            menu.addSeparator()
            menu.addAction(self.clear_recent)
        menu.setEnabled(bool(recent))


def _tooltip(text: str, action: QAction) -> str:
    from PySide6.QtGui import QKeySequence

    plain = text.replace("&", "").rstrip("…")
    keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    return f"{plain} ({keys})" if keys else plain


#: The surface box's entries (translated when shown): ``None`` and the profile's
#: ``SURFACES`` (not imported here: the first paint loads no profile code).
SURFACE_TEXT: dict[str | None, str] = {
    None: QT_TR_NOOP("TF Adapter 1.x"),
    "estimator": QT_TR_NOOP("TF1: NPURunConfig"),
    "sess": QT_TR_NOOP("TF1: sess.run"),
    "tf2": QT_TR_NOOP("TF2: global_options()"),
    "env": QT_TR_NOOP("Environment only"),
}


class Controls:
    """Toolbar widgets (target, language) and the search bar above the form."""

    def __init__(self, window: QMainWindow, actions: Actions) -> None:
        self.toolbar = ToolBar(window)
        self.toolbar.setObjectName("toolbar")
        self.toolbar.setMovable(False)
        window.addToolBar(self.toolbar)
        for action in (actions.new, actions.open, actions.save):
            self.toolbar.addAction(action)
        self.toolbar.addSeparator()
        self.product_label = QLabel(self.toolbar)
        self.product = _combo("product", self.toolbar)
        self.scenario = _combo("scenario", self.toolbar)
        self.surface = _combo("surface", self.toolbar)
        self.release = _combo("release", self.toolbar)
        self.language = _combo("language", self.toolbar)
        self.language.addItem("中文", "zh")
        self.language.addItem("English", "en")
        targets = (self.product_label, self.product, self.scenario, self.surface, self.release)
        for widget in targets:
            self.toolbar.addWidget(widget)
        self.toolbar.addSeparator()
        for action in (actions.undo, actions.redo):
            self.toolbar.addAction(action)
        self.toolbar.addSeparator()
        for action in (actions.import_script, actions.export):
            self.toolbar.addAction(action)
        spacer = QWidget(self.toolbar)
        spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.toolbar.addWidget(spacer)
        self.toolbar.addWidget(self.language)
        self.search_bar = self._search_bar(actions)

    def _search_bar(self, actions: Actions) -> QWidget:
        """Search on the first line, filter toggles on the second."""
        bar = QWidget()
        bar.setObjectName("searchBar")
        self.search = SearchBox(bar)
        self.search.setObjectName("search")
        self.filter_label = QLabel(bar)
        self.filters: dict[str, QToolButton] = {}
        chips = QHBoxLayout()
        chips.setSpacing(4)
        chips.addWidget(self.filter_label)
        for key in FILTERS:
            button = QToolButton(bar)
            button.setObjectName(f"filter:{key}")
            button.setCheckable(True)
            self.filters[key] = button
            chips.addWidget(button)
        self.reapply = QToolButton(bar)
        self.reapply.setObjectName("filter:reapply")
        self.reapply.setEnabled(False)
        self.hide_unavailable = QToolButton(bar)
        self.hide_unavailable.setObjectName("filter:hide_unavailable")
        self.hide_unavailable.setDefaultAction(actions.hide_unavailable)
        chips.addWidget(self.reapply)
        chips.addStretch(1)
        chips.addWidget(self.hide_unavailable)
        # the count beside the search field: on the toggles' line it set the bar's
        # least width, and with it the window's
        self.match_count = MatchCount(bar)
        self.match_count.setObjectName("filter:count")
        line = QHBoxLayout()
        line.setSpacing(8)
        line.addWidget(self.search, 1)
        line.addWidget(self.match_count)
        layout = QVBoxLayout(bar)
        layout.setContentsMargins(8, 6, 8, 2)
        layout.setSpacing(4)
        layout.addLayout(line)
        layout.addLayout(chips)
        return bar

    def retranslate(self) -> None:
        self.product_label.setText(tr("Target:"))
        self.search.setPlaceholderText(tr("Search names, labels, values, env vars (Ctrl+F)"))
        self.search.clear_action.setText(tr("Clear the search"))
        for key, button in self.filters.items():
            button.setText(tr(_FILTER_TEXT[key]))
        self.filter_label.setText(tr("Show only:"))
        self.reapply.setText(tr("Re-apply"))
        self.reapply.setToolTip(tr("The profile changed since the filter was applied"))
        self.product.setToolTip(tr("Target product"))
        self.scenario.setToolTip(tr("Scenario"))
        self.surface.setToolTip(
            tr(
                "The API the job configures TF Adapter through; TF2 shows the options of npu_device.global_options()"
            )
        )
        self.release.setToolTip(
            tr(
                "TF Adapter release: what its constructors and option reader have is checked "
                "and exported; 'not named' says for which releases a finding holds"
            )
        )
        self.language.setToolTip(tr("Interface language"))

    # -- target and language boxes ------------------------------------------------------------
    def fill_targets(self, catalog: Catalog) -> None:
        """One entry per product and scenario, then "not named" (None) in each; one per
        release (newest first, then "not named"); :meth:`show_language` names them."""
        for product in catalog.products:
            self.product.addItem(product.id, product.id)
        self.product.addItem("", None)
        for scenario in catalog.scenarios:
            self.scenario.addItem(scenario.id, scenario.id)
        self.scenario.addItem("", None)
        for surface in SURFACE_TEXT:  # the profile's surfaces (None: not named)
            self.surface.addItem(surface or "", surface)
        self.release.addItem("newest", "newest")
        for release in reversed(catalog.releases):
            self.release.addItem(release.id, release.id)
        self.release.addItem("", None)

    def show_target(
        self,
        product: str | None,
        scenario: str | None,
        surface: str | None = None,
        release: str | None = None,
    ) -> None:
        """The boxes on the target as judged (None: not named, the last entry)."""
        named = ((self.product, product), (self.scenario, scenario), (self.release, release))
        for box, value in named:
            found = box.findData(value) if value is not None else -1
            box.setCurrentIndex(found if found >= 0 else box.count() - 1)
        self.surface.setCurrentIndex(max(0, self.surface.findData(surface)))

    def show_language(self, catalog: Catalog, lang: Language) -> None:
        """The language box on ``lang``, product and scenario names in it."""
        self.language.setCurrentIndex(self.language.findData(lang))
        for index, product in enumerate(catalog.products):
            self.product.setItemText(index, product.short.get(lang))
            self.product.setItemData(index, product.name.get(lang), TOOLTIP_ROLE)
        last = self.product.count() - 1
        self.product.setItemText(last, tr("Product not named"))
        tip = tr("Not named: checked for every product; a finding says for which products it holds")
        self.product.setItemData(last, tip, TOOLTIP_ROLE)
        for index, scenario in enumerate(catalog.scenarios):
            self.scenario.setItemText(index, scenario.name.get(lang))
        last = self.scenario.count() - 1
        self.scenario.setItemText(last, tr("Scenario not named"))
        tip = tr(
            "Not named: checked for both scenarios. graph_run_mode names one unless it is "
            "known only at run time or the file sets only the environment"
        )
        self.scenario.setItemData(last, tip, TOOLTIP_ROLE)
        for index in range(self.surface.count()):
            self.surface.setItemText(index, tr(SURFACE_TEXT[self.surface.itemData(index)]))
        self._name_releases(catalog, lang)
        fit_to_items(self.product)
        fit_to_items(self.scenario)
        fit_to_items(self.surface)
        fit_to_items(self.release)

    def _name_releases(self, catalog: Catalog, lang: Language) -> None:
        """``TF Adapter 7.0.0.alpha003 (2023-12)``; the CANN evidence as the tooltip."""
        history = catalog.history
        newest = history.newest
        self.release.setItemText(
            0, tr("TF Adapter newest ({release})").format(release=newest.short)
        )
        for index in range(1, self.release.count() - 1):
            release = history.get(str(self.release.itemData(index)))
            self.release.setItemText(index, _release_item(release))
            cann = release.cann or tr("CANN version not public")
            tip = f"{release.id}, {release.date}: {cann}. {release.evidence.get(lang)}"
            self.release.setItemData(index, tip, TOOLTIP_ROLE)
        self.release.setItemText(self.release.count() - 1, tr("TF Adapter release not named"))


def _release_item(release: Release) -> str:
    """A release's toolbar entry; a ref with no version in its name says what it is."""
    if release.kind == "head":
        text = tr("TF Adapter {ref}, the newest commits ({month})")
    elif not any(ch.isdigit() for ch in release.short):
        text = tr("TF Adapter {ref} branch ({month})")
    else:
        text = "TF Adapter {ref} ({month})"
    return text.format(ref=release.short, month=release.month)


class MatchCount(QLabel):
    """The search's count of matches, as wide from the start as a three-digit count:
    the first count shown widened the search bar, and with it the window's least
    width (a window at its least width grew 66 px at the first key typed); the search
    field beside it keeps its width too."""

    def show_count(self, count: int | None) -> None:
        """``None``: no search (no count)."""
        self.setText("" if count is None else self._text(count))

    @staticmethod
    def _text(count: int) -> str:
        return tr("Matches: {count}").format(count=count)

    def minimumSizeHint(self) -> QSize:
        return self._widest(super().minimumSizeHint())

    def sizeHint(self) -> QSize:
        return self._widest(super().sizeHint())

    def _widest(self, hint: QSize) -> QSize:
        margins = self.contentsMargins()
        text = self._text(888)  # measured as QLabel measures its text, at its alignment
        room = self.fontMetrics().boundingRect(QRect(), LABEL_ALIGNMENT, text).width()
        room += 2 * self.margin()
        room += margins.left() + margins.right()
        return QSize(max(hint.width(), room), hint.height())


def _combo(name: str, parent: QWidget) -> QComboBox:
    combo = QComboBox(parent)
    combo.setObjectName(name)
    return sized_to_items(combo)
