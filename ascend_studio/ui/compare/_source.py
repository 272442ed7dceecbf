"""Read "the other side" of a comparison: a profile file or an imported script."""

from __future__ import annotations

from pathlib import Path

from ascend_studio.profile import Profile, ProfileError, load_profile
from ascend_studio.ui._i18n import tr

__all__ = ["load_other"]


def load_other(path: Path) -> list[tuple[str, Profile]] | str:
    """Every configuration in the file as (label, profile), or a message saying why none."""
    if path.suffix.lower() == ".json":
        try:
            return [(path.name, load_profile(path))]
        except ProfileError as exc:
            return str(exc)
    from ascend_studio.codegen import import_file

    result = import_file(path)
    if not result.configs:
        problems = "; ".join(item.text("en") for item in result.report.items[:3])
        return tr("No configuration found in {name}.").format(name=path.name) + (
            f" {problems}" if problems else ""
        )
    return [(f"{path.name}: {config.label}", config.profile) for config in result.configs]
