"""Batch ``validate PATH...``: which files a folder walk checks, .gitignore, --exclude/--include."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from lint_project import ENV_SH, PLAIN, TRAIN, findings, validate, write

from ascend_studio.lint import Selection, file_kind, find_files


def _names(paths: list[Path], root: Path) -> list[str]:
    return [p.relative_to(root).as_posix() for p in paths]


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("train.py", "python"),
        ("run_8p.SH", "shell"),
        ("env.bash", "shell"),
        (".env", "env-file"),
        ("prod.env", "env-file"),
        (".env.local", "env-file"),
        ("env.list", "env-file"),
        ("npu_env.txt", "env-file"),
        ("job.ascend.json", "profile"),
        ("README.md", None),
        ("data.json", None),
        ("notes.txt", None),
    ],
)
def test_file_kinds(name: str, kind: str | None) -> None:
    assert file_kind(name) == kind


def test_include_globs_add_kinds() -> None:
    assert file_kind("launch.cfg", ["*.cfg"]) == "other"


def test_walk_is_recursive_sorted_and_skips_caches(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "b/train.py": TRAIN,
            "a/env.sh": ENV_SH,
            "a/readme.md": "x",
            "plain.py": PLAIN,
            ".venv/lib/x.py": TRAIN,
            "node_modules/y.sh": ENV_SH,
            "pkg/__pycache__/z.py": TRAIN,
        },
    )
    files, missing = find_files([str(tmp_path)], Selection())
    assert _names(files, tmp_path) == ["a/env.sh", "b/train.py", "plain.py"]
    assert missing == []


def test_gitignore_semantics(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    write(
        tmp_path,
        {
            ".gitignore": "build/\n*.gen.py\n!keep.gen.py\n/top_only.py\n",
            "build/train.py": TRAIN,
            "src/x.gen.py": TRAIN,
            "src/keep.gen.py": TRAIN,
            "top_only.py": TRAIN,
            "src/top_only.py": TRAIN,
            "src/.gitignore": "local.sh\n!build/\n",
            "src/local.sh": ENV_SH,
            "src/run.sh": ENV_SH,
            "other/local.sh": ENV_SH,
        },
    )
    files, _ = find_files([str(tmp_path)], Selection())
    assert _names(files, tmp_path) == [
        "other/local.sh",
        "src/keep.gen.py",
        "src/run.sh",
        "src/top_only.py",
    ]
    # Starting below the repository root still reads the .gitignore files above.
    files, _ = find_files([str(tmp_path / "src")], Selection())
    assert _names(files, tmp_path) == ["src/keep.gen.py", "src/run.sh", "src/top_only.py"]
    files, _ = find_files([str(tmp_path)], Selection(respect_gitignore=False))
    assert len(files) == 8


def test_explicit_files_are_checked_unless_force_exclude(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    write(tmp_path, {".gitignore": "gen/\n", "gen/train.py": TRAIN, "notes.txt": PLAIN})
    named = [str(tmp_path / "gen/train.py"), str(tmp_path / "notes.txt")]
    files, _ = find_files(named, Selection())
    assert _names(files, tmp_path) == ["gen/train.py", "notes.txt"]
    files, _ = find_files(named, Selection(force_exclude=True))
    assert _names(files, tmp_path) == ["notes.txt"]


def test_cli_exclude_and_include(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    write(
        tmp_path,
        {
            "models/a/train.py": TRAIN,
            "models/b/env.sh": ENV_SH,
            "third_party/t.py": TRAIN,
            "launch.cfg": "export RANK_SIZE=8\nexport CM_WORKER_SIZE=8\n",
        },
    )
    status, out, _ = validate(capsys, ".", "--exclude", "third_party/,models/b")
    assert status == 1
    assert findings(out) == [
        "models/a/train.py:4:5 precision.both_modes",
        "models/a/train.py:5:5 release.depends",
        "models/a/train.py:6:5 status.deprecated",
    ]
    status, out, _ = validate(capsys, "models", "--include", "*.cfg", "--exclude", "models/a")
    assert findings(out) == ["models/b/env.sh:2:8 env.rank_size_with_cm_worker_size"]
    _, out, _ = validate(capsys, ".", "--include", "*.cfg", "--select", "env")
    assert [row.split()[0] for row in findings(out)] == ["launch.cfg:1:8", "models/b/env.sh:2:8"]


def test_files_without_configuration_are_quiet_and_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, {"a.py": PLAIN, "b.py": "def broken(:\n", "c/train.py": TRAIN})
    status, out, _ = validate(capsys, ".", "--select", "import,precision")
    assert status == 1
    assert findings(out) == [
        "b.py:1:1 import.syntax_error",
        "c/train.py:4:5 precision.both_modes",
    ]
    assert "b.py:1:1: info import.syntax_error Not checked:" in out
    assert "3 files checked, 1 with a configuration (1 configuration)" in out


def test_missing_path_is_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = validate(capsys, ".", "nope/")
    assert status == 2 and out == ""
    assert err.strip() == "ascend-studio validate: nope/: no such file or directory"


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_missing_path_does_not_stop_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, fmt: str
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, {"train.py": TRAIN})
    status, out, err = validate(capsys, "train.py", "nosuch.py", "--format", fmt)
    assert status == 2  # as for a wrong argument, after the others are checked
    assert "train.py" in out and "precision.both_modes" in out
    assert "nosuch.py" not in out
    assert err.splitlines() == ["ascend-studio validate: nosuch.py: no such file or directory"]


def test_virtual_environments_are_skipped_whatever_their_name(tmp_path: Path) -> None:
    write(tmp_path, {".env/pyvenv.cfg": "home = /usr\n", ".env/lib/x.py": TRAIN, "a.py": TRAIN})
    files, _ = find_files([str(tmp_path)], Selection())
    assert _names(files, tmp_path) == ["a.py"]


def test_a_broken_profile_is_an_error_a_binary_file_is_not_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, {"bin.py": "", "a.ascend.json": '{"values": '})
    (tmp_path / "bin.py").write_bytes(b"\x00\x01binary")
    status, out, _ = validate(capsys, "bin.py", "a.ascend.json")
    rows = findings(out)
    assert "a.ascend.json:1:1 import.syntax_error" in rows
    assert "bin.py:1:1 import.unreadable" in rows
    assert "bin.py:1:1: info import.unreadable Not checked:" in out
    assert status == 1


def test_progress_only_after_a_second_and_cleared(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from ascend_studio.lint import _batch

    now = [100.0]
    monkeypatch.setattr(_batch.time, "monotonic", lambda: now[0])
    stream = io.StringIO()
    progress = _batch._Progress(stream, 2000)
    progress.tick(10)
    assert stream.getvalue() == ""  # a short run shows nothing
    now[0] += 1.5
    progress.tick(300)
    now[0] += 0.1
    progress.tick(301)  # throttled
    progress.close()
    assert stream.getvalue() == "\rchecked 300/2000 files\r\033[K"
    silent = _batch._Progress(None, 5)
    now[0] += 5
    silent.tick(5)
    silent.close()


def test_import_findings_only_about_known_settings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    script = (
        "export PYTHONPATH=/a:$PYTHONPATH\nexport PYTHONPATH=/b:$PYTHONPATH\n"
        "export RANK_SIZE=8\nexport RANK_SIZE=4\n"
    )
    write(tmp_path, {"env.sh": script})
    _, out, _ = validate(capsys, ".", "--select", "import")
    assert findings(out) == ["env.sh:4:8 import.conflict"]
    assert "RANK_SIZE is set more than once" in out


def test_a_named_pipe_is_never_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    os.mkfifo(tmp_path / "train.py")
    files, problems = find_files([str(tmp_path)], Selection())
    assert files == [] and problems == []  # the walk passes it by
    status, _, err = validate(capsys, "train.py")
    assert status == 2 and "train.py: not a regular file or folder" in err
    status, _, err = validate(capsys, "train.py", "--format", "json")
    assert status == 2 and "train.py: not a regular file or folder" in err


def test_names_that_are_not_utf8_are_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    name = os.fsdecode(b"tr\xffin.py")
    (tmp_path / name).write_text(TRAIN, encoding="utf-8")
    status, out, _ = validate(capsys, ".")
    assert status == 1 and "tr\ufffdin.py:4:5: error precision.both_modes" in out


def test_findings_inside_companion_files_point_at_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """As the single-file report does, a batch run reads the files path parameters name."""
    monkeypatch.chdir(tmp_path)
    write(
        tmp_path,
        {
            "job/debug.cfg": "op_debug_config=oom\nbogus_option=1\n",
            "job/train.py": "config = NPURunConfig(op_debug_config='debug.cfg')\n",
        },
    )
    _, out, _ = validate(capsys, "job", "--select", "file")
    assert findings(out) == ["job/debug.cfg:2:1 file.format"]
    assert "ignores this line" in out  # at its line; the line itself is never repeated


def test_a_script_python_refuses_to_compile_is_an_error_where_it_configures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A keyword given twice parses but does not compile: the job never starts. In a
    file with a configuration that is an error at the keyword; a file that configures
    nothing is not this tool's to judge (it was read whole) and stays quiet."""
    monkeypatch.chdir(tmp_path)
    twice = (
        "from npu_bridge.npu_init import *\n"
        "config = NPURunConfig(iterations_per_loop=10,\n"
        "                      iterations_per_loop=100)\n"
    )
    write(tmp_path, {"train.py": twice, "tools/args.py": "f(default=1, default=2)\n"})
    status, out, _ = validate(capsys, ".", "--select", "import")
    assert status == 1
    assert findings(out) == ["train.py:3:23 import.syntax_error"]
    assert "train.py:3:23: error import.syntax_error" in out
    assert "iterations_per_loop= is given twice in NPURunConfig(...)" in out
    assert "SyntaxError: keyword argument repeated" in out
    assert "2 files checked, 1 with a configuration" in out


def test_what_fails_when_it_runs_is_an_error_in_a_file_with_nothing_else(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file whose only NPU setting fails (a TypeError in Python, bash rejecting an
    export) configures nothing, but its failure is certain: an error. A shell error
    about a variable the NPU does not read stays out of the report."""
    monkeypatch.chdir(tmp_path)
    write(
        tmp_path,
        {
            "env.py": 'import os\nos.environ["ASCEND_DEVICE_ID"] = 0\n',
            "run.sh": "export RANK_SIZE = 8\n",
            "tools.sh": "export 1ABC=3\n",
        },
    )
    status, out, _ = validate(capsys, ".")
    assert status == 1
    assert findings(out) == ["env.py:2:13 import.call_error", "run.sh:1:8 import.call_error"]
    assert "run.sh:1:8: error import.call_error" in out and "Write export RANK_SIZE=8." in out
    assert "Not checked" not in out
