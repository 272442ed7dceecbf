"""What NPUEstimator writes into ``custom_op.parameter_map`` for a profile.

``NPUEstimator.__load_graph_optimizers`` turns an NPURunConfig into session
options. The per-parameter facts (key, field, when it is sent, conversion) are
catalog data (``Parameter.session``); this module applies them with the few
rules the catalog model does not express:

- a sub-config's ``always``/``if_set`` fields are written only while that
  object exists, except the values NPUEstimator writes when it is absent
  (``SessionOption.absent``);
- a gated field falls back to ``SessionOption.fallback`` when unset;
- the session-only keys NPUEstimator writes on its own (``SessionOption.written``,
  replaced by the profile's value when it sets one) come first, and those it takes
  from TF_CONFIG at run time (``SessionOption.from_env``) are left to the exporter.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ascend_studio.codegen._kinds import ConversionError, python_literal, session_rhs
from ascend_studio.codegen._layout import HOLDER_OWNER, check_profile, is_bare_call
from ascend_studio.codegen._member import Unwritable, release_member
from ascend_studio.codegen._options import ExportError
from ascend_studio.codegen._release import key_lacking, target_release
from ascend_studio.profile import SESSION_OWNER, Expr, Profile, Value
from ascend_studio.schema import SUBCONFIG_PATHS, Catalog, Parameter

__all__ = [
    "SessionWrite",
    "estimator_written",
    "not_sent",
    "session_params",
    "session_writes",
    "tf_config_params",
]


def estimator_written(catalog: Catalog) -> list[Parameter]:
    """Session-only parameters NPUEstimator writes on its own (use_off_line...)."""
    return [p for p in catalog.params if p.session is not None and p.session.written is not None]


def tf_config_params(catalog: Catalog) -> list[Parameter]:
    """Session-only parameters NPUEstimator takes from TF_CONFIG at run time (job...)."""
    return [p for p in catalog.params if p.session is not None and p.session.from_env]


@dataclass(frozen=True)
class SessionWrite:
    """``custom_op.parameter_map[key].<field> = <rhs>`` (inside ``if condition:``)."""

    key: str
    field: str
    rhs: str
    path: str
    condition: str | None = None


def session_params(catalog: Catalog) -> list[Parameter]:
    """Parameters with session data, in signature order (sub-configs at their holder)."""
    ordered: list[Parameter] = []

    def walk(owner: str, prefix: str) -> None:
        for name in catalog.signature(owner):
            path = prefix + name
            nested = HOLDER_OWNER.get(path)
            if nested is not None:
                walk(nested, path + ".")
            elif catalog.has(path) and catalog.param(path).session is not None:
                ordered.append(catalog.param(path))

    walk("NPURunConfig", "")
    listed = {p.path for p in ordered}
    ordered += [p for p in catalog.params if p.session is not None and p.path not in listed]
    return ordered


def _holder_of(param: Parameter) -> str:
    return "" if param.owner == "NPURunConfig" else SUBCONFIG_PATHS[param.owner]


def _exists(profile: Profile, holder: str) -> bool:
    if not holder:
        return True
    held = profile.values.get(holder)
    if isinstance(held, Expr) and is_bare_call(held, HOLDER_OWNER[holder]):
        return True  # an empty sub-config: present, every field at its default
    if isinstance(held, Expr):
        raise ExportError(
            f"{holder} is the expression {held.expr!r}; the sess.run format needs its "
            "fields, so set them instead"
        )
    prefix = holder + "."
    return any(path.startswith(prefix) for path in profile.values) or any(
        x.owner == HOLDER_OWNER[holder] for x in profile.extra_kwargs
    )


def _effective(profile: Profile, param: Parameter, catalog: Catalog) -> Value | None:
    """The set value, else the signature default of the target release (the catalog's
    when no release is named)."""
    if param.path in profile.values:
        return profile.values[param.path]
    release = target_release(profile, catalog)
    if release is not None:
        known, value, _ = catalog.history.default(param.path, release.id)
        if known:
            return value
    return param.default


def _write(param: Parameter, value: Value, condition: str | None = None) -> SessionWrite:
    session = param.session
    assert session is not None
    try:
        literal = python_literal(param, value)
    except ConversionError as exc:
        raise ExportError(f"{param.path}: {exc}") from None
    rhs = session_rhs(session.field, session.convert, literal)
    return SessionWrite(session.key, session.field, rhs, param.path, condition)


def _one(profile: Profile, param: Parameter, catalog: Catalog) -> SessionWrite | None:
    session = param.session
    assert session is not None
    if not _exists(profile, _holder_of(param)):
        absent = session.absent
        return None if absent is None else _write(param, absent)
    value = _effective(profile, param, catalog)
    release = target_release(profile, catalog)
    moved = release_member(param, value, catalog, release)
    if isinstance(moved, Unwritable):
        return None  # no form in the member the release reads: the header says so
    if moved is not None:  # the member the target release reads, the value in its form
        return _in_member(param, *moved)
    own = _own_member(catalog, param, value) if profile.surface == "sess" and not release else None
    if own is not None:  # kept as a script wrote it (parameter_map["jit_compile"].b)
        return SessionWrite(session.key, own, repr(value), param.path)
    gate = _GATES.get(session.sent)
    if gate is not None:
        value, condition = gate(profile, param, catalog, value)
        return None if value is None else _write(param, value, condition)
    return None if value is None else _write(param, value)


def _in_member(param: Parameter, member: str, value: Value) -> SessionWrite:
    session = param.session
    assert session is not None
    literal = python_literal(param, value) if isinstance(value, str) else repr(value)
    rhs = session_rhs("s", session.convert, literal) if member == "s" else literal
    return SessionWrite(session.key, member, rhs, param.path)


def _own_member(catalog: Catalog, param: Parameter, value: Value | None) -> str | None:
    """On a hand-written parameter_map (where a value's type is the member it was
    written in): the member a bool, int or float goes in, where it is not the one the
    catalog writes and the key's member differs between releases. The value is written
    there as it is (``tf.compat.as_bytes(True)`` would raise before any release reads
    it); through NPURunConfig, NPUEstimator picks the member."""
    session = param.session
    member = _MEMBERS.get(type(value))
    if session is None or member is None or member == session.field:
        return None
    return member if catalog.history.member_matters(session.key) else None


_MEMBERS: dict[type, str] = {bool: "b", int: "i", float: "f"}
_Gated = tuple[Value | None, str | None]


def _gate(param: Parameter, catalog: Catalog) -> Parameter:
    """The parameter whose value decides whether ``param`` is sent (catalog data)."""
    assert param.session is not None and param.session.gate is not None
    return catalog.param(param.session.gate)


def _with_aoe(profile: Profile, param: Parameter, catalog: Catalog, value: Value | None) -> _Gated:
    if _effective(profile, _gate(param, catalog), catalog) is None:
        return None, None
    assert param.session is not None
    return (value if value is not None else param.session.fallback), None


def _if_profiling(
    profile: Profile, param: Parameter, catalog: Catalog, value: Value | None
) -> _Gated:
    switch = _effective(profile, _gate(param, catalog), catalog)
    if not switch:
        return None, None
    value = "" if value is None else value
    return value, switch.expr if isinstance(switch, Expr) else None


def _if_all_set(
    profile: Profile, param: Parameter, catalog: Catalog, value: Value | None
) -> _Gated:
    siblings = [p for p in catalog.owned_by(param.owner) if p.session is not None]
    return (None if any(_effective(profile, p, catalog) is None for p in siblings) else value), None


def _if_dump_mode(
    profile: Profile, param: Parameter, catalog: Catalog, value: Value | None
) -> _Gated:
    mode = _effective(profile, _gate(param, catalog), catalog)
    return (None if mode is None else value), None


_GATES: dict[str, Callable[[Profile, Parameter, Catalog, Value | None], _Gated]] = {
    "with_aoe": _with_aoe,
    "if_profiling": _if_profiling,
    "if_all_set": _if_all_set,
    "if_dump_mode": _if_dump_mode,
}


def session_writes(profile: Profile, catalog: Catalog) -> list[SessionWrite]:
    """Every write NPUEstimator makes for ``profile``, except the TF_CONFIG pair
    (a value the profile sets for a session-only key is written as set)."""
    check_profile(profile, catalog)
    release = target_release(profile, catalog)
    own = [p for p in estimator_written(catalog) if not key_lacking(p.path, catalog, release)]
    writes = []
    # a key kept as the script wrote it (a run-time value in its own member) is written so
    kept = {x.name for x in profile.extra_kwargs if x.owner == SESSION_OWNER and x.attr}
    for param in own:
        assert param.session is not None and param.session.written is not None
        value = profile.values.get(param.path, param.session.written)
        writes.append(_write(param, param.session.written if value is None else value))
    for param in session_params(catalog):
        if param in own or key_lacking(param.path, catalog, release):
            continue
        if param.session is not None and param.session.key in kept:
            continue
        if param.session is not None and param.session.session_only:
            value = profile.values.get(param.path)
            found = None if value is None else _write(param, value)
        else:
            found = _one(profile, param, catalog)
        if found is not None:
            writes.append(found)
    return writes


def not_sent(profile: Profile, catalog: Catalog) -> list[str]:
    """Set parameters that never reach the session options (RunConfig-only ones)."""
    out = []
    for path in profile.values:
        if path in HOLDER_OWNER:
            continue
        if not catalog.has(path) or catalog.param(path).session is None:
            out.append(path)
    return sorted(out)
