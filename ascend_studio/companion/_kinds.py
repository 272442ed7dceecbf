"""Which parameter's file has which format, from the catalog alone.

The rules ask this for every evaluation, and for most scripts no parameter with a
file is set: answering it here, from ``Parameter.file_format``, leaves the formats'
modules (parsers, checkers, templates) unimported until a file is read or checked
(``_registry`` maps the ids to the formats).
"""

from __future__ import annotations

from collections.abc import Mapping

from ascend_studio.schema import Catalog, shipped_catalog

__all__ = ["file_format_ids", "param_for"]

#: One (catalog, parameter path -> format id) per catalog seen: rules ask on every edit.
_BY_CATALOG: dict[int, tuple[Catalog, dict[str, str]]] = {}


def file_format_ids(catalog: Catalog | None = None) -> Mapping[str, str]:
    """Parameter path -> the id of its file's format, in catalog order, for every
    parameter the catalog gives one."""
    catalog = catalog if catalog is not None else shipped_catalog()
    kept = _BY_CATALOG.get(id(catalog))
    if kept is None or kept[0] is not catalog:
        found = {p.path: p.file_format for p in catalog.params if p.file_format}
        kept = _BY_CATALOG[id(catalog)] = (catalog, found)
    return kept[1]


def param_for(format_id: str, catalog: Catalog | None = None) -> str | None:
    """The parameter whose file has format ``format_id`` (the first in catalog order)."""
    return next((p for p, f in file_format_ids(catalog).items() if f == format_id), None)
