"""The "This machine" dock with a doctor report open, at 1280x800, in Chinese and English.

    python scripts/screenshots_machine.py            # re-runs itself under xvfb-run if needed
    python scripts/screenshots_machine.py --out DIR  # somewhere else than docs/

The report is made here, as ``doctor --json`` would make it on an 8-NPU training
server (its install tree is built in a temporary folder in the documented layout),
for a job started from / with a few device settings wrong. The output-path view is
docked below, set from the report. Writes machine-1280x800-<lang>.png.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import _shots

SIZE = (1280, 800)
_INFO = (
    "package_name=Ascend-cann-toolkit\nversion=8.0.RC3\ninnerversion=V100R001C19SPC001B155\n"
    "arch=aarch64\nos=linux\npath=/usr/local/Ascend/ascend-toolkit/8.0.RC3/aarch64-linux\n"
)


def _server(root: Path) -> None:
    files = {
        "usr/local/Ascend/ascend-toolkit/latest/aarch64-linux/ascend_toolkit_install.info": _INFO,
        "usr/local/Ascend/driver/version.info": "Version=24.1.rc1\n",
        "usr/local/Ascend/firmware/version.info": "Version=7.1.0.11.220\n",
    }
    files.update({f"dev/davinci{i}": "" for i in range(8)})
    files.update({f"dev/{n}": "" for n in ("davinci_manager", "devmm_svm", "hisi_hdc")})
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def _report(folder: Path) -> Path:
    from ascend_studio.doctor import Inputs, report_json, run_doctor, watched_variables
    from ascend_studio.machine import take_snapshot
    from ascend_studio.schema import shipped_catalog

    catalog = shipped_catalog()
    _server(folder / "server")
    env = {
        "HOME": "/home/hwuser",
        "RANK_SIZE": "8",
        "ASCEND_RT_VISIBLE_DEVICES": "0,1, 2",
        "ASCEND_DEVICE_ID": "3",
        "ASCEND_PROCESS_LOG_PATH": "/home/hwuser/logs",
    }
    names = watched_variables(catalog)
    snap = take_snapshot(lambda n: n in names, env=env, root=folder / "server", run_npu_smi=False)
    report = run_doctor(snap, Inputs(), catalog, cwd="/")
    path = folder / "doctor-report.json"
    path.write_text(json.dumps(report_json(report)), encoding="utf-8")
    return path


def _shoot(out: Path) -> list[Path]:
    from PySide6.QtWidgets import QApplication, QDockWidget

    from ascend_studio.schema import shipped_catalog
    from ascend_studio.ui import ensure_app
    from ascend_studio.ui._settings import Settings
    from ascend_studio.ui._window import MainWindow

    ensure_app()
    written: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="doctor-shot-") as folder:
        report = _report(Path(folder))
        for lang in ("en", "zh"):
            window = MainWindow(shipped_catalog(), Settings(), lang)  # type: ignore[arg-type]
            window.show()
            window.resize(*SIZE)
            for name in ("inspector", "machine"):
                dock = window.findChild(QDockWidget, f"dock:{name}")
                assert dock is not None
                if not dock.isVisible():  # a layout remembered from the run before may show it
                    dock.toggleViewAction().trigger()
            window.machine_view.open_report(str(report))
            for _ in range(20):
                QApplication.processEvents()
            path = out / f"machine-{SIZE[0]}x{SIZE[1]}-{lang}.png"
            window.grab().save(str(path))
            written.append(path)
            window.close()
    return written


if __name__ == "__main__":
    raise SystemExit(_shots.run(__file__, __doc__.splitlines()[0], SIZE, _shoot))
