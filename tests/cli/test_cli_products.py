"""``--product`` takes what users type: an id, a zh/en name, a short name or an alias."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ascend_studio.cli import run_cli
from ascend_studio.cli._params import product_id
from ascend_studio.profile import Profile, save_profile
from ascend_studio.schema import shipped_catalog


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("atlas_350", "atlas_350"),
        ("Atlas 350", "atlas_350"),
        ("Ascend 950PR", "atlas_350"),
        ("ascend950dt", "atlas_350"),
        ("Atlas 350 加速卡", "atlas_350"),
        ("A2", "atlas_a2"),
        ("ATLAS_A3", "atlas_a3"),
        ("Atlas A2 训练系列产品", "atlas_a2"),
        ("Atlas A2 Inference Series", "atlas_a2"),
        ("300I Duo", "atlas_300i_duo"),
        ("训练系列", "atlas_training"),
        ("", None),
        ("A4", None),
        ("Atlas", None),
    ],
)
def test_product_names_resolve_to_ids(typed: str, expected: str | None) -> None:
    assert product_id(shipped_catalog(), typed) == expected


def test_params_and_validate_accept_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_cli(["params", "--product", "Atlas 350", "--json"]) == 0
    names = {p["name"] for p in json.loads(capsys.readouterr().out)}
    assert "aicore_num" not in names and "precision_mode" in names
    path = tmp_path / "p.json"
    save_profile(Profile(values={"hccl_timeout": 600}), path)
    assert run_cli(["validate", str(path), "--product", "Atlas Training Series", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["configs"][0]["product"] == "atlas_training"
    assert run_cli(["validate", str(path), "--product", "Atlas 9000"]) == 2
    err = capsys.readouterr().err
    assert "unknown product 'Atlas 9000'" in err and "atlas_350 (Atlas 350)" in err
