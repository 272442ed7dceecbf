"""The runtime's silent rewrites, as pure functions shared by rules and effective values."""

from __future__ import annotations

__all__ = [
    "FUSION_MAX",
    "HCCL_LEGACY_MAX",
    "HCCL_STEP",
    "JIT_TO_GE",
    "clamp_fusion",
    "round_hccl",
]

#: npu_attrs.cc: input_fusion_size is clamped to [0, 32 MiB] with a warning.
FUSION_MAX = 32 * 1024 * 1024
#: npurunconfig-page 异常补救: Atlas training series / 300I Duo use multiples of 68 s, (0, 17340].
HCCL_STEP = 68
HCCL_LEGACY_MAX = 17340
#: npu_attrs.cc ConvertToGeJitValue: what GE receives for each jit_compile value.
JIT_TO_GE = {"true": "1", "false": "0", "auto": "2"}


def clamp_fusion(size: int) -> int:
    return min(max(size, 0), FUSION_MAX)


def round_hccl(seconds: int) -> int:
    """Legacy products: floor to a multiple of 68, at least 68 (600 -> 544)."""
    return max(HCCL_STEP, seconds // HCCL_STEP * HCCL_STEP)
