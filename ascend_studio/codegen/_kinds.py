"""Per-type value conversions, in one place.

Values go through the codec of the parameter's ``py_type`` (the Python type
the real constructor expects): to a Python literal, to the right-hand side of a
``parameter_map`` assignment, to and from plain text (environment values,
editors), and from whatever Python object an imported script produced. Only
importers convert (and report it); exporters write the value as held. Kinds refine this only where the catalog
says so (enum spellings). Adding a parameter to the catalog needs no code here.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from ascend_studio.profile import Expr, Value
from ascend_studio.schema import Parameter, PyType

__all__ = [
    "CODECS",
    "Codec",
    "ConversionError",
    "coerce",
    "needs_bytes",
    "python_bytes",
    "python_literal",
    "python_str",
    "session_rhs",
]

Field = Literal["s", "i", "b"]


class ConversionError(ValueError):
    """A value cannot be represented as the type a parameter needs."""


def python_str(text: str) -> str:
    """A Python string literal, double-quoted as the TF Adapter docs write them."""
    literal = repr(text)
    if literal[0] == "'" and '"' not in text:
        # repr() used single quotes, so ``text`` holds no single quote: nothing
        # inside is escaped because of the quote character.
        return '"' + literal[1:-1] + '"'
    return literal


def python_bytes(value: bytes) -> str:
    """A bytes literal, double-quoted like :func:`python_str` (``b"./aipp.cfg"``)."""
    literal = repr(value)
    if literal[1] == "'" and b'"' not in value:
        return 'b"' + literal[2:-1] + '"'
    return literal


_INT_TEXT = re.compile(r"[+-]?\d+")
_TRUE = frozenset({"true", "1", "yes", "on"})
_FALSE = frozenset({"false", "0", "no", "off"})


@dataclass(frozen=True)
class Codec:
    """How one Python type is written, read back and converted."""

    py_type: PyType
    field: Field | None

    # -- to text forms --------------------------------------------------------------
    def literal(self, value: Value) -> str:
        """Python source for ``value`` (an :class:`Expr` is emitted verbatim)."""
        if isinstance(value, Expr):
            return value.expr
        if value is None or isinstance(value, bytes):
            return "None" if value is None else python_bytes(value)
        if isinstance(value, bool):
            return "True" if value else "False"
        if isinstance(value, float):
            if not math.isfinite(value):
                raise ConversionError(f"{value!r} has no Python literal")
            return repr(value)
        if isinstance(value, int):
            return str(value)
        return python_str(value)

    def to_text(self, value: bool | int | float | str) -> str:
        """Plain text (an environment value, an editor's text)."""
        if isinstance(value, bool):
            return "true" if value else "false"
        return repr(value) if isinstance(value, float) else str(value)

    # -- from text and imported objects ---------------------------------------------
    def from_text(self, text: str) -> bool | int | float | str:
        """Parse :meth:`to_text` output (and the usual spellings) back."""
        stripped = text.strip()
        if self.py_type == "bool":
            folded = stripped.casefold()
            if folded in _TRUE:
                return True
            if folded in _FALSE:
                return False
            raise ConversionError(f"{text!r} is not a boolean (true/false, 1/0)")
        if self.py_type == "int":
            if not _INT_TEXT.fullmatch(stripped):
                raise ConversionError(f"{text!r} is not an integer")
            return int(stripped)
        if self.py_type == "float":
            try:
                number = float(stripped)
            except ValueError:
                raise ConversionError(f"{text!r} is not a number") from None
            if not math.isfinite(number):
                raise ConversionError(f"{text!r} is not a finite number")
            return number
        if self.py_type == "object":
            raise ConversionError("an object parameter takes a Python expression, not text")
        return text

    def convert(self, value: object) -> bool | int | float | str:
        """Turn a Python value into this type when that loses nothing."""
        if self.py_type == "object":
            raise ConversionError("an object parameter takes a Python expression")
        if isinstance(value, bytes):
            try:
                value = value.decode("utf-8")
            except UnicodeDecodeError:
                raise ConversionError(f"{value!r} is not UTF-8 text") from None
        if isinstance(value, float) and not math.isfinite(value):
            raise ConversionError(f"{value!r} is not a finite number")
        if type(value).__name__ == self.py_type:
            return value  # type: ignore[return-value]
        if isinstance(value, str):
            return self.from_text(value)
        step = _LOSSLESS.get((self.py_type, type(value).__name__))
        converted = step(value) if step is not None else None
        if converted is None:
            article = "an" if self.py_type[0] in "aeiou" else "a"
            raise ConversionError(f"{value!r} is not {article} {self.py_type}")
        return converted


def _int_from_float(value: Any) -> int | None:
    return int(value) if float(value).is_integer() else None


def _bool_from_int(value: Any) -> bool | None:
    return bool(value) if value in (0, 1) else None


#: (wanted type, given type) -> conversion that loses nothing (None: impossible).
_LOSSLESS: dict[tuple[str, str], Callable[[Any], bool | int | float | str | None]] = {
    ("str", "int"): str,
    ("str", "float"): repr,
    ("str", "bool"): str,
    ("int", "float"): _int_from_float,
    ("int", "bool"): int,
    ("bool", "int"): _bool_from_int,
    ("float", "int"): float,
}


CODECS: dict[str, Codec] = {
    "bool": Codec("bool", "b"),
    "int": Codec("int", "i"),
    "float": Codec("float", None),
    "str": Codec("str", "s"),
    "object": Codec("object", None),
}


def needs_bytes(param: Parameter) -> bool:
    """The real code hands the value to a protobuf bytes field as it is (no
    ``as_bytes``), so only ``bytes`` work: keep bytes as bytes."""
    return param.session is not None and param.session.convert == "raw"


def coerce(param: Parameter, value: object) -> bool | int | float | str:
    """``value`` as ``param`` needs it; enum spellings are matched case-insensitively.

    Raises :class:`ConversionError` when no lossless conversion exists.
    """
    converted = CODECS[param.py_type].convert(value)
    if param.values and isinstance(converted, str) and param.case_sensitive:
        allowed = [v.value for v in param.values if isinstance(v.value, str)]
        if converted not in allowed:
            folded = {v.casefold(): v for v in allowed}
            converted = folded.get(converted.casefold(), converted)
    return converted


def python_literal(param: Parameter, value: Value) -> str:
    """The literal for ``value`` exactly as the profile holds it.

    Never converted (no ``"yes"`` -> ``True``, ``True`` -> ``1``, ``5`` -> ``"5"``,
    no enum re-spelling): exported code is what the user configured, so a wrong
    type reaches the adapter and the rule comment written next to it stays true.
    Conversions belong to importers (:func:`coerce`), which report them.
    """
    if isinstance(value, Expr):
        return value.expr
    if value is None or isinstance(value, bytes):
        return CODECS["str"].literal(value)
    if param.py_type == "object":
        raise ConversionError(
            f"{param.path} takes a Python object; give it as an expression, not {value!r}"
        )
    return CODECS[param.py_type].literal(value)


def session_rhs(field: Field, convert: str, literal: str) -> str:
    """Right-hand side of ``custom_op.parameter_map[key].<field> = ...``.

    Mirrors NPUEstimator: strings go through ``tf.compat.as_bytes`` (after
    ``str()`` for the two size options); ints and bools are assigned as they are.
    NPUEstimator assigns ``insert_op_file`` raw, which protobuf rejects for a
    ``str``; bytes is what it needs, so ``raw`` strings are converted too.
    """
    if field != "s":
        return f"({literal})" if "\n" in literal else literal
    if convert == "str":
        return f"tf.compat.as_bytes(str({literal}))"
    return f"tf.compat.as_bytes({literal})"
