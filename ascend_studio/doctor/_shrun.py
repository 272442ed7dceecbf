"""Follow a launch script per rank: what each rank's process gets, never running it.

The script is walked top to bottom as bash would, but nothing is executed:
assignments and exports fill a table (what only the run knows stays as written),
``cd`` moves a working directory, ``source``d files and called ``.sh`` scripts
beside it are read too. The first loop that sets ``RANK_ID``, ``ASCEND_DEVICE_ID``
or ``DEVICE_ID`` (itself or through a script it calls) is the per-device loop: it
is run once per value, and each pass is one rank: its environment, working
directory, the programs it starts and the files it redirects output to. Branches
are all read (the launch check cannot tell which one runs); an ``exit`` inside
one does not stop the reading.
"""

from __future__ import annotations

import os
import posixpath
import re
from pathlib import Path

from ascend_studio.doctor._shloop import braces, counted
from ascend_studio.doctor._shmodel import Expansion, Launched, RankRun, Value, Write
from ascend_studio.doctor._shtree import Block, Command, ForLoop, Function, Node, parse_script
from ascend_studio.doctor._shwords import Expanded, arith, expand_word, unquote

__all__ = ["DEVICE_VARS", "Expansion", "Launched", "RankRun", "Value", "Write", "follow_script"]

DEVICE_VARS = ("RANK_ID", "ASCEND_DEVICE_ID", "DEVICE_ID")
_ASSIGN = re.compile(r"([A-Za-z_]\w*)(\+?)=(.*)\Z", re.S)
_SETS_DEVICE = re.compile(r"\b(?:RANK_ID|ASCEND_DEVICE_ID|DEVICE_ID)=")
_MAX_RANKS = 1024
_MAX_DEPTH = 3
_MAX_BYTES = 1 << 20
_DECLARE = frozenset({"export", "declare", "typeset", "readonly", "local"})
#: Commands that start no rank process (their redirections still count).
_QUIET = frozenset(
    {
        *("echo", "printf", "wait", "sleep", "true", "false", ":", "set", "shift", "trap"),
        *("mkdir", "rm", "cp", "mv", "cat", "grep", "ls", "touch", "date", "chmod", "chown"),
        *("ln", "tee", "awk", "sed", "head", "tail", "find", "kill", "ps", "pkill", "ulimit"),
        *("umask", "test", "[", "[[", "exec", "rmdir", "tar", "unzip", "wget", "curl"),
        *("pip", "pip3", "conda"),
    }
)


