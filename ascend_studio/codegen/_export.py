"""``export_text``: one entry point for every format; ``write_export`` writes atomically."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from ascend_studio._atomic import atomic_write_text
from ascend_studio.codegen._export_env import (
    export_docker,
    export_env_file,
    export_k8s,
    export_sh,
)
from ascend_studio.codegen._export_py import export_py
from ascend_studio.codegen._export_sess import export_sess
from ascend_studio.codegen._options import EXPORT_FORMATS, ExportError, ExportOptions
from ascend_studio.profile import Profile, dump_profile
from ascend_studio.schema import Catalog, shipped_catalog

__all__ = ["export_text", "write_export"]

_Exporter = Callable[[Profile, Catalog, ExportOptions], str]

_EXPORTERS: dict[str, _Exporter] = {
    "py": export_py,
    "sess": export_sess,
    "sh": export_sh,
    "env-file": export_env_file,
    "docker": export_docker,
    "k8s": export_k8s,
    # JSON has no comments: product and scenario are fields of the document itself.
    "json": lambda p, c, o: dump_profile(p),
}


def export_text(
    profile: Profile,
    fmt: str,
    options: ExportOptions | None = None,
    catalog: Catalog | None = None,
) -> str:
    """``profile`` as text in format ``fmt`` (one of :data:`EXPORT_FORMATS`).

    Pure and deterministic. Raises :class:`ExportError` when the format cannot
    carry something in the profile; then no text is produced at all.
    """
    exporter = _EXPORTERS.get(fmt)
    if exporter is None:
        raise ExportError(
            f"unknown export format {fmt!r}; choose one of {', '.join(EXPORT_FORMATS)}"
        )
    return exporter(profile, catalog or shipped_catalog(), options or ExportOptions())


def write_export(
    path: str | os.PathLike[str],
    profile: Profile,
    fmt: str,
    options: ExportOptions | None = None,
    catalog: Catalog | None = None,
) -> Path:
    """Export and write atomically: the file is complete or untouched."""
    text = export_text(profile, fmt, options, catalog)
    try:
        return atomic_write_text(path, text)
    except OSError as exc:
        raise ExportError(f"cannot write {path}: {exc.strerror or exc}") from exc
