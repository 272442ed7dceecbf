"""The parameter catalog's types: frozen dataclasses, validated with pydantic.

The catalog is data (``resources/catalog/*.toml``); these classes are the contract
that data must satisfy. Everything is frozen: the catalog is loaded once and
shared by the rules, the exporters, the path engine and the UI.

They are plain stdlib dataclasses so that using a catalog needs no pydantic: the
files are validated by pydantic (``schema/_validate.py`` builds its validators
from these very classes, reading ``__pydantic_config__`` and raising the
``__post_init__`` checks as validation errors) once per change of the files, and
later starts rebuild the same objects from the validated copy in the user cache.

TOML has no null, so an absent ``default`` means the real signature default is
``None``: the keyword is then not passed and the key is not sent to the runtime.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from ascend_studio.schema._base import (
    CONFIG,
    Applies,
    Gate,
    Scalar,
    ScenarioId,
    Scoped,
    Text,
    _Frozen,
    scenario_holds,
    scope_gate,
)
from ascend_studio.schema._envint import INT_READERS
from ascend_studio.schema._param_rules import ParamRule, RuleFix

__all__ = [
    "CONFIG",
    "OWNERS",
    "Category",
    "Checks",
    "Disagreement",
    "DocDefault",
    "EnumValue",
    "EnvVar",
    "Gate",
    "Kind",
    "Owner",
    "ParamRule",
    "Parameter",
    "Product",
    "ProductRange",
    "PyType",
    "Rewrite",
    "RuleFix",
    "Scalar",
    "Scenario",
    "ScenarioId",
    "Scoped",
    "Section",
    "SessionOption",
    "Text",
    "When",
    "scenario_holds",
    "scope_gate",
]

Owner = Literal[
    "NPURunConfig",
    "DumpConfig",
    "ProfilingConfig",
    "MemoryConfig",
    "ExperimentalConfig",
    "GraphMemoryOptimizeConfig",
    "DynamicInputConfig",
]
OWNERS: tuple[Owner, ...] = get_args(Owner)
#: Where each sub-config object is attached: owner -> dotted path of its holder.
SUBCONFIG_PATHS: dict[str, str] = {
    "DumpConfig": "dump_config",
    "ProfilingConfig": "profiling_config",
    "MemoryConfig": "memory_config",
    "ExperimentalConfig": "experimental_config",
    "GraphMemoryOptimizeConfig": "experimental_config.graph_memory_optimize_config",
    "DynamicInputConfig": "dynamic_input_config",
}

#: Editor/conversion family. ``variant`` on the parameter refines it.
Kind = Literal["bool", "int", "float", "enum", "str", "path", "list", "json", "object", "subconfig"]
#: The Python type the real constructor expects for a set value.
PyType = Literal["bool", "int", "float", "str", "object"]


@dataclass(frozen=True, kw_only=True)
class Product(_Frozen):
    """An Ascend product series the catalog knows, with its names and aliases."""

    id: str
    name: Text
    short: Text
    aliases: tuple[str, ...] = ()
    family: Literal["training", "inference", "accelerator"]
    description: Text


@dataclass(frozen=True, kw_only=True)
class Scenario(_Frozen):
    """A job scenario (training or online inference) and its graph_run_mode."""

    id: ScenarioId
    name: Text
    #: As a sentence names it ("online inference").
    short: Text
    graph_run_mode: int
    description: Text


@dataclass(frozen=True, kw_only=True)
class Section(_Frozen):
    """A section of the NPURunConfig parameter page (the 15 headings)."""

    id: str
    name: Text


@dataclass(frozen=True, kw_only=True)
class Category(_Frozen):
    """A UI category: what the navigation lists, in this order."""

    id: str
    name: Text
    description: Text
    icon: str = ""


@dataclass(frozen=True, kw_only=True)
class EnvVar(_Frozen):
    """An environment variable the runtime reads, with what it is for."""

    name: str
    purpose: Text
    format: Text
    example: str = ""
    path_like: bool = False
    sources: tuple[str, ...] = ()
    #: The reader takes an empty value for unset (``export ASCEND_DEVICE_ID=`` falls
    #: back as if the variable were absent); otherwise "" is a value to check.
    empty_is_unset: bool = False
    #: How the runtime reads the number, for a variable read as one (``_envint.py``):
    #: "" the generic reading, ``safe_strto64`` TensorFlow's stricter one.
    int_reader: str = ""
    #: The number is then stored in an unsigned field of this many bits (larger values
    #: wrap around); 0 when it is not.
    int_bits: int = 0

    def __post_init__(self) -> None:
        if self.int_reader not in INT_READERS:
            raise ValueError(f"{self.name}: int_reader must be one of {INT_READERS}")
        if self.int_bits not in (0, 8, 16, 32, 64):
            raise ValueError(f"{self.name}: int_bits must be 0, 8, 16, 32 or 64")


@dataclass(frozen=True, kw_only=True)
class EnumValue(Scoped, _Frozen):
    """One documented value of an enum parameter and where it is available (beyond the
    parameter's own availability; ``supported`` is asked apart)."""

    value: Scalar
    label: Text | None = None
    description: Text
    #: None: wherever the parameter itself is available.
    products: tuple[str, ...] | None = None
    scenario: Applies = "both"
    #: False: documented as "not supported in this version".
    supported: bool = True
    #: Accepted by the code but absent from the user docs.
    undocumented: bool = False
    #: What the lower layer (GE) receives for this value, when the adapter maps it.
    sent_as: str | None = None


@dataclass(frozen=True, kw_only=True)
class DocDefault(Scoped, _Frozen):
    """A documented default that differs from the signature default."""

    value: Scalar
    products: tuple[str, ...] | None = None
    scenario: Applies = "both"
    note: Text | None = None


@dataclass(frozen=True, kw_only=True)
class SessionOption(_Frozen):
    """How NPUEstimator forwards the value into ``custom_op.parameter_map``."""

    key: str
    field: Literal["s", "i", "b"]
    #: always: written whatever the user set; if_set: only when not None;
    #: with_aoe: only when aoe_mode is set; if_profiling: only when profiling is on;
    #: if_all_set: only when every sibling field is set; if_dump_mode: only with dump_mode.
    sent: Literal["always", "if_set", "with_aoe", "if_profiling", "if_all_set", "if_dump_mode"]
    #: The parameter whose value gates with_aoe / if_profiling / if_dump_mode.
    gate: str | None = None
    #: as_bytes: tf.compat.as_bytes(value); str: as_bytes(str(value)); raw: assigned as is.
    convert: Literal["as_bytes", "str", "raw", "none"] = "none"
    #: Only reachable through the sess.run style (no NPURunConfig keyword).
    session_only: bool = False
    #: Written by NPUEstimator even when the sub-config object is absent.
    absent: Scalar | None = None
    #: Written when the gate holds and the value is unset (``with_aoe``: "./").
    fallback: Scalar | None = None
    #: What NPUEstimator writes for this (session-only) key on its own, whatever the
    #: profile says; a profile value replaces it in the sess.run style.
    written: Scalar | None = None
    #: NPUEstimator writes this key from the named variable at run time (TF_CONFIG).
    from_env: Literal["TF_CONFIG"] | None = None

    def __post_init__(self) -> None:
        gated = self.sent in ("with_aoe", "if_profiling", "if_dump_mode")
        if gated != (self.gate is not None):
            raise ValueError(f"{self.key}: sent={self.sent} needs a gate parameter exactly then")


#: How the real code treats a value that breaks a documented constraint: raises
#: (Python raises at construction), rejects (TF Adapter errors out when the job
#: starts), aborts (LOG(FATAL) ends the process), unchecked (nothing checks it:
#: documented only), clamps (silently brought into range), explicit (a
#: cross-parameter rule in ``rules/_rules_*.py`` checks it).
Enforced = Literal["raises", "rejects", "aborts", "unchecked", "clamps", "explicit"]


@dataclass(frozen=True, kw_only=True)
class Checks(_Frozen):
    """How strictly the real code enforces a set value, per aspect."""

    #: raises: another Python type fails (a str parameter sent through
    #: ``tf.compat.as_bytes`` takes bytes too; one written raw takes bytes only);
    #: constructor: the constructor itself checks ``isinstance(value, py_type)``;
    #: number: any int or float is accepted (TF only compares it with a bound); str:
    #: the adapter applies ``str()`` first, so any value is accepted; explicit: a
    #: cross-parameter rule checks it.
    type: Literal["raises", "constructor", "number", "str", "explicit"] = "raises"
    values: Enforced = "unchecked"
    range: Enforced = "unchecked"
    #: The value is read (and checked) only while this boolean parameter is True.
    read_with: str | None = None
    #: What an explicit ``None`` does: omits (not sent, like unset), default (the
    #: library's own meaning of None, kept), raises (the constructor raises),
    #: fails_when_sent (NPUEstimator raises writing it into the session options;
    #: a value it sends only under a condition fails only then).
    none: Literal["omits", "default", "raises", "fails_when_sent"] = "omits"


@dataclass(frozen=True, kw_only=True)
class ProductRange(_Frozen):
    """A range the docs give for some products only; ``step`` is the runtime's
    rounding there (floored to a multiple of ``step``, at least ``step``)."""

    products: tuple[str, ...]
    minimum: float | None = None
    maximum: float | None = None
    minimum_exclusive: bool = False
    step: int | None = None


@dataclass(frozen=True, kw_only=True)
class When(_Frozen):
    """One condition on the profile: on another parameter's effective value, on an
    environment variable, or a named predicate (``rules`` registers the few that
    need more than this, e.g. reading a file's contents)."""

    param: str | None = None
    env: str | None = None
    predicate: str | None = None
    #: set/unset: given or not; true/not_true: the effective value is (not) True;
    #: equals/not_equals: the effective value is (not) ``value`` (typed comparison).
    #: ``is`` in the catalog files.
    is_: Literal["set", "unset", "true", "not_true", "equals", "not_equals"] = "set"
    value: Scalar | None = None

    def __post_init__(self) -> None:
        if sum(x is not None for x in (self.param, self.env, self.predicate)) != 1:
            raise ValueError("a condition names exactly one of param, env, predicate")


@dataclass(frozen=True, kw_only=True)
class Rewrite(_Frozen):
    """A silent runtime rewrite: when every condition holds, the runtime forces a
    value, ignores the set value, or substitutes its documented default."""

    effect: Literal["forced", "ignored", "default"]
    when: tuple[When, ...] = ()
    #: The value used (forced / default).
    value: Scalar | None = None
    note: Text


@dataclass(frozen=True, kw_only=True)
class Disagreement(_Frozen):
    """Where the sources disagree: what each says, and which one the tool follows."""

    summary: Text
    follows: str


@dataclass(frozen=True, kw_only=True)
class Parameter(Scoped, _Frozen):
    """One keyword of NPURunConfig or of one of its sub-configs, with every fact about it."""

    name: str
    owner: Owner = "NPURunConfig"
    #: Index of the keyword in its owner's ``__init__`` signature (positional calls);
    #: required in the catalog (the cross-check rejects -1), optional for code-made
    #: entries such as test fixtures.
    position: int = -1
    #: A positional argument without a default: every call must pass it.
    required: bool = False
    kind: Kind
    py_type: PyType
    variant: str | None = None
    #: Signature default; absent means None (not passed, key not sent).
    default: Scalar | None = None
    doc_default: tuple[DocDefault, ...] = ()
    values: tuple[EnumValue, ...] = ()
    #: Values the code also accepts beyond ``values`` are allowed only for open enums.
    open_enum: bool = False
    case_sensitive: bool = True
    minimum: float | None = None
    maximum: float | None = None
    minimum_exclusive: bool = False
    unit: str = ""
    category: str
    section: str
    scenario: Applies = "both"
    products: tuple[str, ...] | None = None
    #: What the docs say for a product outside ``products``: unsupported (documented
    #: as not supported: error), ignored (not sent there: warning), undocumented
    #: (the docs are silent: info).
    elsewhere: Literal["unsupported", "ignored", "undocumented"] = "unsupported"
    #: Ranges that hold only on some products (the docs give them per product).
    product_ranges: tuple[ProductRange, ...] = ()
    availability_note: Text | None = None
    checks: Checks = Checks()
    #: Environment variables the runtime reads, in order, when the value is unset.
    env_fallback: tuple[str, ...] = ()
    #: Id of the inner string syntax (``ascend_studio.schema.FORMATS``).
    format: str | None = None
    #: Id of the companion-file format of the file this path names
    #: (``ascend_studio.schema.FILE_FORMATS``; the parser lives in ``ascend_studio.companion``).
    file_format: str | None = None
    #: Id of the rule written in Python (it involves other parameters) that reports a
    #: malformed value in its own words; None: a ``format`` test among ``rules`` does,
    #: else the catalog family ``format.invalid``.
    format_rule: str | None = None
    #: Setting this other parameter means this one's documented default does not apply.
    default_yields_to: str | None = None
    #: Silent runtime rewrites, first match wins (see :class:`Rewrite`).
    rewrites: tuple[Rewrite, ...] = ()
    #: What users are told about a value of this parameter alone (see :class:`ParamRule`).
    rules: tuple[ParamRule, ...] = ()
    deprecated: bool = False
    experimental: bool = False
    no_effect: bool = False
    inherited: bool = False
    #: On the NPURunConfig reference page (the NPURunConfig parameter page).
    documented: bool = True
    #: Described in the sess.run session-config docs (docs/*/tfadapter_1/apiref/
    #: session_config/), though not on the reference page.
    session_documented: bool = False
    env: tuple[str, ...] = ()
    session: SessionOption | None = None
    label: Text
    description: Text
    example: str = ""
    sources: tuple[str, ...]
    disagreements: tuple[Disagreement, ...] = ()
    order: int = 0

    def __post_init__(self) -> None:
        if self.position < -1:
            raise ValueError(f"{self.name}: position must be -1 (none) or more")
        if not self.sources:
            raise ValueError(f"{self.name}: at least one source is required")
        if self.kind == "enum" and not self.values:
            raise ValueError(f"{self.name}: an enum needs values")
        if self.kind != "enum" and self.values and not self.open_enum:
            raise ValueError(f"{self.name}: only enums (or open_enum) list values")
        seen = [repr(v.value) for v in self.values]
        if len(seen) != len(set(seen)):
            raise ValueError(f"{self.name}: duplicate enum values")

    @property
    def undocumented(self) -> bool:
        """No user documentation at all (TensorFlow documents the inherited ones)."""
        return not (self.documented or self.session_documented or self.inherited)

    @property
    def path(self) -> str:
        """Dotted path in a profile: ``precision_mode``, ``dump_config.dump_mode``."""
        if self.owner == "NPURunConfig":
            return self.name
        return f"{SUBCONFIG_PATHS[self.owner]}.{self.name}"

    @property
    def own_format_rule(self) -> bool:
        """A rule of its own reports a malformed value (``format_rule``, or a ``format``
        test among ``rules``), not the catalog family ``format.invalid``."""
        return self.format_rule is not None or any(r.test == "format" for r in self.rules)

    def allowed(self) -> tuple[Scalar, ...]:
        return tuple(v.value for v in self.values)

    def value_info(self, value: object) -> EnumValue | None:
        for item in self.values:
            if type(item.value) is type(value) and item.value == value:
                return item
        return None
