"""Which rows search and filters select (pure data, no widgets)."""

from __future__ import annotations

import pytest

from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui._search import select


def _select(catalog: Catalog, query: str, *filters: str, **kw: object) -> set[str] | None:
    selection = select(
        catalog,
        query,
        filters,
        profile=kw.get("profile", Profile()),  # type: ignore[arg-type]
        problem_paths=kw.get("problems", set()),  # type: ignore[arg-type]
        unavailable_paths=kw.get("unavailable", set()),  # type: ignore[arg-type]
    )
    return None if selection.paths is None else set(selection.paths)


def test_nothing_active_selects_everything(catalog: Catalog) -> None:
    assert _select(catalog, "  ") is None


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("精度", "precision_mode"),
        ("precision", "precision_mode"),
        ("PRECISION MODE", "precision_mode"),
        ("allow_mix_precision", "precision_mode"),
        ("ASCEND_DEVICE_ID", "session_device_id"),
        ("超时", "hccl_timeout"),
        ("timeout", "hccl_timeout"),
    ],
)
def test_search_finds_in_both_languages(catalog: Catalog, query: str, expected: str) -> None:
    found = _select(catalog, query)
    assert found is not None and expected in found


def test_all_terms_must_match(catalog: Catalog) -> None:
    found = _select(catalog, "hccl 超时")
    assert found is not None and "hccl_timeout" in found
    assert "op_wait_timeout" not in found


def test_filters_combine_with_search(catalog: Catalog) -> None:
    profile = Profile().with_value("precision_mode", "force_fp16").with_value("hccl_timeout", 600)
    assert _select(catalog, "", "modified", profile=profile) == {"precision_mode", "hccl_timeout"}
    assert _select(catalog, "精度", "modified", profile=profile) == {"precision_mode"}
    assert _select(catalog, "", "problems", problems={"aicore_num"}) == {"aicore_num"}
    assert _select(catalog, "", "unavailable", unavailable={"aicore_num"}) == {"aicore_num"}
    deprecated = _select(catalog, "", "deprecated")
    assert deprecated is not None and "graph_memory_max_size" in deprecated
    assert "precision_mode" not in deprecated


def test_a_sub_config_field_brings_its_holder(catalog: Catalog) -> None:
    profile = Profile().with_value("dump_config.dump_path", "/d")
    assert _select(catalog, "", "modified", profile=profile) == {
        "dump_config",
        "dump_config.dump_path",
    }


def test_unknown_filter_is_an_error(catalog: Catalog) -> None:
    with pytest.raises(ValueError, match="unknown filter"):
        _select(catalog, "", "nonsense")
