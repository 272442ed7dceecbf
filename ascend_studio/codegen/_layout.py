"""How a profile maps onto the constructor calls that build it.

The real signatures (keyword names in positional order) are catalog data
(``Parameter.position``, read through :meth:`Catalog.signature`), as are types,
defaults and session keys; this module only arranges them into calls.
"""

from __future__ import annotations

import keyword
from collections.abc import Iterable
from dataclasses import dataclass

from ascend_studio.codegen._options import ExportError
from ascend_studio.codegen._release import extra_lacking, keyword_lacking, target_release
from ascend_studio.profile import SESSION_OWNER, Expr, ExtraKwarg, Profile, Value, expr_problem
from ascend_studio.schema import SUBCONFIG_PATHS, Catalog, Parameter, Scalar, documented_default

__all__ = [
    "CLASS_MODULE",
    "EXTRA_ORDER",
    "HOLDER_OWNER",
    "OWNER_ORDER",
    "Call",
    "build_calls",
    "check_expr",
    "check_profile",
    "held_expr",
    "is_bare_call",
    "session_extra_line",
    "session_key_literal",
    "shown_default",
    "sorted_extras",
]

CLASS_MODULE = "npu_bridge.estimator.npu.npu_config"


#: holder path -> owner class of the object held there.
HOLDER_OWNER: dict[str, str] = {path: owner for owner, path in SUBCONFIG_PATHS.items()}
#: Innermost first: a sub-config object is built before the call that takes it.
OWNER_ORDER: tuple[str, ...] = (
    "DumpConfig",
    "ProfilingConfig",
    "MemoryConfig",
    "GraphMemoryOptimizeConfig",
    "ExperimentalConfig",
    "DynamicInputConfig",
    "NPURunConfig",
)


#: The order extra keywords are kept in: the holders' places in NPURunConfig's
#: signature (a nested sub-config before its parent), then NPURunConfig's own.
EXTRA_ORDER: tuple[str, ...] = (
    "ProfilingConfig",
    "DumpConfig",
    "DynamicInputConfig",
    "MemoryConfig",
    "GraphMemoryOptimizeConfig",
    "ExperimentalConfig",
    "NPURunConfig",
)


def sorted_extras(extras: Iterable[ExtraKwarg]) -> tuple[ExtraKwarg, ...]:
    """Extra keywords in canonical order (stable within one constructor)."""
    rank = {owner: index for index, owner in enumerate(EXTRA_ORDER)}
    return tuple(sorted(extras, key=lambda x: rank.get(x.owner, len(rank))))


@dataclass(frozen=True)
class Arg:
    """One keyword of a call: its parameter (None for an unknown keyword) and value."""

    name: str
    param: Parameter | None
    value: Value | None  # None: not set (only listed for required arguments)
    extra: ExtraKwarg | None = None


@dataclass(frozen=True)
class Call:
    """One constructor call of an export: its class, where the object goes, its keywords."""

    owner: str
    #: Where the object goes: holder path, or "" for NPURunConfig itself.
    holder: str
    args: tuple[Arg, ...]
    #: The holder itself was given as an expression (``dump_config=my_dump``).
    expr: Expr | None = None


def _prefix(owner: str) -> str:
    return "" if owner == "NPURunConfig" else SUBCONFIG_PATHS[owner] + "."


def _present(profile: Profile, owner: str) -> bool:
    if owner == "NPURunConfig":
        return True
    holder = SUBCONFIG_PATHS[owner]
    if holder in profile.values:
        return True
    prefix = holder + "."
    if any(path.startswith(prefix) for path in profile.values):
        return True
    nested = [o for o, h in SUBCONFIG_PATHS.items() if h.startswith(prefix)]
    return any(x.owner in (owner, *nested) for x in profile.extra_kwargs)


def build_calls(profile: Profile, catalog: Catalog) -> list[Call]:
    """The constructor calls a profile needs, innermost first.

    A holder given as an expression is passed through unchanged; it cannot be
    combined with field values for the same object (that would be ambiguous).
    Raises :class:`ExportError` for anything that has no place in a call.
    """
    _check(profile, catalog)
    calls: list[Call] = []
    release = target_release(profile, catalog)
    present = {
        owner
        for owner in OWNER_ORDER
        if _present(profile, owner)
        and not keyword_lacking(SUBCONFIG_PATHS.get(owner, ""), catalog, release)
    }  # a sub-config class the target release lacks is not built at all
    for owner in OWNER_ORDER:
        if owner not in present:
            continue
        holder = "" if owner == "NPURunConfig" else SUBCONFIG_PATHS[owner]
        held = held_expr(profile, holder) if holder else None
        if held is not None:
            calls.append(Call(owner, holder, (), held))
            continue
        calls.append(Call(owner, holder, _args(profile, catalog, owner, present)))
    return calls


def known_path(path: str, catalog: Catalog) -> bool:
    """A parameter of the catalog or of a real signature."""
    if catalog.has(path):
        return True
    holder, _, name = path.rpartition(".")
    owner = HOLDER_OWNER.get(holder) if holder else "NPURunConfig"
    return owner is not None and name in catalog.signature(owner)


def check_expr(text: str, where: str) -> None:
    """A kept expression must be one expression that stays in its place (the profile's
    own check), or the exported code would be broken or run more than the value."""
    problem = expr_problem(text)
    if problem is not None:
        raise ExportError(f"{where}: {problem}")


