"""Follow a launch script per rank: what each rank's process gets, never running it.

The script is walked top to bottom as bash would, but nothing is executed:
assignments and exports fill a table (what only the run knows stays as written),
``cd`` moves a working directory, ``source``d files and called ``.sh`` scripts
beside it are read too (regular files only, never under ``/proc``, ``/sys`` or
``/dev``; a script already being read is not read again, so a script that starts
itself is followed once, and the report says so). The per-device loops
(:mod:`~ascend_studio.doctor._shpasses`) run once per value, and each pass is one
rank: its environment, working directory, the programs it starts and the files
it redirects output to. Branches are all read (the launch check cannot tell which
one runs); an ``exit`` inside one does not stop the reading.
"""

from __future__ import annotations

import os
import posixpath
import re
from pathlib import Path

from ascend_studio._input import InputError
from ascend_studio.doctor._shmodel import Expansion, Launched, RankRun, Value, Write
from ascend_studio.doctor._shpasses import DEVICE_VARS, Passes, read_script
from ascend_studio.doctor._shtree import Block, Command, ForLoop, Function, Node, parse_script
from ascend_studio.doctor._shwords import Expanded, arith, expand_word, unquote
from ascend_studio.schema import Text

__all__ = [
    "DEVICE_VARS",
    "Expansion",
    "Launched",
    "RankRun",
    "Value",
    "Write",
    "follow_script",
    "read_script",
]

_ASSIGN = re.compile(r"([A-Za-z_]\w*)(\+?)=(.*)\Z", re.S)
_MAX_DEPTH = 3
_DECLARE = frozenset({"export", "declare", "typeset", "readonly", "local"})
_SHELLS = ("bash", "sh", "/bin/bash", "/bin/sh")
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
_WHY_ZH = {
    "system": "内核与设备文件（/proc、/sys、/dev）从不读取",
    "not_regular": "不是普通文件",
    "too_large": "超过 1 MiB，不是启动脚本",
}


def _why(exc: InputError) -> Text:
    return Text(zh=_WHY_ZH.get(exc.kind, exc.problem), en=exc.problem)


