"""Artifacts and their priority chains, as validated data.

Each artifact (a folder or file the Ascend stack writes) has one or more
*variants* of its chain: where the sources disagree, every reading is kept and
exactly one is marked as the one shown by default. A chain is an ordered list of
layers, highest priority first: profile parameters, environment variables, and
a built-in default last.

Path patterns use ``{value}`` for the layer's own value and ``${name}`` for
placeholders declared in the data file (``${pid}``, ``${cwd}``...).

The classes are frozen stdlib dataclasses, so that using the chains needs no
pydantic: ``_artifacts_load`` validates the data file with pydantic (built from
these very classes; each ``__post_init__`` check becomes a validation error) when
the file changed, and later runs rebuild the same objects from the validated
copy it keeps in the user cache.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from ascend_studio.schema import Scalar, Text

__all__ = [
    "CONTEXT_PLACEHOLDERS",
    "Artifact",
    "ArtifactCatalog",
    "ArtifactError",
    "Cond",
    "LayerSpec",
    "Placeholder",
    "Variant",
    "When",
]

#: Placeholders the resolver fills from :class:`~ascend_studio.paths.Context`.
CONTEXT_PLACEHOLDERS: tuple[str, ...] = ("cwd", "home", "pid", "device_id", "session_id")

_PLACEHOLDER = re.compile(r"\$\{([a-z_]+)\}")
_ENV_NAME = re.compile(r"[A-Z][A-Z0-9_]*")
_ID = re.compile(r"[a-z][a-z0-9_]*")


class ArtifactError(ValueError):
    """The artifact data file is malformed."""


@dataclass(frozen=True, kw_only=True)
class _Frozen:
    #: What pydantic reads when it validates the data file: unknown keys are errors.
    __pydantic_config__: ClassVar[dict[str, Any]] = {"extra": "forbid"}


def _check_id(owner: str, value: str) -> None:
    if not _ID.fullmatch(value):
        raise ValueError(f"{owner} id {value!r}: lower-case letters, digits and '_' only")


def _check_given(owner: str, **fields: tuple[object, ...]) -> None:
    empty = [name for name, items in fields.items() if not items]
    if empty:
        raise ValueError(f"{owner}: {', '.join(empty)} must not be empty")


def placeholders_in(pattern: str) -> set[str]:
    return set(_PLACEHOLDER.findall(pattern))


@dataclass(frozen=True, kw_only=True)
class Placeholder(_Frozen):
    """A ``${name}`` in a path pattern: filled from the context, or always shown."""

    name: str
    #: context: filled when the Context knows it; opaque: only known at run time.
    source: Literal["context", "opaque"]
    description: Text

    def __post_init__(self) -> None:
        _check_id("placeholder", self.name)


Test = Literal["set", "unset", "eq", "ne", "in", "not_in", "true"]


@dataclass(frozen=True, kw_only=True)
class Cond(_Frozen):
    """One test on a profile parameter or an environment variable.

    ``eq``/``in``/``true`` need the value to be set; ``ne``/``not_in`` also hold
    when it is unset (the default then applies and is compared instead, if any).
    """

    param: str | None = None
    env: str | None = None
    test: Test = "set"
    values: tuple[Scalar, ...] = ()

    def __post_init__(self) -> None:
        if (self.param is None) == (self.env is None):
            raise ValueError("a condition names exactly one of param or env")
        if self.env is not None and not _ENV_NAME.fullmatch(self.env):
            raise ValueError(f"bad environment variable name {self.env!r}")
        needs = {"eq": 1, "ne": 1}.get(self.test)
        if needs is not None and len(self.values) != needs:
            raise ValueError(f"test {self.test!r} takes exactly one value")
        if self.test in ("in", "not_in") and not self.values:
            raise ValueError(f"test {self.test!r} needs values")
        if self.test in ("set", "unset", "true") and self.values:
            raise ValueError(f"test {self.test!r} takes no values")

    @property
    def subject(self) -> str:
        return self.param if self.param is not None else f"${self.env}"


@dataclass(frozen=True, kw_only=True)
class When(_Frozen):
    """One alternative: holds when all of its conditions hold."""

    all: tuple[Cond, ...]

    def __post_init__(self) -> None:
        _check_given("when", all=self.all)


@dataclass(frozen=True, kw_only=True)
class LayerSpec(_Frozen):
    """One step of a chain, as declared in the data."""

    kind: Literal["parameter", "env", "default"]
    #: Parameter path (``dump_config.dump_path``), env var name, or ``default``.
    name: str
    #: Pattern of what this layer contributes; absent on a default: no fallback.
    path: str | None = None
    #: Take one key of a JSON object value (profiling options carry ``output``).
    json_key: str | None = None
    #: The layer counts only when all of these hold; otherwise it is ignored.
    when: tuple[Cond, ...] = ()
    #: A setting of another tool (``atc --check_report``): never in a profile.
    external: bool = False
    note: Text | None = None

    def __post_init__(self) -> None:
        if self.kind == "default":
            if self.name != "default" or self.json_key or self.external or self.when:
                raise ValueError("a default layer is named 'default' and has no extras")
            if self.path is not None and "{value}" in self.path:
                raise ValueError("a default has no {value}")
            return
        if self.path is None or "{value}" not in self.path:
            raise ValueError(f"layer {self.name}: pattern must contain {{value}}")
        if self.kind == "env" and not _ENV_NAME.fullmatch(self.name):
            raise ValueError(f"bad environment variable name {self.name!r}")
        if self.external and self.kind != "parameter":
            raise ValueError("only parameter layers can be external")


@dataclass(frozen=True, kw_only=True)
class Variant(_Frozen):
    """One reading of the chain, following one source."""

    id: str
    label: Text
    default: bool = False
    sources: tuple[str, ...]
    layers: tuple[LayerSpec, ...]

    def __post_init__(self) -> None:
        _check_id("variant", self.id)
        _check_given(f"variant {self.id}", sources=self.sources, layers=self.layers)
        kinds = [layer.kind for layer in self.layers]
        if "default" in kinds[:-1]:
            raise ValueError(f"variant {self.id}: the default layer must come last")
        names = [(layer.kind, layer.name) for layer in self.layers]
        if len(names) != len(set(names)):
            raise ValueError(f"variant {self.id}: a layer appears twice")


@dataclass(frozen=True, kw_only=True)
class Artifact(_Frozen):
    """A folder or file the stack writes, and where it lands."""

    id: str
    type: Literal["dir", "file"]
    #: Other names users know it by (``plog`` for ``log``); ``paths --artifact`` takes them.
    aliases: tuple[str, ...] = ()
    #: tf_adapter: a TF Adapter job writes it; other: another tool (ATC, msprof...).
    scope: Literal["tf_adapter", "other"] = "tf_adapter"
    scenario: Literal["both", "training", "inference"] = "both"
    #: Which TF Adapter writes it: tf1 (1.x: NPURunConfig, sess.run), tf2 (2.x:
    #: npu_device), estimator (1.x's NPUEstimator only, not a sess.run job), any (the
    #: graph engine and CANN, whichever adapter drives them).
    surface: Literal["any", "tf1", "tf2", "estimator"] = "any"
    name: Text
    description: Text
    #: Layout of what lands inside, relative to the resolved path.
    below: str = ""
    #: Produced when any alternative holds; empty means always.
    when: tuple[When, ...] = ()
    not_produced: Text | None = None
    #: When it is written although the profile cannot tell (shown as a hint).
    condition_note: Text | None = None
    note: Text | None = None
    sources: tuple[str, ...]
    #: A single chain; or ``variant`` when the sources disagree.
    layers: tuple[LayerSpec, ...] = ()
    variant: tuple[Variant, ...] = ()
    order: int = 0
    #: Free space (MiB) wanted where it lands: what one run may write there (doctor).
    min_free_mb: int = 0
    #: A folder that cannot be created or written: ``error`` where the stack fails on it.
    unwritable: Literal["error", "warning"] = "warning"
    #: Each process needs its own: ranks landing on one path overwrite each other.
    one_per_process: bool = False
    #: The stack does not create it: the folder must exist before the job starts.
    must_exist: bool = False

    def __post_init__(self) -> None:
        _check_id("artifact", self.id)
        if self.min_free_mb < 0:
            raise ValueError(f"{self.id}: min_free_mb must not be negative")
        _check_given(self.id, sources=self.sources)
        if bool(self.layers) == bool(self.variant):
            raise ValueError(f"{self.id}: give either layers or variants")
        if self.variant:
            defaults = [v.id for v in self.variant if v.default]
            if len(defaults) != 1 or len(self.variant) < 2:
                raise ValueError(f"{self.id}: two or more variants, exactly one default")
            ids = [v.id for v in self.variant]
            if len(ids) != len(set(ids)):
                raise ValueError(f"{self.id}: duplicate variant ids")
        if (self.when or self.scope == "other") and self.not_produced is None:
            raise ValueError(f"{self.id}: say why it may not be produced (not_produced)")

    @property
    def variants(self) -> tuple[Variant, ...]:
        """Every chain reading; a plain ``layers`` artifact has one, the default."""
        if self.variant:
            return self.variant
        label = Text(zh="唯一读法", en="single reading")
        only = Variant(
            id="main", label=label, default=True, sources=self.sources, layers=self.layers
        )
        return (only,)

    @property
    def default_variant(self) -> Variant:
        return next(v for v in self.variants if v.default)

    def patterns(self) -> list[str]:
        found = [self.below]
        for variant in self.variants:
            found += [layer.path for layer in variant.layers if layer.path]
        return found

    def conditions(self) -> list[Cond]:
        conds = [c for alt in self.when for c in alt.all]
        for variant in self.variants:
            conds += [c for layer in variant.layers for c in layer.when]
        return conds


@dataclass(frozen=True, kw_only=True)
class ArtifactCatalog(_Frozen):
    placeholder: tuple[Placeholder, ...]
    artifact: tuple[Artifact, ...]

    def __post_init__(self) -> None:
        _check_given("artifacts", artifact=self.artifact)
        names = {p.name for p in self.placeholder}
        missing = set(CONTEXT_PLACEHOLDERS) - {
            p.name for p in self.placeholder if p.source == "context"
        }
        if missing:
            raise ValueError(f"context placeholders not declared: {sorted(missing)}")
        ids = [a.id for a in self.artifact]
        if len(ids) != len(set(ids)):
            raise ValueError("duplicate artifact ids")
        spelled = [n.lower() for a in self.artifact for n in (a.id, *a.aliases)]
        twice = sorted({n for n in spelled if spelled.count(n) > 1})
        if twice:
            raise ValueError(f"an alias names two artifacts or repeats an id: {twice}")
        for art in self.artifact:
            unknown = set().union(*(placeholders_in(p) for p in art.patterns())) - names
            if unknown:
                raise ValueError(f"{art.id}: undeclared placeholders {sorted(unknown)}")

    def get(self, artifact_id: str) -> Artifact:
        for art in self.artifact:
            if art.id == artifact_id:
                return art
        raise KeyError(f"unknown artifact {artifact_id!r}")

    def find(self, name: str) -> Artifact | None:
        """The artifact ``name`` is the id or an alias of, in any case (``PLOG``: ``log``)."""
        wanted = name.strip().lower()
        return next(
            (a for a in self.artifact if wanted in (n.lower() for n in (a.id, *a.aliases))),
            None,
        )

    def names(self) -> list[str]:
        """Every id and alias, for a did-you-mean."""
        return sorted(n for a in self.artifact for n in (a.id, *a.aliases))

    @property
    def artifacts(self) -> tuple[Artifact, ...]:
        return tuple(sorted(self.artifact, key=lambda a: (a.order, a.id)))
