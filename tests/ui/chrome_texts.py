"""Collect the text a user can see in a widget tree, and judge whether it is translated.

Used by the runtime translation test: the window is switched to Chinese and any
shown text that still reads as English (Latin words, no Chinese) is reported,
except what is not chrome: parameter and environment names, Python literals,
paths, format ids and a short list of proper nouns that stay in Latin script in
the Chinese documentation too.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from PySide6 import QtGui
from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, Qt
from PySide6.QtGui import QAction, QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QStackedWidget,
    QTabBar,
    QTextEdit,
    QWidget,
)

from ascend_studio.codegen import EXPORT_FORMATS

__all__ = ["Shown", "shown_texts", "untranslated"]

_CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
_WORD = re.compile(r"[A-Za-z]{2,}")
_TOKEN = re.compile(r"[\w./:*\\${}<>-]+")
_CUT = re.compile(r"\w+…")
_DISPLAY = Qt.ItemDataRole.DisplayRole
_TIP = Qt.ItemDataRole.ToolTipRole

#: Words that stay in Latin script in a Chinese UI: product, framework and tool
#: names, TF Adapter feature names the Chinese docs keep, Python literals, units.
NOT_CHROME_WORDS = frozenset(
    {
        "Ascend", "Studio", "Atlas", "Duo", "TF", "Adapter", "TensorFlow", "Python", "Profiling",
        "Estimator", "Dump", "Kubernetes", "docker", "Horovod", "English", "atc", "msprof",
        "True", "False", "None", "ms",
    }
)  # fmt: skip

#: Whole texts that are data, not chrome: settings of other tools, named the way
#: those tools spell them (resources/catalog/artifacts.toml), and export format ids.
NOT_CHROME_TEXTS = frozenset({"acl.json output", *EXPORT_FORMATS})


@dataclass(frozen=True)
class Shown:
    where: str  # class and objectName of the widget, or "action:name"
    what: str  # text, tooltip, placeholder, item, header...
    text: str


def _plain(text: str) -> str:
    if QtGui.Qt.mightBeRichText(text):
        doc = QTextDocument()
        doc.setHtml(text)
        return doc.toPlainText()
    return text


def _not_chrome(token: str) -> bool:
    """Identifiers, env names, acronyms, command-line flags, paths, numbers, names."""
    core = token.strip("'\"`.,:;()[]{}*")
    return (
        not _WORD.search(core)
        or core.startswith("-")
        or any(mark in core for mark in "_/.")
        or (core.isupper() and len(core) >= 2)
        or core in NOT_CHROME_WORDS
        or any(ch.isdigit() for ch in core)
    )


def _is_code(line: str) -> bool:
    """An example call (``NPURunConfig(dump_path=...)  # note``), shown as code.

    "Default (signature)" parses too; a call counts as code only with keyword
    arguments, empty parentheses or a name no sentence has (``set_x``, ``NPURunConfig``).
    """
    try:
        tree = ast.parse(line.strip())
    except SyntaxError:
        return False
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = ast.unparse(node.func)
            code_name = "_" in name or "." in name or any(c.isupper() for c in name[1:])
            if node.keywords or not node.args or code_name:
                return True
    return False


def untranslated(text: str) -> list[str]:
    """Lines of ``text`` that read as English: Latin words left, no Chinese, not code."""
    bad = []
    for raw in _plain(text).replace("\u2029", "\n").replace("\u200b", "").splitlines():
        line = raw.strip()
        if _CJK.search(line) or line in NOT_CHROME_TEXTS or _is_code(line):
            continue
        # a word cut short by eliding ("Pr…" in a narrow list) cannot be judged: the
        # whole text is in the tooltip the walk reads too
        if not all(_not_chrome(token) for token in _TOKEN.findall(_CUT.sub("", line))):
            bad.append(line)
    return bad


def _name(obj: QObject) -> str:
    return f"{type(obj).__name__}:{obj.objectName()}"


def _shown(widget: QWidget, root: QWidget) -> bool:
    """Shown now, or on another page of a stack (tabs, editor modes) under a shown parent."""
    node: QWidget | None = widget
    while node is not None and node is not root:
        parent = node.parentWidget()
        if node.isHidden() and not isinstance(parent, QStackedWidget):
            return False
        node = parent
    return node is root


def _model_texts(model: QAbstractItemModel, parent: QModelIndex) -> Iterator[tuple[str, str]]:
    for row in range(model.rowCount(parent)):
        column = 0
        while (index := model.index(row, column, parent)).isValid():
            column += 1
            for what, role in (("item", _DISPLAY), ("item tooltip", _TIP)):
                value = model.data(index, role)
                if isinstance(value, str):
                    yield what, value
        first = model.index(row, 0, parent)
        if model.rowCount(first) > 0:
            yield from _model_texts(model, first)


def _combo_texts(combo: QComboBox) -> Iterator[tuple[str, str]]:
    for i in range(combo.count()):
        yield "item", combo.itemText(i)
        yield "item tooltip", str(combo.itemData(i, _TIP) or "")


def _tab_texts(bar: QTabBar) -> Iterator[tuple[str, str]]:
    for i in range(bar.count()):
        yield "tab", bar.tabText(i)
        yield "tab tooltip", bar.tabToolTip(i)


def _header_texts(header: QHeaderView) -> Iterator[tuple[str, str]]:
    model = header.model()
    for section in range(header.count() if model is not None else 0):
        for what, role in (("header", _DISPLAY), ("header tooltip", _TIP)):
            yield what, str(model.headerData(section, header.orientation(), role) or "")


def _view_texts(view: QAbstractItemView) -> Iterator[tuple[str, str]]:
    if view.model() is not None:
        yield from _model_texts(view.model(), QModelIndex())


def _text_edit_texts(edit: QTextEdit) -> Iterator[tuple[str, str]]:
    yield "placeholder", edit.placeholderText()
    if edit.isReadOnly():  # a text browser: its document is what the user reads
        yield "document", edit.toPlainText()


#: What each kind of widget shows besides its tooltip; the first match wins.
_READERS: tuple[tuple[type[Any], Callable[[Any], Iterable[tuple[str, str]]]], ...] = (
    (QLabel, lambda w: [("text", w.text())]),
    (QAbstractButton, lambda w: [("text", w.text())]),
    (QGroupBox, lambda w: [("title", w.title())]),
    (QLineEdit, lambda w: [("placeholder", w.placeholderText())]),
    (QComboBox, _combo_texts),
    (QTabBar, _tab_texts),
    (QHeaderView, _header_texts),
    (QAbstractItemView, _view_texts),
    (QTextEdit, _text_edit_texts),
    (QPlainTextEdit, lambda w: [("placeholder", w.placeholderText())]),
)


def _widget_texts(widget: QWidget) -> Iterator[tuple[str, str]]:
    yield "tooltip", widget.toolTip()
    yield "status tip", widget.statusTip()
    if widget.isWindow() or isinstance(widget, QDockWidget):
        yield "title", widget.windowTitle()
    for kind, read in _READERS:
        if isinstance(widget, kind):
            yield from read(widget)
            return


def shown_texts(root: QWidget) -> list[Shown]:
    """Every non-empty text of ``root``'s shown widgets, its actions and menus."""
    found: list[Shown] = []
    widgets = [root, *root.findChildren(QWidget)]
    for widget in widgets:
        if not _shown(widget, root):
            continue
        found += [Shown(_name(widget), w, t) for w, t in _widget_texts(widget) if t]
    for action in root.findChildren(QAction):
        for what, text in (
            ("text", action.text()),
            ("tooltip", action.toolTip()),
            ("status tip", action.statusTip()),
        ):
            if text:
                found.append(Shown(f"action:{action.objectName()}", what, text))
    for menu in root.findChildren(QMenu):
        if menu.title():
            found.append(Shown(_name(menu), "title", menu.title()))
    return found
