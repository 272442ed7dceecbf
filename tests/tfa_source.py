"""Where the tests find the public TF Adapter sources they compare the tool with.

``$ASCEND_STUDIO_TF_ADAPTER`` names a hicann/tensorflow checkout (the folder that
holds ``tf_adapter/`` and ``docs/``) or its ``tf_adapter/`` folder. Without it, the
shared reference folder beside the clone is used when present
(``../shared/tf_adapter/current``, as on CI). Its sibling ``releases/`` holds the
configuration surface of every public release (``releases.tsv``). Tests that need
either skip cleanly when neither is there.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["SKIP_REASON", "checkout", "releases_dir", "tf_adapter_dir"]

SKIP_REASON = (
    "TF Adapter source not found (set ASCEND_STUDIO_TF_ADAPTER to a hicann/tensorflow "
    "checkout, or put the shared reference folder at ../shared/tf_adapter)"
)
_SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "tf_adapter"


def checkout() -> Path | None:
    """The folder holding ``tf_adapter/`` (and ``docs/`` when the checkout has them)."""
    given = os.environ.get("ASCEND_STUDIO_TF_ADAPTER")
    if given:
        root = Path(given)
        if (root / "tf_adapter").is_dir():
            return root
        if root.name == "tf_adapter" and (root / "python").is_dir():
            return root.parent
        return None
    shared = _SHARED / "current"
    return shared if (shared / "tf_adapter").is_dir() else None


def tf_adapter_dir() -> Path | None:
    """The ``tf_adapter`` folder (``python/``, ``util/``...), if found."""
    root = checkout()
    if root is None:
        return None
    folder = root / "tf_adapter"
    return folder if (folder / "python").is_dir() else None


def releases_dir() -> Path | None:
    """The per-release folders with ``releases.tsv`` (inside, or beside them as in the
    shared reference folder): the checkout's sibling ``releases/``
    (``$ASCEND_STUDIO_TF_ADAPTER_RELEASES`` overrides)."""
    given = os.environ.get("ASCEND_STUDIO_TF_ADAPTER_RELEASES")
    candidates = [Path(given)] if given else []
    root = checkout()
    if root is not None:
        candidates.append(root.parent / "releases")
    candidates.append(_SHARED / "releases")
    for found in candidates:
        if (found / "releases.tsv").is_file() or (found.parent / "releases.tsv").is_file():
            return found if found.is_dir() else None
    return None
