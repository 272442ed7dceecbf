"""The app as a user sees it on a laptop (1280x800) and a large screen (1920x1080), in
Chinese and English: the form after importing a sess.run script, each docked view,
and the Apply and Import dialogs.

    python scripts/screenshots_docked.py            # re-runs itself under xvfb-run if needed
    python scripts/screenshots_docked.py --out DIR  # somewhere else than docs/shots/

Writes <view>-<width>x<height>-<lang>.png for the views form, paths, why, compare,
apply and import. Settings and autosaves go to a temporary directory.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import _shots

if TYPE_CHECKING:
    from PySide6.QtGui import QPixmap
    from PySide6.QtWidgets import QWidget

    from ascend_studio.profile import Profile
    from ascend_studio.ui._window import MainWindow

SIZES = ((1280, 800), (1920, 1080))
VIEWS = ("form", "paths", "why", "compare", "apply", "import")

#: A sess.run training script as ModelZoo writes them (DeepFM-like): a value kept as
#: an expression, an unknown key, an option that is not the NPU's.
SCRIPT = """\
import os
import tensorflow as tf
from npu_bridge.npu_init import *
from tensorflow.core.protobuf.rewriter_config_pb2 import RewriterConfig

if __name__ == "__main__":
    sess_config = tf.ConfigProto()
    sess_config.gpu_options.allow_growth = True
    custom_op = sess_config.graph_options.rewrite_options.custom_optimizers.add()
    custom_op.name = "NpuOptimizer"
    custom_op.parameter_map["use_off_line"].b = True
    custom_op.parameter_map["iterations_per_loop"].i = 10
    custom_op.parameter_map["hcom_parallel"].b = True
    custom_op.parameter_map["precision_mode"].s = tf.compat.as_bytes("allow_mix_precision")
    custom_op.parameter_map["enable_dump"].b = "True" == os.getenv("FLAG_ENABLE_DUMP")
    custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes(os.getenv("DUMP_PATH"))
    custom_op.parameter_map["sump_mode"].s = tf.compat.as_bytes("all")
    custom_op.parameter_map["op_compiler_cache_dir"].s = tf.compat.as_bytes("/home/test/cache/deepfm/kernel_cache")
    sess_config.graph_options.rewrite_options.remapping = RewriterConfig.OFF
"""


def _settle() -> None:
    from PySide6.QtWidgets import QApplication

    for _ in range(12):
        QApplication.processEvents()


def _store(shot: QPixmap, path: Path) -> Path:
    """A palette PNG (a fifth of the size; text stays sharp: no dithering)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage

    flags = Qt.ImageConversionFlag.ThresholdDither | Qt.ImageConversionFlag.AvoidDither
    image = shot.toImage().convertToFormat(QImage.Format.Format_Indexed8, flags)
    if not image.save(str(path), "PNG", 0):
        raise SystemExit(f"screenshots_docked: could not write {path}")
    return path


def _save(widget: QWidget, path: Path) -> Path:
    _settle()
    return _store(widget.grab(), path)


def _grab_over(window: MainWindow, path: Path) -> Path:
    """The screen where the window is, with the dialog over it, as the user sees it."""
    _settle()
    screen = window.screen()
    frame = window.frameGeometry()
    return _store(screen.grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height()), path)


def _open_dock(window: MainWindow, name: str | None) -> None:
    from PySide6.QtWidgets import QDockWidget

    for dock in window.findChildren(QDockWidget):
        if dock.objectName().startswith("dock:") and dock.isVisible():
            dock.toggleViewAction().trigger()
    if name is not None:
        dock = window.findChild(QDockWidget, f"dock:{name}")
        assert dock is not None, name
        dock.toggleViewAction().trigger()
    _settle()


def _other(profile: Profile) -> Profile:
    """A colleague's version of the same job, to compare with."""
    return (
        profile.with_value("iterations_per_loop", 100)
        .with_value("precision_mode", "must_keep_origin_dtype")
        .with_value("dump_config.dump_path", "/home/test/output/dump/deepfm_8p/device_0/step_0")
        .with_value("op_compiler_cache_dir", "/home/test/cache/deepfm_8p")
        .with_value("hccl_timeout", 1800)
        .with_env("ASCEND_WORK_PATH", "/data/作业/172.16.1.12_01_03")
    )


