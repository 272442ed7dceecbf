"""What environment writers leave out, and the comment that says why.

Names the shell owns: ``export UID=1`` fails in bash (read-only; run as sh, the
script stops there), ``OPTIND=x`` stops dash, and bash recomputes ``SECONDS``,
``RANDOM``, ``LINENO`` and others itself, so a value written for them does not
last. Compositions (``PATH=/x:$PATH``) in the formats that set whole values
(docker ``-e``, env-file, Kubernetes): they cannot add to the container's value.
"""

from __future__ import annotations

from ascend_studio._words import say
from ascend_studio.codegen._compose import composes

__all__ = [
    "SHELL_OWNED",
    "SHELL_OWNED_ZH",
    "left_out_compositions",
    "left_out_owned",
    "owned_notes",
    "shell_owned_note",
]

Item = tuple[str, str | None, bool]  # (name, value or None for unset, kept shell text)

_READONLY = (
    "is read-only in bash: bash refuses the assignment (run as sh, it stops the script "
    "there: 'readonly variable')"
)
_BASH_SETS = "is set by bash itself ({}), so the value would not last"
#: Names the shell itself owns: an ``export`` of them fails, stops the script or does
#: not last. Every environment writer leaves them out and says why.
SHELL_OWNED = {
    "_": "the shell sets $_ itself after every command (bash: to its last argument; "
    "at exec: to the program's path), so the value would not last",
    **dict.fromkeys(("UID", "EUID", "PPID", "BASHOPTS", "BASH_VERSINFO", "SHELLOPTS"), _READONLY),
    "OPTIND": "is getopts' index: dash stops the script on a value that is not a number "
    "('export: Illegal number'), bash resets getopts with it",
    "SECONDS": _BASH_SETS.format("seconds since the shell started"),
    "RANDOM": _BASH_SETS.format("a new random number at each use"),
    "SRANDOM": _BASH_SETS.format("a new random number at each use"),
    "LINENO": _BASH_SETS.format("the current line number"),
    "GROUPS": _BASH_SETS.format("the user's groups; assignments are ignored"),
    "BASHPID": _BASH_SETS.format("its process id"),
    "EPOCHSECONDS": _BASH_SETS.format("the current time"),
    "EPOCHREALTIME": _BASH_SETS.format("the current time"),
    "HISTCMD": _BASH_SETS.format("the history number"),
    "FUNCNAME": _BASH_SETS.format("the functions being run"),
    "BASH_SUBSHELL": _BASH_SETS.format("the subshell level"),
    "BASH_COMMAND": _BASH_SETS.format("the command being run"),
}


_READONLY_ZH = "在 bash 中是只读变量：bash 拒绝赋值（以 sh 运行时脚本在此停止：readonly variable）"
_BASH_SETS_ZH = "由 bash 自己设置（{}），所以这个值留不住"
#: :data:`SHELL_OWNED` in Chinese.
SHELL_OWNED_ZH = {
    "_": "shell 每执行一条命令都会自己设置 $_（bash：设为该命令的最后一个参数；exec 时："
    "设为程序路径），所以这个值留不住",
    **dict.fromkeys(
        ("UID", "EUID", "PPID", "BASHOPTS", "BASH_VERSINFO", "SHELLOPTS"), _READONLY_ZH
    ),
    "OPTIND": "是 getopts 的序号：值不是数字时 dash 会停止脚本（export: Illegal number），"
    "bash 会用它重置 getopts",
    "SECONDS": _BASH_SETS_ZH.format("shell 启动以来的秒数"),
    "RANDOM": _BASH_SETS_ZH.format("每次使用都是新的随机数"),
    "SRANDOM": _BASH_SETS_ZH.format("每次使用都是新的随机数"),
    "LINENO": _BASH_SETS_ZH.format("当前行号"),
    "GROUPS": _BASH_SETS_ZH.format("用户所在的组；赋值被忽略"),
    "BASHPID": _BASH_SETS_ZH.format("它的进程号"),
    "EPOCHSECONDS": _BASH_SETS_ZH.format("当前时间"),
    "EPOCHREALTIME": _BASH_SETS_ZH.format("当前时间"),
    "HISTCMD": _BASH_SETS_ZH.format("历史编号"),
    "FUNCNAME": _BASH_SETS_ZH.format("正在运行的函数"),
    "BASH_SUBSHELL": _BASH_SETS_ZH.format("子 shell 层级"),
    "BASH_COMMAND": _BASH_SETS_ZH.format("正在运行的命令"),
}


def shell_owned_note(name: str, lang: str = "en") -> str:
    """The comment a writer puts where it leaves ``name`` out, in ``lang``."""
    why = SHELL_OWNED_ZH[name] if lang == "zh" else SHELL_OWNED[name]
    return say("# {name} is not written: {why}", lang, name=name, why=why)


def owned_notes(names: list[str], lang: str = "en") -> list[str]:
    """Comment lines for the shell-owned ``names`` a writer left out."""
    return [shell_owned_note(name, lang) for name in names if name in SHELL_OWNED]


def left_out_owned(items: list[Item], lang: str = "en") -> tuple[list[Item], list[str]]:
    """The items a writer writes, and the names the shell owns that it leaves out."""
    kept = [i for i in items if i[0] not in SHELL_OWNED]
    return kept, owned_notes([i[0] for i in items], lang)


def left_out_compositions(
    items: list[Item], what: str, lang: str = "en"
) -> tuple[list[Item], list[str]]:
    """The items but compositions (``PATH=/x:$PATH``), and comments on those left out:
    ``what`` (English, translated) sets whole values and cannot add to the value the
    container already has."""
    kept: list[Item] = []
    notes: list[str] = []
    for name, value, verbatim in items:
        if verbatim and value is not None and composes(name, value):
            shown = " ".join(value.split())[:120]
            notes += [
                say(
                    "# {name} is not written: it adds to the variable's previous value ({value}),",
                    lang,
                    name=name,
                    value=shown,
                ),
                say(
                    "#   which {what} cannot do (it sets whole values). Set it inside the "
                    "container (sh format) or give the whole value.",
                    lang,
                    what=say(what, lang),
                ),
            ]
        else:
            kept.append((name, value, verbatim))
    return kept, notes
