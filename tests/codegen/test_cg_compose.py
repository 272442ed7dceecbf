"""Compositions (``X=/a:$X``) read from a script mean in the profile and its sh
export exactly what they meant in the script: checked against bash itself."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ascend_studio.codegen import export_text, import_shell
from ascend_studio.codegen._compose import fold, unfold

BASH = shutil.which("bash")
PIECE = st.sampled_from(["/a", "/b c", "x", "", ":", "'q r'", '"d e"', "${HOME_X}"])
REF = st.sampled_from(["$X", "${X}", "${X:+:$X}", "${X:+$X:}", '"$X"', "${X:-none}", "${X-u}"])


@st.composite
def steps(draw: st.DrawFn) -> str:
    return draw(PIECE) + draw(REF) + draw(PIECE)


def _value(script: str, caller: str | None) -> bytes:
    set_caller = "unset X; " if caller is None else f"export X={caller!r}; "
    run = f'{set_caller}HOME_X=/h; . "$1"; printf "%s|%s" "${{X-<unset>}}" "${{X+set}}"'
    return subprocess.run(
        [BASH or "bash", "-c", run, "sh", script], capture_output=True, check=True
    ).stdout


@pytest.mark.skipif(BASH is None, reason="bash is needed")
@settings(max_examples=60, deadline=None)
@given(first=st.one_of(PIECE, steps()), second=steps(), third=st.one_of(st.none(), steps()))
def test_a_composed_value_means_what_the_script_meant(
    first: str, second: str, third: str | None, tmp_path_factory: pytest.TempPathFactory
) -> None:
    folder = tmp_path_factory.mktemp("compose")
    lines = ["export HOME_X=/h", f"export X={first}", f"export X={second}"]
    lines += [f"export X={third}"] if third is not None else []
    script = folder / "script.sh"
    script.write_text("\n".join(lines) + "\n")
    imported = import_shell(script.read_text(), "script.sh")
    if imported.report.of_kind("conflict"):
        return  # a form that cannot be combined exactly: reported ("the last one wins")
    profile = imported.configs[0].profile
    exported = folder / "exported.sh"
    exported.write_text(export_text(profile, "sh"))
    for caller in (None, "", "/c"):
        assert _value(str(exported), caller) == _value(str(script), caller), (
            caller,
            profile.env.get("X"),
        )


@given(second=steps(), previous=st.sampled_from(["/p", "/p:$X", "'/q r'", "/a${X:+:$X}"]))
def test_unfold_gives_back_the_step(second: str, previous: str) -> None:
    whole = fold("X", second, previous)
    if whole is None or "$X" not in second.replace("${X}", "$X"):
        return
    step = unfold("X", whole, previous)
    assert step is None or fold("X", step, previous) == whole
