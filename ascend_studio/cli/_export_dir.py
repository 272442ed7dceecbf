"""``export -o DIR/``: the export plus every companion file it references.

Not a command itself (``_export`` calls it). The companions land beside the
export; Python code reads them relative to its own folder, so the bundle works
wherever it is copied. Nothing is overwritten without ``--force``: every target
is checked before the first file is written; a symbolic link among them is
refused even with ``--force`` (it would write outside the folder), and no
companion takes the export's own name.
"""

from __future__ import annotations

import os
from pathlib import Path

from ascend_studio._atomic import atomic_write_text
from ascend_studio._words import os_reason, say
from ascend_studio.codegen import ExportError, ExportOptions, export_text
from ascend_studio.profile import Profile

__all__ = ["SNIPPET_NAMES", "is_directory_target", "write_bundle"]

#: The export's own file name inside the directory, per format.
SNIPPET_NAMES = {
    "py": "npu_config.py",
    "sess": "npu_session.py",
    "sh": "npu_env.sh",
    "env-file": "npu.env",
    "docker": "docker_env.txt",
    "k8s": "k8s_env.yaml",
    "json": "profile.json",
}


def is_directory_target(output: str) -> bool:
    """``-o DIR/`` (a trailing separator) or an existing directory."""
    return output.endswith(("/", os.sep)) or Path(output).is_dir()


def write_bundle(
    folder: Path, profile: Profile, fmt: str, options: ExportOptions, *, force: bool
) -> list[Path]:
    """Write the export and its companions into ``folder``; the paths written.

    Raises :class:`ExportError` (nothing written) when a target exists and
    ``force`` is off, or the folder cannot be made.
    """
    from ascend_studio.companion import plan_companions  # every format: only for -o DIR/

    name = SNIPPET_NAMES.get(fmt, f"export.{fmt}")
    exported, companions = plan_companions(
        profile, folder, python=fmt in ("py", "sess"), reserved=(name,)
    )
    snippet = folder / name
    text = export_text(exported, fmt, options)
    targets = [snippet, *(target for _, target, _ in companions)]
    links = [str(t) for t in targets if t.is_symlink()]
    if links:  # --force or not: a link would write outside the folder
        text = "a symbolic link is in the way: {links}; nothing written (remove it)"
        raise ExportError.said(text, links=", ".join(links))
    existing = [str(t) for t in targets if os.path.lexists(t)]
    if existing and not force:
        text = "already there: {paths}; add --force to overwrite"
        raise ExportError.said(text, paths=", ".join(existing))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for _, target, body in companions:
            atomic_write_text(target, body)
        atomic_write_text(snippet, text)
    except OSError as exc:
        text = "cannot write into {folder}: {reason}"
        english, chinese = os_reason(exc), os_reason(exc, "zh")
        raise ExportError(
            say(text, folder=folder, reason=english), say(text, "zh", folder=folder, reason=chinese)
        ) from exc
    return targets
