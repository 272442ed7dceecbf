"""The profile: what a user edits, saves and exports.

A profile stores only what the user *set*. A key that is absent is unset (the
keyword is not passed, the runtime default applies); a key whose value equals
the default is still set, and so is an explicit ``None`` (``keep_checkpoint_max=None``
passes None, which is not the same as leaving the keyword out). Values that could
not be resolved when a script was imported are kept verbatim as :class:`Expr`
and re-emitted unchanged; ``bytes`` stay bytes (``insert_op_file=b"./aipp.cfg"``).

In JSON an explicit None is ``null``, an expression ``{"expr": "..."}`` and
bytes ``{"bytes": "<UTF-8 text>"}`` (``{"bytes_hex": "..."}`` when they are not
UTF-8). Text that cannot be written as UTF-8 (a lone surrogate such as
``"\ud800"``) is refused: no file, terminal or exported script could hold it.
"""

from __future__ import annotations

import math
import re
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    field_validator,
    model_validator,
)

__all__ = [
    "PRODUCT_ID",
    "SCHEMA_VERSION",
    "BytesValue",
    "Expr",
    "ExtraKwarg",
    "Profile",
    "Value",
    "bytes_json",
]

SCHEMA_VERSION = 1


class Expr(BaseModel):
    """A Python expression kept as source text (``args.precision_mode``)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    expr: str = Field(min_length=1)


def _bytes_in(value: object) -> bytes:
    """Python bytes, or their JSON form ``{"bytes": text}`` / ``{"bytes_hex": hex}``."""
    if isinstance(value, bytes):
        return value
    if isinstance(value, dict) and len(value) == 1:
        ((key, text),) = value.items()
        if key == "bytes" and isinstance(text, str):
            return text.encode("utf-8")
        if key == "bytes_hex" and isinstance(text, str):
            try:
                return bytes.fromhex(text)
            except ValueError:
                raise ValueError(f"bytes_hex: {text[:40]!r} is not hexadecimal") from None
    raise ValueError("not bytes")


def bytes_json(value: bytes) -> dict[str, str]:
    """The JSON form of bytes: ``{"bytes": text}``, or ``{"bytes_hex": hex}`` if not UTF-8."""
    try:
        return {"bytes": value.decode("utf-8")}
    except UnicodeDecodeError:
        return {"bytes_hex": value.hex()}


#: ``bytes`` in Python, ``{"bytes": "..."}`` in JSON.
BytesValue = Annotated[
    bytes, PlainValidator(_bytes_in), PlainSerializer(bytes_json, when_used="json")
]
Value = StrictBool | StrictInt | StrictFloat | StrictStr | Expr | BytesValue | None


def _lone_surrogate(text: str) -> int | None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return ord(text[exc.start])
    return None


def _leaf_problem(where: str, value: object) -> str | None:
    if isinstance(value, float) and not math.isfinite(value):
        return (
            f"{where}: {value!r} is not a finite number (inf and nan cannot be saved or exported)"
        )
    if isinstance(value, str) and (code := _lone_surrogate(value)) is not None:
        return (
            f"{where}: holds the lone surrogate U+{code:04X}, which is not text "
            "(it cannot be written as UTF-8, saved or exported)"
        )
    return None


def non_finite_problem(where: str, value: object) -> str | None:
    """Why ``value`` cannot be kept: inf/nan have no JSON (Python writes ``Infinity``,
    which other tools reject) and no Python literal for the exported code; a lone
    surrogate has no UTF-8 encoding. Dict keys are checked as well as values."""
    stack: list[tuple[str, object]] = [(where, value)]
    while stack:  # iterative: a deeply nested unknown field must not overflow the stack
        place, item = stack.pop()
        if isinstance(item, dict):
            for key, child in item.items():
                key_problem = _leaf_problem(f"{place} key", key)
                if key_problem is not None:
                    return key_problem
                stack.append((f"{place}.{key}", child))
        elif isinstance(item, list | tuple):
            stack.extend((f"{place}.{index}", child) for index, child in enumerate(item))
        elif isinstance(item, BaseModel):
            stack.append((place, item.model_dump()))
        elif (problem := _leaf_problem(place, item)) is not None:
            return problem
    return None


#: What a product id may hold: it is written into the header comment of every
#: export and read back from it, so it can never carry a line break or a quote.
PRODUCT_ID = re.compile(r"[A-Za-z0-9_.-]{1,64}")


class ExtraKwarg(BaseModel):
    """A keyword argument the catalog does not know, kept as source text."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    owner: str
    name: str
    expr: str


