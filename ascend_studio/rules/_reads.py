"""What a rule read of a profile, recorded while it runs.

:class:`Watched` stands in for one of the profile's mappings (its values, its
environment, its companion files) in a rules context and notes each key asked for
in :class:`Reads`: ``("v", path)`` for a lookup (``in``, ``[]``, ``get``), and
``("v", EVERY)`` when the mapping is gone over or counted, for then every key is
read. ``_incremental`` keeps a rule's findings while none of what it read changed.

A rule that judges each set parameter on its own (``Rule.per_param``) may be read
parameter by parameter instead: with :attr:`Reads.items` on, going over the set
parameters (``Ctx.known``) notes what is read while one of them is handled in that
parameter's own set, and so does making the finding about it.
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterable, Iterator, KeysView, Mapping, ValuesView
from typing import TypeVar

__all__ = ["EVERY", "Made", "Read", "Reads", "Watched"]

_V = TypeVar("_V")
_T = TypeVar("_T", bound=tuple[object, ...])

#: The key that stands for a whole mapping (iterated, counted, compared).
EVERY = "\x00every"
#: One thing read: (which mapping: ``v`` values, ``e`` environment, ``f`` files,
#: ``h`` sub-config holders in use, key).
Read = tuple[str, str]
#: What making a shared pass read: outside any parameter, per parameter, and whether
#: the parameters were gone over in it while being gone over (``Reads.tangled``).
Made = tuple[set[Read], dict[str, set[Read]] | None, bool]


class Reads:
    """The keys read since ``log`` was last replaced (a rule at a time)."""

    __slots__ = ("items", "iterated", "iterating", "log", "tangled")

    def __init__(self, *, per_param: bool = False) -> None:
        self.log: set[Read] = set()
        #: Per parameter, what was read while it was handled (None: not kept apart).
        self.items: dict[str, set[Read]] | None = {} if per_param else None
        #: The set parameters were gone over (``segments``).
        self.iterated = False
        #: They are being gone over now.
        self.iterating = False
        #: They were gone over while being gone over: what was read for which cannot
        #: be told apart.
        self.tangled = False

    def segments(self, items: Iterable[_T]) -> Iterator[_T]:
        """``items`` ((path, value, ...) of the set parameters), each one's handling
        noted in its own set."""
        assert self.items is not None
        if self.iterating:
            self.tangled = True
        self.iterated = self.iterating = True
        outer = self.log
        try:
            for item in items:
                path = str(item[0])
                self.log = self.items.setdefault(path, set())
                self.log.add(("v", path))
                yield item
                self.log = outer
        finally:
            self.log = outer
            self.iterating = False

    def enter(self) -> Made:
        """Start noting a shared pass apart; :meth:`leave` ends it."""
        saved: Made = (self.log, self.items, self.tangled)
        self.log = set()
        if self.items is not None:
            self.items = {}
        return saved

    def leave(self, saved: Made) -> Made:
        """What the pass read; noted as read by its maker too."""
        made: Made = (self.log, self.items, self.tangled)
        self.log, self.items, self.tangled = saved
        self.replay(made)
        return made

    def replay(self, made: Made) -> None:
        """What a shared pass read, noted again for one more user of it."""
        log, items, tangled = made
        self.log |= log
        self.tangled = self.tangled or tangled
        if items is None:
            return
        self.iterated = True  # the pass went over the parameters for this user too
        if self.items is None:  # not kept apart here: every parameter's reads are this one's
            self.log.add(("v", EVERY))
            for reads in items.values():
                self.log |= reads
            return
        for path, reads in items.items():
            self.items.setdefault(path, set()).update(reads)

    def item(self, path: str) -> set[Read] | None:
        """The set noting what is read for ``path``, if it is a parameter gone over."""
        return None if self.items is None else self.items.get(path)


class Watched(Mapping[str, _V]):
    """A read-only mapping that notes in ``reads`` what is asked of it."""

    __slots__ = ("_data", "_reads", "_tag")

    def __init__(self, data: Mapping[str, _V], reads: Reads, tag: str) -> None:
        self._data = data
        self._reads = reads
        self._tag = tag

    def __getitem__(self, key: str) -> _V:
        self._reads.log.add((self._tag, key))
        return self._data[key]

    def get(self, key: str, default: object = None) -> object:  # type: ignore[override]
        self._reads.log.add((self._tag, key))
        return self._data.get(key, default)

    def __contains__(self, key: object) -> bool:
        self._reads.log.add((self._tag, key if isinstance(key, str) else EVERY))
        return key in self._data

    def every(self) -> Mapping[str, _V]:
        """The mapping itself, noted as read in full."""
        self._reads.log.add((self._tag, EVERY))
        return self._data

    def __iter__(self) -> Iterator[str]:
        return iter(self.every())

    def __len__(self) -> int:
        return len(self.every())

    def keys(self) -> KeysView[str]:
        return self.every().keys()

    def items(self) -> ItemsView[str, _V]:
        return self.every().items()

    def values(self) -> ValuesView[_V]:
        return self.every().values()

    def __eq__(self, other: object) -> bool:
        return dict(self.every()) == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Watched({self._data!r})"
