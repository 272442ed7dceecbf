"""Fuzz ``apply`` over generated scripts and profiles.

Shell scripts are built from the lines env scripts are made of (exports of literal,
quoted, referring and composing values, plain assignments, unsets, comments,
commands, branches, per-device loops, LF or CRLF ends); profiles are the script's
own profile with random edits (new literal text, kept shell text, compositions,
unsets, variables dropped from the profile). Python scripts are the golden
scripts with random line ends (LF, CRLF, CR, mixed) and random values. For every
case:

- the result parses wherever the script did (``bash -n``, Python's compiler);
- importing it gives the profile's value for every variable or parameter the
  profile changed, except where apply said it could not (a warning note);
- every line outside the lines that set what changed is byte-identical, and the
  only new lines are apply's marked block (shell) or the edited calls (Python).

``ASCEND_STUDIO_EXAMPLES`` sets the number of examples (60 by default).
"""

from __future__ import annotations

import difflib
import itertools
import os
import shutil
import string
import subprocess

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_apply_property import _outside_untouched, _spans, edits

from ascend_studio.apply import apply_text, changed_env, changed_values
from ascend_studio.apply._shell import BLOCK_END, BLOCK_START
from ascend_studio.codegen import import_python, import_shell
from ascend_studio.codegen._compose import references
from ascend_studio.codegen._env_owned import SHELL_OWNED
from ascend_studio.codegen._import_sh import _read_shell
from ascend_studio.codegen._pyobjs import source_lines
from ascend_studio.codegen._shlex import lex, shell_quote
from ascend_studio.profile import Profile

BASH = shutil.which("bash")
EXAMPLES = int(os.environ.get("ASCEND_STUDIO_EXAMPLES", "60"))
SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
NAMES = ["AS_A", "AS_B", "AS_C", "LD_LIBRARY_PATH", "ASCEND_DEVICE_ID", "JOB_ID", "UID"]
LITERAL = st.text(
    st.sampled_from(string.ascii_letters + string.digits + " _-./:'\"\\$`!*中\t"), max_size=8
)


@st.composite
def _word(draw: st.DrawFn, name: str) -> str:
    text = draw(LITERAL)
    number = draw(st.integers(0, 9))
    words = {
        "plain": shell_quote(text),
        "single": "'" + text.replace("'", "") + "'",
        "double": '"' + "".join(c for c in text if c not in '"$`\\!') + '"',
        "compose": f"/opt/{number}:${name}",
        "guarded": f"/opt/g{number}${{{name}:+:${name}}}",
        "ref": f"${{{draw(st.sampled_from(NAMES))}}}/x",
        "cmd": "$(hostname)",
    }
    return words[draw(st.sampled_from(sorted(words)))]


@st.composite
def _line(draw: st.DrawFn) -> str:
    name = draw(st.sampled_from(NAMES))
    kind = draw(
        st.sampled_from(
            [
                "export",
                "export",
                "export",
                "assign",
                "export_name",
                "unset",
                "comment",
                "blank",
                "command",
                "branch",
                "loop",
                "trailing",
            ]
        )
    )
    word = draw(_word(name))
    lines = {
        "export": f"export {name}={word}",
        "assign": f"{name}={word}",
        "export_name": f"export {name}",
        "unset": f"unset {name}",
        "comment": f"# set {name} here: $HOME",
        "blank": "",
        "command": "cd /tmp || exit 1",
        "branch": f'if [ -n "$AS_FLAG" ]; then\n    export {name}={word}\nfi',
        "loop": "for i in 0 1; do\n    export ASCEND_DEVICE_ID=$i\n    echo $i\ndone",
        "trailing": f"export {name}={word}  # why",
    }
    return lines[kind]


@st.composite
def shell_scripts(draw: st.DrawFn) -> str:
    body = "\n".join(draw(st.lists(_line(), min_size=1, max_size=12))) + "\n"
    text = "#!/bin/bash\n" + body
    return text.replace("\n", "\r\n") if draw(st.integers(0, 9)) == 0 else text


VERBATIM = st.sampled_from(
    ["$HOME/x", "${AS_A}/lib", "$(hostname)", '"$AS_B c"', "/new:$N", "/n${N:+:$N}", "$N:/tail"]
)


@st.composite
def shell_cases(draw: st.DrawFn) -> tuple[str, Profile, Profile]:
    text = draw(shell_scripts())
    before = import_shell(text, "env.sh").configs[0].profile
    profile = before
    for name in draw(st.lists(st.sampled_from(NAMES), max_size=4, unique=True)):
        kind = draw(st.sampled_from(["literal", "verbatim", "unset", "drop"]))
        if kind == "literal":
            value = draw(st.text(st.characters(exclude_categories=("Cs",)), max_size=8))
            profile = profile.with_env(name, value.replace("\0", ""))
        elif kind == "verbatim":
            profile = profile.with_env(name, draw(VERBATIM).replace("N", name), verbatim=True)
        elif kind == "unset":
            profile = profile.with_env(name, None)
        else:
            profile = profile.without_env(name)
    return text, before, profile


