"""``validate`` judges the configuration the file really has: its surface (an
NPURunConfig, a sess.run parameter_map, the environment) and the product and
scenario it names, or says for which ones a finding holds when it names none."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ascend_studio.cli import run_cli
from ascend_studio.lint._config import forget_configs

#: docs/en/tfadapter_1/migration/others/dynamic_shape_profiles_online_inference.md
DOC_SESS_DYNAMIC = """\
import tensorflow as tf
from tensorflow.core.protobuf.rewriter_config_pb2 import RewriterConfig
config = tf.ConfigProto()
custom_op =  config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.name =  "NpuOptimizer"
custom_op.parameter_map["use_off_line"].b = True
custom_op.parameter_map["input_shape"].s = tf.compat.as_bytes("data:1,1,40,-1;label:1,-1;mask:-1,-1")
custom_op.parameter_map["dynamic_dims"].s = tf.compat.as_bytes("20,20,1,1;40,40,2,2;80,60,4,4")
custom_op.parameter_map["dynamic_node_type"].i = 0
config.graph_options.rewrite_options.remapping = RewriterConfig.OFF  # Disable remapping.

with tf.Session(config=config) as sess:
  sess.run()
"""

SESS_HEAD = """\
import tensorflow as tf
config = tf.ConfigProto()
custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.name = "NpuOptimizer"
"""

OVERFLOW = """\
from npu_bridge.npu_init import *
dump_config = DumpConfig(enable_dump_debug=True, dump_path="/tmp/dump",
                         dump_debug_mode="aicore_overflow")
