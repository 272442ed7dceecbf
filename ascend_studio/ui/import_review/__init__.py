"""Review an imported script before loading it; drag and drop of files."""

from ascend_studio.ui.import_review._dialog import GROUPS, ImportReviewDialog
from ascend_studio.ui.import_review._drop import DropHandler, dropped_file
from ascend_studio.ui.import_review._flow import import_with_review, review_import
from ascend_studio.ui.import_review._install import install_import_review
from ascend_studio.ui.import_review._merge import Mode, combine

__all__ = [
    "GROUPS",
    "DropHandler",
    "ImportReviewDialog",
    "Mode",
    "combine",
    "dropped_file",
    "import_with_review",
    "install_import_review",
    "review_import",
]
