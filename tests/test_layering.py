"""The core must work with Qt absent; the UI is the only package that imports it."""

from __future__ import annotations

import json
import pkgutil
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import ascend_studio

ROOT = Path(__file__).resolve().parents[1]
CORE = (
    "schema",
    "profile",
    "companion",
    "rules",
    "paths",
    "codegen",
    "cli",
    "lint",
    "apply",
    "presets",
)

BLOCK_QT = """
import importlib.abc, sys
class _NoQt(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in {'PySide6', 'shiboken6'}:
            raise ModuleNotFoundError(f"No module named {name!r} (blocked by test)")
        return None
sys.meta_path.insert(0, _NoQt())
"""


def _core_modules() -> list[str]:
    found = []
    for info in pkgutil.walk_packages(ascend_studio.__path__, "ascend_studio."):
        if info.name.split(".")[1] in CORE:
            found.append(info.name)
    return found


def _run_blocked(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", BLOCK_QT + code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_every_core_module_imports_without_qt() -> None:
    modules = _core_modules()
    assert any(m.startswith("ascend_studio.schema") for m in modules)
    result = _run_blocked(f"import importlib\nfor m in {modules!r}: importlib.import_module(m)\n")
    assert result.returncode == 0, result.stderr


def test_cli_runs_without_qt() -> None:
    result = _run_blocked(
        "import sys\nfrom ascend_studio.__main__ import main\nsys.exit(main(['params', '--json']))\n"
    )
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)
    from ascend_studio.schema import shipped_catalog

    assert len(rows) == len(shipped_catalog().params)
    keywords = [r for r in rows if not (r["session"] or {}).get("session_only")]
    assert {r["name"] for r in keywords if r["owner"] == "NPURunConfig"} == set(
        shipped_catalog().signature("NPURunConfig")
    )


def test_no_core_file_mentions_qt() -> None:
    offenders = []
    for package in CORE:
        for path in (ROOT / "ascend_studio" / package).rglob("*.py"):
            text = path.read_text("utf-8")
            if "PySide6" in text or "shiboken6" in text or "ascend_studio.ui" in text:
                offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_import_linter_contract() -> None:
    lint = shutil.which("lint-imports") or str(Path(sys.executable).with_name("lint-imports"))
    if not Path(lint).exists():
        pytest.skip("import-linter is not installed (the dev extra brings it)")
    result = subprocess.run(
        [lint], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
