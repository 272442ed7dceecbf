"""Apply a profile's environment to a shell script (or a docker env-file).

The line that sets a variable (the one the importer says wins) has only its
value replaced, in the quoting style it was written in where the new value
allows it; an ``export`` whose variable the profile unsets becomes ``unset``.
Variables the script does not set yet go into one marked block after its last
top-level ``export``. No other line is touched.
"""

from __future__ import annotations

import re

from ascend_studio.apply._result import ApplyError, ApplyNote, ApplyResult, note
from ascend_studio.codegen._import_sh import _read_shell, detect_dialect
from ascend_studio.codegen._pyobjs import source_lines
from ascend_studio.codegen._sh_commands import read_env_file
from ascend_studio.codegen._shlex import ShellSyntaxError, lex, shell_quote
from ascend_studio.profile import Profile

__all__ = ["BLOCK_END", "BLOCK_START", "apply_shell", "changed_env"]

BLOCK_START = "# >>> Ascend Studio: environment (ascend-studio apply) >>>"
BLOCK_END = "# <<< Ascend Studio: environment <<<"
_OPEN = frozenset({"if", "for", "while", "until", "select", "case", "{"})
_CLOSE = frozenset({"fi", "done", "esac", "}"})
_DOUBLE_UNSAFE = re.compile(r'["$`\\!]')

Setting = tuple[str | None, bool]  # (value or None for unset, verbatim)


def changed_env(before: Profile, after: Profile) -> dict[str, Setting | None]:
    """Env name -> new (value, verbatim), or None when the profile drops it."""

    def keyed(p: Profile) -> dict[str, Setting]:
        return {n: (v, n in p.env_verbatim) for n, v in p.env.items()}

    old, new = keyed(before), keyed(after)
    return {n: new.get(n) for n in sorted({*old, *new}) if old.get(n) != new.get(n)}


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

    def set(self, name: str, line: int, setting: Setting | None) -> None:
        found = self._find(line, name)
        if found is None:
            self._cannot(name, line)
            return
        row = self.lines[line - 1]
        start, end, old = found
        value = setting[0] if setting is not None else None
        if setting is not None and value is not None:
            word = value if self.env_file else _word(value, setting[1], old)
            self.lines[line - 1] = row[:start] + word + row[end:]
        elif not self._whole_line(name, line, setting is None):
            return
        self.changed.append(f"env:{name}")

    def _whole_line(self, name: str, line: int, drop: bool) -> bool:
        """Drop or unset a variable set by a line of its own (``export NAME=value``)."""
        row = self.lines[line - 1]
        start, end, _ = self._find(line, name) or (0, 0, "")
        head = re.fullmatch(r"(\s*)(export\s+)?", row[: start - len(name) - 1])
        rest = row[end:]
        if head is None or (self.env_file and not drop) or not re.fullmatch(r"\s*(#.*)?\s*", rest):
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


def apply_shell(
    text: str, profile: Profile, before: Profile, dialect: str | None = None
) -> ApplyResult:
    """``text`` with its environment changed to ``profile``'s (``before`` is what it sets now)."""
    chosen = dialect or detect_dialect(text)
    env_file = chosen == "env-file"
    try:
        state = read_env_file(text) if env_file else _read_shell(text)
    except ShellSyntaxError as exc:  # pragma: no cover - the readers report, not raise
        raise ApplyError(str(exc)) from None
    editor = _Editor(text, env_file)
    for name, setting in changed_env(before, profile).items():
        current = state.env.get(name)
        if current is None:
            if setting is not None:
                editor.append(name, setting)
        elif current[0] is None and setting is not None:
            editor.unset_line(name, current[2], setting)
        else:
            editor.set(name, current[2], setting)
    _, last_env = _top_level_lines(text) if not env_file else ({}, len(editor.lines))
    after = editor.text(_insert_at(editor, last_env))
    return ApplyResult(text, after, tuple(editor.notes), tuple(editor.changed))
