"""Pydantic models of the parameter catalog.

The catalog is data (``resources/catalog/*.toml``); these models are the contract
that data must satisfy. Everything is frozen: the catalog is loaded once and
shared by the rules, the exporters, the path engine and the UI.

TOML has no null, so an absent ``default`` means the real signature default is
``None``: the keyword is then not passed and the key is not sent to the runtime.
"""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

__all__ = [
    "OWNERS",
    "Category",
    "Disagreement",
    "DocDefault",
    "EnumValue",
    "EnvVar",
    "Kind",
    "Owner",
    "Parameter",
    "Product",
    "PyType",
    "Scalar",
    "Scenario",
    "ScenarioId",
    "Section",
    "SessionOption",
    "Text",
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
ScenarioId = Literal["training", "inference"]
Applies = Literal["both", "training", "inference"]
Scalar = bool | int | float | str


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Text(_Frozen):
    """A bilingual string; both languages are required."""

    zh: str = Field(min_length=1)
    en: str = Field(min_length=1)

    def get(self, lang: str) -> str:
        return self.zh if lang.startswith("zh") else self.en

    @classmethod
    def of(cls, zh: str, en: str) -> Text:
        """A text made by code (messages, templates), built without re-validation;
        an empty side takes the other, so both stay non-empty."""
        return cls.model_construct(zh=zh or en, en=en or zh)


class Product(_Frozen):
    id: str
    name: Text
    short: Text
    aliases: tuple[str, ...] = ()
    family: Literal["training", "inference", "accelerator"]
    description: Text


class Scenario(_Frozen):
    id: ScenarioId
    name: Text
    graph_run_mode: int
    description: Text


class Section(_Frozen):
    """A section of the NPURunConfig parameter page (the 15 headings)."""

    id: str
    name: Text


class Category(_Frozen):
    """A UI category: what the navigation lists, in this order."""

    id: str
    name: Text
    description: Text
    icon: str = ""


class EnvVar(_Frozen):
    name: str
    purpose: Text
    format: Text
    example: str = ""
    path_like: bool = False
    sources: tuple[str, ...] = ()


class EnumValue(_Frozen):
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


class DocDefault(_Frozen):
    """A documented default that differs from the signature default."""

    value: Scalar
    products: tuple[str, ...] | None = None
    scenario: Applies = "both"
    note: Text | None = None


class SessionOption(_Frozen):
    """How NPUEstimator forwards the value into ``custom_op.parameter_map``."""

    key: str
    field: Literal["s", "i", "b"]
    #: always: written whatever the user set; if_set: only when not None;
    #: with_aoe: only when aoe_mode is set; if_profiling: only when profiling is on;
    #: if_all_set: only when every sibling field is set; if_dump_mode: only with dump_mode.
    sent: Literal["always", "if_set", "with_aoe", "if_profiling", "if_all_set", "if_dump_mode"]
    #: as_bytes: tf.compat.as_bytes(value); str: as_bytes(str(value)); raw: assigned as is.
    convert: Literal["as_bytes", "str", "raw", "none"] = "none"
    #: Only reachable through the sess.run style (no NPURunConfig keyword).
    session_only: bool = False


class Disagreement(_Frozen):
    """Where the sources disagree: what each says, and which one the tool follows."""

    summary: Text
    follows: str


class Parameter(_Frozen):
    name: str
    owner: Owner = "NPURunConfig"
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
    availability_note: Text | None = None
    deprecated: bool = False
    experimental: bool = False
    no_effect: bool = False
    inherited: bool = False
    documented: bool = True
    env: tuple[str, ...] = ()
    session: SessionOption | None = None
    label: Text
    description: Text
    example: str = ""
    sources: tuple[str, ...] = Field(min_length=1)
    disagreements: tuple[Disagreement, ...] = ()
    order: int = 0

    @model_validator(mode="after")
    def _check_shape(self) -> Parameter:
        if self.kind == "enum" and not self.values:
            raise ValueError(f"{self.name}: an enum needs values")
        if self.kind != "enum" and self.values and not self.open_enum:
            raise ValueError(f"{self.name}: only enums (or open_enum) list values")
        seen = [repr(v.value) for v in self.values]
        if len(seen) != len(set(seen)):
            raise ValueError(f"{self.name}: duplicate enum values")
        return self

    @property
    def path(self) -> str:
        """Dotted path in a profile: ``precision_mode``, ``dump_config.dump_mode``."""
        if self.owner == "NPURunConfig":
            return self.name
        return f"{SUBCONFIG_PATHS[self.owner]}.{self.name}"

    def allowed(self) -> tuple[Scalar, ...]:
        return tuple(v.value for v in self.values)

    def value_info(self, value: object) -> EnumValue | None:
        for item in self.values:
            if type(item.value) is type(value) and item.value == value:
                return item
        return None
