"""``.gitignore`` patterns, matched without regular expressions (no pattern can hang).

A repository's ``.gitignore`` or a project's ``exclude`` list is input the tool
does not control: a regular-expression translation of ``*a*a*a…*b`` backtracks
exponentially on a long name. Here a segment is matched by the two-pointer
wildcard algorithm (at most pattern length × name length steps) and ``**`` by a
table over path segments, so the time stays polynomial whatever the pattern.

Semantics, as git documents them (gitignore(5)) and as the walker used them
before: blank lines and ``#`` lines are nothing; ``!`` re-includes; a trailing
``/`` matches directories only; a pattern with a ``/`` before its end is
anchored to its base folder, one without matches a name at any depth; ``*`` and
``?`` stop at ``/``; ``[...]`` is a class (``!`` or ``^`` negates, ``a-z`` a
range); ``\\`` escapes; ``**/``, ``/**`` and ``/**/`` span folders. A pattern
decides for a path when it is the last pattern matching it; a path inside an
excluded folder is excluded, whatever comes after (as git: nothing inside an
ignored folder comes back). A pattern git would reject (a
reversed range ``[z-a]``, a lone ``\\`` at the end, a bare ``!``) is skipped and
reported, as git skips it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

__all__ = ["GlobSpec", "InvalidPattern"]


class InvalidPattern(ValueError):
    pass


#: One segment, as a list of tokens: a literal character, "*", "?", or a class
#: (negated, ranges as (low, high) pairs).
Token = str | tuple[bool, tuple[tuple[str, str], ...]]
_STAR, _ANY = "\0*", "\0?"


def _class(text: str, start: int) -> tuple[Token, int]:
    """The class starting after ``[`` at ``start``; (token, index after ``]``)."""
    i = start
    negated = i < len(text) and text[i] in "!^"
    i += negated
    ranges: list[tuple[str, str]] = []
    first = True
    while i < len(text) and (text[i] != "]" or first):
        low = text[i + 1] if text[i] == "\\" and i + 1 < len(text) else text[i]
        i += 2 if text[i] == "\\" else 1
        first = False
        if i + 1 < len(text) and text[i] == "-" and text[i + 1] != "]":
            high = text[i + 1]
            if high < low:
                raise InvalidPattern(f"the range {low}-{high} is reversed")
            ranges.append((low, high))
            i += 2
        else:
            ranges.append((low, low))
    if i >= len(text):
        return "[", start  # no closing bracket: a literal "["
    return (negated, tuple(ranges)), i + 1


def _tokens(segment: str) -> list[Token]:
    out: list[Token] = []
    i = 0
    while i < len(segment):
        ch = segment[i]
        if ch == "\\":
            if i + 1 >= len(segment):
                raise InvalidPattern("it ends with an escaping backslash")
            out.append(segment[i + 1])
            i += 2
        elif ch == "*":
            if not out or out[-1] != _STAR:
                out.append(_STAR)
            i += 1
        elif ch == "?":
            out.append(_ANY)
            i += 1
        elif ch == "[":
            token, i = _class(segment, i + 1)
            out.append(token)
        else:
            out.append(ch)
            i += 1
    return out


def _one(token: Token, ch: str) -> bool:
    if isinstance(token, tuple):
        negated, ranges = token
        return (ch != "/") and (any(lo <= ch <= hi for lo, hi in ranges) != negated)
    return token in (_ANY, ch)


def _segment_matches(tokens: list[Token], name: str) -> bool:
    """Wildcard match of one segment: the greedy two-pointer algorithm, which only
    ever goes back to the last ``*`` (at most len(tokens) × len(name) steps)."""
    t = n = 0
    star_t, star_n = -1, 0
    while n < len(name):
        if t < len(tokens) and tokens[t] == _STAR:
            star_t, star_n = t, n
            t += 1
        elif t < len(tokens) and _one(tokens[t], name[n]):
            t += 1
            n += 1
        elif star_t >= 0:
            t, star_n = star_t + 1, star_n + 1
            n = star_n
        else:
            return False
    while t < len(tokens) and tokens[t] == _STAR:
        t += 1
    return t == len(tokens)


_GLOBSTAR = None  # a "**" segment: any number of folders
_INSIDE: list[Token] = []  # a trailing "/**": one or more (everything inside)


@dataclass(frozen=True)
class _Pattern:
    segments: tuple[list[Token] | None, ...]
    negated: bool
    dir_only: bool

    def _ends(self, parts: list[str]) -> list[bool]:
        """For each j, whether the segments match ``parts[:j]`` exactly: one table over
        segments × parts (no exponential search, every prefix at once)."""
        row = [True] + [False] * len(parts)  # no segment matches the empty prefix only
        for seg in self.segments:
            new = [False] * (len(parts) + 1)
            for j in range(len(parts) + 1):
                if seg is _GLOBSTAR:
                    new[j] = row[j] or (j > 0 and new[j - 1])
                elif seg is _INSIDE:
                    new[j] = j > 0 and (row[j - 1] or new[j - 1])
                elif j > 0:
                    new[j] = row[j - 1] and _segment_matches(seg, parts[j - 1])
            row = new
        return row

    def direct(self, parts: list[str], is_dir: bool) -> list[bool]:
        """For each prefix ``parts[:k]`` (a folder when k < len(parts)), whether this
        pattern matches it."""
        ends = self._ends(parts)
        last = len(parts)
        if self.segments and self.segments[-1] is _INSIDE:  # "dir/**": the folder too
            folder = _Pattern(self.segments[:-1], self.negated, True)._ends(parts)
            ends = [
                e or (f and (k < last or is_dir))
                for k, (e, f) in enumerate(zip(ends, folder, strict=True))
            ]
        return [ends[k] and (k < last or is_dir or not self.dir_only) for k in range(last + 1)]


def _pattern(line: str) -> _Pattern | None:
    text = line.rstrip("\n").rstrip("\r")
    while text.endswith(" ") and not text.endswith("\\ "):
        text = text[:-1]
    if not text or text.startswith("#"):
        return None
    negated = text.startswith("!")
    text = text[1:] if negated else text
    if not text:
        raise InvalidPattern("a lone '!' negates nothing")
    dir_only = text.endswith("/") and not text.endswith("\\/")
    text = text.rstrip("/") if dir_only else text
    anchored = "/" in text
    raw = [s for s in text.split("/") if s] if text.strip("/") else []
    if not raw:
        raise InvalidPattern("it names no file")
    segments: list[list[Token] | None] = [_GLOBSTAR if s == "**" else _tokens(s) for s in raw]
    if len(segments) > 1 and segments[-1] is _GLOBSTAR:
        segments[-1] = _INSIDE
    if not anchored:
        segments.insert(0, _GLOBSTAR)
    return _Pattern(tuple(segments), negated, dir_only)


@dataclass
class GlobSpec:
    """The patterns of one list (a ``.gitignore``, an ``exclude`` setting)."""

    patterns: list[_Pattern] = field(default_factory=list)
    #: "line N: 'text': why" for each pattern skipped.
    skipped: list[str] = field(default_factory=list)

    @classmethod
    def from_lines(cls, lines: Iterable[str]) -> GlobSpec:
        spec = cls()
        for number, line in enumerate(lines, 1):
            try:
                pattern = _pattern(line)
            except InvalidPattern as exc:
                spec.skipped.append(f"line {number}: {line.strip()[:60]!r}: {exc}")
                continue
            if pattern is not None:
                spec.patterns.append(pattern)
        return spec

    def verdict(self, rel: str, is_dir: bool) -> bool | None:
        """True: excluded; False: included again by a ``!`` pattern; None: no pattern
        matches. The last matching pattern decides."""
        parts = [p for p in rel.split("/") if p]
        matched = [(p.negated, p.direct(parts, is_dir)) for p in self.patterns]
        verdict: bool | None = None
        for k in range(1, len(parts) + 1):  # each folder it is in, then the path itself
            verdict = None
            for negated, direct in matched:
                if direct[k]:
                    verdict = not negated  # the last matching pattern decides
            if verdict and k < len(parts):
                return True  # inside an excluded folder: nothing comes back (as in git)
        return verdict

    def match_file(self, rel: str) -> bool:
        return self.verdict(rel, rel.endswith("/")) is True
