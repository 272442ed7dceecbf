"""A machine snapshot travels as JSON and comes back the same; bad documents are refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ascend_studio.machine import snapshot_from_json, snapshot_json, take_snapshot
from tests.machine.fake_tree import npu_server
from tests.machine.trees import TREES


def _snapshot(tmp_path: Path) -> dict[str, Any]:
    npu_server(tmp_path)
    env = {"HOME": "/home/u", "ASCEND_DEVICE_ID": "3", "SECRET_TOKEN": "x", "PATH": "/bin"}
    snap = take_snapshot(
        lambda n: n.startswith("ASCEND"), env=env, root=tmp_path, run_npu_smi=False
    )
    assert snap.env == {"ASCEND_DEVICE_ID": "3"}  # only the variables asked for
    assert snap.full_env["SECRET_TOKEN"] == "x"  # kept for resolving, never written
    assert snap.devices.ids == tuple(range(8))
    assert snap.toolkit is not None and snap.toolkit.version == "8.0.RC3"
    assert snap.driver is not None and snap.driver.version == "24.1.rc1"
    data = snapshot_json(snap)
    assert "SECRET_TOKEN" not in json.dumps(data)
    assert snapshot_from_json(json.loads(json.dumps(data))) == snap
    return dict(json.loads(json.dumps(data)))


def test_round_trip_keeps_everything_but_the_private_environment(tmp_path: Path) -> None:
    _snapshot(tmp_path)


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        (lambda d: d.pop("process"), "process: expected an object"),
        (lambda d: d["process"].update(uid="0"), "process.uid: expected a whole number"),
        (lambda d: d["env"].update(A=1), "env: every value must be text"),
        (lambda d: d["devices"].update(ids=["0"]), "devices.ids"),
        (lambda d: d["toolkit"].update(version=8), "toolkit.version: expected text"),
        (lambda d: d.update(packages={}), "packages: expected a list"),
    ],
)
def test_a_broken_document_says_what_is_wrong(tmp_path: Path, edit: Any, problem: str) -> None:
    data = _snapshot(tmp_path)
    edit(data)
    with pytest.raises(ValueError, match=problem.replace(".", r"\.")):
        snapshot_from_json(data)


def test_what_could_not_be_read_keeps_both_languages(tmp_path: Path) -> None:
    machine = TREES["npu_bridge unreadable, then toolkit"](tmp_path)
    snap = take_snapshot(
        lambda n: False,
        env=machine.env,
        root=machine.root,
        run_npu_smi=False,
        python_paths=machine.python_paths,
    )
    (problem,) = snap.installed.problems
    assert "does not parse" in problem.en and "无法解析" in problem.zh
    data = json.loads(json.dumps(snapshot_json(snap)))
    assert snapshot_from_json(data) == snap
    data["read_problems"] = [problem.en]  # a report written with English texts only
    (again,) = snapshot_from_json(data).installed.problems
    assert again.en == again.zh == problem.en
