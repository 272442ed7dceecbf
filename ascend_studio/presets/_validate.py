"""Validate preset files with pydantic: the only preset module that imports it.

The validators are built from the presets' own dataclasses (their types, their
``__pydantic_config__`` and their ``__post_init__`` checks), as the catalog's
are; they are needed only when the files differ from the validated copy in the
user cache.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping

from pydantic import TypeAdapter, ValidationError

from ascend_studio.presets._model import Preset, PresetError

__all__ = ["validated_presets"]


def validated_presets(blobs: Mapping[str, bytes]) -> tuple[Preset, ...]:
    """Each file (name -> bytes, in order) parsed and validated; PresetError names the
    file that does not parse, does not validate or whose id is not its name."""
    adapter = TypeAdapter(Preset)
    presets = []
    for name, blob in blobs.items():
        try:
            preset = adapter.validate_python(tomllib.loads(blob.decode("utf-8")))
        except (UnicodeDecodeError, tomllib.TOMLDecodeError, ValidationError) as exc:
            raise PresetError(f"{name}: {exc}") from None
        if preset.id != name.removesuffix(".toml"):
            raise PresetError(f"{name}: id {preset.id!r} must match the file name")
        presets.append(preset)
    return tuple(presets)
