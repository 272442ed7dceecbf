"""Move a script to another TF Adapter release: what the target lacks is rewritten to
what replaced it, or removed, and everything that cannot be moved is reported.

The plan is a profile: the script's configuration with the changes made, written
back by the same machinery as ``apply`` (libcst, every other byte kept). The
validity data says what each release has; its ``replaced_by``/``moves`` say where a
removed keyword's value goes (``auto_tune_mode`` -> ``aoe_mode='2'``, ``mstune_mode``
-> ``aoe_mode``, ``graph_compiler_cache_dir`` -> ``experimental_config``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from ascend_studio._words import say
from ascend_studio.apply._python import apply_python
from ascend_studio.apply._result import ApplyNote, ApplyResult, NoSuchConfig, NoteSeverity, note
from ascend_studio.codegen import ReportItem, import_python
from ascend_studio.codegen._member import Unwritable, release_member
from ascend_studio.codegen._release import key_lacking, keyword_lacking
from ascend_studio.codegen._spelling import release_spellings
from ascend_studio.profile import SESSION_OWNER, Expr, ExtraKwarg, Profile, Value
from ascend_studio.schema import Catalog, KeywordFact, Release, shipped_catalog

__all__ = ["Migration", "migrate_python"]


@dataclass(frozen=True)
class Migration:
    result: ApplyResult
    release: Release
    #: What was moved or removed, and what could not be (also in ``result.notes``).
    moved: tuple[str, ...]
    unmovable: tuple[str, ...]


def _fact_of(extra: ExtraKwarg, catalog: Catalog) -> KeywordFact | None:
    for fact in catalog.history.keywords():
        if (fact.owner, fact.name) == (extra.owner, extra.name):
            return fact
    return None


def _moved_value(fact: KeywordFact, source: Value | str) -> Value | None:
    if fact.moves == "fixed":
        return fact.moved_value
    if fact.moves == "value":
        return source
    return None


class _Plan:
    def __init__(self, profile: Profile, catalog: Catalog, release: Release) -> None:
        self.profile, self.catalog, self.release = profile, catalog, release
        self.notes: list[ApplyNote] = []
        self.moved: list[str] = []
        self.unmovable: list[str] = []

    def say(self, severity: NoteSeverity, zh: str, en: str, path: str) -> None:
        self.notes.append(note(severity, zh, en, None, path))

    def retire(self, extra: ExtraKwarg) -> None:
        fact = _fact_of(extra, self.catalog)
        if fact is None or self.catalog.history.holds(fact, self.release.id):
            return
        kept = tuple(x for x in self.profile.extra_kwargs if x is not extra)
        self.profile = self.profile.model_copy(update={"extra_kwargs": kept})
        self.place(fact, Expr(expr=extra.expr))

    def drop(self, path: str) -> None:
        """A catalog parameter the target lacks: removed (moved where data says so)."""
        value = self.profile.values[path]
        self.profile = self.profile.without_value(path)
        fact = self.catalog.history.keyword(path)
        if fact is not None:
            self.place(fact, value)
        else:
            self.say("warning", f"{path}：目标版本没有它，已删除。",
                     f"{path}: the target release does not have it; removed.", path)  # fmt: skip
            self.unmovable.append(path)

    def place(self, fact: KeywordFact, value: Value) -> None:
        target = fact.replaced_by
        moved = _moved_value(fact, value) if target else None
        placeable = target is not None and moved is not None and self.catalog.has(target)
        if placeable and not keyword_lacking(str(target), self.catalog, self.release):
            assert target is not None and moved is not None
            self.profile = self.profile.with_value(target, moved)
            self.say("info", f"{fact.path} 已改写为 {target}={_shown(moved)}。",
                     f"{fact.path} moved to {target}={_shown(moved)}.", fact.path)  # fmt: skip
            self.moved.append(fact.path)
            return
        where = self.catalog.history.where(fact)
        hint = f"; set {target} yourself" if target else ""
        hint_zh = f"，请自行设置 {target}" if target else ""
        self.say(
            "warning",
            f"{fact.path}（{where.zh}）在目标版本中没有，已删除，其值无法自动迁移{hint_zh}。",
            f"{fact.path} ({where.en}) is not in the target release: removed, and its value "
            f"cannot be moved mechanically{hint}.",
            fact.path,
        )
        self.unmovable.append(fact.path)

    def members(self) -> None:
        """parameter_map values written in another member than the target's C++ reads
        (``jit_compile``: ``.b`` up to 6.3.RC2, ``.s`` from r3.2.0 on): moved to that
        member with the value in its form; a run-time value cannot be, and is reported."""
        for path, value in list(self.profile.values.items()):
            param = self.catalog.param(path) if self.catalog.has(path) else None
            got = (
                None if param is None else release_member(param, value, self.catalog, self.release)
            )
            if isinstance(got, Unwritable):
                self.unmoved(path, got.read, _shown(value))
            elif got is not None and not (type(got[1]) is type(value) and got[1] == value):
                self.profile = self.profile.with_value(path, got[1])
                self.moved_member(path, got[0], got[1])
                self.moved.append(path)
        history = self.catalog.history
        for extra in self.profile.extra_kwargs:
            if extra.owner != SESSION_OWNER or not extra.attr:
                continue
            if not history.member_matters(extra.name):
                continue
            read = history.key_field(extra.name, self.release.id)
            if read is not None and read != extra.attr:
                self.unmoved(f"parameter_map.{extra.name}", read, extra.expr)

    def spellings(self) -> None:
        """Values the target lists only in another case (jit_compile ``"True"`` on
        r3.2.0, ``"true"`` from 7.0.RC1 on): rewritten as the target spells them."""
        for path, (was, now) in release_spellings(self.profile, self.catalog).items():
            self.profile = self.profile.with_value(path, now)
            where = f"TF Adapter {self.release.short}"
            self.say("info", f"{path} 已由 {was!r} 改写为 {now!r}（{where} 接受的写法）。",
                     f"{path} rewritten from {was!r} to {now!r} (as {where} spells it).",
                     path)  # fmt: skip
            self.moved.append(path)

    def moved_member(self, path: str, member: str, value: Value) -> None:
        where = f"TF Adapter {self.release.short}"
        self.say("info", f"{path} 已改写为 .{member} = {_shown(value)}（{where} 按{_ZH[member]}读取）。",
                 f"{path} moved to .{member} = {_shown(value)} ({where} reads {_EN[member]}).",
                 path)  # fmt: skip

    def unmoved(self, path: str, read: str, shown: str) -> None:
        where = f"TF Adapter {self.release.short}"
        self.say(
            "warning",
            f"{path}={shown}：{where} 按{_ZH[read]}读取它，该值无法静态转换，请手动改写。",
            f"{path}={shown}: {where} reads it as {_EN[read]}, and this value cannot be "
            "converted statically (a run-time value, or one with no such form); rewrite it by "
            "hand.",
            path,
        )
        self.unmovable.append(path)


_EN = {"s": "a string (.s)", "i": "an int (.i)", "b": "a bool (.b)", "f": "a float (.f)"}
_ZH = {"s": "字符串（.s）", "i": "整数（.i）", "b": "布尔值（.b）", "f": "浮点数（.f）"}


def _shown(value: Value) -> str:
    return value.expr if isinstance(value, Expr) else repr(value)


def migrate_python(
    text: str,
    release: Release,
    config: int = 1,
    catalog: Catalog | None = None,
    source: str = "<script>",
) -> Migration:
    """``text`` with configuration ``config`` moved to ``release``."""
    catalog = catalog or shipped_catalog()
    imported = import_python(text, source, catalog)
    configs = imported.configs
    if not 1 <= config <= len(configs):
        english = "{source}: no configuration {config} (it has {count})"
        fields = {"source": source, "config": config, "count": len(configs)}
        raise NoSuchConfig(say(english, "en", **fields), say(english, "zh", **fields))
    chosen = configs[config - 1]
    sess = chosen.label.startswith("sess.run")
    plan = _Plan(chosen.profile.with_release(release.id), catalog, release)
    for extra in list(plan.profile.extra_kwargs):
        plan.retire(extra)
    lacking = key_lacking if sess else keyword_lacking
    for path in [p for p in plan.profile.values if lacking(p, catalog, release)]:
        plan.drop(path)
    if sess:
        plan.members()
    plan.spellings()
    plan.notes += _unread_keys(imported.report.items, catalog, release)
    result = apply_python(text, plan.profile, config, catalog, source)
    notes = (*plan.notes, *result.notes)
    return Migration(
        replace(result, notes=notes), release, tuple(plan.moved), tuple(plan.unmovable)
    )


def _unread_keys(
    items: Iterable[ReportItem], catalog: Catalog, release: Release
) -> list[ApplyNote]:
    """parameter_map keys the catalog has no entry for, which the import left out: when
    the target's C++ does not read them, say so (migrate edits only what it imported)."""
    out = []
    for item in items:
        if item.kind != "unknown_key" or not item.path:
            continue
        fact = catalog.history.key(item.path)
        if fact is None or (fact.read is not None and catalog.history.holds(fact.read, release.id)):
            continue
        target = f"; {fact.replaced_by} replaced it" if fact.replaced_by else ""
        out.append(
            note(
                "warning",
                f"parameter_map['{item.path}']：目标版本的 C++ 不读取它，请手动删除或改写。",
                f"parameter_map['{item.path}']: the target release's C++ does not read it{target}; "
                "remove or rewrite it by hand.",
                item.line,
                item.path,
            )
        )
    return out
