"""What a rule read of a profile, recorded while it runs.

:class:`Watched` stands in for one of the profile's mappings (its values, its
environment, its companion files) in a rules context and notes each key asked for
in :class:`Reads`: ``("v", path)`` for a lookup (``in``, ``[]``, ``get``), and
``("v", EVERY)`` when the mapping is gone over or counted, for then every key is
read. ``_incremental`` keeps a rule's findings while none of what it read changed.
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterator, KeysView, Mapping, ValuesView
from typing import TypeVar

__all__ = ["EVERY", "Read", "Reads", "Watched"]

_V = TypeVar("_V")

#: The key that stands for a whole mapping (iterated, counted, compared).
EVERY = "\x00every"
#: One thing read: (which mapping: ``v`` values, ``e`` environment, ``f`` files,
#: ``h`` sub-config holders in use, key).
Read = tuple[str, str]


class Reads:
    """The keys read since ``log`` was last replaced (a rule at a time)."""

    __slots__ = ("log",)

    def __init__(self) -> None:
        self.log: set[Read] = set()


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
