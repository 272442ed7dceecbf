"""Keywords and parameter_map keys the catalog does not know, and renames, in a script.

A kept keyword (``NPURunConfig(auto_tune_mode=...)``) or parameter_map key
(``parameter_map["sump_mode"].s = ...``) that the profile drops is removed from
its call or its line, one it changes gets its new expression, a new one is added.
A value the profile moves from one name to another (a fix renaming ``sump_mode``
to ``dump_mode``) is renamed where it is: the keyword or the key changes, its
value and its place in the call stay.
"""

from __future__ import annotations

from ascend_studio.apply._pyplan import Planner
from ascend_studio.profile import SESSION_OWNER, ExtraKwarg, Profile, Value
from ascend_studio.rules import RenameKey, apply_edit
from ascend_studio.rules._extras import UNPACKED, extra_value, find_extra, key_of
from ascend_studio.schema import SUBCONFIG_PATHS, Catalog, Parameter

__all__ = ["changed_extras", "plan_extras", "plan_renames"]


def _same(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b


def _fits_place(catalog: Catalog, old: ExtraKwarg | Parameter, new: Parameter) -> bool:
    """Whether ``new`` can take ``old``'s place: the same call, or the same kind of line."""
    if isinstance(old, ExtraKwarg) and old.owner == SESSION_OWNER:
        return new.session is not None and new.session.field == old.attr
    owner = old.owner
    return new.owner == owner and new.kind != "subconfig"


def _moved(before: Profile, after: Profile, catalog: Catalog) -> list[tuple[str, str]]:
    """(old key, new path): values that left a key and arrived, unchanged, at a new
    catalog parameter that can take the old one's place."""
    added = {
        path: value
        for path, value in after.values.items()
        if path not in before.values and catalog.has(path)
    }
    found: list[tuple[str, str]] = []
    gone: list[tuple[str, Value, ExtraKwarg | Parameter]] = [
        (key_of(x), extra_value(x), x)
        for x in before.extra_kwargs
        if x.name not in UNPACKED and find_extra(after, key_of(x)) is None
    ]
    gone += [
        (path, value, catalog.param(path))
        for path, value in before.values.items()
        if path not in after.values and catalog.has(path) and value is not None
    ]
    for key, value, old in gone:
        for path, new in list(added.items()):
            if _same(new, value) and _fits_place(catalog, old, catalog.param(path)):
                found.append((key, path))
                del added[path]
                break
    return found


def plan_renames(planner: Planner, before: Profile, after: Profile, catalog: Catalog) -> Profile:
    """Rename in place what ``after`` moved to another name; ``before`` as if the
    script already had the new names (what is left to plan is the rest)."""
    for key, path in _moved(before, after, catalog):
        if _rename(planner, before, key, path):
            before = apply_edit(before, RenameKey(key, path))
    return before


def _rename(planner: Planner, before: Profile, key: str, path: str) -> bool:
    site, param = planner.site, planner.catalog.param(path)
    extra = find_extra(before, key)
    session = extra is not None and extra.owner == SESSION_OWNER
    if site is not None and site.runconfig is not None and not session:
        holder = path.rpartition(".")[0]
        call = planner.holder_call(site.runconfig, holder, path)
        old = extra.name if extra is not None else key.rpartition(".")[2]
        if call is None or isinstance(call, bool):
            return False
        if not any(k.arg == old for k in call.node.keywords):
            return False
        planner.plan.call(planner.pos(call.node.func)).rename[old] = param.name
        planner.changed.append(path)
        return True
    if param.session is None:
        return False
    old = extra.name if extra is not None else _session_key(planner.catalog, key)
    writes = planner.map_writes(old) if old else []
    if not writes:
        return False
    for write in writes:
        target = planner.map_target(write)
        literal = planner.key_literal(param.session.key, target.slice)
        planner.plan.exprs[planner.pos(target.slice)] = literal
    planner.changed.append(path)
    return True


def _session_key(catalog: Catalog, path: str) -> str:
    param = catalog.param(path) if catalog.has(path) else None
    return param.session.key if param is not None and param.session is not None else ""


def changed_extras(before: Profile, after: Profile) -> dict[tuple[str, str], ExtraKwarg | None]:
    def keyed(profile: Profile) -> dict[tuple[str, str], ExtraKwarg]:
        return {(x.owner, x.name): x for x in profile.extra_kwargs}

    old, new = keyed(before), keyed(after)
    return {k: new.get(k) for k in sorted({*old, *new}) if old.get(k) != new.get(k)}


def plan_extras(planner: Planner, before: Profile, after: Profile) -> None:
    for (owner, name), extra in changed_extras(before, after).items():
        if owner == SESSION_OWNER:
            _session_extra(planner, name, extra)
        else:
            _keyword_extra(planner, owner, name, extra.expr if extra is not None else None)


def _session_extra(planner: Planner, key: str, extra: ExtraKwarg | None) -> None:
    shown = f'parameter_map["{key}"]'
    writes = planner.map_writes(key)
    if extra is None:
        for write in writes:
            planner.plan.remove.add(planner.pos(planner.statement(write)))
        if writes:
            planner.changed.append(shown)
    elif writes:
        write = writes[-1]
        node = write.rhs if write.rhs is not None else write.node
        planner.plan.exprs[planner.pos(node)] = extra.expr
        planner.changed.append(shown)
    else:
        planner.new_map_line(key, extra.attr, extra.expr, shown)


def _keyword_extra(planner: Planner, owner: str, name: str, expr: str | None) -> None:
    site = planner.site
    shown = f"{owner}({name}=...)"
    if name in UNPACKED or site is None or site.runconfig is None:
        planner.cannot(
            shown,
            None,
            f"{owner}({name}{expr or ''})：无法写入脚本，请手动修改。",
            f"{owner}({name}{expr or ''}): cannot be written into the script; edit it by hand.",
        )
        return
    holder = "" if owner == "NPURunConfig" else SUBCONFIG_PATHS[owner]
    call = planner.holder_call(site.runconfig, holder, shown)
    if call is None or call is False or call is True:
        return
    if name in call.args or any(k.arg == name for k in call.node.keywords):
        edit = planner.plan.call(planner.pos(call.node.func))
        if expr is None:
            edit.drop.add(name)
        else:
            edit.change[name] = expr
        planner.changed.append(shown)
    elif expr is not None:
        planner.add_keyword(call, name, expr, shown)
