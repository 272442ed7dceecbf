"""Cut a launch script into simple commands, keeping what the launch check needs.

The importers' lexer drops redirections and reads ``for ((...))`` headers as
separate commands; the launch check needs both (where each rank's output goes,
how many times a loop runs). This reader is deliberately small: it splits text
into commands at ``;``, ``&``, ``&&``, ``||``, ``|`` and newlines outside quotes,
``$(...)``, ``$((...))``, ``((...))``, ``${...}`` and backquotes; drops comments;
joins ``\\``-continued lines; and cuts each command into words and redirections,
every piece keeping its source text. Nothing is expanded or run here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Redirect", "Segment", "segments", "split_words"]

_ENDS = ("&&", "||", ";;", ";", "&", "|", "\n")
_REDIRECT = re.compile(r"(?P<fd>\d*|&)(?P<op>>>|>\||>&|<<<|<<-|<<|<>|>|<)(?P<target>.*)\Z", re.S)


@dataclass(frozen=True)
class Segment:
    text: str
    line: int
    #: What ended it: one of ``&& || ;; ; & | \n`` or "" at the end of the text.
    end: str


@dataclass(frozen=True)
class Redirect:
    op: str
    #: Source text of the target (a file name, or ``&1``...).
    target: str
    fd: str = ""


class _Scanner:
    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0
        self.line = 1

    def _skip_quoted(self) -> None:
        """Move past a quoted piece or a nested expansion starting at ``self.i``."""
        s, ch = self.s, self.s[self.i]
        if ch == "'":
            end = s.find("'", self.i + 1)
            self.i = len(s) if end < 0 else end + 1
        elif ch == '"':
            self.i += 1
            while self.i < len(s) and s[self.i] != '"':
                if s[self.i] == "\\":
                    self.i += 1
                elif s.startswith("$(", self.i) or s[self.i] == "`":
                    self._skip_quoted()
                    continue
                self.i += 1
            self.i += 1
        elif ch == "`":
            end = s.find("`", self.i + 1)
            self.i = len(s) if end < 0 else end + 1
        else:  # $( , $(( , (( or ${ : balanced
            opener = "{" if s.startswith("${", self.i) else "("
            closer = "}" if opener == "{" else ")"
            depth, self.i = 0, self.i + (1 if ch == "$" else 0)
            while self.i < len(s):
                c = s[self.i]
                if c in "'\"`" and opener == "(":
                    self._skip_quoted()
                    continue
                depth += (c == opener) - (c == closer)
                self.i += 1
                if depth == 0:
                    break

    def _skip(self, at_word: bool) -> bool:
        """Move past a comment, ``[[ ... ]]``, quoted piece or escape; True if one was here."""
        s, ch = self.s, self.s[self.i]
        if ch == "#" and at_word:  # dropped from the text, so no word of it is read
            newline = s.find("\n", self.i)
            self.s = s[: self.i] + s[len(s) if newline < 0 else newline :]
            return True
        if at_word and s.startswith("[[", self.i):  # its || and && are not operators
            end = s.find("]]", self.i + 2)
            self.i = len(s) if end < 0 else end + 2
            return True
        if ch in "'\"`" or s.startswith(("$(", "${", "(("), self.i):
            self._skip_quoted()
            return True
        if ch == "\\":
            self.i += 2
            return True
        return False

    def _operator(self) -> str | None:
        s = self.s
        found = next((e for e in _ENDS if s.startswith(e, self.i)), None)
        # ">&2", "<&0", "&>file": redirections, not a background job
        if found == "&" and ((self.i > 0 and s[self.i - 1] in "<>") or s.startswith("&>", self.i)):
            return None
        return found

    def segments(self) -> list[Segment]:
        found: list[Segment] = []
        start, line, at_word = 0, 1, True
        while self.i < len(self.s):
            if self._skip(at_word):
                at_word = False
                continue
            operator = self._operator()
            if operator is None:
                at_word = self.s[self.i] in " \t"
                self.i += 1
                continue
            text = self.s[start : self.i].strip()
            if text:
                found.append(Segment(text, line, operator))
            line += self.s.count("\n", start, self.i + len(operator))
            self.i += len(operator)
            start, at_word = self.i, True
        text = self.s[start:].strip()
        if text:
            found.append(Segment(text, line, ""))
        return found


def segments(text: str) -> list[Segment]:
    """The simple commands of ``text`` in order, with their first line."""
    return _Scanner(text).segments()


def _words(text: str) -> list[str]:
    scanner = _Scanner(text.replace("\\\n", " "))
    words: list[str] = []
    start = None
    while scanner.i < len(scanner.s):
        ch = scanner.s[scanner.i]
        if ch in " \t\n":
            if start is not None:
                words.append(scanner.s[start : scanner.i])
                start = None
            scanner.i += 1
            continue
        if start is None:
            start = scanner.i
        if ch in "'\"`" or scanner.s.startswith(("$(", "${", "(("), scanner.i):
            scanner._skip_quoted()
        elif ch == "\\":
            scanner.i += 2
        else:
            scanner.i += 1
    if start is not None:
        words.append(scanner.s[start:])
    return words


def split_words(text: str) -> tuple[list[str], list[Redirect]]:
    """(words, redirections) of one simple command, each as source text."""
    words: list[str] = []
    redirects: list[Redirect] = []
    pending: tuple[str, str] | None = None
    for word in _words(text):
        if pending is not None:
            redirects.append(Redirect(pending[1], word, pending[0]))
            pending = None
            continue
        match = _REDIRECT.match(word) if word[:1] in "0123456789&<>" else None
        if match is None:
            words.append(word)
        elif match.group("target"):
            redirects.append(Redirect(match.group("op"), match.group("target"), match.group("fd")))
        else:
            pending = (match.group("fd"), match.group("op"))
    return words, redirects
