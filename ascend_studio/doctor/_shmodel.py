"""What following a launch script yields: per rank, its environment, folder, programs, output."""

from __future__ import annotations

from dataclasses import dataclass, field

from ascend_studio.doctor._shtree import ForLoop
from ascend_studio.schema import Text

__all__ = ["Expansion", "Launched", "RankRun", "Value", "Write"]


@dataclass(frozen=True)
class Value:
    text: str
    #: False when part of it is known only at run time (kept as written).
    exact: bool
    line: int
    file: str = ""
    #: All is known but a ``$(seq ...)`` in it is cut (``exact`` is then False): read
    #: through the variable, it gives the same first values and says it is cut.
    capped: bool = False


@dataclass(frozen=True)
class Write:
    """A file a rank redirects output to."""

    path: str
    op: str
    line: int
    exact: bool
    file: str


@dataclass(frozen=True)
class Launched:
    """A program a rank starts, with the environment it gets."""

    words: tuple[str, ...]
    line: int
    cwd: str | None
    env: dict[str, Value]
    background: bool
    file: str


@dataclass
class RankRun:
    #: The loop variable's value for this pass (``1,3`` for nested device loops).
    value: str
    env: dict[str, Value] = field(default_factory=dict)
    cwd: str | None = None
    writes: list[Write] = field(default_factory=list)
    launched: list[Launched] = field(default_factory=list)
    #: Files the rank's scripts source or run that could not be read: they may
    #: change its environment in ways the check cannot see.
    unread: list[str] = field(default_factory=list)


@dataclass
class Expansion:
    file: str
    #: The per-device loop: the outermost one when device loops nest.
    loop: ForLoop | None = None
    loop_file: str = ""
    #: Every device loop of the nest, outermost first (one entry when they do not nest).
    nest: list[ForLoop] = field(default_factory=list)
    ranks: list[RankRun] = field(default_factory=list)
    #: What the launch check could not work out: (file, line, text).
    notes: list[tuple[str, int, Text]] = field(default_factory=list)
    #: The working directory the script was assumed to start in.
    start_cwd: str = ""
    #: Iterations taken from --cards because a loop's own count was unknown.
    assumed_count: bool = False
    #: A device loop whose count is known only at run time (no ranks from it).
    unknown_loop: ForLoop | None = None
    #: The loop runs more passes than are expanded: the rank count is not known.
    capped: bool = False
    #: A loop that is no device loop but runs the device loop once per value.
    enclosing: ForLoop | None = None
