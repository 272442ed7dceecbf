"""Compositions: an environment value built from the variable's previous value.

``export LD_LIBRARY_PATH=/opt/lib:$LD_LIBRARY_PATH`` prepends, ``PATH=$PATH:/x``
appends, ``X=/a${X:+:$X}`` prepends with a separator only when X is set. A
profile keeps such a value as the shell text it is (``env_verbatim``): the text
refers to the variable itself, and ``$X`` in it is the value X had before. Two
steps in one script (``X=/a:$X`` then ``X=/b:$X``) are one composition,
``/b:/a:$X``: :func:`fold` puts the earlier text in place of the reference, and
:func:`unfold` finds the text of the later step back from the whole. Both refuse
(None) a form whose meaning they cannot keep exactly: a reference inside a
command substitution or inside another variable's expansion, ``${X#...}`` and
the like, an earlier value that may be empty under ``${X:+...}``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["Ref", "composes", "expanded_names", "fold", "references", "substitutions", "unfold"]

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_SPECIAL = re.compile(r"[\\'\"`$]")


@dataclass(frozen=True)
class Ref:
    """``$NAME`` or ``${NAME<op>}`` at ``start:end`` of a text."""

    name: str
    start: int
    end: int
    #: What follows the name inside braces (``:+:$X``), "" for ``$X``/``${X}``; None
    #: for a name only seen inside a command substitution or another expansion.
    op: str | None
    in_double: bool


class _Scanner:
    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0
        self.refs: list[Ref] = []
        #: (start, end) of every expansion: ``$X``, ``${...}``, ``$(...)``, backquotes.
        self.spans: list[tuple[int, int]] = []

    def closing(self, start: int, opener: str, closer: str) -> int:
        """Index after the ``closer`` matching the ``opener`` at ``start`` (quotes kept)."""
        depth, j = 0, start
        while j < len(self.s):
            ch = self.s[j]
            if ch == "\\":
                j += 2
                continue
            if ch == "'":
                end = self.s.find("'", j + 1)
                j = len(self.s) if end < 0 else end + 1
                continue
            depth += (ch == opener) - (ch == closer)
            j += 1
            if depth == 0:
                return j
        return len(self.s)

    def opaque(self, start: int, end: int, in_double: bool) -> None:
        """Names inside a substitution: seen, never folded."""
        self.spans.append((start, end))
        for match in _NAME.finditer(self.s, start, end):
            self.refs.append(Ref(match.group(), match.start(), match.end(), None, in_double))

    def dollar(self, in_double: bool) -> None:
        nxt = self.s[self.i + 1 : self.i + 2]
        if nxt == "(":
            end = self.closing(self.i + 1, "(", ")")
            self.opaque(self.i, end, in_double)
            self.i = end
        elif nxt == "{":
            end = self.closing(self.i + 1, "{", "}")
            match = _NAME.match(self.s, self.i + 2)
            if match is None:
                self.opaque(self.i, end, in_double)
            else:
                op = self.s[match.end() : end - 1]
                self.refs.append(Ref(match.group(), self.i, end, op, in_double))
                self.spans.append((self.i, end))
            self.i = end
        elif (match := _NAME.match(self.s, self.i + 1)) is not None:
            self.refs.append(Ref(match.group(), self.i, match.end(), "", in_double))
            self.spans.append((self.i, match.end()))
            self.i = match.end()
        else:
            self.i += 1

    def run(self) -> list[Ref]:
        in_double = False
        while (found := _SPECIAL.search(self.s, self.i)) is not None:
            self.i = found.start()  # plain characters skipped at once
            ch = self.s[self.i]
            if ch == "\\":
                self.i += 2
            elif ch == "'" and in_double:
                self.i += 1  # a quote character inside double quotes
            elif ch == "'":
                end = self.s.find("'", self.i + 1)
                self.i = len(self.s) if end < 0 else end + 1
            elif ch == '"':
                in_double = not in_double
                self.i += 1
            elif ch == "`":
                end = self.s.find("`", self.i + 1)
                end = len(self.s) if end < 0 else end + 1
                self.opaque(self.i, end, in_double)
                self.i = end
            else:
                self.dollar(in_double)
        return self.refs


Scanned = tuple[tuple[Ref, ...], tuple[tuple[int, int], ...]]


@lru_cache(maxsize=2048)
def _scanned_short(text: str) -> Scanned:
    scanner = _Scanner(text)
    return tuple(scanner.run()), tuple(scanner.spans)


def _scanned(text: str) -> Scanned:
    """The references and expansion spans of ``text``, scanned once: one value is asked
    for both, and the same values recur from one script to the next (kept for short texts)."""
    if len(text) > 512:
        scanner = _Scanner(text)
        return tuple(scanner.run()), tuple(scanner.spans)
    return _scanned_short(text)


def references(text: str) -> list[Ref]:
    """Every variable reference in shell ``text`` (single-quoted text has none)."""
    return list(_scanned(text)[0])


def substitutions(text: str) -> list[tuple[int, int]]:
    """(start, end) of each outermost command substitution, ``$(...)`` or backquotes
    (``$((...))`` arithmetic is not one), in shell ``text``."""
    return [
        (start, end)
        for start, end in _scanned(text)[1]
        if text.startswith("`", start)
        or (text.startswith("$(", start) and not text.startswith("$((", start))
    ]


def expanded_names(text: str) -> list[str]:
    """The variables shell ``text`` expands, in order: its references, those in their
    defaults (``${A:-$B}``), inside command substitutions and arithmetic."""
    refs, spans = _scanned(text)
    names = [r.name for r in refs if r.op is not None]
    names += [n for r in refs if r.op and "$" in r.op for n in expanded_names(r.op)]
    for start, end in spans:
        if text.startswith("$((", start):
            names += _NAME.findall(text, start + 3, end - 2)
    for start, end in substitutions(text):
        inner = text[start + 1 : end - 1] if text[start] == "`" else text[start + 2 : end - 1]
        names += expanded_names(inner)
    return list(dict.fromkeys(names))


def composes(name: str, text: str) -> bool:
    """Whether shell ``text`` refers to ``name`` itself (a composition)."""
    return "$" in text and name in text and any(r.name == name for r in references(text))


def _not_empty(text: str) -> bool:
    """``text`` surely expands to something: a character of it is taken as itself
    (outside every expansion, quotes removed)."""
    rest, done = [], 0
    for start, end in sorted(_scanned(text)[1]):
        rest.append(text[done:start])
        done = max(done, end)
    rest.append(text[done:])
    return bool("".join(rest).replace("'", "").replace('"', "").replace("\\", ""))


def _empty(text: str) -> bool:
    return text in ("", "''", '""')


def _placed(previous: str, in_double: bool) -> str:
    """``previous`` (a word's text) where ``$X`` stood: inside double quotes the quotes
    are closed around it (an assignment neither splits nor globs, so the value is kept)."""
    return f'"{previous}"' if in_double else previous


def _replacement(ref: Ref, name: str, previous: str) -> str | None:
    if ref.op == "":
        return _placed(previous, ref.in_double)
    if ref.op is None or not (_not_empty(previous) or _empty(previous)):
        return None
    empty = _empty(previous)  # set, to nothing
    operator = next((o for o in (":+", "+", ":-", "-") if ref.op.startswith(o)), None)
    if operator is None:
        return None
    word = ref.op[len(operator) :]
    if operator in (":+", "+"):  # the word when set (":+": and not empty)
        return "" if empty and operator == ":+" else _fold(name, word, previous, ref.in_double)
    if empty and operator == ":-":  # the default when unset (":-": or empty)
        return _fold(name, word, previous, ref.in_double)
    return _placed(previous, ref.in_double)


def _fold(name: str, text: str, previous: str, in_double: bool = False) -> str | None:
    out: list[str] = []
    done = 0
    for ref in references(text):
        if ref.name != name:
            continue
        replaced = _replacement(ref if not in_double else _doubled(ref), name, previous)
        if replaced is None:
            return None
        out += [text[done : ref.start], replaced]
        done = ref.end
    return "".join([*out, text[done:]])


def _doubled(ref: Ref) -> Ref:
    return Ref(ref.name, ref.start, ref.end, ref.op, True)


def fold(name: str, text: str, previous: str) -> str | None:
    """``text`` (which refers to ``name``) with ``previous``, the shell text ``name``
    held before, in place of the reference; None when that would not be exact."""
    if "~" in previous or "\n" in previous:
        return None  # a tilde expands by position; a line break is kept out of one line
    return _fold(name, text, previous)


def unfold(name: str, whole: str, previous: str) -> str | None:
    """The text a step must have so that :func:`fold` of it over ``previous`` gives
    ``whole``: ``whole`` with ``previous`` replaced by the reference. None when
    ``previous`` is not in ``whole`` exactly once."""
    if not previous or whole.count(previous) != 1:
        return None
    at = whole.index(previous)
    after = whole[at + len(previous) : at + len(previous) + 1]
    ref = f"${{{name}}}" if after and (after.isalnum() or after == "_") else f"${name}"
    text = whole[:at] + ref + whole[at + len(previous) :]
    return text if fold(name, text, previous) == whole else None
