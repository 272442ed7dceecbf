"""What an NPU machine has installed, read from files laid out as CANN lays them out."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ascend_studio.machine import detect_toolkit, signatures
from ascend_studio.schema import auto_release, shipped_catalog
from tests.machine.fake_tree import put
from tests.machine.trees import TREES, npu_bridge

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from zh_output import english_words

CATALOG = shipped_catalog()
INFO = (
    "package_name=Ascend-cann-toolkit\nversion={version}\ninnerversion=V100R001C15SPC001B221\n"
    "arch=aarch64\nos=linux\npath=/usr/local/Ascend/ascend-toolkit/{version}/aarch64-linux\n"
)


def _toolkit(
    root: Path, version: str, where: str = "usr/local/Ascend/ascend-toolkit/latest"
) -> Path:
    path = root / where / "aarch64-linux" / "ascend_toolkit_install.info"
    path.parent.mkdir(parents=True)
    path.write_text(INFO.format(version=version), encoding="utf-8")
    return path


def test_the_default_path_gives_the_cann_version(tmp_path: Path) -> None:
    path = _toolkit(tmp_path, "7.0.0")
    found = detect_toolkit({}, tmp_path, python_paths=[])
    assert found.cann_version == "7.0.0" and found.cann is not None
    assert tmp_path / found.cann.found_in.lstrip("/") == path  # as the machine names it
    assert found.cann.how == "default install path"
    assert found.cann.inner_version == "V100R001C15SPC001B221"


def test_the_toolkit_variables_come_first(tmp_path: Path) -> None:
    _toolkit(tmp_path, "7.0.0")
    _toolkit(tmp_path, "6.3.RC1", "opt/cann/latest")
    found = detect_toolkit({"ASCEND_HOME_PATH": "/opt/cann/latest"}, tmp_path, python_paths=[])
    assert found.cann_version == "6.3.RC1" and found.cann is not None
    assert found.cann.how == "ASCEND_HOME_PATH"


def test_the_cann_8_5_layout_and_a_non_root_install(tmp_path: Path) -> None:
    _toolkit(tmp_path, "8.5.0", "usr/local/Ascend/cann")
    assert detect_toolkit({}, tmp_path, python_paths=[]).cann_version == "8.5.0"
    home = tmp_path / "second"
    _toolkit(home, "7.0.RC1", "home/me/Ascend/ascend-toolkit/latest")
    assert detect_toolkit({"HOME": "/home/me"}, home, python_paths=[]).cann_version == "7.0.RC1"


def test_nothing_installed_and_an_odd_file(tmp_path: Path) -> None:
    found = detect_toolkit({}, tmp_path, python_paths=[])
    assert found.cann is None and found.npu_bridge is None and found.cann_version is None
    assert found.looked[0] == ("/usr/local/Ascend/ascend-toolkit/latest", "default install path")
    path = _toolkit(tmp_path, "7.0.0")
    path.write_bytes(b"x" * (2 << 20))  # not an install-info file: read as nothing
    assert detect_toolkit({}, tmp_path, python_paths=[]).cann_version is None


def test_npu_bridge_is_read_not_imported(tmp_path: Path) -> None:
    npu_bridge(tmp_path, "r1.15.0")
    found = detect_toolkit({}, tmp_path / "root", python_paths=[str(tmp_path)])
    bridge = found.npu_bridge
    assert bridge is not None and bridge.version == "1.15.0"
    assert bridge.keywords is not None and "precision_mode_v2" in bridge.keywords["NPURunConfig"]
    assert signatures("class A:\n    def __init__(self, x, y=1):\n        pass\n") == {
        "A": ("x", "y")
    }


def test_auto_takes_the_release_whose_constructors_match(tmp_path: Path) -> None:
    npu_bridge(tmp_path, "r1.12.0")  # r3.1.0 has the same constructors: the newer is taken
    chosen = auto_release(CATALOG, {}, root=tmp_path / "root", python_paths=[str(tmp_path)])
    assert chosen.release is not None and chosen.release.id == "r1.12.0"
    assert "exactly those of r3.1.0, r1.12.0" in chosen.notes[-1].en
    assert "与 r3.1.0, r1.12.0 完全一致" in chosen.notes[-1].zh
    assert not english_words(chosen.notes[-1].zh), chosen.notes[-1].zh


@pytest.mark.parametrize(
    ("cann", "release"),
    [
        ("7.0.0", "tfa_v0.0.20_7.0.0.alpha003"),
        ("6.3.RC1", "tfa_v0.0.3_6.3.RC1.alpha002"),
        ("9.0.0", "hicann-tfa_v0.0.48_9.0.0"),
        ("8.0.RC3", None),
        ("5.1.RC2", None),
    ],
)
def test_auto_maps_a_toolkit_version_publicly_or_not_at_all(
    tmp_path: Path, cann: str, release: str | None
) -> None:
    _toolkit(tmp_path, cann)
    chosen = auto_release(CATALOG, {}, root=tmp_path, python_paths=[])
    assert (chosen.release.id if chosen.release else None) == release
    assert f"CANN toolkit {cann}" in chosen.notes[-1].en
    if release is None:
        assert "no public TF Adapter release is tagged" in chosen.notes[-1].en
    zh = chosen.notes[-1].zh
    assert f"CANN toolkit {cann}" in zh and "默认安装路径" in zh
    assert not english_words(zh), zh


def test_the_tag_npu_bridge_names_picks_among_equal_constructors(tmp_path: Path) -> None:
    """7.0.0.alpha002 and alpha003 have the same constructors: the summary's tag decides."""
    npu_bridge(tmp_path, "tfa_v0.0.19_7.0.0.alpha002", "TF Adapter, tag version v0.0.19")
    chosen = auto_release(CATALOG, {}, root=tmp_path / "root", python_paths=[str(tmp_path)])
    assert chosen.release is not None and chosen.release.id == "tfa_v0.0.19_7.0.0.alpha002"
    assert "(the tag its summary names)" in chosen.notes[-1].en
    assert "其摘要所写的标签" in chosen.notes[-1].zh
    assert not english_words(chosen.notes[-1].zh), chosen.notes[-1].zh


