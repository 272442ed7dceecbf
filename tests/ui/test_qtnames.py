"""What the window sets before its first paint without PySide6's ``Qt`` namespace
(``ui/_qtnames.py``) is what ``Qt`` would have set, and what needs ``Qt`` comes after it.

That ``Qt`` is not made before the first paint is checked by the start itself in
``test_first_paint.py`` (``NOT_AT_FIRST_PAINT``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QLineEdit, QSplitter, QToolButton

from ascend_studio.ui import _qtnames
from ascend_studio.ui._window import MainWindow


def test_the_plain_values_are_qts(qtbot: Any) -> None:
    roles = Qt.ItemDataRole
    found = (_qtnames.TOOLTIP_ROLE, _qtnames.FOREGROUND_ROLE, _qtnames.USER_ROLE)
    assert found == (roles.ToolTipRole.value, roles.ForegroundRole.value, roles.UserRole.value)
    label = QLabel()
    qtbot.addWidget(label)
    assert label.alignment().value == _qtnames.LABEL_ALIGNMENT


def test_an_enum_property_is_set_by_its_keys_names(qtbot: Any) -> None:
    line, splitter, button = QLineEdit(), QSplitter(), QToolButton()
    for widget in (line, splitter, button):
        qtbot.addWidget(widget)
    _qtnames.set_enum(line, "alignment", "AlignRight|AlignVCenter")
    _qtnames.set_enum(splitter, "orientation", "Vertical")
    _qtnames.set_enum(button, "toolButtonStyle", "ToolButtonTextOnly")
    assert line.alignment() == Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    assert splitter.orientation() == Qt.Orientation.Vertical
    assert button.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonTextOnly


@pytest.mark.parametrize(
    ("name", "keys"), [("alignment", "AlignSideways"), ("alinement", "AlignLeft")]
)
def test_a_key_or_property_qt_does_not_know_is_an_error(qtbot: Any, name: str, keys: str) -> None:
    line = QLineEdit()
    qtbot.addWidget(line)
    with pytest.raises(ValueError, match=name):
        _qtnames.set_enum(line, name, keys)
    assert line.alignment() == Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter


def test_the_shell_sets_what_qt_would_have_set(window: MainWindow) -> None:
    assert window.side.orientation() == Qt.Orientation.Vertical
    assert window.main.orientation() == Qt.Orientation.Horizontal
    style = window.fix_all_button.toolButtonStyle()
    assert style == Qt.ToolButtonStyle.ToolButtonTextOnly
    policy = Qt.ScrollBarPolicy
    assert window.nav.horizontalScrollBarPolicy() == policy.ScrollBarAlwaysOff
    assert window.form.horizontalScrollBarPolicy() == policy.ScrollBarAsNeeded
    file_label = window.file_label
    assert file_label.alignment() & Qt.AlignmentFlag.AlignVCenter
    assert window.corner(Qt.Corner.BottomRightCorner) == Qt.DockWidgetArea.RightDockWidgetArea
    assert window.findChildren(QDockWidget)  # the corner set with the docks


@pytest.mark.parametrize("progressive", [True, False])
def test_the_form_keeps_its_painted_parts_once_the_window_is_built(
    qtbot: Any, make_window: Callable[..., MainWindow], progressive: bool
) -> None:
    """Rows built below the view must not repaint what is in view: set right after the
    first paint (it needs ``Qt``), or with the document when it is built at once."""
    window = make_window(progressive=progressive)
    qtbot.waitUntil(window.is_built, timeout=10000)
    static = Qt.WidgetAttribute.WA_StaticContents
    parts = [window.form.body, *window.form.sections.values()]
    assert len(parts) > 10
    assert all(part.testAttribute(static) for part in parts)
