"""The path-priority inspector: context above, chains in the middle, layout below.

Built from plain inputs (catalog, artifacts, profile); it never edits the
profile. Selecting or clicking a parameter layer emits ``parameter_activated``
so the window can jump to that field.
"""

from __future__ import annotations

import posixpath

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPoint, QSize, Qt, Signal
from PySide6.QtGui import (
    QGuiApplication,
    QKeySequence,
    QResizeEvent,
    QShortcut,
    QStandardItemModel,
)
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from ascend_studio.paths import (
    ArtifactCatalog,
    Environment,
    Layer,
    Resolution,
    directory_map,
    load_artifacts,
    resolve,
    shell_value,
)
from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui._lazy import LazyView
from ascend_studio.ui._wrap import wrap_columns
from ascend_studio.ui.inspector._cluster import ClusterDialog
from ascend_studio.ui.inspector._context import WORK_PATH, ContextEditor
from ascend_studio.ui.inspector._delegate import INSET, ChainDelegate, line_height, row_needs
from ascend_studio.ui.inspector._fit import RowNeeds, share_widths
from ascend_studio.ui.inspector._inputs import path_inputs
from ascend_studio.ui.inspector._layout import fill_layout_model, layout_nodes
from ascend_studio.ui.inspector._model import (
    CHAIN_COLUMN,
    NAME_COLUMN,
    PATH_COLUMN,
    STATUS_COLUMN,
    PathChainModel,
)

__all__ = ["CONTEXT_BESIDE", "InspectorView"]

#: The share of the view's width each text column starts from (the chain: the rest),
#: before :func:`share_widths` moves them where the rows take less height.
_SHARES = {NAME_COLUMN: 0.18, PATH_COLUMN: 0.22, STATUS_COLUMN: 0.11}
#: From this width on, the context sits beside the artifacts, else in a tab of its own.
CONTEXT_BESIDE = 1500
#: The context column's least width (more when its labels need it).
_CONTEXT_LEAST = 220
#: A view with room for fewer rows of chain boxes than this draws them compact.
_COMPACT_ROWS = 12


def _need_key(need: RowNeeds) -> tuple[object, ...]:
    return (tuple(sorted(need.texts.items())), need.boxes, need.chain_text)


