"""Environment exports: shell syntax, shellcheck, and the values a shell/docker/k8s sees."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from cg_profiles import NAMES, profile
from cg_strategies import ENV_TEXT, env_profiles
from hypothesis import given, settings
from hypothesis import strategies as st

from ascend_studio.codegen import ExportError, export_text, shell_quote
from ascend_studio.codegen._export_env import SHELL_OWNED, k8s_escape
from ascend_studio.profile import Profile

BASH = shutil.which("bash")
DASH = shutil.which("dash")
SHELLCHECK = shutil.which("shellcheck")
needs_bash = pytest.mark.skipif(BASH is None, reason="bash not installed")
TRICKY = {
    "SPACES": "a b  c",
    "QUOTES": "it's \"double\" and 'single'",
    "DOLLAR": "$HOME ${X} $(rm -rf /) `id`",
    "NEWLINES": "line1\nline2\r\n\n",
    "CHINESE": "中文 路径/数据",
    "BACKSLASH": "\\n \\ \\\\",
    "EMPTY": "",
    "GLOB": "*.py ? [a-z]",
    "DASHES": "-n -e --",
    "EMOJI": "🙂 \u200b\u2028\x85",
    "CONTROL": "\x01\x1b[31m\x7f",
}


def _source(shell: str, script: Path, names: list[str]) -> dict[str, str]:
    """Source ``script`` in an empty environment and read back the exported values."""
    result = subprocess.run(
        [shell, "-c", '. "$1"; exec /usr/bin/env -0', "sh", str(script)],
        env={},
        capture_output=True,
        check=True,
    )
    found: dict[str, str] = {}
    for item in result.stdout.split(b"\0"):
        name, _, value = item.partition(b"=")
        if name.decode() in names:
            found[name.decode()] = value.decode("utf-8")
    return found


def _expected(p: Profile) -> dict[str, str]:
    """What a writer passes: every value but those of names the shell owns."""
    return {k: v for k, v in p.env.items() if v is not None and k not in SHELL_OWNED}


@needs_bash
@pytest.mark.parametrize("shell", ["bash", "dash"])
def test_tricky_values_survive_sourcing(shell: str, tmp_path: Path) -> None:
    if shutil.which(shell) is None:
        pytest.skip(f"{shell} not installed")
    p = Profile(env={**TRICKY, "GONE": None})
    script = tmp_path / "env.sh"
    script.write_text(export_text(p, "sh"), encoding="utf-8")
    assert _source(shell, script, [*TRICKY, "GONE"]) == TRICKY


@needs_bash
@settings(max_examples=60, deadline=None)
@given(
    env=st.dictionaries(st.from_regex(r"AS_[A-Z0-9_]{1,10}", fullmatch=True), ENV_TEXT, max_size=6)
)
def test_any_text_survives_sourcing_in_an_empty_environment(
    env: dict[str, str], tmp_path_factory: Any
) -> None:
    script = tmp_path_factory.mktemp("sh") / "env.sh"
    script.write_text(export_text(Profile(env=env), "sh"), encoding="utf-8")
    assert _source("bash", script, list(env)) == env


@needs_bash
def test_unset_really_unsets(tmp_path: Path) -> None:
    script = tmp_path / "env.sh"
    script.write_text(export_text(Profile(env={"AS_GONE": None}), "sh"), encoding="utf-8")
    result = subprocess.run(
        [BASH or "bash", "-c", '. "$1"; echo "${AS_GONE-unset}"', "sh", str(script)],
        env={"AS_GONE": "x"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout == "unset\n"


def _shell_outputs() -> list[tuple[str, str]]:
    outputs = []
    for name in NAMES:
        for fmt in ("sh", "docker"):
            outputs.append((f"{name}.{fmt}", export_text(profile(name), fmt)))
    outputs.append(("tricky.sh", export_text(Profile(env=TRICKY), "sh")))
    outputs.append(("tricky.docker", export_text(Profile(env=TRICKY), "docker")))
    return outputs


@needs_bash
@pytest.mark.parametrize(("label", "text"), _shell_outputs(), ids=lambda v: v if "." in v else "")
def test_bash_n(label: str, text: str, tmp_path: Path) -> None:
    script = tmp_path / "out.sh"
    script.write_text(text, encoding="utf-8")
    subprocess.run([BASH or "bash", "-n", str(script)], check=True)


@pytest.mark.skipif(
    SHELLCHECK is None,
    reason="shellcheck not installed (apt-get install shellcheck); CI must have it",
)
@pytest.mark.parametrize(("label", "text"), _shell_outputs(), ids=lambda v: v if "." in v else "")
def test_shellcheck(label: str, text: str, tmp_path: Path) -> None:
    script = tmp_path / "out.sh"
    script.write_text(text, encoding="utf-8")
    result = subprocess.run(
        [SHELLCHECK or "shellcheck", "--shell=sh", str(script)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout


@pytest.mark.skipif(
    SHELLCHECK is None,
    reason="shellcheck not installed (apt-get install shellcheck); CI must have it",
)
@settings(max_examples=15, deadline=None)
@given(p=env_profiles())
def test_shellcheck_random_profiles(p: Profile, tmp_path_factory: Any) -> None:
    for fmt in ("sh", "docker"):
        script = tmp_path_factory.mktemp("sc") / "out.sh"
        script.write_text(export_text(p, fmt), encoding="utf-8")
        result = subprocess.run(
            [SHELLCHECK or "shellcheck", "--shell=sh", str(script)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0, result.stdout


@settings(max_examples=200)
@given(value=ENV_TEXT)
def test_shell_quote_is_one_exact_word(value: str) -> None:
    from ascend_studio.codegen._shlex import read_word

    assert read_word(shell_quote(value)).value == value


def test_shell_quote_rejects_nul() -> None:
    with pytest.raises(ValueError, match="NUL"):
        shell_quote("a\0b")


# -- docker -e ------------------------------------------------------------------------------


@needs_bash
def test_docker_arguments_reach_docker_exactly(tmp_path: Path) -> None:
    fake = tmp_path / "bin" / "docker"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\nprintf '%s\\0' \"$@\"\n", encoding="utf-8")
    fake.chmod(0o755)
    script = tmp_path / "run.sh"
    script.write_text(
        export_text(Profile(env={**TRICKY, "GONE": None}), "docker"), encoding="utf-8"
    )
    out = subprocess.run(
        ["sh", str(script), "image:tag", "python", "train.py"],
        env={"PATH": f"{fake.parent}:/usr/bin:/bin"},
        capture_output=True,
        check=True,
    ).stdout
    args = [a.decode() for a in out.split(b"\0")[:-1]]
    assert args[0] == "run" and args[-3:] == ["image:tag", "python", "train.py"]
    pairs = args[1:-3]
    assert pairs[::2] == ["-e"] * len(TRICKY)
    assert dict(item.split("=", 1) for item in pairs[1::2]) == TRICKY


# -- docker --env-file ----------------------------------------------------------------------


def docker_env_file(text: str) -> dict[str, str]:
    """What docker's env-file reader (opts/envfile.go) makes of ``text``."""
    found: dict[str, str] = {}
    for raw in text.split("\n"):
        line = raw.removesuffix("\r").lstrip()
        if not line or line.startswith("#"):
            continue
        name, sep, value = line.partition("=")
        assert sep and name and not any(c.isspace() for c in name), line
        found[name] = value
    return found


