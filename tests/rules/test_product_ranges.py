"""Ranges the docs give per product are catalog data: one rule family reads them, for
any parameter, with no rule named after one."""

from __future__ import annotations

import shutil

import pytest

from ascend_studio._resources import resource_path
from ascend_studio.profile import Profile
from ascend_studio.rules import RULES, evaluate
from ascend_studio.schema import Catalog, load_catalog

ENTRY = """
[[param]]
name = "zz_window"
position = 93
kind = "int"
py_type = "int"
unit = "ms"
category = "performance"
section = "performance"
label = { zh = "合成窗口", en = "Synthetic window" }
description = { zh = "测试用的合成参数。", en = "A synthetic parameter for tests." }
sources = ["catalog"]
session = { key = "zz_window", field = "i", sent = "if_set" }

[[param.product_ranges]]
products = ["atlas_training"]
minimum = 0
maximum = 1000
step = 10

[[param.product_ranges]]
products = ["atlas_a2"]
minimum = 0
maximum = 50
"""


@pytest.fixture(scope="module")
def catalog(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    base = tmp_path_factory.mktemp("ranges") / "catalog"
    shutil.copytree(resource_path("catalog"), base)
    (base / "params" / "zz_window.toml").write_text(ENTRY, "utf-8")
    return load_catalog(base)


def _found(catalog: Catalog, product: str, value: int) -> dict[str, str]:
    profile = Profile(product=product, values={"zz_window": value})
    return {d.rule_id: d.message.en for d in evaluate(profile, catalog) if d.severity != "info"}


def test_a_new_parameter_gets_the_range_of_its_product(catalog: Catalog) -> None:
    found = _found(catalog, "atlas_a2", 80)
    assert found == {"range.product": "On A2 zz_window must be in [0, 50] ms, got 80."}
    assert _found(catalog, "atlas_training", 80) == {}


def test_a_new_parameter_gets_the_rounding_of_its_product(catalog: Catalog) -> None:
    found = _found(catalog, "atlas_training", 85)
    assert found == {
        "range.product_rounded": "On Training series zz_window is floored to a multiple of 10 "
        "(at least 10): 85 becomes 80 ms."
    }
    assert _found(catalog, "atlas_a2", 45) == {}


def test_no_rule_is_named_after_one_parameter() -> None:
    assert not [r.id for r in RULES if r.id.startswith("hccl_timeout.")]
