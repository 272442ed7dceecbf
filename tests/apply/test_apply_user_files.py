"""Apply never destroys what it was not asked to change, and never writes a file it
should not: env scripts keep every variable the profile does not name, compositions
stay compositions, backups are never written through a link and keep the original,
an edit that would not parse is refused, and the kind of a script is decided once."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from ascend_studio.__main__ import main
from ascend_studio.apply import ApplyError, apply_shell, apply_text, write_applied
from ascend_studio.codegen import export_text, import_shell, import_text
from ascend_studio.profile import Profile, load_profile

BASH = shutil.which("bash")
needs_bash = pytest.mark.skipif(BASH is None, reason="bash is needed")

#: The shape of a ModelZoo training job's ``test/env.sh``: a toolkit folder, the
#: driver and compiler libraries prepended to LD_LIBRARY_PATH in two steps, PATH and
#: PYTHONPATH built on it, then a few plain settings.
ENV_SH = """#!/bin/bash
export toolkit=/opt/ascend-toolkit
export LD_LIBRARY_PATH=/opt/ascend-driver/lib64/common/:/opt/ascend-driver/lib64/driver:$LD_LIBRARY_PATH # in containers only
export PATH=${toolkit}/compiler/ccec_compiler/bin:${toolkit}/compiler/bin:$PATH
export LD_LIBRARY_PATH=${toolkit}/compiler/lib64:$LD_LIBRARY_PATH
export PYTHONPATH=${toolkit}/compiler/python/site-packages:${toolkit}/tfplugin/python/site-packages:$PYTHONPATH
export PYTHONPATH=/opt/python3.7/lib/python3.7/site-packages:$PYTHONPATH
export ASCEND_OPP_PATH=${toolkit}/opp
export JOB_ID=4242
export ASCEND_GLOBAL_LOG_LEVEL=3
export ASCEND_DEVICE_ID=0
"""
TRAIN_PY = """import os
from npu_bridge.npu_init import *
os.environ["TF_ENABLE_AUTO_MIXED_PRECISION_GRAPH_REWRITE"] = "1"
config = NPURunConfig(precision_mode="allow_mix_precision", iterations_per_loop=10)
"""
NAMES = ["LD_LIBRARY_PATH", "PATH", "PYTHONPATH", "ASCEND_OPP_PATH", "JOB_ID", "ASCEND_DEVICE_ID"]
CALLER = {"PATH": "/usr/bin:/bin", "LD_LIBRARY_PATH": "/caller/lib", "PYTHONPATH": "/caller/py"}


def _sourced(script: Path, names: list[str], extra: str = "") -> dict[str, str]:
    """What sourcing ``script`` (then ``extra``) in bash leaves in those variables."""
    shown = "; ".join(f'printf "%s\\0" "${{{n}-<unset>}}"' for n in names)
    out = subprocess.run(
        [BASH or "bash", "-c", f'. "$1"; {extra} {shown}', "sh", str(script)],
        env=CALLER,
        capture_output=True,
        check=True,
    ).stdout
    return dict(zip(names, out.decode().split("\0")[:-1], strict=True))


@needs_bash
def test_applying_a_train_py_profile_to_an_env_script_keeps_every_other_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    env, train, saved = tmp_path / "env.sh", tmp_path / "train.py", tmp_path / "p.json"
    env.write_text(ENV_SH)
    train.write_text(TRAIN_PY)
    before = _sourced(env, NAMES)
    assert main(["import", str(train), "-o", str(saved)]) == 0
    assert main(["apply", str(saved), str(env), "--write"]) == 0
    after = env.read_text()
    assert after.startswith(ENV_SH)  # every line kept, byte for byte
    added = after[len(ENV_SH) :].splitlines()
    assert "export TF_ENABLE_AUTO_MIXED_PRECISION_GRAPH_REWRITE=1" in added
    assert _sourced(env, NAMES) == before
    assert before["ASCEND_OPP_PATH"] == "/opt/ascend-toolkit/opp"


def test_a_variable_the_profile_does_not_name_is_left_alone_and_an_unset_is_written() -> None:
    before = import_shell(ENV_SH, "env.sh").configs[0].profile
    wanted = before.without_env("JOB_ID").without_env("PATH").with_env("ASCEND_DEVICE_ID", None)
    after = apply_shell(ENV_SH, wanted, before).after
    assert after == ENV_SH.replace("export ASCEND_DEVICE_ID=0", "unset ASCEND_DEVICE_ID")


@needs_bash
def test_compositions_are_kept_by_import_and_the_sh_export(tmp_path: Path) -> None:
    env = tmp_path / "env.sh"
    env.write_text(ENV_SH)
    result = import_shell(ENV_SH, "env.sh")
    profile = result.configs[0].profile
    assert not result.report.of_kind("conflict")  # X=new:$X adds, it does not replace
    assert profile.env["LD_LIBRARY_PATH"] == (
        "${toolkit}/compiler/lib64:/opt/ascend-driver/lib64/common/:"
        "/opt/ascend-driver/lib64/driver:$LD_LIBRARY_PATH"
    )
    exported = tmp_path / "exported.sh"
    exported.write_text(export_text(profile, "sh"))
    assert _sourced(exported, NAMES) == _sourced(env, NAMES)
    # the saved profile keeps it, and the sh export of the export reads back the same
    again = import_shell(exported.read_text(), "exported.sh").configs[0].profile
    assert again.env == profile.env and again.env_verbatim == profile.env_verbatim


@pytest.mark.parametrize("fmt", ["env-file", "docker", "k8s"])
def test_formats_that_set_whole_values_say_they_leave_a_composition_out(fmt: str) -> None:
    profile = import_shell(ENV_SH, "env.sh").configs[0].profile
    text = export_text(profile.without_env("toolkit"), fmt)
    for name in ("LD_LIBRARY_PATH", "PATH", "PYTHONPATH"):
        assert f"# {name} is not written: it adds to the variable's previous value" in text
    assert "4242" in text


@needs_bash
@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("/a:$X", "/b:$X"),
        ("/a${X:+:$X}", "/b${X:+:$X}"),
        ("$X:/a", '"$X:/b c"'),
        ('"/a b${X:+:${X}}"', "/c${X:+:$X}"),
        ("/a", "/b:${X}"),
        ("", "/b${X:+:$X}"),
    ],
)
def test_two_steps_of_a_composition_are_one_value(first: str, second: str, tmp_path: Path) -> None:
    text = f"export X={first}\nexport X={second}\n"
    script = tmp_path / "x.sh"
    script.write_text(text)
    profile = import_shell(text, "x.sh").configs[0].profile
    exported = tmp_path / "exported.sh"
    exported.write_text(export_text(profile, "sh"))
    for caller in ("/caller", ""):
        run = f'X="{caller}"; '
        want = subprocess.run(
            [BASH or "bash", "-c", f'{run}. "$1"; printf %s "$X"', "sh", str(script)],
            capture_output=True,
            check=True,
        ).stdout
        got = subprocess.run(
            [BASH or "bash", "-c", f'{run}. "$1"; printf %s "$X"', "sh", str(exported)],
            capture_output=True,
            check=True,
        ).stdout
        assert got == want, (caller, profile.env["X"])


def test_a_composition_is_edited_as_the_step_its_line_adds() -> None:
    before = import_shell(ENV_SH, "env.sh").configs[0].profile
    wanted = before.with_env(
        "LD_LIBRARY_PATH", "/opt/extra:" + str(before.env["LD_LIBRARY_PATH"]), verbatim=True
    )
    after = apply_shell(ENV_SH, wanted, before).after
    assert after == ENV_SH.replace(
        "export LD_LIBRARY_PATH=${toolkit}/compiler/lib64:$LD_LIBRARY_PATH",
        "export LD_LIBRARY_PATH=/opt/extra:${toolkit}/compiler/lib64:$LD_LIBRARY_PATH",
    )
    again = import_shell(after, "env.sh").configs[0].profile
    assert again.env["LD_LIBRARY_PATH"] == wanted.env["LD_LIBRARY_PATH"]
    # a change to the part an earlier line adds is not guessed at
    dropped = before.with_env("LD_LIBRARY_PATH", "/only:$LD_LIBRARY_PATH", verbatim=True)
    edited = apply_shell(ENV_SH, dropped, before)
    assert "/only:$LD_LIBRARY_PATH" not in edited.after
    assert any("edit it by hand" in n.message.en for n in edited.notes)


# -- backups and writes -----------------------------------------------------------------


def _applied(tmp_path: Path) -> tuple[Path, Path]:
    script, saved = tmp_path / "s1.py", tmp_path / "p.json"
    script.write_text(TRAIN_PY)
    assert main(["import", str(script), "-o", str(saved)]) == 0
    data = json.loads(saved.read_text())
    data["values"]["iterations_per_loop"] = 20
    saved.write_text(json.dumps(data))
    return script, saved


def test_a_backup_is_never_written_through_a_link(tmp_path: Path) -> None:
    script, saved = _applied(tmp_path)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (tmp_path / "s1.py.orig").symlink_to(victim)
    assert main(["apply", str(saved), str(script), "--write"]) == 1
    assert victim.read_text() == "precious\n"
    assert script.read_text() == TRAIN_PY


def test_a_script_that_is_a_link_is_not_written_through(tmp_path: Path) -> None:
    script, saved = _applied(tmp_path)
    link = tmp_path / "link.py"
    link.symlink_to(script)
    assert main(["apply", str(saved), str(link), "--write", "--force"]) == 1
    assert script.read_text() == TRAIN_PY and link.is_symlink()


def test_the_first_backup_is_the_original_and_later_applies_keep_it(tmp_path: Path) -> None:
    script, saved = _applied(tmp_path)
    assert main(["apply", str(saved), str(script), "--write"]) == 0
    backup = tmp_path / "s1.py.orig"
    assert backup.read_text() == TRAIN_PY
    data = json.loads(saved.read_text())
    data["values"]["iterations_per_loop"] = 30
    saved.write_text(json.dumps(data))
    assert main(["apply", str(saved), str(script), "--write", "--force"]) == 0
    assert "iterations_per_loop=30" in script.read_text()
    assert backup.read_text() == TRAIN_PY  # still the true original


def test_a_backup_that_is_not_a_regular_file_is_refused(tmp_path: Path) -> None:
    script, saved = _applied(tmp_path)
    (tmp_path / "s1.py.orig").mkdir()
    assert main(["apply", str(saved), str(script), "--write"]) == 1
    assert script.read_text() == TRAIN_PY


def test_a_script_changed_while_applying_is_not_overwritten(tmp_path: Path) -> None:
    script = tmp_path / "train.py"
    script.write_text(TRAIN_PY)
    profile = import_text(TRAIN_PY, "train.py").configs[0].profile
    result = apply_text(TRAIN_PY, profile.with_value("iterations_per_loop", 5), "train.py")
    script.write_text(TRAIN_PY + "# typed meanwhile\n")
    with pytest.raises(ApplyError, match="changed while"):
        write_applied(result, script)
    assert script.read_text().endswith("# typed meanwhile\n")


@pytest.mark.parametrize("end", ["\r", "\r\n"])
def test_cr_line_ends_give_a_script_that_parses_with_its_line_ends(end: str) -> None:
    text = TRAIN_PY.replace("\n", end)
    profile = import_text(text, "train.py").configs[0].profile
    result = apply_text(text, profile.with_value("hccl_timeout", 60), "train.py")
    compile(result.after, "train.py", "exec", dont_inherit=True)
    assert "\n" not in result.after.replace("\r\n", "") if end == "\r\n" else True
    assert result.after.count(end) == text.count(end)
    assert "hccl_timeout=60" in result.after
    again = import_text(result.after, "train.py").configs[0].profile
    assert again.values["hccl_timeout"] == 60


def test_mixed_line_ends_are_kept_where_nothing_changed() -> None:
    text = "import os\r\nfrom npu_bridge.npu_init import *\nconfig = NPURunConfig(\r    iterations_per_loop=10)\rprint(1)\r\n"
    profile = import_text(text, "train.py").configs[0].profile
    result = apply_text(text, profile.with_value("iterations_per_loop", 3), "train.py")
    assert result.after.startswith("import os\r\nfrom npu_bridge.npu_init import *\n")
    assert result.after.endswith(")\rprint(1)\r\n")
    compile(result.after, "train.py", "exec", dont_inherit=True)


def test_a_shell_script_with_cr_only_line_ends_is_refused() -> None:
    text = "export A=1\rexport B=2\r"
    profile = Profile(env={"A": "5"})
    with pytest.raises(ApplyError, match="CR only"):
        apply_text(text, profile, "env.sh")


def test_a_python_script_without_py_is_edited_as_python(tmp_path: Path) -> None:
    script = tmp_path / "train"
    script.write_text(TRAIN_PY)
    saved = tmp_path / "p.json"
    assert main(["import", str(script), "-o", str(saved)]) == 0
    data = json.loads(saved.read_text())
    data["values"]["iterations_per_loop"] = 7
    data["env"]["JOB_ID"] = "1"
    saved.write_text(json.dumps(data))
    assert main(["apply", str(saved), str(script), "--write"]) == 0
    after = script.read_text()
    assert "export " not in after and "iterations_per_loop=7" in after
    compile(after, "train", "exec", dont_inherit=True)


def test_a_later_per_device_setting_that_overrides_the_edit_is_named() -> None:
    text = (
        "#!/bin/bash\nexport JOB_ID=1\n"
        "for ((i=0;i<8;i++)); do\n    export ASCEND_DEVICE_ID=$((i))\n    python3 train.py &\ndone\n"
    )
    before = import_shell(text, "run.sh").configs[0].profile
    result = apply_shell(text, before.with_env("ASCEND_DEVICE_ID", "3"), before)
    (said,) = [n for n in result.notes if n.path == "env:ASCEND_DEVICE_ID"]
    assert said.line == 4 and "overrides the value written here" in said.message.en


def test_a_reference_to_a_per_device_variable_stays_a_reference() -> None:
    text = "export RANK_ID=0\nexport DEVICE_INDEX=$RANK_ID\n"
    profile = import_shell(text, "run.sh").configs[0].profile
    assert profile.env["DEVICE_INDEX"] == "$RANK_ID"
    assert "DEVICE_INDEX" in profile.env_verbatim


def test_a_value_ending_in_cr_keeps_it_or_is_refused() -> None:
    text = "export A=1\n"
    before = import_shell(text, "env.sh").configs[0].profile
    after = apply_shell(text, before.with_env("A", "x\r"), before).after
    assert import_shell(after, "env.sh").configs[0].profile.env["A"] == "x\r"
    # a docker env-file drops a CR at a line end: the value cannot be written there
    env_file = "A=1\n"
    before = import_shell(env_file, "job.env").configs[0].profile
    result = apply_shell(env_file, before.with_env("A", "x\r"), before, "env-file")
    assert result.unchanged
    assert any(n.path == "env:A" and "line break" in n.message.en for n in result.notes)


@pytest.mark.parametrize("name", ["UID", "SECONDS", "OPTIND", "_"])
def test_names_the_shell_owns_are_not_applied(name: str) -> None:
    text = "export A=1\n"
    before = import_shell(text, "env.sh").configs[0].profile
    result = apply_shell(text, before.with_env(name, "5"), before)
    assert result.unchanged
    assert any(n.path == f"env:{name}" and "not written" in n.message.en for n in result.notes)


def test_hostile_names_never_reach_a_script(tmp_path: Path) -> None:
    script = tmp_path / "env.sh"
    script.write_text("export A=1\n")
    saved = tmp_path / "p.json"
    for env in ({"X\ncurl_evil; touch PWN\n#": "1"}, {"A;touch PWN": "1"}):
        saved.write_text(json.dumps({"env": env}))
        assert main(["apply", str(saved), str(script), "--write"]) == 1
        assert script.read_text() == "export A=1\n"
        edited = Profile().model_copy(update={"env": env})
        with pytest.raises(ApplyError, match="not a shell name"):
            apply_text("export A=1\n", edited, "env.sh")
    assert not (tmp_path / "PWN").exists()
    assert not any(p.name == "PWN" for p in Path(os.getcwd()).iterdir())


def test_the_profile_of_an_env_script_round_trips_through_json(tmp_path: Path) -> None:
    env, saved = tmp_path / "env.sh", tmp_path / "e.json"
    env.write_text(ENV_SH)
    assert main(["import", str(env), "-o", str(saved)]) == 0
    profile = load_profile(saved)
    assert apply_text(ENV_SH, profile, str(env)).unchanged
