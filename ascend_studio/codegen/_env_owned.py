"""Environment names the shell owns: every environment writer leaves them out and says why.

``export UID=1`` fails in bash (read-only; run as sh, the script stops there),
``OPTIND=x`` stops dash, and bash recomputes ``SECONDS``, ``RANDOM``,
``LINENO`` and others itself, so a value written for them does not last.
"""

from __future__ import annotations

__all__ = ["SHELL_OWNED", "owned_notes", "shell_owned_note"]

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
