"""A checksummed copy of validated data in the user cache directory.

Shared by the catalog's and the artifact chains' caches (each owner turns its
objects into JSON text and back) and the dataclass methods cache (marshalled
code): this module stores the body behind a JSON header
line ``{"format", "key", "body"}`` (the owner's format number, its key and the
body's length and CRC-32) and gives it back only when all three match. Anything else,
including a missing, unreadable or truncated file, reads as no copy. Writing is
atomic; a directory that cannot be written only costs the next start its time.

The body's check is there to catch a damaged or cut file, which a CRC does as well as
a cryptographic digest (and the key, which names the files and classes the copy was
made from, stays a BLAKE2b digest): at a start the app reads about 1.2 MB of copies,
and BLAKE2b cost some 13 instructions a byte, CRC-32 about 4.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from zlib import crc32

from ascend_studio._digest import DIGEST_SIZE, blake2b
from ascend_studio._dirs import user_cache_dir

__all__ = ["copy_file", "copy_key", "read_copy", "write_copy"]


def copy_file(name: str) -> Path:
    """``name`` in the user cache directory (looked up per call)."""
    return user_cache_dir() / name


def copy_key(label: str, blobs: Mapping[str, bytes], classes: Iterable[type]) -> str:
    """Digest of ``label`` (the owner, its format and the app version), the shape of the
    dataclasses the copy holds (every field's name, type and default) and every data
    file's name and bytes: a change to any of them misses the copy."""
    digest = blake2b(f"ascend-studio {label}\0".encode(), digest_size=DIGEST_SIZE)
    for cls in classes:
        for f in dataclasses.fields(cls):
            default = "" if f.default is dataclasses.MISSING else f"={f.default!r}"
            digest.update(f"{cls.__name__}.{f.name}:{f.type}{default}\n".encode())
    for name, blob in blobs.items():
        digest.update(f"\0{name}\0{len(blob)}\0".encode())
        digest.update(blob)
    return digest.hexdigest()


def _checksum(body: bytes) -> str:
    return f"crc32 {len(body)} {crc32(body):08x}"


def read_copy(path: Path, form: int, key: str) -> bytes | None:
    """The body stored under ``form`` and ``key``, or None when there is no usable copy."""
    try:
        head, _, body = path.read_bytes().partition(b"\n")
        header = json.loads(head)
    except (OSError, ValueError, RecursionError):  # missing, unreadable, not JSON, too deep
        return None
    if header != {"format": form, "key": key, "body": _checksum(body)}:
        return None
    return body


def write_copy(path: Path, form: int, key: str, body: str | bytes) -> bool:
    """Store ``body`` (text is stored as UTF-8) under ``form`` and ``key``; False when it
    cannot be written."""
    from ascend_studio._atomic import atomic_write_bytes  # only when a copy is written

    data = body.encode() if isinstance(body, str) else body
    header = json.dumps({"format": form, "key": key, "body": _checksum(data)})
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(path, header.encode() + b"\n" + data)
    except OSError:
        return False
    return True
