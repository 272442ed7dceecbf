"""Variables that change how every program runs are never written silently.

``LD_PRELOAD``, ``LD_AUDIT``, ``BASH_ENV``, ``ENV``, ``PYTHONHOME``, ``GCONV_PATH``
and a ``PATH`` that is empty or replaced as a whole: every environment writer puts
a note beside them, and ``apply`` into a shell script warns.
"""

from __future__ import annotations

import pytest

from ascend_studio.apply import apply_shell
from ascend_studio.codegen import ExportOptions, export_text
from ascend_studio.codegen._env_wide import process_wide
from ascend_studio.profile import Profile

WIDE = {
    "LD_PRELOAD": "/opt/lib/libhook.so",
    "LD_AUDIT": "/opt/lib/audit.so",
    "BASH_ENV": "/home/u/.evil",
    "ENV": "/home/u/.shrc",
    "PYTHONHOME": "/opt/py",
    "GCONV_PATH": "/tmp/gconv",
    "PATH": "",
}
ENV_FORMATS = ["sh", "env-file", "docker", "k8s", "tf2"]


@pytest.mark.parametrize("fmt", ENV_FORMATS)
@pytest.mark.parametrize(("name", "value"), sorted(WIDE.items()))
def test_every_env_writer_notes_it(fmt: str, name: str, value: str) -> None:
    text = export_text(Profile(env={name: value, "A": "1"}), fmt)
    notes = [line for line in text.splitlines() if "Note: " in line]
    assert len(notes) == 1 and f"{name}: " in notes[0] and "Make sure that is meant" in notes[0]
    zh = export_text(Profile(env={name: value}), fmt, ExportOptions(lang="zh"))
    assert "注意：" in zh and "请确认这是有意的" in zh


@pytest.mark.parametrize(
    ("value", "verbatim", "said"),
    [
        ("", False, "empty"),
        ("/usr/bin", False, "replaced as a whole"),
        ("/opt/bin:$PATH", True, None),
        ("$PATH:/opt/bin", True, None),
    ],
)
def test_path_is_noted_when_it_empties_or_replaces_the_search_path(
    value: str, verbatim: bool, said: str | None
) -> None:
    found = process_wide("PATH", value, verbatim)
    assert (found is None) == (said is None)
    if said is not None and found is not None:
        assert said in found.en


def test_ordinary_variables_get_no_note() -> None:
    for name in ("ASCEND_DEVICE_ID", "LD_LIBRARY_PATH", "PYTHONPATH", "ASCEND_WORK_PATH"):
        assert process_wide(name, "/x", False) is None
    text = export_text(Profile(env={"LD_LIBRARY_PATH": "/usr/local/Ascend/lib64"}), "sh")
    assert "Note: " not in text


def test_apply_into_a_shell_script_warns() -> None:
    profile = Profile(env={"LD_PRELOAD": "/opt/x.so", "A": "2"})
    result = apply_shell("export A=1\nexport LD_PRELOAD=/old.so\n", profile, Profile())
    (warning,) = [n for n in result.notes if "LD_PRELOAD" in n.message.en]
    assert warning.severity == "warning" and warning.line == 2
    assert "export LD_PRELOAD=/opt/x.so" in result.after
