"""Qt's enum values the window's first paint needs, without PySide6's ``Qt`` namespace.

PySide6 makes a class the first time it is read from its module, and with it every
Python enum class the class holds: for the ``Qt`` namespace that is 93 enum classes
with some 1,200 members, about 11 ms of CPython's ``enum`` machinery, which a bare
``QMainWindow`` never pays. PySide6 (6.11) has no option that makes them later:
``PYSIDE6_OPTION_LAZY`` defers whole classes, not their enums, and
``PYSIDE6_OPTION_PYTHON_ENUM`` only changes how the enums behave.

So the code that runs before the first paint does without ``Qt``: an item's data
role is a plain int in Qt's API, and an enum or flags property is set through Qt's
property system by its keys' names, as Qt Designer's forms set them (Qt converts the
names with the property's own enum; the widget's setter runs as if called
directly). Reading an enum back (``label.alignment()``) makes ``Qt`` too, and so does
a call whose overloads include one taking a ``Qt`` enum, when PySide6 tries that one
before the one that matches: a palette is copied with ``copy.copy``, not
``QPalette(palette)``, and a splitter is made with ``QSplitter(parent=widget)``, not
``QSplitter(widget)``. The modules imported before the first paint read
``QtCore.Qt`` in the code that runs after it. ``tests/ui/test_first_paint.py`` fails
if ``Qt`` is made before the first paint.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

__all__ = ["FOREGROUND_ROLE", "LABEL_ALIGNMENT", "TOOLTIP_ROLE", "USER_ROLE", "set_enum"]

#: ``Qt.ItemDataRole.ToolTipRole``
TOOLTIP_ROLE = 3
#: ``Qt.ItemDataRole.ForegroundRole``
FOREGROUND_ROLE = 9
#: ``Qt.ItemDataRole.UserRole``: the first role free for an application's own data
USER_ROLE = 256
#: ``Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter``: a ``QLabel``'s own
#: alignment (reading ``alignment()`` makes ``Qt``)
LABEL_ALIGNMENT = 0x0081


def set_enum(target: QObject, name: str, keys: str) -> None:
    """Set ``target``'s enum or flags property ``name`` to ``keys``: the enum's key
    names (without their scope), flags joined by ``|`` (``"AlignRight|AlignVCenter"``).

    Raises ValueError if the property or a key does not exist (Qt refuses the write)."""
    if not target.setProperty(name, keys):
        raise ValueError(f"{type(target).__name__}.{name} cannot be set to {keys!r}")
