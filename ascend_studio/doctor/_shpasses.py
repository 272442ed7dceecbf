"""The per-device loops of a launch script, run once per value: one pass, one rank.

A loop is a device loop when it sets ``RANK_ID``, ``ASCEND_DEVICE_ID`` or
``DEVICE_ID`` from its own variable (directly, through variables computed from
it, in a loop nested inside it, or by passing it to a script that sets them). The
first one met is the launch. Device loops nested in it (``for s in 0 1`` around
``for d in 0..7`` with ``RANK_ID=$((s*8+d))``) multiply: each innermost pass is
one rank, with every loop variable known, so arithmetic over them is computed per
rank. A device loop inside some other loop is expanded for one pass of that loop,
and the report says so. Passes beyond :data:`MAX_PASSES` are not expanded, and
then the number of ranks is never claimed.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from ascend_studio._input import InputError, read_bounded
from ascend_studio.doctor._shloop import MAX_PASSES, brace_expand, counted
from ascend_studio.doctor._shmodel import Expansion, Launched, RankRun, Value
from ascend_studio.doctor._shtree import Block, Command, ForLoop, Node
from ascend_studio.doctor._shwords import Expanded, unquote
from ascend_studio.schema import Text

__all__ = ["DEVICE_VARS", "MAX_RANKS", "Passes", "read_script"]

DEVICE_VARS = ("RANK_ID", "ASCEND_DEVICE_ID", "DEVICE_ID")
#: At most this many ranks are expanded, whatever the loops say.
MAX_RANKS = MAX_PASSES
_ASSIGN = re.compile(r"([A-Za-z_]\w*)(\+?)=(.*)\Z", re.S)
_SETS_DEVICE = re.compile(r"\b(?:RANK_ID|ASCEND_DEVICE_ID|DEVICE_ID)=")
#: Larger files are no launch scripts.
MAX_SCRIPT_BYTES = 1 << 20


def read_script(path: Path) -> str:
    """A script's text (regular files of at most 1 MiB only); :class:`InputError` else."""
    return read_bounded(path, MAX_SCRIPT_BYTES).decode("utf-8", "replace")