def check_profile(profile: Profile, catalog: Catalog) -> None:
    """Raise :class:`ExportError` for anything no code export can carry."""
    _check(profile, catalog)


def session_key_literal(key: str) -> str:
    """A parameter_map key as a Python string literal (double-quoted when it can be)."""
    plain = key.isprintable() and '"' not in key and "\\" not in key
    return f'"{key}"' if plain else repr(key)


def session_extra_line(extra: ExtraKwarg, target: str = "custom_op") -> str:
    """The line that writes a kept parameter_map key, as the script wrote it."""
    rhs = " ".join(extra.expr.split()) if "\n" in extra.expr else extra.expr
    return f"{target}.parameter_map[{session_key_literal(extra.name)}].{extra.attr} = {rhs}"


def _check_extra(extra: ExtraKwarg, catalog: Catalog) -> None:
    if extra.owner == SESSION_OWNER:
        check_expr(extra.expr, f"parameter_map[{extra.name!r}]")
        if not extra.attr.isidentifier():
            raise ExportError(f"parameter_map[{extra.name!r}]: {extra.attr!r} is not a field")
        return
    check_expr(extra.expr, f"{extra.owner}({extra.name}=...)")
    plain = extra.name.isidentifier() and not keyword.iskeyword(extra.name)
    if extra.name not in ("*", "**") and not plain:
        raise ExportError(f"{extra.owner}: {extra.name!r} cannot be a keyword argument name")
    if extra.owner not in catalog.signatures:
        raise ExportError(
            f"extra argument {extra.name}={extra.expr} belongs to unknown class {extra.owner!r}"
        )


def _check(profile: Profile, catalog: Catalog) -> None:
    for extra in profile.extra_kwargs:
        _check_extra(extra, catalog)
    for path, value in profile.values.items():
        if isinstance(value, Expr):
            check_expr(value.expr, path)
        if not known_path(path, catalog) and catalog.tf2.option(path) is not None:
            raise ExportError.said(
                "{path}: an option of TF Adapter 2.x's npu_device.global_options(), not a "
                "parameter of NPURunConfig; export it with the tf2 format",
                path=path,
            )
        if not known_path(path, catalog):
            text = "{path}: not a parameter of NPURunConfig or its sub-configs"
            raise ExportError.said(text, path=path)
        if path in HOLDER_OWNER and not isinstance(value, Expr):
            text = "{path}: an object parameter needs a Python expression"
            raise ExportError.said(text, path=path)
        if isinstance(value, Expr):
            _check_nested(profile, path, value)


def is_bare_call(expr: Expr, owner: str) -> bool:
    """``MemoryConfig()``: an object with every field at its default."""
    return "".join(expr.expr.split()) == f"{owner}()"


def _fields(profile: Profile, holder: str) -> list[str]:
    """What is set inside the object at ``holder`` (its fields and extra keywords)."""
    prefix = holder + "."
    inner = [p for p in profile.values if p.startswith(prefix)]
    owners = {HOLDER_OWNER[holder]} | {
        o for o, h in SUBCONFIG_PATHS.items() if h.startswith(prefix)
    }
    return inner + [f"{x.owner}({x.name}=...)" for x in profile.extra_kwargs if x.owner in owners]


def held_expr(profile: Profile, holder: str) -> Expr | None:
    """The expression kept for a sub-config object, unless its fields define it.

    ``DumpConfig()`` (all defaults) is superseded by any field set later; any
    other expression is the object itself.
    """
    held = profile.values.get(holder)
    if not isinstance(held, Expr):
        return None
    if is_bare_call(held, HOLDER_OWNER[holder]) and _fields(profile, holder):
        return None
    return held


def _check_nested(profile: Profile, path: str, value: Expr) -> None:
    owner = HOLDER_OWNER.get(path)
    if owner is None or is_bare_call(value, owner):
        return
    inner = _fields(profile, path)
    if inner:
        raise ExportError(
            f"{path} is the expression {value.expr!r} and also has fields set "
            f"({', '.join(sorted(inner))}); keep one or the other"
        )


def _args(profile: Profile, catalog: Catalog, owner: str, present: set[str]) -> tuple[Arg, ...]:
    """The keywords of one call; what the target release lacks is left out (the
    header says so: :mod:`._release`)."""
    prefix = _prefix(owner)
    release = target_release(profile, catalog)
    args: list[Arg] = []
    for name in catalog.signature(owner):
        path = prefix + name
        if keyword_lacking(path, catalog, release):
            continue
        param = catalog.param(path) if catalog.has(path) else None
        nested = HOLDER_OWNER.get(path)
        if nested is not None and nested in present:
            held = held_expr(profile, path)
            args.append(Arg(name, param, held if held is not None else Expr(expr=name)))
        elif path in profile.values:
            args.append(Arg(name, param, profile.values[path]))
        elif param is not None and param.required:
            args.append(Arg(name, param, None))
    for extra in profile.extra_kwargs:
        if extra.owner == owner and extra_lacking(extra, catalog, release) is None:
            args.append(Arg(extra.name, None, None, extra))
    return tuple(args)


def shown_default(
    param: Parameter, product: str | None, scenario: str | None
) -> tuple[Scalar | None, bool]:
    """The default worth showing for an unset parameter, and whether it is documented only.

    The signature default is what NPURunConfig uses; when that is None (not
    sent), the documented runtime default for this target is shown instead.
    """
    if param.default is not None:
        return param.default, False
    documented = documented_default(param, product, scenario)
    return documented, documented is not None
