"""Which AttrValue member a hand-written ``parameter_map`` value is in, release by release.

``s``, ``i``, ``b`` and ``f`` are members of one oneof: a value written in one of them
is read as written where the release's C++ reads that member; elsewhere the reader
gets the empty value of the member it reads, or checks the member and refuses the
options or skips the value (``catalog.history.member_read``). ``jit_compile`` was read
as a bool up to 6.3.RC2 and as a string from r3.2.0 on, so ``.b = True`` is right for
some releases and fails on others: with a release named this says what that release
does; with none, for which releases it fails or is ignored. Only keys whose member
matters across releases are judged here (``ReleaseIndex.member_matters``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ascend_studio.profile import SESSION_OWNER, Expr, Value
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._extras import key_of
from ascend_studio.rules._index import CatalogIndex
from ascend_studio.rules._model import Hit, Rule, Severity, show, txt
from ascend_studio.rules._release_text import release_label
from ascend_studio.schema import Parameter, Text, type_problem

__all__ = ["MEMBER_RULES", "member_off"]

Scan = Callable[[Ctx], Iterator[Hit]]

_NAMES = {
    "s": txt("字符串（.s）", "a string (.s)"),
    "i": txt("整数（.i）", "an int (.i)"),
    "b": txt("布尔值（.b）", "a bool (.b)"),
    "f": txt("浮点数（.f）", "a float (.f)"),
}
_EMPTY: dict[str, object] = {"s": "", "i": 0, "b": False, "f": 0.0}
_BY_TYPE: dict[type, str] = {bool: "b", int: "i", float: "f", str: "s", bytes: "s"}
#: What each reading does to the job: it fails, the value is not what is used, or fine.
_FAILS, _IGNORED = ("refuses", "rejects"), ("empty", "skips")


def written_member(param: Parameter, value: Value) -> str | None:
    """The member a literal was written in: the catalog's where the value has the
    catalog's type (how the importer stores it), else the one its type goes in."""
    if param.session is None or isinstance(value, Expr) or value is None:
        return None
    if type_problem(param, value) is None:
        return param.session.field
    return _BY_TYPE.get(type(value))


def _judged(ctx: Ctx) -> Iterator[tuple[str, Value, Parameter, str]]:
    """(path, value, param, member) of the literals on a hand-written parameter_map
    whose member matters across releases."""
    if ctx.surface != "session":
        return
    history = ctx.ix.catalog.history
    for path, value, facts in ctx.known():
        session = facts.param.session
        if session is None or not history.member_matters(session.key):
            continue
        member = written_member(facts.param, value)
        if member is not None:
            yield path, value, facts.param, member
    by_key = ctx.ix.catalog.by_session_key()
    for extra in ctx.profile.extra_kwargs:  # a run-time value kept with its member
        param = by_key.get(extra.name) if extra.owner == SESSION_OWNER else None
        if param is not None and extra.attr and history.member_matters(extra.name):
            yield key_of(extra), Expr(expr=extra.expr), param, extra.attr


def member_off(ctx: Ctx, path: str) -> bool:
    """A literal written in another member than the catalog's or the target release's
    reader reads: the ``release.member_*`` rules judge it, not the type and value checks
    (the value is not what reaches the adapter)."""
    for judged, _, param, member in _judged(ctx):
        if judged != path:
            continue
        assert param.session is not None
        if member != param.session.field:
            return True
        read = (
            ctx.ix.catalog.history.key_field(param.session.key, ctx.release.id)
            if ctx.release
            else None
        )
        return read is not None and read != member
    return False


def _reading(ctx: Ctx, param: Parameter, member: str, release_id: str) -> tuple[str, str] | None:
    """(outcome, member read) at ``release_id``: ``reads``, ``refuses``, ``rejects`` (the
    empty value fails the release's own value check), ``empty`` or ``skips``."""
    assert param.session is not None
    history = ctx.ix.catalog.history
    got = history.member_read(param.session.key, member, release_id)
    if got is None:
        return None
    how, read = got
    if how == "empty" and history.value_allowed(param.path, _EMPTY[read], release_id) is False:
        return "rejects", read
    return how, read


