"""Render the real main window under Xvfb and write screenshots into docs/.

    python scripts/screenshots.py            # starts itself under xvfb-run if needed
    python scripts/screenshots.py --out DIR  # somewhere else than docs/

Writes main-zh.png, main-en.png, search.png and diagnostics.png. The app's
settings and autosaves go to a temporary directory, never the user's own.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import _shots

SIZE = (1600, 1000)


def _demo_profile() -> object:
    from ascend_studio.profile import Profile

    values: dict[str, object] = {
        "iterations_per_loop": 10,
        "precision_mode_v2": "mixed_float16",
        "hccl_timeout": 600,
        "deterministic": 1,
        "dump_config.enable_dump": True,
        "dump_config.dump_path": "/home/test/dump",
        "dump_config.dump_step": "0|5|10-20",
    }
    return Profile(product="atlas_a2", values=values, env={"ASCEND_WORK_PATH": "/data/作业/ascend"})


def _broken_profile() -> object:
    from ascend_studio.profile import Profile

    values: dict[str, object] = {
        "precision_mode": "allow_mix_precision",
        "precision_mode_v2": "mixed_float16",
        "aicore_num": "2|4",
        "hccl_timeout": 600,
        "mix_compile_mode": True,
        "iterations_per_loop": 10,
    }
    return Profile(product="atlas_training", values=values)


def _shoot(out: Path) -> list[Path]:
    from PySide6.QtWidgets import QApplication

    from ascend_studio.profile import Profile
    from ascend_studio.schema import shipped_catalog
    from ascend_studio.ui import ensure_app
    from ascend_studio.ui._settings import Settings
    from ascend_studio.ui._window import MainWindow

    app = ensure_app()
    window = MainWindow(shipped_catalog(), Settings(), "zh")
    window.resize(*SIZE)
    window.show()
    written: list[Path] = []

    def settle() -> None:
        for _ in range(5):
            app.processEvents()

    def save(name: str) -> None:
        settle()
        path = out / name
        if not window.grab().save(str(path)):
            raise SystemExit(f"screenshots: could not write {path}")
        written.append(path)

    def load(profile: object) -> None:
        assert isinstance(profile, Profile)
        window.model.replace(profile, None, saved=profile)
        window.form.verticalScrollBar().setValue(0)

    steps: list[tuple[str, Callable[[], None]]] = [
        (
            "main-zh.png",
            lambda: (load(_demo_profile()), window.form.scroll_to_section("precision")),
        ),
        ("main-en.png", lambda: window.set_language("en")),
        ("search.png", lambda: window.controls.search.setText("精度")),  # zh query, en UI
        ("diagnostics.png", lambda: _diagnostics(window, load)),
    ]
    for name, step in steps:
        step()
        save(name)
    window.model.replace(Profile(), None, saved=Profile())
    window.close()
    QApplication.processEvents()
    return written


def _diagnostics(window: object, load: Callable[[object], None]) -> None:
    from ascend_studio.ui._window import MainWindow

    assert isinstance(window, MainWindow)
    window.set_language("zh")
    window.controls.search.clear()
    load(_broken_profile())
    item = window.diagnostics.item(0)
    if item is not None:
        window.diagnostics.setCurrentItem(item)
        window.diagnostics.itemClicked.emit(item)


def main(argv: list[str] | None = None) -> int:
    return _shots.run(
        __file__, (__doc__ or "").splitlines()[0], (SIZE[0] + 80, SIZE[1] + 80), _shoot, argv
    )


if __name__ == "__main__":
    raise SystemExit(main())
