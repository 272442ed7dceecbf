"""The "This machine" dock: a doctor report of this machine or of another one."""

from ascend_studio.ui.machine._install import apply_to_paths, install_machine
from ascend_studio.ui.machine._view import MachineView

__all__ = ["MachineView", "apply_to_paths", "install_machine"]