def _what(
    ctx: Ctx, how: str, read: str, value: Value, *, release_id: str | None, path: str
) -> Text:
    empty = show(_EMPTY[read])
    if how == "refuses":
        return txt(
            f"它检查写入的成员并拒绝这些选项（InvalidArgument：{path} 的数据类型无效）",
            "it checks the member written and refuses the options (InvalidArgument: the data "
            f"type of {path} is invalid)",
        )
    if how == "rejects":
        listed = ctx.ix.catalog.history.listed(path, release_id) if release_id else None
        allowed = ", ".join(show(v) for v in listed or ())
        return txt(
            f"它读到空值 {empty}，并拒绝该值（只接受 {allowed}）",
            f"it gets the empty value {empty} and rejects it (it accepts {allowed})",
        )
    if how == "skips":
        return txt("它跳过该值，使用默认值", "it skips the value and keeps its default")
    return txt(f"它读到空值 {empty}，而不是 {show(value)}",
               f"it reads the empty value {empty}, not {show(value)}")  # fmt: skip


def _ns(ctx: Ctx, path: str, param: Parameter, member: str, value: Value) -> dict[str, object]:
    assert param.session is not None
    return {"param": path, "key": param.session.key, "value": show(value),
            "written": _NAMES[member], "member": member}  # fmt: skip


def _named(outcomes: tuple[str, ...]) -> Scan:
    def scan(ctx: Ctx) -> Iterator[Hit]:
        for path, value, param, member in _judged(ctx):
            if ctx.release is not None:
                got = _reading(ctx, param, member, ctx.release.id)
                where: Text = release_label(ctx.release)
                rid: str | None = ctx.release.id
            else:  # no release named: judged only where every reading release agrees
                got, where, rid = _everywhere(ctx, param, member)
            if got is None or got[0] not in outcomes:
                continue
            how, read = got
            ns = _ns(ctx, path, param, member, value)
            ns.update(release=where, read=_NAMES[read], read_member=read,
                      what=_what(ctx, how, read, value, release_id=rid, path=path))  # fmt: skip
            yield Hit((path,), ns)

    return scan


def _outcomes(ctx: Ctx, param: Parameter, member: str) -> dict[tuple[str, str], list[str]]:
    """(outcome, member read) -> the releases with it, oldest first."""
    found: dict[tuple[str, str], list[str]] = {}
    for release in ctx.ix.catalog.releases:
        got = _reading(ctx, param, member, release.id)
        if got is not None:
            found.setdefault(got, []).append(release.id)
    return found


def _everywhere(
    ctx: Ctx, param: Parameter, member: str
) -> tuple[tuple[str, str] | None, Text, str | None]:
    """With no release named: the one reading every release that reads the key gives,
    worded for those releases; (None, ...) when they differ or all read it as written."""
    found = _outcomes(ctx, param, member)
    history = ctx.ix.catalog.history
    if len(found) != 1:
        return None, txt("", ""), None
    ((got, ids),) = found.items()
    span = history.span_of(ids)
    assert span is not None
    return got, history.where(span), ids[-1]


def _depends(ctx: Ctx) -> Iterator[Hit]:
    """With no release named: a member read as written by some releases and not by
    others, said once with the releases where the job fails and where it is ignored."""
    if ctx.release is not None:
        return
    for path, value, param, member in _judged(ctx):
        found = _outcomes(ctx, param, member)
        ok = [rid for (how, _), ids in found.items() if how == "reads" for rid in ids]
        if not ok or len(found) < 2:
            continue
        ns = _ns(ctx, path, param, member, value)
        ns.update(where=_span_words(ctx, ok), others=_others(ctx, found))
        yield Hit((path,), ns)


