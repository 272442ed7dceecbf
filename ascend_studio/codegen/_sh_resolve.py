"""Kept shell text that means outside the script what it meant inside it.

A value kept as shell text (``PATH=${install_path}/bin:$PATH``) is written again
by the shell exports, where the script's own variables do not exist: the
``install_path=/usr/local/Ascend`` above it is not exported, so it is not part of
the profile. Two steps make the text stand on its own, each exactly or not at all:

* a variable the script gave a literal value without exporting it is filled in
  (as the script's ``ASCEND_OPP_PATH=${install_path}/opp`` is expanded to
  ``/usr/local/Ascend/opp``), in a composition or beside a reference to the
  caller's variables too, and inside a command substitution where the value is
  one plain word (an exported variable is part of the profile, and every shell
  export sets it before the values that use it);
* a variable the script set, without exporting it, to shell text of its own
  (``cur_path=`pwd```) is carried: its text takes the place of the reference,
  when that text means the same there: it does not use the script's arguments or
  path (``$1``, ``$0``), nothing it uses changes in between, and the commands it
  runs answer the same each time (``pwd``, ``dirname``, ``expr``) and run in the
  folder the script started in (no ``cd`` before them).

What neither step can do stays a reference, and :func:`script_variables` names
it, with the line that set it and the reason, so the import says so.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ascend_studio.codegen._compose import Ref, expanded_names, references, substitutions
from ascend_studio.codegen._shlex import expand_simple, lex, shell_quote

if TYPE_CHECKING:
    from ascend_studio.codegen._sh_state import State

__all__ = ["resolve_kept", "script_variables"]

#: The script's arguments, its own path and the like: another file has others.
_POSITIONAL = re.compile(
    r"\$(?:[0-9@*#?$!-]|\{[#!]?(?:[0-9@*#?$!-]|BASH_SOURCE|FUNCNAME|LINENO|BASH_ARGV))"
    r"|\$\{?(?:BASH_SOURCE|FUNCNAME|LINENO|BASH_LINENO|BASH_ARGV)\b"
)
#: Commands whose output depends only on their arguments and the folder they run in.
_STEADY = frozenset(
    {"pwd", "dirname", "basename", "realpath", "readlink", "expr", "echo", "printf", "cd", "true"}
)
_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=")
_DOUBLE_SPECIAL = re.compile(r'([\\$`"])')


def _in_place(value: str, in_double: bool) -> str:
    """A literal ``value`` written where a reference stood."""
    return _DOUBLE_SPECIAL.sub(r"\\\1", value) if in_double else shell_quote(value)


def _literal(state: State, ref: Ref, text: str) -> str | None:
    """The value of a reference to a variable the script set literally without
    exporting it, or None (an exported one is in the profile: exports set it too)."""
    if ref.op is None or ref.name in state.env:
        return None
    return expand_simple(text[ref.start : ref.end], state.known)


def _fill_inner(state: State, inner: str, filled: list[str]) -> str:
    """Inside a command substitution: references to a literal that is one plain word
    (unquoted, it is that word: nothing to split or glob) are filled in."""
    edits: list[tuple[int, int, str]] = []
    for ref in references(inner):
        value = _literal(state, ref, inner)
        if value is not None and value and shell_quote(value) == value:
            edits.append((ref.start, ref.end, value))
            filled.append(ref.name)
    for start, end in substitutions(inner):
        edits.append((start, end, _substitution(state, inner[start:end], filled)))
    return _edited(inner, edits)


def _substitution(state: State, text: str, filled: list[str]) -> str:
    """``$(...)`` or backquotes with the literals inside filled in (not inside
    backquotes with a backslash: its escapes are read twice)."""
    if text.startswith("`"):
        inner = text[1:-1] if text.endswith("`") and len(text) > 1 else None
        if inner is None or "\\" in inner:
            return text
        return "`" + _fill_inner(state, inner, filled) + "`"
    if not text.endswith(")"):
        return text
    return "$(" + _fill_inner(state, text[2:-1], filled) + ")"


def _edited(text: str, edits: list[tuple[int, int, str]]) -> str:
    out: list[str] = []
    done = 0
    for start, end, replacement in sorted(edits):
        if start < done:
            continue
        out += [text[done:start], replacement]
        done = end
    return "".join([*out, text[done:]])


def _programs(text: str) -> set[str] | None:
    """The commands ``text``'s substitutions run (nested ones too); None if unreadable."""
    found: set[str] = set()
    for start, end in substitutions(text):
        inner = text[start + 1 : end - 1] if text[start] == "`" else text[start + 2 : end - 1]
        lexed = lex(inner)
        if lexed.error is not None:
            return None
        for cmd in lexed.commands:
            words = [w for w in cmd.words if not _ASSIGNMENT.match(w.text)]
            if words:
                found.add(words[0].value or words[0].text)
        nested = _programs(inner)
        if nested is None:
            return None
        found |= nested
    return found