class _Shell:
    def __init__(self, file: Path, out: Expansion, *, cwd: str, cards: int | None) -> None:
        self.file = file
        self.name = str(file)
        self.out = out
        self.cards = cards
        self.script_dir = str(file.parent)
        self.pwd = cwd
        self.cwd: str | None = cwd
        self.vars: dict[str, Value] = {}
        self.exported: set[str] = set()
        self.args: list[str] = []
        self.functions: dict[str, list[Node]] = {}
        self.cond = 0
        self.depth = 0
        self.stopped = False
        self.rank: RankRun | None = None

    # -- values -----------------------------------------------------------------------
    def lookup(self, name: str) -> str | None:
        if name.isdigit():
            index = int(name)
            if index == 0:
                return self.name
            return self.args[index - 1] if index <= len(self.args) else None
        value = self.vars.get(name)
        return value.text if value is not None and value.exact else None

    def expand(self, word: str) -> Expanded:
        return expand_word(word, self.lookup, script_dir=self.script_dir, pwd=self.pwd)

    def note(self, line: int, text: str) -> None:
        if len(self.out.notes) < 50:
            self.out.notes.append((self.name, line, text))

    def assign(self, text: str, line: int, *, export: bool = False) -> None:
        match = _ASSIGN.match(text)
        if match is None:
            return
        name, plus, raw = match.groups()
        if raw.startswith("("):
            return  # an array: never part of the environment
        found = self.expand(raw)
        old = self.vars.get(name)
        if plus and old is not None:
            found = Expanded(old.text + found.text, old.exact and found.exact)
        self.vars[name] = Value(found.text, found.exact, line, self.name)
        if export:
            self.exported.add(name)

    def env(self, prefix: dict[str, Value] | None = None) -> dict[str, Value]:
        found = {n: self.vars[n] for n in sorted(self.exported) if n in self.vars}
        found.update(prefix or {})
        return found

    def where(self, text: str) -> str:
        """An expanded path made absolute against the working directory."""
        if text.startswith("/") or self.cwd is None:
            return posixpath.normpath(text) if text.startswith("/") else text
        return posixpath.normpath(posixpath.join(self.cwd, text))

    # -- commands ---------------------------------------------------------------------
    def run(self, nodes: list[Node]) -> None:
        for node in nodes:
            if self.stopped:
                return
            if isinstance(node, Command):
                self.command(node)
            elif isinstance(node, ForLoop):
                self.for_loop(node)
            elif isinstance(node, Function):
                self.functions[node.name] = node.body
            elif isinstance(node, Block):
                self.cond += node.kind != "group"
                for branch in node.branches:
                    self.run(branch)
                self.cond -= node.kind != "group"

    def command(self, cmd: Command) -> None:
        words = list(cmd.words)
        assigns = []
        while words and _ASSIGN.match(words[0]):
            assigns.append(words.pop(0))
        if not words:
            for text in assigns:
                name = text.split("=", 1)[0].removesuffix("+")
                self.assign(text, cmd.line, export=name in self.exported)
            self.redirects(cmd)
            return
        prefix: dict[str, Value] = {}
        for text in assigns:
            name, raw = text.split("=", 1)
            found = self.expand(raw)
            prefix[name.removesuffix("+")] = Value(found.text, found.exact, cmd.line, self.name)
        self.builtin(unquote(words[0]), words, prefix, cmd)
        self.redirects(cmd)

    def builtin(self, head: str, words: list[str], prefix: dict[str, Value], cmd: Command) -> None:
        """Run what the shell itself would do with ``head``; anything else is a program."""
        args = words[1:]
        if head in _DECLARE:
            self.declare(head, args, cmd.line)
        elif head == "unset":
            for name in args:
                self.vars.pop(name, None)
                self.exported.discard(name)
        elif head == "let":
            self.let(args, cmd.line)
        elif head == "cd":
            self.change_dir(args)
        elif head in ("source", ".") and args:
            self.source(args[0], cmd.line)
        elif head in ("exit", "return"):
            self.stopped = not self.cond
        elif head == "tee":
            self.tee(args, cmd)
        elif head in self.functions and self.depth < _MAX_DEPTH:
            self.call(self.functions[head], [self.expand(w).text for w in args])
        else:
            self.program(words, prefix, cmd)

    def declare(self, head: str, args: list[str], line: int) -> None:
        export = head == "export" or any(a.startswith("-") and "x" in a for a in args)
        for arg in args:
            if arg.startswith("-"):
                continue
            if _ASSIGN.match(arg):
                self.assign(arg, line, export=export or arg.split("=")[0] in self.exported)
            elif export:
                self.exported.add(arg)

    def let(self, args: list[str], line: int) -> None:
        for arg in args:
            match = re.fullmatch(r"([A-Za-z_]\w*)\s*=\s*(.+)", unquote(arg))
            if match is None:
                continue
            value = arith(match.group(2), self.lookup)
            name = match.group(1)
            exact = value is not None
            self.vars[name] = Value(str(value) if exact else arg, exact, line, self.name)

    def change_dir(self, args: list[str]) -> None:
        target = self.expand(args[0]) if args else Expanded("~", False)
        self.cwd = self.where(target.text) if target.exact else target.text

    def call(self, body: list[Node], args: list[str]) -> None:
        saved = self.args
        self.args, self.depth = args, self.depth + 1
        self.run(body)
        self.args, self.depth = saved, self.depth - 1
        self.stopped = False if self.depth else self.stopped

    def _script_file(self, text: str) -> Path | None:
        found = self.expand(text)
        if not found.exact or not found.text:
            return None
        path = Path(found.text if found.text.startswith("/") else self.where(found.text))
        if not path.is_absolute():
            path = Path(self.script_dir) / found.text
        try:
            ok = path.is_file() and path.stat().st_size <= _MAX_BYTES
        except OSError:
            ok = False
        return path if ok else None

    def source(self, word: str, line: int) -> None:
        path = self._script_file(word)
        if path is None or self.depth >= _MAX_DEPTH:
            self.note(line, f"not read: source {word}")
            if self.rank is not None:
                self.rank.unread.append(word)
            return
        self.depth += 1
        self.run(parse_script(path.read_text("utf-8", "replace")))
        self.depth -= 1

    def program(self, words: list[str], prefix: dict[str, Value], cmd: Command) -> None:
        expanded = [self.expand(w).text for w in words]
        shells = ("bash", "sh", "/bin/bash", "/bin/sh")
        script = words[1] if expanded[0] in shells and len(words) > 1 else words[0]
        args = expanded[2:] if expanded[0] in shells else expanded[1:]
        # A script called outside the ranks only when it surely runs (not in a branch,
        # such as the 1-card run some 8-card scripts start first for --autotune).
        follow = self.rank is not None or not self.cond
        if follow and (script.endswith(".sh") or expanded[0] in shells):
            path = self._script_file(script)
            if path is not None and self.depth < _MAX_DEPTH:
                self.sub_script(path, args, prefix)
                return
            if self.rank is not None and script.endswith(".sh"):
                self.rank.unread.append(script)
        if self.rank is not None and expanded[0] not in _QUIET:
            launched = Launched(
                tuple(expanded), cmd.line, self.cwd, self.env(prefix), cmd.end == "&", self.name
            )
            self.rank.launched.append(launched)

    def sub_script(self, path: Path, args: list[str], prefix: dict[str, Value]) -> None:
        child = _Shell(path, self.out, cwd=self.cwd or self.pwd, cards=self.cards)
        child.pwd = self.cwd or self.pwd
        child.vars = self.env(prefix)
        child.exported = set(child.vars)
        child.args, child.depth, child.rank = args, self.depth + 1, self.rank
        child.run(parse_script(path.read_text("utf-8", "replace")))
        if self.rank is not None and not self.rank.launched:
            self.rank.env.update(child.env())

    def tee(self, args: list[str], cmd: Command) -> None:
        """``... | tee [-a] FILE``: the rank's output goes to FILE too."""
        append = any(a.startswith("-") and "a" in a for a in args)
        for arg in args:
            if not arg.startswith("-"):
                self._write(arg, ">>" if append else ">", cmd.line)

    def _write(self, target: str, op: str, line: int) -> None:
        if self.rank is None:
            return
        found = self.expand(target)
        if found.text == "/dev/null":
            return
        path = self.where(found.text) if found.exact else found.text
        if all((w.path, w.op) != (path, op) for w in self.rank.writes):
            self.rank.writes.append(Write(path, op, line, found.exact, self.name))

    def redirects(self, cmd: Command) -> None:
        for redirect in cmd.redirects:
            if redirect.op in (">", ">|", ">>") and not redirect.target.startswith("&"):
                self._write(redirect.target, redirect.op, cmd.line)

    # -- loops ------------------------------------------------------------------------
    def for_loop(self, loop: ForLoop) -> None:
        if self.rank is None and self.out.loop is None and self._is_device_loop(loop):
            self.expand_loop(loop)
            self.stopped = True  # what follows the launch (waiting, parsing logs) is not a rank's
            return
        if loop.var:
            self.vars[loop.var] = Value(f"${{{loop.var}}}", False, loop.line, self.name)
        self.cond += 1
        self.run(loop.body)
        self.cond -= 1

    def _is_device_loop(self, loop: ForLoop) -> bool:
        """The loop starts one process per device: it sets RANK_ID, ASCEND_DEVICE_ID or
        DEVICE_ID from its own variable (directly, through variables computed from it,
        or by passing it to a script that sets them). A loop that only sets a device
        variable to a constant (``--autotune`` handling in an argument loop) is not."""
        if loop.var in DEVICE_VARS:
            return True
        if loop.var is None:
            return False
        tainted = {loop.var}
        return any(self._sets_device(node, tainted) for node in loop.body)

    def _sets_device(self, node: Node, tainted: set[str]) -> bool:
        if isinstance(node, Block):
            return any(self._sets_device(n, tainted) for b in node.branches for n in b)
        if not isinstance(node, Command):
            return False
        uses = any(_mentions(w, tainted) for w in node.words)
        for word in node.words:
            match = _ASSIGN.match(word)
            if match is not None and _mentions(match.group(3), tainted):
                if match.group(1) in DEVICE_VARS:
                    return True
                tainted.add(match.group(1))
        script = next((w for w in node.words if w.endswith(".sh")), None)
        return uses and script is not None and self._script_sets_device(script)

    def _script_sets_device(self, script: str) -> bool:
        path = self._script_file(script)
        if path is None:
            guess = Path(self.script_dir) / posixpath.basename(unquote(script))
            path = guess if guess.is_file() else None
        if path is None:
            return False
        try:
            return bool(_SETS_DEVICE.search(path.read_text("utf-8", "replace")[:_MAX_BYTES]))
        except OSError:
            return False

    def loop_values(self, loop: ForLoop) -> list[str] | None:
        if loop.items is not None:
            values: list[str] = []
            for item in loop.items:
                found = self.expand(item)
                if not found.exact:
                    return None
                for piece in found.text.split():
                    values += braces(piece)
            return values
        if loop.arith is None or loop.var is None:
            return None
        return counted(loop.var, loop.arith, self.lookup)

    def expand_loop(self, loop: ForLoop) -> None:
        out = self.out
        out.loop, out.loop_file = loop, self.name
        values = self.loop_values(loop)
        if values is None and self.cards is not None:
            values, out.assumed_count = [str(i) for i in range(self.cards)], True
        if values is None:
            return  # no ranks: the report says the count is known only at run time
        for value in values[:_MAX_RANKS]:
            saved = (dict(self.vars), set(self.exported), self.cwd)
            rank = self.rank = RankRun(value, cwd=self.cwd)
            if loop.var:
                self.vars[loop.var] = Value(value, True, loop.line, self.name)
            self.run(loop.body)
            self.stopped = False
            main = next((p for p in reversed(rank.launched) if _is_python(p)), None)
            main = main or (rank.launched[-1] if rank.launched else None)
            rank.env = main.env if main is not None else {**rank.env, **self.env()}
            rank.cwd = main.cwd if main is not None else self.cwd
            out.ranks.append(rank)
            self.vars, self.exported, self.cwd = saved
            self.rank = None


def _is_python(launched: Launched) -> bool:
    return any(posixpath.basename(w).startswith("python") for w in launched.words[:4])


def _mentions(text: str, names: set[str]) -> bool:
    """``text`` refers to one of ``names`` (``$x``, ``${x}``, or bare in ``$((x+1))``)."""
    return any(re.search(rf"\$\{{?{name}\b|\(\(.*\b{name}\b", text) for name in names)


def follow_script(path: Path, *, cwd: str | None = None, cards: int | None = None) -> Expansion:
    """Walk the launch script ``path`` (started in ``cwd``: its own folder by default)."""
    start = cwd or os.path.dirname(os.path.abspath(path))
    out = Expansion(str(path), start_cwd=start)
    shell = _Shell(Path(os.path.abspath(path)), out, cwd=start, cards=cards)
    shell.name = str(path)
    shell.run(parse_script(path.read_text("utf-8", "replace")))
    return out
