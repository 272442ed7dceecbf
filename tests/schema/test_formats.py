"""Format checkers: the quirks of the C++ they mirror."""

from __future__ import annotations

import pytest

from ascend_studio.schema import (
    FORMATS,
    check_dump_step,
    check_dynamic_dims,
    check_input_shape,
    shipped_catalog,
)


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("0|5|10-20", True),
        ("", True),
        ("0||5", False),  # an empty group
        ("|5", False),
        ("5-", True),  # getline drops the empty item after a trailing '-'
        ("5|", True),
        ("-5", True),  # an empty side counts as atoi("") = 0 < 5
        ("5-5", False),
        ("20-10", False),
        ("5--6", False),
        ("a", False),
        ("|".join(["1"] * 101), False),
    ],
)
def test_dump_step(text: str, ok: bool) -> None:
    assert (check_dump_step(text) is None) is ok


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("data:1,2;label:-1", True),
        ("data:1,2;", True),  # a trailing ';' is dropped
        (";", False),
        ("", False),
        ("data:1,,2", False),
        ("data:٣", False),  # only ASCII digits, as std::regex
    ],
)
def test_input_shape(text: str, ok: bool) -> None:
    assert (check_input_shape(text) is None) is ok


@pytest.mark.parametrize(
    ("text", "ok"),
    [("1,2;3,4", True), ("1,2;", True), ("1,-2", False), ("", False), ("1,2;;3,4", False)],
)
def test_dynamic_dims(text: str, ok: bool) -> None:
    assert (check_dynamic_dims(text) is None) is ok


def test_every_catalog_format_has_a_checker() -> None:
    named = {p.format for p in shipped_catalog().params if p.format}
    assert named == set(FORMATS)