config = NPURunConfig(dump_config=dump_config)
"""


def _validate(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, text: str, *args: str
) -> tuple[int, dict[str, object]]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    status = run_cli(["validate", "--json", str(path), *args])
    return status, json.loads(capsys.readouterr().out)


def _findings(document: dict[str, object]) -> list[dict[str, object]]:
    configs = document["configs"]
    assert isinstance(configs, list)
    return [d for c in configs for d in c["diagnostics"]]


def test_the_docs_sess_run_dynamic_shape_example_has_no_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, document = _validate(capsys, tmp_path, "infer.py", DOC_SESS_DYNAMIC)
    assert status == 0
    assert "error" not in {d["severity"] for d in _findings(document)}
    assert "dynamic_input_config.incomplete" not in {d["rule_id"] for d in _findings(document)}
    # the snippet leaves graph_run_mode at 1: the job is built as training, and says why
    (config,) = document["configs"]  # type: ignore[misc]
    assert config["scenario"] == "training"
    warned = [d for d in _findings(document) if d["severity"] == "warning"]
    assert {d["rule_id"] for d in warned} == {"scenario.param"}
    for d in warned:
        assert "graph_run_mode is not set; it defaults to 1" in d["message"]["en"]  # type: ignore[index]
    # with graph_run_mode=0, as the inference build page says: nothing but information
    inference = DOC_SESS_DYNAMIC.replace(
        "config.graph_options",
        'custom_op.parameter_map["graph_run_mode"].i = 0\nconfig.graph_options',
        1,
    )
    status, document = _validate(capsys, tmp_path, "infer.py", inference)
    assert status == 0
    assert [d for d in _findings(document) if d["severity"] != "info"] == []


def test_compress_weight_conf_alone_in_a_parameter_map_is_not_an_estimator_abort(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = SESS_HEAD + 'custom_op.parameter_map["compress_weight_conf"].s = b"/c.cfg"\n'
    status, document = _validate(capsys, tmp_path, "s.py", text)
    assert status == 0
    ids = {d["rule_id"] for d in _findings(document)}
    assert "compress_weight_conf.always_aborts" not in ids
    # the same option through NPURunConfig: NPUEstimator sends enable_compress_weight too
    status, document = _validate(
        capsys, tmp_path, "e.py", 'config = NPURunConfig(compress_weight_conf="/c.cfg")\n'
    )
    assert status == 1
    assert "compress_weight_conf.always_aborts" in {d["rule_id"] for d in _findings(document)}


def test_a_parameter_map_gets_its_own_statements(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = SESS_HEAD + (
        'custom_op.parameter_map["input_shape"].s = tf.compat.as_bytes("data:-1")\n'
        'custom_op.parameter_map["profiling_options"].s = b\'{"output": "/p"}\'\n'
    )
    status, document = _validate(capsys, tmp_path, "s.py", text)
    found = {d["rule_id"]: d for d in _findings(document)}
    assert status == 1  # the three dynamic keys go together: LOG(FATAL)
    assert found["dynamic_input_config.keys_together"]["severity"] == "error"
    not_read = found["profiling_options.not_read"]["message"]
    assert isinstance(not_read, dict) and "does not read it" in not_read["en"]
    assert "profiling_options.without_profiling" not in found  # "not sent" is NPUEstimator's


def test_an_unnamed_product_is_not_judged_as_a2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, document = _validate(capsys, tmp_path, "train.py", OVERFLOW)
    assert status == 0
    (finding,) = [d for d in _findings(document) if d["rule_id"] == "avail.value_product"]
    message = finding["message"]
    assert finding["severity"] == "info" and isinstance(message, dict)
    assert message["en"].startswith("Only on A2, A3, Atlas 350 (no product is named): ")
    assert message["zh"].startswith("仅当产品为 A2、A3、Atlas 350 时（文件未指定产品）：")
    configs = document["configs"]
    assert isinstance(configs, list) and configs[0]["product"] is None
    # named on the command line, in the project or by a directive: judged for it
    status, document = _validate(capsys, tmp_path, "train.py", OVERFLOW, "--product", "A2")
    assert status == 1
    assert {d["severity"] for d in _findings(document)} == {"error"}
    (tmp_path / ".ascend-studio.toml").write_text('product = "atlas_training"\n', "utf-8")
    forget_configs()
    status, document = _validate(capsys, tmp_path, "train.py", OVERFLOW)
    assert status == 0 and _findings(document) == []


def test_a_finding_on_every_product_keeps_its_severity(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = 'config = NPURunConfig(precision_mode="force_fp32", precision_mode_v2="fp16")\n'
    status, document = _validate(capsys, tmp_path, "t.py", text)
    assert status == 1
    found = [d for d in _findings(document) if not str(d["rule_id"]).startswith("release.")]
    assert [d["severity"] for d in found] == ["error"]


def test_a_per_device_loop_is_a_note_not_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        "import os\n"
        "for i in range(8):\n"
        '    os.environ["ASCEND_DEVICE_ID"] = str(i)\n'
        "config = NPURunConfig(iterations_per_loop=10)\n"
    )
    (tmp_path / "run.py").write_text(text, encoding="utf-8")
    assert run_cli(["validate", "--fail-on", "warning", "--format", "json", str(tmp_path)]) == 0
    document = json.loads(capsys.readouterr().out)
    (finding,) = document["files"][0]["findings"]
    assert (finding["rule_id"], finding["severity"]) == ("import.device_loop", "info")


def test_one_file_is_counted_the_same_by_both_reports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        "import os\n"
        "for i in range(8):\n"
        '    os.environ["ASCEND_DEVICE_ID"] = str(i)\n'
        'config = NPURunConfig(precision_mode="force_fp32", precision_mode_v2="fp16")\n'
        'os.environ["RANK_SIZE"] = "8"\n'
        'os.environ["RANK_SIZE"] = "4"\n'
    )
    path = tmp_path / "run.py"
    path.write_text(text, encoding="utf-8")
    assert run_cli(["validate", "--json", str(path)]) == 1
    single = json.loads(capsys.readouterr().out)["counts"]
    assert run_cli(["validate", "--format", "json", str(path)]) == 1
    batch = json.loads(capsys.readouterr().out)["summary"]["by_severity"]
    # info: the per-device loop, and precision_mode_v2 that early releases lack
    assert single == batch == {"error": 1, "warning": 1, "info": 2}
    assert run_cli(["validate", str(path)]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "in all: 1 error, 1 warning, 2 info"


def test_a_directive_by_alias_names_the_product(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, document = _validate(
        capsys, tmp_path, "train.py", "# ascend-studio: product=910B\n" + OVERFLOW
    )
    configs = document["configs"]
    assert isinstance(configs, list) and configs[0]["product"] == "atlas_a2"
    assert status == 1  # judged for the A2: aicore_overflow is not supported there


def test_a_directive_naming_nothing_known_is_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, document = _validate(
        capsys, tmp_path, "train.py", "# ascend-studio: product=Ascend999\n" + OVERFLOW
    )
    assert status == 0
    warnings = document["import_warnings"]
    assert isinstance(warnings, list) and warnings[0].startswith("line 1: product=Ascend999")


def test_a_directive_in_a_shell_script(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "export ENABLE_HF32_EXECUTION=1\n"
    _, document = _validate(capsys, tmp_path, "env.sh", text)
    found = {d["rule_id"]: d["severity"] for d in _findings(document)}
    assert found["env.hf32.product"] == "info"  # holds on some products only
    _, document = _validate(capsys, tmp_path, "env.sh", "# ascend-studio: product=910\n" + text)
    found = {d["rule_id"]: d["severity"] for d in _findings(document)}
    assert found["env.hf32.product"] == "warning"
