"""Render the "Edit file…" dialog for every companion format under Xvfb.

    python scripts/screenshots_companion.py            # writes docs/companion-*.png (en),
                                                       # plus the debug dialog in zh
    python scripts/screenshots_companion.py --out DIR

Each dialog is opened from its parameter row of the real main window, with a
sample file that has one problem, so the live findings show.
"""

from __future__ import annotations

from pathlib import Path

import _shots

SIZE = (1280, 800)

SAMPLES = {
    "op_debug_config": "# debug build\nop_debug_config = ccec_O0,ccec_g,oom\n",
    "fusion_switch_file": '{"Switch": {"GraphFusion": {"ALL": "off", "SoftmaxFusionPass": "on"},'
    ' "UBFusion": {"TbePool2dQuantFusionPass": "on"}}}\n',
    "modify_mixlist": '{"black-list": {"to-add": ["MatMul", "Cast"], "to-remove": ["Xlog1py"]},'
    ' "white-list": {"to-add": ["Bias"], "to-remove": ["Conv2D", "Bias"]}}\n',
    "customize_dtypes": "block1/Relu::InputDtype:float16,int8,OutputDtype:float16\n"
    "OpType::Relu:InputDtype:float61,OutputDtype:float16\n",
    "op_precision_mode": "[ByOpType]\nMatMulV2=high_precision\nConv2D=enable_float_32_execution\n"
    "[ByNodeName]\ngather_1=support_out_of_bound_index\n",
    "aoe_config_file": '{"tune_ops_type": ["Add", "Mul"], "tune_optimization_level": "O1",'
    ' "feature": ["nonhomo_split"]}\n',
    "compress_weight_conf": "conv1;conv2, fc6;fc7\n",
}


def _shoot(out: Path) -> list[Path]:
    from PySide6.QtWidgets import QApplication

    from ascend_studio.profile import Profile
    from ascend_studio.schema import shipped_catalog
    from ascend_studio.ui import ensure_app
    from ascend_studio.ui._settings import Settings
    from ascend_studio.ui._window import MainWindow

    app = ensure_app()
    written: list[Path] = []
    for lang in ("en", "zh"):
        window = MainWindow(shipped_catalog(), Settings(), lang)
        window.resize(*SIZE)
        window.show()
        for kind, text in SAMPLES.items():
            if lang == "zh" and kind != "op_debug_config":
                continue  # one Chinese view is enough to check the translation
            values = {kind: f"/home/test/{kind}.cfg", "aoe_mode": "2"}
            product = "atlas_350" if kind == "fusion_switch_file" else "atlas_training"
            profile = Profile(product=product, values=values, file_contents={kind: text})
            window.model.replace(profile, None, saved=profile)
            window.companions.open(kind)
            dialog = window.companions.dialog
            assert dialog is not None
            for _ in range(5):
                app.processEvents()
            suffix = "" if lang == "en" else "-zh"
            path = out / f"companion-{kind}{suffix}.png"
            if not dialog.grab().save(str(path)):
                raise SystemExit(f"screenshots: could not write {path}")
            written.append(path)
            dialog.reject()
        window.model.replace(Profile(), None, saved=Profile())
        window.close()
        QApplication.processEvents()
    return written


def main(argv: list[str] | None = None) -> int:
    return _shots.run(
        __file__, (__doc__ or "").splitlines()[0], (SIZE[0] + 80, SIZE[1] + 80), _shoot, argv
    )


if __name__ == "__main__":
    raise SystemExit(main())
