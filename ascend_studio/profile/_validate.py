"""The slow road: pydantic validates what the plain road declines.

The only profile module that imports pydantic, and only a document that is not
plainly valid (a value to coerce, a problem to report, an oddity pydantic
accepts) comes here. It validates with pydantic models that are twins of the
profile's dataclasses: the same class names, fields, defaults, types and checks
as the pydantic models the profile classes once were, so every message
(``1 validation error for Profile``, ``product: ... is not a product id``), every
error's place and every coercion stays exactly pydantic's. The result is turned
back into the dataclasses. ``tests/profile/test_profile_plain.py`` holds the twins'
fields and defaults equal to the dataclasses', and both roads to equal objects.

Twins rather than a ``TypeAdapter`` over the dataclasses: pydantic would run
the dataclasses' own ``__post_init__`` as the checks, which reports a product
or value problem at the document's top level instead of at the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    SerializerFunctionWrapHandler,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    ValidationError,
    field_validator,
    model_serializer,
    model_validator,
)

from ascend_studio.profile import _document as doc
from ascend_studio.profile._document import Arm, Surface
from ascend_studio.profile._fields import field_problems

__all__ = ["ValidationError", "validated_profile", "validated_record"]


class Expr(BaseModel):
    """Twin of :class:`ascend_studio.profile.Expr`."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    expr: str = Field(min_length=1)


class ExtraKwarg(BaseModel):
    """Twin of :class:`ascend_studio.profile.ExtraKwarg`."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    owner: str
    name: str
    expr: str
    attr: str = ""

    @model_serializer(mode="wrap")
    def _attr_when_set(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """``attr`` only when set, as the dataclass dumps it (a keyword has none)."""
        dumped: dict[str, Any] = handler(self)
        if not self.attr:
            dumped.pop("attr", None)
        return dumped


class Condition(BaseModel):
    """Twin of :class:`ascend_studio.profile.Condition`."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    line: StrictInt = Field(ge=1)
    arm: Arm
    test: StrictStr = ""


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


#: ``bytes`` in Python, ``{"bytes": "..."}`` in JSON (the serializer: for the tests
#: that hold the dataclasses' ``model_dump`` equal to pydantic's).
BytesValue = Annotated[
    bytes, PlainValidator(_bytes_in), PlainSerializer(doc.bytes_json, when_used="json")
]
Value = StrictBool | StrictInt | StrictFloat | StrictStr | Expr | BytesValue | None


class Profile(BaseModel):
    """Twin of :class:`ascend_studio.profile.Profile`."""

    model_config = ConfigDict(frozen=True, extra="allow", defer_build=True)

    schema_version: int = doc.SCHEMA_VERSION
    product: str | None = None
    scenario: Literal["training", "inference"] | None = None
    release: str | None = None
    surface: Surface | None = None
    values: dict[str, Value] = Field(default_factory=dict)
    env: dict[str, str | None] = Field(default_factory=dict)
    env_verbatim: tuple[str, ...] = ()
    extra_kwargs: tuple[ExtraKwarg, ...] = ()
    file_contents: dict[str, str] = Field(default_factory=dict)
    notes: str = ""
    conditions: dict[str, tuple[Condition, ...]] = Field(default_factory=dict)
    after_open: dict[str, tuple[int, int]] = Field(default_factory=dict)

    @model_serializer(mode="wrap")
    def _left_out(self, handler: SerializerFunctionWrapHandler) -> Any:
        """What the dataclass leaves out of a dump (not named, no conditions)."""
        data = handler(self)
        if isinstance(data, dict):
            for name, empty in doc.LEFT_OUT.items():
                if name in data and data[name] == empty:
                    del data[name]
        return data

    @field_validator("product")
    @classmethod
    def _product_is_an_id(cls, product: str | None) -> str | None:
        if product is not None and not doc.PRODUCT_ID.fullmatch(product):
            raise ValueError(
                f"{product!r} is not a product id (1 to 64 letters, digits, '_', '.', '-')"
            )
        return product

    @field_validator("release")
    @classmethod
    def _release_is_a_name(cls, release: str | None) -> str | None:
        if release is not None and not doc.RELEASE_NAME.fullmatch(release):
            raise ValueError(
                f"{release!r} is not a release name (1 to 80 letters, digits, '_', '.', '-')"
            )
        return release

    @field_validator("after_open", mode="before")
    @classmethod
    def _lines(cls, after_open: object) -> object:
        """Two line numbers per path, as written (no ``"3"``, ``3.0`` or ``True``)."""
        if not isinstance(after_open, Mapping):
            return after_open  # pydantic says what it expected
        for path, lines in after_open.items():
            if not isinstance(lines, list | tuple) or len(lines) != 2:
                raise ValueError(f"{path}: expected [line of the assignment, line of open()]")
            for line in lines:
                if type(line) is not int or line < 1:
                    raise ValueError(f"{path}: {line!r} is not a line number")
        return after_open

    @field_validator("values")
    @classmethod
    def _finite_values(cls, values: dict[str, Any]) -> dict[str, Any]:
        for path, value in values.items():
            problem = doc.non_finite_problem(path, value)
            if problem is not None:
                raise ValueError(problem)
        return values

    @model_validator(mode="after")
    def _finite_extras(self) -> Profile:
        fields = {
            name: getattr(self, name)
            for name in (
                "product",
                "env",
                "env_verbatim",
                "extra_kwargs",
                "file_contents",
                "notes",
                "conditions",
            )
        }
        problem = doc.non_finite_problem("", {**fields, **(self.model_extra or {})})
        if problem is not None:
            raise ValueError(problem.lstrip("."))
        return self

    @model_validator(mode="after")
    def _writable_fields(self) -> Profile:
        """Names, kept shell text and kept expressions no writer could write safely."""
        kwargs = [(x.owner, x.name, x.expr) for x in self.extra_kwargs]
        found = field_problems(self.values, self.env, self.env_verbatim, kwargs)
        if found is not None:
            raise ValueError(f"{found[0]}: {found[1]}")
        return self


