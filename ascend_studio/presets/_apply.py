"""Apply a preset to a profile: one new profile, every change with the value it
replaces, every value of the user's it kept, and every entry skipped on this
target with the reason.

The merge policy: a preset fills in what the profile does not set and never
changes what the user set (a value, an unset, an environment variable, a file's
text): such an entry is kept and reported with the preset's value and reason,
unless ``replace`` is asked. A path that must exist on the server is never an
example path: it goes under the job's folder (``work_path``, else the profile's
``ASCEND_WORK_PATH``), or the entry is skipped saying how to give it. A preset
never leaves a rule error the profile did not have: an entry that would bring
one (``precision_mode_v2`` beside the user's kept ``precision_mode``) is skipped
with the error it would cause; so is an entry a new warning says is ignored or
not effective beside what the user kept.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import NamedTuple, cast

from ascend_studio._words import say
from ascend_studio.presets._model import (
    WORK_MARKER,
    Preset,
    PresetClear,
    PresetEnv,
    PresetFile,
    PresetSetting,
)
from ascend_studio.profile import Expr, Profile, Value, target_of
from ascend_studio.rules import Diagnostic, evaluate
from ascend_studio.schema import Catalog, Surface, Text, surface_of

__all__ = [
    "NOT_SET",
    "Change",
    "Kept",
    "PresetOutcome",
    "Skip",
    "apply_preset",
    "preset_side",
    "shown_value",
]

#: ``Change.old`` / ``Change.new`` for a parameter or variable that is not in the profile.
NOT_SET = object()
_UNSET = NOT_SET


@dataclass(frozen=True)
class Change:
    #: A parameter path, ``env:NAME`` or ``file:PATH``.
    path: str
    old: object  # a value, None for "unset", or the ``_UNSET`` marker when absent
    new: object
    why: Text

    @property
    def was_set(self) -> bool:
        return self.old is not _UNSET

    def shown(self, side: object, lang: str = "en") -> str:
        return shown_value(side, lang)


def shown_value(side: object, lang: str = "en") -> str:
    """A value as a user reads it: an expression as written, text quoted."""
    if side is _UNSET:
        return say("(not set)", lang)
    if side is None:
        return say("(unset)", lang)
    if isinstance(side, Expr):
        return side.expr
    return repr(side)


@dataclass(frozen=True)
class Kept:
    """A value the user set that the preset would change, kept (``replace`` changes it)."""

    path: str
    mine: object  # the user's value (None: unset)
    preset: object  # what the preset would set (``NOT_SET``: it would remove it)
    why: Text


def preset_side(kept: Kept) -> Text:
    """What the preset would have done to a value the user set, in words."""
    if kept.preset is _UNSET:
        return Text.of("预设会删除它", "the preset removes it")
    if kept.preset is None:
        return Text.of("预设会取消设置它", "the preset unsets it")
    shown = shown_value(kept.preset)
    return Text.of(f"预设取值为 {shown}", f"the preset sets {shown}")


@dataclass(frozen=True)
class Skip:
    path: str
    reason: Text


@dataclass(frozen=True)
class PresetOutcome:
    preset: Preset
    profile: Profile
    changes: tuple[Change, ...]
    skipped: tuple[Skip, ...]
    #: The target is not one of the products the preset is written for.
    off_target: bool = False
    kept: tuple[Kept, ...] = ()


def _scope_skip(
    item: PresetSetting | PresetEnv | PresetClear,
    what: str,
    product: str | None,
    scenario: str | None,
    catalog: Catalog,
) -> Skip | None:
    """``product``/``scenario`` None: the profile names none (an item for some only is
    not set: which one the job runs on is not known)."""
    gate = item.why_not(product, scenario, unnamed_misses=True)
    if gate == "product":
        names = _names(catalog, item.products or ())
        zh, en = f"本预设只在 {names.zh} 上设置它", f"this preset sets it only on {names.en}"
        return Skip(what, _unnamed_said(Text.of(zh, en), product is None, "product"))
    if gate == "scenario":
        return _only_for(
            what, "本预设中它", "in this preset it", item.scenario, catalog=catalog, target=scenario
        )
    return None


def _names(catalog: Catalog, products: tuple[str, ...]) -> Text:
    return Text.of(
        "、".join(catalog.product(p).short.zh for p in products),
        ", ".join(catalog.product(p).short.en for p in products),
    )


_UNNAMED: dict[str, Text] = {
    "product": Text.of(
        "；配置未指定产品（指定产品后才会设置）。",
        "; the profile names no product (name one to set it).",
    ),
    "scenario": Text.of(
        "；配置未指定场景（指定场景后才会设置）。",
        "; the profile names no scenario (name one to set it).",
    ),
}


def _unnamed_said(reason: Text, unnamed: bool, axis: str) -> Text:
    if not unnamed:
        return Text.of(reason.zh + "。", reason.en + ".")
    return Text.of(reason.zh + _UNNAMED[axis].zh, reason.en + _UNNAMED[axis].en)


def _only_for(
    path: str, what_zh: str, what_en: str, scenario: str, *, catalog: Catalog, target: str | None
) -> Skip:
    """For ``scenario`` only; ``target`` None: the profile names no scenario."""
    words = catalog.scenario_words(scenario)
    reason = Text.of(f"{what_zh}只用于{words.zh}场景", f"{what_en} is for {words.en} only")
    return Skip(path, _unnamed_said(reason, target is None, "scenario"))


def _release_skip(
    item: PresetSetting, release: str | None, catalog: Catalog, surface: Surface
) -> Skip | None:
    """What the target TF Adapter release lacks: the parameter (its keyword, or the key
    its C++ reads), or (its adapter checks the list) the value. A preset never proposes
    either there."""
    if release is None:
        return None
    history = catalog.history
    try:
        target = history.resolve(release)
    except ValueError:
        return None
    span = history.param_span(catalog.param(item.path), surface)
    label = f"TF Adapter {target.short} ({target.month})"
    if span is not None and not history.holds(span, target.id):
        where = history.where(span)
        return Skip(
            item.path,
            Text.of(
                f"{label} 没有该参数（{where.zh}）。", f"{label} does not have it ({where.en})."
            ),
        )
    if history.value_allowed(item.path, item.value, target.id) is False:
        return Skip(
            item.path,
            Text.of(
                f"{label} 不接受取值 {item.value!r}。", f"{label} rejects the value {item.value!r}."
            ),
        )
    return None


def _catalog_skip(
    item: PresetSetting, product: str | None, scenario: str | None, catalog: Catalog
) -> Skip | None:
    """What the catalog says about this parameter (and value) on the target."""
    param = catalog.param(item.path)
    gate = param.why_not(product, scenario, unnamed_misses=True)
    if gate == "product":
        note = param.availability_note
        extra_zh = f"（{note.zh.rstrip('。')}）" if note else ""
        extra_en = f" ({note.en.rstrip('.')})" if note else ""
        if product is None:
            names = _names(catalog, param.products or ())
            zh, en = f"只有 {names.zh} 支持该参数", f"available only on {names.en}"
            return Skip(item.path, _unnamed_said(Text.of(zh, en), True, "product"))
        name = catalog.product(product).short
        zh, en = f"{name.zh} 不支持该参数{extra_zh}。", f"not available on {name.en}{extra_en}."
        return Skip(item.path, Text.of(zh, en))
    if gate == "scenario":
        return _only_for(
            item.path, "该参数", "the parameter", param.scenario, catalog=catalog, target=scenario
        )
    return _value_skip(item, product, scenario, catalog)


def _value_skip(
    item: PresetSetting, product: str | None, scenario: str | None, catalog: Catalog
) -> Skip | None:
    entry = catalog.param(item.path).value_info(item.value)
    if entry is None:
        return None
    gate = entry.why_not(product, scenario, unnamed_misses=True)
    if gate == "product" or not entry.supported:
        if product is None and entry.supported and entry.products is not None:
            names = _names(catalog, entry.products)
            zh = f"只有 {names.zh} 支持取值 {item.value!r}"
            en = f"the value {item.value!r} is available only on {names.en}"
            return Skip(item.path, _unnamed_said(Text.of(zh, en), True, "product"))
        name = catalog.product(product).short if product is not None else None
        zh = f"{name.zh if name else ''} 不支持取值 {item.value!r}。".lstrip()
        en = f"the value {item.value!r} is not available" + (f" on {name.en}." if name else ".")
        return Skip(item.path, Text.of(zh, en))
    if gate == "scenario":
        what = f"the value {item.value!r}"
        return _only_for(
            item.path,
            f"取值 {item.value!r} ",
            what,
            entry.scenario,
            catalog=catalog,
            target=scenario,
        )
    return None


_NO_FOLDER = Text.of(
    "需要服务器上已存在的目录：给出作业目录（应用中的“作业目录”，命令行的 --work-path），"
    "或在配置中设置 ASCEND_WORK_PATH；未设置（不使用示例路径）。",
    "needs a folder that exists on the server: give the job's folder (Job folder in the app, "
    "--work-path on the command line), or set ASCEND_WORK_PATH in the profile; not set (no "
    "example path is used).",
)


def _work_folder(profile: Profile, given: str | None) -> str | None:
    if given:
        return given.rstrip("/") or "/"
    work = profile.env.get("ASCEND_WORK_PATH")
    if work and "ASCEND_WORK_PATH" not in profile.env_verbatim:
        return work.rstrip("/") or "/"
    return None


class _Applier:
    def __init__(
        self,
        profile: Profile,
        catalog: Catalog,
        replace: bool,
        work_path: str | None,
        held: dict[str, Text],
    ) -> None:
        self.profile = profile
        self.catalog = catalog
        self.replace = replace
        self.work = _work_folder(profile, work_path)
        #: Entries left out because they would bring a rule error, with the error.
        self.held = held
        self.changes: list[Change] = []
        self.skipped: list[Skip] = []
        self.kept: list[Kept] = []

    def _skip(self, item: PresetSetting | PresetEnv | PresetClear, what: str) -> bool:
        target = target_of(self.profile)
        p, s = target.product, target.scenario
        skip = _scope_skip(item, what, p, s, self.catalog)
        if skip is None and what in self.held:  # (said for a clear too: it is the preset's)
            self.skipped.append(Skip(what, self.held[what]))
            return True
        if skip is None and isinstance(item, PresetSetting):
            skip = self._lacking(item) or _catalog_skip(item, p, s, self.catalog)
        if skip is not None and not isinstance(item, PresetClear):
            self.skipped.append(skip)
        return skip is not None

    def _lacking(self, item: PresetSetting) -> Skip | None:
        surface = surface_of(self.profile.surface)
        return _release_skip(item, self.profile.release, self.catalog, surface)

    def _value(self, given: Value, under: str | None, what: str) -> object:
        """The value to set, or ``_UNSET`` when the job's folder is not known (skipped)."""
        templated = isinstance(given, str) and WORK_MARKER in given
        if under is None and not templated:
            return given
        if self.work is None:
            self.skipped.append(Skip(what, _NO_FOLDER))
            return _UNSET
        if under is not None:
            return f"{self.work}/{under}"
        assert isinstance(given, str)
        return given.replace(WORK_MARKER, json.dumps(self.work)[1:-1])  # inside a JSON string

    def _mine(self, what: str, old: object, new: object, why: Text) -> bool:
        """True when ``old`` is the user's and must stay (it is reported as kept)."""
        if old is _UNSET or self.replace:
            return False
        self.kept.append(Kept(what, old, new, why))
        return True

    def setting(self, item: PresetSetting) -> None:
        if self._skip(item, item.path):
            return
        value = self._value(item.value, item.under_work_path, item.path)
        old = self.profile.values.get(item.path, _UNSET)
        if value is _UNSET or (type(old) is type(value) and old == value):
            return
        if not self._mine(item.path, old, value, item.why):
            self.changes.append(Change(item.path, old, value, item.why))
            self.profile = self.profile.with_value(item.path, cast("Value", value))

    def clear(self, item: PresetClear) -> None:
        if item.path not in self.profile.values or self._skip(item, item.path):
            return
        old = self.profile.values[item.path]
        if not self._mine(item.path, old, _UNSET, item.why):
            self.changes.append(Change(item.path, old, _UNSET, item.why))
            self.profile = self.profile.without_value(item.path)

    def env(self, item: PresetEnv) -> None:
        what = f"env:{item.name}"
        if self._skip(item, what):
            return
        value = self._value(item.value, item.under_work_path, what)
        old = self.profile.env.get(item.name, _UNSET)
        if value is _UNSET or (old == value and item.name in self.profile.env):
            return
        if not self._mine(what, old, value, item.why):
            self.changes.append(Change(what, old, value, item.why))
            self.profile = self.profile.with_env(item.name, cast("str | None", value))

    def file(self, item: PresetFile) -> None:
        what = f"file:{item.path}"
        if what in self.held:
            self.skipped.append(Skip(what, self.held[what]))
            return
        old = self.profile.file_contents.get(item.path, _UNSET)
        if old == item.text or self._mine(what, old, item.text, item.why):
            return
        self.changes.append(Change(what, old, item.text, item.why))
        contents = {**self.profile.file_contents, item.path: item.text}
        self.profile = self.profile.model_copy(update={"file_contents": contents})


