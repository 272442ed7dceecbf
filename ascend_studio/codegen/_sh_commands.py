"""The shell commands that change the environment, and docker env-files."""

from __future__ import annotations

from ascend_studio.codegen._sh_state import DEVICE_VARS, State, split_assignment
from ascend_studio.codegen._shlex import Command, Word

__all__ = ["read_env_file", "run_builtin"]

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


def _export(state: State, args: list[Word], cmd: Command, exporting: bool) -> None:
    for word in args:
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


def run_builtin(
    state: State, name: str, args: list[Word], assigns: list[tuple[str, str]], cmd: Command
) -> None:
    """Apply one simple command ``name args`` (with prefix assignments ``assigns``)."""
    if name in ("export", *_DECLARE):
        flags, rest = _options(args)
        exporting = (name == "export" and "-n" not in flags) or "-x" in flags
        if name != "export" or "-p" not in flags:
            _export(state, rest, cmd, exporting)
        return
    if assigns:
        _prefixed(state, name, assigns, cmd)
    if name == "unset":
        _unset(state, args, cmd)
    elif name in ("source", ".") and args:
        state.add(
            "sourced_file",
            f"{name} {args[0].text}：未跟进读取该文件；需要时请单独导入。",
            f"{name} {args[0].text}: not followed; import that file on its own if needed.",
            cmd.line,
        )
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
