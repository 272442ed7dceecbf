"""``doctor``: the machine, its environment and every output folder, checked together.

:func:`run_doctor` takes a snapshot of the machine (live, or read back from a
report) and the user's configuration, resolves every artifact with the real
environment, working directory, home and device id, probes each folder, and
collects the findings: what is installed, the device settings, the folders, and
the rules about environment variables evaluated on the environment the job
would really see.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ascend_studio.doctor._inputs import Inputs
from ascend_studio.doctor._installed import installed_findings
from ascend_studio.doctor._model import Finding, finding
from ascend_studio.doctor._paths import PathRow, path_findings, path_rows
from ascend_studio.doctor._release import doctor_release
from ascend_studio.doctor._visible import device_findings, device_index
from ascend_studio.machine import MachineSnapshot
from ascend_studio.paths import Context, Environment, Resolution, load_artifacts, resolve
from ascend_studio.profile import Profile
from ascend_studio.rules import evaluate
from ascend_studio.schema import Catalog, Text

__all__ = ["DoctorReport", "EnvRow", "run_doctor", "watched_variables"]

#: Variables reported besides the catalog's: where the toolkit is, and whose home.
EXTRA_VARIABLES = ("ASCEND_TOOLKIT_HOME", "ASCEND_HOME_PATH", "ASCEND_OPP_PATH", "HOME")


@dataclass(frozen=True)
class EnvRow:
    name: str
    #: None: unset, or unset by a script.
    value: str | None
    #: ``process environment``, ``env script run.sh``...; None when nobody sets it.
    origin: str | None


@dataclass(frozen=True)
class DoctorReport:
    machine: MachineSnapshot
    inputs: Inputs
    #: Which release the checks are for, what was found and how it was decided.
    release: Text
    context: Context
    environment: tuple[EnvRow, ...]
    rows: tuple[PathRow, ...]
    findings: tuple[Finding, ...]
    #: The release id the checks are for (None: none is named).
    release_id: str | None = None


def watched_variables(catalog: Catalog) -> frozenset[str]:
    """The variables a report lists: every one the catalog knows, and a few more."""
    return frozenset({v.name for v in catalog.env_vars} | set(EXTRA_VARIABLES))


def _environment(machine: MachineSnapshot, inputs: Inputs) -> Environment:
    process: Mapping[str, str] = machine.full_env or machine.env
    return Environment.build(profile=inputs.profile, scripts=inputs.scripts, process=dict(process))


def _env_rows(env: Environment, names: frozenset[str]) -> tuple[EnvRow, ...]:
    rows = []
    for name in sorted(names):
        entry = env.get(name)
        rows.append(
            EnvRow(name, None if entry is None else entry.value, entry.origin if entry else None)
        )
    return tuple(rows)


def _rank_size(env: Environment) -> int:
    text = (env.value("RANK_SIZE") or "").strip()
    return int(text) if text.isdigit() else 1


def _shared(
    profile: Profile, env: Environment, ctx: Context, catalog: Catalog, chosen: list[object]
) -> list[Finding]:
    """Artifacts every rank on this machine would write to one path."""
    if _rank_size(env) < 2:
        return []
    one = [a for a in load_artifacts().artifacts if a.one_per_process and a in chosen]
    first = resolve(profile, env, Context(ctx.cwd, ctx.home, 1, 0), catalog, one)
    second = resolve(profile, env, Context(ctx.cwd, ctx.home, 2, 1), catalog, one)
    found = []
    for a, b in zip(first, second, strict=True):
        if a.produced and a.path is not None and a.path == b.path:
            name = a.artifact.name
            found.append(
                finding(
                    "doctor.path.shared",
                    "warning",
                    Text(
                        zh=f"RANK_SIZE={env.value('RANK_SIZE')}：本机每个进程都把{name.zh}写到同一个 {a.path}，相互覆盖。",
                        en=f"RANK_SIZE={env.value('RANK_SIZE')}: every process on this machine "
                        f"writes {name.en} to the same {a.path}, overwriting each other.",
                    ),
                    catalog,
                    fix=Text(
                        zh="设置 ASCEND_WORK_PATH（其下按进程分目录），或让每个进程从自己的目录启动。",
                        en="Set ASCEND_WORK_PATH (it separates processes), or start each "
                        "process from its own folder.",
                    ),
                    subject=a.id,
                    path=a.path,
                )
            )
    return found


def _rule_findings(profile: Profile, env: Environment, catalog: Catalog) -> list[Finding]:
    """The rules about environment variables, on the environment the job would see."""
    values = {n: v for n, v in env.as_dict().items() if v is not None}
    live = profile.model_copy(update={"env": values})
    found = []
    for d in evaluate(live, catalog):
        if any(p.startswith("env:") for p in d.params):
            found.append(
                Finding(d.rule_id, d.severity, d.message, d.source, d.fix, ",".join(d.params))
            )
    return found


def _unresolved(resolutions: list[Resolution], catalog: Catalog) -> list[Finding]:
    found = []
    for res in resolutions:
        if res.produced and res.path is not None and not res.path.startswith("/"):
            found.append(
                finding(
                    "doctor.unresolved",
                    "info",
                    Text(
                        zh=f"{res.artifact.name.zh}：路径 {res.path} 要到作业运行时才知道，未检查。",
                        en=f"{res.artifact.name.en}: the path {res.path} is known only when the "
                        "job runs; not checked.",
                    ),
                    catalog,
                    subject=res.id,
                    path=res.path,
                )
            )
    return found


def run_doctor(
    machine: MachineSnapshot, inputs: Inputs, catalog: Catalog, *, cwd: str | None = None
) -> DoctorReport:
    """Check ``machine`` for the job ``inputs`` describe (``cwd``: the job's, if not this one),
    for the release ``--release auto`` takes there."""
    env = _environment(machine, inputs)
    target = doctor_release(machine, inputs.profile, catalog)
    profile = inputs.profile.with_release(target.release.id if target.release else None)
    context = Context(cwd=cwd or machine.process.cwd, home=machine.process.home)
    context = context.complete(profile, env)
    if context.device_id is None:  # the runtime's own default (ASCEND_DEVICE_ID page)
        context = replace(context, device_id=0)
    elif isinstance(context.device_id, str):  # as TF Adapter reads it: " 3 " is 3
        read = device_index(context.device_id, catalog)
        context = context if read is None else replace(context, device_id=read)
    chosen = [a for a in load_artifacts().artifacts if a.scope == "tf_adapter"]
    resolutions = resolve(profile, env, context, catalog, chosen)
    rows = path_rows(resolutions)
    values = {n: v for n, v in env.as_dict().items() if v is not None}
    count = len(machine.devices.ids) or None
    found = [
        *installed_findings(machine, catalog),
        *device_findings(values, count, catalog, physical=machine.devices.ids),
        *path_findings(
            rows, catalog, user=machine.process.user, cwd=context.cwd, home=context.home
        ),
        *_shared(profile, env, context, catalog, list(chosen)),
        *_unresolved(resolutions, catalog),
        *_rule_findings(profile, env, catalog),
    ]
    order = {"error": 0, "warning": 1, "info": 2}
    found.sort(key=lambda f: order[f.severity])
    return DoctorReport(
        machine=machine,
        inputs=inputs,
        release=target.text,
        context=context,
        environment=_env_rows(env, watched_variables(catalog)),
        rows=tuple(rows),
        findings=tuple(found),
        release_id=target.release.id if target.release else None,
    )
