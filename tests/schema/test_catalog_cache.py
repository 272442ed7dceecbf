"""The validated-catalog cache: a hit gives the same catalog without pydantic, anything
else (stale, corrupt, foreign, unwritable) falls back to the files and never to bad data."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ascend_studio import _jsoncopy
from ascend_studio.schema import (
    CatalogError,
    EnumValue,
    Text,
    _cache,
    _catalog,
    load_catalog,
    verify_shipped_catalog,
)

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
    main, _, parts = body.partition(b"\n")  # the catalog, then the fields kept apart
    forged = json.loads(main)
    forged["products"][0]["name"]["en"] = "Forged"
    other_format = json.dumps({**header, "format": _cache.FORMAT + 1}).encode()
    unknown_field = json.loads(main)
    unknown_field["products"][0]["colour"] = "red"
    empty_text = json.loads(main)
    empty_text["products"][0]["name"]["zh"] = ""
    foreign_class = json.loads(main)
    foreign_class["products"][0]["!"] = "subprocess.Popen"
    return {
        "empty": b"",
        "garbage": b"\x00\xffnot json at all",
        "truncated": raw[: len(raw) // 2],
        "no body": head,
        "body changed, checksum not": head + b"\n" + json.dumps(forged).encode() + b"\n" + parts,
        "other format": other_format + b"\n" + body,
        "not a catalog": _forge(header, []),
        "another class": _forge(header, {"!": "Text", "zh": "中", "en": "en"}),
        "untagged": _forge(header, {"products": []}),
        "unknown field": _forge(header, unknown_field, parts),
        "check fails": _forge(header, empty_text, parts),
        "foreign class": _forge(header, foreign_class, parts),
        "nested too deep": _forge(header, b"[" * 100_000 + b"]" * 100_000),
        "no parts": _forge(header, json.loads(main)),
        "a part left out": _forge(header, json.loads(main), parts.partition(b"\n")[2]),
        "an unknown part": _forge(header, json.loads(main), parts + b"\nextra\t0\t\t[]"),
        "a part of two fields": _forge(header, json.loads(main), parts + b"\nextra"),
    }


def _forge(header: dict[str, Any], body: object, parts: bytes = b"") -> bytes:
    """A cache whose header checks out but whose body is not what we write."""
    text = body if isinstance(body, bytes) else json.dumps(body).encode()
    if parts:
        text += b"\n" + parts
    return json.dumps({**header, "body": _jsoncopy._checksum(text)}).encode() + b"\n" + text


CORRUPTIONS = [
    "empty",
    "garbage",
    "truncated",
    "no body",
    "body changed, checksum not",
    "other format",
    "not a catalog",
    "another class",
    "untagged",
    "unknown field",
    "check fails",
    "foreign class",
    "nested too deep",
    "no parts",
    "a part left out",
    "an unknown part",
    "a part of two fields",
]


@pytest.mark.slow
@pytest.mark.parametrize("case", CORRUPTIONS)
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


def test_a_forged_cache_is_caught_by_verification_and_replaced(data: Path) -> None:
    """A cache that passes its own checks but differs from the files is used until
    the files are verified (the app does so after its first paint); verification
    says so and rewrites the cache from the files."""
    good = _load_fresh()
    raw = _cache.cache_file().read_bytes()
    _cache.cache_file().write_bytes(_corruptions(raw)["body changed, checksum not"])
    head, _, body = _cache.cache_file().read_bytes().partition(b"\n")
    main, _, parts = body.partition(b"\n")
    _cache.cache_file().write_bytes(
        _forge(json.loads(head), json.loads(main), parts)  # checksum now matches the forgery
    )
    assert _load_fresh().products[0].name.en == "Forged"
    with pytest.raises(CatalogError, match="differed from the catalog files"):
        verify_shipped_catalog()
    assert _load_fresh() == good
    verify_shipped_catalog()  # agrees now


def test_verification_reports_invalid_files(data: Path) -> None:
    _load_fresh()
    _edit(data / "params" / "basic.toml", 'kind = "', 'kind = "not-a-kind-')
    with pytest.raises(CatalogError, match=r"basic\.toml"):
        verify_shipped_catalog()


def test_another_version_or_class_shape_misses_the_cache(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    good = _load_fresh()
    monkeypatch.setattr(_cache, "__version__", "999.0")
    parses = ParseCounter(monkeypatch)
    assert _load_fresh() == good
    assert parses.calls > 0
    blobs = _catalog._read_sources(data)
    fewer = {k: v for k, v in _catalog.CLASSES.items() if k != "Text"}
    assert _cache.sources_key(blobs, fewer) != _cache.sources_key(blobs, _catalog.CLASSES)
    assert _cache.sources_key(blobs, _catalog.CLASSES) == _cache.sources_key(
        blobs, dict(_catalog.CLASSES)
    )  # stable: nothing per-process (addresses, hash seeds) enters the key


def test_unwritable_cache_dir_still_loads(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = data.parent / "not-a-dir"
    blocker.write_text("", "utf-8")
    monkeypatch.setattr(_cache, "cache_file", lambda: blocker / "catalog.json")
    assert _load_fresh() == load_catalog(data)
    assert blocker.read_text("utf-8") == ""


def test_values_keep_their_exact_types(tmp_path: Path) -> None:
    """1, 1.0, True, -0.0 and text come back as the same Python types."""
    target = tmp_path / "c.json"
    text = Text(zh="中文", en="text")
    values = (1, 1.0, True, -0.0, "中文", 0, False)
    stored = tuple(EnumValue(value=v, description=text) for v in values)
    assert _cache.write_cache("k", stored, target)
    back = _cache.read_cache("k", _catalog.CLASSES, target)
    assert back == stored
    assert [type(v.value) for v in back] == [type(v) for v in values]
    assert repr(back) == repr(stored)
    assert _cache.read_cache("other key", _catalog.CLASSES, target) is None
    assert not _cache.write_cache("k", (b"bytes",), target / "x")  # not storable


def test_shipped_catalog_round_trips_exactly() -> None:
    catalog = load_catalog()
    stored = json.dumps(_cache.dump_plain(catalog), ensure_ascii=False)
    every = {**_catalog.CLASSES, **_catalog._fact_classes(), **_catalog._tf2_classes()}
    back = _cache.load_plain(stored, every)
    assert back == catalog
    assert repr(back) == repr(catalog)  # same types too (1 vs 1.0 vs True)


def test_a_warm_start_imports_neither_pydantic_nor_tomllib(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    probe = (
        "import sys\n"
        "from ascend_studio.schema import shipped_catalog\n"
        "catalog = shipped_catalog()\n"
        "print(len(catalog.params), sorted(m for m in ('pydantic', 'tomllib') if m in sys.modules))"
    )
    cold = subprocess.run(
        [sys.executable, "-c", probe], check=False, env=env, capture_output=True, text=True
    )
    assert cold.returncode == 0, cold.stderr
    assert "'pydantic'" in cold.stdout  # a cold start validates the files
    warm = subprocess.run(
        [sys.executable, "-c", probe], check=False, env=env, capture_output=True, text=True
    )
    assert warm.returncode == 0, warm.stderr
    assert warm.stdout.split(" ", 1)[1].strip() == "[]"
    assert warm.stdout.split(" ", 1)[0] == cold.stdout.split(" ", 1)[0]


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


def test_the_fields_kept_apart_are_built_when_first_read(data: Path) -> None:
    """The validity facts and the 2.x surface come from the cache unbuilt, and whoever
    reads one gets what the files say, as equality and ``repr`` do."""
    good = load_catalog(data)
    _load_fresh()  # fills the cache
    cached = _load_fresh()
    apart = ("keywords", "keys", "value_lists", "tf2")
    assert all(isinstance(vars(cached)[f"_{name}_value"], _cache.Later) for name in apart)
    assert cached.tf2 == good.tf2
    assert cached.tf2 is cached.tf2  # built once
    assert cached.history.keyword("iterations_per_loop") == good.history.keyword(
        "iterations_per_loop"
    )
    assert cached == good
    assert repr(cached) == repr(good)


def test_a_part_whose_classes_changed_shape_is_taken_from_the_files(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    good = _load_fresh()
    raw = _cache.cache_file().read_bytes()
    head, _, body = raw.partition(b"\n")
    lines = body.split(b"\n")
    name, _, rest = lines[-1].partition(b"\t")
    assert name == b"tf2"
    lines[-1] = name + b"\t" + b"0" * 64 + b"\t" + rest.partition(b"\t")[2]
    _cache.cache_file().write_bytes(_forge(json.loads(head), b"\n".join(lines)))
    parses = ParseCounter(monkeypatch)
    cached = _load_fresh()
    assert parses.calls == 0
    assert cached.tf2 == good.tf2
    assert parses.calls > 0  # from the files
    assert _cache.cache_file().read_bytes() == raw  # and stored again


def test_a_fact_is_built_alone_from_the_cache(data: Path) -> None:
    """One keyword, key or value fact read from the cache builds that fact alone, equal to
    the files'; the whole field, built later, is the files' too."""
    good = load_catalog(data)
    _load_fresh()  # fills the cache
    cached = _load_fresh()
    history = cached.history
    assert history.keyword_paths() == tuple(dict.fromkeys(f.path for f in good.keywords))
    key = good.keys[0].key
    values = good.value_lists[0].path
    assert history.keyword("iterations_per_loop") == good.history.keyword("iterations_per_loop")
    assert history.key(key) == good.history.key(key)
    assert history.values(values) == good.history.values(values)
    assert history.keyword("no_such_keyword") is None
    assert history.keyword("iterations_per_loop") is history.keyword("iterations_per_loop")
    assert all(isinstance(vars(cached)[f"_{name}_value"], _cache.Later) for name in _catalog.KEYED)
    assert cached.keywords == good.keywords
    assert history.keyword("precision_mode_v2") == good.history.keyword("precision_mode_v2")
    assert cached == good


def test_a_keyed_part_whose_classes_changed_shape_gives_the_files_facts(data: Path) -> None:
    good = _load_fresh()
    raw = _cache.cache_file().read_bytes()
    head, _, body = raw.partition(b"\n")
    lines = body.split(b"\n")
    at = next(i for i, line in enumerate(lines) if line.startswith(b"keywords\t"))
    name, _, rest = lines[at].partition(b"\t")
    lines[at] = name + b"\t" + b"0" * 64 + b"\t" + rest.partition(b"\t")[2]
    _cache.cache_file().write_bytes(_forge(json.loads(head), b"\n".join(lines)))
    cached = _load_fresh()
    assert cached.history.keyword("iterations_per_loop") == good.history.keyword(
        "iterations_per_loop"
    )
    assert cached.keywords == good.keywords
    assert _cache.cache_file().read_bytes() == raw  # stored again from the files


def test_the_names_of_versioned_keywords_are_found_without_every_fact(data: Path) -> None:
    """A hint's versioned keywords, found from the facts of the names it has alone, are
    those found with every fact built."""
    from ascend_studio.rules._index import CatalogIndex

    _load_fresh()  # fills the cache
    cached = _load_fresh()
    whole = CatalogIndex(load_catalog(data))
    whole.versioned_names()
    texts = [
        "Set precision_mode_v2='mixed_float16' and remove precision_mode.",
        "Use op_compiler_cache_mode, jit_compile or x.precision_mode_v2 instead.",
        "nothing here",
        " ".join(whole.versioned_names()),
    ]
    lazy = CatalogIndex(cached)
    found = [lazy.versioned_named_in(text) for text in texts]
    assert isinstance(vars(cached)["_keywords_value"], _cache.Later)
    assert found == [whole.versioned_named_in(text) for text in texts]
    assert found[0] == ("precision_mode_v2",)
    assert found[3] == whole.versioned_names()


def test_a_warm_start_leaves_the_2x_surface_unimported_until_read(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    probe = (
        "import sys\n"
        "from ascend_studio.schema import shipped_catalog\n"
        "catalog = shipped_catalog()\n"
        "names = ('ascend_studio.schema._tf2', 'ascend_studio.schema._tf2view')\n"
        "print([m for m in names if m in sys.modules])\n"
        "from ascend_studio.schema import tf2_catalog\n"
        "print(len(catalog.tf2.options), len(tf2_catalog(catalog).params))"
    )
    runs = [
        subprocess.run(
            [sys.executable, "-c", probe], check=True, env=env, capture_output=True, text=True
        ).stdout.splitlines()
        for _ in range(2)  # the first fills the cache
    ]
    assert runs[1][0] == "[]"
    assert runs[1][1] == runs[0][1]
    assert int(runs[1][1].split()[0]) > 50
