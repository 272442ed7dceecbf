"""``apply --write`` on files it must not replace: nothing written, nothing left behind.

A read-only script is refused before the backup is made (no ``NAME.orig`` of an
edit that never happened; the first backup, from an earlier edit, is kept
whatever fails); a script with other hard links is refused (replacing it would
leave the other names with the old text).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ascend_studio.__main__ import main
from ascend_studio._backup import replace_keeping_original

SCRIPT = "export ASCEND_GLOBAL_LOG_LEVEL=3\n"


@pytest.fixture
def profile(tmp_path: Path) -> Path:
    path = tmp_path / "p.json"
    path.write_text('{"env": {"ASCEND_GLOBAL_LOG_LEVEL": "1"}}', encoding="utf-8")
    return path


def _apply(profile: Path, script: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["apply", str(profile), str(script), "--write"])
    return status, capsys.readouterr().err


def test_a_read_only_script_leaves_no_backup(
    tmp_path: Path, profile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "x.sh"
    script.write_text(SCRIPT)
    script.chmod(0o444)
    status, err = _apply(profile, script, capsys)
    assert status != 0 and "read-only" in err and "nothing was written" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.json", "x.sh"]
    assert script.read_text() == SCRIPT


def test_the_first_backup_survives_a_refused_edit(
    tmp_path: Path, profile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "x.sh"
    script.write_text("export ASCEND_GLOBAL_LOG_LEVEL=0\n")
    assert _apply(profile, script, capsys)[0] == 0
    original = (tmp_path / "x.sh.orig").read_text()
    script.chmod(0o444)
    profile.write_text('{"env": {"ASCEND_GLOBAL_LOG_LEVEL": "2"}}', encoding="utf-8")
    assert _apply(profile, script, capsys)[0] != 0
    assert (tmp_path / "x.sh.orig").read_text() == original == "export ASCEND_GLOBAL_LOG_LEVEL=0\n"


def test_a_backup_this_edit_made_goes_when_the_write_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = tmp_path / "x.sh"
    script.write_text(SCRIPT)

    def full(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device", str(script))

    monkeypatch.setattr("ascend_studio._backup.atomic_write_bytes", full)
    with pytest.raises(OSError, match="No space"):
        replace_keeping_original(script, b"new\n", expected=SCRIPT.encode())
    assert not (tmp_path / "x.sh.orig").exists()
    assert script.read_text() == SCRIPT


def test_a_hard_linked_script_is_refused_and_both_names_keep_their_text(
    tmp_path: Path, profile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "x.sh"
    script.write_text(SCRIPT)
    other = tmp_path / "y.sh"
    os.link(script, other)
    status, err = _apply(profile, script, capsys)
    assert status != 0
    assert "another hard link" in err and "nothing was written" in err
    assert script.read_text() == other.read_text() == SCRIPT
    assert os.stat(script).st_ino == os.stat(other).st_ino
    assert not (tmp_path / "x.sh.orig").exists()
