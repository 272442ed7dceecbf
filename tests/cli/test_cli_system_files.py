"""No command reads a kernel or device file, whatever name or link leads to it.

``/proc/kmsg`` blocks a reader for ever (and reading it takes the messages away
from the system log), ``/proc/self/environ`` hands over the process's secrets:
every reader refuses files under ``/proc``, ``/sys`` and ``/dev`` (links resolved)
before opening them, in one line, and says what else it is when it is no file.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from app_process import run_ascend_studio

from ascend_studio._input import InputError, file_kind, read_bounded, read_input, system_folder
from ascend_studio.cli import run_cli

SECRET = "/proc/self/environ"
#: (command and its other arguments, status when the file cannot be read).
COMMANDS = [
    (["import"], 1),
    (["validate"], 2),
    (["export", "-f", "py"], 2),
    (["paths"], 2),
    (["doctor"], 2),
    (["launch-check"], 2),
]


def _one_line(out: str, err: str, *needles: str) -> None:
    message = out + err
    assert "Traceback" not in message
    for needle in needles:  # (some commands start the reason with a capital)
        assert needle in message.lower(), message
    assert len(message.strip().splitlines()) <= 2, message  # (import adds a summary line)


@pytest.mark.parametrize(("command", "status"), COMMANDS, ids=[c[0][0] for c in COMMANDS])
def test_a_link_to_a_proc_file_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str], status: int
) -> None:
    link = tmp_path / "run.sh"
    link.symlink_to(SECRET)
    assert run_cli([command[0], str(link), *command[1:]]) == status
    out, err = capsys.readouterr()
    _one_line(out, err, "is under /proc", "never read")


@pytest.mark.skipif(not os.access("/proc/kmsg", os.R_OK), reason="needs a readable /proc/kmsg")
@pytest.mark.parametrize(("command", "status"), COMMANDS, ids=[c[0][0] for c in COMMANDS])
def test_proc_kmsg_never_hangs_a_command(tmp_path: Path, command: list[str], status: int) -> None:
    link = tmp_path / "link.sh"
    link.symlink_to("/proc/kmsg")
    for target in (str(link), "/proc/kmsg"):
        run = run_ascend_studio(command[0], target, *command[1:], timeout=60)
        assert run.returncode == status, (run.stdout, run.stderr)
        _one_line(run.stdout, run.stderr, "is under /proc")


@pytest.mark.parametrize("command", ["doctor", "launch-check"])
def test_a_folder_or_a_fifo_is_named_for_what_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    assert run_cli([command, str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "run.sh"
        os.mkfifo(fifo)
        assert run_cli([command, str(fifo)]) == 2
        assert "is a FIFO" in capsys.readouterr().err
    assert run_cli([command, str(tmp_path / "none.sh")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_the_hosts_list_and_the_script_to_apply_are_refused_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    link = tmp_path / "hosts.csv"
    link.symlink_to(SECRET)
    out = tmp_path / "out"
    assert run_cli(["workpath", "cluster", str(link), "--base", "/data", "-o", str(out)]) == 2
    assert "is under /proc" in capsys.readouterr().err
    profile = tmp_path / "p.json"
    profile.write_text('{"values": {"precision_mode": "allow_mix_precision"}}', "utf-8")
    script = tmp_path / "train.py"
    script.symlink_to(SECRET)
    assert run_cli(["apply", str(profile), str(script)]) != 0
    assert "is under /proc" in capsys.readouterr().err


def test_the_readers_say_what_a_system_file_is() -> None:
    assert file_kind(SECRET) == (
        "is under /proc: kernel and device files are never read, only regular files"
    )
    for reader in (read_input, lambda p: read_bounded(p, 10)):
        with pytest.raises(InputError) as caught:
            reader(SECRET)
        assert caught.value.kind == "system"
    assert file_kind(__file__) is None


def test_a_folder_resolved_once_still_resolves_the_link_in_it(tmp_path: Path) -> None:
    """A batch resolves each folder once and hands it to the reader: a file that is a
    link is still followed, and the folder the caller gives is the one checked."""
    (tmp_path / "plain.py").write_text("x = 1\n")
    (tmp_path / "secret.py").symlink_to(SECRET)
    folder = os.path.realpath(tmp_path)
    assert system_folder(tmp_path / "secret.py", folder) == "/proc"
    assert system_folder(tmp_path / "plain.py", folder) is None
    assert system_folder(tmp_path / "plain.py", "/proc/self") == "/proc"
    with pytest.raises(InputError, match="is under /proc"):
        read_input(tmp_path / "secret.py", folder)
    assert read_input(tmp_path / "plain.py", folder) == b"x = 1\n"


def test_a_batch_refuses_a_link_to_a_proc_file_in_its_tree(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "train.py").write_text("import os\nos.environ['ASCEND_DEVICE_ID'] = '0'\n")
    (tmp_path / "env.sh").symlink_to(SECRET)
    monkeypatch.chdir(tmp_path)
    run_cli(["validate", ".", "--no-cache", "--format", "json", "--fail-on", "never"])
    out = capsys.readouterr().out
    assert '"path": "env.sh"' in out
    assert "Is under /proc: kernel and device files are never read" in out
    assert '"path": "train.py"' in out
