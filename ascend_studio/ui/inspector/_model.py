"""The artifact table as a Qt item model: one row per artifact, its layers below.

Top-level rows are artifacts (name, chain, resolved path, status); each has one
child row per layer of its chain, so the chain is also reachable by keyboard and
screen readers. The delegate reads a row's chain with :meth:`PathChainModel.layers_at`. A refresh with the same shape only emits ``dataChanged``,
so the user's selection and expansion survive every keystroke in the context.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QIcon
from PySide6.QtWidgets import QApplication, QStyle

from ascend_studio.paths import Layer, Resolution, VariantResolution
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui.inspector._text import layer_label, layer_value, origin_text, state_text

__all__ = [
    "ARTIFACT_ROLE",
    "CHAIN_COLUMN",
    "COLUMNS",
    "NAME_COLUMN",
    "PARAMETER_ROLE",
    "PATH_COLUMN",
    "STATE_ROLE",
    "STATUS_COLUMN",
    "PathChainModel",
]

#: The artifact id (every cell of an artifact row and of its layer rows).
ARTIFACT_ROLE = Qt.ItemDataRole.UserRole + 1
#: The parameter path of a parameter layer row (``None`` elsewhere).
PARAMETER_ROLE = Qt.ItemDataRole.UserRole + 2
#: winner / shadowed / unset / ignored, on layer rows.
STATE_ROLE = Qt.ItemDataRole.UserRole + 3

COLUMNS = 4
#: Artifact rows: name, resolved path, status, chain (last: it is the widest).
#: Layer rows: label, the path that layer gives, state and origin, value.
NAME_COLUMN, PATH_COLUMN, STATUS_COLUMN, CHAIN_COLUMN = range(COLUMNS)
_Index = QModelIndex | QPersistentModelIndex
WINNER_BACKGROUND = QColor("#dff3e2")
DIM = QColor("#8a8f98")


def _shape(resolutions: list[Resolution]) -> list[tuple[str, int]]:
    return [(r.id, len(r.layers)) for r in resolutions]


class PathChainModel(QAbstractItemModel):
    """A read-only tree over :func:`ascend_studio.paths.resolve` results."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[Resolution] = []
        self.lang: Language = "en"
        #: Each cell's answer per role, found once: a view asks every cell for eight
        #: roles or so each time it measures or paints it (a language switch: about
        #: 1,500 questions, 7 ms in Python, for 22 rows). Emptied on every change.
        self._answers: dict[tuple[int, int, int, int], object] = {}

    # -- feeding ---------------------------------------------------------------------------
    def set_resolutions(self, resolutions: list[Resolution]) -> bool:
        """Show ``resolutions``; False (and no signal at all) when nothing changed.

        Most edits touch no path, so comparing first keeps them free for the views.
        """
        if _shape(resolutions) != _shape(self._rows):
            self.beginResetModel()
            self._rows = list(resolutions)
            self._answers.clear()
            self.endResetModel()
            return True
        changed = [
            i for i, (a, b) in enumerate(zip(self._rows, resolutions, strict=True)) if a != b
        ]
        self._rows = list(resolutions)
        if changed:
            self._answers.clear()
        for row in changed:
            self._row_changed(row)
        return bool(changed)

    def set_language(self, lang: Language) -> None:
        """Every text changes: one relayout of the view (each row's ``dataChanged``
        measured that row's wrapped cells at once, every row of the tree: ~20 ms)."""
        self.lang = lang
        self._answers.clear()
        self.layoutAboutToBeChanged.emit()
        self.layoutChanged.emit()
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, COLUMNS - 1)

    def resolution(self, row: int) -> Resolution:
        return self._rows[row]

    def resolutions(self) -> list[Resolution]:
        return list(self._rows)

    def row_of(self, artifact_id: str) -> int:
        return next(i for i, r in enumerate(self._rows) if r.id == artifact_id)

    def _row_changed(self, row: int) -> None:
        self.dataChanged.emit(self.index(row, 0), self.index(row, COLUMNS - 1))
        layers = self._rows[row].layers
        if layers:
            parent = self.index(row, 0)
            end = self.index(len(layers) - 1, COLUMNS - 1, parent)
            self.dataChanged.emit(self.index(0, 0, parent), end)

    # -- structure -------------------------------------------------------------------------
    def index(self, row: int, column: int, parent: _Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, 0)
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, child: _Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not child.isValid() or child.internalId() == 0:
            return QModelIndex()
        return self.createIndex(child.internalId() - 1, 0, 0)

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return len(self._rows)
        if parent.internalId() == 0 and parent.column() == 0:
            return len(self._rows[parent.row()].layers)
        return 0

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return COLUMNS

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        names = (tr("Artifact"), tr("Resolved path"), tr("Status"), tr("Priority chain"))
        return names[section] if 0 <= section < COLUMNS else None

    # -- data ------------------------------------------------------------------------------
    def layers_at(self, index: _Index) -> tuple[Layer, ...]:
        """The chain of an artifact row (any column); empty for layer rows."""
        if not index.isValid() or index.internalId() != 0:
            return ()
        return self._rows[index.row()].layers

    def layer_at(self, index: _Index) -> Layer | None:
        """The layer of a layer row; ``None`` for artifact rows."""
        if not index.isValid() or index.internalId() == 0:
            return None
        return self._rows[index.internalId() - 1].layers[index.row()]

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        key = (index.internalId(), index.row(), index.column(), role)
        try:
            return self._answers[key]
        except KeyError:
            found = self._answers[key] = self._data(index, role)
            return found

    def _data(self, index: _Index, role: int) -> object:
        if index.internalId() == 0:
            res = self._rows[index.row()]
            return self._artifact_data(res, index.column(), role)
        res = self._rows[index.internalId() - 1]
        if role == ARTIFACT_ROLE:
            return res.id
        return _layer_data(res.layers[index.row()], index.column(), role, self.lang)

    def _artifact_data(self, res: Resolution, column: int, role: int) -> object:
        if role == ARTIFACT_ROLE:
            return res.id
        if role == Qt.ItemDataRole.ForegroundRole:
            return None if res.produced else QBrush(DIM)
        if role == Qt.ItemDataRole.DecorationRole:
            return _icon(res) if column == NAME_COLUMN else None
        texts = {
            Qt.ItemDataRole.DisplayRole: self._artifact_text,
            Qt.ItemDataRole.ToolTipRole: self._artifact_tip,
        }
        make = texts.get(Qt.ItemDataRole(role))
        return make(res, column) if make is not None else None

    def _artifact_text(self, res: Resolution, column: int) -> str:
        if column == NAME_COLUMN:
            return res.artifact.name.get(self.lang)
        if column == CHAIN_COLUMN:
            return " › ".join(f"{layer_label(x)}: {layer_value(x)}" for x in res.layers)
        if column == PATH_COLUMN:
            return res.path if res.path is not None else tr("(no path)")
        if not res.produced:
            status = tr("not produced")
        else:
            status = tr("produced, conditions apply") if res.reason else tr("produced")
        return f"{status} · {tr('sources disagree')}" if res.variants else status

    def _artifact_tip(self, res: Resolution, column: int) -> str:
        if column == NAME_COLUMN:
            return res.artifact.description.get(self.lang)
        if column == CHAIN_COLUMN:
            return "\n".join(_layer_line(x, self.lang) for x in res.layers)
        if column == PATH_COLUMN:
            if not res.unresolved:
                return tr("Right-click or Ctrl+C to copy the path.")
            names = ", ".join("${" + name + "}" for name in res.unresolved)
            return tr("Still unknown: {names}. Fill them in the context above.").format(names=names)
        lines = [res.reason.get(self.lang)] if res.reason else []
        lines += [_reading_line(v, self.lang) for v in res.variants]
        return "\n".join(lines)


