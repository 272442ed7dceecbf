"""The importer's findings a report shows: shared by the batch and the single-file report
(which imports this alone, not the batch's checking)."""

from __future__ import annotations

from ascend_studio.codegen import ImportResult, ReportItem
from ascend_studio.schema import Catalog

__all__ = ["RULE_COVERED", "reported_items"]

#: Import findings the rules report themselves (an unknown keyword is a rule error).
RULE_COVERED = frozenset({"unknown_kwarg", "unknown_key"})


def _concerns_us(item: ReportItem, catalog: Catalog) -> bool:
    """False for an import finding about a variable the catalog does not know (``PYTHONPATH``
    set twice is no NPU configuration problem)."""
    if item.path is None or not item.path.startswith("env:"):
        return True
    return catalog.env_var(item.path[4:]) is not None


def reported_items(result: ImportResult, catalog: Catalog) -> list[ReportItem]:
    """The import's findings both reports show (and count): its errors, warnings and
    noted kinds, except what the rules report and what concerns no NPU variable."""
    return [
        item
        for item in result.report.items
        if item.reported and item.kind not in RULE_COVERED and _concerns_us(item, catalog)
    ]
