"""The resulting directory layout: which artifacts land in which folder.

:func:`layout_nodes` turns :func:`ascend_studio.paths.directory_map` into a
tree of path segments (pure data), folding chains of empty folders into one
node (``/work/wp``) so the interesting folders are not buried.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QApplication, QStyle

from ascend_studio.paths import Resolution
from ascend_studio.ui._i18n import Language, tr

__all__ = ["LayoutNode", "fill_layout_model", "layout_nodes"]


@dataclass
class LayoutNode:
    name: str
    path: str
    artifacts: list[Resolution] = field(default_factory=list)
    children: dict[str, LayoutNode] = field(default_factory=dict)


def _segments(path: str) -> list[str]:
    parts = [p for p in path.split("/") if p]
    return ["/", *parts] if path.startswith("/") else parts or ["."]


def _insert(root: LayoutNode, folder: str, found: tuple[Resolution, ...]) -> None:
    node = root
    for part in _segments(folder):
        child_path = part if node is root else _join(node.path, part)
        node = node.children.setdefault(part, LayoutNode(part, child_path))
    node.artifacts.extend(found)


def _join(base: str, part: str) -> str:
    return base + part if base.endswith("/") else f"{base}/{part}"


def _fold(node: LayoutNode) -> LayoutNode:
    while len(node.children) == 1 and not node.artifacts:
        (only,) = node.children.values()
        node = LayoutNode(_join(node.name, only.name), only.path, only.artifacts, only.children)
    node.children = {key: _fold(child) for key, child in node.children.items()}
    return node


def layout_nodes(directories: dict[str, tuple[Resolution, ...]]) -> list[LayoutNode]:
    """Top-level nodes, one per root (``/``, ``$HOME``, ``.``...), folded."""
    root = LayoutNode("", "")
    for folder, found in directories.items():
        _insert(root, folder, found)
    return [_fold(child) for child in root.children.values()]


def fill_layout_model(model: QStandardItemModel, nodes: list[LayoutNode], lang: Language) -> None:
    model.clear()
    model.setHorizontalHeaderLabels([tr("Folder / artifact"), tr("Full path")])
    for node in nodes:
        model.appendRow(_node_items(node, lang))


def _node_items(node: LayoutNode, lang: Language) -> list[QStandardItem]:
    style = QApplication.style()
    folder = QStandardItem(style.standardIcon(QStyle.StandardPixmap.SP_DirIcon), node.name)
    folder.setEditable(False)
    full = QStandardItem(node.path)
    full.setEditable(False)
    for res in node.artifacts:
        icon = QStyle.StandardPixmap.SP_DirOpenIcon
        label = res.artifact.name.get(lang)
        if res.artifact.type == "file":
            icon = QStyle.StandardPixmap.SP_FileIcon
            label = f"{label} ({res.path.rsplit('/', 1)[-1] if res.path else ''})"
        item = QStandardItem(style.standardIcon(icon), label)
        item.setEditable(False)
        item.setToolTip(res.artifact.description.get(lang))
        where = QStandardItem(res.path or "")
        where.setEditable(False)
        folder.appendRow([item, where])
    for child in node.children.values():
        folder.appendRow(_node_items(child, lang))
    return [folder, full]
