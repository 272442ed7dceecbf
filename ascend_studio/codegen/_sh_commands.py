"""The shell commands that change the environment, and docker env-files."""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from ascend_studio.codegen._sh_state import DEVICE_VARS, State, split_assignment
from ascend_studio.codegen._shlex import Command, Word

__all__ = ["note_launch", "read_env_file", "run_builtin"]

_DECLARE = frozenset({"declare", "typeset", "local", "readonly"})


def _options(args: list[Word]) -> tuple[set[str], list[Word]]:
    flags: set[str] = set()
    rest = list(args)
    while rest and rest[0].value and rest[0].value[:1] in "-+" and len(rest[0].value) > 1:
        if rest[0].value == "--":
            return flags, rest[1:]
        flags |= {rest[0].value[0] + ch for ch in rest[0].value[1:]}
        rest = rest[1:]
    return flags, rest


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
#: What ``export`` takes (after quote removal): a name, ``NAME=value``, ``NAME+=value``;
#: ``declare`` and its kin also an array element (``A[0]=x``).
_VALID = {
    True: re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\+?=.*)?\Z", re.S),
    False: re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\[[^]]*\])?(\+?=.*)?\Z", re.S),
}


def _rejected(state: State, builtin: str, args: list[Word], cmd: Command) -> set[int]:
    """Words ``builtin`` (``export``, ``declare -x``..., options included) rejects as not
    a valid identifier (it fails with status 1 and sets nothing for them); the indexes
    of those words and of a name a spaced ``=`` left without its value
    (``export RANK_SIZE = 8``)."""
    skipped: set[int] = set()
    valid = _VALID[builtin.partition(" ")[0] == "export"]
    for index, word in enumerate(args):
        text = word.value
        if text is None or valid.match(text):
            continue  # an expansion is known at run time only; a name or NAME=value is fine
        skipped.add(index)
        before = args[index - 1].value if index else None
        if text.startswith("=") and before is not None and _NAME.match(before):
            value = text[1:] or (args[index + 1].text if index + 1 < len(args) else "")
            if not text[1:] and index + 1 < len(args):
                skipped.add(index + 1)
            skipped.add(index - 1)
            zh = (
                f"{builtin}: `{text}`: not a valid identifier —— bash 拒绝这个词（状态 1），"
                f"{before} 没有被设置（“=”前有空格）。请写成 {builtin} {before}={value}。"
            )
            en = (
                f"{builtin}: `{text}': not a valid identifier: bash rejects it (status 1) and "
                f"{before} is not set (a space before '='). Write {builtin} {before}={value}."
            )
            state.add("call_error", zh, en, cmd.line, f"env:{before}")
            continue
        if index - 1 in skipped:
            continue  # the value of a spaced "=": reported with its name
        empty = before[:-1] if before and before.endswith("=") else None
        if empty is not None and _NAME.match(empty):  # "export RANK_SIZE= 8"
            state.add(
                "call_error",
                f"{builtin}: `{text}`: not a valid identifier —— bash 拒绝这个词（状态 1），"
                f"{empty} 被设为空（“=”后有空格）。请写成 {builtin} {empty}={text}。",
                f"{builtin}: `{text}': not a valid identifier: bash rejects it (status 1) and "
                f"{empty} is set empty (a space after '='). Write {builtin} {empty}={text}.",
                cmd.line,
                f"env:{empty}",
            )
            continue
        state.add(
            "call_error",
            f"{builtin}: `{text}`: not a valid identifier —— bash 拒绝这个词（状态 1），什么也不设置。"
            "变量名只能由字母、数字和 _ 组成，且不能以数字开头。",
            f"{builtin}: `{text}': not a valid identifier: bash rejects it (status 1) and sets "
            "nothing. A name is letters, digits and _, not starting with a digit.",
            cmd.line,
        )
    return skipped


def _export(
    state: State, args: list[Word], cmd: Command, exporting: bool, builtin: str = "export"
) -> None:
    skipped = _rejected(state, builtin, args, cmd)
    for index, word in enumerate(args):
        if index in skipped:
            continue
        pair = split_assignment(word)
        if pair is not None:
            value, verbatim = state.value_of(pair[1], pair[0], cmd)
            if exporting:
                state.set_env(pair[0], value, verbatim, cmd)
            else:
                state.shell[pair[0]] = (value, verbatim, cmd.line)
            continue
        name = word.value or word.text
        if not exporting:
            continue
        if name in state.arrays:
            state.add_array(name, cmd.line)
        elif name in state.shell:
            value, verbatim, _ = state.shell[name]
            state.set_env(name, value, verbatim, cmd)
        elif name not in state.env:
            state.exported.add(name)
            state.add(
                "ignored",
                f"export {name}：本文件未给它赋值，其值来自调用方的环境。",
                f"export {name}: never assigned in this file; its value comes from the caller.",
                cmd.line,
                f"env:{name}",
            )


def _unset(state: State, args: list[Word], cmd: Command) -> None:
    flags, names = _options(args)
    if "-f" in flags:
        return
    for word in names:
        name = word.value or word.text
        state.shell.pop(name, None)
        state.set_env(name, None, False, cmd)
        state.exported.discard(name)  # bash: unset drops the export attribute too


def _docker(state: State, args: list[Word], cmd: Command) -> None:
    """``docker run/create -e K=V --env K=V --env=K=V --env-file F``."""
    if not args or args[0].value not in ("run", "create"):
        return
    index = 1
    while index < len(args):
        word = args[index]
        text = word.value or ""
        if text in ("-e", "--env", "--env-file") and index + 1 < len(args):
            target = args[index + 1]
            _docker_item(state, text, target.value or target.text, target.value is None, cmd)
            index += 2
            continue
        for prefix in ("--env-file=", "--env=", "-e"):
            if text.startswith(prefix) and len(text) > len(prefix):
                _docker_item(state, prefix.rstrip("="), text[len(prefix) :], False, cmd)
                break
        index += 1


