"""The machine the tool runs on: what CANN and TF Adapter are installed, and the
release that makes (Qt-free). ``_toolkit`` imports nothing of the core, so the
``doctor`` command and ``--release auto`` share one reading of the machine."""

from ascend_studio.machine._release import (
    AUTO,
    Resolved,
    auto_release,
    release_problem,
    resolve_release,
)
from ascend_studio.machine._toolkit import Found, Toolkit, detect_toolkit, read_info, signatures

__all__ = [
    "AUTO",
    "Found",
    "Resolved",
    "Toolkit",
    "auto_release",
    "detect_toolkit",
    "read_info",
    "release_problem",
    "resolve_release",
    "signatures",
]
