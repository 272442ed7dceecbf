#!/usr/bin/env bash
# Build the one-folder bundle into dist/ascend-studio/ (CI then starts it offscreen).
# Needs the project installed in the active Python environment plus pyinstaller.
set -euo pipefail
cd "$(dirname "$0")/.."
# Compiled translations (.qm) are build output: make them before the spec copies resources/.
python packaging/build_translations.py
python -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath dist --workpath build/pyinstaller packaging/ascend-studio.spec
python packaging/make_icons.py --out dist/ascend-studio/share/icons/hicolor >/dev/null
cp resources/icons/ascend-studio.svg dist/ascend-studio/share/icons/io.github.ascend_studio.AscendStudio.svg
cp packaging/linux/*.desktop packaging/linux/*.metainfo.xml dist/ascend-studio/share/
if ! find dist/ascend-studio -name ascend_studio_zh_CN.qm | grep -q .; then
    echo "bundle: the compiled Chinese translations are missing" >&2
    exit 1
fi
echo "bundle: dist/ascend-studio/ascend-studio"
