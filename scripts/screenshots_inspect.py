"""Render the part-2 views of the real main window under Xvfb into docs/.

    python scripts/screenshots_inspect.py            # re-runs itself under xvfb-run if needed
    python scripts/screenshots_inspect.py --out DIR  # somewhere else than docs/

Writes inspector.png (path-priority inspector), why.png (the "why" panel of a
flagged parameter) and compare.png (compare view), all in Chinese. Settings and
autosaves go to a temporary directory, never the user's own.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import _shots

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDockWidget, QWidget

    from ascend_studio.profile import Profile
    from ascend_studio.ui._window import MainWindow

SCREEN = (1800, 1200)
WORK_PATH = "/data/作业/172.16.1.12_01_03"


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
    return _shots.run(__file__, (__doc__ or "").splitlines()[0], SCREEN, _shoot, argv)


if __name__ == "__main__":
    raise SystemExit(main())
