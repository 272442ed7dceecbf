"""Apply a profile back into the user's own scripts (Qt-free).

Python training scripts are edited through libcst's concrete syntax tree;
shell scripts by replacing the value of their ``export`` lines. Only what the
profile changes is touched, the script is never executed, and a script that
changed since it was imported is refused unless forced. ``fix_text`` carries out
the rules' fixes on a script through the same machinery (``validate --fix``).
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
from ascend_studio.apply._fixes import FixedText, apply_fixes, fix_text
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
    "FixedText",
    "Migration",
    "NoSuchConfig",
    "ScriptChanged",
    "ScriptSource",
    "apply_file",
    "apply_fixes",
    "apply_python",
    "apply_shell",
    "apply_text",
    "changed_env",
    "changed_values",
    "fix_text",
    "migrate_python",
    "read_script",
    "recorded_source",
    "unified_diff",
    "with_source",
    "write_applied",
]
