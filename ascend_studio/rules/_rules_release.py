"""What the target TF Adapter release has: keywords, session keys, checked values, types.

The facts are the catalog's validity data (``catalog.history``); these rules only
compare the profile with them. With a release named, a keyword the release lacks is
an error (the constructor raises TypeError) naming the first release that has it or
when it was removed and what replaced it; a key its C++ does not read is ignored (a
warning); a value its adapter rejects is an error. With no release named, what
depends on the release is said once, as info, with the releases it holds for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from ascend_studio.profile import SESSION_OWNER
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._extras import key_of
from ascend_studio.rules._index import CatalogIndex
from ascend_studio.rules._model import Fixer, Hit, Rule, Severity, show, txt
from ascend_studio.rules._release_fixers import (
    lacking_fixes,
    maybe_lacking_fixes,
    remove_key,
    respell,
)
from ascend_studio.rules._release_text import (
    gone_short,
    gone_text,
    release_label,
    retired_fact,
    where_text,
)
from ascend_studio.rules._rules_member import member_off
from ascend_studio.schema import KeywordFact, ReleaseIndex, Span, Surface, Text

__all__ = ["RELEASE_RULES"]

#: Where the release's own code reads the configuration: its constructors, NPUEstimator's
#: translation, the C++ reader of a parameter_map. Not TF Adapter 2.x (its releases are
#: ``tf2_releases.toml``'s), not the environment alone.
_OPTIONS: frozenset[Surface] = frozenset({"constructor", "estimator", "session"})
_BUILT: frozenset[Surface] = frozenset({"constructor"})
_READ: frozenset[Surface] = frozenset({"estimator", "session"})

SRC = "npu_config.py (constructor signatures of each public release); ascend-tensorflow; hicann-tensorflow"


def _family(
    rule_id: str,
    severity: Severity,
    message: Text,
    scan: Callable[[Ctx], Iterable[Hit]],
    *,
    fix: Text | None = None,
    source: str = SRC,
    involves: Callable[[CatalogIndex, str], bool] = lambda ix, path: False,
    surfaces: frozenset[Surface] = _OPTIONS,
    fixes: Fixer | None = None,
    also: Text | None = None,
    per_param: bool = False,
) -> Rule:
    return Rule(
        id=rule_id,
        severity=severity,
        kind="python",
        params=(),
        message=message,
        source=source,
        fix=fix,
        scan=scan,
        involves=involves,
        surfaces=surfaces,
        fixes=fixes,
        also=also,
        per_param=per_param,
    )


def _versioned(ix: CatalogIndex, path: str) -> bool:
    """A keyword some public release lacks."""
    return path in ix.versioned_names()


def _sess_only(ix: CatalogIndex, path: str) -> bool:
    param = ix.param(path)
    return param is not None and param.session is not None and param.session.session_only


def _sess_keyed(ix: CatalogIndex, path: str) -> bool:
    """A parameter whose sess.run key some public release's C++ does not read."""
    param = ix.param(path)
    history = ix.catalog.history
    fact = history.key(param.session.key) if param is not None and param.session else None
    return fact is not None and fact.read is not None and history.varies(fact.read)


def _checked(ix: CatalogIndex, path: str) -> bool:
    """A parameter whose values the adapter itself checks in some release."""
    return ix.catalog.history.values(path) is not None


def _retyped(ix: CatalogIndex, path: str) -> bool:
    """A keyword whose signature default changed type between releases (jit_compile)."""
    fact = ix.catalog.history.keyword(path)
    kinds = (
        {type(d.value).__name__ for d in fact.defaults if d.value is not None} if fact else set()
    )
    return len(kinds) > 1


def _unknown_release(ctx: Ctx) -> Iterator[Hit]:
    if ctx.profile.release is not None and ctx.release is None and ctx.surface != "tf2":
        history = ctx.ix.catalog.history
        yield Hit(
            ("release",), {"name": ctx.profile.release, "lines": ", ".join(history.cann_lines())}
        )


