"""The installed CANN toolkit, read from fake install trees in the documented layouts."""

from __future__ import annotations

from pathlib import Path

from ascend_studio.machine import read_toolkit, toolkit_candidates
from tests.machine.fake_tree import VERSION_CFG, put, toolkit


def test_default_install_path_of_root(tmp_path: Path) -> None:
    toolkit(tmp_path, "/usr/local/Ascend/ascend-toolkit/latest", "8.0.RC3", "aarch64")
    found = read_toolkit({}, tmp_path)
    assert found is not None
    assert (found.version, found.package, found.arch) == (
        "8.0.RC3",
        "Ascend-cann-toolkit",
        "aarch64",
    )
    assert found.inner_version == "V100R001C19SPC001B155"
    assert found.how == "default install path"
    assert found.found_in == (
        "/usr/local/Ascend/ascend-toolkit/latest/aarch64-linux/ascend_toolkit_install.info"
    )


def test_the_environment_wins_over_the_default_path(tmp_path: Path) -> None:
    toolkit(tmp_path, "/usr/local/Ascend/ascend-toolkit/latest", "7.0.0")
    toolkit(tmp_path, "/opt/cann/latest", "8.1.RC1", "x86_64")
    found = read_toolkit({"ASCEND_TOOLKIT_HOME": "/opt/cann/latest/"}, tmp_path)
    assert found is not None
    assert (found.version, found.how, found.home) == (
        "8.1.RC1",
        "ASCEND_TOOLKIT_HOME",
        "/opt/cann/latest",
    )
    by_home_path = read_toolkit({"ASCEND_HOME_PATH": "/opt/cann/latest"}, tmp_path)
    assert by_home_path is not None and by_home_path.how == "ASCEND_HOME_PATH"


def test_an_empty_or_relative_variable_is_not_trusted(tmp_path: Path) -> None:
    toolkit(tmp_path, "/usr/local/Ascend/ascend-toolkit/latest", "7.0.0")
    for value in ("", "relative/latest", "~nobody/x"):
        found = read_toolkit({"ASCEND_TOOLKIT_HOME": value, "HOME": "/root"}, tmp_path)
        assert found is not None and found.how == "default install path", value


def test_version_cfg_when_no_install_info(tmp_path: Path) -> None:
    put(tmp_path, "/usr/local/Ascend/ascend-toolkit/latest/version.cfg", VERSION_CFG)
    found = read_toolkit({}, tmp_path)
    assert found is not None
    assert (found.version, found.inner_version) == ("8.0.0", "7.6.0.1.220")
    assert found.found_in.endswith("latest/version.cfg")


def test_older_and_newer_layouts(tmp_path: Path) -> None:
    # older toolkits name the architecture folder arm64-linux
    toolkit(tmp_path / "old", "/usr/local/Ascend/ascend-toolkit/latest", "5.1.RC2", "arm64")
    old = read_toolkit({}, tmp_path / "old")
    assert old is not None and old.version == "5.1.RC2"
    # 8.5 and later: <install>/cann/<arch>-linux/
    toolkit(tmp_path / "new", "/usr/local/Ascend/cann", "8.5.0", "x86_64")
    new = read_toolkit({}, tmp_path / "new")
    assert new is not None and (new.version, new.home) == ("8.5.0", "/usr/local/Ascend/cann")


def test_nnae_and_a_non_root_install(tmp_path: Path) -> None:
    put(
        tmp_path,
        "/home/u/Ascend/nnae/latest/ascend_nnae_install.info",
        "package_name=Ascend-cann-nnae\nversion=6.0.1\n",
    )
    found = read_toolkit({"HOME": "/home/u"}, tmp_path)
    assert found is not None and (found.package, found.version) == ("Ascend-cann-nnae", "6.0.1")
    looked = [folder for folder, _ in toolkit_candidates({"HOME": "/home/u"}, tmp_path)]
    assert "/home/u/Ascend/ascend-toolkit/latest" in looked


def test_nothing_installed_and_files_that_are_not_install_info(tmp_path: Path) -> None:
    assert read_toolkit({}, tmp_path) is None
    put(
        tmp_path,
        "/usr/local/Ascend/ascend-toolkit/latest/x86_64-linux/ascend_toolkit_install.info",
        "garbage\n",
    )
    binary = tmp_path / "usr/local/Ascend/ascend-toolkit/latest/version.cfg"
    binary.write_bytes(b"toolkit_running_version=[1:2]\0\xff")
    assert read_toolkit({}, tmp_path) is None


def test_a_version_file_that_is_there_but_unreadable_is_reported(tmp_path: Path) -> None:
    info = toolkit(tmp_path, "/usr/local/Ascend/ascend-toolkit/latest", "8.0.RC3")
    info.write_bytes(b"version=8.0.RC3\0\0")
    put(tmp_path, "/usr/local/Ascend/ascend-toolkit/latest/version.cfg", VERSION_CFG)
    unread: list[tuple[Path, str, str]] = []
    found = read_toolkit({}, tmp_path, unread)
    # the search goes on to the next file, and says what it could not read
    assert found is not None and found.found_in.endswith("latest/version.cfg")
    assert [(path, why) for path, why, _ in unread] == [(info, "not a text file")]


def test_a_folder_where_the_install_info_should_be_is_reported(tmp_path: Path) -> None:
    home = tmp_path / "usr/local/Ascend/nnae/latest"
    (home / "ascend_nnae_install.info").mkdir(parents=True)
    unread: list[tuple[Path, str, str]] = []
    assert read_toolkit({}, tmp_path, unread) is None
    assert [path.name for path, _, _ in unread] == ["ascend_nnae_install.info"]
    assert "directory" in unread[0][1]
    # a file that is simply not there is not a problem
    assert all(path.exists() for path, _, _ in unread)
