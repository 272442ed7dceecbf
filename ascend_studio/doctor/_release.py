"""The TF Adapter release doctor checks for: what ``--release auto`` takes on this machine.

The decision is :func:`ascend_studio.schema.release_for_toolkit` on the snapshot's
reading of the installed packages, the one ``--release auto`` makes, and its notes
are the words ``--release auto`` prints. The machine decides as ``--release auto``
on the command line would: a release the configuration names is used only when the
machine names none, and said when the two differ.
"""

from __future__ import annotations

from dataclasses import dataclass

from ascend_studio.codegen import target_release
from ascend_studio.machine import MachineSnapshot
from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog, Release, Text, release_for_toolkit

__all__ = ["DoctorRelease", "doctor_release"]


@dataclass(frozen=True)
class DoctorRelease:
    #: The release the checks are for (None: none is named).
    release: Release | None
    #: What was found and how it was decided.
    text: Text


def _joined(notes: list[Text]) -> Text:
    return Text.of("；".join(n.zh for n in notes) + "。", "; ".join(n.en for n in notes) + ".")


def doctor_release(machine: MachineSnapshot, profile: Profile, catalog: Catalog) -> DoctorRelease:
    resolved = release_for_toolkit(catalog, machine.installed)
    notes = list(resolved.notes)
    named = target_release(profile, catalog)
    if named is None or named == resolved.release:
        return DoctorRelease(resolved.release, _joined(notes))
    if resolved.release is None:
        notes.append(
            Text.of(
                f"配置写明 {profile.release}：按 {named.id} 检查",
                f"the configuration names {profile.release}: checking for {named.id}",
            )
        )
        return DoctorRelease(named, _joined(notes))
    notes.append(
        Text.of(
            f"配置写明的是 {profile.release}（{named.id}），与本机安装的不同；"
            f"作业将在本机的 {resolved.release.id} 上运行",
            f"the configuration names {profile.release} ({named.id}), not what this machine "
            f"has; the job will run on {resolved.release.id} here",
        )
    )
    return DoctorRelease(resolved.release, _joined(notes))