def _read_as_literal(text: str | None, script: str, name: str) -> bool:
    """``text`` refers only to variables ``script`` sets (exported or not, as literals or
    as kept shell text), so the importer reads it as their value at that line: the
    earlier value, or the earlier shell text composed in, comes back."""
    state = _read_shell(script)
    earlier = {n for n, _ in [*state.env.items(), *state.shell.items()]}
    refs = {r.name for r in references(text or "")}
    return bool(refs) and refs <= earlier | {name} and name in earlier


def _only_sets(text: str, names: set[str]) -> bool:
    """``text`` (whole changed lines) holds only commands setting ``names`` (and comments)."""
    lexed = lex(text.replace("\r\n", "\n"))
    if lexed.error is not None:
        return False
    for cmd in lexed.commands:
        words = [w.text for w in cmd.words]
        if words[:1] in (["export"], ["unset"]):
            words = words[1:]
        if not words or not all(w.split("=", 1)[0] in names for w in words):
            return False
    return True


@SETTINGS
@given(shell_cases())
def test_apply_to_generated_shell_scripts(case: tuple[str, Profile, Profile]) -> None:
    text, before, profile = case
    result = apply_text(text, profile, "env.sh")
    after = result.after
    # parses wherever the script did
    if lex(text).error is None:
        assert lex(after).error is None, after
    if BASH is not None and not result.unchanged:
        for label, body in (("before", text), ("after", after)):
            checked = subprocess.run(
                [BASH, "-n"], input=body.encode(), capture_output=True, check=False
            )
            if label == "before" and checked.returncode != 0:
                break
            assert checked.returncode == 0, (checked.stderr, after)
    # imports back to the profile's values, except where apply said it could not
    warned = {n.path for n in result.notes if n.severity == "warning"}
    again = import_shell(after, "env.sh").configs[0].profile
    wanted = changed_env(before, profile)
    for name, (value, verbatim) in wanted.items():
        if f"env:{name}" in warned or name in SHELL_OWNED:
            continue
        if verbatim and _read_as_literal(value, after, name):
            continue  # refers to variables the script sets before: read as their value
        assert again.env.get(name) == value, (name, value, after)
        assert (name in again.env_verbatim) == verbatim, (name, after)
    # byte-identical outside the lines that set what changed; new lines: the block only
    old, new = source_lines(text), source_lines(after)
    changed = set(wanted)
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(
        None, old, new, autojunk=False
    ).get_opcodes():
        if tag in ("replace", "delete"):
            assert _only_sets("".join(old[i1:i2]), changed), (old[i1:i2], new[j1:j2])
        if tag in ("replace", "insert"):
            rows = [r for r in new[j1:j2] if r.rstrip("\r\n") not in (BLOCK_START, BLOCK_END)]
            assert _only_sets("".join(rows), changed), (new[j1:j2], after)
    # and applying again changes nothing more (but what refers to a changed variable)
    following = {n.path for n in result.notes if "refers to a variable this edit" in n.message.en}
    if not following:
        assert apply_text(after, profile, "env.sh").after == after


@st.composite
def line_ends(draw: st.DrawFn, text: str) -> str:
    kind = draw(st.sampled_from(["\r\n", "\r", "mixed"]))
    if kind != "mixed":
        return text.replace("\n", kind)
    rows = text.split("\n")
    out = []
    for row, following in itertools.pairwise(rows):
        # a CR before an empty line's LF would make one CRLF of two line ends
        choices = ["\n", "\r\n"] if following == "" else ["\n", "\r\n", "\r"]
        out.append(row + draw(st.sampled_from(choices)))
    return "".join(out) + rows[-1]


def _compiles(text: str) -> bool:
    try:
        compile(text, "train.py", "exec", dont_inherit=True)
    except SyntaxError:
        return False
    return True


@SETTINGS
@given(st.data())
def test_apply_to_python_scripts_with_any_line_ends(data: st.DataObject) -> None:
    text_lf, config, profile = data.draw(edits())
    text = data.draw(line_ends(text_lf))
    result = apply_text(text, profile, "train.py", config)
    if _compiles(text):  # (a golden script keeps a Python 2 print: it never compiled)
        compile(result.after, "train.py", "exec", dont_inherit=True)
    again = import_python(result.after).configs[config - 1].profile
    warned = {n.path for n in result.notes if n.severity == "warning"}
    missed = changed_values(again, profile)
    assert set(missed) <= warned | {
        p for p in missed if p.count(".") == 0 and p.endswith("_config")
    }
    # the same edit as on the LF text, every untouched line keeping its own end
    lf = apply_text(text_lf, profile, "train.py", config).after
    assert [r.rstrip("\r\n") for r in source_lines(result.after)] == [
        r.rstrip("\r\n") for r in source_lines(lf)
    ]
    _outside_untouched(text_lf, lf, _spans(text_lf, config))
    kept = [r for r in source_lines(text) if r in source_lines(result.after)]
    assert len(kept) >= len(source_lines(text)) - len(_spans(text_lf, config)) - 1
