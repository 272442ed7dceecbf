"""Review an imported script before loading it; drag and drop of files.

The window installs the drop handler with the document; the review dialog, the
flows and what they load (the script importers, the rules) are imported when a
file is first dropped or imported (a name below is first used).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ascend_studio._lazy import lazy_attributes

if TYPE_CHECKING:
    from ascend_studio.ui.import_review._dialog import (
        GROUPS,
        ImportReviewDialog,
        OpenDocument,
        kind_label,
    )
    from ascend_studio.ui.import_review._drop import DropHandler, dropped_file
    from ascend_studio.ui.import_review._flow import (
        Chosen,
        import_with_review,
        preview_for,
        review_import,
    )
    from ascend_studio.ui.import_review._install import install_import_review
    from ascend_studio.ui.import_review._merge import Mode, combine

__all__ = [
    "GROUPS",
    "Chosen",
    "DropHandler",
    "ImportReviewDialog",
    "Mode",
    "OpenDocument",
    "combine",
    "dropped_file",
    "import_with_review",
    "install_import_review",
    "kind_label",
    "preview_for",
    "review_import",
]

#: Where each public name lives (its module is imported on first use).
_WHERE = {
    "GROUPS": "_dialog",
    "Chosen": "_flow",
    "OpenDocument": "_dialog",
    "kind_label": "_dialog",
    "preview_for": "_flow",
    "DropHandler": "_drop",
    "ImportReviewDialog": "_dialog",
    "Mode": "_merge",
    "combine": "_merge",
    "dropped_file": "_drop",
    "import_with_review": "_flow",
    "install_import_review": "_install",
    "review_import": "_flow",
}

if not TYPE_CHECKING:
    __getattr__ = lazy_attributes(__name__, _WHERE)
