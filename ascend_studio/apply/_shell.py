"""Apply a profile's environment to a shell script (or a docker env-file).

Only the variables the profile sets or unsets are edited: one it does not
mention is left as it is, however the script sets it. The line that sets a
variable (the one the importer says wins) has only its value replaced, in the
quoting style it was written in where the new value allows it; a composition
(``X=/a:$X``) is written as the step that line adds to the value the script
built before it; a variable the profile unsets gets ``unset``. Variables the
script does not set yet go into one marked block after its last top-level
``export``. Names the shell owns (``UID``, ``SECONDS``...) are left out, and a
setting the script makes again later (per device, in a loop) is pointed out. No
other line is touched.
"""

from __future__ import annotations

import re

from ascend_studio.apply._result import ApplyError, ApplyNote, ApplyResult, note
from ascend_studio.codegen._compose import composes, unfold
from ascend_studio.codegen._env_wide import process_wide
from ascend_studio.codegen._export_env import SHELL_OWNED
from ascend_studio.codegen._import_sh import _read_shell, detect_dialect, import_shell
from ascend_studio.codegen._pyobjs import source_lines
from ascend_studio.codegen._sh_commands import read_env_file
from ascend_studio.codegen._sh_state import State
from ascend_studio.codegen._shlex import ShellSyntaxError, lex, shell_quote
from ascend_studio.profile import Profile, unwritable

__all__ = ["BLOCK_END", "BLOCK_START", "apply_shell", "changed_env"]

BLOCK_START = "# >>> Ascend Studio: environment (ascend-studio apply) >>>"
BLOCK_END = "# <<< Ascend Studio: environment <<<"
_OPEN = frozenset({"if", "for", "while", "until", "select", "case", "{"})
_CLOSE = frozenset({"fi", "done", "esac", "}"})
_DOUBLE_UNSAFE = re.compile(r'["$`\\!]')

Setting = tuple[str | None, bool]  # (value or None for unset, verbatim)


def changed_env(before: Profile, after: Profile) -> dict[str, Setting]:
    """Env name -> new (value or None for "unset it", verbatim) where ``after`` differs.

    Only the variables ``after`` sets or unsets count: a variable it does not
    mention is not its business (a profile imported from ``train.py`` says nothing
    about the ``PATH`` an env script sets), so it is never removed or changed.
    """

    def keyed(p: Profile) -> dict[str, Setting]:
        return {n: (v, n in p.env_verbatim and v is not None) for n, v in p.env.items()}

    old, new = keyed(before), keyed(after)
    return {n: new[n] for n in sorted(new) if old.get(n) != new[n]}


def _word(value: str, verbatim: bool, like: str) -> str:
    """``value`` as one shell word, quoted as ``like`` (the old value's text) was."""
    if verbatim:
        return value
    if like.startswith('"') and not _DOUBLE_UNSAFE.search(value) and "\n" not in value:
        return f'"{value}"'
    if like.startswith("'") and "'" not in value:
        return f"'{value}'"
    return shell_quote(value)


def _top_level_lines(text: str) -> tuple[dict[int, int], int]:
    """Line -> nesting depth of each command start; and the last top-level env line."""
    depth, last = 0, 0
    depths: dict[int, int] = {}
    for cmd in lex(text).commands:
        words = [w for w in cmd.words if not w.quoted]
        head = words[0].text if words else ""
        depths.setdefault(cmd.line, depth)
        if head in _CLOSE:
            depth = max(0, depth - 1)
        elif head in _OPEN:
            depth += 1
        elif depth == 0 and head in ("export", "unset"):
            last = max(last, cmd.words[-1].line)
    return depths, last


