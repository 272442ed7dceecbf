"""Checks of one value against one parameter's declared type, values and range.

This is the single place that knows what "a valid value for this parameter"
means at the catalog level; the catalog lint, the rules engine and the editors
all call it.
"""

from __future__ import annotations

from ascend_studio.schema._models import Parameter, Scalar

__all__ = ["python_type_name", "type_matches", "value_problems"]

_TYPES: dict[str, tuple[type, ...]] = {
    "bool": (bool,),
    "int": (int,),
    "float": (float, int),
    "str": (str,),
}


def python_type_name(value: object) -> str:
    return type(value).__name__


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
        bound = f"> {low:g}" if param.minimum_exclusive else f">= {low:g}"
        return f"{param.path} must be {bound}, got {value!r}"
    if high is not None and value > high:
        return f"{param.path} must be <= {high:g}, got {value!r}"
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
