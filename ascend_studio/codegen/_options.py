"""Options shared by every exporter (the formats are :class:`._format.ExportFormat`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["ExportError", "ExportOptions"]


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
