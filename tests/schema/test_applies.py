"""One answer to "does this apply here": a parameter, an enum value or a documented
default on a product and scenario, and a parameter on a TF Adapter release and a
surface (``Catalog.why_not``). Every part of the app asks it there."""

from __future__ import annotations

import re
from pathlib import Path

from ascend_studio.schema import documented_default, scope_gate, shipped_catalog

CATALOG = shipped_catalog()
PACKAGE = Path(__file__).resolve().parents[2] / "ascend_studio"


def test_a_parameter_on_a_product_and_a_scenario() -> None:
    bf16 = next(
        v for v in CATALOG.param("precision_mode").values if v.value == "allow_mix_precision_bf16"
    )
    assert bf16.why_not("atlas_training") == "product"
    assert bf16.applies_to("atlas_a2", "inference")
    hcom = CATALOG.param("hcom_parallel")
    assert hcom.why_not("atlas_a2", "inference") == "scenario"
    assert hcom.applies_to("atlas_a2")  # an axis not given is not asked
    assert scope_gate(("a",), "training", "b", "inference") == "product"  # product first
    assert scope_gate(None, "both", "b", "inference") is None


def test_an_axis_the_target_does_not_name() -> None:
    """Not asked (None), a fact for some products holds; not named by the target, it
    holds only when it holds for every product (or scenario)."""
    hcom = CATALOG.param("hcom_parallel")  # training only
    assert hcom.why_not("atlas_a2", None) is None
    assert hcom.why_not("atlas_a2", None, unnamed_misses=True) == "scenario"
    assert scope_gate(("a",), "both", None, "training", unnamed_misses=True) == "product"
    assert scope_gate(None, "both", None, None, unnamed_misses=True) is None
    assert scope_gate(("a",), "training", "a", "training", unnamed_misses=True) is None


def test_a_documented_default_follows_the_same_test() -> None:
    for param in CATALOG.params:
        for item in param.doc_default:
            product = item.products[0] if item.products else "atlas_a2"
            scenario = "training" if item.scenario == "both" else item.scenario
            assert documented_default(param, product, scenario) is not None


def test_a_release_lacks_a_keyword_but_reads_the_key() -> None:
    """profiling_options: the r1.1.1 constructors have no keyword, its C++ reads the key."""
    param = CATALOG.param("profiling_config.profiling_options")
    assert CATALOG.why_not(param, release="r1.1.1") == "release"
    assert CATALOG.why_not(param, release="r1.1.1", surface="estimator") == "release"
    assert CATALOG.why_not(param, release="r1.1.1", surface="session") is None
    assert CATALOG.why_not(param, release="r1.2.0") is None


def test_a_key_no_release_reads_is_not_a_release_fact() -> None:
    """min_group_size: NPUEstimator writes it in every release, no C++ reads it: naming a
    release changes nothing about it."""
    param = CATALOG.param("min_group_size")
    for release in CATALOG.history.refs():
        assert CATALOG.history.has_param(param, release, "session") is True
    late = CATALOG.param("graph_exec_timeout")  # sess.run-only, read from r1.9.0
    assert CATALOG.why_not(late, release="r1.8.0") == "release"
    assert CATALOG.why_not(late, release="r1.9.0") is None


def test_the_tf2_surface_has_an_option_for_the_parameter() -> None:
    tf2 = CATALOG.tf2
    with_option = next(p for p in CATALOG.params if tf2.sets(p.path, tf2.newest))
    assert CATALOG.why_not(with_option, surface="tf2") is None
    without = next(p for p in CATALOG.params if p.kind != "subconfig" and not tf2.sets(p.path))
    assert CATALOG.why_not(without, surface="tf2") == "surface"
    assert CATALOG.why_not(with_option, release="r1.1.1", surface="tf2") == "surface"


#: How the membership test used to be copied: a product list or a scenario compared
#: with "both" by hand.
_COPIES = re.compile(
    r"""products\s+is\s+not\s+None\s+and\s+[\w.]+\s+not\s+in|\bnot\s+in\s+\(\s*["']both["']"""
    r"""|\bin\s+[({]\s*["']both["']\s*,"""
)


def test_the_question_is_asked_in_one_place() -> None:
    copies = [
        f"{path.relative_to(PACKAGE)}:{number}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if _COPIES.search(line) and path.name not in ("_base.py", "_catalog.py")
    ]
    assert not copies, f"ask Parameter/EnumValue.why_not or Catalog.why_not instead: {copies}"
