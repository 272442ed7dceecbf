"""Check one document version with the engine ``validate`` runs (off the reader thread).

The file's settings come from the lint engine as for ``validate``: the nearest
project configuration, its per-path overrides, then the editor's settings in the
place of the command line. A project configuration that cannot be used is one
problem to show, not a failure. The engine keeps the configurations it found per
folder; the server lives long, so they are forgotten whenever a configuration
file on the document's way up appears, changes or goes.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ascend_studio._input import MAX_INPUT_BYTES, MAX_INPUT_TEXT
from ascend_studio.lint._files import file_kind
from ascend_studio.lsp._settings import ClientSettings
from ascend_studio.lsp._text import Snapshot

if TYPE_CHECKING:  # the engine loads on the first check, off the reader thread
    from ascend_studio.lint._check import CheckedFile
    from ascend_studio.lint._settings import Settings
    from ascend_studio.schema import Catalog

__all__ = ["CONFIG_NAMES", "Outcome", "check_snapshot", "checks_as"]

CONFIG_NAMES = (".ascend-studio.toml", "pyproject.toml")
#: Editor language ids -> a name the importers recognise (for names they do not).
_BY_LANGUAGE = {"python": "script.py", "shellscript": "script.sh", "dotenv": "settings.env"}


@dataclass(frozen=True)
class Outcome:
    snapshot: Snapshot
    checked: CheckedFile | None = None
    settings: Settings | None = None
    #: One line saying why the document was not checked (a bad project configuration).
    problem: str | None = None
    seconds: float = 0.0


def checks_as(path: str, language_id: str | None) -> str | None:
    """The file name the document is checked under, or None when it is not ours to check:
    its own name when ``validate`` would check it, else one its language gives."""
    name = Path(path).name
    if file_kind(name) is not None:
        return path
    by_language = _BY_LANGUAGE.get(language_id or "")
    if by_language is None:
        return None
    return str(Path(path).with_name(f"{name or 'untitled'}.{by_language.rsplit('.', 1)[1]}"))


_SEEN: dict[Path, tuple[tuple[int, int] | None, ...]] = {}


def _stamp(folder: Path) -> tuple[tuple[int, int] | None, ...]:
    stamps: list[tuple[int, int] | None] = []
    for above in (folder, *folder.parents):
        for name in CONFIG_NAMES:
            try:
                info = os.stat(above / name)
            except OSError:
                stamps.append(None)
            else:
                stamps.append((info.st_mtime_ns, info.st_size))
    return tuple(stamps)


def _refresh_configs(path: Path) -> None:
    """Forget the configurations found when one on ``path``'s way up changed."""
    from ascend_studio.lint._config import forget_configs

    folder = path.absolute().parent
    stamp = _stamp(folder)
    if _SEEN.get(folder) != stamp:
        forget_configs()
    _SEEN[folder] = stamp


def _too_large(text: str) -> str | None:
    if len(text) * 4 <= MAX_INPUT_BYTES or len(text.encode("utf-8", "replace")) <= MAX_INPUT_BYTES:
        return None
    return (
        f"files larger than {MAX_INPUT_TEXT} are not checked (no script or profile is that large)"
    )


def settings_of(path: Path, client: ClientSettings, catalog: Catalog) -> Settings:
    """What ``validate`` applies to ``path``, the editor's settings as its command line."""
    from ascend_studio.lint._batch import resolved
    from ascend_studio.lint._settings import settings_for

    _refresh_configs(path)
    return resolved(settings_for(path, client.command_line()), catalog.product_id)


def check_snapshot(
    snapshot: Snapshot, name: str, client: ClientSettings, catalog: Catalog, unused: bool = False
) -> Outcome:
    """The findings in ``snapshot``, checked as file ``name`` (the engine's own filters,
    suppressions and settings)."""
    from ascend_studio.lint._check import check_file
    from ascend_studio.lint._config import ConfigError

    start = time.perf_counter()
    path = Path(name)
    try:
        settings = settings_of(path, client, catalog)
    except ConfigError as exc:
        return Outcome(snapshot, problem=str(exc))
    problem = _too_large(snapshot.text)
    if problem is not None:
        return Outcome(snapshot, settings=settings, problem=problem)
    checked = check_file(path, snapshot.path, settings, catalog, unused, text=snapshot.text)
    return Outcome(snapshot, checked, settings, seconds=time.perf_counter() - start)
