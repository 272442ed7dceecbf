"""TF Adapter 2.x as one more surface of the catalog: ``npu_device.global_options()``.

TensorFlow 2 jobs set the same graph-engine options through a tree of option
classes (``global_options().dump_config.enable_dump = True``), two functions
(``npu_device.open(device_id)``, ``set_npu_loop_size(n)``) and a few NPU_*
variables. Most leaves of the tree configure a catalog parameter (``param``); a
few exist only there and carry their own kind and texts. Which releases have a
leaf, with its default, the values its setter accepts and its deprecation, is
per release (``tf2_releases.toml``, derived from the real classes).

Profiles keep TF2 values under the catalog path of the parameter a leaf
configures, and under the leaf's own path for the 2.x-only leaves, so one profile
exports to either surface where the surfaces share a parameter.
"""

from __future__ import annotations

from dataclasses import dataclass

from ascend_studio.schema._base import Scalar, Text, _Frozen
from ascend_studio.schema._models import EnumValue, Kind, PyType

__all__ = [
    "TF2_PREFIX",
    "Tf2",
    "Tf2Call",
    "Tf2Facts",
    "Tf2Holder",
    "Tf2Option",
    "Tf2Release",
]

#: How a 2.x option is written in scripts and messages.
TF2_PREFIX = "npu_device.global_options()"


@dataclass(frozen=True, kw_only=True)
class Tf2Facts(_Frozen):
    """What one option is in a set of releases (one era of its history)."""

    releases: tuple[str, ...]
    #: The class default, sent when the option is not set (None: nothing sent).
    default: Scalar | None = None
    #: The setter's list of accepted values (compared with ``==``); None: any value.
    values: tuple[Scalar, ...] | None = None
    #: None is in the list (setting None leaves the option unset).
    none_allowed: bool = False
    #: A ``DeprecatedValue``: setting it prints a warning naming ``replacement``.
    deprecated: bool = False
    replacement: str | None = None

    def __post_init__(self) -> None:
        if not self.releases:
            raise ValueError("facts without releases")
        if self.replacement is not None and not self.deprecated:
            raise ValueError("a replacement is printed only for a deprecated option")

    def accepts(self, value: object) -> bool:
        """Whether the setter takes ``value``: Python's ``in`` (``1 == True`` counts)."""
        if value is None:
            return self.values is None or self.none_allowed
        return self.values is None or any(_equal(value, v) for v in self.values)


def _equal(value: object, listed: Scalar) -> bool:
    try:
        return bool(value == listed)
    except Exception:  # an object whose == raises: the real setter would raise too
        return False


@dataclass(frozen=True, kw_only=True)
class Tf2Holder(_Frozen):
    """A config class of the tree and where it hangs ("" is NpuConfig itself)."""

    path: str
    name: str
    releases: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Tf2Release(_Frozen):
    """A public release of TF Adapter, seen from the 2.x side."""

    id: str
    date: str
    #: The release has ``tf_adapter_2.x`` option classes.
    configs: bool = True
    #: Its setter raises TypeError (not ValueError) for a value outside the list
    #: whose type differs from a non-None default.
    type_error: bool = False


@dataclass(frozen=True, kw_only=True)
class Tf2Option(_Frozen):
    """One leaf of ``global_options()``: see the module docstring."""

    path: str
    param: str | None = None
    doc: str | None = None
    replaced_by: str | None = None
    not_sent: Text | None = None
    #: Per-release facts (from ``tf2_releases.toml``).
    facts: tuple[Tf2Facts, ...] = ()
    # -- for a 2.x-only option: what the catalog says of a parameter ------------------
    kind: Kind | None = None
    py_type: PyType | None = None
    category: str | None = None
    section: str | None = None
    label: Text | None = None
    description: Text | None = None
    example: str = ""
    values: tuple[EnumValue, ...] = ()
    unit: str = ""
    sources: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        own = (self.kind, self.py_type, self.category, self.section, self.label)
        if self.param is None and (any(x is None for x in own) or self.description is None):
            raise ValueError(
                f"{self.path}: a 2.x-only option needs kind, py_type, "
                "category, section, label and description"
            )
        if self.param is None and not self.sources:
            raise ValueError(f"{self.path}: a 2.x-only option needs sources")
        if self.param is not None and any(x is not None for x in own):
            raise ValueError(f"{self.path}: an option of a catalog parameter takes its texts")

    @property
    def key(self) -> str:
        """The profile path its value is kept under."""
        return self.param or self.path

    @property
    def holder(self) -> str:
        return self.path.rpartition(".")[0]

    @property
    def name(self) -> str:
        return self.path.rpartition(".")[2]

    @property
    def releases(self) -> tuple[str, ...]:
        return tuple(r for f in self.facts for r in f.releases)

    def facts_in(self, release: str) -> Tf2Facts | None:
        return next((f for f in self.facts if release in f.releases), None)


