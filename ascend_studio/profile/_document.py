"""The profile: what a user edits, saves and exports.

A profile stores only what the user *set*. A key that is absent is unset (the
keyword is not passed, the runtime default applies); a key whose value equals
the default is still set. Values that could not be resolved when a script was
imported are kept verbatim as :class:`Expr` and re-emitted unchanged.
"""

from __future__ import annotations

import math
import re
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    field_validator,
    model_validator,
)

__all__ = ["PRODUCT_ID", "SCHEMA_VERSION", "Expr", "ExtraKwarg", "Profile", "Value"]

SCHEMA_VERSION = 1


class Expr(BaseModel):
    """A Python expression kept as source text (``args.precision_mode``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    expr: str = Field(min_length=1)


Value = StrictBool | StrictInt | StrictFloat | StrictStr | Expr


def non_finite_problem(where: str, value: object) -> str | None:
    """Why ``value`` cannot be kept: inf/nan have no JSON (Python writes ``Infinity``,
    which other tools reject) and no Python literal for the exported code."""
    if isinstance(value, float) and not math.isfinite(value):
        return (
            f"{where}: {value!r} is not a finite number (inf and nan cannot be saved or exported)"
        )
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list | tuple):
        items = enumerate(value)  # type: ignore[assignment]
    else:
        return None
    for key, item in items:
        problem = non_finite_problem(f"{where}.{key}", item)
        if problem is not None:
            return problem
    return None


#: What a product id may hold: it is written into the header comment of every
#: export and read back from it, so it can never carry a line break or a quote.
PRODUCT_ID = re.compile(r"[A-Za-z0-9_.-]{1,64}")


class ExtraKwarg(BaseModel):
    """A keyword argument the catalog does not know, kept as source text."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    owner: str
    name: str
    expr: str


class Profile(BaseModel):
    """One NPURunConfig configuration plus its environment and target."""

    model_config = ConfigDict(frozen=True, extra="allow")

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
        problem = non_finite_problem("", self.model_extra or {})
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
        update: dict[str, Any] = {}
        if product is not None:
            update["product"] = product
        if scenario is not None:
            update["scenario"] = scenario
        return self.model_validate({**self.model_dump(), **update})

    def is_set(self, path: str) -> bool:
        return path in self.values

    def get(self, path: str, default: Value | None = None) -> Value | None:
        return self.values.get(path, default)
