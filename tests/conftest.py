"""Project-wide test fixtures.

Keeps a developer's real Ascend Studio config and state out of the tests, and
makes the offscreen Qt platform the default before any test imports Qt.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

try:  # the property tests' CI profile: the same examples every run (no flaky red)
    from hypothesis import settings as _hypothesis_settings

    _hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True)
except ImportError:  # hypothesis is a test dependency; without it those tests cannot run
    pass


@pytest.fixture(autouse=True)
def _isolated_user_dirs(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    home = tmp_path_factory.mktemp("home")
    for var, sub in (
        ("XDG_CONFIG_HOME", "config"),
        ("XDG_STATE_HOME", "state"),
        ("XDG_CACHE_HOME", "cache"),
        ("XDG_DATA_HOME", "data"),
    ):
        monkeypatch.setenv(var, str(Path(home, sub)))
    # The command line and the app's first start follow the locale: a developer's
    # zh_CN shell must not turn the tests' English output Chinese.
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    yield
    # A test that ran ``ascend_studio.__main__.main`` in this process installed the
    # dataclass methods cache with this test's cache folder: keep it to this test.
    from ascend_studio import _dataclass_cache

    _dataclass_cache.uninstall()
