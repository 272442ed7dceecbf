"""Every kind of install tree the machine, doctor and release tests build, by name.

Each builder lays out files under a temporary folder (the file system's root for the
reader, plus a site-packages folder for Python distributions) and returns the
machine: its environment, its root and where Python packages are looked up. The
layouts are those of :mod:`tests.machine.fake_tree` (CANN installation guide, "File
Paths"); npu_bridge is a wheel's ``dist-info`` with the constructors of a release.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ascend_studio.schema import shipped_catalog
from tests.machine.fake_tree import VERSION_CFG, npu_server, put, toolkit

DEFAULT = "/usr/local/Ascend/ascend-toolkit/latest"


@dataclass(frozen=True)
class Machine:
    env: dict[str, str]
    root: Path
    python_paths: list[str]


def npu_bridge(site: Path, release: str, summary: str = "", *, extra: str = "") -> None:
    """An installed npu_bridge whose constructors are ``release``'s (from the catalog);
    ``extra``: one more keyword no release has."""
    history = shipped_catalog().history
    by_owner: dict[str, list[str]] = {}
    for fact in history.keywords():
        if history.holds(fact, release):
            by_owner.setdefault(fact.owner, []).append(fact.name)
    if extra:
        by_owner["NPURunConfig"].append(extra)
    source = "".join(
        f"class {owner}:\n    def __init__(self, {', '.join(f'{n}=None' for n in names)}):\n"
        "        pass\n"
        for owner, names in by_owner.items()
    )
    put(site, "npu_bridge/estimator/npu/npu_config.py", source)
    meta = "Metadata-Version: 2.1\nName: npu_bridge\nVersion: 1.15.0\n"
    put(
        site,
        "npu_bridge-1.15.0.dist-info/METADATA",
        meta + (f"Summary: {summary}\n" * bool(summary)),
    )


def _machine(tmp: Path, env: dict[str, str] | None = None, *, site: bool = False) -> Machine:
    paths = [str(tmp / "site")] if site else []
    return Machine({"HOME": "/root", **(env or {})}, tmp / "root", paths)


def _nothing(tmp: Path) -> Machine:
    return _machine(tmp)


def _server(tmp: Path) -> Machine:
    npu_server(tmp / "root")  # toolkit 8.0.RC3: no public tag names it
    return _machine(tmp)


def _tagged_toolkit(tmp: Path) -> Machine:
    toolkit(tmp / "root", DEFAULT, "7.0.0")
    return _machine(tmp)


def _variable_first(tmp: Path) -> Machine:
    toolkit(tmp / "root", DEFAULT, "7.0.0")
    toolkit(tmp / "root", "/opt/cann/latest", "6.3.RC1")
    return _machine(tmp, {"ASCEND_HOME_PATH": "/opt/cann/latest"})


def _cann_8_5_layout(tmp: Path) -> Machine:
    toolkit(tmp / "root", "/usr/local/Ascend/cann", "9.0.0")
    return _machine(tmp)


def _non_root(tmp: Path) -> Machine:
    toolkit(tmp / "root", "/home/me/Ascend/ascend-toolkit/latest", "6.3.RC2")
    return _machine(tmp, {"HOME": "/home/me"})


def _version_cfg_only(tmp: Path) -> Machine:
    put(tmp / "root", f"{DEFAULT}/version.cfg", VERSION_CFG)
    return _machine(tmp)


def _internal_version_only(tmp: Path) -> Machine:
    put(tmp / "root", f"{DEFAULT}/version.cfg", "toolkit_running_version=[7.6.0.1.220:]\n")
    put(
        tmp / "root",
        "/usr/local/Ascend/tfplugin/latest/ascend_tfplugin_install.info",
        "package_name=Ascend-cann-tfplugin\nversion=7.0.RC1\n",
    )
    return _machine(tmp)


def _nnae(tmp: Path) -> Machine:
    put(
        tmp / "root",
        "/usr/local/Ascend/nnae/latest/ascend_nnae_install.info",
        "package_name=Ascend-cann-nnae\nversion=7.0.0\n",
    )
    return _machine(tmp)


def _tfplugin_only(tmp: Path) -> Machine:
    put(
        tmp / "root",
        "/usr/local/Ascend/tfplugin/latest/ascend_tfplugin_install.info",
        "package_name=Ascend-cann-tfplugin\nversion=6.3.RC1\n",
    )
    return _machine(tmp)


def _huge_install_info(tmp: Path) -> Machine:
    path = toolkit(tmp / "root", DEFAULT, "7.0.0")
    path.write_bytes(b"x" * (2 << 20))  # not an install-info file: read as nothing
    return _machine(tmp)


def _variable_names_a_file(tmp: Path) -> Machine:
    toolkit(tmp / "root", DEFAULT, "7.0.0")
    put(tmp / "root", "/opt/set_env.sh", "export X=1\n")
    return _machine(tmp, {"ASCEND_TOOLKIT_HOME": "/opt/set_env.sh"})


def _older_layout(tmp: Path) -> Machine:
    toolkit(tmp / "root", DEFAULT, "5.1.RC2", "arm64")  # older toolkits: arm64-linux
    return _machine(tmp)


def _relative_variable(tmp: Path) -> Machine:
    toolkit(tmp / "root", DEFAULT, "7.0.RC1")
    return _machine(tmp, {"ASCEND_TOOLKIT_HOME": "relative/latest", "ASCEND_HOME_PATH": "~x/y"})


def _not_install_info(tmp: Path) -> Machine:
    put(tmp / "root", f"{DEFAULT}/x86_64-linux/ascend_toolkit_install.info", "garbage\n")
    (tmp / "root" / DEFAULT.lstrip("/") / "version.cfg").write_bytes(
        b"toolkit_running_version=[1:2]\0\xff"
    )
    return _machine(tmp)


def _users_nnae_and_tfplugin(tmp: Path) -> Machine:
    put(
        tmp / "root",
        "/home/u/Ascend/nnae/latest/ascend_nnae_install.info",
        "package_name=Ascend-cann-nnae\nversion=6.0.1\n",
    )
    put(
        tmp / "root",
        "/home/u/Ascend/tfplugin/latest/ascend_tfplugin_install.info",
        "package_name=Ascend-cann-tfplugin\nversion=6.3.RC2\n",
    )
    return _machine(tmp, {"HOME": "/home/u"})


def _bridge_constructors(tmp: Path) -> Machine:
    npu_bridge(tmp / "site", "r1.12.0")  # r3.1.0 has the same: the newer is taken
    return _machine(tmp, site=True)


def _bridge_tag_decides(tmp: Path) -> Machine:
    npu_bridge(tmp / "site", "tfa_v0.0.19_7.0.0.alpha002", "TF Adapter, tag version v0.0.19")
    return _machine(tmp, site=True)


def _bridge_tag_only(tmp: Path) -> Machine:
    npu_bridge(tmp / "site", "r1.15.0", "TF Adapter, tag version v0.0.20", extra="home_made")
    return _machine(tmp, site=True)


def _bridge_unknown_then_toolkit(tmp: Path) -> Machine:
    npu_bridge(tmp / "site", "r1.15.0", extra="home_made")
    toolkit(tmp / "root", DEFAULT, "7.0.0")
    return _machine(tmp, site=True)


def _bridge_unreadable_then_toolkit(tmp: Path) -> Machine:
    npu_bridge(tmp / "site", "r1.15.0")
    put(tmp / "site", "npu_bridge/estimator/npu/npu_config.py", "class NPURunConfig(:\n")
    toolkit(tmp / "root", DEFAULT, "6.3.RC1")
    return _machine(tmp, site=True)


def _bridge_and_toolkit_disagree(tmp: Path) -> Machine:
    npu_bridge(tmp / "site", "r1.12.0")
    npu_server(tmp / "root")
    toolkit(tmp / "root", DEFAULT, "9.0.0")
    return _machine(tmp, site=True)


#: Every tree, by name.
TREES: dict[str, Callable[[Path], Machine]] = {
    "nothing installed": _nothing,
    "NPU server, untagged CANN": _server,
    "toolkit of a tagged CANN": _tagged_toolkit,
    "ASCEND_HOME_PATH before the default": _variable_first,
    "CANN 8.5 layout": _cann_8_5_layout,
    "non-root install": _non_root,
    "version.cfg only": _version_cfg_only,
    "internal number, then tfplugin": _internal_version_only,
    "NNAE": _nnae,
    "tfplugin only": _tfplugin_only,
    "oversized install-info": _huge_install_info,
    "ASCEND_TOOLKIT_HOME names a file": _variable_names_a_file,
    "older arm64-linux layout": _older_layout,
    "relative toolkit variables": _relative_variable,
    "files that are not install-info": _not_install_info,
    "a user's NNAE and tfplugin": _users_nnae_and_tfplugin,
    "npu_bridge constructors": _bridge_constructors,
    "npu_bridge tag among equals": _bridge_tag_decides,
    "npu_bridge tag alone": _bridge_tag_only,
    "npu_bridge unknown, then toolkit": _bridge_unknown_then_toolkit,
    "npu_bridge unreadable, then toolkit": _bridge_unreadable_then_toolkit,
    "npu_bridge and toolkit differ": _bridge_and_toolkit_disagree,
}
