"""Render the main window with fixable findings under Xvfb, screenshots into docs/.

    python scripts/screenshots_fixes.py            # starts itself under xvfb-run if needed
    python scripts/screenshots_fixes.py --out DIR  # somewhere else than docs/

Two imported scripts: an estimator trainer that passes NPURunConfig a keyword it no
longer has (auto_tune_mode) and a sess.run trainer with a misspelt parameter_map
key (sump_mode), each with the "With problems" filter on, at 1280x800 in Chinese and
English. Writes fixes-keyword-{zh,en}.png and fixes-key-{zh,en}.png.
"""

from __future__ import annotations

import sys
from pathlib import Path

import _shots

SIZE = (1280, 800)
ROOT = Path(__file__).resolve().parents[1]


def _shoot(out: Path) -> list[Path]:
    from PySide6.QtWidgets import QApplication

    sys.path.insert(0, str(ROOT / "tests"))
    from fix_scripts import ESTIMATOR_TRAINER, SESSION_TRAINER

    from ascend_studio.codegen import import_python
    from ascend_studio.schema import shipped_catalog
    from ascend_studio.ui import ensure_app
    from ascend_studio.ui._settings import Settings
    from ascend_studio.ui._window import MainWindow

    app = ensure_app()
    written: list[Path] = []
    for lang in ("zh", "en"):
        for name, script in (("keyword", ESTIMATOR_TRAINER), ("key", SESSION_TRAINER)):
            window = MainWindow(shipped_catalog(), Settings(), lang)  # type: ignore[arg-type]
            window.resize(*SIZE)
            window.show()
            window.files.open_untitled(import_python(script).configs[0].profile)
            window.controls.filters["problems"].setChecked(True)
            for _ in range(10):
                app.processEvents()
            path = out / f"fixes-{name}-{lang}.png"
            if not window.grab().save(str(path)):
                raise SystemExit(f"screenshots: could not write {path}")
            written.append(path)
            window.model.replace(window.model.profile, None, saved=window.model.profile)
            window.close()
            QApplication.processEvents()
    return written


def main(argv: list[str] | None = None) -> int:
    return _shots.run(
        __file__, (__doc__ or "").splitlines()[0], (SIZE[0] + 80, SIZE[1] + 80), _shoot, argv
    )


if __name__ == "__main__":
    raise SystemExit(main())
