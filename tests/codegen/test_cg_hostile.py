"""Hostile profiles: whatever text a profile holds, no export runs it and every value is exact.

Every field that reaches generated text (product, notes, env names and values,
string parameter values, names of kept keyword arguments) is filled with
injection payloads and random text. Each export is then used the way its reader
uses it: the sh export is sourced by bash and dash, the docker script runs
against a fake ``docker``, the env-file goes through docker's env-file reader,
the k8s list through a YAML parser and Kubernetes' ``$(NAME)`` expansion, the
Python exports through the Python parser. A canary file that any payload would
create must not appear, and the values read back must equal the profile's.

Kept code (``Expr`` values, ``env_verbatim`` shell text) is code by definition
and is not generated here: see ``test_cg_safety.py`` for importers. What must
never reach a writer (an environment name that is not a shell name, a keyword
name that is not an identifier, a product that is not an id, kept text that
could end its place) is refused when a profile is made, and by every writer for
a profile edited in code without validation: see the end of this file.
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from cg_strategies import CATALOG
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError
from writable_fields import IDENTIFIERS

from ascend_studio.codegen import EXPORT_FORMATS, ExportError, ExportOptions, export_text
from ascend_studio.codegen._export_env import ENV_FILE_LINE_LIMIT, SHELL_OWNED
from ascend_studio.codegen._session import session_writes
from ascend_studio.profile import ExtraKwarg, Profile, parse_profile
from ascend_studio.profile._document import PRODUCT_ID

BASH = shutil.which("bash")
DASH = shutil.which("dash")
CANARY = "CANARY"
PAYLOADS = [
    f"\ntouch {CANARY}\n",
    f"\rtouch {CANARY}\r",
    f"\r\ntouch {CANARY} #",
    f"$(touch {CANARY})",
    f"`touch {CANARY}`",
    f"';touch {CANARY};'",
    f'";touch {CANARY};"',
    f"\\\ntouch {CANARY}",
    f"\u2028touch {CANARY}\u2029",
    f"\x85touch {CANARY}\x0b\x0c",
    f"\n__import__('os').system('touch {CANARY}')\n",
    f'"""\nopen("{CANARY}", "w")\n"""',
    "\n  - name: INJECTED\n    value: x\n",
    "$(HOME) $$ $$(HOME) $( $",
    "\x1b[2J\x00\x7f",
    "# -*- coding: latin-1 -*-",
]
TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=20)
HOSTILE = st.one_of(
    st.sampled_from(PAYLOADS),
    TEXT,
    st.builds(lambda a, b, c: a + b + c, TEXT, st.sampled_from(PAYLOADS), TEXT),
)
ENV_VALUE = HOSTILE.map(lambda s: s.replace("\0", ""))
STRING_PARAMS = sorted(
    p.path for p in CATALOG.params if p.py_type == "str" and not p.values and p.kind != "object"
)
ENV_NAMES = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,10}", fullmatch=True)
SLOW = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@st.composite
def hostile_profiles(draw: st.DrawFn) -> Profile:
    values = draw(st.dictionaries(st.sampled_from(STRING_PARAMS), HOSTILE, max_size=4))
    env = draw(st.dictionaries(ENV_NAMES, st.one_of(st.none(), ENV_VALUE), max_size=5))
    extras = draw(
        st.lists(
            st.builds(
                ExtraKwarg, owner=st.just("NPURunConfig"), name=IDENTIFIERS, expr=st.just("1")
            ),
            max_size=2,
        )
    )
    if draw(st.booleans()):  # a key no parameter has: the code exports refuse it
        values[draw(HOSTILE)] = draw(HOSTILE)
    extra_fields = draw(st.dictionaries(HOSTILE, HOSTILE, max_size=1))  # kept, JSON only
    return Profile.model_validate(
        {
            **{k: v for k, v in extra_fields.items() if k not in Profile.model_fields},
            "product": draw(st.sampled_from(CATALOG.product_ids)),
            "values": values,
            "env": env,
            "extra_kwargs": tuple(extras),
            "file_contents": draw(st.dictionaries(HOSTILE, HOSTILE, max_size=1)),
            "notes": draw(HOSTILE),
        }
    )


def _sess_only(path: str) -> bool:
    """A sess.run-only key: the estimator style has no keyword to write it with."""
    session = CATALOG.param(path).session
    return session is not None and session.session_only


def with_hostile_product(profile: Profile, product: str) -> Profile:
    """``profile`` holding ``product`` unchecked, as a caller building one in code could."""
    return profile.model_copy(update={"product": product})


def _header(text: str) -> list[str]:
    lines = text.split("\n")
    start = 1 if lines[0].startswith("#!") else 0
    return lines[start : lines.index("", start)]


def _exports(profile: Profile) -> dict[str, str]:
    found = {}
    for fmt in EXPORT_FORMATS:
        try:
            found[fmt] = export_text(profile, fmt, ExportOptions(lang="en"))
        except ExportError:
            continue  # refused with a message: nothing written, nothing to run
    return found


# -- the product field ------------------------------------------------------------------------


@given(product=HOSTILE.filter(lambda s: not PRODUCT_ID.fullmatch(s)))
def test_a_product_that_is_not_an_id_is_refused_on_load(product: str) -> None:
    with pytest.raises(ValidationError, match="not a product id"):
        Profile(product=product)
    with pytest.raises(ValueError, match="product"):
        parse_profile(json.dumps({"product": product}))


@given(profile=hostile_profiles(), product=HOSTILE)
@settings(deadline=None)
def test_every_header_line_is_a_comment(profile: Profile, product: str) -> None:
    """Even a product that bypassed validation stays inside the header comment."""
    for fmt, text in _exports(with_hostile_product(profile, product)).items():
        if fmt == "json":
            continue
        for line in _header(text):
            assert line.startswith("#"), (fmt, line)
            assert line.isprintable(), (fmt, line)


# -- shells -----------------------------------------------------------------------------------


def _source(shell: str, script: Path) -> dict[str, str]:
    result = subprocess.run(
        [shell, "-c", '. "$1"; exec /usr/bin/env -0', "sh", str(script)],
        env={},
        cwd=script.parent,
        capture_output=True,
        check=True,
    )
    pairs = (item.partition(b"=") for item in result.stdout.split(b"\0") if item)
    return {name.decode(): value.decode() for name, _, value in pairs}


def _set(profile: Profile) -> dict[str, str]:
    return {k: v for k, v in profile.env.items() if v is not None and k not in SHELL_OWNED}


@pytest.mark.skipif(BASH is None or DASH is None, reason="bash and dash are needed")
@SLOW
@given(profile=hostile_profiles())
def test_sourcing_the_sh_export_runs_nothing_and_sets_exact_values(
    profile: Profile, tmp_path_factory: pytest.TempPathFactory
) -> None:
    text = export_text(profile, "sh")
    for shell in ("bash", "dash"):
        folder = tmp_path_factory.mktemp(shell)
        script = folder / "env.sh"
        script.write_text(text, encoding="utf-8")
        seen = _source(shell, script)
        assert not (folder / CANARY).exists()
        wanted = _set(profile)
        assert {k: seen.get(k) for k in wanted} == wanted
        for name in profile.env:
            if profile.env[name] is None:
                assert name not in seen


@pytest.mark.skipif(BASH is None, reason="sh is needed")
@SLOW
@given(profile=hostile_profiles())
def test_the_docker_script_passes_exact_values_and_runs_nothing_else(
    profile: Profile, tmp_path_factory: pytest.TempPathFactory
) -> None:
    folder = tmp_path_factory.mktemp("docker")
    fake = folder / "bin" / "docker"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\nprintf '%s\\0' \"$@\"\n", encoding="utf-8")
    fake.chmod(0o755)
    script = folder / "run.sh"
    script.write_text(export_text(profile, "docker"), "utf-8")
    out = subprocess.run(
        ["sh", str(script), "image"],
        env={"PATH": f"{fake.parent}:/usr/bin:/bin"},
        cwd=folder,
        capture_output=True,
        check=True,
    ).stdout
    assert not (folder / CANARY).exists()
    args = [a.decode() for a in out.split(b"\0")[:-1]]
    assert args[0] == "run" and args[-1] == "image"
    pairs = args[1:-1]
    assert pairs[::2] == ["-e"] * (len(pairs) // 2)
    assert dict(item.split("=", 1) for item in pairs[1::2]) == _set(profile)


ENV_SCRIPT = (
    "#!/bin/sh\n# the job's environment\nexport JOB_ID=1\nexport A_SET=old  # kept comment\n"
    "unset A_GONE\ncd /tmp || exit 1\n"
)


@pytest.mark.skipif(BASH is None or DASH is None, reason="bash and dash are needed")
@SLOW
@given(profile=hostile_profiles(), prefix=st.sampled_from(["", "A_SET", "A_GONE", "JOB_ID"]))
def test_applying_to_an_env_script_runs_nothing_and_sets_exact_values(
    profile: Profile, prefix: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The apply writer, with the same hostile values (also on lines the script has)."""
    from ascend_studio.apply import apply_shell
    from ascend_studio.codegen import import_shell

    env = dict(profile.env)
    if prefix and env:  # one hostile value lands on a line the script already has
        env[prefix] = next(iter(env.values()))
    wanted_profile = profile.model_copy(update={"env": env, "env_verbatim": ()})
    before = import_shell(ENV_SCRIPT, "env.sh").configs[0].profile
    text = apply_shell(ENV_SCRIPT, wanted_profile, before).after
    for shell in ("bash", "dash"):
        folder = tmp_path_factory.mktemp(shell)
        script = folder / "env.sh"
        script.write_text(text.replace("cd /tmp || exit 1", ""), encoding="utf-8")
        seen = _source(shell, script)
        assert not (folder / CANARY).exists()
        wanted = _set(wanted_profile)
        assert {k: seen.get(k) for k in wanted} == wanted, text
        assert all(n not in seen for n, v in env.items() if v is None)


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck is needed")
@settings(max_examples=15, deadline=None)
@given(profile=hostile_profiles())
def test_shellcheck_accepts_the_sh_and_docker_exports_of_hostile_profiles(
    profile: Profile, tmp_path_factory: pytest.TempPathFactory
) -> None:
    folder = tmp_path_factory.mktemp("shellcheck")
    for fmt in ("sh", "docker"):
        script = folder / f"{fmt}.sh"
        script.write_text(export_text(profile, fmt), encoding="utf-8")
        checked = subprocess.run(
            ["shellcheck", "--shell=sh", str(script)], capture_output=True, text=True, check=False
        )
        assert checked.returncode == 0, (fmt, checked.stdout)


