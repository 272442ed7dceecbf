"""Property: importing the applied script gives the profile back, and every line
outside the edited calls / parameter_map lines / export lines is byte-identical.

40 examples each by default; ``ASCEND_STUDIO_EXAMPLES=300`` for a longer search.
"""

from __future__ import annotations

import ast
import difflib
import os
import string
from typing import Any

from apply_cases import GOLDEN
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ascend_studio.apply import apply_python, apply_shell, changed_env, changed_values
from ascend_studio.apply._locate import locate
from ascend_studio.codegen import import_python, import_shell
from ascend_studio.codegen._layout import HOLDER_OWNER, is_bare_call
from ascend_studio.codegen._pyobjs import SubConfigObj, source_lines
from ascend_studio.profile import Expr, Profile, Value
from ascend_studio.schema import Parameter, shipped_catalog

CATALOG = shipped_catalog()
SCRIPTS = [
    ("estimator/before.py", 1),
    ("sess_run/before.py", 1),
    ("keras/before.py", 1),
    ("two_configs/before.py", 1),
    ("two_configs/before.py", 2),
]
TEXT = st.text(
    st.sampled_from(string.ascii_letters + string.digits + " _-./|:'\"\\$中文é"), max_size=12
)
SETTINGS = settings(
    max_examples=int(os.environ.get("ASCEND_STUDIO_EXAMPLES", "40")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _value(param: Parameter) -> st.SearchStrategy[Any]:
    if param.values and not param.open_enum:
        return st.sampled_from([v.value for v in param.values])
    if param.py_type == "bool":
        return st.booleans()
    if param.py_type == "int":
        low = int(param.minimum) if param.minimum is not None else -(2**31)
        high = int(param.maximum) if param.maximum is not None else 2**31
        return st.integers(low, high)
    if param.py_type == "float":
        return st.floats(0, 1e6, allow_nan=False)
    return TEXT


def _candidates(sess: bool) -> list[Parameter]:
    out = []
    for p in CATALOG.params:
        if p.py_type == "object" or p.path in HOLDER_OWNER:
            continue
        if sess and p.session is not None:
            out.append(p)
        if not sess and not (p.session is not None and p.session.session_only):
            out.append(p)
    return out


def _bare(values: dict[str, Value]) -> dict[str, Value]:
    """A sub-config left with no field reads back as ``DumpConfig()``: the same as absent."""
    return {
        k: v
        for k, v in values.items()
        if not (k in HOLDER_OWNER and isinstance(v, Expr) and is_bare_call(v, HOLDER_OWNER[k]))
    }


@st.composite
def edits(draw: st.DrawFn) -> tuple[str, int, Profile]:
    name, config = draw(st.sampled_from(SCRIPTS))
    text = (GOLDEN / name).read_text(encoding="utf-8")
    before = import_python(text).configs[config - 1].profile
    sess = "sess.run" in import_python(text).configs[config - 1].label
    profile = before
    for param in draw(st.lists(st.sampled_from(_candidates(sess)), max_size=6, unique_by=id)):
        profile = profile.with_value(param.path, draw(_value(param)))
    removable = [p for p, v in before.values.items() if not isinstance(v, Expr)]
    # at least one setting stays: a configuration with none left is no longer found
    most = min(3, len(before.values) - 1)
    for path in draw(st.lists(st.sampled_from(removable), max_size=most)) if removable else []:
        profile = profile.without_value(path)
    return text, config, profile


def _spans(text: str, config: int) -> set[int]:
    """Lines of the calls and parameter_map statements the configuration is made of."""
    site = locate(text, CATALOG).sites[config - 1]
    lines: set[int] = set()

    def call(obj: SubConfigObj) -> None:
        lines.update(range(obj.node.lineno, (obj.node.end_lineno or obj.node.lineno) + 1))
        for _, value, _ in obj.args.values():
            if isinstance(value, SubConfigObj):
                call(value)

    if site.runconfig is not None:
        call(site.runconfig)
    tree = ast.parse(locate(text, CATALOG).parsed.text)
    writes = {w.line for p in site.protos for op in p.ops for w in op.writes}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and node.lineno in writes:
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


def _outside_untouched(before: str, after: str, allowed: set[int]) -> None:
    old, new = source_lines(before), source_lines(after)
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        touched = set(range(i1 + 1, i2 + 1)) or {i1, i1 + 1}
        imports = all(line.startswith("from ") for line in new[j1:j2]) and tag == "insert"
        assert touched & allowed or imports, (tag, old[i1:i2], new[j1:j2])
        if tag != "insert":
            assert touched <= allowed, (tag, old[i1:i2], new[j1:j2])


@SETTINGS
@given(edits())
def test_python_round_trip_and_untouched_lines(case: tuple[str, int, Profile]) -> None:
    text, config, profile = case
    result = apply_python(text, profile, config)
    assert not [n for n in result.notes if n.severity == "warning" and "read back" in n.message.en]
    again = import_python(result.after).configs[config - 1].profile
    missed = changed_values(again.model_copy(update={"values": _bare(again.values)}), profile)
    # only what apply said it could not rewrite (a value inside ``**extra``) may differ
    warned = {n.path for n in result.notes if n.severity == "warning"}
    assert set(missed) <= warned, (missed, result.notes)
    _outside_untouched(text, result.after, _spans(text, config))


ENV_NAMES = st.sampled_from(
    [
        "ASCEND_GLOBAL_LOG_LEVEL",
        "ASCEND_SLOG_PRINT_TO_STDOUT",
        "NPU_COLLECT_PATH",
        "RANK_SIZE",
        "JOB_ID",
        "HCCL_EXEC_TIMEOUT",
        "ASCEND_CACHE_PATH",
        "ASCEND_DEVICE_ID",
    ]
)
ENV_VALUES = st.one_of(
    st.none(),
    st.text(
        st.sampled_from(string.ascii_letters + string.digits + " _-./:'\"\\$!`中"), max_size=10
    ),
)


@SETTINGS
@given(
    st.sampled_from(["env_sh/before.sh", "launch_8p/before.sh"]),
    st.lists(st.tuples(ENV_NAMES, ENV_VALUES), max_size=5),
    st.lists(ENV_NAMES, max_size=2),
)
def test_shell_round_trip_and_untouched_lines(
    name: str, sets: list[tuple[str, str | None]], drops: list[str]
) -> None:
    text = (GOLDEN / name).read_text(encoding="utf-8")
    before = import_shell(text, name).configs[0].profile
    profile = before
    for env, value in sets:
        profile = profile.with_env(env, value)
    for env in drops:
        profile = profile.without_env(env)
    result = apply_shell(text, profile, before)
    again = import_shell(result.after, name).configs[0].profile
    assert changed_env(again, profile) == {}
    changed = {
        n for n in {*before.env, *profile.env} if before.env.get(n, "") != profile.env.get(n, "")
    }
    changed |= {n for n in before.env if n not in profile.env}
    old, new = source_lines(text), source_lines(result.after)
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(
        None, old, new, autojunk=False
    ).get_opcodes():
        if tag in ("replace", "delete"):
            assert all(any(f"{n}=" in row for n in changed) for row in old[i1:i2]), old[i1:i2]
        if tag in ("replace", "insert"):
            for row in new[j1:j2]:
                assert row.startswith(("export ", "unset ", "# >>> ", "# <<< ")) or row == "", row
