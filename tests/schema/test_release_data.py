"""The release table and the validity data agree with the catalog's own parameters."""

from __future__ import annotations

import pytest

from ascend_studio.schema import Catalog, UnknownReleaseError


def test_the_newest_release_is_what_the_catalog_describes(catalog: Catalog) -> None:
    history = catalog.history
    newest = history.newest.id
    keywords = {k.path: k for k in history.keywords() if history.holds(k, newest)}
    params = [p for p in catalog.params if not (p.session and p.session.session_only)]
    assert set(keywords) == {p.path for p in params}
    for param in params:
        known, default, required = history.default(param.path, newest)
        assert known and required == param.required, param.path
        if not required:
            assert type(default) is type(param.default) and default == param.default, param.path


def test_every_session_only_key_is_read_or_written_by_the_newest_release(
    catalog: Catalog,
) -> None:
    newest = catalog.history.newest.id
    for param in catalog.params:
        if param.session is None or not param.session.session_only:
            continue
        key = param.session.key
        read, written = (
            catalog.history.reads_key(key, newest),
            catalog.history.writes_key(key, newest),
        )
        assert read or written, key
        if read:
            assert catalog.history.key_field(key, newest) == param.session.field, key


def test_every_key_read_by_the_newest_release_is_a_catalog_entry(catalog: Catalog) -> None:
    newest = catalog.history.newest.id
    read = {k.key for k in catalog.keys if catalog.history.reads_key(k.key, newest)}
    assert read <= set(catalog.by_session_key())


@pytest.mark.parametrize(
    ("typed", "release"),
    [
        ("7.0.0", "tfa_v0.0.20_7.0.0.alpha003"),
        ("7.0.0.alpha001", "tfa_v0.0.18_7.0.0.alpha001"),
        ("6.3.RC1", "tfa_v0.0.3_6.3.RC1.alpha002"),
        ("6.3.rc2", "tfa_v0.0.9_6.3.RC2.alpha003"),
        ("7.0.RC1", "tfa_v0.0.16_7.0.RC1.alpha003"),
        ("9.0.0", "hicann-tfa_v0.0.48_9.0.0"),
        ("tfa_v0.0.48_9.0.0", "hicann-tfa_v0.0.48_9.0.0"),
        ("r1.15.0", "r1.15.0"),
        (" R1.5.1 ", "r1.5.1"),
        ("master", "master"),
        ("newest", "hicann-HEAD"),
    ],
)
def test_what_users_type_names_a_release(catalog: Catalog, typed: str, release: str) -> None:
    assert catalog.history.resolve(typed).id == release


@pytest.mark.parametrize("typed", ["8.0.RC1", "5.1.RC2", "r1.4.0", "", "7"])
def test_an_unknown_release_lists_the_choices(catalog: Catalog, typed: str) -> None:
    with pytest.raises(UnknownReleaseError, match=r"r1\.15\.0.*7\.0\.0"):
        catalog.history.resolve(typed)


def test_no_release_branch_is_given_a_cann_version(catalog: Catalog) -> None:
    """The r1.x/r2.x/r3.x branches, master and the hicann head name no CANN version: the
    data says so rather than guess, with what is known instead."""
    for release in catalog.releases:
        if release.kind == "tag":
            assert release.cann is not None and release.cann in release.id
            assert "tfa-install-page" in release.sources
        else:
            assert release.cann is None, release.id
            assert release.evidence.en.startswith("Not public"), release.id


def test_a_span_names_its_first_release_and_what_is_missing(catalog: Catalog) -> None:
    history = catalog.history
    es = history.keyword("es_cluster_config")
    assert es is not None and es.removed == "hicann-tfa_v0.0.48_9.0.0"
    assert history.holds(es, "tfa_v0.0.20_7.0.0.alpha003")
    assert not history.holds(es, "r1.12.0") and not history.holds(es, "hicann-HEAD")
    assert "not in r3.1.0, r2.1.0, r1.12.0" in history.where(es).en
    tune = history.keyword("auto_tune_mode")
    assert tune is not None and tune.replaced_by == "aoe_mode"
    assert tune.gone is not None and tune.gone.date.startswith("2022-11")
    assert tune.gone.commit.startswith("78ecc222")


def test_checked_values_follow_the_release(catalog: Catalog) -> None:
    history = catalog.history
    assert history.listed("precision_mode_v2", "tfa_v0.0.3_6.3.RC1.alpha002") is None
    seven = history.listed("precision_mode_v2", "tfa_v0.0.20_7.0.0.alpha003")
    assert seven is not None and "mixed_hif8" not in seven and "mixed_float16" in seven
    assert history.value_allowed("precision_mode_v2", "mixed_hif8", "hicann-HEAD") is True
    assert history.value_allowed("aoe_mode", "3", "r1.10.0") is True
    assert history.value_allowed("aoe_mode", "3", "r1.11.0") is False
    assert history.default("jit_compile", "r1.11.0")[1] is False
    assert history.default("jit_compile", "hicann-HEAD")[1] == "auto"