# -- docker env-file --------------------------------------------------------------------------


def docker_env_file(text: str) -> dict[str, str]:
    """What docker's env-file reader makes of ``text`` (docker/cli ``opts/file.go``).

    Lines are read by Go's ``bufio.Scanner`` (at most 65,536 bytes with the
    newline, a trailing CR dropped); leading white space is trimmed; empty and
    ``#`` lines are skipped; the name is what precedes the first ``=`` and must
    hold no blank; the value is passed through untouched.
    """
    found: dict[str, str] = {}
    for raw in text.split("\n")[:-1]:
        if len(raw.encode()) + 1 > 65_536:
            raise ValueError("bufio.Scanner: token too long")
        line = raw.removesuffix("\r").lstrip()
        if not line or line.startswith("#"):
            continue
        name, sep, value = line.partition("=")
        name = name.lstrip(" \t")
        if not name or " " in name or "\t" in name:
            raise ValueError(f"poorly formatted environment: {line!r}")
        found[name] = value if sep else ""
    return found


@given(profile=hostile_profiles())
@settings(deadline=None)
def test_the_env_file_reads_back_exactly_in_docker(profile: Profile) -> None:
    try:
        text = export_text(profile, "env-file")
    except ExportError as exc:
        assert "\n" in str(exc) or "line break" in str(exc)
        assert any(v is not None and ("\n" in v or v.endswith("\r")) for v in profile.env.values())
        return
    assert docker_env_file(text) == _set(profile)


