"""Every companion format by its id, and which parameter's file has which format.

The format of a parameter's file is a catalog fact (``Parameter.file_format``):
code goes parameter -> ``file_format`` -> :class:`Format` and never names the
parameter itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ascend_studio.companion._aoe import AOE_FORMAT
from ascend_studio.companion._base import Format
from ascend_studio.companion._compress import COMPRESS_FORMAT
from ascend_studio.companion._debug import DEBUG_FORMAT
from ascend_studio.companion._dtypes import DTYPES_FORMAT
from ascend_studio.companion._fusion import FUSION_FORMAT
from ascend_studio.companion._kinds import file_format_ids, param_for
from ascend_studio.companion._mixlist import MIXLIST_FORMAT
from ascend_studio.companion._precision import PRECISION_FORMAT
from ascend_studio.schema import FILE_FORMATS, Catalog, Parameter, shipped_catalog

__all__ = [
    "ALIASES",
    "FORMATS",
    "detect",
    "file_formats",
    "format_for",
    "format_of",
    "param_for",
]

FORMATS: Mapping[str, Format[Any]] = {
    f.kind: f
    for f in (
        DEBUG_FORMAT,
        FUSION_FORMAT,
        MIXLIST_FORMAT,
        DTYPES_FORMAT,
        PRECISION_FORMAT,
        AOE_FORMAT,
        COMPRESS_FORMAT,
    )
}
if set(FORMATS) != FILE_FORMATS:  # pragma: no cover - caught by the tests at once
    raise RuntimeError(f"companion formats {sorted(FORMATS)} != schema {sorted(FILE_FORMATS)}")

#: Short names accepted on the command line.
ALIASES: Mapping[str, str] = {
    "debug": "debug_cfg",
    "fusion": "fusion_switch",
    "precision": "precision_ini",
    "aoe": "aoe_json",
    "compress": "compress_list",
}

#: One (catalog, parameter path -> format) per catalog seen: rules ask on every edit.
_BY_CATALOG: dict[int, tuple[Catalog, dict[str, Format[Any]]]] = {}


def file_formats(catalog: Catalog | None = None) -> Mapping[str, Format[Any]]:
    """Parameter path -> the format of its file, for every parameter the catalog gives one."""
    catalog = catalog if catalog is not None else shipped_catalog()
    kept = _BY_CATALOG.get(id(catalog))
    if kept is None or kept[0] is not catalog:
        found = {path: FORMATS[kind] for path, kind in file_format_ids(catalog).items()}
        kept = _BY_CATALOG[id(catalog)] = (catalog, found)
    return kept[1]


def format_of(param: Parameter) -> Format[Any] | None:
    """The format of the file ``param`` names (None: not a companion file)."""
    return FORMATS.get(param.file_format or "")


def format_for(name: str, catalog: Catalog | None = None) -> Format[Any] | None:
    """The format for an id (``debug_cfg``), a short name (``debug``) or a parameter
    whose catalog entry names one (``op_debug_config``)."""
    found = FORMATS.get(ALIASES.get(name, name))
    return found if found is not None else file_formats(catalog).get(name)


#: Detection order: the most specific signatures first.
_ORDER = (
    "fusion_switch",
    "aoe_json",
    "mixlist",
    "precision_ini",
    "debug_cfg",
    "dtypes",
    "compress_list",
)


def detect(text: str) -> str | None:
    """The format id ``text`` looks like, or None when nothing fits."""
    return next((k for k in _ORDER if FORMATS[k].looks_like(text)), None)
