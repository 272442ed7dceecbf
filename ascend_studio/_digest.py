"""Content digests for the app's own caches and stamps, without loading OpenSSL.

``import hashlib`` loads the OpenSSL bindings (``_hashlib``: about 5 ms on the
2-core test machine, paid by every start and every command). The caches only need
a stable, collision-resistant digest of bytes the app itself wrote or ships, so
they use BLAKE2b from CPython's own ``_blake2`` extension, which is the very
function ``hashlib.blake2b`` returns (``hashlib`` imports it from there); an
interpreter built without it falls back to ``hashlib``. Digests that users or
other programs read back (the Apply record, the autosave's file stamp) stay
SHA-256 and keep using ``hashlib`` where they are made.
"""

from __future__ import annotations

try:
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - CPython always builds _blake2
    from hashlib import blake2b

__all__ = ["blake2b", "hex_digest"]

#: 256-bit digests: what SHA-256 gave the same files before.
DIGEST_SIZE = 32


def hex_digest(*parts: bytes) -> str:
    """The hex BLAKE2b-256 digest of ``parts`` taken one after another."""
    digest = blake2b(digest_size=DIGEST_SIZE)
    for part in parts:
        digest.update(part)
    return digest.hexdigest()