class _Editor:
    def __init__(self, text: str, env_file: bool) -> None:
        self.lines = source_lines(text)
        self.env_file = env_file
        self.block: list[str] = []
        self.notes: list[ApplyNote] = []
        self.changed: list[str] = []

    def _find(self, line: int, name: str) -> tuple[int, int, str] | None:
        """(start, end, old value text) of ``NAME=value`` on ``line``."""
        row = self.lines[line - 1]
        for match in re.finditer(rf"(?<![\w$]){re.escape(name)}=", row):
            rest = row[match.end() :].rstrip("\r\n")
            if self.env_file:
                return match.end(), match.end() + len(rest), rest
            cmds = lex(rest).commands
            first = cmds[0].words[0].text if cmds and cmds[0].words else ""
            if rest.startswith(first):
                return match.end(), match.end() + len(first), first
        return None

    def set(self, name: str, line: int, setting: Setting, previous: str | None) -> None:
        """Give ``name`` its new setting on ``line``; ``previous``: the shell text of the
        value it has before that line, for a composition (``X=/a:$X``) to land on."""
        found = self._find(line, name)
        if found is None:
            self._cannot(name, line)
            return
        row = self.lines[line - 1]
        start, end, old = found
        value, verbatim = setting
        if value is None:
            if not self._whole_line(name, line, drop=self.env_file):
                return
        else:
            if previous is not None:
                step = unfold(name, value, previous)
                if step is None:
                    self._cannot_compose(name, line)
                    return
                value = step
            word = value if self.env_file else _word(value, verbatim, old)
            self.lines[line - 1] = row[:start] + word + row[end:]
        self.changed.append(f"env:{name}")

    def _whole_line(self, name: str, line: int, drop: bool) -> bool:
        """Unset a variable set by a line of its own (``export NAME=value``); in an
        env-file, which cannot unset, the line is removed."""
        row = self.lines[line - 1]
        start, end, _ = self._find(line, name) or (0, 0, "")
        head = re.fullmatch(r"(\s*)(export\s+)?", row[: start - len(name) - 1])
        rest = row[end:]
        if head is None or not re.fullmatch(r"\s*(#.*)?\s*", rest):
            self._cannot(name, line)
            return False
        ending = row[len(row.rstrip("\r\n")) :]
        kept = rest.rstrip("\r\n")
        self.lines[line - 1] = "" if drop else f"{head.group(1)}unset {name}{kept}{ending}"
        return True

    def unset_line(self, name: str, line: int, setting: Setting) -> None:
        row = self.lines[line - 1]
        match = re.fullmatch(
            rf"(\s*)unset\s+(-v\s+)?{re.escape(name)}(\s*(#.*)?)", row.rstrip("\r\n")
        )
        if match is None or setting[0] is None:
            self.append(name, setting)
            return
        word = _word(setting[0], setting[1], "")
        ending = row[len(row.rstrip("\r\n")) :]
        self.lines[line - 1] = f"{match.group(1)}export {name}={word}{match.group(3)}{ending}"
        self.changed.append(f"env:{name}")

    def append(self, name: str, setting: Setting) -> None:
        value, verbatim = setting
        if value is None:
            self.block.append(f"unset {name}")
        elif self.env_file:
            self.block.append(f"{name}={value}")
        else:
            self.block.append(f"export {name}={_word(value, verbatim, '')}")
        self.changed.append(f"env:{name}")

    def export_assigned(self, name: str, line: int, setting: Setting) -> None:
        """``name`` is assigned on ``line`` but not exported: the assignment gets the
        value and becomes ``export NAME=...`` when it is a line of its own; otherwise
        the block exports the name (a later assignment then reaches the environment)."""
        row = self.lines[line - 1]
        own_line = re.match(rf"(\s*){re.escape(name)}=", row)
        found = self._find(line, name)
        if setting[0] is None or found is None:
            self.append(name, setting)
            return
        self.set(name, line, setting, None)
        rest = row[found[1] :].rstrip("\r\n")
        if own_line is not None and re.fullmatch(r"\s*(#.*)?", rest):
            indent = own_line.group(1)
            self.lines[line - 1] = indent + "export " + self.lines[line - 1][len(indent) :]
        else:
            self.block.append(f"export {name}")

    def left_out(self, name: str, why: str) -> None:
        self.notes.append(
            note(
                "warning",
                f"{name} 未写入：{why}",
                f"{name} is not written: {why}",
                None,
                f"env:{name}",
            )
        )

    def _cannot_compose(self, name: str, line: int) -> None:
        self.notes.append(
            note(
                "warning",
                f"{name} 在本行之前已被设置，而配置中的组合值改动了之前那部分；未修改，请手动修改。",
                f"{name} is composed from a value the script sets before this line, and the "
                "profile's composition changes that earlier part; not changed, edit it by hand.",
                line,
                f"env:{name}",
            )
        )

    def _cannot(self, name: str, line: int) -> None:
        self.notes.append(
            note(
                "warning",
                f"{name} 的设置不是可改写的单行 export，未修改；请手动修改。",
                f"{name} is not set by a single export line this tool can rewrite; not changed, "
                "edit it by hand.",
                line,
                f"env:{name}",
            )
        )

    def text(self, after: int) -> str:
        """The edited lines (dropped ones are empty strings) with the block before ``after``."""
        newline = "\r\n" if self.lines and self.lines[0].endswith("\r\n") else "\n"
        block = [row + newline for row in (BLOCK_START, *self.block, BLOCK_END)]
        out: list[str] = []
        for index, row in enumerate([*self.lines, ""]):
            if index == after and self.block:
                last = next((row for row in reversed(out) if row), "")
                if last and not last.endswith(("\n", "\r")):
                    out.append(newline)
                out += block
            out.append(row)
        return "".join(out)


def _insert_at(editor: _Editor, last_env: int) -> int:
    """Where the new block goes: inside an earlier block, after the last export, or the header."""
    rows = [r.rstrip("\r\n") for r in editor.lines]
    if BLOCK_END in rows:
        return rows.index(BLOCK_END)
    if last_env:
        return last_env
    index = 0
    while index < len(rows) and (rows[index].startswith("#") or not rows[index].strip()):
        index += 1
    return index


def _previous(lines: list[str], line: int, name: str) -> str | None:
    """The shell text of the value ``name`` has just before ``line`` (None: the value
    the script starts with), for a composition written on that line."""
    state = _read_shell("".join(lines[: line - 1]))
    entry = state.env.get(name) if name in state.env else state.shell.get(name)
    if entry is None:
        return None
    value, verbatim, _ = entry
    return "''" if value is None else value if verbatim else shell_quote(value)


