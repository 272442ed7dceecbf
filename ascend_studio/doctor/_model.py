"""Findings of ``doctor`` and ``launch-check``, and the checks that make them.

Every check is declared once in :data:`CHECKS` with its id, its severity and the
public source it rests on; a finding carries the check's id and source, so the
text, the JSON and the app all name the same evidence. Severities follow the
house policy: ``error`` where the stack fails (or its documentation says it
does), ``warning`` where a setting is ignored or a run is at risk, ``info`` for
what could not be read or checked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ascend_studio.schema import Catalog, Text

__all__ = ["CHECKS", "SEVERITIES", "Check", "Finding", "Severity", "counts", "finding", "worst"]

Severity = Literal["error", "warning", "info"]
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info")


@dataclass(frozen=True)
class Check:
    id: str
    #: Citations (``sources.toml`` ids, ``"; "`` between several).
    source: str
    summary: str


@dataclass(frozen=True)
class Finding:
    """One problem (or one fact worth knowing) and what to do about it."""

    check: str
    severity: Severity
    message: Text
    #: What the check rests on, rendered for readers (titles and public locations).
    source: str
    fix: Text | None = None
    #: What it is about: an artifact id, ``env:NAME``, ``cwd``, ``toolkit``, ``rank 3``...
    subject: str = ""
    #: The folder or file concerned, when there is one.
    path: str | None = None


def _checks(*items: Check) -> dict[str, Check]:
    return {c.id: c for c in items}


_WORK = "ascend-work-path-page:ASCEND_WORK_PATH"
_RT = "ascend-rt-visible-devices-page"
_TABLE = "rank-table-page; hccl-rank-table-page"

CHECKS: dict[str, Check] = _checks(
    Check("doctor.toolkit.missing", "cann-install-paths-page", "no CANN toolkit found"),
    Check("doctor.toolkit.found", "cann-install-paths-page", "the CANN toolkit found"),
    Check(
        "doctor.installed.unreadable",
        "cann-install-paths-page",
        "an installed version or configuration file that could not be read",
    ),
    Check(
        "doctor.toolkit.variable",
        "cann-install-paths-page",
        "ASCEND_TOOLKIT_HOME or ASCEND_HOME_PATH names no folder",
    ),
    Check("doctor.driver.missing", "hccl-rank-table-page", "NPUs without a driver version file"),
    Check("doctor.devices.none", "hccl-rank-table-page", "no /dev/davinci<N> on this machine"),
    Check(
        "doctor.devices.management",
        "hccl-rank-table-page",
        "NPUs without the management device nodes",
    ),
    Check("doctor.device.out_of_range", "docs/en/tfa_env/ASCEND_DEVICE_ID.md", "no such NPU"),
    Check("doctor.cwd.root", "vllm-ascend#433", "the job would run from /"),
    Check(
        "doctor.cwd.not_writable",
        "vllm-ascend#433; vllm-ascend#2748; ascend-work-path-page:表1",
        "a working directory this user cannot write, where outputs land by default",
    ),
    Check("doctor.path.not_writable", _WORK, "an output folder this user cannot create or write"),
    Check("doctor.path.missing", "npurunconfig-page", "a folder that must exist beforehand"),
    Check("doctor.path.blocked", _WORK, "a file stands where a folder must be"),
    Check("doctor.path.read_only", _WORK, "an output folder on a read-only file system"),
    Check("doctor.path.full", _WORK, "an output folder on a full file system"),
    Check("doctor.path.low_space", _WORK, "less free space than the artifact may need"),
    Check("doctor.path.shared", _WORK, "ranks on this machine would write one path"),
    Check("doctor.cache.no_locks", "ascend-cache-path-page", "the compile cache on NFSv3"),
    Check("doctor.unresolved", "catalog", "a path known only when the job runs"),
    Check("launch.no_loop", "hccl-rank-table-page", "no per-device loop found"),
    Check("launch.rank_size", _TABLE, "RANK_SIZE against the ranks launched"),
    Check("launch.rank_ids", _TABLE, "rank ids not 0..N-1, or repeated"),
    Check("launch.device_ids", _TABLE, "two ranks on one device"),
    Check("launch.rank_table.missing", _TABLE, "RANK_TABLE_FILE names no readable file"),
    Check("launch.rank_table.format", _TABLE, "the rank table against its documented format"),
    Check("launch.rank_table.mismatch", _TABLE, "a rank the table does not describe"),
    Check("launch.visible_devices", _RT, "ASCEND_RT_VISIBLE_DEVICES as the runtime reads it"),
    Check("launch.hccl_timeout", "npurunconfig-page:异常补救 hccl_timeout", "HCCL timeouts"),
    Check("launch.output_collision", _WORK, "ranks writing one output file"),
    Check("launch.unknown", "catalog", "a value the launch check could not work out"),
)


def finding(
    check: str,
    severity: Severity,
    message: Text,
    catalog: Catalog,
    *,
    fix: Text | None = None,
    subject: str = "",
    path: str | None = None,
) -> Finding:
    """A finding of ``check`` with its declared source rendered for readers."""
    return Finding(check, severity, message, catalog.cite(CHECKS[check].source), fix, subject, path)


def counts(found: list[Finding] | tuple[Finding, ...]) -> dict[str, int]:
    return {s: sum(1 for f in found if f.severity == s) for s in SEVERITIES}


def worst(found: list[Finding] | tuple[Finding, ...]) -> Severity | None:
    for severity in SEVERITIES:
        if any(f.severity == severity for f in found):
            return severity
    return None