def _reading_line(reading: VariantResolution, lang: Language) -> str:
    """One reading of a chain the sources disagree on; the shown one is marked."""
    mark = "▶" if reading.default else "•"
    where = reading.path if reading.path is not None else tr("(no path)")
    return f"{mark} {reading.label.get(lang)}: {where}"


_ICONS: dict[str, QIcon] = {}


def _icon(res: Resolution) -> QIcon | None:
    """The folder or file icon of the current style (looked up once per kind)."""
    kind = res.artifact.type
    if kind not in _ICONS:
        style = QApplication.style() if isinstance(QApplication.instance(), QApplication) else None
        if style is None:  # a model without a widget application (tests, tools)
            return None
        pixmap = (
            QStyle.StandardPixmap.SP_FileIcon
            if kind == "file"
            else QStyle.StandardPixmap.SP_DirIcon
        )
        _ICONS[kind] = style.standardIcon(pixmap)
    return _ICONS[kind]


def _layer_line(layer: Layer, lang: Language) -> str:
    origin = origin_text(layer.origin)
    tail = f" ({origin})" if origin and layer.kind != "default" else ""
    line = f"[{state_text(layer.state)}] {layer_label(layer)}: {layer_value(layer)}{tail}"
    return f"{line}\n    {layer.note.get(lang)}" if layer.note else line


def _layer_data(layer: Layer, column: int, role: int, lang: Language) -> object:
    if role == PARAMETER_ROLE:
        return layer.name if layer.kind == "parameter" else None
    if role == STATE_ROLE:
        return layer.state
    if role == Qt.ItemDataRole.DisplayRole:
        return _layer_text(layer, column)
    if role == Qt.ItemDataRole.ToolTipRole:
        return _layer_line(layer, lang)
    return _layer_style(layer, role)


def _layer_style(layer: Layer, role: int) -> object:
    if role == Qt.ItemDataRole.FontRole:
        return _layer_font(layer)
    if role == Qt.ItemDataRole.ForegroundRole and layer.state in ("unset", "ignored"):
        return QBrush(DIM)
    if role == Qt.ItemDataRole.BackgroundRole and layer.state == "winner":
        return QBrush(WINNER_BACKGROUND)
    return None


def _layer_text(layer: Layer, column: int) -> str:
    if column == NAME_COLUMN:
        return layer_label(layer)
    if column == CHAIN_COLUMN:
        return layer_value(layer)
    if column == PATH_COLUMN:
        return layer.path or ""
    origin = origin_text(layer.origin)
    return f"{state_text(layer.state)} · {origin}" if origin else state_text(layer.state)


def _layer_font(layer: Layer) -> QFont | None:
    if layer.state == "unset":
        return None
    font = QFont()
    font.setBold(layer.state == "winner")
    font.setStrikeOut(layer.state in ("shadowed", "ignored"))
    font.setItalic(layer.state == "ignored")
    return font
