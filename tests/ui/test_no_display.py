"""Without a display the app says so in one line and exits 2 (Qt would abort)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from app_process import run_ascend_studio

from ascend_studio.ui._display import display_problem


def _bare_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"DISPLAY", "WAYLAND_DISPLAY"}}
    env.pop("QT_QPA_PLATFORM", None)
    env.update(extra)
    return env


@pytest.mark.parametrize("platform", [None, "xcb"])
def test_no_display_is_one_line_and_exit_2(platform: str | None) -> None:
    env = _bare_env(**({"QT_QPA_PLATFORM": platform} if platform else {}))
    done = run_ascend_studio(env=env)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    for hint in ("no display", "ascend-studio --help", "ssh -X", "QT_QPA_PLATFORM=offscreen"):
        assert hint in lines[0]
    assert done.stdout == ""


def test_a_file_argument_gets_the_same_answer(tmp_path: Path) -> None:
    script = tmp_path / "train.py"
    script.write_text("print(1)\n", encoding="utf-8")
    done = run_ascend_studio(str(script), env=_bare_env())
    assert done.returncode == 2
    assert "no display" in done.stderr


@pytest.mark.parametrize(
    ("argv", "env", "platform", "blocked"),
    [
        ((), {}, "linux", True),
        ((), {"QT_QPA_PLATFORM": "xcb"}, "linux", True),
        ((), {"QT_QPA_PLATFORM": "wayland"}, "linux", True),
        ((), {"QT_QPA_PLATFORM": "offscreen"}, "linux", False),
        (("-platform", "offscreen"), {}, "linux", False),
        ((), {"WAYLAND_DISPLAY": "wayland-0"}, "linux", False),
        ((), {"QT_QPA_PLATFORM": "wayland", "WAYLAND_DISPLAY": "wayland-0"}, "linux", False),
        ((), {}, "win32", False),
        ((), {}, "darwin", False),
    ],
)
def test_display_problem(
    argv: tuple[str, ...], env: dict[str, str], platform: str, blocked: bool
) -> None:
    assert (display_problem(argv, env, platform) is not None) is blocked


@pytest.mark.parametrize(
    ("argv", "extra"),
    [((), {"LANG": "zh_CN.UTF-8"}), (("--lang", "zh"), {}), ((), {"LC_ALL": "zh_CN.UTF-8"})],
)
def test_a_chinese_locale_or_lang_gets_the_line_in_chinese(
    argv: tuple[str, ...], extra: dict[str, str]
) -> None:
    env = _bare_env(**extra)
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        if name not in extra:
            env.pop(name, None)
    done = run_ascend_studio(*argv, env=env)
    assert done.returncode == 2, done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert "没有可打开窗口的显示" in line and "ssh -X" in line, line
    assert "no display" not in line
