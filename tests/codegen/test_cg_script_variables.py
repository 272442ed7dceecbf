"""A script's own variables in kept shell text: filled in, carried, or said.

``install_path=/usr/local/Ascend`` or ``cur_path=`pwd``` are set by a launch
script without being exported, so they are not part of the profile. A value
that uses them (``PATH=${install_path}/bin:$PATH``) must mean in a shell export
what it meant in the script: the literal is filled in, shell text that means
the same anywhere is carried in its place, and what cannot be carried (the
script's ``$1``) is said by the import and in the exported file. The test runs
each script and its sh export in the same folder with an empty environment
(bash and dash) and compares what every variable ends up holding.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ascend_studio.codegen import export_text, import_text
from ascend_studio.codegen._compose import expanded_names

BASH = shutil.which("bash")
DASH = shutil.which("dash")
SHELLCHECK = shutil.which("shellcheck")
needs_bash = pytest.mark.skipif(BASH is None, reason="bash is not installed")

#: Scripts as launch scripts write them; every exported variable must end up the
#: same when the script and its export are sourced in the same folder.
SCRIPTS = {
    "helpers": (
        "#!/bin/bash\n"
        "cur_path=`pwd`\n"
        "export RANK_SIZE=8\n"
        "export RANK_TABLE_FILE=${cur_path}/../configs/8p.json\n"
        "batch_size=256\n"
        "train_steps=`expr 1281167 / ${batch_size}`\n"
        "export NPU_LOOP_SIZE=${train_steps}\n"
    ),
    "install_path": (
        "install_path=/usr/local/Ascend\n"
        "export PATH=${install_path}/fwkacllib/ccec_compiler/bin:${install_path}/fwkacllib/bin:$PATH\n"
        "export LD_LIBRARY_PATH=${install_path}/fwkacllib/lib64:$LD_LIBRARY_PATH\n"
        "export LD_LIBRARY_PATH=/usr/local/lib:${LD_LIBRARY_PATH}\n"
        "export ASCEND_OPP_PATH=${install_path}/opp\n"
        'export PYTHONPATH="${install_path}/tfplugin/python/site-packages:$PYTHONPATH"\n'
    ),
    "quoted helpers": (
        'work="$(pwd)/out dir"\n'
        'name="a b"\n'
        'export ASCEND_WORK_PATH="${work}"\n'
        'export DUMP_GRAPH_PATH="${work}/${name}/graph"\n'
        "export NPU_DIR=$work/'x'\n"
        "sub=$(dirname $(pwd))\n"
        'export PARENT="$sub/logs"\n'
    ),
    "helper of a helper": (
        "root=`pwd`/..\n"
        "data=${root}/data\n"
        "export DATA_PATH=$data/imagenet\n"
        'export MODEL="$root/a\\$b"\n'
    ),
}


def _source(shell: str, script: Path, names: list[str], cwd: Path) -> dict[str, str]:
    shown = "; ".join(f'printf "%s\\0" "${{{n}-<unset>}}"' for n in names)
    run = subprocess.run(
        [shell, "-c", f". {script}; {shown}"],
        env={"PATH": os.environ["PATH"]} if "PATH" in names else {},
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
    )
    return dict(zip(names, run.stdout.split("\0")[:-1], strict=True))


@needs_bash
@pytest.mark.parametrize("label", sorted(SCRIPTS))
def test_an_export_sets_what_the_script_set(label: str, tmp_path: Path) -> None:
    script = tmp_path / "run" / "test" / "train.sh"
    script.parent.mkdir(parents=True)
    script.write_text(SCRIPTS[label])
    (config,) = import_text(SCRIPTS[label], "train.sh").configs
    exported = tmp_path / "env.sh"
    exported.write_text(export_text(config.profile, "sh"))
    names = sorted(config.profile.env)
    cwd = script.parent
    expected = _source(BASH or "bash", script, names, cwd)
    for shell in filter(None, (BASH, DASH)):
        assert _source(shell, exported, names, cwd) == expected, shell


def test_the_script_s_literals_are_filled_in_every_kept_text() -> None:
    (config,) = import_text(SCRIPTS["install_path"], "env.sh").configs
    env = config.profile.env
    assert env["ASCEND_OPP_PATH"] == "/usr/local/Ascend/opp"
    assert env["PATH"] == (
        "/usr/local/Ascend/fwkacllib/ccec_compiler/bin:/usr/local/Ascend/fwkacllib/bin:$PATH"
    )
    assert (
        env["LD_LIBRARY_PATH"]
        == "/usr/local/lib:/usr/local/Ascend/fwkacllib/lib64:$LD_LIBRARY_PATH"
    )
    assert not any("install_path" in (value or "") for value in env.values())


def test_a_command_helper_is_carried_and_said() -> None:
    result = import_text(SCRIPTS["helpers"], "train.sh")
    env = result.configs[0].profile.env
    assert env["RANK_TABLE_FILE"] == "`pwd`/../configs/8p.json"
    assert env["NPU_LOOP_SIZE"] == "`expr 1281167 / 256`"
    said = [i.text("en") for i in result.report.items if i.kind == "converted"]
    assert any("cur_path is this script's own variable (line 2" in t for t in said)


@pytest.mark.parametrize(
    ("script", "why"),
    [
        ("device_id=$1\nexport DEVICE_ID=${device_id}\n", "the script's arguments"),
        (
            'here=$(cd "$(dirname "$0")"; pwd)\nexport CFG=$here/x.json\n',
            "arguments or its own path",
        ),
        ("cd /tmp\ncur=`pwd`\nexport CFG=$cur/x.json\n", "folder the script changed to on line 1"),
        ("t=$(date +%s)\nexport LOG=/log/$t\n", "runs date"),
        ('if [ -n "$1" ]; then d=/a; else d=/b; fi\nexport D=$d/x\n', "branch"),
        ("b=$(pwd)/$HOSTX\nexport HOSTX=z\nexport C=$b\n", "HOSTX, which it uses, is set again"),
        ("r=`pwd`\nexport M=${HOME_DIR:-$r}/m\n", "inside a command or an expansion"),
    ],
)
def test_what_cannot_be_carried_is_said_by_import_and_export(script: str, why: str) -> None:
    result = import_text(script, "run.sh")
    profile = result.configs[0].profile
    said = " ".join(
        i.text("en") for i in result.report.items if "cannot be carried" in i.text("en")
    )
    assert why in said
    text = export_text(profile, "sh")
    _every_outside_reference_is_said(text, set(profile.env))


def _every_outside_reference_is_said(text: str, set_here: set[str]) -> None:
    """No kept text in an sh export uses a variable the file neither sets nor names."""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        match = re.match(r"([A-Za-z_]\w*)=(.*)", line)
        if match is None or lines[index + 1 : index + 2] != [f"export {match.group(1)}"]:
            continue
        name = match.group(1)
        outside = [
            n
            for n in expanded_names(match.group(2))
            if n not in set_here and n != name and n not in ("HOME", "PWD", "PATH")
        ]
        comments = "\n".join(lines[max(0, index - 3) : index])
        for variable in outside:
            assert f"${variable}" in comments and "which this file does not set" in comments, line


@pytest.mark.parametrize("label", sorted(SCRIPTS))
@pytest.mark.skipif(SHELLCHECK is None, reason="shellcheck is not installed")
def test_exports_of_such_scripts_pass_shellcheck(label: str, tmp_path: Path) -> None:
    (config,) = import_text(SCRIPTS[label] + "v=$1\nexport W=$v\n", "train.sh").configs
    out = tmp_path / "env.sh"
    out.write_text(export_text(config.profile, "sh"))
    _every_outside_reference_is_said(out.read_text(), set(config.profile.env))
    # (warnings about the commands the user wrote, $(dirname $(pwd)), are the user's)
    argv = [SHELLCHECK or "shellcheck", "-s", "sh", "-S", "warning", "-e", "SC2046", str(out)]
    run = subprocess.run(argv, capture_output=True, check=False)
    assert run.returncode == 0, run.stdout.decode()


def test_a_docker_export_says_it_too() -> None:
    (config,) = import_text("d=$1\nexport DEVICE_ID=$d\n", "run.sh").configs
    text = export_text(config.profile, "docker")
    assert "# DEVICE_ID uses $d, which this file does not set" in text
