"""What one value means for one parameter, read from its catalog entry.

The single place that interprets the per-parameter facts: type, values and
range checks (the catalog lint, the rules engine and the editors call it), the
per-product range, the runtime's silent rewrites (rounding to a step, clamping)
and the documented default for a target.
"""

from __future__ import annotations

from typing import Literal

from ascend_studio.schema._models import Parameter, ProductRange, Scalar

__all__ = [
    "accepted_types",
    "documented_default",
    "number_text",
    "product_range",
    "python_type_name",
    "runtime_number",
    "type_matches",
    "type_problem",
    "value_problems",
]

_TYPES: dict[str, tuple[type, ...]] = {
    "bool": (bool,),
    "int": (int,),
    "float": (float, int),
    "str": (str,),
}


def number_text(value: float) -> str:
    """A bound as people write it: 2147483647, not 2.14748e+09; 0.5 stays 0.5."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def python_type_name(value: object) -> str:
    return type(value).__name__


TypeProblem = Literal["mismatch", "int_for_bool", "bool_for_int"]


def accepted_types(param: Parameter) -> tuple[str, ...]:
    """The Python types the real code takes for a str parameter: ``tf.compat.as_bytes``
    takes str and bytes, a value written raw into the bytes field only bytes, one the
    constructor checks with ``isinstance`` only str."""
    session = param.session
    convert = session.convert if session is not None else "none"
    if param.checks.type == "constructor":
        return ("str",)
    if convert == "raw":
        return ("bytes",)
    return ("str", "bytes") if convert == "as_bytes" else ("str",)


def type_problem(param: Parameter, value: object) -> TypeProblem | None:
    """How ``value`` fails the Python type the real code expects, as strictly as
    the real code enforces it (``checks.type``); None when it is accepted."""
    how = param.checks.type
    if how in ("str", "explicit") or param.kind == "subconfig":
        return None
    py_type = "float" if how == "number" else param.py_type
    kind_of = type(value)
    if py_type == "str":
        return None if kind_of.__name__ in accepted_types(param) else "mismatch"
    if py_type == "bool":
        return None if kind_of is bool else "int_for_bool" if kind_of is int else "mismatch"
    if py_type == "int":
        return None if kind_of is int else "bool_for_int" if kind_of is bool else "mismatch"
    if py_type == "float":
        return None if kind_of in (int, float) else "mismatch"
    return "mismatch"


def type_matches(param: Parameter, value: object) -> bool:
    """Whether ``value`` has the exact Python type the real code expects.

    ``bool`` is never accepted where an ``int`` is expected (or the reverse),
    because the adapter writes ``.i``/``.b`` fields and several checks are strict.
    """
    if param.py_type == "object":
        return True
    if isinstance(value, bool) and param.py_type != "bool":
        return False
    return isinstance(value, _TYPES[param.py_type])


def _in_values(param: Parameter, value: Scalar) -> bool:
    if param.case_sensitive or not isinstance(value, str):
        return any(type(v) is type(value) and v == value for v in param.allowed())
    folded = value.casefold()
    return any(isinstance(v, str) and v.casefold() == folded for v in param.allowed())


def _range_problem(param: Parameter, value: float) -> str | None:
    low, high = param.minimum, param.maximum
    if low is not None and (value <= low if param.minimum_exclusive else value < low):
        bound = f"> {number_text(low)}" if param.minimum_exclusive else f">= {number_text(low)}"
        return f"{param.path} must be {bound}, got {value!r}"
    if high is not None and value > high:
        return f"{param.path} must be <= {number_text(high)}, got {value!r}"
    return None


def value_problems(param: Parameter, value: Scalar) -> list[str]:
    """Problems (English, for logs and tests) with ``value`` for ``param``; empty if fine."""
    if not type_matches(param, value):
        return [f"{param.path} expects {param.py_type}, got {python_type_name(value)} {value!r}"]
    problems: list[str] = []
    if param.kind == "enum" and not param.open_enum and not _in_values(param, value):
        allowed = ", ".join(repr(v) for v in param.allowed())
        problems.append(f"{param.path} must be one of {allowed}; got {value!r}")
    if isinstance(value, int | float) and not isinstance(value, bool):
        problem = _range_problem(param, value)
        if problem:
            problems.append(problem)
    return problems


def product_range(param: Parameter, product: str) -> ProductRange | None:
    """The range the docs give for ``product``, when they give one per product."""
    for item in param.product_ranges:
        if product in item.products:
            return item
    return None


def runtime_number(param: Parameter, value: int, product: str) -> int:
    """What the runtime makes of a set int: floored to the product's step (at least
    one step) where the docs say so, clamped where ``checks.range`` is ``clamps``."""
    found = product_range(param, product)
    if found is not None and found.step and value > 0:
        return max(found.step, value // found.step * found.step)
    if param.checks.range == "clamps":
        low = int(param.minimum) if param.minimum is not None else value
        high = int(param.maximum) if param.maximum is not None else value
        return min(max(value, low), high)
    return value


def documented_default(
    param: Parameter, product: str | None, scenario: str | None
) -> Scalar | None:
    """The documented runtime default for this target, if the docs give one (for a
    product or scenario not named (None), only one that holds for all of them)."""
    return next(
        (
            d.value
            for d in param.doc_default
            if d.why_not(product, scenario, unnamed_misses=True) is None
        ),
        None,
    )
