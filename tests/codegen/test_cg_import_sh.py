"""The shell importer: export/K=V/unset, env-files, env dumps, docker -e, and what is reported."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from ascend_studio.codegen import ImportResult, import_file, import_shell
from ascend_studio.codegen._import_sh import detect_dialect


def sh(source: str, name: str = "env.sh") -> ImportResult:
    result = import_shell(textwrap.dedent(source), name)
    assert not result.report.of_kind("internal_error"), result.report.lines()
    return result


def env(source: str, name: str = "env.sh") -> dict[str, str | None]:
    result = sh(source, name)
    assert result.profile is not None
    return dict(result.profile.env)


def test_export_forms() -> None:
    assert env(
        """
        export A=1
        export B="two words" C='it'\\''s'
        D=4
        export D
        declare -x E=5
        export F=$'tab\\there'
        G=7; export G
        """
    ) == {"A": "1", "B": "two words", "C": "it's", "D": "4", "E": "5", "F": "tab\there", "G": "7"}


def test_assigned_but_never_exported_is_not_an_env_setting() -> None:
    result = sh("LOCAL=1\nlower=2\nexport OTHER=3\n")
    assert result.profile is not None and result.profile.env == {"OTHER": "3"}
    assert [i.path for i in result.report.of_kind("not_exported")] == ["env:LOCAL"]


def test_assignment_to_an_exported_name_updates_it() -> None:
    assert env("export A=1\nA=2\n") == {"A": "2"}
    assert env("set -a\nB=1\nset +a\nC=2\n") == {"B": "1"}


def test_unset() -> None:
    assert env("export A=1\nunset A B\nunset -f func\n") == {"A": None, "B": None}


def test_commented_out_exports_are_ignored() -> None:
    assert env("# export A=1\n  #export B=2\nexport C=3 # export D=4\n") == {"C": "3"}


def test_references_and_command_substitutions_stay_symbolic() -> None:
    result = sh(
        'export P=$HOME/x\nexport Q="${ASCEND_HOME:-/usr/local}/lib"\nexport R=$(hostname)\nexport S=`date`\nexport T=~/cache\n'
    )
    assert result.profile is not None
    assert result.profile.env == {
        "P": "$HOME/x",
        "Q": '"${ASCEND_HOME:-/usr/local}/lib"',
        "R": "$(hostname)",
        "S": "`date`",
        "T": "~/cache",
    }
    assert result.profile.env_verbatim == ("P", "Q", "R", "S", "T")
    assert result.profile.model_extra == {}
    assert len(result.report.of_kind("verbatim")) == 5


def test_sourced_files_are_reported_not_followed(tmp_path: Path) -> None:
    other = tmp_path / "other.sh"
    other.write_text("export SECRET=1\n")
    result = sh(f"source {other}\n. ./set_env.sh\nexport A=1\n")
    assert result.profile is not None and result.profile.env == {"A": "1"}
    assert len(result.report.of_kind("sourced_file")) == 2


def test_per_device_loops_are_reported() -> None:
    result = sh(
        """
        export RANK_SIZE=8
        for ((i = 0; i < 8; i++)); do
            export ASCEND_DEVICE_ID=$i
            export RANK_ID=$i
            python train.py &
        done
        for i in 0 1; do DEVICE_ID=$i python infer.py; done
        """
    )
    assert result.profile is not None and result.profile.env == {"RANK_SIZE": "8"}
    assert {i.path for i in result.report.of_kind("device_loop")} == {
        "env:ASCEND_DEVICE_ID",
        "env:RANK_ID",
        "env:DEVICE_ID",
    }


def test_conditional_exports_are_imported_and_reported() -> None:
    result = sh(
        """
        if [ "$MODE" = train ]; then
            export A=1
        else
            export A=2
        fi
        [ -z "$B" ] && export B=3
        case "$X" in
          a) export C=4 ;;
        esac
        f() { export D=5; }
        """
    )
    assert result.profile is not None
    assert result.profile.env == {"A": "2", "B": "3", "C": "4", "D": "5"}
    assert len(result.report.of_kind("conditional")) == 5
    assert result.report.of_kind("conflict") == []  # the arms are alternatives
    assert [i.path for i in result.report.items if "two arms" in i.message.en] == ["env:A"]


def test_here_documents_and_prefix_assignments() -> None:
    result = sh(
        """
        cat > job.sh <<EOF
        export INSIDE=1
        EOF
        LD_PRELOAD=x python train.py
        env FOO=1 python run.py
        export AFTER=2
        """
    )
    assert result.profile is not None and result.profile.env == {"AFTER": "2"}
    assert len(result.report.of_kind("ignored")) == 2


def test_docker_e_lists() -> None:
    result = sh(
        "docker run -e A=1 --env B='x y' --env=C=3 -eD=4 -e PASS --env-file ./e.env img python t.py\n"
    )
    assert result.profile is not None
    assert result.profile.env == {"A": "1", "B": "x y", "C": "3", "D": "4"}
    assert len(result.report.of_kind("sourced_file")) == 1


def test_env_file_and_dotenv() -> None:
    text = '# comment\nA=1\n  B=two words\nC="quoted"\nexport D=4\nE=trailing\r\nNOVALUE\n'
    result = sh(text, "app.env")
    assert result.dialect == "env-file"
    assert result.profile is not None
    assert result.profile.env == {
        "A": "1",
        "B": "two words",
        "C": '"quoted"',
        "D": "4",
        "E": "trailing",
    }
    assert result.report.of_kind("info")  # the quotes are kept, and that is said


def test_env_dump_is_detected() -> None:
    dump = "HOSTNAME=node1\nPATH=/usr/bin:/bin\nPS1=\\u@\\h $ \nLANG=C.UTF-8\n"
    assert detect_dialect(dump, "dump.txt") == "env-file"
    result = import_shell(dump, "dump.txt")
    assert result.profile is not None and result.profile.env["PS1"] == "\\u@\\h $ "
    assert detect_dialect("export A=1\n", "x") == "shell"
    assert detect_dialect("A=1\n", "run.sh") == "shell"


def test_syntax_error_is_reported_with_a_line() -> None:
    result = sh("export A=1\nexport B='unterminated\nexport C=3\n")
    # bash stops at line 2; the importer reports it and still reads the rest
    assert result.profile is not None and result.profile.env == {"A": "1", "C": "3"}
    (error,) = result.report.of_kind("syntax_error")
    assert error.line == 2


def test_import_file_dispatches(tmp_path: Path) -> None:
    cases = {
        "train.py": ("NPURunConfig(iterations_per_loop=3)\n", "python"),
        "env.sh": ("export A=1\n", "shell"),
        "prod.env": ("A=1\n", "env-file"),
        "noext": ("#!/usr/bin/env python\nNPURunConfig()\n", "python"),
        "script": ("#!/bin/bash\nexport A=1\n", "shell"),
    }
    for name, (text, dialect) in cases.items():
        path = tmp_path / name
        path.write_text(text)
        assert import_file(path).dialect == dialect, name
    missing = import_file(tmp_path / "missing.sh")
    assert missing.configs == () and missing.report.of_kind("unreadable")
    binary = tmp_path / "bad.sh"
    binary.write_bytes(b"export A=\xff\xfe\n")
    result = import_file(binary)
    assert result.profile is not None and result.profile.env == {"A": "\ufffd\ufffd"}
    assert any("UTF-8" in i.message.en for i in result.report.items)


@pytest.mark.parametrize("source", ["", "\n\n", "# only comments\n"])
def test_empty_inputs(source: str) -> None:
    result = sh(source)
    assert result.profile is not None and result.profile.env == {}


@pytest.mark.parametrize("name", ["model.ckpt.py", "weights.sh", "blob"])
def test_binary_file_is_reported_as_binary_not_as_a_script(tmp_path: Path, name: str) -> None:
    """A checkpoint or archive picked by mistake: no "Python 2" or shell-syntax noise,
    no empty configuration."""
    path = tmp_path / name
    path.write_bytes(b"\x89HDF\r\n\x1a\n\x00\x00\x01export A=1\nimport os\n\x00\xff")
    result = import_file(path)
    assert result.configs == () and result.dialect == "binary"
    [item] = result.report.items
    assert item.kind == "unreadable" and "binary file" in item.message.en
    assert "二进制" in item.message.zh


def test_utf16_file_from_a_windows_editor_is_read(tmp_path: Path) -> None:
    path = tmp_path / "env.sh"
    path.write_bytes("export ASCEND_WORK_PATH=/data/工作\n".encode("utf-16"))
    result = import_file(path)
    assert result.profile is not None
    assert result.profile.env == {"ASCEND_WORK_PATH": "/data/工作"}


# -- what bash itself rejects ------------------------------------------------------------------


@pytest.mark.parametrize(
    "line,name,fix",
    [
        ("export RANK_SIZE = 8", "RANK_SIZE", "Write export RANK_SIZE=8."),
        ("export RANK_SIZE =8", "RANK_SIZE", "Write export RANK_SIZE=8."),
        ("declare -x RANK_SIZE = 8", "RANK_SIZE", "Write declare -x RANK_SIZE=8."),
    ],
)
def test_a_space_around_equals_in_export_is_an_error_naming_the_fix(
    line: str, name: str, fix: str
) -> None:
    """bash rejects `=' as a name (export: not a valid identifier, status 1): the
    variable is not set, however the line reads to someone used to Python."""
    result = sh(f"{line}\nexport ASCEND_DEVICE_ID=0\n")
    (error,) = result.report.of_kind("call_error")
    assert error.severity == "error" and error.line == 1 and error.path == f"env:{name}"
    assert "not a valid identifier" in error.message.en and fix in error.message.en
    assert result.profile is not None and dict(result.profile.env) == {"ASCEND_DEVICE_ID": "0"}
    assert not result.report.of_kind("ignored")  # not "its value comes from the caller"


def test_a_space_after_equals_in_export_is_an_error_naming_the_fix() -> None:
    (error,) = sh("export RANK_SIZE= 8\n").report.of_kind("call_error")
    assert error.path == "env:RANK_SIZE"
    assert "RANK_SIZE is set empty (a space after '=')" in error.message.en
    assert "Write export RANK_SIZE=8." in error.message.en


def test_a_space_after_equals_before_a_number_is_an_error() -> None:
    result = sh("ASCEND_DEVICE_ID= 0\n")
    (error,) = result.report.of_kind("call_error")
    assert "bash runs 0 as a command (command not found)" in error.message.en
    assert "Write ASCEND_DEVICE_ID=0." in error.message.en
    # an empty variable for a real command stays what it is: a setting for that command
    quiet = sh("LD_PRELOAD= python3 train.py\n")
    assert not quiet.report.of_kind("call_error") and quiet.report.of_kind("ignored")


@pytest.mark.parametrize("word", ["1ABC=3", "A-B=3", "D[0]=1"])
def test_an_invalid_name_export_rejects_is_an_error(word: str) -> None:
    (error,) = sh(f"export {word}\n").report.of_kind("call_error")
    assert f"export: `{word}': not a valid identifier" in error.message.en


