"""Hypothesis strategies: profiles whose values have the types the catalog expects."""

from __future__ import annotations

import keyword
import string
from typing import Any

from hypothesis import strategies as st

from ascend_studio.codegen._kinds import needs_bytes
from ascend_studio.codegen._layout import HOLDER_OWNER, sorted_extras
from ascend_studio.profile import Expr, ExtraKwarg, Profile
from ascend_studio.schema import Parameter, shipped_catalog

CATALOG = shipped_catalog()
#: Any text a profile can hold (no lone surrogates: those are not text).
TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=30)
#: What an environment value can hold: text without NUL.
ENV_TEXT = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\0"), max_size=40)
NAMES = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,12}", fullmatch=True).filter(
    lambda n: not keyword.iskeyword(n)
)
#: Expressions an importer cannot resolve (so they come back as Expr).
EXPRS = st.sampled_from(
    [
        "args.precision_mode",
        "FLAGS.iterations",
        "self.cfg",
        'os.getenv("X")',
        'cfg["k"]',
        "a if flag else b",
        "get_value(1, key=2)",
        "config.PRECISION",
        "FLAGS.a  # a comment kept with the expression\n        + FLAGS.b",
    ]
)
PRODUCTS = st.sampled_from(CATALOG.product_ids)
#: Constructor checks the stand-ins enforce that plain random values would trip.
CONSTRAINED = {
    "mix_compile_mode",
    "distribute",
    "horovod_mode",
    "iterations_per_loop",
    "graph_run_mode",
}


def value_for(param: Parameter) -> st.SearchStrategy[Any]:
    if param.values and not param.open_enum:
        return st.sampled_from([v.value for v in param.values])
    if param.py_type == "bool":
        return st.booleans()
    if param.py_type == "int":
        low = int(param.minimum) if param.minimum is not None else -(2**40)
        high = int(param.maximum) if param.maximum is not None else 2**40
        return st.integers(low, high)
    if param.py_type == "float":
        return st.floats(min_value=0, max_value=1e9, allow_nan=False)
    return TEXT


def _scalar_params() -> list[Parameter]:
    """The keywords the estimator style writes (a sess.run-only key has none)."""
    return [
        p
        for p in CATALOG.params
        if p.py_type != "object"
        and p.path not in HOLDER_OWNER
        and not (p.session and p.session.session_only)
    ]


@st.composite
def runnable_values(draw: st.DrawFn) -> dict[str, Any]:
    """Values the stand-in constructors accept (their checks are not what is tested)."""
    values: dict[str, Any] = {}
    for param in draw(
        st.lists(st.sampled_from(_scalar_params()), max_size=25, unique_by=lambda p: p.path)
    ):
        if param.name in CONSTRAINED and param.owner == "NPURunConfig":
            continue
        values[param.path] = draw(value_for(param))
    if "save_checkpoints_steps" in values:
        values.pop("save_checkpoints_secs", None)
    if draw(st.booleans()):
        values["iterations_per_loop"] = draw(st.integers(1, 10**6))
    return values


def round_trip_value(param: Parameter) -> st.SearchStrategy[Any]:
    """A typed value, an expression, an explicit None (not where None means unset),
    or bytes where the real code needs bytes (``insert_op_file``)."""
    options = [value_for(param), EXPRS.map(lambda e: Expr(expr=e))]
    if not param.required:
        options.append(st.none())
    if needs_bytes(param):
        options.append(st.binary(max_size=20))
    return st.one_of(options)


@st.composite
def round_trip_profiles(draw: st.DrawFn) -> Profile:
    """Profiles the Python exporter/importer pair must carry exactly (no env)."""
    values: dict[str, Any] = {}
    for param in draw(
        st.lists(st.sampled_from(_scalar_params()), max_size=20, unique_by=lambda p: p.path)
    ):
        values[param.path] = draw(round_trip_value(param))
    for name in ("distribute", "session_config"):
        if draw(st.booleans()):
            values[name] = Expr(expr=draw(EXPRS))
    extras = []
    for owner in draw(st.lists(st.sampled_from(sorted(CATALOG.signatures)), max_size=3)):
        name = draw(NAMES.filter(lambda n, o=owner: n not in CATALOG.signature(o)))
        extras.append(ExtraKwarg(owner=owner, name=name, expr=draw(EXPRS)))
    if draw(st.booleans()):
        extras.append(ExtraKwarg(owner="NPURunConfig", name="**", expr=draw(EXPRS)))
    unique = {(x.owner, x.name): x for x in extras}
    return Profile(
        product=draw(st.none() | PRODUCTS),
        scenario=draw(st.sampled_from(["training", "inference", None])),
        surface="estimator",
        values=values,
        extra_kwargs=sorted_extras(unique.values()),
        notes=draw(TEXT),
    )


SHELL_WORDS = st.sampled_from(
    [
        "$HOME/x",
        "${ASCEND_HOME:-/usr/local/Ascend}/lib64",
        "$(hostname)",
        '"$PWD/a b"',
        "`date +%s`",
        "~/cache",
        "$A:$B",
    ]
)
#: Not the names SHELL_WORDS use: the importer expands what the script itself set
#: earlier (``export HOME=x`` then ``$HOME/x`` reads back as ``x/x``).
ENV_NAMES = st.from_regex(r"[A-Z_][A-Z0-9_]{0,15}", fullmatch=True).filter(
    lambda n: n not in {"HOME", "ASCEND_HOME", "PWD", "A", "B"}
)


@st.composite
def env_profiles(draw: st.DrawFn, verbatim: bool = True) -> Profile:
    env: dict[str, str | None] = {}
    kept: list[str] = []
    for name in draw(st.lists(ENV_NAMES, max_size=8, unique=True)):
        kind = draw(st.sampled_from(["text", "unset", "shell"] if verbatim else ["text", "unset"]))
        if kind == "shell":
            env[name] = draw(SHELL_WORDS)
            kept.append(name)
        else:
            env[name] = None if kind == "unset" else draw(ENV_TEXT)
    data: dict[str, Any] = {"product": draw(st.none() | PRODUCTS), "env": env, "notes": draw(TEXT)}
    data["surface"] = "env"
    if kept:
        data["env_verbatim"] = sorted(kept)
    return Profile.model_validate(data)


__all__ = [
    "CATALOG",
    "ENV_TEXT",
    "TEXT",
    "env_profiles",
    "round_trip_profiles",
    "runnable_values",
    "string",
]