@settings(max_examples=200)
@given(p=env_profiles(verbatim=False))
def test_env_file_carries_values_or_refuses_clearly(p: Profile) -> None:
    try:
        text = export_text(p, "env-file")
    except ExportError as exc:
        assert "line break" in str(exc)
        assert any("\n" in v or v.endswith("\r") for v in _expected(p).values())
        return
    assert docker_env_file(text) == _expected(p)


def test_env_file_refuses_shell_text() -> None:
    p = Profile.model_validate({"env": {"P": "$HOME/x"}, "env_verbatim": ["P"]})
    with pytest.raises(ExportError, match="P: its value '\\$HOME/x' is shell text"):
        export_text(p, "env-file")


# -- Kubernetes -------------------------------------------------------------------------------


@settings(max_examples=200)
@given(p=env_profiles(verbatim=False))
def test_k8s_env_is_yaml_with_exact_values(p: Profile) -> None:
    yaml = pytest.importorskip(
        "yaml", reason="PyYAML (test dependency) is needed to parse the k8s export"
    )
    data = yaml.safe_load(export_text(p, "k8s"))
    # YAML gives the text Kubernetes then expands ($$ -> $): see test_cg_hostile.py.
    wanted = {k: k8s_escape(v) for k, v in _expected(p).items()}
    assert {item["name"]: item["value"] for item in data["env"] or []} == wanted
    assert all(isinstance(item["value"], str) for item in data["env"] or [])


