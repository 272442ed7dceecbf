"""Where bash stops reading a script saved with Windows line endings (never run).

bash keeps the ``\\r`` of every line, so a reserved word at a line's end (``then``,
``do``, ``fi``, ``{``) is an ordinary word there. That alone is not an error: an
``if`` whose ``then\\r`` is a word just reads on, taking the following lines as
its condition. bash fails only where its grammar demands a token and gets
another: ``do`` after a ``for`` header (``do\\r`` is not it), ``in`` after ``case
WORD``, a compound command after a function header (``{\\r`` is not one), nothing
after ``((...))`` or ``for ((...))`` on its line (the ``\\r`` is a word), ``]]`` to
end ``[[``, a reserved word that closes or continues nothing open, or the end of
the file while a construct is still open (the ``if`` of line 39 is never closed:
its ``fi\\r`` is a word). This module follows that grammar over the words of the
shell reader (:mod:`._shlex`) and names the line bash names, with the token.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from ascend_studio.codegen._shlex import Command, Word, lex

__all__ = ["BashStop", "bash_stop"]

#: What each opener waits for next (``if`` -> ``then``; after ``then`` -> ``fi``...).
_OPENERS = {"if": "then", "while": "do", "until": "do", "{": "}"}
_RESERVED = frozenset({"for", "select", "while", "until", "if", "case", "function", "{", "!"})
_COMPOUND = frozenset({"{", "(", "if", "while", "until", "for", "select", "case", "[[", "(("})


@dataclass(frozen=True)
class BashStop:
    """bash's syntax error: the line it names, the token it names (None: the end of
    the file, or a conditional expression), and the line of the construct left open."""

    line: int
    token: str | None
    opened: int | None = None
    #: The construct it is about: a reserved word (``for``, ``if``, ``case``, ``{``,
    #: ``(``, ``[[``, ``((``, ``function``), ``closing`` (a word that closes nothing
    #: open) or ``;;`` (an arm's end outside a case arm).
    construct: str = ""


class _Stop(Exception):
    def __init__(self, stop: BashStop) -> None:
        super().__init__(stop.line)
        self.stop = stop


@dataclass
class _Frame:
    """An open compound command while the grammar is walked."""

    kind: str
    need: str
    line: int


@dataclass
class _Grammar:
    """A shell script's commands as the grammar walk sees them."""

    commands: list[Command]
    #: The line bash names at the end of the file (one past a final newline).
    last_line: int
    frames: list[_Frame] = field(default_factory=list)
    #: The token the grammar demands at the next command position ("do", "compound").
    demand: tuple[str, int, str] | None = None
    index: int = 0

    # -- the walk ----------------------------------------------------------------------
    def run(self) -> None:
        while self.index < len(self.commands):
            cmd = self.commands[self.index]
            self.index += 1
            self.command(cmd)

    def command(self, cmd: Command) -> None:
        words = list(cmd.words)
        top = self.frames[-1] if self.frames else None
        if top is not None and top.kind == "case" and self._case_arm(top, cmd):
            return
        if self._special(cmd, words):
            return
        while words:
            word = words.pop(0)
            if not self._keyword(word, words, cmd):
                break
        if cmd.end == ")" and self.frames and self.frames[-1].need == ")":
            opened = self.frames.pop().line
            self._after_closing(opened, "(")
        if cmd.end in (";;", ";&", ";;&"):
            self._clause_end(cmd)

    def _special(self, cmd: Command, words: list[Word]) -> bool:
        """Arrays, ``((...))``, subshells and function headers; True when consumed."""
        if cmd.end == "(" and words and words[-1].text.endswith("=") and not words[-1].quoted:
            self._skip_to(")")  # NAME=( ... ): an array
            return True
        if cmd.end == "(" and not words:
            nxt = self.commands[self.index] if self.index < len(self.commands) else None
            if nxt is not None and nxt.end == "(" and not nxt.words:  # (( ... ))
                self._met("((")
                self.index += 1
                self._arithmetic(cmd.line)
                return True
            self._met("(")
            self.frames.append(_Frame("(", ")", cmd.line))
            return True
        header = len(words) == 1 and words[0].text not in _RESERVED
        if cmd.end == "(" and header and self.demand is None:
            self._function_header(words[0])
            return True
        return False

    def _keyword(self, word: Word, rest: list[Word], cmd: Command) -> bool:
        """One word in command position; True when the next word is in one too."""
        text = None if word.quoted else word.text
        if self.demand is not None and self._demanded(word, text, rest):
            return True  # the loop's do (or {): its body follows
        if text in ("if", "while", "until", "{"):
            self.frames.append(_Frame(text, _OPENERS[text], word.line))
            return True
        if text in ("then", "elif", "else", "fi", "do", "done", "}"):
            self._continue(text, word)
            return text not in ("fi", "done", "}")
        header = self._HEADERS.get(text or "")
        if header is not None:
            header(self, word, rest, cmd)
            return False
        return text in ("!", "time")

    # -- constructs ----------------------------------------------------------------------
    def _continue(self, text: str, word: Word) -> None:
        top = self.frames[-1] if self.frames else None
        fits = top is not None and (
            (text == top.need)
            or (top.kind == "if" and top.need == "fi" and text in ("elif", "else"))
        )
        if not fits or top is None:
            raise _Stop(BashStop(word.line, text, None, "closing"))
        if text in ("fi", "done", "}"):
            self.frames.pop()
        else:
            top.need = {"then": "fi", "elif": "then", "else": "fi", "do": "done"}[text]

    def _demanded(self, word: Word, text: str | None, rest: list[Word]) -> bool:
        """The word the grammar demands here, or a syntax error; True when it was a
        loop's ``do`` (or ``{``), which this call has taken."""
        need, line, what = self.demand or ("", 0, "")
        self.demand = None
        if need == "do" and text in ("do", "{"):
            if text == "{":
                self.frames[-1] = _Frame("{", "}", word.line)
            return True
        if need == "compound" and text in _COMPOUND:
            return False
        raise _Stop(BashStop(word.line, word.text, line, what))

    def _met(self, token: str) -> None:
        if self.demand is None:
            return
        need, line, what = self.demand
        self.demand = None
        if not (need == "compound" and token in _COMPOUND):
            raise _Stop(BashStop(line, token, line, what))

    def _for(self, word: Word, rest: list[Word], cmd: Command) -> None:
        if not rest and cmd.end == "(":  # for (( ... ))
            self.index += 1
            self._arithmetic(word.line)
        self.frames.append(_Frame("for", "done", word.line))
        self.demand = ("do", word.line, word.text)

    def _case(self, word: Word, rest: list[Word], cmd: Command) -> None:
        if len(rest) >= 2 and (rest[1].quoted or rest[1].text != "in"):
            raise _Stop(BashStop(rest[1].line, rest[1].text, word.line, "case"))
        self.frames.append(_Frame("case", "pattern", word.line))

    def _case_arm(self, frame: _Frame, cmd: Command) -> bool:
        """A command where a ``case`` waits for a pattern (``a)``) or ``esac``; True
        when consumed. A word there followed by the line's end (``;;\r``, ``esac\r``:
        the ``\r`` or ``esac\r`` would be a pattern) is bash's error."""
        first = cmd.words[0] if cmd.words else None
        if first is not None and not first.quoted and first.text == "esac":
            self.frames.pop()
            return True
        if frame.need != "pattern":
            return False
        if cmd.end in (")", "|") or (cmd.end == "(" and not cmd.words):
            frame.need = "list" if cmd.end == ")" else "pattern"  # (a|b) goes on
            return True
        line = cmd.words[-1].line if cmd.words else cmd.line
        token = "newline" if cmd.end in ("\n", "") else cmd.end
        raise _Stop(BashStop(line, token, frame.line, "case"))

    def _clause_end(self, cmd: Command) -> None:
        """``;;`` ends a case arm; anywhere else (an ``if`` left open in it) it is an error."""
        top = self.frames[-1] if self.frames else None
        if top is None or top.kind != "case" or top.need != "list":
            line = cmd.words[-1].line if cmd.words else cmd.line
            raise _Stop(BashStop(line, cmd.end, None, ";;"))
        top.need = "pattern"

    def _function_header(self, name: Word) -> None:
        nxt = self.commands[self.index] if self.index < len(self.commands) else None
        if nxt is not None and nxt.end == ")" and not nxt.words:
            self.index += 1
        self.demand = ("compound", name.line, "function")

    def _function(self, word: Word, rest: list[Word], cmd: Command) -> None:
        if rest and cmd.end == "(" and len(rest) == 1:
            self._function_header(rest[0])
            return
        self.demand = ("compound", word.line, "function")
        if len(rest) > 1:
            self._demanded(rest[1], None if rest[1].quoted else rest[1].text, rest[2:])
            if rest[1].text == "{":
                self.frames.append(_Frame("{", "}", rest[1].line))

    def _conditional(self, word: Word, rest: list[Word], cmd: Command) -> None:
        """``[[ ... ]]``, read on across ``||``, ``&&`` and parentheses up to ``]]``;
        a line's end before it (``]]\r`` is not ``]]``) is bash's error."""
        while not any(w.text == "]]" and not w.quoted for w in rest):
            if cmd.end not in ("||", "&&", "(", ")") or self.index >= len(self.commands):
                line = rest[-1].line if rest else word.line
                raise _Stop(BashStop(line, None, word.line, "[["))
            cmd = self.commands[self.index]
            self.index += 1
            rest = list(cmd.words)

    def _arithmetic(self, line: int) -> None:
        """After ``((``: up to ``))``; a word after it on its line (``\\r``) is an error."""
        closing = 0
        while self.index < len(self.commands) and closing < 2:
            cmd = self.commands[self.index]
            self.index += 1
            closing = closing + 1 if cmd.end == ")" else 0
        self._after_closing(line, "((")

    def _after_closing(self, opened: int, what: str) -> None:
        """After a closing ``)``: a ``\r`` left as a word of its own is an error."""
        nxt = self.commands[self.index] if self.index < len(self.commands) else None
        if nxt is not None and nxt.words and nxt.words[0].text.strip("\r") == "":
            raise _Stop(BashStop(nxt.words[0].line, nxt.words[0].text, opened, what))

    def _skip_to(self, end: str) -> None:
        while self.index < len(self.commands):
            self.index += 1
            if self.commands[self.index - 1].end == end:
                return

    #: Constructs whose header is read on from their first word.
    _HEADERS: ClassVar[dict[str, Callable[[_Grammar, Word, list[Word], Command], None]]] = {}


_Grammar._HEADERS.update(
    {
        "for": _Grammar._for,
        "select": _Grammar._for,
        "case": _Grammar._case,
        "function": _Grammar._function,
        "[[": _Grammar._conditional,
    }
)


def bash_stop(text: str) -> BashStop | None:
    """Where ``bash -n`` reports a syntax error in ``text`` (CR kept as bash keeps it),
    or None when it reads to the end (or the reader itself cannot read the text)."""
    lexed = lex(text)
    if lexed.error is not None:
        return None
    grammar = _Grammar(lexed.commands, text.count("\n") + 1)
    try:
        grammar.run()
    except _Stop as stop:
        return stop.stop
    if grammar.demand is not None:
        return BashStop(grammar.last_line, None, grammar.demand[1], grammar.demand[2])
    if grammar.frames:
        frame = grammar.frames[-1]
        return BashStop(grammar.last_line, None, frame.line, frame.kind)
    return None
