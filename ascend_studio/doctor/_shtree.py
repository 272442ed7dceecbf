"""The block structure of a launch script: loops, branches, functions, commands.

Built from :func:`~ascend_studio.doctor._shsplit.segments`. Reserved words that
open or close a block may share a command with the next command (``do export
A=1``), so they are peeled off first. Anything not understood stays a plain
command; an unclosed block simply ends with the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ascend_studio.doctor._shsplit import Redirect, Segment, segments, split_words

__all__ = ["Block", "Command", "ForLoop", "Function", "Node", "parse_script"]

_LEADING = frozenset({"do", "then", "else", "{", "!", "time"})
_CLOSERS = frozenset({"done", "fi", "esac", "}"})
_CSTYLE = re.compile(r"\A\(\((?P<body>.*)\)\)\Z", re.S)


@dataclass(frozen=True)
class Command:
    words: tuple[str, ...]
    redirects: tuple[Redirect, ...]
    line: int
    #: The operator after it (``&`` runs it in the background).
    end: str


@dataclass
class ForLoop:
    line: int
    header: str
    var: str | None
    #: ``for X in ...`` items as written; None for ``for ((...))``.
    items: tuple[str, ...] | None
    #: ``((init; cond; step))`` parts for a C-style loop.
    arith: tuple[str, str, str] | None
    body: list[Node] = field(default_factory=list)


@dataclass
class Block:
    """``if``/``while``/``until``/``case``/``{ }``: a body read as written."""

    kind: str
    line: int
    #: Each branch (``if``/``elif``/``else``) or the one body.
    branches: list[list[Node]] = field(default_factory=list)


@dataclass
class Function:
    name: str
    line: int
    body: list[Node] = field(default_factory=list)


Node = Command | ForLoop | Block | Function


@dataclass(frozen=True)
class _Token:
    kind: str  # "kw" or "cmd"
    word: str
    command: Command | None = None


def _function_name(words: list[str]) -> str | None:
    if words and words[0] == "function" and len(words) >= 2:
        return words[1].removesuffix("()")
    if len(words) == 1 and words[0].endswith("()") and len(words[0]) > 2:
        return words[0][:-2]
    if len(words) == 2 and words[1] == "()":
        return words[0]
    return None


def _tokens(found: list[Segment]) -> list[_Token]:
    tokens: list[_Token] = []
    for seg in found:
        words, redirects = split_words(seg.text)
        while words and words[0] in _LEADING:
            tokens.append(_Token("kw", words.pop(0)))
        if words and words[-1] == "{" and _function_name(words[:-1]) is not None:
            tokens.append(_Token("kw", "function", Command(tuple(words[:-1]), (), seg.line, "")))
            tokens.append(_Token("kw", "{"))
            continue
        if not words:
            continue
        head = words[0]
        if head in _CLOSERS and len(words) == 1:
            tokens.append(_Token("kw", head))
            continue
        if head.endswith(")") and not head.startswith(("$(", "(")) and "(" not in head:
            words = words[1:]  # a case pattern such as --data_path*)
            if not words:
                continue
        command = Command(tuple(words), tuple(redirects), seg.line, seg.end)
        kind = "kw" if words[0] in ("for", "while", "until", "if", "elif", "case") else "cmd"
        if words[0].startswith("for((") or _function_name(words) is not None:
            kind = "kw"
        tokens.append(_Token(kind, words[0], command))
    return tokens


class _Parser:
    def __init__(self, tokens: list[_Token]) -> None:
        self.tokens = tokens
        self.i = 0

    def block(self, until: frozenset[str]) -> tuple[list[Node], str | None]:
        nodes: list[Node] = []
        while self.i < len(self.tokens):
            tok = self.tokens[self.i]
            self.i += 1
            if tok.kind == "kw" and tok.word in until:
                return nodes, tok.word
            node = self.node(tok)
            if node is not None:
                nodes.append(node)
        return nodes, None

    def node(self, tok: _Token) -> Node | None:
        cmd = tok.command
        if cmd is None:  # "{" opens a group; a stray closer or "do" runs nothing
            return Block("group", 0, [self.block(frozenset({"}"}))[0]]) if tok.word == "{" else None
        if tok.kind == "cmd":
            return cmd
        if tok.word.startswith("for"):
            return self.for_loop(cmd)
        if tok.word == "function" or _function_name(list(cmd.words)) is not None:
            return self.function(cmd)
        if tok.word == "if":
            return self.if_block(cmd)
        closer = "esac" if tok.word == "case" else "done"  # case; while / until
        return Block(tok.word, cmd.line, [self.block(frozenset({closer}))[0]])

    def function(self, cmd: Command) -> Function:
        name = _function_name(list(cmd.words)) or "?"
        if self.i < len(self.tokens) and self.tokens[self.i].word == "{":
            self.i += 1
        body, _ = self.block(frozenset({"}"}))
        return Function(name, cmd.line, body)

    def if_block(self, cmd: Command) -> Block:
        block = Block("if", cmd.line)
        while True:
            body, closer = self.block(frozenset({"elif", "else", "fi"}))
            block.branches.append(body)
            if closer in ("fi", None):
                return block
            if closer == "elif" and self.i > 0:
                continue

    def for_loop(self, cmd: Command) -> ForLoop:
        words = list(cmd.words)
        text = " ".join(words)
        rest = text[3:].strip()
        match = _CSTYLE.match(rest.rstrip(";").strip())
        if match is not None:
            parts = [p.strip() for p in match.group("body").split(";")]
            parts += [""] * (3 - len(parts))
            var = re.match(r"\s*([A-Za-z_]\w*)", parts[0])
            loop = ForLoop(
                cmd.line, text, var.group(1) if var else None, None, (parts[0], parts[1], parts[2])
            )
        else:
            var_name = words[1] if len(words) > 1 else None
            items = tuple(words[3:]) if len(words) > 2 and words[2] == "in" else ("$@",)
            loop = ForLoop(cmd.line, text, var_name, items, None)
        loop.body, _ = self.block(frozenset({"done"}))
        return loop


def _elif_fix(tokens: list[_Token]) -> list[_Token]:
    """``elif cond`` arrives as a command token keyed "elif": make it a branch keyword."""
    fixed = []
    for tok in tokens:
        if tok.kind == "kw" and tok.word == "elif":
            fixed.append(_Token("kw", "elif"))
        else:
            fixed.append(tok)
    return fixed


def parse_script(text: str) -> list[Node]:
    """The nodes of ``text`` at the top level."""
    tokens = _elif_fix(_tokens(segments(text)))
    nodes, _ = _Parser(tokens).block(frozenset())
    return nodes
