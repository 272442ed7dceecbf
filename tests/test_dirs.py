"""The app's user folders: the XDG rule where it is the whole answer, platformdirs' otherwise."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

from ascend_studio import _dirs

KINDS = {
    "cache": (_dirs.user_cache_dir, platformdirs.user_cache_dir, "XDG_CACHE_HOME"),
    "config": (_dirs.user_config_dir, platformdirs.user_config_dir, "XDG_CONFIG_HOME"),
    "state": (_dirs.user_state_dir, platformdirs.user_state_dir, "XDG_STATE_HOME"),
}

#: (the kind's XDG variable, HOME); None = unset.
ENVIRONMENTS = [
    ("/srv/x", "/home/u"),  # the variable wins
    ("/srv/x/", "/home/u"),
    (None, "/home/u"),  # the default under HOME
    ("", "/home/u/"),
    (None, "/"),
    ("relative/x", "/home/u"),  # platformdirs' versions disagree: theirs is the answer
    ("   ", "/home/u"),
    (None, "relative-home"),
    ("/srv/x", None),
]


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize(("variable", "home"), ENVIRONMENTS)
def test_same_folder_as_platformdirs(
    monkeypatch: pytest.MonkeyPatch, kind: str, variable: str | None, home: str | None
) -> None:
    ours, theirs, name = KINDS[kind]
    for key, value in ((name, variable), ("HOME", home)):
        if value is None:
            monkeypatch.delenv(key, raising=False)
        else:
            monkeypatch.setenv(key, value)
    try:
        expected = Path(theirs(_dirs.APP_ID, appauthor=False))
    except RuntimeError:  # platformdirs could not name a home either
        with pytest.raises(RuntimeError):
            ours()
        return
    assert ours() == expected


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG rule is Linux's")
def test_the_plain_case_does_not_import_platformdirs(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from ascend_studio import _dirs\n"
        "print(_dirs.user_cache_dir(), _dirs.user_config_dir(), _dirs.user_state_dir())\n"
        "print('platformdirs' in sys.modules)\n"
    )
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "c")}
    env.pop("XDG_CONFIG_HOME", None)
    env.pop("XDG_STATE_HOME", None)
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    folders, imported = done.stdout.splitlines()
    assert folders.split() == [
        str(tmp_path / "c" / "ascend-studio"),
        str(tmp_path / ".config" / "ascend-studio"),
        str(tmp_path / ".local" / "state" / "ascend-studio"),
    ]
    assert imported == "False"
