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

The classes are frozen stdlib dataclasses, so that reading, exporting and
inspecting a profile needs no pydantic (importing it costs a command as much as
all its own work). Building one validates it as the pydantic models these once
were did: a plainly valid document is checked by plain code (``_plain``); anything
else goes to pydantic (``_validate``, imported only then), so every error message
and every accepted oddity is pydantic's. They keep the small part of pydantic's
``BaseModel`` API the app uses, under the same names and with the same meaning:
``model_validate``, ``model_copy(update=...)`` (not validated), ``model_dump``,
``model_dump_json``, ``model_extra`` (fields this version does not know, kept and
written back), ``model_fields_set`` and ``model_fields``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, Field, dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar

from ascend_studio.profile._fields import PRODUCT_ID, RELEASE_NAME

__all__ = [
    "ARMS",
    "PRODUCT_ID",
    "RELEASE_NAME",
    "SCHEMA_VERSION",
    "SESSION_OWNER",
    "SURFACES",
    "Arm",
    "Condition",
    "Expr",
    "ExtraKwarg",
    "Profile",
    "Surface",
    "Value",
    "apart",
    "bytes_json",
    "made_profile",
]

SCHEMA_VERSION = 1
#: The API a configuration goes through: NPURunConfig with NPUEstimator, a sess.run
#: ``parameter_map``, TF Adapter 2.x's ``npu_device.global_options()``, or none
#: (``env``: a script that sets only the environment, so the job's API is not known).
#: None: not named (read as the TF Adapter 1.x surfaces).
Surface = Literal["estimator", "sess", "tf2", "env"]
SURFACES: tuple[Surface, ...] = ("estimator", "sess", "tf2", "env")
#: The kind of block a value was written in (see :class:`Condition`).
Arm = Literal["if", "else", "loop", "except", "case"]
ARMS: tuple[Arm, ...] = ("if", "else", "loop", "except", "case")
R = TypeVar("R", "Expr", "ExtraKwarg", "Condition")
DumpMode = Literal["python", "json"]


def _checked_record(record: R) -> None:
    """A record whose fields are not plainly valid, validated (or refused) by pydantic."""
    from ascend_studio.profile._validate import validated_record

    for name, value in validated_record(record).items():
        object.__setattr__(record, name, value)


def unchecked(cls: type[R], **values: object) -> R:
    """A record built from fields already validated (no second check)."""
    record = object.__new__(cls)
    record.__dict__.update(values)
    return record


@dataclass(frozen=True, kw_only=True)
class Expr:
    """A Python expression kept as source text (``args.precision_mode``)."""

    expr: str

    def __post_init__(self) -> None:
        if type(self.expr) is not str or not self.expr:
            _checked_record(self)

    def model_dump(self, *, mode: DumpMode = "python") -> dict[str, str]:
        return {"expr": self.expr}


def bytes_json(value: bytes) -> dict[str, str]:
    """The JSON form of bytes: ``{"bytes": text}``, or ``{"bytes_hex": hex}`` if not UTF-8."""
    try:
        return {"bytes": value.decode("utf-8")}
    except UnicodeDecodeError:
        return {"bytes_hex": value.hex()}


Value = bool | int | float | str | Expr | bytes | None


