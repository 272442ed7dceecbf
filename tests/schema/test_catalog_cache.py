"""The parsed-catalog cache: a hit gives the same validated catalog, anything else
(stale, corrupt, foreign, unwritable) falls back to the files and never to bad data."""

from __future__ import annotations

import json
import os
import shutil
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ascend_studio.schema import CatalogError, _cache, _catalog, load_catalog

SOURCE = Path(__file__).resolve().parents[2] / "resources" / "catalog"


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A private copy of the shipped catalog that ``shipped_catalog()`` loads."""
    root = tmp_path / "catalog"
    shutil.copytree(SOURCE, root)
    monkeypatch.setattr(_catalog, "resource_path", tmp_path.joinpath)
    _catalog.shipped_catalog.cache_clear()
    yield root
    _catalog.shipped_catalog.cache_clear()


class ParseCounter:
    """Counts TOML parses done by the loader (a cache hit parses nothing)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        real = tomllib.loads

        def counting(text: str) -> dict[str, Any]:
            self.calls += 1
            return real(text)

        monkeypatch.setattr(tomllib, "loads", counting)


def _load_fresh() -> _catalog.Catalog:
    _catalog.shipped_catalog.cache_clear()
    return _catalog.shipped_catalog()


def test_first_load_writes_the_cache_and_the_second_parses_nothing(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert not _cache.cache_file().exists()
    first = _load_fresh()
    assert _cache.cache_file().is_file()
    parses = ParseCounter(monkeypatch)
    second = _load_fresh()
    assert parses.calls == 0
    assert second == first == load_catalog(data)
    assert second is not first


def test_cache_lives_in_the_user_cache_dir(data: Path) -> None:
    _load_fresh()
    cache_home = Path(os.environ["XDG_CACHE_HOME"])
    assert _cache.cache_file().parent == cache_home / "ascend-studio"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), "utf-8")