class _Shell(Passes):
    def __init__(
        self, file: Path, out: Expansion, *, cwd: str, cards: int | None, stack: tuple[str, ...]
    ) -> None:
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
        #: The scripts being read, links resolved: a call to one of them is not followed.
        self.stack = (*stack, os.path.realpath(file))
        self.nest: tuple[str, ...] | None = None
        self.loops: list[ForLoop] = []

    # -- values -----------------------------------------------------------------------
    def lookup(self, name: str) -> str | None:
        if name.isdigit():
            index = int(name)
            if index == 0:
                return self.name
            return self.args[index - 1] if index <= len(self.args) else None
        value = self.vars.get(name)
        return value.text if value is not None and (value.exact or value.capped) else None

    def cut(self, name: str) -> bool:
        value = self.vars.get(name)
        return value is not None and value.capped

    def expand(self, word: str) -> Expanded:
        return expand_word(
            word, self.lookup, script_dir=self.script_dir, pwd=self.pwd, cut=self.cut
        )

    def note(self, line: int, text: Text) -> None:
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
            known = (old.exact or old.capped) and (found.exact or found.capped)
            cut = known and (old.capped or found.capped)
            found = Expanded(old.text + found.text, known and not cut, cut)
        self.vars[name] = Value(found.text, found.exact, line, self.name, found.capped)
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

    # -- other scripts ----------------------------------------------------------------
    def script_file(self, text: str) -> Path | None:
        """The file a script word names, when it is known and exists (of any kind)."""
        found = self.expand(text)
        if not found.exact or not found.text:
            return None
        path = Path(found.text if found.text.startswith("/") else self.where(found.text))
        if not path.is_absolute():
            path = Path(self.script_dir) / found.text
        return path if os.path.lexists(path) else None

    def _missing(self, text: str) -> Text:
        """Why :meth:`script_file` found no file for ``text``."""
        found = self.expand(text)
        if not found.exact or not found.text:
            return Text(zh="路径运行时才知道", en="its path is known only at run time")
        place = self.where(found.text)
        if "/" not in found.text:  # bash looks such a name up in PATH first
            return Text(
                zh=f"{place} 不存在，PATH 中的同名文件不检查",
                en=f"no file {place}; a file of that name in PATH is not looked up",
            )
        return Text(zh=f"{place} 不存在", en=f"no file {place}")

    def _load(self, path: Path, word: str, line: int) -> list[Node] | None:
        """The commands of the script at ``path``, or None (and a note saying why)."""
        name = posixpath.basename(word)
        if os.path.realpath(path) in self.stack:
            self.note(
                line,
                Text(
                    zh=f"{word} 运行的是正在读取的脚本（{name}），真正运行时它会再次启动自己；这次调用不再跟踪。",
                    en=f"{word} runs a script that is already being read ({name}), so it would "
                    "start itself again when run; this call is not followed.",
                ),
            )
            return None
        if self.depth >= _MAX_DEPTH:
            self.note(
                line,
                Text(
                    zh=f"未读取 {word}：脚本嵌套超过 {_MAX_DEPTH} 层。",
                    en=f"not read: {word} (scripts nested more than {_MAX_DEPTH} deep).",
                ),
            )
            return None
        try:
            return parse_script(read_script(path))
        except InputError as exc:
            why = _why(exc)
            self.note(
                line, Text(zh=f"未读取 {word}：{why.zh}。", en=f"not read: {word} ({why.en}).")
            )
            return None

    def source(self, word: str, line: int) -> None:
        path = self.script_file(word)
        nodes = None if path is None else self._load(path, f"source {word}", line)
        if nodes is None or path is None:
            if path is None:
                why = self._missing(word)
                self.note(
                    line,
                    Text(
                        zh=f"未读取 source {word}：{why.zh}。",
                        en=f"not read: source {word} ({why.en}).",
                    ),
                )
            if self.rank is not None:
                self.rank.unread.append(word)
            return
        self.depth += 1
        self.stack = (*self.stack, os.path.realpath(path))
        self.run(nodes)
        self.stack = self.stack[:-1]
        self.depth -= 1

    def program(self, words: list[str], prefix: dict[str, Value], cmd: Command) -> None:
        expanded = [self.expand(w).text for w in words]
        shell = expanded[0] in _SHELLS
        script = words[1] if shell and len(words) > 1 else words[0]
        args = expanded[2:] if shell else expanded[1:]
        # A script called outside the ranks only when it surely runs (not in a branch,
        # such as the 1-card run some 8-card scripts start first for --autotune).
        follow = self.rank is not None or not self.cond
        if follow and (script.endswith(".sh") or shell):
            path = self.script_file(script)
            nodes = None if path is None else self._load(path, script, cmd.line)
            if path is not None and nodes is not None:
                self.sub_script(path, nodes, args, prefix)
                return
            itself = path is not None and os.path.realpath(path) in self.stack
            if self.rank is not None and script.endswith(".sh") and not itself:
                self.rank.unread.append(script)
        if self.rank is not None and expanded[0] not in _QUIET:
            launched = Launched(
                tuple(expanded), cmd.line, self.cwd, self.env(prefix), cmd.end == "&", self.name
            )
            self.rank.launched.append(launched)

    def sub_script(
        self, path: Path, nodes: list[Node], args: list[str], prefix: dict[str, Value]
    ) -> None:
        where = self.cwd or self.pwd
        child = _Shell(path, self.out, cwd=where, cards=self.cards, stack=self.stack)
        child.vars = self.env(prefix)
        child.exported = set(child.vars)
        child.args, child.depth, child.rank = args, self.depth + 1, self.rank
        child.run(nodes)
        if self.rank is not None and not self.rank.launched:
            self.rank.env.update(child.env())

    # -- output -----------------------------------------------------------------------
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


def follow_script(path: Path, *, cwd: str | None = None, cards: int | None = None) -> Expansion:
    """Walk the launch script ``path`` (started in ``cwd``: its own folder by default).

    Raises :class:`InputError` when ``path`` is not a regular file of at most 1 MiB."""
    start = cwd or os.path.dirname(os.path.abspath(path))
    out = Expansion(str(path), start_cwd=start)
    text = read_script(path)
    shell = _Shell(Path(os.path.abspath(path)), out, cwd=start, cards=cards, stack=())
    shell.name = str(path)
    shell.run(parse_script(text))
    return out
