"""The catalog's rules about one parameter's value (``[[param.rules]]``): how their
tests compare a set value, and what the data must give for each test."""

from __future__ import annotations

from typing import Any

import pytest

from ascend_studio.profile import Profile
from ascend_studio.rules import evaluate
from ascend_studio.schema import ParamRule, Text


def _ids(values: dict[str, Any], product: str = "atlas_a2") -> set[str]:
    return {d.rule_id for d in evaluate(Profile(product=product, values=values))}


@pytest.mark.parametrize(("value", "fires"), [(True, True), (1, True), (1.0, True), (2, False)])
def test_a_bool_in_the_rule_matches_the_number_equal_to_it(value: object, fires: bool) -> None:
    """hcom_parallel=1 is True to the constructor: the advice about True holds for it."""
    assert ("hcom_parallel.small_networks" in _ids({"hcom_parallel": value})) is fires


@pytest.mark.parametrize("value", ["1", "True", False, 0])
def test_text_and_the_other_bool_do_not_match(value: object) -> None:
    assert "hcom_parallel.small_networks" not in _ids({"hcom_parallel": value})


def test_a_bool_does_not_match_a_number_in_the_rule() -> None:
    """op_debug_level 1, 2 and 4 are levels: True is not level 1."""
    assert "op_debug_level.no_tbe_files_on_350" in _ids({"op_debug_level": 1}, "atlas_350")
    assert "op_debug_level.no_tbe_files_on_350" not in _ids({"op_debug_level": True}, "atlas_350")


def test_the_rule_holds_only_on_its_products() -> None:
    assert "op_debug_level.no_tbe_files_on_350" not in _ids({"op_debug_level": 1}, "atlas_a2")


_TEXT = Text(zh="说明", en="note")


@pytest.mark.parametrize(
    "fields",
    [
        {"test": "equals"},  # equals needs values
        {"test": "set", "values": (1,)},  # values only for equals/not_equals
        {"test": "between"},  # between needs a bound
        {"test": "set", "source": ""},  # every rule names its source
    ],
)
def test_the_data_gives_what_its_test_needs(fields: dict[str, Any]) -> None:
    data = {"id": "x.y", "severity": "info", "kind": "docs", "message": _TEXT, "source": "s"}
    with pytest.raises(ValueError):
        ParamRule(**{**data, **fields})
