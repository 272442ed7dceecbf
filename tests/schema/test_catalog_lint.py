"""Lint of the shipped catalog data: every rule here guards a promise the UI,
rules and exporters rely on."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from signatures import NPU_RUN_CONFIG, SUB_CONFIGS

from ascend_studio.schema import (
    SUBCONFIG_PATHS,
    Catalog,
    CatalogError,
    load_catalog,
    value_problems,
)
from ascend_studio.schema import shipped_catalog as _shipped

CJK = re.compile(r"[\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]")
PARAMS = [p.path for p in _shipped().params]


def test_catalog_loads_every_keyword_of_the_real_constructors(catalog: Catalog) -> None:
    owned = sum(
        1
        for owner in ("NPURunConfig", *SUB_CONFIGS)
        for p in catalog.owned_by(owner)
        if not (p.session and p.session.session_only)
    )
    assert owned == len(NPU_RUN_CONFIG) + sum(len(fields) for fields in SUB_CONFIGS.values())
    # the newest release's keywords and fields, and the keys only sess.run reaches
    newest = catalog.history.newest.id
    keywords = [k for k in catalog.history.keywords() if catalog.history.holds(k, newest)]
    session_only = [p for p in catalog.params if p.session and p.session.session_only]
    assert len(keywords) == owned
    assert len(catalog.params) == len(keywords) + len(session_only)
    assert len(session_only) == 10
    assert len(catalog.products) == 7
    assert {s.id for s in catalog.scenarios} == {"training", "inference"}


@pytest.mark.parametrize("path", PARAMS)
def test_texts_are_bilingual(catalog: Catalog, path: str) -> None:
    param = catalog.param(path)
    texts = [param.label, param.description]
    texts += [v.description for v in param.values] + [v.label for v in param.values if v.label]
    texts += [d.summary for d in param.disagreements]
    texts += [param.availability_note] if param.availability_note else []
    for text in texts:
        assert CJK.search(text.zh), f"{path}: zh text has no Chinese: {text.zh!r}"
        assert LATIN.search(text.en), f"{path}: en text has no English: {text.en!r}"
        assert len(CJK.findall(text.en)) < len(text.en) / 4, f"{path}: en text is mostly Chinese"


@pytest.mark.parametrize("path", PARAMS)
def test_defaults_pass_their_own_validation(catalog: Catalog, path: str) -> None:
    param = catalog.param(path)
    if param.default is not None:
        assert value_problems(param, param.default) == []
    for doc in param.doc_default:
        assert value_problems(param, doc.value) == [], f"doc_default {doc.value!r}"
    for item in param.values:
        assert value_problems(param, item.value) == [], f"value {item.value!r}"


@pytest.mark.parametrize("path", PARAMS)
def test_value_availability_is_within_the_parameter(catalog: Catalog, path: str) -> None:
    param = catalog.param(path)
    allowed = set(param.products or catalog.product_ids)
    for item in param.values:
        assert set(item.products or allowed) <= allowed, (
            f"{item.value!r} lists a product the parameter lacks"
        )
        if param.scenario != "both":
            assert item.scenario in {"both", param.scenario}


@pytest.mark.parametrize("path", PARAMS)
def test_descriptions_are_substantial(catalog: Catalog, path: str) -> None:
    param = catalog.param(path)
    assert len(param.description.en) >= 40, "description too thin to help a user"
    assert len(param.description.zh) >= 15


def test_session_keys_are_unique(catalog: Catalog) -> None:
    keys = Counter(p.session.key for p in catalog.params if p.session)
    assert [k for k, n in keys.items() if n > 1] == []


def test_holders_are_subconfigs(catalog: Catalog) -> None:
    for holder in SUBCONFIG_PATHS.values():
        assert catalog.param(holder).kind == "subconfig"
        assert catalog.param(holder).py_type == "object"
    for param in catalog.params:
        if param.kind == "subconfig":
            assert param.path in SUBCONFIG_PATHS.values()


def test_every_category_and_section_is_used(catalog: Catalog) -> None:
    used = {p.category for p in catalog.params}
    assert {c.id for c in catalog.categories} == used
    assert {s.id for s in catalog.sections} == {p.section for p in catalog.params}


def test_orders_are_unique(catalog: Catalog) -> None:
    orders = Counter(p.order for p in catalog.params)
    assert [o for o, n in orders.items() if n > 1] == []


def test_deprecated_section_is_flagged(catalog: Catalog) -> None:
    for param in catalog.params:
        if param.section == "deprecated":
            assert param.deprecated, param.path


def test_env_vars_are_bilingual(catalog: Catalog) -> None:
    assert len(catalog.env_vars) >= 34
    for env in catalog.env_vars:
        assert CJK.search(env.purpose.zh) and LATIN.search(env.purpose.en), env.name


def test_search_finds_in_both_languages(catalog: Catalog) -> None:
    assert "precision_mode" in {p.path for p in catalog.search("精度")}
    assert "precision_mode" in {p.path for p in catalog.search("PRECISION")}
    assert "dump_config.dump_path" in {p.path for p in catalog.search("dump_path")}


@pytest.fixture
def searched(monkeypatch: pytest.MonkeyPatch) -> tuple[Catalog, Counter[str], Any]:
    """A fresh copy of the shipped catalog (nothing searched yet), how many times each
    parameter's searched text was made, and the function that makes it."""
    from dataclasses import replace

    from ascend_studio.schema import _catalog

    catalog = replace(_shipped())
    made: Counter[str] = Counter()
    original = _catalog._haystack

    def counting(param: Any) -> str:
        made[param.path] += 1
        return original(param)

    monkeypatch.setattr(_catalog, "_haystack", counting)
    return catalog, made, original