class Passes:
    """The loop half of the launch-script walker (mixed into it)."""

    out: Expansion
    name: str
    cards: int | None
    vars: dict[str, Value]
    exported: set[str]
    cwd: str | None
    cond: int
    stopped: bool
    rank: RankRun | None
    #: The values of the enclosing device loops while their passes run (no rank yet).
    nest: tuple[str, ...] | None
    #: Loops read once around what is being read (no device loops).
    loops: list[ForLoop]
    script_dir: str

    def run(self, nodes: list[Node]) -> None:
        raise NotImplementedError

    def expand(self, word: str) -> Expanded:
        raise NotImplementedError

    def lookup(self, name: str) -> str | None:
        raise NotImplementedError

    def env(self, prefix: dict[str, Value] | None = None) -> dict[str, Value]:
        raise NotImplementedError

    def note(self, line: int, text: Text) -> None:
        raise NotImplementedError

    def script_file(self, text: str) -> Path | None:
        raise NotImplementedError

    # -- which loops ------------------------------------------------------------------
    def for_loop(self, loop: ForLoop) -> None:
        if self.rank is None and self._is_device_loop(loop):
            if self.out.loop is None:
                self._launch(loop)
                self.stopped = True  # what follows the launch (waiting, logs) is not a rank's
                return
            if self.nest is not None:
                self._passes(loop, self.nest)
                return
        if loop.var:
            self.vars[loop.var] = Value(f"${{{loop.var}}}", False, loop.line, self.name)
        self.cond += 1
        self.loops.append(loop)
        self.run(loop.body)
        self.loops.pop()
        self.cond -= 1

    def _is_device_loop(self, loop: ForLoop) -> bool:
        """The loop sets a device variable from its own variable; a loop that only sets
        one to a constant (``--autotune`` handling in an argument loop) is not one."""
        if loop.var in DEVICE_VARS:
            return True
        if loop.var is None:
            return False
        tainted = {loop.var}
        return any(self._sets_device(node, tainted) for node in loop.body)

    def _sets_device(self, node: Node, tainted: set[str], *, nested: bool = False) -> bool:
        """In a loop nested inside, only an assignment counts (``RANK_ID=$((s*8+d))``): a
        fold loop passing its number to a script is no device loop."""
        if isinstance(node, Block):
            return any(
                self._sets_device(n, tainted, nested=nested) for b in node.branches for n in b
            )
        if isinstance(node, ForLoop):
            return any(self._sets_device(n, tainted, nested=True) for n in node.body)
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
        return not nested and uses and script is not None and self._script_sets_device(script)

    def _script_sets_device(self, script: str) -> bool:
        path = self.script_file(script)
        if path is None:
            guess = Path(self.script_dir) / posixpath.basename(unquote(script))
            path = guess if guess.is_file() else None
        if path is None:
            return False
        try:
            return bool(_SETS_DEVICE.search(read_script(path)))
        except InputError:
            return False

    def _holds_device_loop(self, nodes: list[Node]) -> bool:
        for node in nodes:
            if isinstance(node, ForLoop) and (
                self._is_device_loop(node) or self._holds_device_loop(node.body)
            ):
                return True
            if isinstance(node, Block) and any(self._holds_device_loop(b) for b in node.branches):
                return True
        return False

    # -- the passes -------------------------------------------------------------------
    def _launch(self, loop: ForLoop) -> None:
        self.out.loop, self.out.loop_file = loop, self.name
        if self.loops:
            self.out.enclosing = self.loops[-1]
        self._passes(loop, ())

    def loop_values(self, loop: ForLoop) -> list[str] | None:
        """The loop's values (at most one more than :data:`MAX_PASSES`), None if unknown."""
        if loop.items is None:
            if loop.arith is None or loop.var is None:
                return None
            return counted(loop.var, loop.arith, self.lookup)
        values: list[str] = []
        for item in loop.items:
            for word in brace_expand(item):
                found = self.expand(word)
                if not found.exact and not found.capped:
                    return None
                values += [found.text] if "'" in word or '"' in word else found.text.split()
                if len(values) > MAX_PASSES:
                    return values
        return values

    def _values(self, loop: ForLoop) -> list[str] | None:
        values = self.loop_values(loop)
        if values is None and self.cards is not None:
            values, self.out.assumed_count = [str(i) for i in range(self.cards)], True
        if values is None:
            self.out.unknown_loop = self.out.unknown_loop or loop
        elif len(values) > MAX_PASSES:
            values, self.out.capped = values[:MAX_PASSES], True
        return values

    def _passes(self, loop: ForLoop, outer: tuple[str, ...]) -> None:
        values = self._values(loop)
        if values is None:
            return  # no ranks from it: the report says its count is known only at run time
        if loop not in self.out.nest:
            self.out.nest.append(loop)
        inner = self._holds_device_loop(loop.body)
        for value in values:
            if len(self.out.ranks) >= MAX_RANKS:
                self.out.capped = True
                return
            saved = (dict(self.vars), set(self.exported), self.cwd, self.nest)
            if loop.var:
                self.vars[loop.var] = Value(value, True, loop.line, self.name)
            if inner:
                self.nest = (*outer, value)
                self.run(loop.body)
            else:
                self._rank(loop, (*outer, value))
            self.stopped = False
            self.vars, self.exported, self.cwd, self.nest = saved

    def _rank(self, loop: ForLoop, values: tuple[str, ...]) -> None:
        rank = self.rank = RankRun(",".join(values), cwd=self.cwd)
        self.run(loop.body)
        main = next((p for p in reversed(rank.launched) if _is_python(p)), None)
        main = main or (rank.launched[-1] if rank.launched else None)
        rank.env = main.env if main is not None else {**rank.env, **self.env()}
        rank.cwd = main.cwd if main is not None else self.cwd
        self.out.ranks.append(rank)
        self.rank = None


def _is_python(launched: Launched) -> bool:
    return any(posixpath.basename(w).startswith("python") for w in launched.words[:4])


def _mentions(text: str, names: set[str]) -> bool:
    """``text`` refers to one of ``names`` (``$x``, ``${x}``, or bare in ``$((x+1))``)."""
    return any(re.search(rf"\$\{{?{name}\b|\(\(.*\b{name}\b", text) for name in names)
