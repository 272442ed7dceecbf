"""How the runtime reads a whole number from an environment variable, reader by reader.

The catalog names each variable's reader (``int_reader`` in ``env.toml``); the
rules and ``doctor`` read values through :func:`read_env_int`, so a value is
accepted exactly when the real reader accepts it:

- ``""`` (the generic reading, ``strtol``-like): blanks around, an optional sign,
  decimal digits, any size;
- ``safe_strto64`` (TensorFlow's ``strings::safe_strto64``, which TF Adapter's
  ``GetEnvDeviceID`` calls): C blanks around, an optional ``-`` (no ``+``),
  ASCII digits only, within the signed 64-bit range; anything else fails.

``int_bits`` says the number is then stored in an unsigned field of that many
bits (``static_cast<uint32_t>``): a larger value wraps around, see :func:`stored`.
"""

from __future__ import annotations

import re

__all__ = ["INT_READERS", "read_env_int", "stored"]

INT_READERS = ("", "safe_strto64")
_GENERIC = re.compile(r"\s*[+-]?\d+\s*")
_C_BLANKS = " \t\n\v\f\r"
_ASCII_INT = re.compile(r"-?[0-9]+")
_INT64 = 1 << 63


def read_env_int(text: str, reader: str = "") -> int | None:
    """The number ``reader`` makes of ``text``, or None when the reader rejects it."""
    if reader == "safe_strto64":
        body = text.strip(_C_BLANKS)
        if _ASCII_INT.fullmatch(body) is None:
            return None
        value = int(body)
        return value if -_INT64 <= value < _INT64 else None
    return int(text) if _GENERIC.fullmatch(text) else None


def stored(value: int, bits: int) -> int:
    """``value`` as an unsigned field of ``bits`` bits holds it (0 bits: unchanged)."""
    return value % (1 << bits) if bits else value
