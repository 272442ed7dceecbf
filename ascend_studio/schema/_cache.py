"""A cache of the *parsed* catalog files, so a start skips the TOML parser.

Parsing the ~30 catalog files with ``tomllib`` takes about 25 ms, most of the
catalog's share of the app's cold start; validating the parsed data takes a few.
So only the parsing is cached: whatever comes out of the cache goes through the
same models and cross-check as a fresh parse, on every load. The app never runs
on data that skipped validation.

The cache is keyed by the exact bytes (and names) of every catalog file, so any
edit, added or removed file misses it. It is JSON (loading it executes nothing)
behind a header with the format, that key and a checksum of the body; a cache
that is unreadable, truncated, from another format or fails its checksum is
ignored and rewritten. Failing to write it (read-only home) only costs time.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import platformdirs

from ascend_studio._atomic import atomic_write_text

__all__ = ["FORMAT", "cache_file", "read_cache", "sources_key", "write_cache"]

#: Bump when what is stored, or how it is stored, changes.
FORMAT = 1
_APP_ID = "ascend-studio"

Parsed = dict[str, dict[str, Any]]


def cache_file() -> Path:
    """The cache in the platformdirs user cache directory (looked up per call)."""
    return Path(platformdirs.user_cache_dir(_APP_ID, appauthor=False)) / "catalog.json"


def sources_key(blobs: Mapping[str, bytes]) -> str:
    """Digest of every file's name and bytes, in order."""
    digest = hashlib.sha256(f"ascend-studio catalog cache {FORMAT}\0".encode())
    for name, blob in blobs.items():
        digest.update(f"{name}\0{len(blob)}\0".encode())
        digest.update(blob)
    return digest.hexdigest()


def read_cache(key: str, names: list[str], path: Path | None = None) -> Parsed | None:
    """The parsed files stored under ``key``, or None when there is no usable cache."""
    try:
        text = (path or cache_file()).read_bytes()
        head, _, body = text.partition(b"\n")
        header = json.loads(head)
        if header != {"format": FORMAT, "key": key, "body": _checksum(body)}:
            return None
        data = json.loads(body)
    except (OSError, ValueError):  # missing, unreadable, not JSON, not UTF-8
        return None
    if not isinstance(data, dict) or list(data) != names:
        return None
    if not all(isinstance(table, dict) for table in data.values()):
        return None
    return data


def write_cache(key: str, data: Parsed, path: Path | None = None) -> bool:
    """Store parsed files under ``key``; False when they cannot be stored exactly."""
    if not _json_exact(data):
        return False  # e.g. TOML dates: JSON would hand back strings
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    header = json.dumps({"format": FORMAT, "key": key, "body": _checksum(body)})
    target = path or cache_file()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(target, header + "\n" + body.decode())
    except OSError:
        return False
    return True


def _checksum(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()


def _json_exact(value: object) -> bool:
    """True when a JSON round trip gives back an equal value of the same types."""
    if isinstance(value, dict):
        return all(isinstance(k, str) and _json_exact(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_json_exact(v) for v in value)
    if isinstance(value, float):
        return math.isfinite(value)
    return isinstance(value, str | int | bool)
