"""Import environment settings from shell scripts, env-files, env dumps and docker -e.

Shell text is read with :mod:`._shlex` (never run). Only exported variables
are environment settings; values that refer to other variables or run
commands are kept as shell text (their names go in ``env_verbatim``);
``source``d files are reported, not followed; per-device loops are reported.
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import takewhile
from pathlib import PurePath

from ascend_studio.codegen._export_env import VERBATIM_FIELD
from ascend_studio.codegen._header import read_target
from ascend_studio.codegen._report import (
    ImportedConfig,
    ImportReport,
    ImportResult,
    ReportKind,
    internal_error,
)
from ascend_studio.codegen._sh_commands import note_launch, read_env_file, run_builtin
from ascend_studio.codegen._sh_crlf import crlf_finding, windows_endings
from ascend_studio.codegen._sh_state import DEVICE_VARS, State, split_assignment
from ascend_studio.codegen._sh_static import DEAD, arm
from ascend_studio.codegen._shlex import Command, ShellSyntaxError, Word, shell_quote, stream
from ascend_studio.profile import Profile
from ascend_studio.schema import shipped_catalog

__all__ = ["detect_dialect", "import_shell"]

_ENV_LINE = re.compile(r"\s*(export\s+)?[A-Za-z_][A-Za-z0-9_]*=")
_SHELL_START = re.compile(r"\s*(export|unset|source|\.|if|for|while|case|docker|set|function)\b")
_OPEN = {
    "if": "if",
    "while": "loop",
    "until": "loop",
    "for": "loop",
    "select": "loop",
    "case": "case",
}
_CLOSE = frozenset({"fi", "done", "esac", "}"})


def detect_dialect(text: str, source: str = "<string>") -> str:
    """ "shell", or "env-file" for docker env-files, ``.env`` files and ``env`` dumps."""
    name = PurePath(source).name.lower()
    if (
        name == ".env"
        or name.endswith(".env")
        or name.startswith(".env.")
        or name
        in (
            "env.list",
            "env-file",
            "envfile",
        )
    ):
        return "env-file"
    if text.startswith("#!") or name.endswith((".sh", ".bash", ".zsh", ".ksh")):
        return "shell"
    rows = [r for r in text.split("\n") if r.strip() and not r.lstrip().startswith("#")]
    if not rows or any(_SHELL_START.match(r) for r in rows):
        return "shell"
    matching = sum(1 for r in rows if _ENV_LINE.match(r))
    return "env-file" if matching >= 0.8 * len(rows) else "shell"


def _keywords(state: State, cmd: Command, words: list[Word]) -> list[Word]:
    """Consume reserved words at the start of a command, tracking blocks."""
    while words and not words[0].quoted:
        head = words[0].text
        in_if = bool(state.blocks) and state.blocks[-1].startswith("if")
        if head == "if" or (head in ("elif", "else") and in_if):
            previous = state.blocks.pop() if head != "if" else None
            state.blocks.append(arm(head, previous, words[1:]))
            _next_arm(state, head, cmd.line)
            if head == "if":
                return words[1:]
            words = words[1:]
            continue
        if head in _OPEN:
            state.blocks.append(_OPEN[head])
            state.loop_header = head in ("for", "select")
            return [] if head in ("for", "select", "case") else words[1:]
        if head in _CLOSE:
            if state.blocks and state.blocks.pop().startswith("if") and state.arms:
                state.arms.pop()
        elif head == "{":
            fn = state.pending_function
            state.blocks.append(f"function {fn}" if fn else "group")
            state.pending_function = None
        elif head == "function" and len(words) > 1:
            state.pending_function = words[1].text
            words = words[1:]
        elif head not in ("then", "do", "!"):
            break
        words = words[1:]
    return words


def _next_arm(state: State, head: str, line: int) -> None:
    """Track which arm of which ``if`` the commands are in (see ``State.arms``)."""
    if head == "if":
        state.arms.append((line, 0))
    elif state.arms:
        start, number = state.arms.pop()
        state.arms.append((start, number + 1))


def _structure(state: State, cmd: Command) -> bool:
    """Subshells, function headers and case patterns; True when the command is consumed."""
    words = cmd.words
    if cmd.end == "(" and not words:
        state.blocks.append("subshell")
        return True
    if cmd.end == "(" and len(words) == 1 and words[0].text not in _OPEN:
        state.pending_function = words[0].text
        return True
    if cmd.end == ")" and state.blocks and state.blocks[-1] == "case":
        return True
    if cmd.end == ")" and not words and state.blocks and state.blocks[-1] == "subshell":
        state.blocks.pop()
        return True
    return False


_HEADS = frozenset({"export", "declare", "typeset", "local", "readonly"})


def _array(state: State, cmd: Command) -> Command | None:
    """Track ``NAME=( ... )``; return the command still to run (None: consumed).

    The lexer splits ``export A=1 ARR=(x y) B=2`` at the parentheses: the part
    before is run without the array, the elements are skipped, and ``B=2`` on
    the line of ``)`` continues the same ``export``.
    """
    if state.array_head is not None:
        if cmd.end == ")":
            line = cmd.words[-1].line if cmd.words else cmd.line
            state.resume, state.array_head = (state.array_head, line), None
        return None
    resume, state.resume = state.resume, None
    if resume is not None and cmd.words and cmd.words[0].line == resume[1]:
        cmd = replace(cmd, words=(*resume[0], *cmd.words))
    last = cmd.words[-1] if cmd.words else None
    pair = split_assignment(last) if cmd.end == "(" and last is not None else None
    if last is None or pair is None or pair[1] != "" or last.quoted:
        return cmd
    state.add_array(pair[0], cmd.line)
    head = list(cmd.words[:-1])
    keep = 1 + sum(1 for _ in takewhile(lambda w: (w.value or "")[:1] in "-+", head[1:]))
    state.array_head = head[:keep] if head and head[0].value in _HEADS else []
    return replace(cmd, words=tuple(head), end="\n") if head else None


def _command(state: State, cmd: Command) -> None:
    if state.loop_header:  # `for x in ...;` / `for ((...));` up to `do`
        if not (cmd.words and cmd.words[0].text == "do" and not cmd.words[0].quoted):
            return
        state.loop_header = False
    found = _array(state, cmd)
    if found is None:
        return
    cmd = found
    if _structure(state, cmd):
        return
    words = _keywords(state, cmd, list(cmd.words))
    if cmd.end == ")" and state.blocks and state.blocks[-1] == "subshell":
        state.blocks.pop()
    if any(b in DEAD for b in state.blocks):
        return  # an arm that cannot run sets nothing
    assigns: list[tuple[str, str]] = []
    while words and (pair := split_assignment(words[0])) is not None:
        assigns.append(pair)
        words = words[1:]
    if not words:
        for name, text in assigns:
            _assignment(state, name, text, cmd)
        return
    name = words[0].value or ""
    note_launch(state, words, cmd)
    run_builtin(state, name, words[1:], assigns, cmd)


def _assignment(state: State, name: str, text: str, cmd: Command) -> None:
    value, verbatim = state.value_of(text, name, cmd)
    if state.allexport or name in state.exported or (state.in_loop and name in DEVICE_VARS):
        state.set_env(name, value, verbatim, cmd)
    else:
        state.shell[name] = (value, verbatim, cmd.line)


def import_shell(text: str, source: str = "<string>", dialect: str | None = None) -> ImportResult:
    """The environment a shell-ish file sets; never raises, never runs it."""
    chosen = dialect or detect_dialect(text, source)
    try:
        state = read_env_file(text) if chosen == "env-file" else _read_shell(text, source)
        return _result(state, text, source, chosen)
    except Exception as exc:  # a safety net: bad input must never escape as an exception
        return internal_error(source, chosen, exc)


def _crlf(state: State, text: str, source: str) -> None:
    """What Windows line endings do here (``_sh_crlf``), said with the fix."""
    name = shell_quote(PurePath(source).name) if source != "<string>" else "FILE"
    found = crlf_finding(text, state.env, shipped_catalog(), name)
    if found is None:
        return
    kind: ReportKind = "syntax_error" if found.severity == "error" else "line_endings"
    if found.path is not None:
        kind = "call_error"  # a value the reader rejects, whatever else the file sets
    state.add(kind, found.zh, found.en, found.line, found.path)


def _read_shell(text: str, source: str = "<string>") -> State:
    state = State()
    raw = text
    if windows_endings(text):  # read as bash would after converting
        text = text.replace("\r\n", "\n")
    for item in stream(text):
        if isinstance(item, ShellSyntaxError):
            state.add(
                "syntax_error",
                f"shell 语法错误：{item.message}；bash 会在此停止，其余内容仍已读取。",
                f"Shell syntax error: {item.message}; bash stops here (the rest of the file "
                "was still read for settings).",
                item.line,
            )
        else:
            try:
                _command(state, item)
            except Exception as exc:  # an importer bug must not lose the rest of the file
                state.add(
                    "internal_error",
                    f"导入器内部错误（{type(exc).__name__}: {exc}）；已跳过这条命令，其余内容仍已读取。",
                    f"Importer bug on this command ({type(exc).__name__}: {exc}); it was "
                    "skipped, the rest of the file was read. Please report it.",
                    item.line,
                )
    _crlf(state, raw, source)
    for name, (_, _, line) in state.shell.items():
        if name not in state.exported and name.isupper():
            state.add(
                "not_exported",
                f"{name} 被赋值但从未 export，不是环境变量设置。",
                f"{name} is assigned but never exported, so it is not an environment setting.",
                line,
                f"env:{name}",
            )
    return state


def _result(state: State, text: str, source: str, dialect: str) -> ImportResult:
    state.close()
    header, bad = read_target([line.rstrip("\r") for line in text.split("\n")], shipped_catalog())
    for line, problem in bad:
        state.add("bad_directive", f"{problem.zh}；已忽略。", f"{problem.en}; ignored.", line)
    env = {name: value for name, (value, _, _) in state.env.items()}
    verbatim = sorted(n for n, (value, flag, _) in state.env.items() if flag and value is not None)
    data: dict[str, object] = {"env": env, "surface": "env"}
    if verbatim:
        data[VERBATIM_FIELD] = verbatim
    if header.product:
        data["product"] = header.product
    if header.scenario:
        data["scenario"] = header.scenario
    if header.release:
        data["release"] = header.release
    if header.notes is not None:
        data["notes"] = header.notes
    profile = Profile.model_validate(data)
    first = min((line for _, _, line in state.env.values()), default=None)
    config = ImportedConfig(profile, f"environment ({dialect})", first)
    return ImportResult((config,), ImportReport(tuple(state.items)), source, dialect)
