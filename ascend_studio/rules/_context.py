"""The read-only view of one profile that rule conditions query.

Conditions must not fire on what they cannot know: a value kept as a Python
expression (:class:`Expr`) is "set, value unknown", so :meth:`Ctx.lit` and
:meth:`Ctx.eff` return None for it and value-dependent rules stay quiet.
"""

from __future__ import annotations

import ast
import contextlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal, TypeVar

from ascend_studio.profile import Expr, Profile, Value, target_of
from ascend_studio.rules._index import CatalogIndex, ParamFacts
from ascend_studio.rules._reads import EVERY, Made, Reads, Watched
from ascend_studio.schema import (
    AXES,
    THROUGH,
    Axis,
    Gate,
    Release,
    Scalar,
    Scoped,
    Surface,
    UnknownReleaseError,
    documented_default,
    read_env_int,
    runtime_number,
    surface_of,
)

_T = TypeVar("_T")

__all__ = ["AXES", "FILE_CONTENTS_FIELD", "Axis", "Ctx", "file_contents"]

#: Profile field (kept as an unknown field by the document) holding what users
#: describe of the files that path parameters point to: parameter path -> text.
FILE_CONTENTS_FIELD = "file_contents"

#: Where :meth:`Ctx.runtime_int` found the value.
IntSource = Literal["set", "environment", "documented default", "signature default"]
#: Products documented for bf16, HF32 and the newer memory/copy options.
NEW_GEN = frozenset({"atlas_350", "atlas_a3", "atlas_a2"})


#: Texts :func:`literal_of` parsed: the literal when it is an immutable scalar, else
#: :data:`_NONE` (no literal, or ``None``); a list or dict is parsed each time, so no
#: caller shares one.
_LITERALS: dict[str, object] = {}
_NONE = object()
_SCALARS = (int, float, complex, str, bytes)


def literal_of(text: str, default: object) -> object:
    """``text`` evaluated as a Python literal, or ``default`` when it is not one (or
    is ``None``, which the None rules judge)."""
    found = _LITERALS.get(text)
    if found is not None:
        return default if found is _NONE else found
    if len(text) > 10_000:
        return default
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        value = None
    if value is None or type(value) in _SCALARS or type(value) is bool:
        if len(_LITERALS) >= 1024:
            _LITERALS.clear()
        _LITERALS[text] = _NONE if value is None else value
    return default if value is None else value


def file_contents(profile: Profile) -> Mapping[str, str]:
    return profile.file_contents


