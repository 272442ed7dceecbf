"""Render the preset and Apply to Script dialogs under Xvfb, screenshots into docs/.

    python scripts/screenshots_apply.py            # starts itself under xvfb-run if needed
    python scripts/screenshots_apply.py --out DIR  # somewhere else than docs/

Writes presets-zh.png, presets-en.png, apply-script-zh.png and apply-script-en.png.
"""

from __future__ import annotations

from pathlib import Path

import _shots

SIZE = (1280, 800)
SCRIPT = '''# -*- coding: utf-8 -*-
"""ResNet-50 on NPUEstimator."""
import tensorflow as tf
from npu_bridge.estimator.npu.npu_config import NPURunConfig, DumpConfig
from npu_bridge.estimator.npu.npu_estimator import NPUEstimator

FLAGS = tf.app.flags.FLAGS


def build_run_config():
    # dump only when asked; the path must exist beforehand
    dump_config = DumpConfig(enable_dump=False,
                             dump_path='/home/test/output',
                             dump_mode='output')
    run_config = NPURunConfig(
        model_dir=FLAGS.model_dir,
        save_checkpoints_steps=FLAGS.iterations_per_loop * 10,  # every 10 loops
        iterations_per_loop=FLAGS.iterations_per_loop,
        precision_mode='allow_mix_precision',
        dump_config=dump_config,
        keep_checkpoint_max=5,
        hcom_parallel=True,
    )
    return run_config
'''


def _shoot(out: Path) -> list[Path]:
    from PySide6.QtWidgets import QApplication, QWidget

    from ascend_studio.apply import apply_text
    from ascend_studio.codegen import import_python
    from ascend_studio.presets import shipped_presets
    from ascend_studio.profile import Profile
    from ascend_studio.schema import shipped_catalog
    from ascend_studio.ui import ensure_app
    from ascend_studio.ui._i18n import apply_language
    from ascend_studio.ui._style import apply_fonts
    from ascend_studio.ui.apply import ApplyScriptDialog, PresetDialog

    app = ensure_app()
    catalog = shipped_catalog()
    presets = shipped_presets(catalog)
    written: list[Path] = []

    def save(widget: QWidget, name: str) -> None:
        widget.resize(*SIZE)
        widget.show()
        for _ in range(5):
            app.processEvents()
        path = out / name
        if not widget.grab().save(str(path)):
            raise SystemExit(f"screenshots: could not write {path}")
        written.append(path)
        widget.close()

    current = Profile(product="atlas_inference", scenario="training").with_value(
        "precision_mode", "allow_fp32_to_fp16"
    )
    before = import_python(SCRIPT).configs[0].profile
    wanted = (
        before.with_value("precision_mode", "must_keep_origin_dtype")
        .with_value("dump_config.enable_dump", True)
        .with_value("dump_config.dump_step", "0|5|10")
        .without_value("keep_checkpoint_max")
        .with_value("hccl_timeout", 1800)
    )
    script = Path("/home/test/resnet50/train.py")  # shown only, never written
    result = apply_text(SCRIPT, wanted, str(script))
    for lang in ("zh", "en"):
        apply_language(lang)  # type: ignore[arg-type]
        apply_fonts(lang)  # type: ignore[arg-type]
        dialog = PresetDialog(presets, current, catalog, lang, creating=False)  # type: ignore[arg-type]
        dialog.list.setCurrentRow([p.id for p in presets].index("multi_card_training"))
        save(dialog, f"presets-{lang}.png")
        applied = ApplyScriptDialog(result, script, lang)  # type: ignore[arg-type]
        save(applied, f"apply-script-{lang}.png")
    QApplication.processEvents()
    return written


def main(argv: list[str] | None = None) -> int:
    return _shots.run(
        __file__, (__doc__ or "").splitlines()[0], (SIZE[0] + 80, SIZE[1] + 80), _shoot, argv
    )


if __name__ == "__main__":
    raise SystemExit(main())
