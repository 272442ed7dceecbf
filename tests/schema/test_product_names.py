"""Product spellings people use resolve to a product."""

from __future__ import annotations

import pytest

from ascend_studio.cli import run_cli
from ascend_studio.schema import shipped_catalog

CATALOG = shipped_catalog()


@pytest.mark.parametrize(
    ("text", "product"),
    [
        ("Atlas A2 training product", "atlas_a2"),
        ("Atlas A2 training product/Atlas A2 inference product", "atlas_a2"),
        ("Atlas training products", "atlas_training"),
        ("Atlas training product", "atlas_training"),
        ("Atlas inference product", "atlas_inference"),
        ("Atlas 300I Duo inference card", "atlas_300i_duo"),
        ("910B", "atlas_a2"),
        ("910B3", "atlas_a2"),
        ("Ascend910B3", "atlas_a2"),
        ("ascend910b4", "atlas_a2"),
        ("910A", "atlas_training"),
        ("Ascend910", "atlas_training"),
        ("Ascend910ProA", "atlas_training"),
        ("Ascend910_9391", "atlas_a3"),
        ("310P", "atlas_inference"),
        ("Ascend310P3", "atlas_inference"),
        ("Ascend310B1", "atlas_200i_500_a2"),
        ("Ascend950PR", "atlas_350"),
    ],
)
def test_spelling_resolves(text: str, product: str) -> None:
    assert CATALOG.product_id(text) == product


def test_unknown_spelling_stays_unknown() -> None:
    assert CATALOG.product_id("Ascend 1234") is None
    assert CATALOG.product_id("") is None


def test_cli_takes_a_chip_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["params", "--product", "910B", "--json"]) == 0
    assert "unknown product" not in capsys.readouterr().err