class Ctx:
    """Values, environment and target of one profile, plus catalog lookups."""

    __slots__ = (
        "_known",
        "_made_reading",
        "_made_watched",
        "_product",
        "_scenario",
        "after_open",
        "defaults",
        "env",
        "files",
        "holders",
        "ix",
        "memo",
        "only",
        "profile",
        "reads",
        "release",
        "scenario_by_default",
        "surface",
        "tf2_release",
        "unnamed",
        "values",
        "watch",
    )

    def __init__(
        self,
        profile: Profile,
        ix: CatalogIndex,
        surface: Surface | None = None,
        after_open: Mapping[str, tuple[int, int]] | None = None,
        watch: Reads | None = None,
    ) -> None:
        self.profile = profile
        #: Where what the rules read of the values, environment and files is noted
        #: (``_reads``); None: not noted (a plain evaluation).
        self.watch = watch
        #: What the script says beyond the values (``ImportedConfig.after_open``): the
        #: TF Adapter 2.x options it writes after ``npu_device.open()``, with the lines.
        self.after_open: Mapping[str, tuple[int, int]] = after_open or {}
        self.values: Mapping[str, Value] = profile.values
        self.env: Mapping[str, str | None] = profile.env
        self.files: Mapping[str, str] = file_contents(profile)
        if watch is not None:
            self.values = Watched(profile.values, watch, "v")
            self.env = Watched(profile.env, watch, "e")
            self.files = Watched(self.files, watch, "f")
        named = target_of(profile)
        #: Where the configuration is written (see ``schema._surfaces``); unless the
        #: caller knows (an imported call), what the profile says it is written for.
        self.surface: Surface = surface or surface_of(named.surface)
        if self.surface == "environment" and named.surface != "env":
            named = target_of(profile, environment_only=True)
        #: The target axes the profile names none of (``profile.target_of``): a rule
        #: that reads one is asked for each of its values (``_targets``). Until then
        #: the first value stands in.
        self.unnamed: tuple[Axis, ...] = named.unnamed
        self._product = named.product or ix.catalog.products[0].id
        self._scenario: str = named.scenario or ix.catalog.scenarios[0].id
        #: The scenario is training only because graph_run_mode is left at its default.
        self.scenario_by_default = named.by_run_mode and "graph_run_mode" not in profile.values
        #: The target axes read since the caller last cleared it.
        self.reads: set[Axis] = set()
        self._made_reading: dict[str, set[Axis]] = {}
        self._made_watched: dict[str, Made] = {}
        #: The set parameters :meth:`known` lists (None: all): a rule judging each on
        #: its own is asked again for those an edit reached (``_incremental``).
        self.only: frozenset[str] | None = None
        self.ix = ix.for_surface(self.surface)
        #: The TF Adapter release the profile names, resolved; None when it names none
        #: (or one no public release matches: ``release.unknown`` says so). Its facts are
        #: TF Adapter 1.x's: none on the tf2 surface.
        self.release: Release | None = None
        #: On the tf2 surface, the release named, for its 2.x options (``tf2_releases``).
        self.tf2_release: Release | None = None
        if profile.release is not None:
            with contextlib.suppress(UnknownReleaseError):
                named_release = self.ix.catalog.history.resolve(profile.release)
                if self.surface == "tf2":
                    self.tf2_release = named_release
                else:
                    self.release = named_release
        #: Signature defaults, as the target release has them.
        self.defaults = self.ix.defaults_at(self.release.id if self.release else None)
        used: set[str] = set()
        for key in profile.values:
            holder = key
            while "." in holder:
                holder = holder.rsplit(".", 1)[0]
                used.add(holder)
        self.holders = used
        self._known: list[tuple[str, Value, ParamFacts]] | None = None
        #: Per-evaluation scratch space for rule families that share one pass.
        self.memo: dict[str, Any] = {}

    def once(self, key: str, make: Callable[[], _T]) -> _T:
        """``make()``, made the first time ``key`` is asked in this evaluation and kept
        (``memo``): for what several rules go over."""
        watch = self.watch
        if key not in self.memo:
            before, self.reads = self.reads, set()
            saved = watch.enter() if watch is not None else None
            try:
                self.memo[key] = make()
            finally:  # a maker that fails (the rule reports itself) leaves the reads whole
                self._made_reading[key] = self.reads
                self.reads = before | self.reads
                if watch is not None and saved is not None:
                    self._made_watched[key] = watch.leave(saved)
        else:  # what the first maker read, every later user depends on too
            self.reads |= self._made_reading.get(key, set())
            if watch is not None and key in self._made_watched:
                watch.replay(self._made_watched[key])
        found: _T = self.memo[key]
        return found

    @property
    def product(self) -> str:
        self.reads.add("product")
        if self.watch is not None:
            self.watch.log.add(("t", "product"))
        return self._product

    @property
    def scenario(self) -> str:
        self.reads.add("scenario")
        if self.watch is not None:
            self.watch.log.add(("t", "scenario"))
        return self._scenario

    def judged_for(self) -> tuple[str, str]:
        """The product and scenario the rules are asked for (not noted as read)."""
        return self._product, self._scenario

    def why_not(self, item: Scoped, *axes: Axis) -> Gate | None:
        """Where ``item`` (a parameter, an enum value) misses the target, on ``axes``
        (default: both); an axis is read only when the answer depends on it, so a
        target the file leaves unnamed is asked about only then."""
        asked = axes or AXES
        product = self.product if "product" in asked and item.depends_on("product") else None
        scenario = self.scenario if "scenario" in asked and item.depends_on("scenario") else None
        return item.why_not(product, scenario)

    def through(self, surface: Surface) -> bool:
        """The configuration goes through ``surface`` (built, translated, written...)."""
        return surface in THROUGH[self.surface]

    def known(self) -> Iterable[tuple[str, Value, ParamFacts]]:
        """(path, value, facts) of every set parameter the catalog knows (of those in
        :attr:`only`, when given), in the values' order, built once."""
        if self._known is None:
            facts, only = self.ix.facts, self.only
            values = self.profile.values
            self._known = [
                (p, v, facts[p])
                for p, v in values.items()
                if p in facts and (only is None or p in only)
            ]
        watch = self.watch
        if watch is None:
            return self._known
        if watch.items is None:
            watch.log.add(("v", EVERY))
            return self._known
        return watch.segments(self._known)  # what is read for each, noted apart

    # -- values -------------------------------------------------------------------
    def is_set(self, path: str) -> bool:
        """Given a value: an explicit ``None`` counts as not given, as the real code's
        ``if x is not None`` reads it (rules about None itself look at ``values``)."""
        return self.values.get(path) is not None

    def raw(self, path: str) -> Value | None:
        return self.values.get(path)

    def lit(self, path: str) -> Scalar | None:
        """The literal set value; None when unset, None or kept as an expression. Bytes
        are the text the C++ reader gets (``tf.compat.as_bytes`` keeps them as they are)."""
        value = self.values.get(path)
        if isinstance(value, bytes):
            return value.decode("utf-8", "replace")
        return None if isinstance(value, Expr) else value

    def eff(self, path: str) -> Scalar | None:
        """Set literal, else the signature default; None when unknown or None. A file
        that sets only the environment shows no configuration: its parameters are
        unknown, not at their defaults."""
        if path in self.values:
            return self.lit(path)
        return None if self.surface == "environment" else self.defaults.get(path)

    def sval(self, path: str) -> str | None:
        """The set value when it is a string (bytes as their text), else None."""
        value = self.lit(path)
        return value if isinstance(value, str) else None

    def ival(self, path: str, default_too: bool = True) -> int | None:
        """The (effective) value when it is an int (not a bool), else None."""
        value = self.eff(path) if default_too else self.lit(path)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def is_true(self, path: str) -> bool:
        return self.eff(path) is True

    def is_off(self, path: str) -> bool:
        """The switch is known to be off: unset with a default other than True, or set
        to a literal other than True. A value known only when the script runs
        (``args.dump``, ``"1" == os.getenv(...)``) is neither on nor off."""
        value = self.values.get(path)
        if isinstance(value, Expr) and value.expr.strip() != "None":
            return False
        if self.surface == "environment" and path not in self.values:
            return False  # no configuration in the file: not known
        return not self.is_true(path)

    def written(self, path: str) -> object:
        """The set value, with an expression that is a Python literal (``[10]``,
        ``{"enable_dump": True}``, ``1``) as that literal: its type is known, and
        checked, though a profile cannot hold it. Else the set value as is."""
        value = self.values.get(path)
        if not isinstance(value, Expr):
            return value
        return self.once(f"literal:{path}", lambda: literal_of(value.expr, value))

    def at_run_time(self, path: str) -> bool:
        """The value is an expression only the run knows (the literal ``None`` aside)."""
        value = self.values.get(path)
        return isinstance(value, Expr) and value.expr.strip() != "None"

    def uses(self, holder: str) -> bool:
        """A sub-config object is built: its holder or any of its fields is set."""
        if self.watch is not None:
            self.watch.log.add(("h", holder))
        return holder in self.values or holder in self.holders

    def doc_default(self, path: str) -> Scalar | None:
        param = self.ix.param(path)
        if param is None or self.surface == "environment":
            return None
        return documented_default(param, self.product, self.scenario)

    def runtime_int(self, path: str) -> tuple[int | None, IntSource]:
        """The int the runtime uses for ``path`` (see :meth:`given_int`), rewritten as
        the catalog says (rounded to the product's step, clamped)."""
        value, source = self.given_int(path)
        param = self.ix.param(path)
        if value is None or param is None:
            return value, source
        return runtime_number(param, value, self.product), source

    def given_int(self, path: str) -> tuple[int | None, IntSource]:
        """The int given for ``path`` and where it comes from: the set value, else the
        environment fallbacks, else the documented default, else the signature
        default. None when it cannot be known (an expression, an unparsable variable)."""
        param = self.ix.param(path)
        if param is None:
            return None, "set"
        found: tuple[Scalar | None, IntSource]
        if self.is_set(path):
            found = self.lit(path), "set"
        else:
            given = [name for name in param.env_fallback if self.env_given(name)]
            if given:
                found = self.env_int(given[0]), "environment"
            elif (doc := self.doc_default(path)) is not None:
                found = doc, "documented default"
            else:
                found = self.defaults.get(path), "signature default"
        value, source = found
        if not isinstance(value, int) or isinstance(value, bool):
            return None, source
        return value, source

    def precision(self, path: str) -> tuple[str | None, bool]:
        """(value, documented) of a precision mode: the set string or its doc default."""
        if path in self.values:
            return self.sval(path), False
        default = self.doc_default(path)
        return (default if isinstance(default, str) else None), default is not None

    # -- environment ----------------------------------------------------------------
    def env_value(self, name: str) -> str | None:
        """The variable's value when the profile sets it; None if absent, unset or
        shell text (``$device_id``: known only when the script runs)."""
        if name in self.profile.env_verbatim or not self.env_given(name):
            return None
        return self.env.get(name)

    def env_runtime(self, name: str) -> bool:
        """The variable is set to shell text whose value only the run knows."""
        return name in self.profile.env_verbatim and self.env.get(name) is not None

    def env_int(self, name: str) -> int | None:
        """The variable as an int when its reader accepts it (the catalog names the
        reader: ``strtol``-like by default, TensorFlow's ``safe_strto64`` for the
        device ids), else None."""
        text = self.env_value(name)  # shell text: not a number yet
        return None if text is None else read_env_int(text, self.ix.int_readers.get(name, ""))

    def env_given(self, name: str) -> bool:
        """Set to a value (an empty one counts as unset where the reader says so)."""
        value = self.env.get(name)
        return value is not None and (value != "" or name not in self.ix.empty_unset)

    def env_unset(self, name: str) -> bool:
        """The profile explicitly removes the variable."""
        return name in self.env and self.env[name] is None

    # -- target ----------------------------------------------------------------------
    def exists(self, path: str) -> bool:
        """Whether the target release has ``path``: its keyword, or its key for a
        sess.run-only parameter or on a parameter_map written by hand (the C++ reads
        it); True when no release is named or nothing is known."""
        if self.release is None:
            return True
        return self.ix.exists_at(path, self.release.id, self.surface)

    @property
    def graph_run_mode(self) -> int | None:
        return self.ival("graph_run_mode")

    @property
    def inference(self) -> bool:
        return self.scenario == "inference"

    def file(self, path: str) -> str | None:
        return self.files.get(path) if path in self.values else None
