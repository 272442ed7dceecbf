"""The documented special cases of the sess.run export and DynamicInputConfig: what the
exports write, executed."""

from __future__ import annotations

from typing import Any

import cg_standins as standins
import pytest

from ascend_studio.codegen import ExportOptions, export_text
from ascend_studio.profile import Expr, Profile
from ascend_studio.rules import evaluate

QUIET = ExportOptions(diagnostics=False)


# -- #7 sess export: util.set_iteration_per_loop when iterations_per_loop > 1 -----------


def test_sess_export_wraps_the_train_op_when_looping() -> None:
    text = export_text(Profile(values={"iterations_per_loop": 10}), "sess", QUIET)
    assert "from npu_bridge.estimator.npu import util" in text
    namespace = standins.run_code(text)
    assert namespace["with_iterations_per_loop"]("S", "OP") == (
        "set_iteration_per_loop",
        "S",
        "OP",
        10,
    )
    assert namespace["config"].npu_map()["iterations_per_loop"] == ("i", 10)


@pytest.mark.parametrize("values", [{}, {"iterations_per_loop": 1}])
def test_sess_export_has_no_loop_helper_without_looping(values: dict[str, Any]) -> None:
    assert "set_iteration_per_loop" not in export_text(Profile(values=values), "sess", QUIET)


def test_sess_export_loop_helper_follows_an_expression() -> None:
    p = Profile(values={"iterations_per_loop": Expr(expr="FLAGS.loops")})
    text = export_text(p, "sess", QUIET)
    assert "util.set_iteration_per_loop(sess, train_op, FLAGS.loops)" in text


# -- #8 compress_weight_conf: the sess export sends only the conf file ------------------


def test_sess_export_sends_only_compress_weight_conf() -> None:
    p = Profile(values={"compress_weight_conf": "/c/compress.cfg"})
    text = export_text(p, "sess", QUIET)
    written = standins.run_code(text)["config"].npu_map()
    assert written["compress_weight_conf"] == ("s", b"/c/compress.cfg")
    assert "enable_compress_weight" not in written
    fix = next(d for d in evaluate(p) if d.rule_id == "compress_weight_conf.always_aborts").fix
    assert fix is not None and "leaves out enable_compress_weight" in fix.en


def test_sess_export_leaves_out_an_explicit_false_switch_too() -> None:
    p = Profile(values={"compress_weight_conf": "/c.cfg", "enable_compress_weight": False})
    written = standins.run_code(export_text(p, "sess", QUIET))["config"].npu_map()
    assert "enable_compress_weight" not in written


def test_sess_export_keeps_an_explicit_compress_switch() -> None:
    p = Profile(values={"compress_weight_conf": "/c.cfg", "enable_compress_weight": True})
    written = standins.run_code(export_text(p, "sess", QUIET))["config"].npu_map()
    assert written["enable_compress_weight"] == ("b", True)


# -- DynamicInputConfig: the export writes None for what is missing ------------------


def test_exported_incomplete_config_is_dropped_and_the_diagnostic_says_so() -> None:
    p = Profile(values={"dynamic_input_config.input_shape": "data:1,-1"})
    text = export_text(p, "py", ExportOptions())
    assert "compile_hybrid_mode=None" in text
    assert "NPUEstimator then sends none of the four keys" in text
    written = standins.run_code(export_text(p, "sess", QUIET))["config"].npu_map()
    assert "input_shape" not in written