def test_search_makes_each_parameters_text_once(
    searched: tuple[Catalog, Counter[str], Any],
) -> None:
    """The app searches on every key typed: the searched texts are kept, not remade."""
    catalog, made, original = searched
    results = [[p.path for p in catalog.search(q)] for q in ("d", "du", "dum", "dump", "d")]
    assert results[0] == results[4] and set(results[3]) <= set(results[0])
    assert results[3] == [p.path for p in catalog.params if "dump" in original(p)]
    assert set(made) == {p.path for p in catalog.params} and set(made.values()) == {1}
    assert [p.path for p in catalog.search("  ")] == [p.path for p in catalog.params]


def test_broken_catalog_names_file_and_entry(tmp_path: Path) -> None:
    source = Path(__file__).resolve().parents[2] / "resources" / "catalog"
    for name in ("products", "scenarios", "taxonomy", "env", "sources"):
        (tmp_path / f"{name}.toml").write_text(
            (source / f"{name}.toml").read_text("utf-8"), "utf-8"
        )
    (tmp_path / "params").mkdir()
    bad = tmp_path / "params" / "bad.toml"
    bad.write_text('[[param]]\nname = "x"\nkind = "enum"\npy_type = "str"\n', "utf-8")
    with pytest.raises(CatalogError, match=r"bad\.toml: x"):
        load_catalog(tmp_path)
    bad.write_text("[[param]\n", "utf-8")
    with pytest.raises(CatalogError, match=r"bad\.toml"):
        load_catalog(tmp_path)


def test_file_format_must_be_a_registered_companion_format(tmp_path: Path) -> None:
    """``file_format`` names a companion format id, never the parameter itself."""
    import shutil

    from ascend_studio.schema import FILE_FORMATS

    source = Path(__file__).resolve().parents[2] / "resources" / "catalog"
    shutil.copytree(source, tmp_path / "catalog")
    given = {p.path: p.file_format for p in _shipped().params if p.file_format}
    assert len(given) == 7 and set(given.values()) == FILE_FORMATS
    debugging = tmp_path / "catalog" / "params" / "debugging.toml"
    text = debugging.read_text("utf-8")
    assert 'file_format = "debug_cfg"' in text
    debugging.write_text(text.replace('"debug_cfg"', '"op_debug_config"'), "utf-8")
    with pytest.raises(CatalogError, match="unknown file format 'op_debug_config'"):
        load_catalog(tmp_path / "catalog")


def test_the_search_texts_can_be_made_ahead(searched: tuple[Catalog, Counter[str], Any]) -> None:
    """The app makes them in a turn after the first paint, not on the first key."""
    catalog, made, original = searched
    catalog.prepare_search()
    assert set(made) == {p.path for p in catalog.params} and set(made.values()) == {1}
    found = [p.path for p in catalog.search("dump")]
    catalog.prepare_search()
    assert set(made.values()) == {1}  # made once, searched without remaking
    assert found == [p.path for p in catalog.params if "dump" in original(p)]
