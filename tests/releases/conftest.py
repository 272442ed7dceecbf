"""The release-by-release tests run the real code through ``tests/codegen``'s stand-ins."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "codegen"))
