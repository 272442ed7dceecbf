"""What loads before the window is shown, and in which order (start-up time guards).

PySide6 hooks every import after its own to read the module's source; the catalog
loads first. The profile document, rules, exporters and the part-2
views load only after the window is shown (tests/ui/test_first_paint.py checks
the first paint itself).
"""

from __future__ import annotations

from pathlib import Path

from app_process import run_app_probe

PROBE = """
import json, sys
import ascend_studio.ui
from ascend_studio.ui import create_window, ensure_app
app = ensure_app()
window = create_window()
print(json.dumps(list(sys.modules)))
"""


def _loaded_before_show(tmp_path: Path) -> list[str]:
    modules: list[str] = run_app_probe(PROBE, tmp_path)
    return modules


def test_core_loads_before_qt_and_heavy_parts_wait_for_the_paint(tmp_path: Path) -> None:
    assert "tomllib" in _loaded_before_show(tmp_path)  # first start: parses, fills the cache
    modules = _loaded_before_show(tmp_path)
    assert modules.index("ascend_studio.schema") < modules.index("PySide6")
    later_ones = (
        "pydantic",
        "ascend_studio.profile",
        "ascend_studio.rules",
        "ascend_studio.codegen",
    )
    for later in (*later_ones, "ascend_studio.paths", "tomllib"):
        assert later not in modules, f"{later} loads before the window is shown"