@dataclass(frozen=True, kw_only=True)
class Tf2Call(_Frozen):
    """An ``npu_device`` function that configures a catalog parameter."""

    name: str
    argument: str
    param: str
    #: The variable read when the call is absent (or given None).
    env: str | None = None
    note: Text
    sources: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Tf2(_Frozen):
    """Everything about the 2.x surface, with its lookups."""

    releases: tuple[Tf2Release, ...] = ()
    holders: tuple[Tf2Holder, ...] = ()
    options: tuple[Tf2Option, ...] = ()
    calls: tuple[Tf2Call, ...] = ()

    def __post_init__(self) -> None:
        ordered = sorted((r for r in self.releases if r.configs), key=lambda r: (r.date, r.id))
        object.__setattr__(self, "_by_path", {o.path: o for o in self.options})
        object.__setattr__(self, "_with_configs", tuple(r.id for r in ordered))
        by_key: dict[str, list[Tf2Option]] = {}
        for option in self.options:
            by_key.setdefault(option.key, []).append(option)
        object.__setattr__(self, "_by_key", by_key)
        object.__setattr__(self, "_calls", {c.param: c for c in self.calls})

    # -- releases -------------------------------------------------------------------
    @property
    def newest(self) -> str:
        """The newest release that has 2.x option classes (by date)."""
        found: tuple[str, ...] = self._with_configs  # type: ignore[attr-defined]
        return found[-1] if found else ""

    @property
    def release_ids(self) -> tuple[str, ...]:
        """Releases with 2.x option classes, oldest first."""
        found: tuple[str, ...] = self._with_configs  # type: ignore[attr-defined]
        return found

    def release(self, release_id: str) -> Tf2Release | None:
        return next((r for r in self.releases if r.id == release_id), None)

    def in_release(self, release: str | None = None) -> tuple[Tf2Option, ...]:
        """The options ``release`` (default: the newest) has, in catalog order."""
        wanted = release or self.newest
        return tuple(o for o in self.options if o.facts_in(wanted) is not None)

    def holder_name(self, path: str, release: str | None = None) -> str:
        wanted = release or self.newest
        for holder in self.holders:
            if holder.path == path and wanted in holder.releases:
                return holder.name
        return "NpuConfig" if not path else path.rpartition(".")[2]

    # -- options --------------------------------------------------------------------
    def option(self, path: str) -> Tf2Option | None:
        """The leaf at ``path`` under ``global_options()`` (any release)."""
        found: dict[str, Tf2Option] = self._by_path  # type: ignore[attr-defined]
        return found.get(path)

    def key_of(self, option: Tf2Option) -> str:
        """The profile path a script's value for ``option`` is kept under: its parameter's,
        unless the newest release no longer has this leaf (then the leaf's own path, so
        that checks can tell the script uses a path the newest release lacks)."""
        if option.param is not None and option.facts_in(self.newest) is None:
            return option.path
        return option.key

    def for_key(self, key: str, release: str | None = None) -> Tf2Option | None:
        """The leaf that sets profile path ``key`` in ``release`` (default: the newest);
        else the one that set it last in any release; else the leaf at path ``key``;
        None when no release has one."""
        found: dict[str, list[Tf2Option]] = self._by_key  # type: ignore[attr-defined]
        options = found.get(key, [])
        if not options:
            return self.option(key)
        wanted = release or self.newest
        for option in options:
            if option.facts_in(wanted) is not None:
                return option
        return options[-1] if options else None

    def sets(self, key: str, release: str | None = None) -> bool:
        """Whether a leaf of ``global_options()`` or an ``npu_device`` function sets
        profile path ``key`` in ``release`` (None: in some release)."""
        if self.call_for(key) is not None:
            return True
        by_key: dict[str, list[Tf2Option]] = self._by_key  # type: ignore[attr-defined]
        own = self.option(key)
        options = by_key.get(key) or ([own] if own is not None else [])
        return any(release is None or o.facts_in(release) is not None for o in options)

    def call_for(self, key: str) -> Tf2Call | None:
        """The function that sets profile path ``key`` (``iterations_per_loop``...)."""
        found: dict[str, Tf2Call] = self._calls  # type: ignore[attr-defined]
        return found.get(key)

    def children(self, holder: str, release: str | None = None) -> tuple[str, ...]:
        """The attribute names of the class at ``holder`` in ``release``: what the
        real ``ValueError`` lists as "all options"."""
        wanted = release or self.newest
        names: list[str] = []
        prefix = f"{holder}." if holder else ""
        for option in self.options:
            if option.path.startswith(prefix) and option.facts_in(wanted) is not None:
                head = option.path[len(prefix) :].partition(".")[0]
                if head not in names:
                    names.append(head)
        return tuple(names)

    def is_holder(self, path: str, release: str | None = None) -> bool:
        wanted = release or self.newest
        return any(h.path == path and wanted in h.releases for h in self.holders)