def _docker_item(state: State, option: str, item: str, verbatim: bool, cmd: Command) -> None:
    if option == "--env-file":
        state.add(
            "sourced_file",
            f"--env-file {item}：未读取该文件；请单独导入。",
            f"--env-file {item}: not followed; import that file on its own.",
            cmd.line,
        )
        return
    name, sep, value = item.partition("=")
    if not sep:
        state.add(
            "ignored",
            f"-e {name}：不带值，容器取宿主机的值。",
            f"-e {name}: no value, so the container takes the host's value.",
            cmd.line,
            f"env:{name}",
        )
        return
    state.set_env(name, value, verbatim, cmd)


def _prefixed(state: State, name: str, assigns: list[tuple[str, str]], cmd: Command) -> None:
    if assigns and not assigns[-1][1] and name.isdigit():
        # "ASCEND_DEVICE_ID= 0": the space makes 0 a command, run with the variable empty
        last = assigns[-1][0]
        state.add(
            "call_error",
            f"{last}= {name}：“=”后有空格，bash 把 {name} 当作命令运行（command not found），"
            f"{last} 没有被设置。请写成 {last}={name}。",
            f"{last}= {name}: a space after '=', so bash runs {name} as a command (command not "
            f"found) and {last} is not set. Write {last}={name}.",
            cmd.line,
            f"env:{last}",
        )
        return
    for var, _ in assigns:
        if state.in_loop and var in DEVICE_VARS:
            state.set_env(var, None, False, cmd)  # reported as a device loop, not stored
            continue
        state.add(
            "ignored",
            f"{var}=... 只对命令 {name} 生效，不是环境设置。",
            f"{var}=... applies only to the command {name}, not to the environment.",
            cmd.line,
            f"env:{var}",
        )


#: Commands that start the program a launch script is for (the job reads its
#: environment as it is then).
_LAUNCH = re.compile(
    r"python[\d.]*|\S+\.py|bash|sh|nohup|mpirun|horovodrun|taskset|numactl|msrun|torchrun"
)


def note_launch(state: State, words: list[Word], cmd: Command) -> None:
    """Remember where the last program was started (see ``State.last_launch``): the
    command, or a word after a wrapper (``nohup python3 x.py``, ``${bind_core} python3``)."""
    for word in words[:4]:
        if _LAUNCH.fullmatch(_file_name(word.value or word.text)):
            state.last_launch = cmd.line
            return


def _file_name(text: str) -> str:
    """``PurePosixPath(text).name``, without making a path of every word (most hold no ``/``)."""
    if "/" not in text and text != ".":
        return text
    return PurePosixPath(text).name


def run_builtin(
    state: State, name: str, args: list[Word], assigns: list[tuple[str, str]], cmd: Command
) -> None:
    """Apply one simple command ``name args`` (with prefix assignments ``assigns``)."""
    if name in ("export", *_DECLARE):
        flags, rest = _options(args)
        exporting = (name == "export" and "-n" not in flags) or "-x" in flags
        if name != "export" or "-p" not in flags:
            _export(state, rest, cmd, exporting, " ".join([name, *sorted(flags)]))
        return
    if assigns:
        _prefixed(state, name, assigns, cmd)
    if name == "unset":
        _unset(state, args, cmd)
    elif name in ("source", ".", "cd", "pushd", "popd"):
        _place(state, name, args, cmd)
    elif name == "set":
        flags, rest = _options(args)
        words = [w.value for w in rest]
        if "-a" in flags or ("-o" in flags and "allexport" in words):
            state.allexport = True
        if "+a" in flags or ("+o" in flags and "allexport" in words):
            state.allexport = False
    elif name == "docker":
        _docker(state, args, cmd)
    elif name == "env":
        _prefixed(state, "env", [p for w in args if (p := split_assignment(w))], cmd)
    elif name == "eval":
        state.add("ignored", "eval 的内容未读取。", "The text given to eval is not read.", cmd.line)


def _place(state: State, name: str, args: list[Word], cmd: Command) -> None:
    """``source FILE`` (reported, not followed) and a change of folder (remembered:
    ``pwd`` answers otherwise after it)."""
    if name in ("cd", "pushd", "popd"):
        state.first_cd = state.first_cd or cmd.line
    elif args:
        state.add(
            "sourced_file",
            f"{name} {args[0].text}：未跟进读取该文件；需要时请单独导入。",
            f"{name} {args[0].text}: not followed; import that file on its own if needed.",
            cmd.line,
        )


def read_env_file(text: str) -> State:
    """A docker env-file, ``.env`` file or ``env`` dump: ``NAME=value`` per line, literal."""
    state = State()
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.removesuffix("\r").lstrip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export ") and "=" in line:
            line = line[len("export ") :].lstrip()
        name, sep, value = line.partition("=")
        cmd = Command((), number, "\n")
        if not sep or not name or any(ch.isspace() for ch in name):
            what = "无值，docker 会取宿主机的值" if not sep else "不是 NAME=value 形式"
            state.add(
                "ignored",
                f"“{line[:60]}”：{what}。",
                f"{line[:60]!r}: {'no value (docker passes the host value)' if not sep else 'not NAME=value'}; skipped.",
                number,
            )
            continue
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            state.add(
                "info",
                f"{name} 的值带引号；docker --env-file 会保留引号，已按原样导入。",
                f"{name}: the value is quoted; docker --env-file keeps the quotes, so they are "
                "imported as part of the value.",
                number,
                f"env:{name}",
            )
        state.set_env(name, value, False, cmd)
    return state
