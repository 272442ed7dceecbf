"""Editing the files path parameters point to ("Edit file…")."""

from ascend_studio.ui.companion._controller import CompanionController
from ascend_studio.ui.companion._dialog import CompanionDialog, file_findings, make_form

__all__ = ["CompanionController", "CompanionDialog", "file_findings", "make_form"]
