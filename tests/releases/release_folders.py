"""The public TF Adapter release folders, for the release-by-release tests.

Found as ``$ASCEND_STUDIO_TF_ADAPTER_RELEASES``, as the ``releases`` folder beside
``$ASCEND_STUDIO_TF_ADAPTER`` (which names ``current/`` or its ``tf_adapter/``), or as
``../shared/tf_adapter/releases`` beside the clone (CI). Without them the tests skip.
The real code is run by the stand-ins of ``tests/codegen/cg_real_tfa.py``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "codegen"))  # cg_real_tfa and its stand-ins


def releases_dir() -> Path | None:
    explicit = os.environ.get("ASCEND_STUDIO_TF_ADAPTER_RELEASES")
    candidates = [Path(explicit)] if explicit else []
    current = os.environ.get("ASCEND_STUDIO_TF_ADAPTER")
    if current:
        named = Path(current).resolve()
        candidates += [named.parent / "releases", named.parent.parent / "releases"]
    candidates.append(ROOT.parent / "shared" / "tf_adapter" / "releases")
    for folder in candidates:
        if (folder.parent / "releases.tsv").is_file() and folder.is_dir():
            return folder
    return None
