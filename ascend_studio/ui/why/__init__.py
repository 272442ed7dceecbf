"""The details / "why" panel for the selected parameter."""

from ascend_studio.ui.why._html import artifacts_for, param_link, why_html
from ascend_studio.ui.why._install import install_why_panel, row_parameter
from ascend_studio.ui.why._panel import WhyPanel

__all__ = [
    "WhyPanel",
    "artifacts_for",
    "install_why_panel",
    "param_link",
    "row_parameter",
    "why_html",
]