def test_an_env_file_line_docker_cannot_read_is_refused() -> None:
    name = "LONG"
    fits = "x" * (ENV_FILE_LINE_LIMIT - len(name) - 1)
    text = export_text(Profile(env={name: fits}), "env-file")
    assert docker_env_file(text) == {name: fits}
    with pytest.raises(ExportError, match=r"65,535 bytes.*token too long"):
        export_text(Profile(env={name: fits + "x"}), "env-file")
    wide = "中" * (ENV_FILE_LINE_LIMIT // 3)  # 3 bytes each in UTF-8: the limit is bytes
    with pytest.raises(ExportError, match="token too long"):
        export_text(Profile(env={name: wide}), "env-file")
    with pytest.raises(ExportError, match="notes"):
        export_text(Profile(notes="n" * ENV_FILE_LINE_LIMIT), "env-file")


def test_a_long_value_in_a_diagnostic_does_not_make_a_long_comment() -> None:
    value = "x" * 60_000  # a line docker reads, quoted in full by the rule's message
    text = export_text(Profile(env={"ASCEND_DEVICE_ID": value}), "env-file")
    assert docker_env_file(text)["ASCEND_DEVICE_ID"] == value
    comments = [line for line in text.split("\n") if line.startswith("# error")]
    assert comments and all(len(line) < 1100 for line in comments)


# -- the shell's own variables ------------------------------------------------------------------


@pytest.mark.skipif(BASH is None or DASH is None, reason="bash and dash are needed")
def test_underscore_is_not_exported_by_the_sh_format_and_says_why(tmp_path: Path) -> None:
    text = export_text(Profile(env={"_": "mine", "A": "1"}), "sh")
    assert "export _=" not in text
    assert "# _ is not written: the shell sets $_ itself" in text
    script = tmp_path / "env.sh"
    script.write_text(text, encoding="utf-8")
    for shell in ("bash", "dash"):
        assert _source(shell, script)["A"] == "1"
    # Every other writer leaves it out too, and says why.
    for fmt in ("env-file", "docker", "k8s"):
        other = export_text(Profile(env={"_": "mine", "A": "1"}), fmt)
        assert "mine" not in other and "# _ is not written: the shell sets $_" in other, fmt


# -- Kubernetes ------------------------------------------------------------------------------


def k8s_expand(text: str, defined: dict[str, str]) -> str:
    """Kubernetes' expansion of a container env value (``third_party/forked/golang/expansion``).

    ``$$`` is a literal ``$``; ``$(NAME)`` is the value of an earlier entry, or
    stays as written when there is none (or no closing parenthesis); a ``$``
    before anything else, or last, is kept.
    """
    out: list[str] = []
    i = 0
    while i < len(text):
        if text[i] != "$" or i + 1 == len(text):
            out.append(text[i])
            i += 1
            continue
        nxt = text[i + 1]
        if nxt == "$":
            out.append("$")
            i += 2
        elif nxt == "(" and (close := text.find(")", i + 2)) >= 0:
            name = text[i + 2 : close]
            out.append(defined.get(name, f"$({name})"))
            i = close + 1
        else:
            out.append("$" + nxt)
            i += 2
    return "".join(out)


def test_the_expansion_model_matches_the_documented_cases() -> None:
    env = {"VAR_A": "a"}
    assert k8s_expand("$(VAR_A)", env) == "a"
    assert k8s_expand("$$(VAR_A)", env) == "$(VAR_A)"
    assert k8s_expand("$(VAR_B)", env) == "$(VAR_B)"
    assert k8s_expand("$$$(VAR_A)", env) == "$a"
    assert k8s_expand("$(VAR_A", env) == "$(VAR_A"
    assert k8s_expand("a$", env) == "a$"
    assert k8s_expand("$HOME", env) == "$HOME"


def _k8s_values(text: str) -> dict[str, str]:
    entries = yaml.safe_load(text)["env"] or []
    defined: dict[str, str] = {}
    for entry in entries:
        defined[entry["name"]] = k8s_expand(entry["value"], defined)
    return defined


@given(
    env=st.dictionaries(
        ENV_NAMES,
        st.one_of(ENV_VALUE, st.from_regex(r"(\$|\(|\)|[A-Z]|\$\(A\))*", fullmatch=True)),
        max_size=6,
    )
)
@settings(max_examples=300, deadline=None)
def test_kubernetes_sees_exactly_the_profile_values(env: dict[str, str]) -> None:
    env = {"A": "first", **env}
    wanted = {k: v for k, v in env.items() if k not in SHELL_OWNED}
    assert _k8s_values(export_text(Profile(env=env), "k8s")) == wanted


def test_dollars_are_escaped_only_where_kubernetes_would_change_them() -> None:
    text = export_text(Profile(env={"A": "x", "B": "$(A) $$ $HOME $"}), "k8s")
    assert '"$$(A) $$$ $HOME $"' in text
    assert "$$ is Kubernetes' escape" in text
    assert _k8s_values(text) == {"A": "x", "B": "$(A) $$ $HOME $"}


@given(profile=hostile_profiles())
@settings(deadline=None)
def test_the_k8s_export_parses_to_exact_values(profile: Profile) -> None:
    assert _k8s_values(export_text(profile, "k8s")) == _set(profile)


# -- Python ------------------------------------------------------------------------------------


def _shape(tree: ast.AST) -> str:
    """The program with every string constant blanked: what it does, not what it says."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            node.value = "S"
    return ast.dump(tree)


def _strings(tree: ast.AST) -> list[str]:
    return [
        n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    ]


def _sent(profile: Profile) -> set[str]:
    """The parameters the sess export writes into the session options."""
    return {w.path for w in session_writes(profile, CATALOG) if w.path in profile.values}


def _tame(profile: Profile) -> Profile:
    """``profile`` with every string value replaced by a harmless one."""
    values = {path: "x" for path in profile.values}
    return Profile(product=profile.product, values=values, extra_kwargs=profile.extra_kwargs)


@given(profile=hostile_profiles())
@settings(max_examples=150, deadline=None)
def test_python_exports_do_the_same_thing_whatever_the_text(profile: Profile) -> None:
    """The program of a hostile profile equals that of a tame one up to string constants,
    and every hostile value is one of its string constants, exactly."""
    for fmt in ("py", "sess"):
        try:
            text = export_text(profile, fmt, ExportOptions(lang="en"))
        except ExportError:
            continue
        tree = ast.parse(text)
        tame = ast.parse(export_text(_tame(profile), fmt, ExportOptions(lang="en")))
        strings = _strings(tree)
        assert _shape(tree) == _shape(tame), fmt
        known = {path for path in profile.values if CATALOG.has(path)}
        keywords = {p for p in known if not CATALOG.param(p).session or not _sess_only(p)}
        written = keywords if fmt == "py" else _sent(profile)
        for path in written:
            assert profile.values[path] in strings, (fmt, path)


@given(profile=hostile_profiles())
@settings(deadline=None)
def test_the_json_export_is_the_profile(profile: Profile) -> None:
    data: dict[str, Any] = json.loads(export_text(profile, "json"))
    assert data["product"] == profile.product
    assert data["env"] == profile.env and data["notes"] == profile.notes
    assert data["values"] == profile.values


def test_a_refusal_naming_hostile_text_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from ascend_studio.cli import run_cli

    name = f"x\ntouch {CANARY}\n"
    saved = tmp_path / "p.json"
    saved.write_text(
        json.dumps({"extra_kwargs": [{"owner": "NPURunConfig", "name": name, "expr": "1"}]})
    )
    assert run_cli(["export", str(saved), "-f", "py"]) == 2  # the profile cannot be read
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("ascend-studio export: ")
    assert "cannot be a keyword argument name" in err
    assert not (tmp_path / CANARY).exists()


# -- fields no writer may write: refused on load, and by each writer ------------------------


_NOT_WRITABLE: list[dict[str, Any]] = [
    {"env": {f"X\ncurl_evil; touch {CANARY}\n#": "1"}},
    {"env": {f"A;touch {CANARY}": "1"}},
    {"env": {"A": f"1;touch {CANARY}"}, "env_verbatim": ["A"]},
    {"env": {"A": f"x\ntouch {CANARY}"}, "env_verbatim": ["A"]},
    {"env": {"A": "'unterminated"}, "env_verbatim": ["A"]},
    {"env_verbatim": [f"A B;touch {CANARY}"]},
    {"values": {"precision_mode": {"expr": f"0), open('{CANARY}', 'w'), (0"}}},
    {"values": {"precision_mode": {"expr": "x  # eats the comma"}}},
    {"extra_kwargs": [{"owner": "NPURunConfig", "name": "a=1, b", "expr": "1"}]},
    {"extra_kwargs": [{"owner": "NPURunConfig", "name": "a", "expr": "1), open('x'), (1"}]},
    {"extra_kwargs": [{"owner": "NPURunConfig(); import os; X", "name": "a", "expr": "1"}]},
]


@pytest.mark.parametrize("document", _NOT_WRITABLE, ids=repr)
def test_a_field_no_writer_may_write_is_refused_on_load_and_by_every_writer(
    document: dict[str, Any],
) -> None:
    with pytest.raises(ValueError, match="invalid profile"):
        parse_profile(json.dumps(document))
    edited = Profile().model_copy(update=_as_fields(document))  # bypasses validation
    for fmt in EXPORT_FORMATS:
        with pytest.raises(ExportError, match="nothing exported"):
            export_text(edited, fmt)


def _as_fields(document: dict[str, Any]) -> dict[str, Any]:
    from ascend_studio.profile import Expr

    fields = dict(document)
    if "values" in fields:
        fields["values"] = {k: Expr(expr=v["expr"]) for k, v in fields["values"].items()}
    if "extra_kwargs" in fields:
        fields["extra_kwargs"] = tuple(ExtraKwarg(**item) for item in fields["extra_kwargs"])
    if "env_verbatim" in fields:
        fields["env_verbatim"] = tuple(fields["env_verbatim"])
    return fields


@given(product=HOSTILE.filter(lambda s: not PRODUCT_ID.fullmatch(s)))
def test_a_product_set_in_code_that_is_not_an_id_is_refused_by_every_writer(product: str) -> None:
    hostile = with_hostile_product(Profile(), product)
    for fmt in EXPORT_FORMATS:
        with pytest.raises(ExportError, match="product"):
            export_text(hostile, fmt)
