"""Path-priority inspector: where every artifact lands, and why (Qt view over paths)."""

from ascend_studio.ui.inspector._cluster import ClusterDialog, plan_html
from ascend_studio.ui.inspector._context import ContextEditor
from ascend_studio.ui.inspector._delegate import ChainDelegate, chain_boxes
from ascend_studio.ui.inspector._install import install_inspector
from ascend_studio.ui.inspector._layout import LayoutNode, layout_nodes
from ascend_studio.ui.inspector._model import (
    ARTIFACT_ROLE,
    CHAIN_COLUMN,
    NAME_COLUMN,
    PARAMETER_ROLE,
    PATH_COLUMN,
    STATE_ROLE,
    STATUS_COLUMN,
    PathChainModel,
)
from ascend_studio.ui.inspector._view import InspectorView
from ascend_studio.ui.inspector._workpath import WorkPathField

__all__ = [
    "ARTIFACT_ROLE",
    "CHAIN_COLUMN",
    "NAME_COLUMN",
    "PARAMETER_ROLE",
    "PATH_COLUMN",
    "STATE_ROLE",
    "STATUS_COLUMN",
    "ChainDelegate",
    "ClusterDialog",
    "ContextEditor",
    "InspectorView",
    "LayoutNode",
    "PathChainModel",
    "WorkPathField",
    "chain_boxes",
    "install_inspector",
    "layout_nodes",
    "plan_html",
]