class _Lacking(NamedTuple):
    skipped: tuple[Skip, ...]
    kept: tuple[Kept, ...]


def _release_lacks_all(
    preset: Preset, profile: Profile, catalog: Catalog, replace: bool, work_path: str | None
) -> _Lacking | None:
    """When the target release has nothing the preset sets, the preset clears nothing
    either: what it would have said about its settings, else None."""
    settings = preset.settings
    surface = surface_of(profile.surface)
    if not settings or any(
        _release_skip(s, profile.release, catalog, surface) is None for s in settings
    ):
        return None
    applier = _Applier(profile, catalog, replace, work_path, {})
    for setting in settings:
        applier.setting(setting)
    return _Lacking(tuple(applier.skipped), tuple(applier.kept))


def apply_preset(
    preset: Preset,
    profile: Profile,
    catalog: Catalog,
    *,
    replace: bool = False,
    work_path: str | None = None,
) -> PresetOutcome:
    """``profile`` with what ``preset`` sets on its product and scenario.

    What the user set is kept (and reported) unless ``replace``; paths that must
    exist on the server go under ``work_path`` (else the profile's ASCEND_WORK_PATH).
    An entry that would leave a rule error the profile did not have (or a warning
    about that entry) is skipped, with that finding as the reason.
    """
    target = target_of(profile)
    off = (target.product is not None and target.product not in preset.products) or (
        target.scenario is not None and target.scenario not in preset.scenarios
    )
    lacking = _release_lacks_all(preset, profile, catalog, replace, work_path)
    if lacking is not None:
        return PresetOutcome(preset, profile, (), lacking.skipped, off, lacking.kept)
    merge = _Merge(preset, profile, catalog, replace, work_path)
    held: dict[str, Text] = {}
    while True:
        applier, new = merge.attempt(held)
        holds = merge.holds(new, applier, held)
        if not holds:
            break
        held.update(holds)
    return PresetOutcome(
        preset,
        applier.profile,
        tuple(applier.changes),
        tuple(applier.skipped),
        off,
        tuple(applier.kept),
    )


