"""The apt list in the README and INSTALL.md covers what Qt's X11 plugin needs.

Reads the shared libraries PySide6's xcb platform plugin (and the Qt libraries it
loads) link against with ``readelf`` and maps each to its Debian package; every
package must be in both documented ``apt-get install`` commands. Skips without
PySide6 or readelf.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]
#: soname prefix -> Debian 12 package. Libraries every system has (libc, zlib...) are absent.
PACKAGES = {
    "libEGL.so": "libegl1",
    "libGL.so": "libgl1",
    "libX11-xcb.so": "libx11-xcb1",
    "libdbus-1.so": "libdbus-1-3",
    "libfontconfig.so": "libfontconfig1",
    "libglib-2.0.so": "libglib2.0-0",
    "libgthread-2.0.so": "libglib2.0-0",
    "libxcb-cursor.so": "libxcb-cursor0",
    "libxcb-glx.so": "libxcb-glx0",
    "libxcb-icccm.so": "libxcb-icccm4",
    "libxcb-image.so": "libxcb-image0",
    "libxcb-keysyms.so": "libxcb-keysyms1",
    "libxcb-randr.so": "libxcb-randr0",
    "libxcb-render-util.so": "libxcb-render-util0",
    "libxcb-shape.so": "libxcb-shape0",
    "libxcb-shm.so": "libxcb-shm0",
    "libxcb-sync.so": "libxcb-sync1",
    "libxcb-xfixes.so": "libxcb-xfixes0",
    "libxcb-xkb.so": "libxcb-xkb1",
    "libxkbcommon-x11.so": "libxkbcommon-x11-0",
}
#: Pulled in by a listed package (its Debian dependency), so not listed themselves.
IMPLIED = {
    "libX11.so": "libx11-xcb1",
    "libxcb.so": "libxcb-shape0",
    "libxcb-render.so": "libxcb-render-util0",
    "libxcb-util.so": "libxcb-cursor0",
    "libxkbcommon.so": "libxkbcommon-x11-0",
    "libfreetype.so": "libfontconfig1",
}
BASE = ("libc.so", "libm.so", "libstdc++", "libgcc_s", "libpthread", "libdl.so", "librt.so",
        "ld-linux", "libz.so", "libzstd.so", "libQt6", "libicu", "libpyside", "libshiboken")  # fmt: skip


def _needed() -> set[str]:
    pyside = pytest.importorskip("PySide6")
    readelf = shutil.which("readelf")
    if readelf is None:
        pytest.skip("readelf is not installed")
    qt = Path(pyside.__file__).parent / "Qt"
    files = [qt / "plugins/platforms/libqxcb.so", *sorted(qt.glob("lib/libQt6XcbQpa.so*"))[:1]]
    files += [qt / "lib" / f"libQt6{m}.so.6" for m in ("Core", "Gui", "Widgets", "DBus")]
    names: set[str] = set()
    for file in files:
        if file.exists():
            done = subprocess.run(
                [readelf, "-d", str(file)], check=True, capture_output=True, text=True
            )
            out = done.stdout
            names |= set(re.findall(r"\(NEEDED\).*\[(.+?)\]", out))
    return {n for n in names if not n.startswith(BASE)}


def _apt_list(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8").replace("\\\n", " ")
    found = re.findall(r"apt-get install ([^\n`]+)", text)
    assert found, path
    return set(found[0].split())


@pytest.mark.parametrize("doc", ["README.md", "packaging/INSTALL.md"])
def test_the_apt_list_covers_the_xcb_plugin(doc: str) -> None:
    listed = _apt_list(ROOT / doc)
    for soname in sorted(_needed()):
        prefix = soname.split(".so")[0] + ".so"
        package = PACKAGES.get(prefix) or IMPLIED.get(prefix)
        assert package is not None, f"{soname}: which Debian package ships it? add it to the table"
        assert package in listed, f"{doc}: {soname} needs {package}"
