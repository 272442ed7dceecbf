"""Parameter editors and the one registry that picks them (kind + variant).

The editors' dialogs are imported when first used (``_dialogs.py`` says why).
"""

from typing import TYPE_CHECKING

from ascend_studio._lazy import lazy_attributes
from ascend_studio.ui.editors._base import Editor, Explain
from ascend_studio.ui.editors._enum import EnumEditor
from ascend_studio.ui.editors._json import JsonEditor
from ascend_studio.ui.editors._list import ListEditor, PairEditor
from ascend_studio.ui.editors._path import PathEditor
from ascend_studio.ui.editors._registry import editor_class, register, registered
from ascend_studio.ui.editors._scalar import (
    BoolEditor,
    ExprEditor,
    FloatEditor,
    IntEditor,
    StrEditor,
    default_text,
)
from ascend_studio.ui.editors._subconfig import SubconfigEditor

if TYPE_CHECKING:
    from ascend_studio.ui.editors._dialogs import ItemListDialog, ProfilingOptionsDialog

__all__ = [
    "BoolEditor",
    "Editor",
    "EnumEditor",
    "Explain",
    "ExprEditor",
    "FloatEditor",
    "IntEditor",
    "ItemListDialog",
    "JsonEditor",
    "ListEditor",
    "PairEditor",
    "PathEditor",
    "ProfilingOptionsDialog",
    "StrEditor",
    "SubconfigEditor",
    "default_text",
    "editor_class",
    "register",
    "registered",
]

if not TYPE_CHECKING:
    __getattr__ = lazy_attributes(
        __name__, {"ItemListDialog": "_dialogs", "ProfilingOptionsDialog": "_dialogs"}
    )
