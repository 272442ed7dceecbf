"""argparse's own messages and every command's help, in Chinese under ``--lang zh`` or a
Chinese locale, and unchanged in English."""

from __future__ import annotations

import argparse
import ast
import inspect
import re
import subprocess
import sys
from collections.abc import Iterator

import pytest

from ascend_studio._argparse import speaking, wrap_wide
from ascend_studio._words_argparse import ARGPARSE_ZH
from ascend_studio._words_help import HELP_ZH
from ascend_studio.cli import build_parser, given_language, run_cli


def _texts(parser: argparse.ArgumentParser) -> Iterator[str]:
    """Every text of ours a parser's help shows: description, epilog, group titles,
    help texts and command summaries, of the parser and of its subcommands."""
    for text in (parser.description, parser.epilog):
        if text:
            yield text
    for group in parser._action_groups:
        if group.title:
            yield group.title
    for action in parser._actions:
        if action.help and action.help is not argparse.SUPPRESS:
            yield action.help
        if isinstance(action, argparse._SubParsersAction):
            yield from (c.help for c in action._choices_actions if c.help)
            for sub in action.choices.values():
                yield from _texts(sub)


def test_every_help_text_has_its_chinese() -> None:
    texts = set(_texts(build_parser()))
    assert len(texts) > 100
    missing = sorted(t for t in texts if t not in HELP_ZH and t not in ARGPARSE_ZH)
    assert not missing, missing[:5]


def test_every_message_argparse_translates_has_its_chinese() -> None:
    """Read from the running Python's argparse: a newer Python's new message fails here."""
    tree = ast.parse(inspect.getsource(argparse))
    calls = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("_", "ngettext")
    ]
    texts = {a.value for c in calls for a in c.args if isinstance(a, ast.Constant)}
    assert "the following arguments are required: %s" in texts
    missing = sorted(t for t in texts if isinstance(t, str) and t not in ARGPARSE_ZH)
    assert not missing, missing


@pytest.mark.parametrize("english", sorted(ARGPARSE_ZH))
def test_argparse_messages_keep_their_fields(english: str) -> None:
    fields = re.compile(r"%(?:\(\w+\))?[sr]")
    assert sorted(fields.findall(ARGPARSE_ZH[english])) == sorted(fields.findall(english))


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        status = run_cli(argv)
    except SystemExit as exc:
        status = int(exc.code or 0)
    out, err = capsys.readouterr()
    return status, out + err


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--lang", "zh", "nosuch"], "无效的选择：'nosuch'"),
        (["--lang", "zh", "validate", "--bogus"], "无法识别的参数：--bogus"),
        (["--lang", "zh", "paths"], "缺少必需的参数：PROFILE"),
        (["paths", "p.json", "--lang", "zh", "--artifact"], "参数 --artifact：需要一个值"),
        (["--lang=zh", "validate", "--format", "xml"], "无效的选择：'xml'"),
    ],
)
def test_a_usage_error_in_chinese(
    argv: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, text = _run(argv, capsys)
    assert status == 2
    assert text.startswith("用法：ascend-studio"), text
    assert "：错误：" in text and expected in text, text
    assert "usage:" not in text and "error:" not in text


def test_a_usage_error_stays_english_in_english(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    status, text = _run(["--lang", "en", "paths"], capsys)
    assert status == 2 and "the following arguments are required: PROFILE" in text
    assert text.startswith("usage: ")


def test_the_locale_speaks_when_no_lang_is_given(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    status, text = _run(["--help"], capsys)
    assert status == 0 and "用法：ascend-studio" in text and "显示此帮助并退出" in text
    assert "show this help message" not in text


def test_argparse_speaks_english_again_after_a_chinese_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _run(["--lang", "zh", "paths"], capsys)
    parser = argparse.ArgumentParser(prog="other")
    assert "usage: other" in parser.format_help() and "options:" in parser.format_help()


@pytest.mark.parametrize("command", ["apply", "export", "paths", "preset", "validate", "workpath"])
def test_each_command_help_in_chinese(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, text = _run(["--lang", "zh", command, "--help"], capsys)
    assert status == 0
    assert text.startswith(f"用法：ascend-studio {command}")
    assert "选项：" in text and "显示此帮助并退出" in text
    assert "show this help" not in text and "options:" not in text


@pytest.mark.parametrize("command", [[], ["validate"], ["import"], ["launch-check"]])
def test_chinese_headings_end_in_the_full_width_colon(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """As every other Chinese text does ("用法：", "错误："); English keeps "options:"."""
    _status, text = _run(["--lang", "zh", *command, "--help"], capsys)
    headings = [line for line in text.split("\n") if line.rstrip().endswith((":", "："))]
    assert "选项：" in headings and "位置参数：" in headings
    assert not [line for line in headings if re.search(r"[\u4e00-\u9fff）]:$", line.rstrip())]
    _status, english = _run(["--lang", "en", *command, "--help"], capsys)
    assert "options:" in english.split("\n") and "：" not in english


def test_chinese_help_fits_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    _status, text = _run(["--lang", "zh", "validate", "--help"], capsys)
    widths = [sum(2 if "\u2e80" <= c <= "\uffef" else 1 for c in line) for line in text.split("\n")]
    long = [line for line, w in zip(text.split("\n"), widths, strict=True) if w > 80]
    assert not long, long


def test_wrapping_by_display_width() -> None:
    lines = wrap_wide("对 FILE 执行所有规则：FILE 是配置文件（.json），或 Python 训练脚本。", 20)
    assert all(sum(2 if ord(c) > 0x2E80 else 1 for c in line) <= 20 for line in lines)
    assert (
        "".join(lines).replace(" ", "")
        == "对FILE执行所有规则：FILE是配置文件（.json），或Python训练脚本。"
    )
    assert not any(line.startswith(("，", "。", "）", "：")) for line in lines)


@pytest.mark.parametrize(
    ("argv", "found"),
    [
        (["validate", "x.py"], None),
        (["--lang", "zh", "validate"], "zh"),
        (["--lang=en", "validate", "--lang", "zh"], "zh"),
        (["validate", "--", "--lang", "zh"], None),
    ],
)
def test_the_language_is_read_before_parsing(argv: list[str], found: str | None) -> None:
    assert given_language(argv) == found


def test_speaking_restores_argparse() -> None:
    hook = vars(argparse)["_"]
    with speaking("zh"):
        assert vars(argparse)["_"]("options") == "选项"
    assert vars(argparse)["_"] is hook


def test_zh_usage_error_from_the_installed_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ascend_studio", "--lang", "zh", "validate", "--fail-on", "x"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "无效的选择：'x'" in done.stderr and "Traceback" not in done.stderr
