"""Options shared by every exporter (the formats are :class:`._format.ExportFormat`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ascend_studio._words import say

__all__ = ["ExportError", "ExportOptions"]


class ExportError(ValueError):
    """The profile holds something the chosen format cannot carry.

    The message names the parameter or variable and why, so the user can fix
    the profile or pick another format; no partial text is produced. ``str()`` is
    English; :meth:`text` gives either language (the same text where only English
    was given).
    """

    def __init__(self, message: str, zh: str | None = None) -> None:
        super().__init__(message)
        self._zh = zh if zh is not None else message

    def text(self, lang: str) -> str:
        return self._zh if lang == "zh" else str(self)

    @classmethod
    def said(cls, text: str, **fields: object) -> ExportError:
        """The error whose message is the message table's ``text``, ``fields`` filled."""
        return cls(say(text, "en", **fields), say(text, "zh", **fields))


@dataclass(frozen=True)
class ExportOptions:
    """How an export is written (defaults as comments, paths, language...)."""

    #: Add the (documented) defaults of unset parameters as comments.
    with_defaults: bool = False
    #: Path-like values are read from ``os.environ`` (literal as fallback).
    env_paths: bool = False
    #: Put rule diagnostics next to the parameters they concern.
    diagnostics: bool = True
    #: Language of diagnostics and explanatory comments: "en" or "zh".
    lang: Literal["en", "zh"] = "en"
