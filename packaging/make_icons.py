"""Render the application icon's PNG sizes from the SVG (run by the build).

PNGs are build output, not sources: they are written under build/icons and
not committed.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def render(svg: Path, out_dir: Path) -> list[Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"{svg}: not a valid SVG")
    written = []
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        renderer.render(painter)
        painter.end()
        target = out_dir / f"{size}x{size}" / "apps" / "io.github.ascend_studio.AscendStudio.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(target)):
            raise SystemExit(f"cannot write {target}")
        written.append(target)
    del app
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    root = Path(__file__).resolve().parents[1]
    parser.add_argument(
        "--svg", type=Path, default=root / "resources" / "icons" / "ascend-studio.svg"
    )
    parser.add_argument("--out", type=Path, default=root / "build" / "icons" / "hicolor")
    args = parser.parse_args()
    for path in render(args.svg, args.out):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
