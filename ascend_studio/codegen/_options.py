"""Export formats and options shared by every exporter."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["EXPORT_FORMATS", "ExportError", "ExportFormat", "ExportOptions"]

ExportFormat = Literal["py", "sess", "sh", "env-file", "docker", "k8s", "json"]
EXPORT_FORMATS: tuple[ExportFormat, ...] = ("py", "sess", "sh", "env-file", "docker", "k8s", "json")


class ExportError(ValueError):
    """The profile holds something the chosen format cannot carry.

    The message names the parameter or variable and why, so the user can fix
    the profile or pick another format; no partial text is produced.
    """


@dataclass(frozen=True)
class ExportOptions:
    #: Add the (documented) defaults of unset parameters as comments.
    with_defaults: bool = False
    #: Path-like values are read from ``os.environ`` (literal as fallback).
    env_paths: bool = False
    #: Put rule diagnostics next to the parameters they concern.
    diagnostics: bool = True
    #: Language of diagnostics and explanatory comments: "en" or "zh".
    lang: Literal["en", "zh"] = "en"
