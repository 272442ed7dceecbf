"""Render the window with a target TF Adapter release and write screenshots into docs/.

    python scripts/screenshots_release.py            # starts itself under xvfb-run if needed
    python scripts/screenshots_release.py --out DIR

Writes release-{1280x800,1600x1000}-{zh,en}.png: a script written for the newest
adapter, checked for TF Adapter 7.0.0 (the toolbar's release box): the keyword 9.0.0
added is greyed with the release it exists from, and the findings say why.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import _shots

SIZES = ((1280, 800), (1600, 1000))


def _profile() -> object:
    from ascend_studio.profile import ExtraKwarg, Profile

    values: dict[str, object] = {
        "oo_level": "O1",
        "precision_mode": "allow_mix_precision",
        "iterations_per_loop": 10,
        "aicore_num": "2|4",
    }
    es = ExtraKwarg(owner="NPURunConfig", name="es_cluster_config", expr="cluster")
    return Profile(values=values, extra_kwargs=(es,), release="tfa_v0.0.20_7.0.0.alpha003")


def _shoot(out: Path) -> list[Path]:
    from PySide6.QtWidgets import QApplication

    from ascend_studio.profile import Profile
    from ascend_studio.schema import shipped_catalog
    from ascend_studio.ui import ensure_app
    from ascend_studio.ui._settings import Settings
    from ascend_studio.ui._window import MainWindow

    app = ensure_app()
    window = MainWindow(shipped_catalog(), Settings(), "zh")
    window.show()
    written: list[Path] = []

    def settle() -> None:
        for _ in range(8):
            app.processEvents()

    profile = _profile()
    assert isinstance(profile, Profile)
    window.model.replace(profile, None, saved=profile)
    window.form.build_all()
    steps: list[tuple[str, Callable[[], None]]] = []
    for width, height in SIZES:
        for lang in ("zh", "en"):
            steps.append(
                (f"release-{width}x{height}-{lang}.png", _step(window, width, height, lang))
            )
    for name, step in steps:
        step()
        settle()
        window.form.scroll_to_section("op_compile")
        settle()
        path = out / name
        if not window.grab().save(str(path)):
            raise SystemExit(f"screenshots: could not write {path}")
        written.append(path)
    window.model.replace(Profile(), None, saved=Profile())
    window.close()
    QApplication.processEvents()
    return written


def _step(window: object, width: int, height: int, lang: str) -> Callable[[], None]:
    from ascend_studio.ui._window import MainWindow

    assert isinstance(window, MainWindow)

    def run() -> None:
        window.resize(width, height)
        window.set_language(lang)  # type: ignore[arg-type]

    return run


def main(argv: list[str] | None = None) -> int:
    width, height = SIZES[-1]
    return _shots.run(
        __file__, (__doc__ or "").splitlines()[0], (width + 80, height + 80), _shoot, argv
    )


if __name__ == "__main__":
    raise SystemExit(main())