class Profile(BaseModel):
    """One NPURunConfig configuration plus its environment and target."""

    #: The validator is built on first use: a plainly valid file is read without it
    #: (``_plain``), which saves a command most of its pydantic cost.
    model_config = ConfigDict(frozen=True, extra="allow", defer_build=True)

    schema_version: int = SCHEMA_VERSION
    product: str = "atlas_a2"
    scenario: Literal["training", "inference"] = "training"
    values: dict[str, Value] = Field(default_factory=dict)
    #: Environment variables for the job; ``None`` means "unset it".
    env: dict[str, str | None] = Field(default_factory=dict)
    #: Env names whose value is shell text (``$HOME/x``, ``$(hostname)``) to be
    #: re-emitted unchanged by shell exports rather than quoted as a literal.
    env_verbatim: tuple[str, ...] = ()
    extra_kwargs: tuple[ExtraKwarg, ...] = ()
    #: Text of the files that path parameters point to (parameter path -> text),
    #: so rules can check what the runtime will read from them.
    file_contents: dict[str, str] = Field(default_factory=dict)
    notes: str = ""

    @field_validator("product")
    @classmethod
    def _product_is_an_id(cls, product: str) -> str:
        if not PRODUCT_ID.fullmatch(product):
            raise ValueError(
                f"{product!r} is not a product id (1 to 64 letters, digits, '_', '.', '-')"
            )
        return product

    @field_validator("values")
    @classmethod
    def _finite_values(cls, values: dict[str, Value]) -> dict[str, Value]:
        for path, value in values.items():
            problem = non_finite_problem(path, value)
            if problem is not None:
                raise ValueError(problem)
        return values

    @model_validator(mode="after")
    def _finite_extras(self) -> Profile:
        fields = {
            name: getattr(self, name)
            for name in ("product", "env", "env_verbatim", "extra_kwargs", "file_contents", "notes")
        }
        problem = non_finite_problem("", {**fields, **(self.model_extra or {})})
        if problem is not None:
            raise ValueError(problem.lstrip("."))
        return self

    # -- pure edits: each returns a new profile -----------------------------------
    def with_value(self, path: str, value: Value) -> Profile:
        """``self`` with ``path`` set; a non-finite float raises ``ValueError``."""
        problem = non_finite_problem(path, value)
        if problem is not None:
            raise ValueError(problem)
        return self.model_copy(update={"values": {**self.values, path: value}})

    def without_value(self, path: str) -> Profile:
        values = {k: v for k, v in self.values.items() if k != path}
        return self.model_copy(update={"values": values})

    def with_env(self, name: str, value: str | None, *, verbatim: bool = False) -> Profile:
        kept = {n for n in self.env_verbatim if n != name} | ({name} if verbatim else set())
        return self.model_copy(
            update={"env": {**self.env, name: value}, "env_verbatim": tuple(sorted(kept))}
        )

    def without_env(self, name: str) -> Profile:
        return self.model_copy(
            update={
                "env": {k: v for k, v in self.env.items() if k != name},
                "env_verbatim": tuple(n for n in self.env_verbatim if n != name),
            }
        )

    def with_target(self, product: str | None = None, scenario: str | None = None) -> Profile:
        """``self`` for another product or scenario (``None``: keep it), validated."""
        update: dict[str, Any] = {}
        if product is not None and product != self.product:
            update["product"] = product
        if scenario is not None and scenario != self.scenario:
            update["scenario"] = scenario
        if not update:
            return self  # nothing changes (and the validator need not be built)
        return self.model_validate({**self.model_dump(), **update})

    def is_set(self, path: str) -> bool:
        return path in self.values

    def get(self, path: str, default: Value | None = None) -> Value | None:
        return self.values.get(path, default)
