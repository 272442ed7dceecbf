"""A shell-word reader: enough of POSIX sh (and bash quoting) to read env scripts.

It never runs anything. It splits text into simple commands of words, and for
each word knows its source text and, when the word contains no expansion
(``$VAR``, ``$(...)``, backticks, ``~``), its literal value after quote
removal. Here-documents are skipped, comments dropped, ``\\``-newline joined.
On an unterminated quote or substitution it stops and says where.

Why a reader of our own: the standard library's ``shlex`` gives words without
their place in the source (a finding needs a line and column, and ``apply`` edits
a value in place), and knows nothing of ``$(...)`` or ``${...}``; bashlex, the one
bash parser on the package index, is GPLv3+, which this Apache-2.0 project cannot
take on. What is read here is the small part of sh that env scripts use.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from ascend_studio._shellquote import shell_quote

__all__ = ["Command", "Lexed", "Lookup", "Word", "expand_simple", "lex", "read_word", "shell_quote"]

_META = frozenset(" \t\n;&|()<>")
_OPERATORS = ("<<-", ";;", "&&", "||", ">>", "<<", ">&", "<&", ">|", "<>", "&>", ";", "&", "|")
_OPERATOR = re.compile("|".join(re.escape(op) for op in _OPERATORS))
_BLANK_LINES = re.compile(r"[ \t\n]+")
_QUOTES = re.compile("['\"\\\\]")
_REDIRECTS = frozenset({"<<-", ">>", "<<", ">&", "<&", ">|", "<>", "&>", "<", ">"})
_SPECIAL = frozenset("@*#?$!-0123456789")
_ANSI = {"a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b", "f": "\f", "n": "\n", "r": "\r"}
_ANSI |= {"t": "\t", "v": "\v", "\\": "\\", "'": "'", '"': '"', "?": "?"}


class ShellSyntaxError(ValueError):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


@dataclass(frozen=True)
class Word:
    """One shell word: its text and its value after quote removal."""

    text: str
    #: The value after quote removal, or None when the word expands something.
    value: str | None
    line: int
    quoted: bool = False


@dataclass(frozen=True)
class Command:
    """One simple shell command: its words and line."""

    words: tuple[Word, ...]
    line: int
    #: The operator that ended it: ";", "&", "&&", "||", "|", "(", ")", ";;", "\n" or "".
    end: str
    #: The operator that ended the previous command on the same logical chain.
    after: str = ""


@dataclass
class Lexed:
    """A shell script's commands, and the syntax error that ended the reading, if any."""

    commands: list[Command] = field(default_factory=list)
    error: ShellSyntaxError | None = None


#: ``$NAME``, ``${NAME}``, ``${NAME:-word}``, ``${NAME-word}`` (``=`` too) with a plain word.
_SIMPLE = re.compile(
    r"\$(?:(?P<bare>[A-Za-z_]\w*)|\{(?P<name>[A-Za-z_]\w*)"
    r"(?:(?P<colon>:?)(?P<op>[-=])(?P<default>[^${}`'\"\\]*))?\})\Z"
)
#: Deepest ``$( "$( ... )" )`` nesting read; deeper is reported as a syntax error.
MAX_NESTING = 64
#: After this many syntax errors the rest of a file is not read.
MAX_ERRORS = 50
#: Characters read as themselves, outside quotes and inside double quotes.
#: (``~`` is read as itself too, except right after ``=`` or ``:``, where the run
#: stops so that the tilde-expansion check sees it; and at the start of a word.)
_PLAIN = re.compile(r"(?:[^ \t\n;&|()<>'\"\\$`=:]|[=:](?!~))+(?:[=:](?=~))?|[=:]")
_PLAIN_DOUBLE = re.compile(r'[^"\\$`]+')
#: Inside ``$(...)`` / ``${...}`` being skipped: runs of characters with no meaning there.
_PLAIN_BALANCED = {"(": re.compile(r"[^\\'\"`()]+"), "{": re.compile(r"[^\\'\"`{}]+")}
#: The body of a backquoted command: anything but a backquote, or an escaped pair.
_BACKTICK_BODY = re.compile(r"(?:[^`\\]|\\.)*", re.DOTALL)
#: Blanks, ``\``-newline continuations and a comment, as many as there are.
_BLANKS = re.compile(r"(?:[ \t]+|\\\n|#[^\n]*)*")
#: The characters of ``$NAME`` after its first one (what ``str.isalnum`` and ``_`` take).
_NAME_REST = re.compile(r"\w*")
#: A ``$'...'`` string's characters that are themselves.
_PLAIN_ANSI = re.compile(r"[^'\\]+")
_HEX_DIGITS = {w: re.compile(f"[0-9A-Fa-f]{{1,{w}}}") for w in (2, 4, 8)}
_OCTAL_REST = re.compile(r"[0-7]{0,2}")
#: The value of a variable the script itself set earlier (None: not known).
Lookup = Callable[[str], "str | None"]