def test_k8s_names_that_yaml_reads_as_other_types_stay_strings() -> None:
    yaml = pytest.importorskip(
        "yaml", reason="PyYAML (test dependency) is needed to parse the k8s export"
    )
    env = {"NO": "1", "ON": "x", "Y": "", "NULL": "n", "TRUE": "t"}
    data = yaml.safe_load(export_text(Profile(env=env), "k8s"))
    assert {item["name"]: item["value"] for item in data["env"]} == env


def test_k8s_tricky_values() -> None:
    yaml = pytest.importorskip(
        "yaml", reason="PyYAML (test dependency) is needed to parse the k8s export"
    )
    data = yaml.safe_load(export_text(Profile(env=TRICKY), "k8s"))
    wanted = {k: k8s_escape(v) for k, v in TRICKY.items()}
    assert {item["name"]: item["value"] for item in data["env"]} == wanted
    assert wanted["DOLLAR"] == "$HOME ${X} $$(rm -rf /) `id`"


@pytest.mark.parametrize("fmt", ["sh", "env-file", "docker", "k8s"])
@pytest.mark.parametrize("name", ["1BAD", "A-B", "A B", ""])
def test_invalid_names_are_refused(fmt: str, name: str) -> None:
    """Refused when the profile is made, and by the writer for one edited in code."""
    with pytest.raises(ValueError, match="is not a shell name"):
        Profile(env={name: "x"})
    with pytest.raises(ExportError, match="is not a shell name"):
        export_text(Profile().model_copy(update={"env": {name: "x"}}), fmt)


@pytest.mark.parametrize("fmt", ["sh", "env-file", "docker", "k8s"])
def test_nul_is_refused(fmt: str) -> None:
    with pytest.raises(ValueError, match="NUL"):
        Profile(env={"A": "a\0b"})
    with pytest.raises(ExportError, match="NUL"):
        export_text(Profile().model_copy(update={"env": {"A": "a\0b"}}), fmt)


def test_no_test_relies_on_the_developer_environment() -> None:
    assert "AS_GONE" not in os.environ


@needs_bash
def test_kept_shell_text_runs_after_the_variables_it_refers_to(tmp_path: Path) -> None:
    """A saved profile sorts env by name; the script must still set ASCEND_WORK_PATH
    before ``ASCEND_PROCESS_LOG_PATH="${ASCEND_WORK_PATH}/log"`` expands it."""
    p = Profile(
        env={
            "ASCEND_CACHE_PATH": '"${ASCEND_WORK_PATH}/cache"',
            "ASCEND_PROCESS_LOG_PATH": '"${ASCEND_WORK_PATH}/log"',
            "ASCEND_WORK_PATH": "$AS_ROOT/node01",
            "AS_ROOT": "/data",
            "A_GONE": None,
            "A_USES_GONE": '"${A_GONE:-none}"',
        },
        env_verbatim=(
            "ASCEND_CACHE_PATH",
            "ASCEND_PROCESS_LOG_PATH",
            "ASCEND_WORK_PATH",
            "A_USES_GONE",
        ),
    )
    script = tmp_path / "env.sh"
    script.write_text(export_text(p, "sh"), encoding="utf-8")
    result = subprocess.run(
        [BASH or "bash", "-c", '. "$1"; exec /usr/bin/env -0', "sh", str(script)],
        env={"A_GONE": "outer"},
        capture_output=True,
        check=True,
    )
    seen = dict(item.partition(b"=")[::2] for item in result.stdout.split(b"\0") if item)
    assert seen[b"ASCEND_PROCESS_LOG_PATH"] == b"/data/node01/log"
    assert seen[b"ASCEND_CACHE_PATH"] == b"/data/node01/cache"
    assert seen[b"A_USES_GONE"] == b"none"
    assert b"A_GONE" not in seen


@pytest.mark.skipif(SHELLCHECK is None, reason="shellcheck not installed")
def test_docker_copy_of_an_unset_variable_passes_shellcheck(tmp_path: Any) -> None:
    """Found by the random test above: a kept text reading a variable the profile
    unsets (``A='$C:$B'``, B unset) expands it as unset, on purpose."""
    profile = Profile(env={"A": "$C:$B", "B": None}, env_verbatim=("A",))
    script = tmp_path / "out.sh"
    script.write_text(export_text(profile, "docker"), encoding="utf-8")
    result = subprocess.run(
        [SHELLCHECK or "shellcheck", "--shell=sh", str(script)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout
    text = script.read_text(encoding="utf-8")
    assert "unset _studio_B\n" in text and "_studio_A=$C:$_studio_B\n" in text