def _missing_keywords(ctx: Ctx) -> Iterator[Hit]:
    """Set keywords (and sub-config fields) the target release's constructors lack."""
    if ctx.release is None:
        return
    history = ctx.ix.catalog.history
    for path, value, facts in ctx.known():
        session = facts.param.session
        if (session is not None and session.session_only) or ctx.exists(path):
            continue
        fact = history.keyword(path)
        if fact is not None:
            yield Hit((path,), _absence(ctx, fact, value))


def _absence(
    ctx: Ctx, fact: KeywordFact, value: object, verbatim: bool = False
) -> dict[str, object]:
    """Why ``fact`` is not in the target release, and what to do, in both languages."""
    assert ctx.release is not None
    history = ctx.ix.catalog.history
    rid = ctx.release.id
    first = history.first(fact)
    ns: dict[str, object] = {
        "param": fact.path,
        "owner": fact.owner,
        "value": value if verbatim else show(value),
        "release": release_label(ctx.release),
        "fact": fact,
        "also": txt("", ""),
    }
    if history.before(rid, first.id):
        ns["why"] = txt(
            f"它自 {release_label(first).zh} 起才有",
            f"it first appears in {release_label(first).en}",
        )
        ns["todo"] = txt(
            f"删除它，或以 {first.short} 及之后的版本为目标",
            f"Remove it, or target {first.short} or later",
        )
        ns["also"] = txt(
            f"或以 {first.short} 及之后的版本为目标。", f"Or target {first.short} or later."
        )
    elif fact.removed is not None and not history.before(rid, fact.removed):
        ns["why"] = gone_text(history, fact)
        ns["todo"] = _replacement(fact)
    else:  # a release branch cut before it, or a line where it came and went
        ns["why"] = txt(f"它只在这些版本中存在：{where_text(history, fact).zh}",
                        f"it exists {where_text(history, fact).en}")  # fmt: skip
        ns["todo"] = _replacement(fact)
    return ns


def _replacement(fact: KeywordFact) -> Text:
    if fact.replaced_by and fact.moves == "fixed":
        to = f"{fact.replaced_by}={fact.moved_value!r}"
        return txt(f"改用 {to}（ascend-studio migrate 可代为修改）",
                   f"Use {to} instead (ascend-studio migrate makes the change)")  # fmt: skip
    if fact.replaced_by and fact.moves == "value":
        return txt(f"把该值改写到 {fact.replaced_by}（ascend-studio migrate 可代为修改）",
                   f"Move the value to {fact.replaced_by} (ascend-studio migrate makes the change)")  # fmt: skip
    if fact.replaced_by:
        return txt(f"改用 {fact.replaced_by}", f"Use {fact.replaced_by} instead")
    return txt("删除它", "Remove it")


def _keys_not_read(ctx: Ctx) -> Iterator[Hit]:
    """Set keys the target release's C++ does not read: sess.run-only ones, and on a
    parameter_map written by hand every key."""
    if ctx.release is None:
        return
    history = ctx.ix.catalog.history
    by_hand = ctx.surface == "session"
    for path, value, facts in ctx.known():
        session = facts.param.session
        if session is None or not (session.session_only or by_hand) or ctx.exists(path):
            continue
        fact = history.key(session.key)
        span = fact.read if fact is not None else None
        where = (
            where_text(history, span)
            if span
            else txt("任何公开版本都不读取", "by no public release")
        )
        yield Hit(
            (path,),
            {"param": path, "value": show(value), "key": session.key,
             "release": release_label(ctx.release), "where": where},
        )  # fmt: skip
    for where_kept, key, span in _kept_keys(ctx):
        if not history.holds(span, ctx.release.id):
            yield Hit(
                (where_kept,),
                {"param": key, "key": key, "release": release_label(ctx.release),
                 "where": where_text(history, span)},
            )  # fmt: skip


