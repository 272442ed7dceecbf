"""The sources table (``resources/catalog/sources.toml``) and citations rendered from it.

A citation is ``<id>``, ``<id>:<anchor>`` or ``<id> <words>``; an id ending in
``/`` is a repository folder and covers every citation that starts with it. A
text may hold several citations separated by ``"; "``. Everything a user reads
about where a fact comes from goes through :func:`render_citations`, so it
names the public page or file, never an id of our own making.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from ascend_studio.schema._models import CONFIG

__all__ = [
    "Source",
    "citation_id",
    "render_citation",
    "render_citations",
    "resolve",
    "split_citations",
]


@dataclass(frozen=True, kw_only=True)
class Source:
    """A public page, repository file or folder that citations name."""

    __pydantic_config__: ClassVar[dict[str, Any]] = CONFIG

    id: str
    #: The page's title, or the repository's name for a file or folder.
    title: str
    kind: Literal["page", "file", "folder", "data"]
    #: A file or folder inside the repository (``url``).
    path: str = ""
    url: str = ""

    def __post_init__(self) -> None:
        if not self.id or not self.title:
            raise ValueError(f"source {self.id!r}: id and title must not be empty")


def citation_id(citation: str) -> str:
    """The id part of one citation: up to the first ``:`` or blank."""
    text = citation.strip()
    ends = [i for i in (text.find(":"), text.find(" ")) if i >= 0]
    return text[: min(ends)] if ends else text


def resolve(citation: str, table: Mapping[str, Source]) -> Source | None:
    """The source ``citation`` names, or None."""
    head = citation_id(citation)
    if head in table:
        return table[head]
    for key, source in table.items():
        if key.endswith("/") and (head.startswith(key) or head == key[:-1]):
            return source
    return None


def render_citation(citation: str, table: Mapping[str, Source]) -> str:
    """One citation as a reader should see it: title and public location."""
    citation = citation.strip()
    source = resolve(citation, table)
    if source is None:
        return citation
    head = citation_id(citation)
    rest = citation[len(head) :].lstrip(": ").strip()
    if source.kind == "folder":
        where = f"{source.title} {citation}"
    elif source.kind == "page":
        where = f"{source.title} ({source.url})" if source.url else source.title
        where += f" › {rest}" if rest else ""
    else:  # the id becomes the file's repository and path; the anchor stays as written
        where = f"{source.title} {source.path}".strip() + citation[len(head) :]
    return where


def split_citations(text: str) -> list[str]:
    """``"a; b (c; d)"`` -> ``["a", "b (c; d)"]``: a ``"; "`` inside parentheses is prose."""
    if "(" not in text:  # never inside parentheses: every "; " splits
        return [p for p in text.split("; ") if p.strip()]
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif depth <= 0 and char == ";" and text.startswith("; ", index):
            parts.append(text[start:index])
            start = index + 2
    parts.append(text[start:])
    return [p for p in parts if p.strip()]


def render_citations(text: str, table: Mapping[str, Source]) -> str:
    """``"a; b"`` with each citation rendered."""
    return "; ".join(render_citation(part, table) for part in split_citations(text))