_TWINS: dict[type, type[BaseModel]] = {
    doc.Expr: Expr,
    doc.ExtraKwarg: ExtraKwarg,
    doc.Condition: Condition,
}


def _twin(value: object) -> object:
    """A dataclass record as its twin, accepted as it is (as pydantic accepts an
    instance of a model); anything else unchanged."""
    twin = _TWINS.get(type(value))
    return value if twin is None else twin.model_construct(**vars(value))


def _twinned(data: object) -> object:
    """``data`` with the records the importers and the app build made twins."""
    if not isinstance(data, dict):
        return data
    data = dict(data)
    values = data.get("values")
    if isinstance(values, Mapping):
        data["values"] = {key: _twin(value) for key, value in values.items()}
    kwargs = data.get("extra_kwargs")
    if isinstance(kwargs, list | tuple):
        twins = [_twin(item) for item in kwargs]
        data["extra_kwargs"] = twins if isinstance(kwargs, list) else tuple(twins)
    conditions = data.get("conditions")
    if isinstance(conditions, Mapping):
        data["conditions"] = {
            key: [_twin(c) for c in items] if isinstance(items, list | tuple) else items
            for key, items in conditions.items()
        }
    return data


def _record(value: object) -> object:
    """A twin record back as the dataclass (already validated: no second check)."""
    if isinstance(value, Expr):
        return doc.unchecked(doc.Expr, expr=value.expr)
    if isinstance(value, ExtraKwarg):
        return doc.unchecked(
            doc.ExtraKwarg, owner=value.owner, name=value.name, expr=value.expr, attr=value.attr
        )
    if isinstance(value, Condition):
        return doc.unchecked(doc.Condition, line=value.line, arm=value.arm, test=value.test)
    return value


def validated_profile(data: object) -> doc.Profile:
    """``data`` validated by pydantic into a profile; ``ValidationError`` if it is not one."""
    model = Profile.model_validate(_twinned(data))
    given = {name: getattr(model, name) for name in Profile.model_fields}
    given["values"] = {path: _record(value) for path, value in model.values.items()}
    given["extra_kwargs"] = tuple(_record(item) for item in model.extra_kwargs)
    given["conditions"] = {
        key: tuple(_record(c) for c in items) for key, items in model.conditions.items()
    }
    return doc.made_profile(given, dict(model.model_extra or {}), set(model.model_fields_set))


def validated_record(record: doc.Expr | doc.ExtraKwarg | doc.Condition) -> dict[str, Any]:
    """The fields of a record made in code, as pydantic validates them (or its
    ``ValidationError``, titled with the class's name)."""
    return dict(_TWINS[type(record)].model_validate(vars(record)))