def test_any_data_change_misses_the_cache(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = _load_fresh()
    label = before.products[0].name.en
    _edit(data / "products.toml", label, label + " (edited)")
    parses = ParseCounter(monkeypatch)
    after = _load_fresh()
    assert parses.calls == len(_catalog.catalog_files(data))
    assert after.products[0].name.en == label + " (edited)"
    assert _load_fresh() == after  # the rebuilt cache now serves the new data


def test_added_and_removed_files_miss_the_cache(data: Path) -> None:
    before = _load_fresh()
    extra = data / "params" / "zz_extra.toml"
    extra.write_text((data / "params" / "basic.toml").read_text("utf-8"), "utf-8")
    with pytest.raises(CatalogError, match="defined twice"):
        _load_fresh()  # the new file is read, not hidden behind the cache
    extra.unlink()
    assert _load_fresh() == before
    # a file no other entry refers to (references are cross-checked)
    removed = data / "params" / "data_augmentation.toml"
    text = removed.read_text("utf-8")
    removed.unlink()
    assert len(_load_fresh().params) < len(before.params)
    removed.write_text(text, "utf-8")
    assert _load_fresh() == before


def test_invalid_data_fails_even_with_a_valid_cache(data: Path) -> None:
    _load_fresh()
    _edit(data / "params" / "basic.toml", 'kind = "', 'kind = "not-a-kind-')
    with pytest.raises(CatalogError, match=r"basic\.toml"):
        _load_fresh()


def _corruptions(raw: bytes) -> dict[str, bytes]:
    head, _, body = raw.partition(b"\n")
    header = json.loads(head)
    forged = json.loads(body)
    forged["products.toml"]["product"][0]["name"]["en"] = "Forged"
    other_format = json.dumps({**header, "format": _cache.FORMAT + 1}).encode()
    return {
        "empty": b"",
        "garbage": b"\x00\xffnot json at all",
        "truncated": raw[: len(raw) // 2],
        "no body": head,
        "body changed, checksum not": head + b"\n" + json.dumps(forged).encode(),
        "other format": other_format + b"\n" + body,
        "not a dict": _forge(header, []),
        "wrong files": _forge(header, {"products.toml": {}}),
        "tables not dicts": _forge(header, dict.fromkeys(json.loads(body), 1)),
    }


def _forge(header: dict[str, Any], body: object) -> bytes:
    """A cache whose header checks out but whose body is not what we write."""
    text = json.dumps(body).encode()
    return json.dumps({**header, "body": _cache._checksum(text)}).encode() + b"\n" + text


@pytest.mark.parametrize(
    "case",
    [
        "empty",
        "garbage",
        "truncated",
        "no body",
        "body changed, checksum not",
        "other format",
        "not a dict",
        "wrong files",
        "tables not dicts",
    ],
)
def test_corrupt_cache_is_ignored_and_rebuilt(
    data: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    good = _load_fresh()
    raw = _cache.cache_file().read_bytes()
    _cache.cache_file().write_bytes(_corruptions(raw)[case])
    parses = ParseCounter(monkeypatch)
    assert _load_fresh() == good
    assert parses.calls > 0
    assert _cache.cache_file().read_bytes() == raw  # rewritten


def test_cached_data_that_fails_validation_falls_back_to_the_files(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cache that passes its checks but holds invalid data is never used."""
    good = _load_fresh()
    blobs = _catalog._read_sources(data)
    parsed = _catalog._parse(data, blobs)
    parsed["products.toml"]["product"][0]["family"] = "not-a-family"
    assert _cache.write_cache(_cache.sources_key(blobs), parsed)
    parses = ParseCounter(monkeypatch)
    assert _load_fresh() == good
    assert parses.calls > 0


def test_unwritable_cache_dir_still_loads(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = data.parent / "not-a-dir"
    blocker.write_text("", "utf-8")
    monkeypatch.setattr(_cache, "cache_file", lambda: blocker / "catalog.json")
    assert _load_fresh() == load_catalog(data)
    assert blocker.read_text("utf-8") == ""


def test_only_json_exact_data_is_cached(tmp_path: Path) -> None:
    """TOML dates and non-finite floats would not come back equal from JSON."""
    target = tmp_path / "c.json"
    dated = tomllib.loads("when = 2024-01-01\n")
    assert not _cache.write_cache("k", {"a.toml": dated}, target)
    assert not _cache.write_cache("k", {"a.toml": {"x": float("nan")}}, target)
    assert not target.exists()
    plain = tomllib.loads(
        'a = 1\nb = 1.0\nc = true\nd = "中文"\ne = [1, 2.5, "x"]\n[f]\ng = -0.0\n'
    )
    assert _cache.write_cache("k", {"a.toml": plain}, target)
    back = _cache.read_cache("k", ["a.toml"], target)
    assert back == {"a.toml": plain}
    assert back is not None
    assert [type(v) for v in back["a.toml"]["e"]] == [int, float, str]
    assert type(back["a.toml"]["b"]) is float and type(back["a.toml"]["a"]) is int
    assert _cache.read_cache("other key", ["a.toml"], target) is None


def test_shipped_files_round_trip_through_the_cache_exactly() -> None:
    blobs = _catalog._read_sources(SOURCE)
    parsed = _catalog._parse(SOURCE, blobs)
    assert _cache._json_exact(parsed)


def test_bad_utf8_and_missing_tables_are_catalog_errors(data: Path) -> None:
    (data / "params" / "basic.toml").write_bytes(b'x = "\xff"\n')
    with pytest.raises(CatalogError, match=r"basic\.toml"):
        load_catalog(data)
    shutil.copy(SOURCE / "params" / "basic.toml", data / "params" / "basic.toml")
    (data / "scenarios.toml").write_text("", "utf-8")
    with pytest.raises(CatalogError, match=r"scenarios\.toml: no \[\[scenario\]\]"):
        load_catalog(data)
    (data / "scenarios.toml").write_text("scenario = 3\n", "utf-8")
    with pytest.raises(CatalogError, match=r"scenarios\.toml: expected an array"):
        load_catalog(data)
