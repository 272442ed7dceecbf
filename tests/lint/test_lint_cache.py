"""The result cache of batch ``validate``: a file unchanged is not checked again, and
nothing a finding depends on can change without the file being checked again."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ascend_studio._dirs import user_cache_dir
from ascend_studio._jsoncopy import write_copy
from ascend_studio.lint import _batch, _cache, _check
from ascend_studio.lint._cache import FORMAT, ResultCache
from ascend_studio.lint._check import check_file
from ascend_studio.lint._settings import CommandLine, Setting, Settings, settings_for
from ascend_studio.schema import shipped_catalog
from tests.lint.lint_project import ENV_SH, PLAIN, TRAIN, findings, validate, write

#: A fixed product: the findings do not depend on which product a file names.
ALL = ("--format", "text", "--fail-on", "never")


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, {"train.py": TRAIN, "env.sh": ENV_SH, "utils.py": PLAIN})
    return tmp_path


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files actually checked (not answered from the cache)."""
    done: list[str] = []

    def counted(path: Path, *args: object, **kwargs: object) -> object:
        done.append(path.name)
        return check_file(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(_cache, "check_file", counted)
    monkeypatch.setattr(_batch, "check_file", counted)
    return done


def _stored() -> list[Path]:
    return sorted(user_cache_dir().glob("validate-*.bin"))


def test_a_second_run_checks_nothing_and_reports_the_same(
    project: Path, capsys: pytest.CaptureFixture[str], checks: list[str]
) -> None:
    first = validate(capsys, ".", *ALL)
    assert sorted(checks) == ["env.sh", "train.py", "utils.py"] and len(_stored()) == 1
    checks.clear()
    assert validate(capsys, ".", *ALL) == first
    assert checks == []
    shown = findings(first[1])
    assert "env.sh:2:8 env.rank_size_with_cm_worker_size" in shown
    assert "train.py:4:5 precision.both_modes" in shown


def test_an_edited_file_gives_its_new_findings(
    project: Path, capsys: pytest.CaptureFixture[str], checks: list[str]
) -> None:
    validate(capsys, ".", *ALL)
    checks.clear()
    (project / "train.py").write_text(TRAIN.replace("precision_mode_v2", "precision_mode_x2"))
    _, out, _ = validate(capsys, ".", *ALL)
    assert checks == ["train.py"]
    assert "train.py:4:5 precision.both_modes" not in findings(out)


def test_an_edit_that_keeps_the_size_and_the_time_stamps_is_seen(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file system whose clock ticks slowly gives an edit in the same tick the same
    time stamps: a file modified near its read is compared by its bytes."""
    tick = time.time_ns()

    def coarse(st: os.stat_result) -> tuple[int, int, int, int]:
        return (st.st_size, tick, tick, st.st_ino)

    monkeypatch.setattr(_cache, "_signature", coarse)
    _, before, _ = validate(capsys, ".", *ALL)
    same_size = TRAIN.replace("allow_mix_precision", "allow_fp32_to_fp16!")
    assert len(same_size) == len(TRAIN)
    (project / "train.py").write_text(same_size)
    _, after, _ = validate(capsys, ".", *ALL)
    assert after != before
    assert after == validate(capsys, ".", *ALL, "--no-cache")[1]


def test_an_edit_with_the_old_modification_time_put_back_is_seen(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    train = project / "train.py"
    old = train.stat()
    os.utime(train, ns=(old.st_atime_ns, old.st_mtime_ns - 10**10))  # an old file
    validate(capsys, ".", *ALL)
    old = train.stat()
    train.write_text(TRAIN.replace("allow_mix_precision", "allow_fp32_to_fp16!"))
    os.utime(train, ns=(old.st_atime_ns, old.st_mtime_ns))
    assert train.stat().st_size == old.st_size
    _, out, _ = validate(capsys, ".", *ALL)
    assert out == validate(capsys, ".", *ALL, "--no-cache")[1]
    assert "allow_fp32_to_fp16!" in out


def test_a_touched_file_with_the_same_bytes_is_not_checked_again(
    project: Path, capsys: pytest.CaptureFixture[str], checks: list[str]
) -> None:
    train = project / "train.py"
    os.utime(train, ns=(0, train.stat().st_mtime_ns - 10**10))
    first = validate(capsys, ".", *ALL)
    checks.clear()
    os.utime(train, ns=(0, time.time_ns() - 10**10))
    assert validate(capsys, ".", *ALL) == first
    assert checks == []


def test_settings_changes_check_the_files_again(
    project: Path, capsys: pytest.CaptureFixture[str], checks: list[str]
) -> None:
    validate(capsys, ".", *ALL)
    _, out, _ = validate(capsys, ".", *ALL, "--ignore", "precision")
    assert "train.py:4:5 precision.both_modes" not in findings(out)
    (project / ".ascend-studio.toml").write_text('ignore = ["env"]\n')
    checks.clear()
    _, out, _ = validate(capsys, ".", *ALL)
    assert sorted(checks) == ["env.sh", "train.py", "utils.py"]
    assert [f for f in findings(out) if f.startswith("env.sh")] == []
    assert "train.py:4:5 precision.both_modes" in findings(out)
    _, out, _ = validate(capsys, ".", *ALL, "--product", "atlas_training")
    assert out == validate(capsys, ".", *ALL, "--product", "atlas_training", "--no-cache")[1]


def test_a_suppression_comment_added_or_reported_is_seen(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    validate(capsys, ".", *ALL)
    silenced = TRAIN.replace(
        "enable_data_pre_proc=True,", "enable_data_pre_proc=True,  # ascend-studio: ignore[status]"
    ).replace("config = NPURunConfig(", "config = NPURunConfig(  # ascend-studio: ignore[env]")
    (project / "train.py").write_text(silenced)
    _, out, _ = validate(capsys, ".", *ALL)
    assert "1 suppressed" in out and "suppression.unused" not in out
    _, out, _ = validate(capsys, ".", *ALL, "--report-unused-suppressions")
    assert "train.py:3:" in out and "suppression.unused" in out
    _, out, _ = validate(capsys, ".", *ALL)
    assert "suppression.unused" not in out


def test_a_file_that_reads_a_companion_file_is_checked_every_time(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(project, {"job/train.py": "config = NPURunConfig(op_debug_config='debug.cfg')\n"})
    _, out, _ = validate(capsys, "job", "--select", "file")
    assert findings(out) == []
    (project / "job/debug.cfg").write_text("op_debug_config=oom\nbogus_option=1\n")
    _, out, _ = validate(capsys, "job", "--select", "file")
    assert findings(out) == ["job/debug.cfg:2:1 file.format"]
    (project / "job/debug.cfg").write_text("op_debug_config=oom\n")
    _, out, _ = validate(capsys, "job", "--select", "file")
    assert findings(out) == []


@pytest.mark.parametrize(
    "damage",
    [b"", b"\x00garbage", b'{"format": 1}\n', b"not json at all\n\x80\x81"],
)
def test_a_damaged_cache_is_ignored(
    project: Path, capsys: pytest.CaptureFixture[str], damage: bytes
) -> None:
    first = validate(capsys, ".", *ALL)
    (stored,) = _stored()
    stored.write_bytes(damage)
    assert validate(capsys, ".", *ALL) == first
    assert validate(capsys, ".", *ALL) == first  # and rewritten whole


def test_a_cache_whose_checksum_holds_but_whose_body_does_not_unpickle_is_ignored(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = validate(capsys, ".", *ALL)
    (stored,) = _stored()
    key = stored.read_bytes().partition(b"\n")[0].decode().split('"key": "')[1].split('"')[0]
    assert write_copy(stored, FORMAT, key, b"\x80\x05not a pickle")
    assert validate(capsys, ".", *ALL) == first


def test_a_damaged_entry_is_checked_again(project: Path) -> None:
    catalog = shipped_catalog()
    cache = ResultCache.open(catalog)
    cache.check(project / "train.py", "train.py", Settings(None))
    assert cache.save()
    again = ResultCache.open(catalog)
    (entry,) = again.entries.values()
    entry.payload = b"\x80\x05damaged"
    found = again.check(project / "train.py", "train.py", Settings(None))
    fresh = check_file(project / "train.py", "train.py", Settings(None), catalog)
    assert found == fresh and found.findings


def test_a_cache_folder_that_cannot_be_written_costs_only_time(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = project.parent / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    status, out, err = validate(capsys, ".", "--format", "text")
    assert status == 1 and err == ""
    assert findings(out)[0] == "env.sh:2:8 env.rank_size_with_cm_worker_size"


def test_no_cache_neither_reads_nor_writes(
    project: Path, capsys: pytest.CaptureFixture[str], checks: list[str]
) -> None:
    first = validate(capsys, ".", *ALL, "--no-cache")
    assert _stored() == [] and len(checks) == 3
    validate(capsys, ".", *ALL)
    checks.clear()
    assert validate(capsys, ".", *ALL, "--no-cache") == first
    assert len(checks) == 3


def test_runs_saving_at_once_keep_each_others_entries(project: Path) -> None:
    catalog = shipped_catalog()
    one, two = ResultCache.open(catalog), ResultCache.open(catalog)
    one.check(project / "train.py", "train.py", Settings(None))
    two.check(project / "env.sh", "env.sh", Settings(None))
    assert one.save() and two.save()
    assert sorted(Path(name).name for name in ResultCache.open(catalog).entries) == [
        "env.sh",
        "train.py",
    ]


def test_concurrent_processes_leave_a_usable_cache(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for n in range(30):
        write(project, {f"pkg{n % 3}/m{n}.py": f"config = NPURunConfig(hccl_timeout={n})\n"})
    command = [sys.executable, "-m", "ascend_studio", "validate", ".", *ALL]
    runs = [
        subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(3)
    ]
    outputs = [run.communicate() for run in runs]
    assert all(err == b"" for _, err in outputs)
    assert len({out for out, _ in outputs}) == 1
    assert len(_stored()) == 1
    _, out, _ = validate(capsys, ".", *ALL)
    assert out.encode() == outputs[0][0]


def test_the_cache_is_bounded(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_cache, "MAX_ENTRIES", 2)
    catalog = shipped_catalog()
    cache = ResultCache.open(catalog)
    for name in ("utils.py", "env.sh", "train.py"):
        cache.check(project / name, name, Settings(None))
    assert cache.save()
    assert len(ResultCache.open(catalog).entries) == 2
    monkeypatch.setattr(_cache, "MAX_ENTRIES", 100)
    monkeypatch.setattr(_cache, "MAX_BYTES", 1)
    cache.check(project / "utils.py", "utils.py", Settings(None), report_unused=True)
    assert cache.save()
    assert ResultCache.open(catalog).entries == {}


def test_the_cache_lives_in_the_user_cache_folder_not_the_project(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = sorted(p.name for p in project.rglob("*"))
    validate(capsys, ".", *ALL)
    assert sorted(p.name for p in project.rglob("*")) == before
    assert len(_stored()) == 1


def test_no_cache_is_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        validate(capsys, "--help")
    assert "--no-cache" in capsys.readouterr().out


def test_release_auto_is_the_machines_release_of_each_run(
    project: Path, checks: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``release = "auto"`` reads the machine: another release installed there checks the
    files again."""
    catalog = shipped_catalog()
    older, newer = catalog.releases[0], catalog.releases[-1]
    auto = Settings(None, release=Setting("auto", "command line"))
    monkeypatch.setitem(_check._AUTO, id(catalog), older)
    cache = ResultCache.open(catalog)
    cache.check(project / "train.py", "train.py", auto)
    assert cache.save() and checks == ["train.py"]
    monkeypatch.setitem(_check._AUTO, id(catalog), newer)
    ResultCache.open(catalog).check(project / "train.py", "train.py", auto)
    assert checks == ["train.py", "train.py"]
    monkeypatch.setitem(_check._AUTO, id(catalog), older)
    ResultCache.open(catalog).check(project / "train.py", "train.py", auto)
    assert checks == ["train.py", "train.py"]  # the first machine's result, kept


def test_settings_are_looked_up_once_per_folder_unless_overrides_can_differ(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    looked: list[str] = []

    def counted(path: Path, cli: CommandLine) -> Settings:
        if path.is_file():  # (the folder given is looked up too, for --fail-on)
            looked.append(path.name)
        return settings_for(path, cli)

    monkeypatch.setattr(_batch, "settings_for", counted)
    write(project, {"more/a.py": TRAIN, "more/b.py": TRAIN})
    validate(capsys, ".", *ALL, "--no-cache")
    assert sorted(looked) == ["a.py", "env.sh"]  # the first file of each folder
    looked.clear()
    (project / ".ascend-studio.toml").write_text(
        '[[overrides]]\npaths = ["more/b.py"]\nignore = ["precision"]\n'
    )
    _, out, _ = validate(capsys, ".", *ALL, "--no-cache")
    assert sorted(looked) == ["a.py", "b.py", "env.sh", "train.py", "utils.py"]
    assert "more/a.py:4:5 precision.both_modes" in findings(out)
    assert not [f for f in findings(out) if f.startswith("more/b.py") and "precision" in f]
