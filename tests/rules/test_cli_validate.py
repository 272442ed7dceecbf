"""``ascend-studio validate``: exit status, text and JSON output, scripts via the importer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rule_cases import P

from ascend_studio.cli import run_cli
from ascend_studio.profile import Profile, save_profile


def _save(tmp_path: Path, profile: Profile, name: str = "p.json") -> str:
    return str(save_profile(profile, tmp_path / name))


def test_errors_give_exit_1_and_name_the_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _save(tmp_path, P({"precision_mode": "force_fp32", "precision_mode_v2": "fp16"}))
    assert run_cli(["validate", path]) == 1
    out = capsys.readouterr().out
    assert "precision.both_modes" in out and "cannot both be set" in out
    assert "1 error" in out


def test_warnings_only_give_exit_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _save(tmp_path, P({"input_fusion_size": 40_000_000}))
    assert run_cli(["validate", path]) == 0
    assert "input_fusion_size.clamped" in capsys.readouterr().out


def test_product_and_scenario_overrides(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _save(tmp_path, P({"hccl_timeout": 600}))
    assert run_cli(["validate", path]) == 0
    assert "range.product_rounded" not in capsys.readouterr().out
    assert run_cli(["validate", path, "--product", "atlas_training", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    config = document["configs"][0]
    assert config["product"] == "atlas_training"
    assert [d["rule_id"] for d in config["diagnostics"]] == ["range.product_rounded"]
    assert config["diagnostics"][0]["message"]["zh"]
    assert run_cli(["validate", path, "--scenario", "inference"]) == 0  # warnings only
    assert "graph_run_mode.inference_unset" in capsys.readouterr().out


def test_json_document_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _save(tmp_path, P({"aoe_mode": 2}))
    assert run_cli(["validate", path, "--json", "--explain", "aoe_mode"]) == 1
    document = json.loads(capsys.readouterr().out)
    diagnostic = document["configs"][0]["diagnostics"][0]
    assert diagnostic == {
        "location": None,
        "rule_id": "type.mismatch",
        "severity": "error",
        "params": ["aoe_mode"],
        "message": diagnostic["message"],
        "fix": diagnostic["fix"],
        "source": diagnostic["source"],
        "value": {"aoe_mode": 2},
        "fixes": [
            {
                "applicability": "safe",
                "title": {"zh": "设置 aoe_mode='2'", "en": "Set aoe_mode='2'"},
                "edits": [{"op": "set_value", "path": "aoe_mode", "value": "2"}],
            }
        ],
    }
    assert document["configs"][0]["counts"]["error"] >= 1
    explanation = document["configs"][0]["explanations"][0]
    assert explanation["path"] == "aoe_mode" and explanation["effective"]["source"] == "set"


def test_chinese_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _save(tmp_path, P({"mix_compile_mode": 1}))
    assert run_cli(["validate", path, "--lang", "zh"]) == 1
    assert "必须是布尔值" in capsys.readouterr().out


def test_explain_in_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _save(tmp_path, P({"customize_dtypes": "/c.cfg", "precision_mode_v2": "origin"}))
    assert run_cli(["validate", path, "--explain", "customize_dtypes"]) == 0
    out = capsys.readouterr().out
    assert (
        "why customize_dtypes" in out
        and "affected by: " in out
        and "precision_mode_v2='origin'" in out
    )


def test_bad_files_and_arguments_give_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"schema_version": 1, "values": ', encoding="utf-8")
    assert run_cli(["validate", str(broken)]) == 2
    assert "broken.json" in capsys.readouterr().err
    assert run_cli(["validate", str(tmp_path / "missing.json")]) == 2
    capsys.readouterr()
    path = _save(tmp_path, P())
    assert run_cli(["validate", path, "--product", "atlas_9000"]) == 2
    assert "unknown product" in capsys.readouterr().err


def test_python_script_through_the_importer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "train.py"
    script.write_text(
        "from npu_bridge.npu_init import *\n"
        "config = NPURunConfig(\n"
        "    precision_mode='allow_mix_precision',\n"
        "    precision_mode_v2='mixed_float16',\n"
        "    iterations_per_loop=args.loops,\n"
        ")\n",
        encoding="utf-8",
    )
    assert run_cli(["validate", str(script)]) == 1
    assert "precision.both_modes" in capsys.readouterr().out


def test_shell_script_through_the_importer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "env.sh"
    script.write_text(
        "#!/bin/bash\nexport RANK_SIZE=8\nexport CM_WORKER_SIZE=8\n", encoding="utf-8"
    )
    assert run_cli(["validate", str(script)]) == 1
    assert "env.rank_size_with_cm_worker_size" in capsys.readouterr().out


def test_script_without_configuration(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "empty.py"
    script.write_text("print('hello')\n", encoding="utf-8")
    assert run_cli(["validate", str(script)]) == 2
    assert "empty.py" in capsys.readouterr().err


def test_script_is_checked_as_written_and_import_warnings_are_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """aoe_mode=2 raises TypeError and "host" aborts TF Adapter; importing converts them,
    but validating the script must still say the script fails as it stands."""
    script = tmp_path / "train.py"
    script.write_text(
        "cfg = tf.ConfigProto()\n"
        "op = cfg.graph_options.rewrite_options.custom_optimizers.add()\n"
        "op.name = 'NpuOptimizer'\n"
        "op.parameter_map['enable_auto_mix_precision'].b = True\n"
        "config = NPURunConfig(session_config=cfg, aoe_mode=2, variable_placement='host',\n"
        "                      mix_compile_mode=True, work_path='/tmp')\n",
        encoding="utf-8",
    )
    assert run_cli(["validate", str(script)]) == 1
    out = capsys.readouterr().out
    assert "type.mismatch  [aoe_mode]" in out and "value.case  [variable_placement]" in out
    # the key the adapter ignores is kept in the profile and reported by its rule, once
    assert "profile.unknown_key  [parameter_map.enable_auto_mix_precision]" in out
    assert "import: warning [unknown_key]" not in out
    assert run_cli(["validate", str(script), "--json"]) == 1
    document = json.loads(capsys.readouterr().out)
    assert document["import_errors"] == []
    found = [d["rule_id"] for d in document["configs"][0]["diagnostics"]]
    assert "profile.unknown_key" in found
    fixed = tmp_path / "fixed.py"
    fixed.write_text(
        "config = NPURunConfig(aoe_mode='2', variable_placement='Host', mix_compile_mode=True)\n"
    )
    assert run_cli(["validate", str(fixed)]) == 0


def test_explain_rejects_unknown_parameters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _save(tmp_path, P({"hccl_timeout": 600}, env={"HCCL_EXEC_TIMEOUT": "1000"}))
    assert run_cli(["validate", path, "--explain", "hcl_timeout"]) == 2
    assert "unknown parameter 'hcl_timeout'; did you mean hccl_timeout?" in capsys.readouterr().err
    assert run_cli(["validate", path, "--explain", "env:HCCL_EXEC_TIMEOUT"]) == 0
    assert "why env:HCCL_EXEC_TIMEOUT: effective '1000' [environment]" in capsys.readouterr().out
