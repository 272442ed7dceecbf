"""Loading the artifact chains: validated with pydantic once per change of the file.

``paths`` runs often (from scripts and hooks), and validating ``artifacts.toml``
through pydantic cost more than the rest of the command. So the shipped file is
validated when it is new to this user, and the validated result is kept, as plain
JSON, in the user cache directory; later runs rebuild the same objects from that
copy with no TOML parser and no pydantic.

The copy is keyed on the file's exact bytes and the app version (any edit, or an
upgrade that might change what validation means, misses it) and carries a
checksum of its body. A copy that is missing, unreadable, truncated, of another
format or version, fails its checksum or does not rebuild is ignored, and the
file is validated and the copy rewritten. Failing to write it (a read-only home)
only costs time. A file other than the shipped one is always validated.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ascend_studio import __version__
from ascend_studio._jsoncopy import copy_file, copy_key, read_copy, write_copy
from ascend_studio._resources import resource_path
from ascend_studio.paths._artifacts import (
    Artifact,
    ArtifactCatalog,
    ArtifactError,
    Cond,
    LayerSpec,
    Placeholder,
    Variant,
    When,
)
from ascend_studio.schema import Text

__all__ = ["FORMAT", "artifacts_from_data", "cache_file", "load_artifacts"]

#: Bump when what is stored, or how it is stored, changes.
FORMAT = 1


def load_artifacts(path: str | Path | None = None) -> ArtifactCatalog:
    """The artifact chains: the shipped file (cached) or another data file."""
    return _shipped() if path is None else _validated(_read(Path(path)), str(path))


@cache
def _shipped() -> ArtifactCatalog:
    path = resource_path("catalog", "artifacts.toml")
    raw = _read(path)
    key = cache_key(raw)
    found = read_cache(key)
    if found is not None:
        return found
    catalog = _validated(raw, str(path))
    write_cache(key, catalog)
    return catalog


def artifacts_from_data(data: object, source: str = "<data>") -> ArtifactCatalog:
    """Validate parsed data (a TOML document's tables); :class:`ArtifactError` says why not."""
    from pydantic import TypeAdapter, ValidationError  # only when validating

    try:
        return TypeAdapter(ArtifactCatalog).validate_python(data)
    except ValidationError as exc:
        raise ArtifactError(f"{source}: {exc}") from exc


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise ArtifactError(f"{path}: {exc}") from exc


def _validated(raw: bytes, source: str) -> ArtifactCatalog:
    import tomllib  # only on a miss, or for a file of the user's

    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ArtifactError(f"{source}: {exc}") from exc
    return artifacts_from_data(data, source)


# -- the validated copy --------------------------------------------------------------


def cache_file() -> Path:
    """The copy in the user cache directory (looked up per call)."""
    return copy_file("artifacts.json")


#: The classes the copy holds (their shape is part of its key).
_CLASSES = (ArtifactCatalog, Artifact, Variant, LayerSpec, When, Cond, Placeholder, Text)


def cache_key(raw: bytes) -> str:
    """Digest of the cache format, the app version, the classes' shape and the file's bytes."""
    return copy_key(f"artifacts {FORMAT} {__version__}", {"artifacts.toml": raw}, _CLASSES)


def read_cache(key: str, path: Path | None = None) -> ArtifactCatalog | None:
    """The catalog stored under ``key``, or None when there is no usable copy."""
    body = read_copy(path or cache_file(), FORMAT, key)
    if body is None:
        return None
    try:
        return _catalog(json.loads(body))
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None  # not JSON, or not what this version writes


def write_cache(key: str, catalog: ArtifactCatalog, path: Path | None = None) -> bool:
    """Store ``catalog`` under ``key``; False when it cannot be stored (exactly)."""
    data = _plain(catalog)
    if not _json_exact(data):
        return False
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return write_copy(path or cache_file(), FORMAT, key, body)


def _plain(value: object) -> Any:
    """Validated objects as JSON data (tuples as lists, texts as ``{zh, en}``)."""
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    if isinstance(value, Text):
        return {"zh": value.zh, "en": value.en}
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    return value


def _json_exact(value: object) -> bool:
    """True when a JSON round trip gives back an equal value of the same types."""
    if isinstance(value, dict):
        return all(isinstance(k, str) and _json_exact(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_json_exact(v) for v in value)
    if isinstance(value, float):
        return math.isfinite(value)
    return value is None or isinstance(value, str | int | bool)


# -- rebuilding from the copy: the same objects validation gave -----------------------


def _text(data: dict[str, str] | None) -> Text | None:
    return None if data is None else Text.of(data["zh"], data["en"])


def _all(build: Callable[[Any], Any], items: list[Any]) -> tuple[Any, ...]:
    return tuple(build(item) for item in items)


def _cond(data: dict[str, Any]) -> Cond:
    return Cond(**{**data, "values": tuple(data["values"])})


def _when(data: dict[str, Any]) -> When:
    return When(all=_all(_cond, data["all"]))


def _layer(data: dict[str, Any]) -> LayerSpec:
    return LayerSpec(**{**data, "when": _all(_cond, data["when"]), "note": _text(data["note"])})


def _variant(data: dict[str, Any]) -> Variant:
    return Variant(
        **{
            **data,
            "label": _text(data["label"]),
            "sources": tuple(data["sources"]),
            "layers": _all(_layer, data["layers"]),
        }
    )


def _artifact(data: dict[str, Any]) -> Artifact:
    texts = ("name", "description", "not_produced", "condition_note", "note")
    return Artifact(
        **{
            **data,
            **{name: _text(data[name]) for name in texts},
            "aliases": tuple(data["aliases"]),
            "sources": tuple(data["sources"]),
            "when": _all(_when, data["when"]),
            "layers": _all(_layer, data["layers"]),
            "variant": _all(_variant, data["variant"]),
        }
    )


def _placeholder(data: dict[str, Any]) -> Placeholder:
    return Placeholder(**{**data, "description": _text(data["description"])})


def _catalog(data: dict[str, Any]) -> ArtifactCatalog:
    return ArtifactCatalog(
        **{
            **data,
            "placeholder": _all(_placeholder, data["placeholder"]),
            "artifact": _all(_artifact, data["artifact"]),
        }
    )
