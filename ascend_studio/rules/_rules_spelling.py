"""A value some releases' adapters list in this exact case and others reject.

jit_compile is compared exactly: ``"True"``, ``"False"``, ``"Auto"`` on r3.2.0,
``"true"``, ``"false"``, ``"auto"`` from 7.0.RC1 on. With a release named,
``release.value`` judges the spelling there; with none, a spelling the catalog's
newest list lacks but some release lists is not a wrong case: what depends on the
release is said once, as info, with the releases that reject it.
"""

from __future__ import annotations

from collections.abc import Iterator

from ascend_studio.rules._context import Ctx
from ascend_studio.rules._index import CatalogIndex
from ascend_studio.rules._model import Hit, Rule, show, txt

__all__ = ["SPELLING_RULES", "spelled_somewhere"]


def spelled_somewhere(ctx: Ctx, path: str, value: object) -> bool:
    """No release is named and some release's adapter lists ``value``, another case of
    a catalog value, exactly: not a wrong case (``release.value_depends`` says where it
    is rejected)."""
    return ctx.release is None and ctx.ix.catalog.history.ever_listed(path, value)


def _depends(ctx: Ctx) -> Iterator[Hit]:
    if ctx.release is not None:
        return
    history = ctx.ix.catalog.history
    for path, _, facts in ctx.known():
        value = ctx.lit(path)
        if not isinstance(value, str):
            continue
        fact = history.values(path)
        if fact is None:
            continue
        newest = {v.value for v in facts.param.values}
        if value in newest:
            continue
        if value.casefold() not in {v.casefold() for v in newest if isinstance(v, str)}:
            continue  # another value, not another case of one
        item = next(
            (i for i in fact.items if type(i.value) is type(value) and i.value == value), None
        )
        ids = [r.id for r in history.releases if history.holds(fact.checked, r.id)]
        span = history.span_of(i for i in ids if item is not None and not history.holds(item, i))
        if item is None or span is None:
            continue
        yield Hit(
            (path,),
            {"param": path, "value": show(value), "lacking": history.where(span),
             "where": history.where(item)},
        )  # fmt: skip


def _checked(ix: CatalogIndex, path: str) -> bool:
    return ix.catalog.history.values(path) is not None


SPELLING_RULES: tuple[Rule, ...] = (
    Rule(
        id="release.value_depends",
        severity="info",
        kind="python",
        params=(),
        message=txt(
            "仅当 TF Adapter 版本为 {lacking} 时（文件未指定版本）：适配层拒绝 {param}={value}（接受它的版本：{where}）。",
            "Only on TF Adapter {lacking} (no release is named): the adapter rejects "
            "{param}={value} (it is accepted {where}).",
        ),
        source="npu_attrs.cc; ascend-tensorflow; hicann-tensorflow",
        fix=txt(
            "用 --release、“[tool.ascend-studio]” 表中的 “release” 或脚本中的 “# ascend-studio: release=...” 指定版本，即可确切检查 {param}。",
            "Name the release (--release, release in [tool.ascend-studio], or "
            "# ascend-studio: release=... in the script) to check {param} exactly.",
        ),
        scan=_depends,
        involves=_checked,
        per_param=True,
    ),
)
