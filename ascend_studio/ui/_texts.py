"""Sentences the form composes from catalog data (availability, defaults, tags).

Kept apart from the widgets so the row, the enum editor and the navigation say
the same thing the same way, in the current UI language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ascend_studio.schema import Catalog, Parameter
from ascend_studio.ui._core import Unavailable
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui._values import is_expr

if TYPE_CHECKING:
    from ascend_studio.profile import Value

__all__ = [
    "escape",
    "explain_unavailable",
    "show_value",
    "tag_colors",
    "tag_html",
    "tags_for",
]


def escape(text: str) -> str:
    """``text`` safe inside Qt rich text: exactly what ``html.escape(text)`` returns.
    Every view's rich text uses it: the rows need it before the window's first paint,
    and the ``html`` module loads its table of named entities on import (about 5 ms)."""
    for plain, entity in _ENTITIES:
        text = text.replace(plain, entity)
    return text


#: What ``escape`` replaces, ``&`` first (as html.escape does).
_ENTITIES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("'", "&#x27;"))


def show_value(value: Value | object | None) -> str:
    """A value as code writes it: ``'force_fp16'``, ``544``, ``args.mode``."""
    if value is None:
        return "None"
    if is_expr(value):
        return value.expr
    return repr(value)


def explain_unavailable(problem: Unavailable, catalog: Catalog, lang: Language) -> str:
    if problem.reason == "release":
        if problem.since:
            return tr("since TF Adapter {release}").format(release=problem.since)
        where = problem.where.get(lang) if problem.where is not None else ""
        return tr("not in TF Adapter {release}; exists {where}").format(
            release=problem.release, where=where
        )
    if problem.reason == "unsupported":
        return tr("not supported in this version")
    if problem.reason == "scenario":
        return (
            tr("online inference only") if problem.scenario == "inference" else tr("training only")
        )
    names = [
        catalog.product(p).short.get(lang) for p in problem.products if p in catalog.product_ids
    ]
    if not names:
        return tr("not available on any product")
    return tr("only on {products}").format(products=", ".join(names))


def tags_for(param: Parameter) -> list[tuple[str, str]]:
    """(css class, text) of the tags a parameter carries, in display order."""
    tags: list[tuple[str, str]] = []
    if param.session is not None and param.session.session_only:
        tags.append(("note", tr("sess.run only")))
    if param.deprecated:
        tags.append(("deprecated", tr("deprecated")))
    if param.no_effect:
        tags.append(("deprecated", tr("no longer effective")))
    if param.experimental:
        tags.append(("experimental", tr("experimental")))
    if param.undocumented:
        tags.append(("note", tr("undocumented")))
    if param.inherited:
        tags.append(("note", tr("from RunConfig")))
    return tags


_TAG_COLORS = {
    "deprecated": ("#8a4b00", "#fff1d6"),
    "experimental": ("#5b2a86", "#efe4fa"),
    "note": ("#44546a", "#e9eef4"),
    "unavailable": ("#8f1d1d", "#fbe3e3"),
}


def tag_colors(kind: str) -> tuple[str, str]:
    """The text and background colours of a tag of ``kind`` (a "note" when unknown)."""
    return _TAG_COLORS.get(kind, _TAG_COLORS["note"])


def tag_html(kind: str, text: str) -> str:
    fg, bg = tag_colors(kind)
    return f'<span style="color:{fg}; background-color:{bg};">&nbsp;{escape(text)}&nbsp;</span>'
