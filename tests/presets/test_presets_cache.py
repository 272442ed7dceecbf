"""The presets are validated with pydantic when their files change; later starts rebuild
the same objects from the validated copy in the user cache, with no TOML parser and no
pydantic."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ascend_studio._resources import resource_path
from ascend_studio.presets import PresetError, _model, _validate, load_presets
from ascend_studio.presets._model import CLASSES, Preset, shipped_presets
from ascend_studio.schema import shipped_catalog

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = resource_path("presets")
CATALOG = shipped_catalog()


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the shipped presets, read as the shipped ones, nothing loaded yet."""
    copy = tmp_path / "presets"
    shutil.copytree(SHIPPED, copy)
    monkeypatch.setattr(_model, "resource_path", lambda name: copy)
    monkeypatch.setattr(_model, "_SHIPPED", {})
    return copy


def _validations(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = _validate.validated_presets

    def counted(blobs: dict[str, bytes]) -> tuple[Preset, ...]:
        calls.append(len(blobs))
        return real(blobs)

    monkeypatch.setattr(_validate, "validated_presets", counted)
    return calls


def test_the_copy_gives_the_presets_the_files_give(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _validations(monkeypatch)
    first = shipped_presets(CATALOG)
    monkeypatch.setattr(_model, "_SHIPPED", {})
    again = shipped_presets(CATALOG)
    assert calls == [len(first)]  # the second start read the copy
    assert again == first == load_presets(folder, CATALOG)
    assert [type(p) for p in again] == [Preset] * len(first)


def test_a_changed_file_is_validated_again(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _validations(monkeypatch)
    shipped_presets(CATALOG)
    path = folder / "aoe_tuning.toml"
    path.write_text(path.read_text("utf-8").replace("operator tuning", "tuning (edited)"), "utf-8")
    monkeypatch.setattr(_model, "_SHIPPED", {})
    edited = {p.id: p for p in shipped_presets(CATALOG)}
    assert len(calls) == 2
    assert "(edited)" in edited["aoe_tuning"].title.en


def test_an_invalid_file_is_an_error_not_a_cached_answer(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shipped_presets(CATALOG)
    (folder / "aoe_tuning.toml").write_text('id = "aoe_tuning"\n', "utf-8")
    monkeypatch.setattr(_model, "_SHIPPED", {})
    with pytest.raises(PresetError, match=r"aoe_tuning\.toml"):
        shipped_presets(CATALOG)


@pytest.mark.parametrize(
    ("table", "problem"),
    [
        ('id = "Bad-Id"', "should match"),
        ("products = []", "must not be empty"),
        ('sources = ["seed notes"]', "private shorthand"),
        ("unknown = 1", "unknown"),
    ],
)
def test_the_checks_of_the_old_models_still_hold(tmp_path: Path, table: str, problem: str) -> None:
    good = {
        "id": 'id = "bad"',
        "title": 'title = {zh = "坏", en = "Bad"}',
        "explanation": 'explanation = {zh = "x", en = "x"}',
        "products": 'products = ["atlas_a2"]',
        "sources": 'sources = ["hicann/tensorflow docs"]',
    }
    key = table.split(" ", 1)[0]
    lines = [table if name == key else line for name, line in good.items()]
    if key not in good:
        lines.append(table)
    (tmp_path / "bad.toml").write_text("\n".join(lines) + "\n", "utf-8")
    with pytest.raises(PresetError, match=problem):
        load_presets(tmp_path, CATALOG)


def test_settings_are_read_from_set_tables_only(tmp_path: Path) -> None:
    text = (
        'id = "x"\ntitle = {zh = "x", en = "x"}\nexplanation = {zh = "x", en = "x"}\n'
        'products = ["atlas_a2"]\nsources = ["hicann/tensorflow docs"]\n'
        '[[settings]]\npath = "aoe_mode"\nvalue = "2"\nwhy = {zh = "x", en = "x"}\n'
    )
    (tmp_path / "x.toml").write_text(text, "utf-8")
    with pytest.raises(PresetError, match="settings"):
        load_presets(tmp_path, CATALOG)
    (tmp_path / "x.toml").write_text(text.replace("[[settings]]", "[[set]]"), "utf-8")
    assert [s.path for s in load_presets(tmp_path, CATALOG)[0].settings] == ["aoe_mode"]


def test_every_class_a_copy_holds_is_listed() -> None:
    assert set(CLASSES) == {
        "Preset",
        "PresetSetting",
        "PresetClear",
        "PresetEnv",
        "PresetFile",
        "Text",
    }


def test_preset_list_loads_no_pydantic_or_toml_parser(tmp_path: Path) -> None:
    code = (
        "import sys, io, contextlib\n"
        "from ascend_studio.__main__ import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(['preset', 'list']) == 0\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    env = {"XDG_CACHE_HOME": str(tmp_path), "PATH": ""}
    for _ in range(2):  # the first run fills the user caches
        done = subprocess.run(
            [sys.executable, "-c", code],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
    assert done.returncode == 0, done.stderr
    loaded = set(done.stdout.split())
    assert not {m for m in loaded if m.split(".")[0] in ("pydantic", "pydantic_core", "tomllib")}