def _kept_keys(ctx: Ctx) -> Iterator[tuple[str, str, Span]]:
    """(extra's key, parameter_map key, releases that read it) of the keys kept as
    written that some public release reads (mstune_mode): not catalog parameters."""
    history = ctx.ix.catalog.history
    for extra in ctx.profile.extra_kwargs:
        fact = history.key(extra.name) if extra.owner == SESSION_OWNER else None
        if fact is not None and fact.read is not None:
            yield key_of(extra), extra.name, fact.read


def _retired_kwargs(ctx: Ctx) -> Iterator[Hit]:
    """Keywords kept verbatim that an older (or other) release had."""
    for extra in ctx.profile.extra_kwargs:
        fact = retired_fact(ctx.ix.catalog.history, extra.owner, extra.name)
        if fact is None or ctx.release is None:
            continue
        if ctx.ix.catalog.history.holds(fact, ctx.release.id):
            continue  # es_cluster_config on 7.0.0: the constructor takes it
        yield Hit((f"{extra.owner}.{extra.name}",), _absence(ctx, fact, extra.expr, verbatim=True))


def _not_everywhere(ctx: Ctx) -> Iterator[Hit]:
    """With no release named: each set keyword some releases lack, said for those
    releases (as a finding for an unnamed product is said for the products)."""
    if ctx.release is not None or ctx.profile.release is not None:
        return
    history = ctx.ix.catalog.history
    for path, value, facts in ctx.known():
        session = facts.param.session
        if session is not None and session.session_only:
            continue
        fact, said = _lacking_words(history, path)
        if fact is not None and said is not None:
            yield Hit((path,), _lacking(said, fact, show(value)))
    for extra in ctx.profile.extra_kwargs:
        fact = retired_fact(history, extra.owner, extra.name)
        if fact is not None:
            said = (history.lacking(fact), _why(history, fact))
            yield Hit((f"{extra.owner}.{extra.name}",), _lacking(said, fact, extra.expr))


def _keys_not_everywhere(ctx: Ctx) -> Iterator[Hit]:
    """With no release named, on a parameter_map written by hand: each set key some
    releases' C++ does not read, said for those releases."""
    if ctx.release is not None or ctx.profile.release is not None:
        return
    history = ctx.ix.catalog.history
    for path, _, facts in ctx.known():
        session = facts.param.session
        fact = history.key(session.key) if session is not None else None
        if session is None or fact is None or fact.read is None or not history.varies(fact.read):
            continue
        yield Hit(
            (path,),
            {"param": path, "key": session.key, "lacking": history.lacking(fact.read),
             "where": history.where(fact.read)},
        )  # fmt: skip
    for where_kept, key, span in _kept_keys(ctx):
        if history.varies(span):
            yield Hit(
                (where_kept,),
                {"param": key, "key": key, "lacking": history.lacking(span),
                 "where": history.where(span)},
            )  # fmt: skip


#: Per (release index, parameter path): the index (kept alive beside its entry, so
#: an id is never reused while remembered), the keyword fact, and the words
#: :func:`_lacking` says for it: None when no public release varies on it.
_Said = tuple[Text, Text]
_LACKING: dict[tuple[int, str], tuple[ReleaseIndex, KeywordFact | None, _Said | None]] = {}


def _lacking_words(history: ReleaseIndex, path: str) -> tuple[KeywordFact | None, _Said | None]:
    """``path``'s keyword fact, and (releases lacking it, why) when it varies among
    public releases; the same for every evaluation, so made once per catalog."""
    entry = _LACKING.get((id(history), path))
    if entry is None or entry[0] is not history:
        fact = history.keyword(path)
        said = None
        if fact is not None and history.varies(fact):
            said = (history.lacking(fact), _why(history, fact))
        entry = _LACKING[id(history), path] = (history, fact, said)
    return entry[1], entry[2]