def _bytes_as_json(value: object) -> object:
    return bytes_json(value) if isinstance(value, bytes) else value


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
    surrogate has no UTF-8 encoding. Dict keys are checked as well as values, and
    the fields of records (an :class:`Expr`, or pydantic's model of one)."""
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
        elif isinstance(item, Expr | ExtraKwarg | Condition) or _is_model(item):
            record: Any = item
            stack.append((place, record.model_dump()))
        elif (problem := _leaf_problem(place, item)) is not None:
            return problem
    return None


def _is_model(item: object) -> bool:
    """A pydantic model (``_validate``'s twins of these classes), told without pydantic."""
    return hasattr(type(item), "__pydantic_fields__")


#: The owner of a kept parameter_map key (an ``ExtraKwarg`` with an ``attr``).
SESSION_OWNER = "parameter_map"


@dataclass(frozen=True, kw_only=True)
class ExtraKwarg:
    """A keyword argument the catalog does not know, kept as source text; or, with
    ``owner="parameter_map"``, a parameter_map key it does not know: ``name`` is the
    key, ``attr`` the AttrValue field written (``s``, ``i``, ``b``, ``f``) and ``expr``
    the right-hand side as written (``tf.compat.as_bytes(...)`` included)."""

    owner: str
    name: str
    expr: str
    attr: str = ""

    def __post_init__(self) -> None:
        if not type(self.owner) is type(self.name) is type(self.expr) is type(self.attr) is str:
            _checked_record(self)

    def model_dump(self, *, mode: DumpMode = "python") -> dict[str, str]:
        dumped = {"owner": self.owner, "name": self.name, "expr": self.expr}
        if self.attr:  # written only when set: a keyword's record is as it always was
            dumped["attr"] = self.attr
        return dumped


@dataclass(frozen=True, kw_only=True)
class Condition:
    """One block a value was written in, in the script it was imported from:
    ``if args.dump:`` on line 102 is ``Condition(line=102, arm="if", test="args.dump")``;
    its ``else`` arm has the same line and test with ``arm="else"``; a loop, an
    ``except`` handler or a ``case`` keeps its header as ``test``. A value's
    conditions are listed outermost first; two values whose lists part before one
    ends need not be written in the same run (:func:`apart`)."""

    line: int
    arm: Arm
    #: The condition as the script writes it (one line; empty when unknown).
    test: str = ""

    def __post_init__(self) -> None:
        line_ok = type(self.line) is int and self.line > 0
        if not (line_ok and self.arm in ARMS and type(self.test) is str):
            _checked_record(self)

    def model_dump(self, *, mode: DumpMode = "python") -> dict[str, object]:
        return {"line": self.line, "arm": self.arm, "test": self.test}

    @property
    def place(self) -> tuple[int, str]:
        """What tells two blocks apart: the statement's line and the arm taken."""
        return self.line, self.arm


def apart(a: Sequence[Condition], b: Sequence[Condition]) -> bool:
    """Two values written under ``a`` and ``b`` cannot be counted on to be written in
    the same run: their blocks part before either list ends (independent ``if``
    blocks, two arms of one ``if``). One list containing the other (a value on no
    condition and one under ``if x:``) can."""
    common = min(len(a), len(b))
    return [c.place for c in a[:common]] != [c.place for c in b[:common]]


def _dumped(value: object, mode: DumpMode) -> Any:
    """A field's value as pydantic dumps it: records as dicts, containers copied;
    in JSON, tuples as lists and bytes in their JSON form (UTF-8 text in an unknown
    field, as pydantic writes bytes it has no type for)."""
    if isinstance(value, Expr | ExtraKwarg | Condition):
        return value.model_dump(mode=mode)
    if isinstance(value, dict):
        return {key: _dumped(item, mode) for key, item in value.items()}
    if isinstance(value, list | tuple):
        items = [_dumped(item, mode) for item in value]
        return items if mode == "json" or isinstance(value, list) else tuple(items)
    if isinstance(value, bytes) and mode == "json":
        return value.decode("utf-8")
    return value


@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class Profile:
    """One NPURunConfig configuration plus its environment and target.

    ``Profile(**fields)`` validates like ``Profile.model_validate(fields)``; fields
    it does not know are kept (``model_extra``). Equal when the fields and the
    unknown fields are equal (which were set explicitly does not count)."""

    schema_version: int = SCHEMA_VERSION
    #: The product the configuration is for (a catalog id); None: not named, so a
    #: finding that depends on the product is said for the products it holds on.
    #: Left out of the saved document while None (as are the scenario and release).
    product: str | None = None
    #: training or inference; None: not named (what graph_run_mode names is judged).
    scenario: Literal["training", "inference"] | None = None
    #: The TF Adapter release the configuration is for, as the user named it (a ref
    #: such as ``r1.15.0``, a CANN version such as ``7.0.0``); None: not named.
    release: str | None = None
    #: The API the configuration goes through (see :data:`Surface`).
    surface: Surface | None = None
    values: dict[str, Value] = field(default_factory=dict)
    #: Environment variables for the job; ``None`` means "unset it".
    env: dict[str, str | None] = field(default_factory=dict)
    #: Env names whose value is shell text (``$HOME/x``, ``$(hostname)``) to be
    #: re-emitted unchanged by shell exports rather than quoted as a literal.
    env_verbatim: tuple[str, ...] = ()
    extra_kwargs: tuple[ExtraKwarg, ...] = ()
    #: Text of the files that path parameters point to (parameter path -> text),
    #: so rules can check what the runtime will read from them.
    file_contents: dict[str, str] = field(default_factory=dict)
    notes: str = ""
    #: The blocks each value was written in by the script it was imported from
    #: (parameter path or ``env:NAME`` -> conditions, outermost first); absent: written
    #: on no condition. Left out of the saved document while empty.
    conditions: dict[str, tuple[Condition, ...]] = field(default_factory=dict)
    #: The TF Adapter 2.x options the imported script assigns after
    #: ``npu_device.open()`` has sent the options (parameter path -> (line of the
    #: assignment, line of that ``open()``)): values that do not take effect. Left out
    #: of the saved document while empty.
    after_open: dict[str, tuple[int, int]] = field(default_factory=dict)

    #: The fields by name (pydantic's name; dataclass fields here).
    model_fields: ClassVar[Mapping[str, Field[Any]]]

    if not TYPE_CHECKING:  # type checkers see the dataclass's own keyword signature

        def __init__(self, **data: Any) -> None:
            self.__dict__.update(Profile.model_validate(data).__dict__)

        def __getattr__(self, name: str) -> Any:
            """An unknown field by name, as pydantic allows."""
            extra = self.__dict__.get("_extra") or {}
            if name in extra:
                return extra[name]
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    # -- the part of pydantic's BaseModel API the app uses ------------------------
    @classmethod
    def model_validate(cls, data: object) -> Profile:
        """``data`` (a dict in the JSON or the Python form) as a validated profile;
        pydantic's ``ValidationError`` (a ``ValueError``) says what is wrong."""
        if isinstance(data, Profile):
            return data
        if type(data) is dict:
            from ascend_studio.profile._plain import plain_profile

            plain = plain_profile(data)
            if plain is not None:
                return plain
        from ascend_studio.profile._validate import validated_profile

        return validated_profile(data)

    @property
    def model_extra(self) -> dict[str, Any]:
        """The fields this version does not know, kept as read."""
        extra: dict[str, Any] = self.__dict__["_extra"]
        return extra

    @property
    def model_fields_set(self) -> set[str]:
        """The fields given when this profile was made (not those left at defaults)."""
        return set(self.__dict__["_fields_set"])

    def model_copy(self, *, update: Mapping[str, Any] | None = None) -> Profile:
        """A copy with ``update`` applied, *not* validated (as pydantic's)."""
        state = {name: self.__dict__[name] for name in _DEFAULTS}
        extra = dict(self.model_extra)
        for name, value in (update or {}).items():
            (state if name in _DEFAULTS else extra)[name] = value
        return made_profile(state, extra, self.model_fields_set | set(update or ()))

    def model_dump(
        self, *, mode: DumpMode = "python", exclude: set[str] | None = None
    ) -> dict[str, Any]:
        """Every field then every unknown field; in JSON form with ``mode="json"``."""
        out: dict[str, Any] = {}
        for name, value in (*self._items(), *self.model_extra.items()):
            if exclude is not None and name in exclude:
                continue
            if name in LEFT_OUT and value == LEFT_OUT[name]:
                continue  # not named, no conditions: saved as a profile always was
            if name == "values" and mode == "json" and isinstance(value, dict):
                out[name] = {k: _dumped(_bytes_as_json(v), mode) for k, v in value.items()}
            else:
                out[name] = _dumped(value, mode)
        return out

    def model_dump_json(self) -> str:
        """Compact JSON text (as pydantic writes it: UTF-8, no spaces)."""
        return json.dumps(self.model_dump(mode="json"), ensure_ascii=False, separators=(",", ":"))

    def _items(self) -> list[tuple[str, Any]]:
        return [(name, self.__dict__[name]) for name in _DEFAULTS]

    def __eq__(self, other: object) -> bool:
        """Equal fields and unknown fields, a value's type included: ``1``, ``1.0`` and
        ``True`` are three settings (each is exported as written)."""
        if not isinstance(other, Profile):
            return NotImplemented
        return (
            type(self) is type(other)
            and _same(self._items(), other._items())
            and _same(self.model_extra, other.model_extra)
        )

    __hash__ = None  # type: ignore[assignment]  # unhashable: its fields are dicts

    def __repr__(self) -> str:
        shown = (*self._items(), *self.model_extra.items())
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in shown)})"

    # -- pure edits: each returns a new profile -----------------------------------
    def with_value(self, path: str, value: Value) -> Profile:
        """``self`` with ``path`` set; a non-finite float raises ``ValueError``."""
        problem = non_finite_problem(path, value)
        if problem is not None:
            raise ValueError(problem)
        return self.model_copy(update={"values": {**self.values, path: value}})

    def without_value(self, path: str) -> Profile:
        """``self`` with ``path`` unset (and no longer under the conditions it was, nor
        written after ``open()``)."""
        values = {k: v for k, v in self.values.items() if k != path}
        update: dict[str, Any] = {"values": values}
        if path in self.conditions:
            update["conditions"] = {k: v for k, v in self.conditions.items() if k != path}
        if path in self.after_open:
            update["after_open"] = {k: v for k, v in self.after_open.items() if k != path}
        return self.model_copy(update=update)

    def with_env(self, name: str, value: str | None, *, verbatim: bool = False) -> Profile:
        kept = {n for n in self.env_verbatim if n != name} | ({name} if verbatim else set())
        return self.model_copy(
            update={"env": {**self.env, name: value}, "env_verbatim": tuple(sorted(kept))}
        )

    def without_env(self, name: str) -> Profile:
        update: dict[str, Any] = {
            "env": {k: v for k, v in self.env.items() if k != name},
            "env_verbatim": tuple(n for n in self.env_verbatim if n != name),
        }
        if f"env:{name}" in self.conditions:
            key = f"env:{name}"
            update["conditions"] = {k: v for k, v in self.conditions.items() if k != key}
        return self.model_copy(update=update)

    def with_surface(self, surface: Surface | None) -> Profile:
        """``self`` configured through another API (``None``: not named)."""
        if surface == self.surface:
            return self
        return self.model_validate({**self.model_dump(), "surface": surface})

    def with_target(self, product: str | None = None, scenario: str | None = None) -> Profile:
        """``self`` for another product or scenario (``None``: keep it), validated;
        :meth:`with_product` and :meth:`with_scenario` also un-name one."""
        update: dict[str, Any] = {}
        if product is not None and product != self.product:
            update["product"] = product
        if scenario is not None and scenario != self.scenario:
            update["scenario"] = scenario
        if not update:
            return self  # nothing changes
        return self.model_validate({**self.model_dump(), **update})

    def with_product(self, product: str | None) -> Profile:
        """``self`` for another product (None: not named), validated."""
        if product == self.product:
            return self
        return self.model_validate({**self.model_dump(), "product": product})

    def with_scenario(self, scenario: str | None) -> Profile:
        """``self`` for another scenario (None: not named), validated."""
        if scenario == self.scenario:
            return self
        return self.model_validate({**self.model_dump(), "scenario": scenario})

    def with_release(self, release: str | None) -> Profile:
        """``self`` for another TF Adapter release (None: not named), validated."""
        if release == self.release:
            return self
        return self.model_validate({**self.model_dump(), "release": release})

    def is_set(self, path: str) -> bool:
        return path in self.values

    def get(self, path: str, default: Value | None = None) -> Value | None:
        return self.values.get(path, default)


