"""``--lang zh`` translates the CLI's labels and counts, not only messages."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from ascend_studio._words import counted
from ascend_studio.cli import run_cli

LABELS = re.compile(
    r"\b(error|warnings?|info|path|not produced|caveat|settings?|configurations?)\b"
)


def _profile(tmp_path: Path) -> Path:
    path = tmp_path / "p.json"
    path.write_text('{"values": {"iterations_per_loop": 0}}', encoding="utf-8")
    return path


def test_validate_in_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_cli(["validate", str(_profile(tmp_path)), "--lang", "zh"])
    out = capsys.readouterr().out
    assert "1 个错误" in out and "错误 " in out.splitlines()[1]
    labels = [
        line.split()[0] for line in out.splitlines()[1:] if line.startswith("  ") and line.split()
    ]
    assert "error" not in labels


def test_paths_in_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_cli(["paths", str(_profile(tmp_path)), "--lang", "zh", "--artifact", "kernel_meta"])
    out = capsys.readouterr().out
    assert "路径:" in out and "（未设置）" in out
    assert not re.search(r"^\s+(path|not produced|caveat):", out, re.MULTILINE)


def test_import_in_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "train.py"
    script.write_text(
        "from npu_bridge.npu_init import *\nc = NPURunConfig(iterations_per_loop=10)\n",
        encoding="utf-8",
    )
    run_cli(["import", str(script), "--lang", "zh"])
    head = "\n".join(capsys.readouterr().out.splitlines()[:2])
    assert "1 个配置" in head and "1 项设置" in head
    assert not LABELS.search(head.replace("python", ""))


def test_english_counts_agree_in_number() -> None:
    assert counted(1, "error") == "1 error"
    assert counted(2, "configuration") == "2 configurations"
    assert counted(1, "info") == "1 info"
    assert counted(2, "warning", "zh") == "2 个警告"


# -- how the language is chosen: --lang anywhere, else the environment ------------------


@pytest.mark.parametrize(
    ("argv", "env", "chinese"),
    [
        (["--lang", "zh", "validate"], {}, True),
        (["--lang=zh", "validate"], {}, True),
        (["validate"], {"LANG": "zh_CN.UTF-8"}, True),
        (["validate"], {"LC_ALL": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, True),
        (["validate"], {"LANGUAGE": "fr:zh_CN", "LANG": "en_US.UTF-8"}, True),
        (["validate"], {"LANGUAGE": "en", "LC_ALL": "zh_CN.UTF-8"}, False),
        (["validate"], {"LANG": "zh_CN.UTF-8", "LC_MESSAGES": "C"}, True),  # LC_ALL unset
        (["validate", "--lang", "en"], {"LANG": "zh_CN.UTF-8"}, False),
        (["--lang", "en", "validate", "--lang", "zh"], {}, True),  # the command's own wins
        (["validate"], {}, False),
    ],
)
def test_the_language_comes_from_lang_then_the_environment(  # noqa: PLR0917
    argv: list[str],
    env: dict[str, str],
    chinese: bool,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    if "LC_MESSAGES" in env:  # the first set one decides: LC_MESSAGES before LANG
        chinese = False
    run_cli([*argv, str(_profile(tmp_path))])
    out = capsys.readouterr().out
    assert ("1 个错误" in out) is chinese, out
    assert ("1 error" in out) is not chinese, out


def test_lang_before_the_command_works_in_a_real_process(tmp_path: Path) -> None:
    from app_process import run_ascend_studio

    done = run_ascend_studio("--lang", "zh", "validate", str(_profile(tmp_path)))
    assert done.returncode == 1, done.stderr
    assert "1 个错误" in done.stdout


# -- what --lang zh used to leave English ----------------------------------------------

DEEPFM_LIKE = """\
import os
import tensorflow as tf
from npu_bridge.npu_init import *

