"""Hover: what the word under the cursor is, from the catalog, for this configuration.

A keyword of a configuration call, a ``parameter_map`` key, an environment
variable (``export``, ``os.environ[...]``) or a value written for one of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lsprotocol import types as lsp

from ascend_studio.lsp._context import Place, python_place, shell_place
from ascend_studio.lsp._describe import (
    describe_env,
    describe_owner,
    describe_param,
    describe_value,
    effective_line,
    output_lines,
)
from ascend_studio.lsp._lookup import config_at, dialect_of, names, owner_names, value_named
from ascend_studio.lsp._text import Snapshot

if TYPE_CHECKING:
    from ascend_studio.lsp._check import Outcome
    from ascend_studio.profile import Profile
    from ascend_studio.schema import Catalog, Parameter

__all__ = ["Request", "hover"]

_WORD = re.compile(r"\w+")
_QUOTED = re.compile(r"""(["'])((?:\\.|(?!\1).)*)\1""")


@dataclass(frozen=True)
class Request:
    snapshot: Snapshot
    #: The name the document is checked under (tells its dialect).
    name: str
    line: int
    column: int
    outcome: Outcome | None
    catalog: Catalog
    lang: str


def _word_at(text: str, column: int) -> tuple[int, int] | None:
    """The span of the string's contents or the word the cursor is in."""
    for found in _QUOTED.finditer(text):
        if found.start(2) <= column <= found.end(2) and found.end(2) > found.start(2):
            return found.start(2), found.end(2)
    for found in _WORD.finditer(text):
        if found.start() <= column <= found.end():
            return found.start(), found.end()
    return None


def _param_hover(req: Request, param: Parameter, profile: Profile | None) -> str:
    here: list[str] = []
    if profile is not None:
        here += effective_line(profile, param.path, req.catalog, req.lang)
        here += output_lines(profile, [param.path], req.lang)
    return describe_param(param, req.catalog, req.lang, here)


def _env_hover(req: Request, name: str, profile: Profile | None) -> str | None:
    var = req.catalog.env_var(name)
    if var is None:
        return None
    here = [] if profile is None else output_lines(profile, [name], req.lang)
    return describe_env(var, req.catalog, req.lang, here)


def _python_target(req: Request, start: int, word: str) -> tuple[Parameter | None, str | None]:
    """The parameter the word at ``start`` of the cursor's line concerns, and the value
    written for it when the word is one."""
    offset = req.snapshot.offset(req.line, start)
    text = req.snapshot.text
    quoted = start > 0 and req.snapshot.lines[req.line][start - 1] in "\"'"
    place = python_place(text[: offset - 1 if quoted else offset], owner_names())
    index = names(req.catalog)
    if place.where == "keyword" and place.owner is not None:
        return index.keyword(place.owner, word), None
    if place.where == "value" and place.owner is not None and place.keyword is not None:
        return index.keyword(place.owner, place.keyword), word
    if place.where == "map_key":
        return index.by_key.get(word), None
    if place.where == "map_value" and place.keyword is not None:
        return index.by_key.get(place.keyword), word
    return None, None


def _python(req: Request, start: int, word: str, profile: Profile | None) -> str | None:
    param, value = _python_target(req, start, word)
    if param is None and word in owner_names():
        return describe_owner(word, req.catalog, req.lang)
    if param is None:
        return _env_hover(req, word, profile)
    if value is not None:
        found = value_named(param, value)
        if found is None:
            return _param_hover(req, param, profile)
        return describe_value(param, found, req.catalog, req.lang)
    return _param_hover(req, param, profile)


def _shell(req: Request, start: int, end: int, profile: Profile | None) -> str | None:
    line = req.snapshot.lines[req.line]
    word = line[start:end]
    place: Place = shell_place(line[:start], env_file=True)
    if place.where == "value" and place.keyword is not None:
        return _env_hover(req, place.keyword, profile)
    return _env_hover(req, word, profile)


def _profile(req: Request, word: str, profile: Profile | None) -> str | None:
    """A key of the profile's ``values`` (a parameter path) or ``env``."""
    if req.catalog.has(word):
        return _param_hover(req, req.catalog.param(word), profile)
    param = names(req.catalog).by_name.get(word)
    if param is not None:
        return _param_hover(req, param, profile)
    return _env_hover(req, word, profile)


def hover(req: Request) -> lsp.Hover | None:
    if not 0 <= req.line < len(req.snapshot.lines):
        return None
    line = req.snapshot.lines[req.line]
    span = _word_at(line, req.column)
    if span is None:
        return None
    start, end = span
    word = line[start:end]
    profile = config_at(req.outcome, req.line + 1)
    dialect = dialect_of(req.name)
    if dialect == "python":
        text = _python(req, start, word, profile)
    elif dialect == "profile":
        text = _profile(req, word, profile)
    else:
        text = _shell(req, start, end, profile)
    if text is None:
        return None
    contents = lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text)
    return lsp.Hover(contents=contents, range=req.snapshot.span(req.line, start, end))