@pytest.mark.parametrize(
    ("damage", "en", "zh"),
    [
        ("class NPURunConfig(:\n", "does not parse", "无法解析"),
        ("x" * (2 << 20), "larger than", "超过"),
    ],
    ids=["syntax", "huge"],
)
def test_what_could_not_be_read_is_said_in_both_languages(
    tmp_path: Path, damage: str, en: str, zh: str
) -> None:
    machine = TREES["npu_bridge unreadable, then toolkit"](tmp_path)
    put(Path(machine.python_paths[0]), "npu_bridge/estimator/npu/npu_config.py", damage)
    chosen = auto_release(
        CATALOG, machine.env, root=machine.root, python_paths=machine.python_paths
    )
    (note,) = [n for n in chosen.notes if "npu_config.py" in n.en and en in n.en]
    assert "npu_config.py" in note.zh and zh in note.zh, note.zh
    assert not english_words(note.zh), note.zh


def test_an_unreadable_config_says_the_system_reason_in_both_languages(tmp_path: Path) -> None:
    machine = TREES["npu_bridge unreadable, then toolkit"](tmp_path)
    config = Path(machine.python_paths[0]) / "npu_bridge/estimator/npu/npu_config.py"
    config.unlink()
    config.mkdir()  # reading it fails with EISDIR, whoever runs the test
    chosen = auto_release(
        CATALOG, machine.env, root=machine.root, python_paths=machine.python_paths
    )
    (note,) = [n for n in chosen.notes if "Is a directory" in n.en]
    assert "npu_config.py" in note.zh and "是一个目录" in note.zh
    assert not english_words(note.zh), note.zh