def _why(history: ReleaseIndex, fact: KeywordFact) -> Text:
    where = where_text(history, fact)
    why = txt(f"它{where.zh}可用", f"it exists {where.en}")
    if fact.removed is not None:
        gone = gone_short(fact)
        why = txt(f"{why.zh}，{gone.zh}", f"{why.en}, {gone.en}")
        if fact.replaced_by:
            why = txt(f"{why.zh}，改用 {fact.replaced_by}", f"{why.en}; use {fact.replaced_by}")
    return why


def _lacking(said: tuple[Text, Text], fact: KeywordFact, value: str) -> dict[str, object]:
    lacking, why = said
    return {
        "param": fact.path,
        "owner": fact.owner,
        "value": value,
        "lacking": lacking,
        "why": why,
        "fact": fact,
    }


def _values(ctx: Ctx) -> Iterator[Hit]:
    """Values the adapter of the target release checks itself and rejects."""
    if ctx.release is None:
        return
    history = ctx.ix.catalog.history
    rid = ctx.release.id
    for path, _, _ in ctx.known():
        value = ctx.lit(path)  # an expression's value is known only when the job runs
        if value is None or not ctx.exists(path) or member_off(ctx, path):
            continue
        if history.value_allowed(path, value, rid) is False:
            listed = history.listed(path, rid) or ()
            fact = history.values(path)
            item = next((i for i in fact.items if i.value == value), None) if fact else None
            where = (
                where_text(history, item)
                if item
                else txt("任何公开版本都不接受", "by no public release")
            )
            yield Hit(
                (path,),
                {"param": path, "value": show(value), "release": release_label(ctx.release),
                 "allowed": ", ".join(show(v) for v in listed), "where": where},
            )  # fmt: skip


def _types(ctx: Ctx) -> Iterator[Hit]:
    """A value whose type is not the one the target release's signature default has,
    where that type is not the catalog's (jit_compile was a bool before 6.3.RC2)."""
    if ctx.release is None or ctx.surface == "session":  # there the member is the type
        return
    for path, _, facts in ctx.known():
        value, default = ctx.lit(path), ctx.defaults.get(path)
        if path not in ctx.ix.retyped() or value is None or default is None:
            continue
        if not ctx.exists(path) or type(default).__name__ == facts.param.py_type:
            continue
        if type(value) is type(default):
            continue
        yield Hit(
            (path,),
            {"param": path, "value": show(value), "release": release_label(ctx.release),
             "expected": type(default).__name__, "default": show(default)},
        )  # fmt: skip


_NAME_IT = txt(
    "用 --release、“[tool.ascend-studio]” 表中的 “release” 或脚本中的 “# ascend-studio: release=...” 指定版本（“auto”：读取本机已安装的版本），即可确切检查 {param}。",
    "Name the release (--release, release in [tool.ascend-studio], or "
    "# ascend-studio: release=... in the script; auto reads the installed one) to "
    "check {param} exactly.",
)

