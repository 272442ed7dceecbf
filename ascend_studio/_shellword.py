"""Is a text exactly one shell word that cannot end early? (for kept shell text).

A profile keeps shell text read from a user's script (``$HOME/x``,
``${install_path}/lib:$LD_LIBRARY_PATH``) and writes it back unquoted after
``NAME=``. Such text must stay one word wherever it is written: an unquoted
blank, ``;``, ``&``, ``|``, ``<``, ``>``, a parenthesis or a line break would end
the assignment and make the rest a command. This is the profile's check, below
every layer (the profile cannot import the shell reader of ``codegen``); it is
stricter than that reader where they could disagree: a line break outside quotes
(even inside ``$(...)``), a comment or a here-document inside a substitution,
and a carriage return anywhere are refused. What a command substitution runs is
the user's own text and is kept; this check only keeps it inside its word.
"""

from __future__ import annotations

import functools

__all__ = ["shell_word_problem"]

#: Characters that end an unquoted word (POSIX metacharacters and line breaks).
_ENDS = frozenset(" \t\n;&|()<>")
_MAX_DEPTH = 64


class _Bad(Exception):
    pass


class _Scan:
    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0

    def peek(self, offset: int = 0) -> str:
        j = self.i + offset
        return self.s[j] if j < len(self.s) else ""

    def single(self) -> None:
        end = self.s.find("'", self.i + 1)
        if end < 0:
            raise _Bad("an unterminated single quote")
        self.i = end + 1

    def double(self, depth: int) -> None:
        self.i += 1
        while True:
            ch = self.peek()
            if not ch:
                raise _Bad("an unterminated double quote")
            if ch == '"':
                self.i += 1
                return
            if ch == "\\":
                self.i += 2
            elif ch == "`":
                self.backtick()
            elif ch == "$" and self.peek(1) in ("(", "{"):
                self.nested(depth + 1, in_double=True)
            else:
                self.i += 1

    def backtick(self) -> None:
        self.i += 1
        while True:
            ch = self.peek()
            if not ch:
                raise _Bad("an unterminated backquote")
            if ch == "\n":
                raise _Bad("a line break inside a backquoted command")
            self.i += 2 if ch == "\\" else 1
            if ch == "`":
                return

    def nested(self, depth: int, *, in_double: bool = False) -> None:
        """``$(...)``, ``$((...))`` or ``${...}``, quotes respected."""
        if depth > _MAX_DEPTH:
            raise _Bad("substitutions nested too deep")
        opener = self.peek(1)
        closer = ")" if opener == "(" else "}"
        self.i += 2
        level = 1
        while level:
            ch = self.peek()
            if not ch:
                raise _Bad(f"an unterminated ${opener}...{closer}")
            if ch == "\n":
                raise _Bad("a line break inside a substitution")
            if ch == "\\":
                self.i += 2
            elif ch == "'" and not (in_double and opener == "{"):
                self.single()
            elif ch == '"':
                self.double(depth)
            elif ch == "`":
                self.backtick()
            elif ch == "#" and opener == "(" and self.s[self.i - 1 : self.i] in (" ", "\t"):
                raise _Bad("a comment inside a command substitution")
            elif self.s.startswith("<<", self.i):
                raise _Bad("a here-document inside a substitution")
            else:
                level += (ch == opener) - (ch == closer)
                self.i += 1

    def word(self) -> None:
        while self.i < len(self.s):
            ch = self.peek()
            if ch in _ENDS:
                raise _Bad(f"an unquoted {ch!r}, which ends the word")
            if ch == "\\":
                if self.peek(1) in ("", "\n"):
                    raise _Bad("a backslash at a line end")
                self.i += 2
            elif ch == "'":
                self.single()
            elif ch == '"':
                self.double(0)
            elif ch == "`":
                self.backtick()
            elif ch == "$" and self.peek(1) in ("(", "{"):
                self.nested(1)
            elif ch == "$" and self.peek(1) == "'":
                self.ansi_c()
            else:
                self.i += 1

    def ansi_c(self) -> None:
        self.i += 2
        while True:
            ch = self.peek()
            if not ch:
                raise _Bad("an unterminated $'...' string")
            self.i += 2 if ch == "\\" else 1
            if ch == "'":
                return


@functools.lru_cache(maxsize=4096)
def shell_word_problem(text: str) -> str | None:
    """Why ``text`` is not one shell word that stays one word after ``NAME=``; None if it is."""
    if "\0" in text:
        return "it holds a NUL character"
    if "\r" in text:
        return "it holds a carriage return"
    try:
        _Scan(text).word()
    except _Bad as exc:
        return f"it is not one shell word ({exc})"
    return None
