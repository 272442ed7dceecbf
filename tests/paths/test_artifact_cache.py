"""The validated copy of the artifact chains: a hit rebuilds exactly what validation
gave, with no TOML parser and no pydantic; anything else (stale, corrupt, another
version, unwritable) validates the file again and never serves bad data."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ascend_studio import _jsoncopy
from ascend_studio.paths import ArtifactCatalog, ArtifactError, _artifacts_load, load_artifacts

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "resources" / "catalog" / "artifacts.toml"


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A private copy of the shipped data file that ``load_artifacts()`` loads."""
    target = tmp_path / "catalog" / "artifacts.toml"
    target.parent.mkdir()
    shutil.copy(SOURCE, target)
    monkeypatch.setattr(_artifacts_load, "resource_path", tmp_path.joinpath)
    _artifacts_load._shipped.cache_clear()
    yield target
    _artifacts_load._shipped.cache_clear()


class Validations:
    """Counts validations of the data file (a hit validates nothing)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        real = _artifacts_load._validated

        def counting(raw: bytes, source: str) -> ArtifactCatalog:
            self.calls += 1
            return real(raw, source)

        monkeypatch.setattr(_artifacts_load, "_validated", counting)


def _load_fresh() -> ArtifactCatalog:
    _artifacts_load._shipped.cache_clear()
    return load_artifacts()


def test_first_load_writes_the_copy_and_the_second_validates_nothing(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert not _artifacts_load.cache_file().exists()
    first = _load_fresh()
    assert _artifacts_load.cache_file().is_file()
    validations = Validations(monkeypatch)
    second = _load_fresh()
    assert validations.calls == 0
    assert second == first == load_artifacts(data)
    assert second is not first


def test_the_copy_lives_in_the_user_cache_dir(data: Path) -> None:
    _load_fresh()
    cache_home = Path(os.environ["XDG_CACHE_HOME"])
    assert _artifacts_load.cache_file() == cache_home / "ascend-studio" / "artifacts.json"


def test_a_hit_rebuilds_every_field_exactly() -> None:
    """Equal objects of the same types: a field the rebuild forgot would differ here."""
    validated = load_artifacts(SOURCE)
    key = _artifacts_load.cache_key(SOURCE.read_bytes())
    assert _artifacts_load.write_cache(key, validated, Path(os.environ["XDG_CACHE_HOME"], "a"))
    rebuilt = _artifacts_load.read_cache(key, Path(os.environ["XDG_CACHE_HOME"], "a"))
    assert rebuilt == validated
    assert repr(rebuilt) == repr(validated)  # 1 stays 1, 1.0 stays 1.0, True stays True


def test_changed_file_bytes_miss_the_copy(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = _load_fresh()
    text = data.read_text("utf-8")
    old = before.get("kernel_meta").name.en
    data.write_text(text.replace(f'en = "{old}"', 'en = "Changed name"', 1), "utf-8")
    validations = Validations(monkeypatch)
    after = _load_fresh()
    assert validations.calls == 1
    assert after.get("kernel_meta").name.en == "Changed name"
    assert _load_fresh() == after  # the rewritten copy serves the new data
    assert validations.calls == 1


def test_a_comment_only_edit_misses_the_copy_too(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _load_fresh()
    with data.open("a", encoding="utf-8") as handle:
        handle.write("# a comment\n")
    validations = Validations(monkeypatch)
    assert _load_fresh() == before
    assert validations.calls == 1


def test_another_app_version_does_not_trust_the_copy(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    good = _load_fresh()
    monkeypatch.setattr(_artifacts_load, "__version__", "99.0.0")
    validations = Validations(monkeypatch)
    assert _load_fresh() == good
    assert validations.calls == 1


def test_invalid_data_fails_even_with_a_valid_copy(data: Path) -> None:
    _load_fresh()
    text = data.read_text("utf-8")
    data.write_text(text.replace('path = "{value}/kernel_meta"', 'path = "/kernel_meta"'), "utf-8")
    with pytest.raises(ArtifactError, match=r"(?s)artifacts\.toml.*must contain \{value\}"):
        _load_fresh()


def _forge(header: dict[str, Any], body: object) -> bytes:
    """A copy whose header checks out but whose body is not what we write."""
    text = json.dumps(body).encode()
    return json.dumps({**header, "body": _jsoncopy._checksum(text)}).encode() + b"\n" + text


def _corruptions(raw: bytes) -> dict[str, bytes]:
    head, _, body = raw.partition(b"\n")
    header = json.loads(head)
    document = json.loads(body)
    changed = json.loads(body)
    changed["artifact"][0]["name"]["en"] = "Forged"
    no_default = json.loads(body)
    for art in no_default["artifact"]:
        for variant in art["variant"]:
            variant["default"] = False
    missing_field = json.loads(body)
    del missing_field["artifact"][0]["sources"]
    return {
        "empty": b"",
        "garbage": b"\x00\xffnot json at all",
        "nested too deeply": b"[" * 100_000 + b"\n" + body,
        "truncated": raw[: len(raw) // 2],
        "no body": head,
        "body changed, checksum not": head + b"\n" + json.dumps(changed).encode(),
        "other format": json.dumps({**header, "format": _artifacts_load.FORMAT + 1}).encode()
        + b"\n"
        + body,
        "not a dict": _forge(header, []),
        "no artifacts": _forge(header, {**document, "artifact": []}),
        "fails a check": _forge(header, no_default),
        "missing field": _forge(header, missing_field),
        "unknown field": _forge(header, {**document, "extra": 1}),
        "text not a dict": _forge(
            header, {**document, "placeholder": [{**document["placeholder"][0], "description": 1}]}
        ),
    }


CASES = [
    "empty",
    "garbage",
    "nested too deeply",
    "truncated",
    "no body",
    "body changed, checksum not",
    "other format",
    "not a dict",
    "no artifacts",
    "fails a check",
    "missing field",
    "unknown field",
    "text not a dict",
]


@pytest.mark.parametrize("case", CASES)
def test_corrupt_copy_is_ignored_and_rewritten(
    data: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    good = _load_fresh()
    raw = _artifacts_load.cache_file().read_bytes()
    _artifacts_load.cache_file().write_bytes(_corruptions(raw)[case])
    validations = Validations(monkeypatch)
    assert _load_fresh() == good
    assert validations.calls == 1
    assert _artifacts_load.cache_file().read_bytes() == raw  # rewritten


def test_unwritable_cache_dir_still_loads(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = data.parent / "not-a-dir"
    blocker.write_text("", "utf-8")
    monkeypatch.setattr(_artifacts_load, "cache_file", lambda: blocker / "artifacts.json")
    assert _load_fresh() == load_artifacts(data)
    assert blocker.read_text("utf-8") == ""


def test_read_only_cache_file_still_loads(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A copy that cannot be replaced is ignored; the data still loads, every time."""
    good = _load_fresh()
    target = _artifacts_load.cache_file()
    target.write_bytes(b"stale")
    target.chmod(0o444)  # atomic writes refuse a read-only file, even for root
    validations = Validations(monkeypatch)
    assert _load_fresh() == good
    assert _load_fresh() == good
    assert validations.calls == 2
    assert target.read_bytes() == b"stale"


def test_a_file_of_the_user_is_always_validated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = tmp_path / "mine.toml"
    shutil.copy(SOURCE, mine)
    validations = Validations(monkeypatch)
    load_artifacts(mine)
    load_artifacts(mine)
    assert validations.calls == 2
    assert not _artifacts_load.cache_file().exists()


def test_a_hit_parses_no_toml_and_validates_nothing(tmp_path: Path) -> None:
    """In a fresh process with a warm cache: no tomllib, and pydantic only if the
    parameter catalog itself needed it (the artifacts never do)."""
    code = (
        "import sys\n"
        "from ascend_studio.schema import shipped_catalog\n"
        "shipped_catalog()\n"
        "before = 'pydantic' in sys.modules\n"
        "from ascend_studio.paths import load_artifacts\n"
        "load_artifacts()\n"
        "print(before, 'pydantic' in sys.modules, 'tomllib' in sys.modules)\n"
    )
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    run = [sys.executable, "-c", code]
    cold = subprocess.run(run, cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    assert cold.stdout.split()[2] == "True"  # the first run parses and validates
    warm = subprocess.run(run, cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    before, after, toml = warm.stdout.split()
    assert (after, toml) == (before, "False")
