"""Apply a profile back into the user's own scripts (Qt-free).

Python training scripts are edited through libcst's concrete syntax tree;
shell scripts by replacing the value of their ``export`` lines. Only what the
profile changes is touched, the script is never executed, and a script that
changed since it was imported is refused unless forced.
"""

from ascend_studio.apply._file import (
    SOURCE_FIELD,
    ScriptSource,
    apply_file,
    apply_text,
    read_script,
    recorded_source,
    with_source,
    write_applied,
)
from ascend_studio.apply._migrate import Migration, migrate_python
from ascend_studio.apply._python import apply_python, changed_values
from ascend_studio.apply._result import (
    ApplyError,
    ApplyNote,
    ApplyResult,
    NoSuchConfig,
    ScriptChanged,
    unified_diff,
)
from ascend_studio.apply._shell import apply_shell, changed_env

__all__ = [
    "SOURCE_FIELD",
    "ApplyError",
    "ApplyNote",
    "ApplyResult",
    "Migration",
    "NoSuchConfig",
    "ScriptChanged",
    "ScriptSource",
    "apply_file",
    "apply_python",
    "apply_shell",
    "apply_text",
    "changed_env",
    "changed_values",
    "migrate_python",
    "read_script",
    "recorded_source",
    "unified_diff",
    "with_source",
    "write_applied",
]
