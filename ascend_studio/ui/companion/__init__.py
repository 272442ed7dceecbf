"""Editing the files path parameters point to ("Edit file…")."""

from ascend_studio.ui.companion._controller import CompanionController, drop_stale_text

# The dialog (and the rules it runs) loads when first opened, not at start-up.
__all__ = ["CompanionController", "drop_stale_text"]
