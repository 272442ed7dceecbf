"""doctor checks for the release ``--release auto`` takes, and says so in the same words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ascend_studio.doctor import report_json
from ascend_studio.machine import snapshot_from_json, snapshot_json
from ascend_studio.profile import Profile
from ascend_studio.schema import auto_release, release_for_toolkit
from tests.doctor.helpers import CATALOG, auto_text, doctor
from tests.machine.fake_tree import npu_server
from tests.machine.trees import TREES

#: The release each tree names (None: none can be named from what is installed).
EXPECTED: dict[str, str | None] = {
    "nothing installed": None,
    "NPU server, untagged CANN": None,
    "toolkit of a tagged CANN": "tfa_v0.0.20_7.0.0.alpha003",
    "ASCEND_HOME_PATH before the default": "tfa_v0.0.3_6.3.RC1.alpha002",
    "CANN 8.5 layout": "hicann-tfa_v0.0.48_9.0.0",
    "non-root install": "tfa_v0.0.9_6.3.RC2.alpha003",
    "version.cfg only": None,
    "internal number, then tfplugin": "tfa_v0.0.16_7.0.RC1.alpha003",
    "NNAE": "tfa_v0.0.20_7.0.0.alpha003",
    "tfplugin only": "tfa_v0.0.3_6.3.RC1.alpha002",
    "oversized install-info": None,
    "ASCEND_TOOLKIT_HOME names a file": "tfa_v0.0.20_7.0.0.alpha003",
    "older arm64-linux layout": None,
    "relative toolkit variables": "tfa_v0.0.16_7.0.RC1.alpha003",
    "files that are not install-info": None,
    "a user's NNAE and tfplugin": None,
    "npu_bridge constructors": "r1.12.0",
    "npu_bridge tag among equals": "tfa_v0.0.19_7.0.0.alpha002",
    "npu_bridge tag alone": "tfa_v0.0.20_7.0.0.alpha003",
    "npu_bridge unknown, then toolkit": "tfa_v0.0.20_7.0.0.alpha003",
    "npu_bridge unreadable, then toolkit": "tfa_v0.0.3_6.3.RC1.alpha002",
    "npu_bridge and toolkit differ": "r1.12.0",
}


def test_every_tree_has_its_expected_release() -> None:
    assert set(EXPECTED) == set(TREES)


@pytest.mark.parametrize("name", sorted(TREES))
def test_doctor_and_release_auto_agree_on_every_tree(tmp_path: Path, name: str) -> None:
    machine = TREES[name](tmp_path)
    auto = auto_release(CATALOG, machine.env, root=machine.root, python_paths=machine.python_paths)
    assert (auto.release.id if auto.release else None) == EXPECTED[name]
    report = doctor(tmp_path, machine.env, root=machine.root, python_paths=machine.python_paths)
    assert report.release_id == EXPECTED[name]
    assert report.release == auto_text(auto)  # word for word, in both languages
    document = json.loads(json.dumps(report_json(report)))
    assert document["release"] == EXPECTED[name]
    assert document["target"] == {"zh": auto_text(auto).zh, "en": auto_text(auto).en}
    # A report read back on another machine decides the same from what it holds.
    read = snapshot_from_json(document["machine"])
    assert read.installed == report.machine.installed
    assert release_for_toolkit(CATALOG, read.installed) == auto
    assert json.loads(json.dumps(snapshot_json(read))) == document["machine"]


def test_the_words_say_what_decided(tmp_path: Path) -> None:
    machine = TREES["npu_bridge unreadable, then toolkit"](tmp_path)
    report = doctor(tmp_path, machine.env, root=machine.root, python_paths=machine.python_paths)
    first, second = report.release.en.split("; ", 1)
    assert first.endswith("npu_config.py: does not parse (line 1: invalid syntax)")
    assert "CANN toolkit 6.3.RC1 (/usr/local/Ascend/ascend-toolkit/latest/" in second
    assert second.endswith("checking for it.")
    assert "按它检查" in report.release.zh


def test_the_installed_table_and_the_release_read_npu_bridge_once(tmp_path: Path) -> None:
    machine = TREES["npu_bridge tag among equals"](tmp_path)
    report = doctor(tmp_path, machine.env, root=machine.root, python_paths=machine.python_paths)
    package = report.machine.package("npu_bridge")
    bridge = report.machine.installed.npu_bridge
    assert package is not None and bridge is not None
    assert (package.version, package.summary) == (bridge.version, bridge.summary)


def test_the_machine_decides_over_the_configuration(tmp_path: Path) -> None:
    """doctor is ``--release auto`` on the job's machine: the file's release yields to it."""
    machine = TREES["toolkit of a tagged CANN"](tmp_path)
    report = doctor(tmp_path, machine.env, root=machine.root, profile=Profile(release="r1.12.0"))
    assert report.release_id == "tfa_v0.0.20_7.0.0.alpha003"
    assert report.release.en.endswith(
        "the configuration names r1.12.0 (r1.12.0), not what this machine has; "
        "the job will run on tfa_v0.0.20_7.0.0.alpha003 here."
    )


def test_the_configuration_names_the_release_when_the_machine_cannot(tmp_path: Path) -> None:
    npu_server(tmp_path / "root")  # CANN 8.0.RC3: no public tag
    report = doctor(tmp_path, root=tmp_path / "root", profile=Profile(release="7.0.0"))
    assert report.release_id == "tfa_v0.0.20_7.0.0.alpha003"
    assert report.release.en.endswith(
        "the configuration names 7.0.0: checking for tfa_v0.0.20_7.0.0.alpha003."
    )