class InspectorView(LazyView):
    parameter_activated = Signal(str)

    def __init__(
        self,
        catalog: Catalog,
        profile: Profile | None = None,
        artifacts: ArtifactCatalog | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("inspector")
        self.catalog = catalog
        self.artifacts = artifacts or load_artifacts()
        self.profile = profile or Profile()
        self._inputs = path_inputs(self.profile, self.artifacts)
        self.lang: Language = "en"
        self._layout_key: object = None
        #: The columns' widths :func:`share_widths` found for each set of rows' needs
        #: (it tries every row's texts and chain: about 2.4 ms; a target switch and back
        #: asks the same again).
        self._shared: dict[tuple[object, ...], dict[int, int]] = {}
        #: The directory layout is older than the resolutions (filled when its tab shows).
        self._layout_stale = False
        self.context_editor = ContextEditor(catalog, self)
        self.context_editor.context_changed.connect(self._context_changed)
        self.model = PathChainModel(self)
        self.chains = self._make_chain_view()
        self.path_field = QLineEdit(self)
        self.path_field.setObjectName("inspector:path")
        self.path_field.setReadOnly(True)
        self.copy_button = QPushButton(self)
        self.copy_button.setObjectName("inspector:copy")
        self.copy_button.clicked.connect(self.copy_path)
        self.cluster_button = QPushButton(self)
        self.cluster_button.setObjectName("inspector:cluster")
        self.cluster_button.clicked.connect(self.open_cluster_helper)
        self.unproduced_box = QCheckBox(self)
        self.unproduced_box.setObjectName("inspector:unproduced")
        self.unproduced_box.toggled.connect(lambda _on: self._fill_layout(now=True))
        self._layout_model = QStandardItemModel(self)
        self.layout_view = QTreeView(self)
        self.layout_view.setObjectName("inspector:layout")
        self.layout_view.setModel(self._layout_model)
        self.layout_view.setUniformRowHeights(True)
        self._build_layout()
        self.set_language(self.lang)  # resolving waits until the view is first shown

    def _make_chain_view(self) -> QTreeView:
        view = QTreeView(self)
        view.setObjectName("inspector:chains")
        view.setModel(self.model)
        view.setAlternatingRowColors(True)
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(self._context_menu)
        # Every cell wraps in its column and the chain's boxes go on to the next line,
        # so names, paths, states and chains are read whole at any width.
        wrap_columns(view)
        self.delegate = ChainDelegate(view)
        view.setItemDelegateForColumn(CHAIN_COLUMN, self.delegate)
        self.delegate.layer_clicked.connect(self._layer_clicked)
        view.selectionModel().currentChanged.connect(self._current_changed)
        # Interactive, fitted to the view's width (fit_columns): ResizeToContents would
        # re-measure every row on every edit.
        view.header().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        view.header().setStretchLastSection(True)
        view.viewport().installEventFilter(self)
        QShortcut(QKeySequence.StandardKey.Copy, view, self.copy_path)
        return view

    def _build_layout(self) -> None:
        # A caption that wraps over the fields: a group box's title set the panel's least
        # width, and in a column narrower than the title it scrolled sideways (43 px).
        self.context_group = QWidget(self)
        self.context_group.setObjectName("inspector:context-panel")
        box = QVBoxLayout(self.context_group)
        box.setContentsMargins(4, 4, 4, 4)
        self.context_caption = QLabel(self.context_group)
        self.context_caption.setObjectName("inspector:context-caption")
        self.context_caption.setWordWrap(True)
        box.addWidget(self.context_caption)
        box.addWidget(self.context_editor)
        middle = QWidget(self)
        # The selected path and its buttons beside the tabs: a row of their own under
        # the table took one of the few rows a dock at the bottom of 800 px has.
        self.path_row = QWidget(self)
        path_row = QHBoxLayout(self.path_row)
        path_row.setContentsMargins(8, 2, 2, 2)
        path_row.addWidget(self.path_field, 1)
        path_row.addWidget(self.copy_button)
        path_row.addWidget(self.cluster_button)
        column = QVBoxLayout(middle)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.chains, 1)
        bottom = QWidget(self)
        lower = QVBoxLayout(bottom)
        lower.setContentsMargins(0, 0, 0, 0)
        lower.addWidget(self.unproduced_box)
        lower.addWidget(self.layout_view, 1)
        self._layout_page = bottom
        # Docked at the bottom the view is wide and short: the context scrolls on the
        # left at its natural height, the artifacts and the directory layout share the
        # rest as tabs (stacked, each got a third of ~250 px: two rows and clipped fields).
        self.context_scroll = _ContextColumn(self)
        self.context_scroll.setObjectName("inspector:context-scroll")
        self.context_scroll.setWidgetResizable(True)
        self.context_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.context_scroll.setWidget(self.context_group)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("inspector:tabs")
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(middle, "")
        self.tabs.addTab(bottom, "")
        self.tabs.addTab(self.context_editor.env_panel, "")
        self.tabs.setCornerWidget(self.path_row, Qt.Corner.TopRightCorner)
        self.tabs.currentChanged.connect(lambda _index: self._layout_shown())
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setChildrenCollapsible(False)
        for part in (self.context_scroll, self.tabs):
            self.splitter.addWidget(part)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setSizes([360, 920])
        #: Whether the context sits beside the tabs (else in a tab of its own).
        self.context_beside = True
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)

    # -- inputs -----------------------------------------------------------------------------
    def set_profile(self, profile: Profile) -> None:
        """Follow the document; while hidden (a closed dock) the work waits until shown.
        An edit of nothing the paths read changes nothing here."""
        if profile != self.profile:
            inputs = path_inputs(profile, self.artifacts)
            self.profile = profile
            if inputs != self._inputs:
                self._inputs = inputs
                self._changed()

    def set_language(self, lang: Language) -> None:
        self.lang = lang
        self.context_caption.setText(tr("Context (what-if, not saved in the profile)"))
        self.copy_button.setText(tr("Copy path"))
        self.cluster_button.setText(tr("Cluster helper…"))
        self.unproduced_box.setText(tr("Include artifacts not produced"))
        self.path_field.setPlaceholderText(tr("Select an artifact to see its path"))
        self.tabs.setTabText(0, tr("Artifacts"))
        self.tabs.setTabText(1, tr("Directory layout"))
        self.tabs.setTabText(2, tr("What-if environment"))
        context = self.tabs.indexOf(self.context_scroll)
        if context >= 0:
            self.tabs.setTabText(context, tr("Context"))
        self.context_editor.set_language(lang)
        self.model.set_language(lang)
        self._fill_layout()
        if self.model.rowCount():
            self.fit_columns()

    def _context_changed(self) -> None:
        self._changed()

    def refresh(self) -> None:
        self._stale = False
        env = self.context_editor.environment(self.profile)
        found = resolve(
            self.profile, env, self.context_editor.context(), self.catalog, self.artifacts
        )
        self._show_work_path(env)
        if self.model.set_resolutions(found):
            self._fill_layout()
            self._show_current(self.chains.currentIndex())
            self.fit_columns()  # the texts changed: so may their widths

    def _show_work_path(self, env: Environment) -> None:
        """Hand the field the value in effect, and its expansion when it is shell text
        (a profile value marked verbatim, or one read from an env script)."""
        entry = env.get(WORK_PATH)
        value = entry.value if entry else None
        expanded = None
        if entry is not None and value is not None:
            kind = entry.source.kind
            if kind == "script" or (kind == "profile" and WORK_PATH in self.profile.env_verbatim):
                ctx = self.context_editor.context()
                expanded = shell_value(value, env, ctx, WORK_PATH)
        self.context_editor.work_path.set_effective(
            value, entry.origin if entry else None, expanded
        )

    def fit_columns(self) -> None:
        """Share the view's width (:func:`share_widths`): each text column as wide as its
        widest text up to its share, then moved where the rows take less height, the
        chain the rest."""
        room = self.chains.viewport().width()
        if room <= 0:
            return
        view, header = self.chains, self.chains.header()
        least = {column: header.sectionSizeHint(column) for column in _SHARES}
        px = self.delegate.heights(view.fontMetrics().lineSpacing(), view.font())
        needs = row_needs(view, self.delegate, tuple(_SHARES))
        key = (room, tuple(least.items()), px, tuple(_need_key(need) for need in needs))
        widths = self._shared.get(key)
        if widths is None:
            if len(self._shared) >= 32:
                self._shared.clear()
            widths = self._shared[key] = share_widths(room, needs, _SHARES, least, px)
        for column, width in widths.items():
            header.resizeSection(column, width)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.chains.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_height()
            self.fit_columns()
        return False

    def _fit_height(self) -> None:
        """Compact chain boxes in a view too short for :data:`_COMPACT_ROWS` rows of
        them (a dock at the bottom of 800 px), the usual ones in a taller one."""
        view = self.chains
        usual = line_height(view.font()) + INSET + 1
        if self.delegate.set_compact(view.viewport().height() < _COMPACT_ROWS * usual):
            view.scheduleDelayedItemsLayout()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_context(self.width() >= CONTEXT_BESIDE)
        self._widen_path_row()

    def _widen_path_row(self) -> None:
        """The path row takes what the tab titles leave of the tab bar's line."""
        bar = self.tabs.tabBar()
        titles = sum(bar.tabSizeHint(i).width() for i in range(bar.count()))
        buttons = self.copy_button.sizeHint().width() + self.cluster_button.sizeHint().width()
        room = self.tabs.width() - titles - buttons - 40
        self.path_field.setMinimumWidth(max(room, 160))

    def _place_context(self, beside: bool) -> None:
        """The context beside the tabs in a wide view; a narrow one (a dock at the bottom
        of a 1280 px window) gives the artifacts the whole width and the context a tab."""
        if beside == self.context_beside:
            return
        self.context_beside = beside
        if beside:
            self.splitter.insertWidget(0, self.context_scroll)
            self.context_scroll.show()  # the tab it leaves hid it (hidden, it got no width)
            self.splitter.setSizes([360, max(self.width() - 360, 1)])
        else:
            # shown by its tab only: shown here, it stayed "visible" behind the current
            # tab, 206 px wide, until the user first opened its tab
            self.tabs.addTab(self.context_scroll, tr("Context"))
        self._widen_path_row()

    # -- reading ----------------------------------------------------------------------------
    def resolution(self, artifact_id: str) -> Resolution:
        self._ensure_fresh()
        return self.model.resolution(self.model.row_of(artifact_id))

    def select_artifact(self, artifact_id: str) -> None:
        index = self.model.index(self.model.row_of(artifact_id), 0)
        self.chains.setCurrentIndex(index)

    def copy_path(self) -> None:
        if self.path_field.text():
            QGuiApplication.clipboard().setText(self.path_field.text())

    def open_cluster_helper(self) -> ClusterDialog:
        current = self.context_editor.environment(self.profile).value(WORK_PATH)
        base = posixpath.dirname(current.rstrip("/")) if current else ""
        dialog = ClusterDialog(base, self)
        dialog.set_language(self.lang)
        dialog.open()
        return dialog

    @property
    def layout_model(self) -> QStandardItemModel:
        """The directory layout's model, up to date (filled now if its tab is hidden)."""
        if self._layout_stale:
            self._fill_layout(now=True)
        return self._layout_model

    # -- reactions --------------------------------------------------------------------------
    def _layout_shown(self) -> None:
        if self._layout_stale and self.tabs.currentWidget() is self._layout_page:
            self._fill_layout(now=True)

    def _fill_layout(self, now: bool = False) -> None:
        """The directory layout from the resolutions; while its tab is hidden, when the
        tab is shown (or the model read): a target switch or a language switch changed
        it behind the artifacts' tab (about 1.2 ms and a delayed layout of its tree)."""
        if not now and self.tabs.currentWidget() is not self._layout_page:
            self._layout_stale = True
            return
        self._layout_stale = False
        found = directory_map(
            self.model.resolutions(), include_unproduced=self.unproduced_box.isChecked()
        )
        key = (self.lang, tuple((d, tuple(r.path for r in rs)) for d, rs in found.items()))
        if key == self._layout_key:
            return
        self._layout_key = key
        fill_layout_model(self._layout_model, layout_nodes(found), self.lang)
        self.layout_view.expandAll()
        self.layout_view.resizeColumnToContents(0)

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self._show_current(current)
        layer = self.model.layer_at(current)
        if layer is not None:
            self._activate(layer)

    def _show_current(self, current: QModelIndex) -> None:
        if not current.isValid():
            self.path_field.clear()
            return
        layer = self.model.layer_at(current)
        if layer is not None:
            self.path_field.setText(layer.path or "")
        else:
            self.path_field.setText(self.model.resolution(current.row()).path or "")

    def _layer_clicked(self, row: int, number: int) -> None:
        self._activate(self.model.resolution(row).layers[number])

    def _activate(self, layer: Layer) -> None:
        if layer.kind == "parameter" and self.catalog.has(layer.name):
            self.parameter_activated.emit(layer.name)

    def _context_menu(self, point: QPoint) -> None:
        index = self.chains.indexAt(point)
        if not index.isValid():
            return
        self.chains.setCurrentIndex(index)
        menu = QMenu(self)
        menu.addAction(tr("Copy path"), self.copy_path)
        layer = self.model.layer_at(index)
        if layer is not None and layer.kind == "parameter" and self.catalog.has(layer.name):
            menu.addAction(tr("Go to parameter"), lambda: self._activate(layer))
        menu.popup(self.chains.viewport().mapToGlobal(point))


class _ContextColumn(QScrollArea):
    """The context's scrolled column: never narrower than its labels and fields need in
    the language shown, beside a vertical scrollbar; it scrolls down, never sideways."""

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        inner = self.widget()
        if inner is None:
            return hint
        bar = self.verticalScrollBar().sizeHint().width() + 2 * self.frameWidth()
        return QSize(max(_CONTEXT_LEAST, inner.minimumSizeHint().width() + bar), hint.height())
