"""What the megabytes of a built one-folder bundle are, part by part.

Usage: ``python packaging/bundle_sizes.py [BUNDLE_DIR]`` (default
``dist/ascend-studio``, what ``packaging/build_bundle.sh`` builds). Prints one
line per part (MB = 10^6 bytes; symbolic links count nothing) and the total;
``packaging/BUNDLE.md`` holds its output with the reason for each part.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: (part, pattern on the path inside the bundle folder); the first match wins.
PARTS: list[tuple[str, str]] = [
    ("ICU data (libicudata)", r"PySide6/Qt/lib/libicudata"),
    ("ICU code (libicuuc, libicui18n)", r"PySide6/Qt/lib/libicu"),
    ("Qt libraries", r"PySide6/Qt/lib/"),
    ("Qt plugins", r"PySide6/Qt/plugins/"),
    ("Qt translations (Chinese)", r"PySide6/Qt/translations/"),
    ("PySide6 bindings and shiboken", r"(PySide6|shiboken6)/"),
    ("Python interpreter (libpython)", r"libpython"),
    ("Python extension modules (lib-dynload)", r"lib-dynload/"),
    ("pydantic, pydantic-core and helpers", r"(pydantic|annotated_types|typing_inspection)"),
    ("libcst (apply)", r"libcst/"),
    ("Ascend Studio: catalog, translations, icons", r"ascend_studio/resources/"),
    ("Ascend Studio: code", r"ascend_studio/"),
    ("system libraries (X11/xcb, glib, fonts, C++...)", r"^_internal/lib[^/]*\.so"),
    ("Python standard library and small packages (.pyc)", r"\.pyc$"),
    ("boot loader (the ascend-studio program)", r"^ascend-studio$"),
]


def part_of(relative: str) -> str:
    for name, pattern in PARTS:
        if re.search(pattern, relative):
            return name
    return "other"


def sizes(folder: Path) -> dict[str, tuple[int, int]]:
    """Bytes and file count per part, in the order of ``PARTS``."""
    totals = {name: (0, 0) for name, _ in PARTS}
    for path in sorted(folder.rglob("*")):
        if path.is_symlink() or not path.is_file():
            continue
        name = part_of(path.relative_to(folder).as_posix())
        size, count = totals.get(name, (0, 0))
        totals[name] = (size + path.stat().st_size, count + 1)
    return {name: value for name, value in totals.items() if value[1]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, nargs="?", default=ROOT / "dist" / "ascend-studio")
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        print(f"bundle_sizes: no bundle at {args.folder}", file=sys.stderr)
        return 2
    table = sizes(args.folder)
    for name, (size, count) in sorted(table.items(), key=lambda item: -item[1][0]):
        print(f"{size / 1e6:6.1f} MB  {count:4d} files  {name}")
    total = sum(size for size, _ in table.values())
    print(f"{total / 1e6:6.1f} MB  {sum(c for _, c in table.values()):4d} files  total")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
