"""The main window with its docks open, at 1280x800 and 1600x1000, in Chinese and English.

    python scripts/screenshots_docked.py            # re-runs itself under xvfb-run if needed
    python scripts/screenshots_docked.py --out DIR  # somewhere else than docs/

Writes docked-inspector-<size>-<lang>.png (the output-path view docked at the
bottom, as View > Output paths opens it) and docked-why-<size>-<lang>.png (the
Why panel beside the form). Settings and autosaves go to a temporary directory.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import _shots

if TYPE_CHECKING:
    from ascend_studio.ui._window import MainWindow

SIZES = ((1280, 800), (1600, 1000))


def _settle() -> None:
    from PySide6.QtWidgets import QApplication

    for _ in range(10):
        QApplication.processEvents()


def _open_dock(window: MainWindow, name: str) -> None:
    from PySide6.QtWidgets import QDockWidget

    for dock in window.findChildren(QDockWidget):
        if dock.objectName().startswith("dock:") and dock.isVisible():
            dock.toggleViewAction().trigger()
    dock = window.findChild(QDockWidget, f"dock:{name}")
    assert dock is not None, name
    dock.toggleViewAction().trigger()
    _settle()


def _window(size: tuple[int, int], lang: str) -> MainWindow:
    from ascend_studio.profile import Profile
    from ascend_studio.schema import shipped_catalog
    from ascend_studio.ui._settings import Settings
    from ascend_studio.ui._window import MainWindow

    window = MainWindow(shipped_catalog(), Settings(), lang)  # type: ignore[arg-type]
    window.show()
    window.resize(*size)
    values: dict[str, object] = {
        "precision_mode_v2": "mixed_float16",
        "op_compiler_cache_dir": "/data/cache",
        "dump_config.enable_dump": True,
        "dump_config.dump_path": "/data/dump",
        "iterations_per_loop": 10,
    }
    profile = Profile(product="atlas_a2", values=values, env={"ASCEND_WORK_PATH": "/data/work"})
    window.model.replace(profile, None, saved=profile)
    _settle()
    return window


def _shoot(out: Path) -> list[Path]:
    from ascend_studio.profile import Profile
    from ascend_studio.ui import ensure_app

    ensure_app()
    written: list[Path] = []
    for size in SIZES:
        for lang in ("en", "zh"):
            window = _window(size, lang)
            tag = f"{size[0]}x{size[1]}-{lang}"
            for name in ("inspector", "why"):
                _open_dock(window, name)
                if name == "why":
                    window.why_panel.set_parameter("precision_mode_v2")
                _settle()
                path = out / f"docked-{name}-{tag}.png"
                window.grab().save(str(path))
                written.append(path)
            window.model.replace(Profile(), None, saved=Profile())
            window.close()
            window.deleteLater()
            _settle()
    return written


def main(argv: list[str] | None = None) -> int:
    return _shots.run(__file__, (__doc__ or "").splitlines()[0], (1700, 1100), _shoot, argv)


if __name__ == "__main__":
    raise SystemExit(main())