RELEASE_RULES: tuple[Rule, ...] = (
    _family(
        "release.unknown",
        "warning",
        txt(
            "release={name} 不是公开的 TF Adapter 版本，无法按版本检查；与版本有关的结论会注明适用的版本。",
            "release={name} names no public TF Adapter release, so nothing is checked against "
            "one; findings that depend on the release say which releases they hold for.",
        ),
        _unknown_release,
        fix=txt(
            "写一个公开的 ref（如 r1.15.0、master）、带 CANN 版本的标签版本（{lines}）、newest，或 auto。",
            "Name a public ref (r1.15.0, master...), the CANN version of a tagged release "
            "({lines}), newest, or auto.",
        ),
    ),
    _family(
        "release.missing_keyword",
        "error",
        txt(
            "TF Adapter {release} 的 {owner} 没有参数 {param}，构造时会报 TypeError：{why}。",
            "{owner} of TF Adapter {release} has no parameter {param}: it raises TypeError "
            "({why}).",
        ),
        _missing_keywords,
        fix=txt("{todo}。", "{todo}."),
        source="npu_config.py (constructor signatures); ascend-tensorflow; hicann-tensorflow",
        involves=_versioned,
        surfaces=_BUILT,
        fixes=lacking_fixes,
        also=txt("{also}", "{also}"),
    ),
    _family(
        "release.retired_keyword",
        "error",
        txt(
            "TF Adapter {release} 的 {owner} 没有参数 {param}（原样保留为 {value}），构造时会报 TypeError：{why}。",
            "{owner} of TF Adapter {release} has no parameter {param} (kept verbatim as "
            "{value}): it raises TypeError ({why}).",
        ),
        _retired_kwargs,
        fix=txt("{todo}。", "{todo}."),
        source="npu_config.py (constructor signatures); ascend-tensorflow; hicann-tensorflow",
        surfaces=_BUILT,
        fixes=lacking_fixes,
        also=txt("{also}", "{also}"),
    ),
    _family(
        "release.key_not_read",
        "warning",
        txt(
            "TF Adapter {release} 的 C++ 不读取 parameter_map['{key}']（读取它的版本：{where}），该值被静默忽略。",
            "The C++ of TF Adapter {release} does not read parameter_map['{key}'] (read "
            "{where}): the value is silently ignored.",
        ),
        _keys_not_read,
        fix=txt(
            "删除 {param}，或以读取 parameter_map['{key}'] 的版本为目标（{where}）。",
            "Remove {param}, or target a release that reads parameter_map['{key}'] ({where}).",
        ),
        source="npu_attrs.cc; ascend-tensorflow; hicann-tensorflow",
        involves=_sess_only,
        surfaces=_READ,
        fixes=remove_key,
    ),
    _family(
        "release.value",
        "error",
        txt(
            "TF Adapter {release} 不接受 {param}={value}（接受 {allowed}）；该值的适用版本：{where}。",
            "TF Adapter {release} rejects {param}={value} (it accepts {allowed}); the value is "
            "accepted {where}.",
        ),
        _values,
        fix=txt("改用 {allowed} 之一。", "Use one of {allowed}."),
        source="npu_attrs.cc; util.py; ascend-tensorflow; hicann-tensorflow",
        involves=_checked,
        fixes=respell,
    ),
    _family(
        "release.type",
        "error",
        txt(
            "在 TF Adapter {release} 中 {param} 是 {expected}（默认 {default}），当前为 {value}，传给 TF Adapter 时会出错。",
            "In TF Adapter {release}, {param} is a {expected} (default {default}); {value} "
            "fails when TF Adapter sends it.",
        ),
        _types,
        fix=txt(
            "把 {param} 改为 {expected} 类型的值（该版本默认 {default}）。",
            "Give {param} a value of type {expected} (that release's default is {default}).",
        ),
        source="npu_config.py (signature defaults); ascend-tensorflow",
        involves=_retyped,
    ),
    _family(
        "release.depends",
        "info",
        txt(
            "仅当 TF Adapter 版本为 {lacking} 时（文件未指定版本）：{owner} 没有参数 {param}，构造时会报 TypeError（{why}）。",
            "Only on TF Adapter {lacking} (no release is named): {owner} has no parameter "
            "{param}, so it raises TypeError ({why}).",
        ),
        _not_everywhere,
        fix=_NAME_IT,
        involves=_versioned,
        surfaces=_BUILT,
        fixes=maybe_lacking_fixes,
        also=_NAME_IT,
        per_param=True,
    ),
    _family(
        "release.key_depends",
        "info",
        txt(
            "仅当 TF Adapter 版本为 {lacking} 时（文件未指定版本）：C++ 不读取 parameter_map['{key}']，该值被静默忽略（读取它的版本：{where}）。",
            "Only on TF Adapter {lacking} (no release is named): the C++ does not read "
            "parameter_map['{key}'], so the value is silently ignored (read {where}).",
        ),
        _keys_not_everywhere,
        fix=_NAME_IT,
        source="npu_attrs.cc; ascend-tensorflow; hicann-tensorflow",
        involves=_sess_keyed,
        surfaces=frozenset({"session"}),
    ),
)
