"""Apply refuses what it cannot do safely and says what it could not rewrite."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from apply_cases import CASES

from ascend_studio.__main__ import main
from ascend_studio.apply import (
    ApplyError,
    apply_file,
    apply_python,
    recorded_source,
    with_source,
    write_applied,
)
from ascend_studio.codegen import import_python
from ascend_studio.profile import Expr, Profile, load_profile

ESTIMATOR = next(c for c in CASES if c.name == "estimator").before


def _profile(text: str, config: int = 1) -> Profile:
    return import_python(text).configs[config - 1].profile


def _script(tmp_path: Path) -> Path:
    script = tmp_path / "train.py"
    script.write_bytes(ESTIMATOR.read_bytes())
    return script


def test_import_records_the_script_and_its_hash(tmp_path: Path) -> None:
    script = _script(tmp_path)
    assert main(["import", str(script), "-o", str(tmp_path / "p.json")]) == 0
    record = recorded_source(load_profile(tmp_path / "p.json"))
    assert record is not None
    assert Path(record.path) == script.resolve()
    assert record.config == 1


def test_a_script_changed_since_import_is_refused(tmp_path: Path) -> None:
    script = _script(tmp_path)
    data = script.read_bytes()
    profile = with_source(_profile(data.decode()), script, data)
    profile = profile.with_value("precision_mode", "must_keep_origin_dtype")
    script.write_bytes(data + b"# edited by hand after the import\n")
    with pytest.raises(ApplyError, match="changed since it was imported"):
        apply_file(profile, script)
    assert script.read_bytes() == data + b"# edited by hand after the import\n"
    forced = apply_file(profile, script, force=True)
    assert "must_keep_origin_dtype" in forced.after


def test_cli_refuses_then_forces_and_keeps_a_backup(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = _script(tmp_path)
    saved = tmp_path / "p.json"
    assert main(["import", str(script), "-o", str(saved)]) == 0
    data = json.loads(saved.read_text())
    data["values"]["precision_mode"] = "must_keep_origin_dtype"
    saved.write_text(json.dumps(data))
    original = script.read_bytes()
    script.write_bytes(original + b"\n")
    capsys.readouterr()
    assert main(["apply", str(saved), str(script), "--write"]) == 1
    assert "changed since it was imported" in capsys.readouterr().err
    assert script.read_bytes() == original + b"\n"
    assert main(["apply", str(saved), str(script), "--write", "--force"]) == 0
    assert (tmp_path / "train.py.orig").read_bytes() == original + b"\n"
    assert b"precision_mode='must_keep_origin_dtype'" in script.read_bytes()


def test_default_is_a_diff_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = _script(tmp_path)
    saved = tmp_path / "p.json"
    assert main(["import", str(script), "-o", str(saved)]) == 0
    data = json.loads(saved.read_text())
    data["values"]["hccl_timeout"] = 1800
    saved.write_text(json.dumps(data))
    before = script.read_bytes()
    capsys.readouterr()
    assert main(["apply", str(saved), str(script)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("--- a/train.py\n+++ b/train.py\n")
    assert "+        hccl_timeout=1800,\n" in out
    assert script.read_bytes() == before
    assert not (tmp_path / "train.py.orig").exists()


def test_wrong_config_and_unreadable_script(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "p.json"
    saved.write_text(Profile().model_dump_json())
    script = _script(tmp_path)
    assert main(["apply", str(saved), str(script), "--config", "3"]) == 2
    assert main(["apply", str(saved), str(tmp_path / "missing.py")]) == 1
    (tmp_path / "bad.py").write_bytes(b"\xff\xfe NPURunConfig(")
    assert main(["apply", str(saved), str(tmp_path / "bad.py")]) == 1
    err = capsys.readouterr().err
    assert "--config must be 1..1" in err and "not UTF-8" in err
    assert "Traceback" not in err


def test_a_value_built_by_a_helper_is_reported_not_rewritten() -> None:
    text = (
        "from npu_bridge.npu_init import *\n"
        "config = NPURunConfig(dump_config=make_dump(), precision_mode='force_fp32')\n"
    )
    before = _profile(text)
    assert before.values["dump_config"] == Expr(expr="make_dump()")
    wanted = before.with_value("dump_config.enable_dump", True)
    result = apply_python(text, wanted.with_value("precision_mode", "must_keep_origin_dtype"))
    assert "precision_mode='must_keep_origin_dtype'" in result.after
    assert "make_dump()" in result.after
    warned = [n for n in result.notes if n.path == "dump_config.enable_dump"]
    assert warned and "cannot rewrite" in warned[0].message.en


def test_values_from_an_unpacked_dict_are_reported() -> None:
    text = "cfg = {'precision_mode': 'force_fp32'}\nconfig = NPURunConfig(**cfg)\n"
    wanted = _profile(text).with_value("precision_mode", "allow_fp32_to_fp16")
    result = apply_python(text, wanted)
    assert result.unchanged
    assert any("unpacked dict" in n.message.en for n in result.notes)


def test_a_new_keyword_beside_kwargs_is_warned() -> None:
    text = "config = NPURunConfig(iterations_per_loop=10, **extra)\n"
    result = apply_python(text, _profile(text).with_value("hccl_timeout", 600))
    assert (
        result.after == "config = NPURunConfig(iterations_per_loop=10, hccl_timeout=600, **extra)\n"
    )
    assert any("keyword given twice" in n.message.en for n in result.notes)


def test_an_edit_on_a_python2_line_is_refused() -> None:
    text = "config = NPURunConfig(precision_mode=ur'force_fp32', iterations_per_loop=10L)\n"
    with pytest.raises(ApplyError, match="Python 2"):
        apply_python(text, _profile(text).with_value("hccl_timeout", 600))


def test_environment_changes_are_pointed_to_the_shell_script() -> None:
    text = "config = NPURunConfig(iterations_per_loop=10)\n"
    result = apply_python(text, _profile(text).with_env("HCCL_EXEC_TIMEOUT", "1836"))
    assert result.unchanged
    assert any("shell script" in n.message.en for n in result.notes)


def test_write_is_atomic_with_backup(tmp_path: Path) -> None:
    script = _script(tmp_path)
    text = script.read_text()
    result = apply_python(text, _profile(text).with_value("hccl_timeout", 600))
    done = write_applied(result, script)
    assert done.backup is not None and done.backup.read_text() == text and done.backup_written
    assert script.read_text() == result.after
    assert sorted(p.name for p in tmp_path.iterdir()) == ["train.py", "train.py.orig"]


def test_an_attribute_value_is_replaced_whole_not_its_first_name() -> None:
    """``FLAGS`` and ``FLAGS.precision_mode`` start at the same column."""
    text = (
        "custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n"
        "custom_op.name = 'NpuOptimizer'\n"
        "custom_op.parameter_map['precision_mode'].s = tf.compat.as_bytes(FLAGS.precision_mode)\n"
    )
    result = apply_python(text, _profile(text).with_value("precision_mode", "force_fp32"))
    assert result.after.endswith("tf.compat.as_bytes('force_fp32')\n")


def test_needed_imports_are_added_once() -> None:
    text = (
        '"""Train."""\n'
        "from __future__ import print_function\n"
        "import os\n"
        "from npu_bridge.estimator.npu.npu_config import NPURunConfig\n"
        "\n"
        "config = NPURunConfig(iterations_per_loop=10)\n"
    )
    wanted = (
        _profile(text)
        .with_value("dump_config.enable_dump", True)
        .with_value("dump_config.dump_path", "/home/test/output")
        .with_value("profiling_config.enable_profiling", True)
    )
    after = apply_python(text, wanted).after
    module = "from npu_bridge.estimator.npu.npu_config import "
    assert after.count(module + "DumpConfig\n") == 1
    assert after.count(module + "ProfilingConfig\n") == 1
    assert after.index(module + "NPURunConfig") < after.index(module + "DumpConfig")
    assert 'dump_config=DumpConfig(enable_dump=True, dump_path="/home/test/output")' in after
    again = apply_python(after, wanted.with_value("dump_config.dump_step", "0"))
    assert again.after.count(module + "DumpConfig\n") == 1


def test_no_import_under_a_star_import_or_a_module_alias() -> None:
    star = "from npu_bridge.npu_init import *\nconfig = NPURunConfig()\n"
    after = apply_python(star, _profile(star).with_value("dump_config.enable_dump", True)).after
    assert after == star.replace(
        "NPURunConfig()", "NPURunConfig(dump_config=DumpConfig(enable_dump=True))"
    )
    alias = "import npu_bridge.estimator.npu.npu_config as cfg\nconfig = cfg.NPURunConfig()\n"
    after = apply_python(alias, _profile(alias).with_value("dump_config.enable_dump", True)).after
    assert "cfg.NPURunConfig(dump_config=cfg.DumpConfig(enable_dump=True))" in after
    assert after.count("import") == 1


def test_a_sub_config_shared_by_two_configurations_is_pointed_out() -> None:
    text = (
        "dump = DumpConfig(enable_dump=False, dump_path='/tmp/d')\n"
        "train = NPURunConfig(dump_config=dump, iterations_per_loop=10)\n"
        "evaluate = NPURunConfig(dump_config=dump, graph_run_mode=0)\n"
    )
    result = apply_python(text, _profile(text, 2).with_value("dump_config.enable_dump", True), 2)
    assert "DumpConfig(enable_dump=True," in result.after
    assert any("configuration 1" in n.message.en for n in result.notes)


def test_a_nested_sub_config_is_built_with_its_parent() -> None:
    text = "from npu_bridge.npu_init import *\nconfig = NPURunConfig(iterations_per_loop=10)\n"
    path = "experimental_config.graph_memory_optimize_config.recompute"
    result = apply_python(text, _profile(text).with_value(path, "auto"))
    assert (
        "experimental_config=ExperimentalConfig("
        'graph_memory_optimize_config=GraphMemoryOptimizeConfig(recompute="auto"))'
    ) in result.after
    assert _profile(result.after).values[path] == "auto"


TWICE = """from npu_bridge.npu_init import *
config = NPURunConfig(
    iterations_per_loop=10,  # first
    precision_mode="allow_mix_precision",
    iterations_per_loop=100,  # again
    dump_config=DumpConfig(enable_dump=True, dump_path="/d", enable_dump=False),
)
"""


def test_a_keyword_given_twice_is_written_once_when_applied() -> None:
    """Python refuses a script with a keyword given twice in one call: the keyword
    applied is left once, where it was given last, and the script compiles again."""
    before = _profile(TWICE)
    after = before.with_value("iterations_per_loop", 30).with_value("dump_config.enable_dump", True)
    result = apply_python(TWICE, after)
    assert result.after == TWICE.replace("    iterations_per_loop=10,  # first\n", "").replace(
        "iterations_per_loop=100", "iterations_per_loop=30"
    ).replace(
        'enable_dump=True, dump_path="/d", enable_dump=False', 'dump_path="/d", enable_dump=True'
    )
    compile(result.after, "train.py", "exec", dont_inherit=True)  # a SyntaxError before
    assert not result.notes


def test_a_keyword_given_twice_and_left_alone_is_named() -> None:
    result = apply_python(
        TWICE, _profile(TWICE).with_value("precision_mode", "must_keep_origin_dtype")
    )
    said = sorted((n.line, n.message.en) for n in result.notes)
    assert [line for line, _ in said] == [5, 6]
    assert "iterations_per_loop= is given more than once in NPURunConfig(...)" in said[0][1]
    assert "enable_dump= is given more than once in DumpConfig(...)" in said[1][1]
    assert all("Python refuses to compile the script" in text for _, text in said)
    assert result.after.count("iterations_per_loop=") == 2  # left as it was


def test_an_argument_given_by_position_and_keyword_is_named_when_applied() -> None:
    text = "from npu_bridge.npu_init import *\nconfig = NPURunConfig(100, iterations_per_loop=10)\n"
    result = apply_python(text, _profile(text).with_value("iterations_per_loop", 30))
    (said,) = [n for n in result.notes if "given twice" in n.message.en]
    assert said.line == 2
    assert "iterations_per_loop is given twice to NPURunConfig(...): the call raises TypeError" in (
        said.message.en
    )
