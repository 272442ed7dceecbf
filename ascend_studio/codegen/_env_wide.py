"""Variables that change how every program started with the environment runs.

``LD_PRELOAD`` makes every dynamically linked program load a library first,
``BASH_ENV`` makes every bash script run a file first, an empty ``PATH`` leaves
no command to find by name. A profile may well mean them (a profiler's
preload), but they reach far beyond the Ascend job, and a profile is a file
someone else may have written: every writer that puts one into a script (the
environment exports, ``apply``) says so beside it, never silently.
"""

from __future__ import annotations

from ascend_studio._words import say
from ascend_studio.codegen._compose import composes
from ascend_studio.schema import Text

__all__ = ["process_wide", "wide_note"]

#: name -> (Chinese, English) of what it does to every program; ``{value}`` is filled in.
_WIDE: dict[str, tuple[str, str]] = {
    "LD_PRELOAD": (
        "以此环境启动的每个动态链接程序（python、bash、编译器……）都会先加载 {value}（ld.so(8)）",
        "every dynamically linked program started with this environment (python, bash, the "
        "compilers...) loads {value} first (ld.so(8))",
    ),
    "LD_AUDIT": (
        "以此环境启动的每个动态链接程序都会加载审计库 {value}（ld.so(8)）",
        "every dynamically linked program started with this environment loads the auditing "
        "libraries {value} (ld.so(8))",
    ),
    "BASH_ENV": (
        "以此环境启动的每个 bash 脚本都会先执行 {value}（bash(1)，INVOCATION）",
        "every bash script started with this environment runs {value} first (bash(1), INVOCATION)",
    ),
    "ENV": (
        "以此环境启动的每个交互式 sh 都会先执行 {value}（POSIX sh）",
        "every interactive sh started with this environment runs {value} first (POSIX sh)",
    ),
    "PYTHONHOME": (
        "以此环境启动的每个 Python 都从 {value} 取标准库",
        "every Python started with this environment takes its standard library from {value}",
    ),
    "GCONV_PATH": (
        "以此环境启动的每个转换文本编码的程序都从 {value} 加载转换模块（glibc iconv）",
        "every program started with this environment that converts text encodings loads its "
        "modules from {value} (glibc iconv)",
    ),
}
_CHECK = Text.of("请确认这是有意的。", "Make sure that is meant.")


def _shown(value: str) -> str:
    return repr(value) if len(value) <= 80 else repr(value[:77] + "...")


def _path_note(value: str, verbatim: bool) -> tuple[str, str] | None:
    if value == "":
        return (
            "为空：按名字找不到任何命令（python3、bash……），shell 只在当前目录中查找",
            "empty, so no command is found by name (python3, bash...): shells look in the "
            "current folder only",
        )
    if verbatim and composes("PATH", value):
        return None  # adds to the caller's PATH
    shown = _shown(value)
    return (
        f"整个被替换为 {shown}：不在其中的程序按名字都找不到",
        f"replaced as a whole by {shown}: a program outside it is not found by name",
    )


def process_wide(name: str, value: str | None, verbatim: bool = False) -> Text | None:
    """What setting ``name`` to ``value`` does to every program started with the
    environment, said with a request to check it; None for an ordinary variable."""
    if value is None:
        return None
    if name == "PATH":
        found = _path_note(value, verbatim)
    elif name in _WIDE:
        zh, en = _WIDE[name]
        found = zh.format(value=_shown(value)), en.format(value=_shown(value))
    else:
        return None
    if found is None:
        return None
    return Text.of(f"{name}：{found[0]}。{_CHECK.zh}", f"{name}: {found[1]}. {_CHECK.en}")


def wide_note(
    name: str, value: str | None, verbatim: bool, lang: str, prefix: str = "#"
) -> list[str]:
    """The comment line a writer puts beside such a variable (none for another)."""
    found = process_wide(name, value, verbatim)
    if found is None:
        return []
    return [say("{prefix} Note: {note}", lang, prefix=prefix, note=found.get(lang))]
