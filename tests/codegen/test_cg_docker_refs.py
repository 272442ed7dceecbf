"""docker export: kept shell text that refers to other profile variables sees the
profile's values, not the host's (it is expanded on the host before docker runs)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from ascend_studio.codegen import export_text
from ascend_studio.profile import Profile

needs_sh = pytest.mark.skipif(shutil.which("sh") is None, reason="needs a POSIX sh")


def _docker_env(tmp_path: Path, profile: Profile, host: dict[str, str]) -> dict[str, str]:
    """Run the exported script with a fake ``docker`` on PATH; the -e values it got."""
    fake = tmp_path / "bin" / "docker"
    fake.parent.mkdir(exist_ok=True)
    fake.write_text("#!/bin/sh\nprintf '%s\\0' \"$@\"\n", encoding="utf-8")
    fake.chmod(0o755)
    script = tmp_path / "run.sh"
    script.write_text(export_text(profile, "docker"), encoding="utf-8")
    out = subprocess.run(
        ["sh", str(script), "image:tag"],
        env={"PATH": f"{fake.parent}:/usr/bin:/bin", **host},
        capture_output=True,
        check=True,
    ).stdout
    args = [a.decode() for a in out.split(b"\0")[:-1]]
    assert args[0] == "run" and args[-1] == "image:tag"
    pairs = args[1:-1]
    assert pairs[::2] == ["-e"] * (len(pairs) // 2)
    return dict(item.split("=", 1) for item in pairs[1::2])


@needs_sh
def test_a_reference_to_a_kept_variable_uses_the_profile_value(tmp_path: Path) -> None:
    p = (
        Profile()
        # Sorted by name, the log path comes first: the order must still follow references.
        .with_env("ASCEND_PROCESS_LOG_PATH", '"${ASCEND_WORK_PATH}/log"', verbatim=True)
        .with_env("ASCEND_WORK_PATH", "$HOME/w", verbatim=True)
    )
    got = _docker_env(tmp_path, p, {"HOME": "/home/u", "ASCEND_WORK_PATH": "/host/work"})
    assert got == {"ASCEND_WORK_PATH": "/home/u/w", "ASCEND_PROCESS_LOG_PATH": "/home/u/w/log"}


@needs_sh
def test_a_reference_to_a_literal_or_unset_variable_uses_the_profile(tmp_path: Path) -> None:
    p = (
        Profile()
        .with_env("BASE", "/opt/base dir")
        .with_env("GONE", None)
        .with_env("LOG", '"$BASE/log"', verbatim=True)
        .with_env("MODE", "${GONE:-fallback}", verbatim=True)
        .with_env("QUOTED", "'$BASE'\\$BASE", verbatim=True)
    )
    host = {"BASE": "/host", "GONE": "host-value"}
    got = _docker_env(tmp_path, p, host)
    assert got == {
        "BASE": "/opt/base dir",
        "LOG": "/opt/base dir/log",
        "MODE": "fallback",
        "QUOTED": "$BASE$BASE",
    }


@needs_sh
def test_a_composition_is_left_out_and_says_why(tmp_path: Path) -> None:
    """``LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/x`` adds to the container's own value, which
    ``docker run -e`` cannot do: the host's value would be passed instead. It is left
    out with a comment; the other variables are passed."""
    p = (
        Profile()
        .with_env("LD_LIBRARY_PATH", "$LD_LIBRARY_PATH:/x", verbatim=True)
        .with_env("JOB_ID", "7")
    )
    got = _docker_env(tmp_path, p, {"LD_LIBRARY_PATH": "/host/lib"})
    assert got == {"JOB_ID": "7"}
    text = export_text(p, "docker")
    assert "# LD_LIBRARY_PATH is not written: it adds to the variable's previous value" in text