def _refused(name: str, setting: Setting, env_file: bool) -> str | None:
    """Why ``name`` is left out of the script (the shell owns it; an env-file cannot
    hold the value), or None."""
    if name in SHELL_OWNED:
        return SHELL_OWNED[name]
    value, verbatim = setting
    if env_file and verbatim:
        return "its value is shell text, which a docker env-file does not expand"
    if env_file and value is not None and ("\n" in value or value.endswith("\r")):
        return "a docker env-file holds one line per variable; this value has a line break"
    return None


def _wide(profile: Profile, written: dict[str, int], state: State) -> list[ApplyNote]:
    """A variable written that changes how every program started with the environment
    runs (``LD_PRELOAD``, ``BASH_ENV``, an empty ``PATH``): said, never silently (at
    its line, unless it is new in the block apply adds)."""
    notes = []
    for name, line in written.items():
        value = profile.env.get(name)
        found = process_wide(name, value, name in profile.env_verbatim)
        if found is not None:
            at = line if name in state.env or name in state.shell else None
            notes.append(note("warning", found.zh, found.en, at, f"env:{name}"))
    return notes


def _shadowed(state: State, written: dict[str, int]) -> list[ApplyNote]:
    """A setting the script makes again after the line apply wrote (per device in a
    loop, the launcher's): at run time it overrides what apply wrote."""
    notes = []
    for item in state.items:
        name = (item.path or "").removeprefix("env:")
        if (
            item.kind == "device_loop"
            and item.line is not None
            and item.line > written.get(name, 1 << 62)
        ):
            notes.append(
                note(
                    "warning",
                    f"{name} 在第 {item.line} 行（循环中按设备）再次设置，运行时会覆盖这里写入的值。",
                    f"{name} is set again on line {item.line} (per device, in a loop), which "
                    "overrides the value written here when the script runs.",
                    item.line,
                    f"env:{name}",
                )
            )
    return notes


def apply_shell(
    text: str, profile: Profile, before: Profile, dialect: str | None = None
) -> ApplyResult:
    """``text`` with its environment changed to ``profile``'s (``before`` is what it sets now).

    Only the variables ``profile`` sets or unsets are edited; every other line is
    kept byte for byte.
    """
    problem = unwritable(profile)
    if problem is not None:
        raise ApplyError(f"nothing changed: {problem}")
    chosen = dialect or detect_dialect(text)
    env_file = chosen == "env-file"
    try:
        state = read_env_file(text) if env_file else _read_shell(text)
    except ShellSyntaxError as exc:  # pragma: no cover - the readers report, not raise
        raise ApplyError(str(exc)) from None
    editor = _Editor(text, env_file)
    _, last_env = _top_level_lines(text) if not env_file else ({}, len(editor.lines))
    insert = _insert_at(editor, last_env)
    original = source_lines(text)
    written: dict[str, int] = {}
    for name, setting in changed_env(before, profile).items():
        why = _refused(name, setting, env_file)
        current = state.env.get(name)
        if why is not None:
            editor.left_out(name, why)
        elif (
            name in state.shell and not env_file and state.shell[name][2] > (current or [0] * 3)[2]
        ):
            # assigned (not exported) after whatever exported or unset it: that line counts
            editor.export_assigned(name, state.shell[name][2], setting)
            written[name] = state.shell[name][2]
        elif current is None:
            editor.append(name, setting)
            written[name] = insert
        elif current[0] is None and setting[0] is not None:
            editor.unset_line(name, current[2], setting)
            written[name] = current[2]
        else:
            composed = setting[1] and composes(name, setting[0] or "")
            previous = _previous(original, current[2], name) if composed else None
            editor.set(name, current[2], setting, previous)
            written[name] = current[2]
    after = editor.text(insert)
    notes = [
        *editor.notes,
        *_wide(profile, written, state),
        *_shadowed(state, written),
        *_followers(after, before, profile, written),
    ]
    return ApplyResult(text, after, tuple(notes), tuple(editor.changed))


def _followers(
    after: str, before: Profile, profile: Profile, written: dict[str, int]
) -> list[ApplyNote]:
    """Variables the edit did not touch whose value changes with it: their line refers
    to a variable it changed (``ASCEND_OPP_PATH=${install_path}/opp``)."""
    if not written:
        return []
    again = import_shell(after, "<applied>").configs
    now = again[0].profile.env if again else {}
    notes = []
    for name, value in profile.env.items():
        if name in written or name not in now or before.env.get(name, value) != value:
            continue
        if now[name] != value:
            notes.append(
                note(
                    "info",
                    f"{name} 引用了本次修改的变量，现在的值为 {now[name]!r}（配置中为 {value!r}）。",
                    f"{name} refers to a variable this edit changes: it is now {now[name]!r} "
                    f"(the profile says {value!r}).",
                    None,
                    f"env:{name}",
                )
            )
    return notes