def test_what_export_and_declare_accept_is_no_error() -> None:
    text = 'export "A=1" B+=2 C "$D" ${E}=x\ndeclare -x F[0]=1\nreadonly G=1\nexport -n H\n'
    assert not sh(text).report.of_kind("call_error")


def test_a_variable_set_again_after_a_launch_is_the_next_launch_s_value() -> None:
    """Each launch gets the value set before it: that is no conflict."""
    text = (
        "export DEVICE_ID=6\n"
        "${bind_core} python3 tools/train.py --lr=0.01 &\n"
        "export DEVICE_ID=1\n"
        "nohup python3 tools/train.py --lr=0.02 &\n"
        "export RANK_SIZE=8\n"
        "export RANK_SIZE=1\n"
    )
    result = import_shell(text, "run.sh")
    conflicts = [i for i in result.report.items if i.kind == "conflict"]
    assert [(i.path, i.line) for i in conflicts] == [("env:RANK_SIZE", 6)]
    (note,) = [i for i in result.report.items if i.path == "env:DEVICE_ID" and i.kind == "info"]
    assert "after the launch on line 2" in note.message.en


def test_values_in_two_arms_of_one_if_are_alternatives() -> None:
    text = (
        'if [ -f "$cfg" ]; then\n'
        "    export RANK_TABLE_FILE=/a.json\n"
        "else\n"
        "    export RANK_TABLE_FILE=/b.json\n"
        "fi\n"
        "export JOB_ID=1\n"
        "export JOB_ID=2\n"
    )
    result = import_shell(text, "run.sh")
    conflicts = [(i.path, i.line) for i in result.report.items if i.kind == "conflict"]
    assert conflicts == [("env:JOB_ID", 7)]
    (note,) = [i for i in result.report.items if i.kind == "info" and "two arms" in i.message.en]
    assert note.path == "env:RANK_TABLE_FILE" and note.line == 4


def test_unset_drops_the_export_attribute() -> None:
    """After ``unset``, ``NAME=0`` is a shell variable: the job does not get it."""
    text = "export ASCEND_DEVICE_ID=3\nunset ASCEND_DEVICE_ID\nASCEND_DEVICE_ID=0\n"
    result = import_shell(text, "run.sh")
    assert result.configs[0].profile.env == {"ASCEND_DEVICE_ID": None}
    (item,) = result.report.of_kind("not_exported")
    assert item.path == "env:ASCEND_DEVICE_ID" and item.line == 3


def test_unset_then_set_clears_and_is_no_conflict() -> None:
    result = import_shell("unset PROFILING_MODE\nexport PROFILING_MODE=false\n", "p.sh")
    assert result.configs[0].profile.env == {"PROFILING_MODE": "false"}
    assert result.report.of_kind("conflict") == []
