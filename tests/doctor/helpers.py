"""Doctor runs on a chosen machine: a fake install tree, an environment, a working directory."""

from __future__ import annotations

from pathlib import Path

from ascend_studio.doctor import DoctorReport, Finding, Inputs, run_doctor, watched_variables
from ascend_studio.machine import take_snapshot
from ascend_studio.profile import Profile
from ascend_studio.schema import Resolved, Text, auto_release, shipped_catalog

CATALOG = shipped_catalog()


def doctor(
    cwd: Path | str,
    env: dict[str, str] | None = None,
    *,
    root: Path | None = None,
    profile: Profile | None = None,
    scripts: list[tuple[str, dict[str, str | None]]] | None = None,
    python_paths: list[str] | None = None,
) -> DoctorReport:
    """Doctor on that machine (no Python packages unless ``python_paths`` has them).
    Every machine a test builds is also read by ``--release auto``: doctor must name
    the same release in the same words."""
    names = watched_variables(CATALOG)
    machine_root = root if root is not None else Path(cwd) / "no-such-root"
    live = {"HOME": str(cwd), **(env or {})}
    paths = python_paths or []
    snapshot = take_snapshot(
        lambda n: n in names, env=live, root=machine_root, run_npu_smi=False, python_paths=paths
    )
    inputs = Inputs(profile=profile or Profile(), scripts=scripts or [])
    report = run_doctor(snapshot, inputs, CATALOG, cwd=str(cwd))
    if inputs.profile.release is None:
        auto = auto_release(CATALOG, live, root=machine_root, python_paths=paths)
        assert report.release_id == (auto.release.id if auto.release else None)
        assert report.release == auto_text(auto)
    return report


def auto_text(auto: Resolved) -> Text:
    """``--release auto``'s notes as doctor's one target-release line."""
    return Text.of(
        "；".join(n.zh for n in auto.notes) + "。", "; ".join(n.en for n in auto.notes) + "."
    )


def checks(report: DoctorReport) -> dict[str, list[Finding]]:
    found: dict[str, list[Finding]] = {}
    for f in report.findings:
        found.setdefault(f.check, []).append(f)
    return found
