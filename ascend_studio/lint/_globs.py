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

from collections.abc import Callable, Iterable
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


class _Segment:
    """One segment's tokens, with a plain string test for the shapes most patterns have
    (``name``, ``*.pyc``, ``build*``, ``*``): the same answers as :func:`_segment_matches`."""

    __slots__ = ("matches",)

    def __init__(self, tokens: list[Token]) -> None:
        plain = [t for t in tokens if t != _STAR]
        literal = all(isinstance(t, str) and t != _ANY for t in plain)
        text = "".join(t for t in plain if isinstance(t, str))
        stars = len(tokens) - len(plain)
        head, tail = bool(tokens) and tokens[0] == _STAR, bool(tokens) and tokens[-1] == _STAR
        if not literal or stars > 2 or (stars == 2 and not (head and tail and text)):
            self.matches: Callable[[str], bool] = lambda name: _segment_matches(tokens, name)
        elif stars == 0:
            self.matches = text.__eq__
        elif stars == 2:
            self.matches = lambda name: text in name
        elif head and len(tokens) == 1:
            self.matches = lambda name: True
        elif head:
            self.matches = lambda name: name.endswith(text)
        elif tail:
            self.matches = lambda name: name.startswith(text)
        else:
            self.matches = lambda name: _segment_matches(tokens, name)


#: Folders whose columns one list remembers (a walk's folders, at most).
_MAX_FOLDERS = 100_000
_GLOBSTAR = None  # a "**" segment: any number of folders
_INSIDE = _Segment([])  # a trailing "/**": one or more (everything inside)


Column = tuple[bool, ...]


@dataclass(frozen=True)
class _Pattern:
    """The segments as a table over segments × path parts, walked one part at a time: a
    column holds, for each s, whether ``segments[:s]`` match the parts so far exactly
    (no exponential search; a folder's column serves every path inside it)."""

    segments: tuple[_Segment | None, ...]
    negated: bool
    dir_only: bool

    def start(self) -> Column:
        col = [True]
        for seg in self.segments:
            col.append(seg is _GLOBSTAR and col[-1])
        return tuple(col)

    def step(self, col: Column, part: str) -> Column:
        """The column after one more path part."""
        new = [False]
        for s, seg in enumerate(self.segments, start=1):
            if seg is _GLOBSTAR:
                new.append(new[-1] or col[s])
            elif seg is _INSIDE:
                new.append(col[s - 1] or col[s])
            else:
                new.append(col[s - 1] and seg.matches(part))
        return tuple(new)

    def direct(self, col: Column, inner: bool, is_dir: bool) -> bool:
        """Whether the pattern matches the path whose column is ``col`` (``inner``: a
        folder with the path below it; else the path itself, a folder when ``is_dir``)."""
        folder = inner or is_dir
        hit = col[-1] or (
            bool(self.segments) and self.segments[-1] is _INSIDE and col[-2] and folder
        )
        return hit and (folder or not self.dir_only)


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
    segments: list[_Segment | None] = [
        _GLOBSTAR if s == "**" else _Segment(_tokens(s)) for s in raw
    ]
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
    _folders: dict[tuple[str, ...], tuple[Column, ...] | None] = field(
        default_factory=dict, repr=False, compare=False
    )

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
        if not parts:
            return None
        inside = self._folder(tuple(parts[:-1]))
        if inside is None:
            return True  # inside an excluded folder: nothing comes back (as in git)
        verdict: bool | None = None
        for pattern, col in zip(self.patterns, inside, strict=True):
            if pattern.direct(pattern.step(col, parts[-1]), False, is_dir):
                verdict = not pattern.negated  # the last matching pattern decides
        return verdict

    def _folder(self, parts: tuple[str, ...]) -> tuple[Column, ...] | None:
        """Each pattern's column for the folder ``parts``, or None when that folder or
        one above it is excluded (remembered: the files of one folder share it)."""
        if parts in self._folders:
            return self._folders[parts]
        found: tuple[Column, ...] | None
        if not parts:
            found = tuple(p.start() for p in self.patterns)
        else:
            above = self._folder(parts[:-1])
            if above is None:
                found = None
            else:
                cols = tuple(
                    p.step(col, parts[-1]) for p, col in zip(self.patterns, above, strict=True)
                )
                verdict = None
                for pattern, col in zip(self.patterns, cols, strict=True):
                    if pattern.direct(col, True, True):
                        verdict = not pattern.negated
                found = None if verdict else cols
        if len(self._folders) < _MAX_FOLDERS:
            self._folders[parts] = found
        return found

    def match_file(self, rel: str) -> bool:
        return self.verdict(rel, rel.endswith("/")) is True
