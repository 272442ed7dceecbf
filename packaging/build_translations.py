"""Compile resources/translations/*.ts to .qm with pyside6-lrelease (build output, not committed).

Run by packaging/build_bundle.sh before PyInstaller, and by anyone who wants the
app to load compiled catalogs::

    python packaging/build_translations.py          # .qm next to each .ts
    python packaging/build_translations.py --clean  # remove them again

Next to each ``X.qm`` it writes ``X.qm.stamp``, the digest of the ``.ts`` it was
compiled from: the app loads a ``.qm`` only when the stamp matches the ``.ts`` it
ships, and reads the ``.ts`` otherwise, so a stale ``.qm`` never hides new text.
Entries still marked unfinished are left out (``-nounfinished``), as the app's
own ``.ts`` reader does.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "resources" / "translations"


def find_lrelease() -> str | None:
    """``pyside6-lrelease`` beside this Python (a venv need not be on PATH), else on PATH."""
    for name in ("pyside6-lrelease", "lrelease-qt6", "lrelease"):
        beside = Path(sys.executable).parent / name
        if beside.exists():
            return str(beside)
        found = shutil.which(name)
        if found:
            return found
    return None


def stamp_path(qm: Path) -> Path:
    return qm.with_name(qm.name + ".stamp")


def compile_ts(ts: Path, qm: Path, lrelease: str) -> str:
    """Compile one file; returns lrelease's report, raises CalledProcessError on failure."""
    done = subprocess.run(
        [lrelease, "-nounfinished", str(ts), "-qm", str(qm)],
        check=True,
        capture_output=True,
        text=True,
    )
    if not qm.exists():
        raise subprocess.CalledProcessError(1, done.args, done.stdout, done.stderr)
    sys.path.insert(0, str(ROOT))  # the app's own digest: it checks the stamp with it
    from ascend_studio.ui._i18n import source_digest

    digest = source_digest(ts.read_bytes())
    stamp_path(qm).write_text(digest + "\n", encoding="utf-8")
    return (done.stdout + done.stderr).strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clean", action="store_true", help="remove the built .qm files")
    args = parser.parse_args(argv)
    sources = sorted(TRANSLATIONS.glob("*.ts"))
    if args.clean:
        for ts in sources:
            for built in (ts.with_suffix(".qm"), stamp_path(ts.with_suffix(".qm"))):
                built.unlink(missing_ok=True)
        return 0
    lrelease = find_lrelease()
    if lrelease is None:
        print("pyside6-lrelease not found (pip install PySide6-Essentials)", file=sys.stderr)
        return 1
    for ts in sources:
        try:
            report = compile_ts(ts, ts.with_suffix(".qm"), lrelease)
        except subprocess.CalledProcessError as exc:
            print(f"{ts.name}: lrelease failed\n{exc.stdout}{exc.stderr}", file=sys.stderr)
            return 1
        print(f"{ts.relative_to(ROOT)}: {report.splitlines()[-1].strip() if report else 'ok'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
