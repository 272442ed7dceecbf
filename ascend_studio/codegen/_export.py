"""``export_text``: one entry point for every format; ``write_export`` writes atomically.

Formats are found, not listed: every ``_export_*.py`` module of this package
defines ``FORMATS`` (see :mod:`._format`). :func:`register_format` adds one from
elsewhere (a plug-in, a test).
"""

from __future__ import annotations

import functools
import importlib
import os
import pkgutil
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ascend_studio._atomic import atomic_write_text
from ascend_studio.codegen._format import ExportFormat
from ascend_studio.codegen._options import ExportError, ExportOptions
from ascend_studio.codegen._spelling import spelled_for_release
from ascend_studio.profile import Profile, unwritable
from ascend_studio.schema import Catalog, shipped_catalog

if TYPE_CHECKING:
    from ascend_studio.rules import Diagnostic

__all__ = [
    "export_format",
    "export_formats",
    "export_text",
    "register_format",
    "unregister_format",
    "write_export",
]

_REGISTRY: dict[str, ExportFormat] = {}


@functools.cache
def _discover() -> None:
    """Register the package's own formats, once, on first use (whether or not a
    plug-in or a test registered one before: that one does not stand for them)."""
    package = __name__.rpartition(".")[0]
    path = importlib.import_module(package).__path__
    for info in sorted(pkgutil.iter_modules(path), key=lambda m: m.name):
        if info.name.startswith("_export_"):
            module = importlib.import_module(f"{package}.{info.name}")
            for fmt in getattr(module, "FORMATS", ()):
                register_format(fmt)


def register_format(fmt: ExportFormat) -> None:
    """Make ``fmt`` an export format everywhere (CLI, menus, previews); ids are unique."""
    known = _REGISTRY.get(fmt.id)
    if known is not None and known != fmt:
        raise ValueError(f"export format {fmt.id!r} is defined twice")
    _REGISTRY[fmt.id] = fmt


def unregister_format(format_id: str) -> None:
    _REGISTRY.pop(format_id, None)


def export_formats() -> tuple[ExportFormat, ...]:
    """Every export format, in menu order."""
    _discover()
    return tuple(sorted(_REGISTRY.values(), key=lambda f: (f.order, f.id)))


def export_format(format_id: str) -> ExportFormat:
    """The format ``format_id``; :class:`ExportError` naming the choices otherwise."""
    for fmt in export_formats():
        if fmt.id == format_id:
            return fmt
    choices = ", ".join(f.id for f in export_formats())
    raise ExportError(f"unknown export format {format_id!r}; choose one of {choices}")


def export_text(
    profile: Profile,
    fmt: str,
    options: ExportOptions | None = None,
    catalog: Catalog | None = None,
    diagnostics: Sequence[Diagnostic] | None = None,
) -> str:
    """``profile`` as text in format ``fmt`` (an id of :func:`export_formats`).

    ``diagnostics`` is the profile's evaluation when the caller has it (the app
    evaluates once per edit for the form and every preview); without it the rules
    run here, once. Pure and deterministic. Raises :class:`ExportError` when the
    format cannot carry something in the profile; then no text is produced at all.
    """
    chosen = export_format(fmt)
    problem = unwritable(profile)  # a profile edited in code without validation
    if problem is not None:
        raise ExportError(f"nothing exported: {problem}")
    options = options or ExportOptions()
    catalog = catalog or shipped_catalog()
    spelled = spelled_for_release(profile, catalog)  # "true" as r3.2.0 spells it: "True"
    if spelled is not profile:
        profile, diagnostics = spelled, None  # the caller's evaluation was of the other
    if not options.diagnostics or not chosen.comments:
        diagnostics = ()
    elif diagnostics is None:
        from ascend_studio.rules import evaluate  # only when the caller has no evaluation

        diagnostics = evaluate(profile, catalog)
    return chosen.export(profile, catalog, options, diagnostics)


def write_export(
    path: str | os.PathLike[str],
    profile: Profile,
    fmt: str,
    options: ExportOptions | None = None,
    catalog: Catalog | None = None,
    *,
    diagnostics: Sequence[Diagnostic] | None = None,
) -> Path:
    """Export and write atomically: the file is complete or untouched."""
    text = export_text(profile, fmt, options, catalog, diagnostics)
    try:
        return atomic_write_text(path, text)
    except OSError as exc:
        raise ExportError(f"cannot write {path}: {exc.strerror or exc}") from exc
