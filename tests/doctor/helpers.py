"""Doctor runs on a chosen machine: a fake install tree, an environment, a working directory."""

from __future__ import annotations

from pathlib import Path

from ascend_studio.doctor import DoctorReport, Finding, Inputs, run_doctor, watched_variables
from ascend_studio.machine import take_snapshot
from ascend_studio.profile import Profile
from ascend_studio.schema import shipped_catalog

CATALOG = shipped_catalog()


def doctor(
    cwd: Path | str,
    env: dict[str, str] | None = None,
    *,
    root: Path | None = None,
    profile: Profile | None = None,
    scripts: list[tuple[str, dict[str, str | None]]] | None = None,
) -> DoctorReport:
    names = watched_variables(CATALOG)
    machine_root = root if root is not None else Path(cwd) / "no-such-root"
    snapshot = take_snapshot(
        lambda n: n in names,
        env={"HOME": str(cwd), **(env or {})},
        root=machine_root,
        run_npu_smi=False,
    )
    inputs = Inputs(profile=profile or Profile(), scripts=scripts or [])
    return run_doctor(snapshot, inputs, CATALOG, cwd=str(cwd))


def checks(report: DoctorReport) -> dict[str, list[Finding]]:
    found: dict[str, list[Finding]] = {}
    for f in report.findings:
        found.setdefault(f.check, []).append(f)
    return found
