"""``ascend-studio doctor`` as users run it on this machine (no CANN installed here)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ascend_studio.cli import run_cli
from ascend_studio.doctor import read_document
from tests.machine.fake_tree import toolkit
from tests.machine.trees import npu_bridge


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = run_cli(["doctor", *args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def job(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    for name in ("ASCEND_TOOLKIT_HOME", "ASCEND_HOME_PATH", "ASCEND_WORK_PATH", "RANK_SIZE"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def test_without_cann_it_says_so_once_and_still_checks_every_path(
    job: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = _run([], capsys)
    assert (status, err) == (0, "")
    assert out.count("doctor.toolkit.missing") == 1
    assert "No CANN toolkit installed (not an NPU server)" in out
    for artifact in ("kernel_meta", "kernel_cache", "fusion_result", "log", "atrace"):
        assert f"\n    {artifact} " in out, artifact
    assert f"{job}/kernel_meta" in out


def test_json_is_the_document_the_app_opens(job: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(["--json"], capsys)
    assert status == 0
    data = json.loads(out)
    assert (data["format"], data["version"]) == ("ascend-studio-doctor", 1)
    document = read_document(data)
    assert document.cwd == str(job) and document.home == str(job)
    assert {p.id for p in document.paths} >= {"kernel_meta", "data_dump"}
    assert document.machine.toolkit is None


def test_chinese_output(job: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _run(["--lang", "zh"], capsys)
    assert "未安装 CANN toolkit" in out and "输出目录" in out


def test_where_the_configuration_is_said_in_chinese(
    job: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    train = job / "train.py"
    train.write_text("def main():\n    config = NPURunConfig(op_debug_level=0)\n", encoding="utf-8")
    _, out, _ = _run([str(train), "--lang", "zh"], capsys)
    assert f"配置: {train}（第 2 行，函数 main 中（第 1 行））" in out, out
    _, out, _ = _run([str(train)], capsys)
    assert f"configuration: {train} (line 2, in function main (line 1))" in out, out


def test_the_job_files_and_another_working_directory(
    job: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    env = job / "env.sh"
    env.write_text(f"export ASCEND_WORK_PATH={job}/work\nexport RANK_SIZE=8\n", encoding="utf-8")
    train = job / "train.py"
    train.write_text("config = NPURunConfig(op_debug_level=0)\n", encoding="utf-8")
    status, out, _ = _run([str(train), str(env), "--cwd", "/srv/job", "--json"], capsys)
    assert status == 0
    data = json.loads(out)
    assert data["inputs"]["configuration"].startswith(str(train))
    paths = {p["id"]: p["path"] for p in data["paths"]}
    assert paths["kernel_meta"] == f"{job}/work/kernel_meta"
    assert paths["fusion_result"].startswith(f"{job}/work/FE/")
    origins = {e["name"]: e["origin"] for e in data["environment"] if e["value"] is not None}
    assert origins["ASCEND_WORK_PATH"] == "env script env.sh"


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["missing.py"], "missing.py: no such file"),
        (["--cwd", "relative"], "--cwd relative: give an absolute path"),
        (["a.json", "b.json"], "give one configuration"),
    ],
)
def test_unusable_input_is_one_line_and_status_2(
    job: Path, capsys: pytest.CaptureFixture[str], args: list[str], problem: str
) -> None:
    for name in ("a.json", "b.json"):
        (job / name).write_text('{"schema_version": 1}', encoding="utf-8")
    status, out, err = _run(args, capsys)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and problem in err


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("bridge", [None, "r1.12.0"])
def test_doctor_says_what_validate_release_auto_says(
    job: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    bridge: str | None,
) -> None:
    """The two commands on one machine: the same release, decided in the same words."""
    toolkit(job, "/cann/latest", "7.0.0")
    monkeypatch.setenv("ASCEND_TOOLKIT_HOME", f"{job}/cann/latest")
    if bridge is not None:
        npu_bridge(job / "site", bridge)
        monkeypatch.syspath_prepend(str(job / "site"))
    script = job / "train.py"
    script.write_text(
        "from npu_bridge.npu_init import *\nconfig = NPURunConfig(precision_mode='allow_fp32_to_fp16')\n"
    )
    run_cli(["validate", str(script), "--json", "--release", "auto", "--lang", lang])
    out, err = capsys.readouterr()
    validated = json.loads(out)["configs"][0]["release"]
    notes = [line.split(": --release auto: ", 1)[1] for line in err.splitlines()]
    status, out, _ = _run(["--json"], capsys)
    assert status == 0
    document = json.loads(out)
    assert validated == document["release"] == (bridge or "tfa_v0.0.20_7.0.0.alpha003")
    joined = ("；" if lang == "zh" else "; ").join(notes) + ("。" if lang == "zh" else ".")
    assert document["target"][lang] == joined
    _, text, _ = _run(["--lang", lang], capsys)
    assert joined in text


def test_a_path_read_from_the_machine_cannot_forge_a_line(
    job: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    toolkit(job, "/odd\nascend-studio validate: forged/latest", "8.0.RC3")
    monkeypatch.setenv("ASCEND_TOOLKIT_HOME", f"{job}/odd\nascend-studio validate: forged/latest")
    script = job / "train.py"
    script.write_text("from npu_bridge.npu_init import *\nconfig = NPURunConfig()\n")
    run_cli(["validate", str(script), "--release", "auto"])
    _, err = capsys.readouterr()
    (note,) = [line for line in err.splitlines() if "--release auto" in line]
    assert "odd\\nascend-studio validate: forged" in note
    assert not any(line.startswith("ascend-studio validate: forged") for line in err.splitlines())


def test_a_missing_file_is_said_in_chinese(job: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(["missing.json", "--lang", "zh"], capsys)
    assert status == 2 and "missing.json: 文件不存在" in err, err
