"""Parameter editors and the one registry that picks them (kind + variant)."""

from ascend_studio.ui.editors._base import Editor, Explain
from ascend_studio.ui.editors._enum import EnumEditor
from ascend_studio.ui.editors._json import JsonEditor, ProfilingOptionsDialog
from ascend_studio.ui.editors._list import ItemListDialog, ListEditor, PairEditor
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
