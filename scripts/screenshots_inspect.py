"""Render the part-2 views of the real main window under Xvfb into docs/.

    python scripts/screenshots_inspect.py            # re-runs itself under xvfb-run if needed
    python scripts/screenshots_inspect.py --out DIR  # somewhere else than docs/

Writes inspector.png (path-priority inspector), why.png (the "why" panel of a
flagged parameter) and compare.png (compare view), all in Chinese. Settings and
autosaves go to a temporary directory, never the user's own.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDockWidget, QWidget

    from ascend_studio.profile import Profile
    from ascend_studio.ui._window import MainWindow

ROOT = Path(__file__).resolve().parents[1]
SCREEN = (1800, 1200)
WORK_PATH = "/data/作业/172.16.1.12_01_03"


def _relaunch_under_xvfb(argv: list[str]) -> int | None:
    """The exit code of a child run inside xvfb-run, or None when a display exists."""
    if os.environ.get("DISPLAY") or os.environ.get("ASCEND_INSPECT_SHOTS_CHILD"):
        return None
    xvfb = shutil.which("xvfb-run")
    if xvfb is None:
        sys.exit("screenshots_inspect: no DISPLAY and no xvfb-run (apt-get install xvfb)")
    env = {**os.environ, "ASCEND_INSPECT_SHOTS_CHILD": "1"}
    screen = f"-screen 0 {SCREEN[0]}x{SCREEN[1]}x24"
    command = [xvfb, "-a", "-s", screen, sys.executable, __file__, *argv]
    return subprocess.run(command, env=env, check=False).returncode


def _profile() -> Profile:
    from ascend_studio.profile import Profile

    values: dict[str, object] = {
        "precision_mode": "allow_mix_precision",
        "precision_mode_v2": "mixed_float16",
        "op_debug_level": 1,
        "op_compiler_cache_dir": "/data/cache",
        "dump_config.enable_dump": True,
        "dump_config.dump_path": "/data/dump 数据",
        "iterations_per_loop": 10,
    }
    env = {"ASCEND_PROCESS_LOG_PATH": "/var/log/ascend"}
    return Profile(product="atlas_a2", values=values, env=env)


def _other() -> Profile:
    from ascend_studio.profile import Profile

    values: dict[str, object] = {
        "precision_mode_v2": "origin",
        "op_debug_level": 0,
        "iterations_per_loop": 100,
        "hccl_timeout": 1800,
        "dump_config.enable_dump": True,
        "dump_config.dump_path": "/data/dump",
    }
    env = {"ASCEND_PROCESS_LOG_PATH": "/var/log/ascend", "ASCEND_WORK_PATH": WORK_PATH}
    return Profile(product="atlas_a2", values=values, env=env)


def _settle() -> None:
    from PySide6.QtWidgets import QApplication

    for _ in range(10):
        QApplication.processEvents()


def _float(window: MainWindow, name: str, size: tuple[int, int]) -> QDockWidget:
    from PySide6.QtWidgets import QDockWidget

    dock = window.findChild(QDockWidget, f"dock:{name}")
    assert dock is not None, name
    dock.show()
    dock.setFloating(True)
    dock.resize(*size)
    dock.move(20, 20)
    dock.raise_()
    _settle()
    return dock


def _save(widget: QWidget, path: Path) -> Path:
    _settle()
    if not widget.grab().save(str(path)):
        raise SystemExit(f"screenshots_inspect: could not write {path}")
    return path


def _inspector(window: MainWindow, out: Path) -> Path:
    view = window.inspector
    editor = view.context_editor
    for name, text in (("cwd", "/home/test/job"), ("pid", "4242"), ("device_id", "0")):
        editor.set_field(name, text)
    editor.set_typed({"ASCEND_WORK_PATH": WORK_PATH})
    dock = _float(window, "inspector", (1500, 1080))
    view.splitter.setSizes([300, 520, 260])
    index = view.model.index(view.model.row_of("kernel_meta"), 0)
    view.chains.expand(index)
    view.chains.setCurrentIndex(index)
    path = _save(dock, out / "inspector.png")
    dock.hide()
    return path


def _why(window: MainWindow, out: Path) -> Path:
    dock = _float(window, "why", (900, 1100))
    window.why_panel.set_parameter("precision_mode")
    path = _save(dock, out / "why.png")
    dock.hide()
    return path


def _compare(window: MainWindow, out: Path) -> Path:
    dock = _float(window, "compare", (1000, 620))
    window.compare.set_other(_other(), "other.ascend.json")
    window.compare.select("iterations_per_loop")
    path = _save(dock, out / "compare.png")
    dock.hide()
    return path


def _shoot(out: Path) -> list[Path]:
    from ascend_studio.schema import shipped_catalog
    from ascend_studio.ui import ensure_app
    from ascend_studio.ui._settings import Settings
    from ascend_studio.ui._window import MainWindow

    ensure_app()
    window = MainWindow(shipped_catalog(), Settings(), "zh")
    window.resize(1500, 950)
    window.show()
    profile = _profile()
    window.model.replace(profile, None, saved=profile)
    window.set_language("zh")
    _settle()
    written = [_inspector(window, out), _why(window, out), _compare(window, out)]
    window.model.replace(profile, None, saved=profile)
    window.close()
    _settle()
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    options = parser.parse_args(args)
    child = _relaunch_under_xvfb(args)
    if child is not None:
        return child
    options.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="ascend-inspect-shots-") as home:
        os.environ["XDG_CONFIG_HOME"] = str(Path(home, "config"))
        os.environ["XDG_STATE_HOME"] = str(Path(home, "state"))
        os.environ.setdefault("QT_QPA_PLATFORM", "xcb")
        sys.path.insert(0, str(ROOT))
        for path in _shoot(options.out):
            print(path.relative_to(ROOT) if ROOT in path.parents else path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