def expand_simple(text: str, lookup: Lookup) -> str | None:
    """The value of one simple parameter expansion, when the script defines it."""
    match = _SIMPLE.match(text)
    if match is None:
        return None
    name = match.group("bare") or match.group("name")
    value = lookup(name)
    if match.group("op") is None or value is None:
        return value
    empty_counts = match.group("colon") == ":"
    return match.group("default") if empty_counts and value == "" else value


class _Reader:
    def __init__(self, text: str, lookup: Lookup | None = None) -> None:
        self.s = text
        self.i = 0
        self.line = 1
        self.in_double = False
        self.lookup = lookup
        self.nesting = 0
        #: Reading only the value of an assignment (``~`` after ``:`` expands).
        self.assignment_value = False
        #: (word start, index of the first "=" at or after it): for tilde positions.
        self._eq = (-1, -1)

    def peek(self, offset: int = 0) -> str:
        j = self.i + offset
        return self.s[j] if j < len(self.s) else ""

    def take(self, count: int = 1) -> str:
        chunk = self.s[self.i : self.i + count]
        self.line += chunk.count("\n")
        self.i += count
        return chunk

    def fail(self, line: int, message: str) -> ShellSyntaxError:
        return ShellSyntaxError(line, message)

    # -- pieces of a word -----------------------------------------------------------
    def single(self) -> str:
        start = self.line
        end = self.s.find("'", self.i + 1)
        if end < 0:
            raise self.fail(start, "unterminated single quote")
        body = self.s[self.i + 1 : end]
        self.take(end + 1 - self.i)
        return body

    def ansi_c(self) -> str:
        start = self.line
        self.take(2)
        out: list[str] = []
        while True:
            run = _PLAIN_ANSI.match(self.s, self.i)
            if run is not None:
                out.append(self.take(run.end() - self.i))
            ch = self.peek()
            if not ch:
                raise self.fail(start, "unterminated $'...' string")
            self.take()
            if ch == "'":
                return "".join(out)
            out.append(self._ansi_escape())

    def _ansi_escape(self) -> str:
        ch = self.take()
        if ch in _ANSI:
            return _ANSI[ch]
        widths = {"x": 2, "u": 4, "U": 8}
        if ch in widths:
            digits = _HEX_DIGITS[widths[ch]].match(self.s, self.i)  # not a slice: linear
            if not digits:
                return "\\" + ch
            self.take(len(digits.group()))
            code = int(digits.group(), 16)
            return chr(code) if code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else ""
        if ch and ch in "01234567":  # (none: a backslash ends the text, unterminated)
            digits = _OCTAL_REST.match(self.s, self.i)
            assert digits is not None
            self.take(len(digits.group()))
            return chr(int(ch + digits.group(), 8) & 0xFF)
        if ch == "c" and self.peek():
            return chr(ord(self.take()) & 0x1F)
        return "\\" + ch

    def balanced(self, opener: str, closer: str, skip: int, depth: int = 1) -> None:
        """Skip an expansion such as ``$(...)`` or ``${...}`` (quotes respected)."""
        start = self.line
        self.nesting += 1
        if self.nesting > MAX_NESTING:  # quotes inside substitutions recurse
            raise self.fail(start, f"substitutions nested more than {MAX_NESTING} deep")
        self.take(skip)
        outer = self.in_double
        self.in_double = self.in_double and opener == "{"
        plain = _PLAIN_BALANCED[opener]
        while depth:
            run = plain.match(self.s, self.i)  # what means nothing here, at once
            if run is not None:
                self.take(run.end() - self.i)
            ch = self.peek()
            if not ch:
                raise self.fail(start, f"unterminated ${opener}...{closer}")
            if ch == "\\":
                self.take(2)
            elif ch == "'" and not self.in_double:
                self.single()
            elif ch == '"':
                self.double()
            elif ch == "`":
                self.backtick()
            else:
                depth += (ch == opener) - (ch == closer)
                self.take()
        self.in_double = outer
        self.nesting -= 1

    def backtick(self) -> None:
        start = self.line
        self.take()
        body = _BACKTICK_BODY.match(self.s, self.i)
        assert body is not None
        self.take(body.end() - self.i)
        if self.peek() != "`":  # the end of the text (or a lone backslash before it)
            self.take(len(self.s) - self.i)
            raise self.fail(start, "unterminated backquote")
        self.take()

    def dollar(self) -> bool:
        """Consume an expansion starting at ``$``; False if the ``$`` is literal."""
        nxt = self.peek(1)
        if nxt == "{":
            self.balanced("{", "}", 2)
        elif nxt == "(" and self.peek(2) == "(":
            self.balanced("(", ")", 3, depth=2)
        elif nxt == "(":
            self.balanced("(", ")", 2)
        elif nxt.isalpha() or nxt == "_":
            name = _NAME_REST.match(self.s, self.i + 2)
            assert name is not None
            self.i = name.end()  # (a name holds no newline: the line count stands)
        elif nxt and nxt in _SPECIAL:
            self.take(2)
        else:
            return False
        return True

    def double(self) -> str | None:
        """Consume a double-quoted string; its value, or None if it expands."""
        start = self.line
        self.take()
        out: list[str] = []
        literal = True
        outer, self.in_double = self.in_double, True
        while True:
            ch = self.peek()
            if not ch:
                raise self.fail(start, "unterminated double quote")
            if ch == '"':
                self.take()
                self.in_double = outer
                return "".join(out) if literal else None
            if ch == "\\":
                nxt = self.peek(1)
                self.take(2)
                if nxt in '$`"\\':
                    out.append(nxt)
                elif nxt != "\n":
                    out.append("\\" + nxt)
            elif ch not in "`$":
                run = _PLAIN_DOUBLE.match(self.s, self.i)
                assert run is not None
                out.append(self.take(run.end() - self.i))
            elif ch == "`":
                self.backtick()
                literal = False
            elif ch == "$":
                value = self.expansion()
                if value is None:
                    literal = False
                else:
                    out.append(value)

    def word(self) -> Word:
        """Read one word starting at the current (non-blank, non-meta) character."""
        start, line = self.i, self.line
        run = _PLAIN.match(self.s, start) if self.s[start] != "~" else None
        if run is not None and (run.end() == len(self.s) or self.s[run.end()] in _META):
            self.i = run.end()  # the common case: nothing but ordinary characters
            return Word(run.group(), run.group(), line)
        out: list[str] = []
        literal = True
        while (ch := self.peek()) and ch not in _META:
            piece = self._piece(ch, start)
            if piece is None:
                literal = False
            else:
                out.append(piece)
        text = self.s[start : self.i]
        quoted = _QUOTES.search(text) is not None
        return Word(text, "".join(out) if literal else None, line, quoted)

    def _piece(self, ch: str, start: int) -> str | None:
        """The value of the next piece of a word; None if it expands something."""
        nxt = self.peek(1)
        if ch == "'":
            return self.single()
        if ch == "$" and nxt == "'":
            return self.ansi_c()
        if ch == '"' or (ch == "$" and nxt == '"'):
            self.take(int(ch == "$"))
            return self.double()
        if ch == "\\":
            self.take(2)
            return "" if nxt == "\n" else nxt
        if ch in "`$" or (ch == "~" and self._tilde_position(start)):
            return self._expansion(ch, start)
        run = _PLAIN.match(self.s, self.i)  # a run of ordinary characters at once
        assert run is not None
        self.i = run.end()  # (the run holds no newline: the line count stands)
        return run.group()

    def _expansion(self, ch: str, start: int) -> str | None:
        if ch == "`":
            self.backtick()
            return None
        if ch == "$":
            return self.expansion()
        if self._tilde_position(start):
            self.take()
            return None
        return self.take()

    def expansion(self) -> str | None:
        """At ``$``: the literal ``$``, the value of a simple expansion of a variable
        the script defined (given a lookup), or None when only the run knows it."""
        start = self.i
        if not self.dollar():
            return self.take()
        if self.lookup is None:
            return None
        return expand_simple(self.s[start : self.i], self.lookup)

    def _tilde_position(self, start: int) -> bool:
        """``~`` starts the word or follows ``=``/``:`` after an assignment's ``=``.

        Constant time per ``~`` (a slice of the word so far made long values quadratic).
        """
        if self.i == start:
            return True
        if self.s[self.i - 1] not in "=:":
            return False
        if self.assignment_value:  # the value part of NAME=value: any ":" counts
            return True
        if self._eq[0] != start:
            self._eq = (start, self.s.find("=", start))
        return 0 <= self._eq[1] < self.i

    def skip_blank(self) -> None:
        blanks = _BLANKS.match(self.s, self.i)
        assert blanks is not None
        if blanks.end() > self.i:
            self.take(blanks.end() - self.i)

    def operator(self) -> str:
        found = _OPERATOR.match(self.s, self.i)
        return self.take(found.end() - self.i if found is not None else 1)

    def heredoc(self, delimiter: str, strip_tabs: bool) -> None:
        """Skip a here-document body after the newline that introduced it."""
        while self.i < len(self.s):
            end = self.s.find("\n", self.i)
            end = len(self.s) if end < 0 else end
            row = self.s[self.i : end]
            self.take(end - self.i + 1)
            if (row.lstrip("\t") if strip_tabs else row) == delimiter:
                return


