"""What environment writers leave out, and the comment that says why.

Names the shell owns: ``export UID=1`` fails in bash (read-only; run as sh, the
script stops there), ``OPTIND=x`` stops dash, and bash recomputes ``SECONDS``,
``RANDOM``, ``LINENO`` and others itself, so a value written for them does not
last. Compositions (``PATH=/x:$PATH``) in the formats that set whole values
(docker ``-e``, env-file, Kubernetes): they cannot add to the container's value.
"""

from __future__ import annotations

from ascend_studio.codegen._compose import composes

__all__ = [
    "SHELL_OWNED",
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


def shell_owned_note(name: str) -> str:
    """The comment a writer puts where it leaves ``name`` out."""
    return f"# {name} is not written: {SHELL_OWNED[name]}"


def owned_notes(names: list[str]) -> list[str]:
    """Comment lines for the shell-owned ``names`` a writer left out."""
    return [shell_owned_note(name) for name in names if name in SHELL_OWNED]


def left_out_owned(items: list[Item]) -> tuple[list[Item], list[str]]:
    """The items a writer writes, and the names the shell owns that it leaves out."""
    return [i for i in items if i[0] not in SHELL_OWNED], owned_notes([i[0] for i in items])


def left_out_compositions(items: list[Item], what: str) -> tuple[list[Item], list[str]]:
    """The items but compositions (``PATH=/x:$PATH``), and comments on those left out:
    ``what`` sets whole values and cannot add to the value the container already has."""
    kept: list[Item] = []
    notes: list[str] = []
    for name, value, verbatim in items:
        if verbatim and value is not None and composes(name, value):
            notes += [
                f"# {name} is not written: it adds to the variable's previous value "
                f"({' '.join(value.split())[:120]}),",
                f"#   which {what} cannot do (it sets whole values). Set it inside the "
                "container (sh format) or give the whole value.",
            ]
        else:
            kept.append((name, value, verbatim))
    return kept, notes