def _key(d: Diagnostic) -> tuple[str, tuple[str, ...]]:
    return d.rule_id, d.params


class _Merge:
    """One preset applied to one profile, again with entries held back until no
    entry brings a finding the profile did not have."""

    def __init__(
        self,
        preset: Preset,
        profile: Profile,
        catalog: Catalog,
        replace: bool,
        work_path: str | None,
    ) -> None:
        self.preset, self.profile, self.catalog = preset, profile, catalog
        self.replace, self.work_path = replace, work_path
        found = evaluate(profile, catalog)
        self.before = {_key(d) for d in found if d.severity != "info"}

    def attempt(self, held: dict[str, Text]) -> tuple[_Applier, list[Diagnostic]]:
        """The preset applied but ``held``; the new errors and warnings it leaves."""
        applier = _Applier(self.profile, self.catalog, self.replace, self.work_path, held)
        for setting in self.preset.settings:
            applier.setting(setting)
        for gone in self.preset.clear:
            applier.clear(gone)
        for env in self.preset.env:
            applier.env(env)
        for file in self.preset.files:
            applier.file(file)
        found = evaluate(applier.profile, self.catalog)
        new = [d for d in found if d.severity != "info" and _key(d) not in self.before]
        return applier, new

    def holds(
        self, new: list[Diagnostic], applier: _Applier, held: dict[str, Text]
    ) -> dict[str, Text]:
        """The changes to hold back, each with the finding it brings (``_culprits``)."""
        holds: dict[str, Text] = {}
        for d in new:
            culprits = self._culprits(d, applier, held)
            others = [p for p in d.params if p not in culprits]
            for path in culprits:
                holds.setdefault(path, _brings(d, others, applier.profile))
        return holds

    def _culprits(self, d: Diagnostic, applier: _Applier, held: dict[str, Text]) -> list[str]:
        """The changes ``d`` is about that bring it on their own, else all of those;
        for an error about none of them, every change (a warning about none of them,
        a setting of the preset ignored beside the user's, is not the preset's)."""
        involved = [c.path for c in applier.changes if c.path in d.params]
        if not involved:
            return [c.path for c in applier.changes] if d.severity == "error" else []
        if len(involved) == 1:
            return involved
        alone = [
            path
            for path in involved
            if _key(d) not in {_key(x) for x in self.attempt({**held, path: _NO_REASON})[1]}
        ]
        return alone or involved


_NO_REASON = Text.of("", "")


def _brings(d: Diagnostic, others: list[str], profile: Profile) -> Text:
    """Why an entry is left out: the error it would bring, beside which settings."""
    values = [(p, _setting(profile, p)) for p in others]
    beside = [f"{p} = {shown_value(v)}" for p, v in values if v is not _UNSET][:3]
    zh_with = f"与 {'、'.join(beside)} 一起，" if beside else ""
    en_with = f" together with {', '.join(beside)}," if beside else ""
    kind_zh = "错误" if d.severity == "error" else "警告"
    return Text.of(
        f"未设置：{zh_with}它会带来{kind_zh} {d.rule_id}（{d.message.zh.rstrip('。')}）。",
        f"not set:{en_with} it would bring the {d.severity} {d.rule_id} "
        f"({d.message.en.rstrip('.')}).",
    )


def _setting(profile: Profile, path: str) -> object:
    if path.startswith("env:"):
        return profile.env.get(path[4:], _UNSET)
    return profile.values.get(path, _UNSET)