def _same(a: object, b: object) -> bool:
    """``a == b`` with the types of numbers and bools compared too, at any depth."""
    if a is b and type(a) in _SELF_SAME:
        return True  # one object (an unchanged value of an edited profile)
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[key], b[key]) for key in a)
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return type(a) is type(b) and len(a) == len(b) and all(map(_same, a, b))
    if isinstance(a, bool | int | float) or isinstance(b, bool | int | float):
        return type(a) is type(b) and a == b
    return a == b


#: Types whose objects always equal themselves under :func:`_same` (not float: nan).
_SELF_SAME: frozenset[type] = frozenset({str, bytes, int, bool, type(None), Expr})


def _default_of(spec: Field[Any]) -> Callable[[], Any]:
    if spec.default_factory is not MISSING:
        return spec.default_factory
    return lambda: spec.default


#: Each field's default, made afresh for each profile (in declaration order).
_DEFAULTS: dict[str, Callable[[], Any]] = {spec.name: _default_of(spec) for spec in fields(Profile)}
#: Fields left out of a dump while they hold this (not named, none): a profile that
#: names no product and keeps no conditions is saved as profiles always were, and one
#: read back without them has them so again.
LEFT_OUT: dict[str, object] = {
    "product": None,
    "scenario": None,
    "release": None,
    "conditions": {},
    "after_open": {},
}
Profile.model_fields = {spec.name: spec for spec in fields(Profile)}


def made_profile(given: Mapping[str, Any], extra: dict[str, Any], fields_set: set[str]) -> Profile:
    """A profile of fields already validated (or, from ``model_copy``, not to be):
    the ``given`` fields, the others at their defaults, the unknown ``extra``."""
    profile = object.__new__(Profile)
    state = profile.__dict__
    for name, default in _DEFAULTS.items():
        state[name] = given[name] if name in given else default()
    state["_extra"] = extra
    state["_fields_set"] = frozenset(fields_set)
    return profile
