"""Read an environment value kept as shell text, the way the job's shell would.

Env scripts often say ``export ASCEND_PROCESS_LOG_PATH="${ASCEND_WORK_PATH}/log"``
or ``ASCEND_WORK_PATH=$HOME/work``. The importer keeps such values as written
(quotes included), since only the target shell knows them. To show a path, the
quotes are removed and ``$NAME`` / ``${NAME}`` are filled from what is known (the
same environment, the job's home); anything else (``$(cmd)``, backquotes,
``${X:-y}``, unknown names) stays visible as written. Nothing is ever run.
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["expand_shell_text", "looks_like_shell_text"]

_VAR = re.compile(r"\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))")
#: Characters a backslash escapes inside double quotes.
_DQ_ESCAPES = frozenset('$`"\\\n')

Lookup = Callable[[str], "str | None"]


def looks_like_shell_text(value: str) -> bool:
    """Whether ``value`` is kept shell text: it expands something or is quoted.

    A literal value with a quote inside (JSON such as ``{"output": "/x"}``) is not.
    """
    return "$" in value or "`" in value or value.startswith(("'", '"'))


def expand_shell_text(text: str, lookup: Lookup) -> str | None:
    """``text`` after quote removal and ``$NAME`` expansion; ``None`` if it is not one
    well-formed shell word (then it is a literal value, used as it is)."""
    out: list[str] = []
    quote = ""
    i = 0
    while i < len(text):
        ch = text[i]
        if quote == "'":
            quote = "" if ch == "'" else quote
            out.append("" if ch == "'" else ch)
            i += 1
        elif ch == "'" and not quote:
            quote = "'"
            i += 1
        elif ch == '"':
            quote = "" if quote else '"'
            i += 1
        elif ch == "\\" and i + 1 < len(text):
            escaped = not quote or text[i + 1] in _DQ_ESCAPES
            out.append(text[i + 1] if escaped else text[i : i + 2])
            i += 2
        elif ch == "$" and (match := _VAR.match(text, i)):
            known = lookup(match.group(1) or match.group(2))
            out.append(match.group(0) if known is None else known)
            i = match.end()
        elif ch.isspace() and not quote:
            return None  # several words: not a value a shell assignment gives
        else:
            out.append(ch)
            i += 1
    return None if quote else "".join(out)
