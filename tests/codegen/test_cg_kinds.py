"""Each parameter type owns its conversions; property tests over every catalog parameter."""

from __future__ import annotations

import ast
import math
from typing import Any

import pytest
from cg_strategies import CATALOG, value_for
from hypothesis import given, settings
from hypothesis import strategies as st

from ascend_studio.codegen._kinds import (
    CODECS,
    ConversionError,
    coerce,
    python_literal,
    python_str,
    session_rhs,
)
from ascend_studio.profile import Expr
from ascend_studio.schema import Parameter

SCALAR_PARAMS = [p for p in CATALOG.params if p.py_type != "object"]


@pytest.mark.parametrize("param", SCALAR_PARAMS, ids=lambda p: p.path)
@settings(max_examples=25)
@given(data=st.data())
def test_literal_round_trip_for_every_parameter(param: Parameter, data: Any) -> None:
    value = data.draw(value_for(param))
    literal = python_literal(param, value)
    back = ast.literal_eval(literal)
    assert back == value and type(back) is type(value)
    assert coerce(param, back) == value


@pytest.mark.parametrize("py_type", ["bool", "int", "float", "str"])
@settings(max_examples=100)
@given(data=st.data())
def test_text_round_trip(py_type: str, data: Any) -> None:
    strategies = {
        "bool": st.booleans(),
        "int": st.integers(),
        "float": st.floats(allow_nan=False, allow_infinity=False),
        "str": st.text(),
    }
    value = data.draw(strategies[py_type])
    codec = CODECS[py_type]
    assert codec.from_text(codec.to_text(value)) == value


@settings(max_examples=300)
@given(text=st.text())
def test_python_str_is_exact_and_double_quoted_when_possible(text: str) -> None:
    literal = python_str(text)
    assert ast.literal_eval(literal) == text
    if '"' not in text:
        assert literal.startswith('"')


@pytest.mark.parametrize(
    ("py_type", "given", "expected"),
    [
        ("str", 2, "2"),
        ("str", b"abc", "abc"),
        ("int", "100", 100),
        ("int", 3.0, 3),
        ("int", True, 1),
        ("bool", 1, True),
        ("bool", "False", False),
        ("float", 2, 2.0),
    ],
)
def test_lossless_conversions(py_type: str, given: object, expected: object) -> None:
    converted = CODECS[py_type].convert(given)
    assert converted == expected and type(converted) is type(expected)


@pytest.mark.parametrize(
    ("py_type", "given"),
    [
        ("int", 2.5),
        ("int", "x"),
        ("bool", 2),
        ("bool", "maybe"),
        ("float", "inf"),
        ("str", b"\xff"),
    ],
)
def test_lossy_conversions_are_refused(py_type: str, given: object) -> None:
    with pytest.raises(ConversionError):
        CODECS[py_type].convert(given)


def test_enum_spelling_is_matched_case_insensitively() -> None:
    assert coerce(CATALOG.param("jit_compile"), True) == "true"
    assert coerce(CATALOG.param("variable_placement"), "host") == "Host"
    assert coerce(CATALOG.param("precision_mode"), "something_else") == "something_else"


def test_object_parameters_take_expressions_only() -> None:
    param = CATALOG.param("distribute")
    assert python_literal(param, Expr(expr="strategy")) == "strategy"
    with pytest.raises(ConversionError, match="Python object"):
        python_literal(param, "strategy")


def test_non_finite_floats_have_no_literal() -> None:
    with pytest.raises(ConversionError):
        CODECS["float"].literal(math.inf)


@pytest.mark.parametrize(
    ("field", "convert", "expected"),
    [
        ("s", "as_bytes", 'tf.compat.as_bytes("x")'),
        ("s", "str", 'tf.compat.as_bytes(str("x"))'),
        ("s", "raw", 'tf.compat.as_bytes("x")'),
        ("i", "none", '"x"'),
        ("b", "none", '"x"'),
    ],
)
def test_session_rhs(field: str, convert: str, expected: str) -> None:
    assert session_rhs(field, convert, '"x"') == expected  # type: ignore[arg-type]