def read_word(text: str, lookup: Lookup | None = None) -> Word:
    """``text`` read as the value part of ``NAME=value`` (one word).

    With ``lookup``, simple expansions of variables it knows are replaced by
    their values (``$A``, ``${A:-1}``); the word is literal when all are known.
    """
    reader = _Reader(text, lookup)
    reader.assignment_value = True
    if not text:
        return Word("", "", 1)
    word = reader.word()
    if reader.i != len(text):
        raise ShellSyntaxError(1, f"{text!r} is more than one shell word")
    return word


def lex(text: str) -> Lexed:
    """Split ``text`` into simple commands; stops at the first syntax error."""
    out = Lexed()
    for item in stream(text):
        if isinstance(item, ShellSyntaxError):
            out.error = item
        else:
            out.commands.append(item)
    return out


def stream(text: str) -> Iterator[Command | ShellSyntaxError]:
    """The commands of ``text`` one at a time (memory does not grow with the file).

    A syntax error is yielded where it is found and reading goes on at the line
    after the one where the bad construct starts (bash itself would stop there;
    the rest is still read for settings), up to :data:`MAX_ERRORS` errors.
    """
    starts: list[int] | None = None
    reader = _Reader(text)
    for _ in range(MAX_ERRORS):
        try:
            yield from _Splitter(reader).run()
            return
        except ShellSyntaxError as exc:
            yield exc
            if starts is None:  # line start offsets, computed once (linear)
                starts = [0, *(m.end() for m in re.finditer("\n", text))]
            if exc.line >= len(starts):
                return
            reader = _Reader(text, reader.lookup)
            reader.i, reader.line = starts[exc.line], exc.line + 1
    yield ShellSyntaxError(reader.line, f"more than {MAX_ERRORS} syntax errors")


