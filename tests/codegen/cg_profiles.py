"""The example profiles used by the golden-file and execution tests."""

from __future__ import annotations

import re
from pathlib import Path

from ascend_studio import __version__
from ascend_studio.profile import Profile, load_profile

HERE = Path(__file__).parent
PROFILES = HERE / "profiles"
GOLDEN = HERE / "golden"
NAMES = tuple(sorted(p.stem for p in PROFILES.glob("*.json")))


def profile(name: str) -> Profile:
    return load_profile(PROFILES / f"{name}.json")


def normalize(text: str) -> str:
    """Golden files do not depend on the installed version string."""
    return re.sub(re.escape(f"Ascend Studio {__version__}:"), "Ascend Studio <version>:", text)
