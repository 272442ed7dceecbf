"""Every output folder checked on real folders and file systems."""

from __future__ import annotations

import contextlib
import io
import json
import os
from pathlib import Path
from typing import Any

from ascend_studio.cli import run_cli
from ascend_studio.doctor import read_document
from ascend_studio.doctor._paths import PathRow, path_findings
from ascend_studio.machine import DirProbe
from ascend_studio.paths import Context, Environment, load_artifacts, resolve
from ascend_studio.profile import Expr, Profile
from tests.doctor.helpers import CATALOG, checks, doctor
from tests.machine.realfs import as_nobody, fill, open_folder, remount_read_only, small_fs

DUMP = Profile(values={"dump_config.enable_dump": True, "dump_config.dump_path": "/x"})


def test_a_writable_working_directory_has_no_path_problem(tmp_path: Path) -> None:
    report = doctor(tmp_path)
    assert [f for f in report.findings if f.check.startswith("doctor.path")] == []
    rows = {r.id: r for r in report.rows}
    assert rows["kernel_meta"].resolution.path == f"{tmp_path}/kernel_meta"
    assert rows["kernel_meta"].probe is not None and rows["kernel_meta"].probe.writable


def test_running_from_root_is_flagged_with_the_kernel_meta_evidence() -> None:
    report = doctor("/")
    if os.access("/", os.W_OK):
        (found,) = checks(report)["doctor.cwd.root"]
        assert found.severity == "warning"
        assert "/kernel_meta" in found.message.en and "vllm-ascend" in found.source
    else:
        assert checks(report)["doctor.cwd.not_writable"][0].severity == "error"


def _doctor_in(folder: str) -> dict[str, Any]:
    """``ascend-studio doctor --json`` run from ``folder``: (exit status, report)."""
    os.chdir(folder)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = run_cli(["doctor", "--json"])
    return {"status": status, "report": json.loads(out.getvalue())}


def test_an_unwritable_working_directory_fails_the_job() -> None:
    with open_folder() as root:
        locked = root / "job"
        locked.mkdir()
        locked.chmod(0o555)
        if os.geteuid() == 0:
            done = as_nobody(lambda: _doctor_in(str(locked)))
        else:
            here = os.getcwd()
            try:
                done = _doctor_in(str(locked))
            finally:
                os.chdir(here)
    assert done["status"] == 1
    document = read_document(done["report"])
    (found,) = [
        f
        for f in document.findings
        if f.check == "doctor.cwd.not_writable" and f.path == str(locked)
    ]
    assert found.severity == "error" and found.path == str(locked)
    assert "kernel_meta" in found.subject and "fusion_result" in found.subject
    assert "vllm-ascend/issues/433" in found.source
    assert found.message.en.startswith(f"The working directory {locked} is not writable")
    states = {p.id: p.state for p in document.paths if p.produced}
    assert states["kernel_meta"] == "not writable"


def test_a_folder_that_must_exist_beforehand(tmp_path: Path) -> None:
    profile = DUMP.with_value("dump_config.dump_path", str(tmp_path / "dumps"))
    (missing,) = checks(doctor(tmp_path, profile=profile))["doctor.path.missing"]
    assert missing.severity == "error" and missing.fix is not None
    assert missing.fix.en == f"mkdir -p {tmp_path / 'dumps'}"
    (tmp_path / "dumps").mkdir()
    assert "doctor.path.missing" not in checks(doctor(tmp_path, profile=profile))


def test_a_file_where_a_folder_must_be(tmp_path: Path) -> None:
    (tmp_path / "work").write_text("")
    report = doctor(tmp_path, {"ASCEND_WORK_PATH": str(tmp_path / "work" / "node1")})
    (blocked,) = checks(report)["doctor.path.blocked"]
    assert blocked.severity == "error" and blocked.path == str(tmp_path / "work")
    assert "kernel_meta" in blocked.subject


def test_a_full_file_system_and_one_short_of_room(tmp_path: Path) -> None:
    with small_fs("4m") as point:
        fill(point, 100 * 1024)
        report = doctor(tmp_path, {"ASCEND_WORK_PATH": str(point)})
        (full,) = checks(report)["doctor.path.full"]
        assert full.severity == "error" and full.path == str(point)
        assert "kernel_meta" in full.subject
    with small_fs("64m") as point:
        profile = DUMP.with_value("dump_config.dump_path", str(point))
        (low,) = checks(doctor(tmp_path, profile=profile))["doctor.path.low_space"]
        assert low.severity == "warning" and "data_dump" in low.subject
        assert "10.0 GiB" in low.message.en


def test_a_read_only_file_system(tmp_path: Path) -> None:
    with small_fs("1m") as point:
        remount_read_only(point)
        report = doctor(tmp_path, {"ASCEND_WORK_PATH": str(point / "node1")})
        (read_only,) = checks(report)["doctor.path.read_only"]
        assert read_only.severity == "error" and read_only.path == str(point)
        assert "doctor.path.not_writable" not in checks(report)  # said once, why it is so


def test_ranks_of_this_machine_writing_one_file(tmp_path: Path) -> None:
    (shared,) = checks(doctor(tmp_path, {"RANK_SIZE": "8"}))["doctor.path.shared"]
    assert shared.subject == "fusion_result" and shared.path == f"{tmp_path}/fusion_result.json"
    alone = checks(doctor(tmp_path, {"RANK_SIZE": "1"}))
    separated = checks(
        doctor(tmp_path, {"RANK_SIZE": "8", "ASCEND_WORK_PATH": str(tmp_path / "w")})
    )
    assert "doctor.path.shared" not in alone and "doctor.path.shared" not in separated


def test_a_path_known_only_at_run_time_is_said_not_probed(tmp_path: Path) -> None:
    profile = DUMP.with_value("dump_config.dump_path", Expr(expr="os.environ['DUMP']"))
    found = checks(doctor(tmp_path, profile=profile))
    (later,) = found["doctor.unresolved"]
    assert later.severity == "info" and later.subject == "data_dump"


def test_the_compile_cache_on_nfs(tmp_path: Path) -> None:
    art = load_artifacts().get("kernel_cache")
    (res,) = resolve(Profile(), Environment(), Context(cwd="/j", home="/home/u"), CATALOG, [art])
    probe = DirProbe(
        "/home/u/atc_data",
        True,
        "/home/u/atc_data",
        None,
        True,
        False,
        1 << 40,
        1 << 41,
        "/home",
        "nfs",
    )
    found = path_findings([PathRow(res, "/home/u/atc_data", probe)], CATALOG, user="u", cwd="/j")
    assert [(f.check, f.severity) for f in found] == [("doctor.cache.no_locks", "warning")]
    nfs4 = DirProbe(*probe.__dict__.values())
    object.__setattr__(nfs4, "fs_type", "nfs4")
    assert (
        path_findings([PathRow(res, "/home/u/atc_data", nfs4)], CATALOG, user="u", cwd="/j") == []
    )


def test_environment_rules_run_on_the_live_environment(tmp_path: Path) -> None:
    found = checks(doctor(tmp_path, {"ASCEND_DEVICE_ID": "first"}))
    rule_findings = [f for fs in found.values() for f in fs if "env:ASCEND_DEVICE_ID" in f.subject]
    assert rule_findings and rule_findings[0].severity == "error"