class _Splitter:
    """Groups words into commands at operators; skips redirections and here-documents."""

    def __init__(self, reader: _Reader) -> None:
        self.reader = reader
        self.out = Lexed()
        self.words: list[Word] = []
        self.pending: list[tuple[str, bool]] = []
        self.after = ""
        self.start_line = 1

    def run(self) -> Iterator[Command]:
        reader = self.reader
        while True:
            reader.skip_blank()
            ch = reader.peek()
            if ch == "\n" and not self.words and not self.pending:
                blank = _BLANK_LINES.match(reader.s, reader.i)  # empty lines, at once
                assert blank is not None
                reader.take(blank.end() - reader.i)
                continue
            if ch and ch not in _META:
                self.word()
                continue
            op = reader.operator() if ch else ""
            if op in _REDIRECTS:
                self.redirect(op)
                continue
            done = self.end(op)
            if done is not None:
                yield done
            if not op:
                return

    def word(self) -> None:
        if not self.words:
            self.start_line = self.reader.line
        word = self.reader.word()
        if not (word.text.isdigit() and self.reader.peek() in ("<", ">")):
            self.words.append(word)  # (an io number such as the 2 in 2>&1 is dropped)

    def redirect(self, op: str) -> None:
        reader = self.reader
        reader.skip_blank()
        if reader.peek() and reader.peek() not in _META:
            target = reader.word()
            if op in ("<<", "<<-"):
                self.pending.append((target.value or target.text, op == "<<-"))

    def end(self, op: str) -> Command | None:
        done = None
        if self.words or op not in ("\n", ""):
            done = Command(tuple(self.words), self.start_line, op, self.after)
            self.after = op if op in ("&&", "||", "|") else ""
        self.words = []
        if op == "\n":
            for delimiter, strip in self.pending:
                self.reader.heredoc(delimiter, strip)
            self.pending = []
        return done