def _why_not(state: State, name: str) -> str | None:
    """Why the script's own variable ``name`` cannot be carried (None: it can)."""
    text, _, line = state.shell[name]
    if name in state.unsure:
        return "its value depends on a branch, loop or function of the script"
    if _POSITIONAL.search(text):
        return "it uses the script's arguments or its own path ($0, $1, ...)"
    if "~" in text or "\n" in text:
        return "it holds ~ or a line break, which mean something else in another place"
    return _names_problem(state, name, text, line) or _commands_problem(state, text, line)


def _names_problem(state: State, name: str, text: str, line: int) -> str | None:
    """A variable ``text`` uses would not have, where it is carried, the value it had."""
    for used in expanded_names(text):
        if used in state.shell and used not in state.env and used != name:
            return f"it uses {used}, another variable of the script alone"
        entry = state.env.get(used) or state.shell.get(used)
        if entry is not None and entry[2] > line:
            return f"{used}, which it uses, is set again after line {line}"
    return None


def _commands_problem(state: State, text: str, line: int) -> str | None:
    """A command ``text`` runs could answer otherwise where it is carried."""
    programs = _programs(text)
    if programs is None:
        return "its commands could not be read"
    if programs and 0 < state.first_cd < line:
        return f"it runs in the folder the script changed to on line {state.first_cd}"
    moving = sorted(programs - _STEADY)
    if moving:
        return f"it runs {', '.join(moving)}, whose output may differ from one run to the next"
    return None


def _carried(state: State, ref: Ref, own: str) -> str | None:
    """The shell text of the script's variable ``ref`` names, to put in its place."""
    if ref.op != "" or ref.name == own or ref.name in state.env:
        return None
    entry = state.shell.get(ref.name)
    if entry is None or not entry[1] or _why_not(state, ref.name) is not None:
        return None
    return _placed(entry[0], ref.in_double)


_DOUBLE_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')


def _placed(text: str, in_double: bool) -> str:
    """Shell ``text`` where a reference stood. In an assignment nothing is split or
    globbed, so inside double quotes text without quotes goes in as it is, a
    double-quoted text without its quotes, anything else between closed quotes."""
    if not in_double:
        return text
    whole = _DOUBLE_QUOTED.fullmatch(text)
    if whole is not None:
        return whole.group(1)
    return text if not re.search(r"['\"\\]", text) else f'"{text}"'


def resolve_kept(state: State, name: str, text: str) -> tuple[str, list[str], list[str]]:
    """``text`` (the shell text ``name`` is set to) with the script's own variables
    filled in or carried; the names filled in and the names carried."""
    edits: list[tuple[int, int, str]] = []
    filled: list[str] = []
    carried: list[str] = []
    for ref in references(text):
        value = _literal(state, ref, text)
        if value is not None:
            edits.append((ref.start, ref.end, _in_place(value, ref.in_double)))
            filled.append(ref.name)
        elif (kept := _carried(state, ref, name)) is not None:
            edits.append((ref.start, ref.end, kept))
            carried.append(ref.name)
    for start, end in substitutions(text):
        edits.append((start, end, _substitution(state, text[start:end], filled)))
    resolved = _edited(text, edits)
    return resolved, list(dict.fromkeys(filled)), list(dict.fromkeys(carried))


def script_variables(state: State, name: str, text: str) -> list[tuple[str, int, str]]:
    """(variable, line, why) for each variable of the script itself, not exported,
    that ``text`` still uses: an export cannot set it."""
    found: list[tuple[str, int, str]] = []
    for used in expanded_names(text):
        entry = state.shell.get(used)
        if used == name or used in state.env or entry is None:
            continue
        why = _why_not(state, used) or "it is used inside a command or an expansion"
        found.append((used, entry[2], why))
    return found