def _span_words(ctx: Ctx, ids: list[str]) -> Text:
    history = ctx.ix.catalog.history
    span = history.span_of(ids)
    assert span is not None
    return history.where(span)


def _others(ctx: Ctx, found: dict[tuple[str, str], list[str]]) -> Text:
    """Where the job fails and where the value is ignored, and the member read there."""
    zh: list[str] = []
    en: list[str] = []
    for outcomes, word_zh, word_en in (
        (_FAILS, "作业失败（会话无法创建）", "the job fails (the session is not created)"),
        (_IGNORED, "该值不生效", "the value is ignored"),
    ):
        ids = [r for (how, _), rs in found.items() if how in outcomes for r in rs]
        if not ids:
            continue
        read = sorted({m for (how, m) in found if how in outcomes})
        names = txt("或".join(_NAMES[m].zh for m in read), " or ".join(_NAMES[m].en for m in read))
        where = _span_words(ctx, ids)
        zh.append(f"TF Adapter {where.zh}按{names.zh}读取，{word_zh}")
        en.append(f"on TF Adapter {where.en}, which reads {names.en}, {word_en}")
    return txt("；".join(zh), "; ".join(en))


def _member_matters(ix: CatalogIndex, path: str) -> bool:
    param = ix.param(path)
    session = param.session if param is not None else None
    return session is not None and ix.catalog.history.member_matters(session.key)


_SRC = (
    "npu_attrs.cc (AttrValue member read, value_case checks); ascend-tensorflow; hicann-tensorflow"
)
_FIX = txt(
    "按该版本读取的类型写：parameter_map['{key}'].{read_member}，或以按所写类型读取它的版本为目标。",
    "Write it the way that release reads it, parameter_map['{key}'].{read_member}, or "
    "target a release that reads {written}.",
)


def _rule(rule_id: str, severity: Severity, message: Text, scan: Scan, fix: Text) -> Rule:
    return Rule(
        id=rule_id,
        severity=severity,
        kind="python",
        params=(),
        message=message,
        source=_SRC,
        fix=fix,
        scan=scan,
        involves=_member_matters,
        surfaces=frozenset({"session"}),
    )


_FAILS_MSG = txt(
    "TF Adapter {release} 按{read}读取 parameter_map['{key}']，而这里写入的是{written}，作业失败（会话无法创建）：{what}。",
    "TF Adapter {release} reads parameter_map['{key}'] as {read}; this writes {written}, "
    "so the job fails (the session is not created): {what}.",
)
_IGNORED_MSG = txt(
    "TF Adapter {release} 按{read}读取 parameter_map['{key}']，而这里写入的是{written}，该值不生效：{what}。",
    "TF Adapter {release} reads parameter_map['{key}'] as {read}; this writes {written}, "
    "so the value is not used: {what}.",
)

MEMBER_RULES: tuple[Rule, ...] = (
    _rule("release.member_fails", "error", _FAILS_MSG, _named(_FAILS), _FIX),
    _rule("release.member_ignored", "warning", _IGNORED_MSG, _named(_IGNORED), _FIX),
    _rule(
        "release.member_depends",
        "info",
        txt(
            "parameter_map['{key}'] 写入的是{written}（文件未指定版本）：{others}；TF Adapter {where}按所写类型读取。",
            "parameter_map['{key}'] is written as {written} (no release is named): {others}; "
            "TF Adapter {where} reads it as written.",
        ),
        _depends,
        txt(
            "用 --release、“[tool.ascend-studio]” 表中的 “release” 或脚本中的 “# ascend-studio: release=...” 指定版本，即可确切检查 {param}。",
            "Name the release (--release, release in [tool.ascend-studio], or "
            "# ascend-studio: release=... in the script; auto reads the installed one) to "
            "check {param} exactly.",
        ),
    ),
)
