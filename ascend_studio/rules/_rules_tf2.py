"""Rules of the TF Adapter 2.x surface (``npu_device.global_options()``), from its code.

The option classes (``configs/option_base.py``) raise ValueError for a name the
class does not have, listing all its options, and ValueError (TypeError in newer
releases, when the value's type differs from a non-None default) for a value not
in an option's list, compared with ``==`` as Python's ``in`` does (so ``1`` passes
for ``True``). A ``DeprecatedValue`` prints a warning and is sent anyway.
``npu_device.open()`` reads ASCEND_DEVICE_ID and the cluster variables, and the C++
part reads the NPU_* switches when ``npu_device`` is imported. Facts hold for the
newest release the catalog knows; messages say so where older ones differ. An option
some releases lack is judged for the release named, or said for the releases that
lack it when none is.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator

from ascend_studio.profile import Expr
from ascend_studio.rules._context import Ctx
from ascend_studio.rules._model import Condition, Hit, Kind, Rule, Severity, show, txt
from ascend_studio.schema import Text, Tf2, Tf2Facts, Tf2Option

__all__ = ["OPTION_RULES", "family", "when"]

_BASE = "tf_adapter_2.x/python/npu_device/configs/option_base.py"
_DEVICE = "tf_adapter_2.x/python/npu_device/npu_device.py"


def _g(path: str) -> str:
    return f"global_options().{path}"


def _releases(tf2: Tf2, option: Tf2Option) -> Text:
    """Where an option exists, as a short list of release ids."""
    ids = [r for r in tf2.release_ids if option.facts_in(r) is not None]
    if len(ids) <= 3:
        return txt("、".join(ids), ", ".join(ids))
    return txt(
        f"{ids[0]} 到 {ids[-1]}（共 {len(ids)} 个发布）",
        f"{ids[0]} to {ids[-1]} ({len(ids)} releases)",
    )


def _newest(tf2: Tf2, option: Tf2Option) -> Tf2Facts | None:
    return option.facts_in(tf2.newest)


# -- names -----------------------------------------------------------------------------------
def _unknown(ctx: Ctx) -> Iterator[Hit]:
    tf2 = ctx.ix.catalog.tf2
    classes = {h.name for h in tf2.holders}
    for extra in ctx.profile.extra_kwargs:
        if extra.owner not in classes or extra.name in ("*", "**"):
            continue
        holder, _, name = extra.name.rpartition(".")
        options = tf2.children(holder)
        near = difflib.get_close_matches(name, options, n=1)
        yield Hit(
            (extra.name,),
            {
                "owner": extra.owner,
                "name": name,
                "options": ", ".join(options),
                "value": extra.expr,
                "near_zh": f"，或改为相近的名称 {near[0]}" if near else "",
                "near_en": f", or use the close name {near[0]}" if near else "",
            },
        )


def _lacking(tf2: Tf2, option: Tf2Option) -> Text:
    """The releases with a 2.x surface that lack an option: "from X on" when they are
    the newest ones, else their list."""
    ids = list(tf2.release_ids)
    lacking = [r for r in ids if option.facts_in(r) is None]
    if lacking and ids[len(ids) - len(lacking) :] == lacking:
        return txt(f"{lacking[0]} 及以后", f"from {lacking[0]} on")
    return txt("、".join(lacking), ", ".join(lacking))


def _removed_hits(ctx: Ctx, named: bool) -> Iterator[Hit]:
    """Options the judged release lacks (``named``), or, with no release named, options
    some releases lack: assigning one raises ValueError where it is missing."""
    tf2 = ctx.ix.catalog.tf2
    release = ctx.tf2_release.id if ctx.tf2_release is not None else None
    if named and (release is None or release not in tf2.release_ids):
        return  # no release named, or one without a 2.x surface: nothing to judge
    if not named and release is not None:
        return
    for key in ctx.values:
        option = tf2.option(key)
        if option is None:
            continue
        judged = release if release is not None else tf2.newest
        missing = option.facts_in(judged) is None
        if not missing:
            continue
        instead = option.replaced_by
        yield Hit(
            (key,),
            {
                "option": _g(option.path),
                "owner": tf2.holder_name(option.holder),
                "release": release or "",
                "releases": _releases(tf2, option),
                "lacking": _lacking(tf2, option),
                "instead_zh": f"；请改用 {_g(instead)}" if instead else "",
                "instead_en": f"; use {_g(instead)} instead" if instead else "",
            },
        )


def _removed(ctx: Ctx) -> Iterator[Hit]:
    return _removed_hits(ctx, named=True)


def _removed_depends(ctx: Ctx) -> Iterator[Hit]:
    return _removed_hits(ctx, named=False)


def _not_an_option(ctx: Ctx) -> Iterator[Hit]:
    catalog = ctx.ix.catalog
    for key in ctx.values:
        facts = ctx.ix.facts.get(key)
        if facts is None or facts.param.kind == "subconfig":
            continue  # a holder of fields; the fields themselves are judged
        if catalog.why_not(facts.param, surface="tf2") == "surface":  # in no 2.x release
            yield Hit((key,), {"param": key})


# -- values ------------------------------------------------------------------------------
def _shown_list(facts: Tf2Facts) -> str:
    items = [repr(v) for v in facts.values or ()]
    return ", ".join([*items, *(["None"] if facts.none_allowed else [])])


def _rejected(ctx: Ctx) -> Iterator[Hit]:
    tf2 = ctx.ix.catalog.tf2
    release = tf2.release(tf2.newest)
    type_error = release is not None and release.type_error
    for key, value in ctx.values.items():
        option = tf2.for_key(key)
        facts = _newest(tf2, option) if option is not None else None
        if option is None or facts is None or isinstance(value, Expr) or facts.accepts(value):
            continue
        default = facts.default
        typed = default is not None and not isinstance(value, type(default))
        raised = "TypeError" if type_error and typed else "ValueError"
        yield Hit(
            (key,),
            {
                "option": _g(option.path),
                "value": show(value),
                "allowed": _shown_list(facts),
                "error": raised,
            },
        )


def _deprecated(ctx: Ctx) -> Iterator[Hit]:
    tf2 = ctx.ix.catalog.tf2
    for key, value in ctx.values.items():
        option = tf2.for_key(key)
        facts = _newest(tf2, option) if option is not None else None
        if option is None or facts is None or not facts.deprecated or value is None:
            continue
        if facts.replacement is None:
            printed = (
                f"Option '{option.name}' is deprecated and will be removed in future version. "
                "Please do not configure this option in the future."
            )
            fix = txt(f"删除 {_g(option.path)}。", f"Remove {_g(option.path)}.")
        else:
            printed = (
                f"Option '{option.name}' is deprecated and will be removed in future version. "
                f"Please use '{facts.replacement}' instead."
            )
            fix = txt(f"改用 {_g(facts.replacement)}。", f"Use {_g(facts.replacement)} instead.")
        yield Hit((key,), {"option": _g(option.path), "printed": printed, "fix_text": fix})


def _not_sent(ctx: Ctx) -> Iterator[Hit]:
    tf2 = ctx.ix.catalog.tf2
    for key, value in ctx.values.items():
        option = tf2.for_key(key)
        if option is None or option.not_sent is None or value is None:
            continue
        yield Hit((key,), {"option": _g(option.path), "why": option.not_sent})


# -- calls -----------------------------------------------------------------------------------
def _after_open(ctx: Ctx) -> Iterator[Hit]:
    tf2 = ctx.ix.catalog.tf2
    for key, (line, opened) in sorted(ctx.after_open.items(), key=lambda item: item[1]):
        option = tf2.for_key(key)
        if option is None or key not in ctx.values:
            continue
        yield Hit((key,), {"option": _g(option.path), "line": line, "open_line": opened})


def family(
    rule_id: str,
    severity: Severity,
    kind: Kind,
    *,
    message: Text,
    scan: Callable[[Ctx], Iterator[Hit]],
    source: str,
    fix: Text | None = None,
) -> Rule:
    return Rule(
        id=rule_id,
        severity=severity,
        kind=kind,
        params=(),
        message=message,
        source=source,
        fix=fix,
        scan=scan,
        involves=lambda ix, path: ix.catalog.tf2.for_key(path) is not None,
    )


def when(
    rule_id: str,
    severity: Severity,
    kind: Kind,
    *,
    params: tuple[str, ...],
    when: Condition,
    message: Text,
    source: str,
    fix: Text | None = None,
    targets: tuple[str, ...] | None = None,
) -> Rule:
    return Rule(
        id=rule_id,
        severity=severity,
        kind=kind,
        params=params,
        message=message,
        source=source,
        fix=fix,
        when=when,
        targets=targets,
    )


OPTION_RULES: tuple[Rule, ...] = (
    family(
        "tf2.option.unknown",
        "error",
        "python",
        message=txt(
            "{owner} 没有选项 {name}（脚本写作 {value}）：赋值时抛出 ValueError，并列出它的全部选项：{options}。",
            "{owner} has no option {name} (the script assigns {value}): the assignment raises ValueError, listing all its options: {options}.",
        ),
        scan=_unknown,
        source=f"{_BASE}:NpuBaseConfig.__setattr__",
        fix=txt("删除这一行{near_zh}。", "Remove the line{near_en}."),
    ),
    family(
        "tf2.option.removed",
        "error",
        "python",
        message=txt(
            "{option}：TF Adapter 2.x {release} 的 {owner} 没有这个选项，赋值会抛出 ValueError；只有 {releases} 有它。",
            "{option}: {owner} of TF Adapter 2.x {release} has no such option, so assigning it raises ValueError; only {releases} have it.",
        ),
        scan=_removed,
        source=f"{_BASE}:NpuBaseConfig.__setattr__; tf_adapter_2.x/python/npu_device/configs/npu_config.py",
        fix=txt("删除这一行{instead_zh}。", "Remove the line{instead_en}."),
    ),
    family(
        "tf2.option.removed_depends",
        "info",
        "python",
        message=txt(
            "仅当 TF Adapter 2.x 版本为 {lacking} 时（文件未指定版本）：{owner} 没有选项 {option}，赋值会抛出 ValueError；{releases} 有它。",
            "Only on TF Adapter 2.x {lacking} (no release is named): {owner} has no option {option}, so assigning it raises ValueError; {releases} have it.",
        ),
        scan=_removed_depends,
        source=f"{_BASE}:NpuBaseConfig.__setattr__; tf_adapter_2.x/python/npu_device/configs/npu_config.py",
        fix=txt(
            "删除这一行{instead_zh}；或指定版本（--release、[tool.ascend-studio] 中的 release，或脚本中的 # ascend-studio: release=...）以确切检查。",
            "Remove the line{instead_en}; or name the release (--release, release in [tool.ascend-studio], or # ascend-studio: release=... in the script) to check it exactly.",
        ),
    ),
    family(
        "tf2.option.none",
        "warning",
        "python",
        message=txt(
            "{param} 没有对应的 TF Adapter 2.x 选项（global_options() 中没有，也不是 open()/set_npu_loop_size() 的参数）：TF2 作业拿不到这个设置，tf2 导出也不会写它。",
            "{param} has no TF Adapter 2.x counterpart (no global_options() option, not an argument of open() or set_npu_loop_size()): a TF2 job does not get this setting and the tf2 export leaves it out.",
        ),
        scan=_not_an_option,
        source="tf_adapter_2.x/python/npu_device/configs/npu_config.py (NpuConfig's options)",
        fix=txt(
            "删除它，或改用 TF Adapter 1.x（NPURunConfig / sess.run）。",
            "Remove it, or use TF Adapter 1.x (NPURunConfig or sess.run).",
        ),
    ),
    family(
        "tf2.value.rejected",
        "error",
        "python",
        message=txt(
            "{option} = {value}：该选项只接受 {allowed}，赋值时抛出 {error}。",
            "{option} = {value}: the option accepts only {allowed}; the assignment raises {error}.",
        ),
        scan=_rejected,
        source=f"{_BASE}:OptionValue.value (setter); tf_adapter_2.x/python/npu_device/configs/",
        fix=txt("改为以下取值之一：{allowed}。", "Use one of: {allowed}."),
    ),
    family(
        "tf2.option.deprecated",
        "info",
        "python",
        message=txt(
            "{option} 在 TF Adapter 2.x 中已废弃：值仍会下发，但启动时打印警告：{printed}",
            "{option} is deprecated in TF Adapter 2.x: the value is still sent, but a warning is printed: {printed}",
        ),
        scan=_deprecated,
        source=f"{_BASE}:DeprecatedValue, NpuBaseConfig.as_dict; docs/en/tfadapter_2/apiref/npu-global_options/deprecated_options.md",
        fix=txt("{fix_text}", "{fix_text}"),
    ),
    family(
        "tf2.option.not_sent",
        "warning",
        "runtime",
        message=txt("{option}：{why}", "{option}: {why}"),
        scan=_not_sent,
        source="tf_adapter_2.x/npu_device/core/npu_wrapper.cpp:kGlobalConfigOptions, kSessionConfigOptions (ParserGeOptions)",
        fix=txt(
            "删除这一行，改用 npu_device.npu_run_context()。",
            "Remove the line; use npu_device.npu_run_context() instead.",
        ),
    ),
    family(
        "tf2.option.after_open",
        "warning",
        "runtime",
        message=txt(
            "{option} 在第 {line} 行设置，晚于第 {open_line} 行的 npu_device.open()：open() 把当时 global_options().as_dict() 的结果交给图引擎，之后的赋值不会生效。",
            "{option} is set on line {line}, after npu_device.open() on line {open_line}: open() hands the graph engine the options as global_options().as_dict() gives them at that moment, so a later assignment does not take effect.",
        ),
        scan=_after_open,
        source=f"{_DEVICE}:open (global_kw_options = global_options().as_dict())",
        fix=txt(
            "把这一行移到 npu_device.open() 之前（apply 写入的选项就放在那里）。",
            "Move the line above npu_device.open() (apply writes new options there).",
        ),
    ),
)