if __name__ == "__main__":
    sess_config = tf.ConfigProto()
    custom_op = sess_config.graph_options.rewrite_options.custom_optimizers.add()
    custom_op.name = "NpuOptimizer"
    custom_op.parameter_map["iterations_per_loop"].i = 10
    custom_op.parameter_map["enable_dump"].b = "True" == os.getenv("FLAG_ENABLE_DUMP")
    custom_op.parameter_map["sump_mode"].s = tf.compat.as_bytes("all")
"""


def test_validate_of_a_script_in_chinese(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "train.py"
    script.write_text(DEEPFM_LIKE, encoding="utf-8")
    run_cli(["--lang", "zh", "validate", str(script)])
    lines = capsys.readouterr().out.splitlines()
    header = next(line for line in lines if line.startswith(str(script)))
    assert "（sess.run 配置，第 6 行，__main__ 块中）" in header, header
    # no product is named; graph_run_mode is left at its default 1: training
    assert ": 未指定产品，训练:" in header
    assert lines[-1].startswith("合计: ")
    assert any(line.startswith("  警告 ") for line in lines)
    assert any(line.strip().startswith(("修复（", "修复:")) for line in lines)  # one word for fix
    assert any(line.strip().startswith("来源: ") for line in lines)
    words = ("import:", "sess.run config", "__main__ block", "training", "in all", "fixable")
    words += ("  warning ", "fix (", "source: ")
    for english in words:
        assert not any(english in line for line in lines), english


BROKEN = "from npu_bridge.npu_init import *\nc = NPURunConfig(iterations_per_loop=0)\n"


def test_a_batch_summary_in_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.py").write_text(BROKEN, encoding="utf-8")
    (tmp_path / "train.py").write_text(DEEPFM_LIKE, encoding="utf-8")
    run_cli(["--lang", "zh", "validate", str(tmp_path)])
    summary = [line for line in capsys.readouterr().out.splitlines() if "检查了" in line]
    assert len(summary) == 1 and summary[0].startswith("检查了 2 个文件，其中 2 个含配置"), summary
    assert not re.search(r"[A-Za-z]{3,}", summary[0]), summary[0]


def test_batch_summary_english_counts_agree_in_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a.py").write_text(BROKEN, encoding="utf-8")
    run_cli(["validate", str(tmp_path)])
    line = next(x for x in capsys.readouterr().out.splitlines() if "checked" in x)
    assert line.startswith("1 file checked, 1 with a configuration (1 configuration): 1 error,")


def test_preset_show_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    run_cli(["--lang", "zh", "preset", "show", "multi_card_training"])
    out = capsys.readouterr().out
    assert "产品: " in out and "; 场景: 训练" in out and "\n来源:\n" in out
    assert not re.search(r"^(products|sources|scenarios):|\benv RANK", out, re.MULTILINE)


def test_file_check_and_new_in_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_cli(["--lang", "zh", "file", "new", "debug"])
    template = capsys.readouterr().out
    assert "# 算子调试选项，逗号分隔：" in template and "Operator debug" not in template
    cfg = tmp_path / "debug.cfg"
    cfg.write_text("op_debug_config=ccec_O0,oom\n", encoding="utf-8")
    run_cli(["--lang", "zh", "file", "check", str(cfg)])
    out = capsys.readouterr().out
    assert out.startswith(f"{cfg}：按 op_debug_config 读取：1 条结果"), out
    assert f"{cfg}:1: 错误 [" in out
    run_cli(["file", "check", str(cfg)])
    assert capsys.readouterr().out.startswith(f"{cfg}: read as op_debug_config: 1 finding\n")


def test_validate_of_a_companion_file_points_to_file_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "debug.cfg"
    cfg.write_text("# options\nop_debug_config=ccec_g\n", encoding="utf-8")
    assert run_cli(["validate", str(cfg)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        f"ascend-studio validate: {cfg} is the file op_debug_config points to, not a "
        f"configuration: check it with ascend-studio file check {cfg}"
    )
    assert run_cli(["--lang", "zh", "validate", str(cfg)]) == 2
    assert f"请用 ascend-studio file check {cfg} 检查" in capsys.readouterr().err
    profile = _profile(tmp_path)  # a profile is checked as one, whatever its name
    assert run_cli(["validate", str(profile)]) == 1


def _comment_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip().startswith("#")]


@pytest.mark.parametrize("fmt", ["sh", "env-file", "docker", "k8s", "py", "sess", "tf2"])
def test_exports_in_chinese_have_no_english_comments(
    fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    profile = tmp_path / "p.json"
    profile.write_text(
        '{"product": "atlas_a2", "notes": "训练 8 卡", "values": {"iterations_per_loop": 10,'
        ' "precision_mode": "allow_mix_precision", "dump_config.dump_path": "/d",'
        ' "compress_weight_conf": "/c.cfg", "enable_compress_weight": false},'
        ' "env": {"ASCEND_WORK_PATH": "/w", "DROP": null, "_": "x", "D": "$1"}}',
        encoding="utf-8",
    )
    run_cli(["--lang", "zh", "export", str(profile), "-f", fmt])
    lines = _comment_lines(capsys.readouterr().out)
    assert lines[:1] != [] and any("由 Ascend Studio" in line for line in lines[:2])
    technical = re.compile(r"^#!|^# shellcheck disable=\S+$|^#   train_op = |^#   \S+\(")
    english = [
        line
        for line in lines
        if not technical.search(line)
        and not re.search(r"[\u4e00-\u9fff]", line)
        and re.search(r"[A-Za-z]{3,} [a-z]{2,} [a-z]{2,}", line)
    ]
    assert not english, english
    labels = [line for line in lines if re.match(r"#\s*(error|warning|info|fix)\b", line)]
    assert not labels, labels


@pytest.mark.parametrize("fmt", ["sh", "py", "sess"])
def test_a_chinese_export_imports_back_with_its_target_and_notes(fmt: str) -> None:
    from ascend_studio.codegen import ExportOptions, export_text, import_text
    from ascend_studio.profile import Profile

    profile = Profile(
        product="atlas_inference",
        scenario="inference",
        notes="说明\nline two",
        values={"iterations_per_loop": 1},
        env={"ASCEND_WORK_PATH": "/w"},
    )
    text = export_text(profile, fmt, ExportOptions(lang="zh"))
    back = import_text(text, f"x.{'sh' if fmt == 'sh' else 'py'}").configs[0].profile
    assert (back.product, back.scenario, back.notes) == (
        "atlas_inference",
        "inference",
        profile.notes,
    )


def _parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _parsers(sub)


def test_no_command_decides_the_language_by_default() -> None:
    """A command's own --lang defaults to nothing, so the one before the command and
    the environment can decide (a default "en" silently won over both)."""
    from ascend_studio.cli import build_parser

    defaults = {
        parser.prog: action.default
        for parser in _parsers(build_parser())
        for action in parser._actions
        if "--lang" in action.option_strings
    }
    assert len(defaults) > 10
    assert {prog: d for prog, d in defaults.items() if d is not None} == {}


@pytest.mark.parametrize(
    ("argv", "lang", "rest"),
    [
        (["--lang", "zh"], "zh", []),
        (["--lang=en", "p.ascend.json"], "en", ["p.ascend.json"]),
        (["--lang", "zh", "validate", "x.py"], "zh", ["validate", "x.py"]),
        (["validate", "--lang", "zh"], None, ["validate", "--lang", "zh"]),
        (["--lang", "fr"], None, ["--lang", "fr"]),  # argparse says what is wrong
    ],
)
def test_a_leading_lang_is_for_the_app_or_the_command(
    argv: list[str], lang: str | None, rest: list[str]
) -> None:
    from ascend_studio.__main__ import _leading_lang

    assert _leading_lang(argv) == (lang, rest)