class _Shooter:
    def __init__(self, out: Path, script: Path, size: tuple[int, int], lang: str) -> None:
        self.out, self.script, self.size, self.lang = out, script, size, lang
        self.tag = f"{size[0]}x{size[1]}-{lang}"
        self.written: list[Path] = []

    def path(self, view: str) -> Path:
        return self.out / f"{view}-{self.tag}.png"

    def window(self) -> MainWindow:
        from ascend_studio.schema import shipped_catalog
        from ascend_studio.ui._settings import Settings
        from ascend_studio.ui._window import MainWindow

        # a first start at this size: no layout remembered from the previous window
        settings = Settings(Path(os.environ["XDG_CONFIG_HOME"], f"shots-{self.tag}.ini"))
        window = MainWindow(shipped_catalog(), settings, self.lang)  # type: ignore[arg-type]
        window.resize(*self.size)
        window.show()
        _settle()
        return window

    def import_script(self, window: MainWindow) -> None:
        """Through the real review dialog: shot, then Load."""
        from PySide6.QtWidgets import QDialog

        from ascend_studio.ui.import_review import _flow

        def review(dialog: QDialog) -> int:
            dialog.show()
            dialog.raise_()
            self.written.append(_grab_over(window, self.path("import")))
            return QDialog.DialogCode.Accepted  # type: ignore[return-value]

        _flow.run_review = review  # type: ignore[attr-defined]
        window.files.import_script(self.script)
        _settle()

    def form(self, window: MainWindow) -> None:
        _open_dock(window, None)
        window.reveal("dump_config.enable_dump")
        self.written.append(_save(window, self.path("form")))

    def docked(self, window: MainWindow) -> None:
        for view, dock in (("paths", "inspector"), ("why", "why"), ("compare", "compare")):
            _open_dock(window, dock)
            if dock == "inspector":
                paths = window.inspector
                paths.refresh()
                index = paths.model.index(paths.model.row_of("kernel_cache"), 0)
                paths.chains.expand(index)
                paths.chains.setCurrentIndex(index)
            elif dock == "why":
                window.reveal("dump_config.enable_dump")
                window.why_panel.set_parameter("dump_config.enable_dump")
            elif dock == "compare":
                window.compare.set_other(_other(window.model.profile), "deepfm_8p.ascend.json")
            self.written.append(_save(window, self.path(view)))
        _open_dock(window, None)

    def apply(self, window: MainWindow) -> None:
        from PySide6.QtWidgets import QDialog

        from ascend_studio.ui.apply import _flow

        profile = window.model.profile
        changed = profile.with_value(
            "op_compiler_cache_dir", "/home/test/cache/deepfm/shared_kernel_cache_for_all_jobs"
        )
        window.model.edit(changed.with_value("iterations_per_loop", 100), "edit")

        def shown(dialog: QDialog) -> bool:
            dialog.show()
            _settle()
            self.written.append(_grab_over(window, self.path("apply")))
            return False

        _flow.run_dialog = shown  # type: ignore[assignment]
        window.applier.apply_script.trigger()


def _shoot(out: Path) -> list[Path]:
    from ascend_studio.ui import ensure_app

    ensure_app()
    written: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="ascend-shots-job-") as job:
        script = Path(job, "train.py")
        script.write_text(SCRIPT, encoding="utf-8")
        for size in SIZES:
            for lang in ("en", "zh"):
                shooter = _Shooter(out, script, size, lang)
                window = shooter.window()
                steps: list[Callable[[MainWindow], None]] = [
                    shooter.import_script,
                    shooter.form,
                    shooter.docked,
                    shooter.apply,
                ]
                for step in steps:
                    step(window)
                window.files.autosave.discard()
                window.model.replace(window.model.profile, None, saved=window.model.profile)
                window.close()
                window.deleteLater()
                _settle()
                written += shooter.written
    return written


def main(argv: list[str] | None = None) -> int:
    import sys

    args = sys.argv[1:] if argv is None else argv
    if "--out" not in args:
        args = [*args, "--out", str(_shots.ROOT / "docs" / "shots")]
    return _shots.run(__file__, (__doc__ or "").splitlines()[0], (1920, 1080), _shoot, args)


if __name__ == "__main__":
    raise SystemExit(main())
