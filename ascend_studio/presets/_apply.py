"""Apply a preset to a profile: one new profile, every change with the value it
replaces, every value of the user's it kept, and every entry skipped on this
target with the reason.

The merge policy: a preset fills in what the profile does not set and never
changes what the user set (a value, an unset, an environment variable, a file's
text): such an entry is kept and reported with the preset's value and reason,
unless ``replace`` is asked. A path that must exist on the server is never an
example path: it goes under the job's folder (``work_path``, else the profile's
``ASCEND_WORK_PATH``), or the entry is skipped saying how to give it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import cast

from ascend_studio.presets._model import (
    WORK_MARKER,
    Preset,
    PresetClear,
    PresetEnv,
    PresetFile,
    PresetSetting,
)
from ascend_studio.profile import Expr, Profile, Value
from ascend_studio.schema import Catalog, Surface, Text, surface_of

__all__ = ["NOT_SET", "Change", "Kept", "PresetOutcome", "Skip", "apply_preset", "shown_value"]

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

    def shown(self, side: object) -> str:
        return shown_value(side)


def shown_value(side: object) -> str:
    """A value as a user reads it: an expression as written, text quoted."""
    if side is _UNSET:
        return "(not set)"
    if side is None:
        return "(unset)"
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
    product: str,
    scenario: str,
    catalog: Catalog,
) -> Skip | None:
    gate = item.why_not(product, scenario)
    if gate == "product":
        names = "、".join(catalog.product(p).short.zh for p in item.products or ())
        names_en = ", ".join(catalog.product(p).short.en for p in item.products or ())
        return Skip(
            what,
            Text.of(f"本预设只在 {names} 上设置它。", f"this preset sets it only on {names_en}."),
        )
    if gate == "scenario":
        return _only_for(what, "本预设中它", "in this preset it", item.scenario, catalog)
    return None


def _only_for(path: str, what_zh: str, what_en: str, scenario: str, catalog: Catalog) -> Skip:
    words = catalog.scenario_words(scenario)
    return Skip(
        path, Text.of(f"{what_zh}只用于{words.zh}场景。", f"{what_en} is for {words.en} only.")
    )


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
    item: PresetSetting, product: str, scenario: str, catalog: Catalog
) -> Skip | None:
    """What the catalog says about this parameter (and value) on the target."""
    param = catalog.param(item.path)
    name = catalog.product(product).short
    gate = param.why_not(product, scenario)
    if gate == "product":
        note = param.availability_note
        extra_zh = f"（{note.zh.rstrip('。')}）" if note else ""
        extra_en = f" ({note.en.rstrip('.')})" if note else ""
        zh, en = f"{name.zh} 不支持该参数{extra_zh}。", f"not available on {name.en}{extra_en}."
        return Skip(item.path, Text.of(zh, en))
    if gate == "scenario":
        return _only_for(item.path, "该参数", "the parameter", param.scenario, catalog)
    return _value_skip(item, product, scenario, catalog)


def _value_skip(item: PresetSetting, product: str, scenario: str, catalog: Catalog) -> Skip | None:
    entry = catalog.param(item.path).value_info(item.value)
    gate = None if entry is None else entry.why_not(product, scenario)
    if entry is not None and (gate == "product" or not entry.supported):
        name = catalog.product(product).short
        zh = f"{name.zh} 不支持取值 {item.value!r}。"
        en = f"the value {item.value!r} is not available on {name.en}."
        return Skip(item.path, Text.of(zh, en))
    if entry is not None and gate == "scenario":
        what = f"the value {item.value!r}"
        return _only_for(item.path, f"取值 {item.value!r} ", what, entry.scenario, catalog)
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
        self, profile: Profile, catalog: Catalog, replace: bool, work_path: str | None
    ) -> None:
        self.profile = profile
        self.catalog = catalog
        self.replace = replace
        self.work = _work_folder(profile, work_path)
        self.changes: list[Change] = []
        self.skipped: list[Skip] = []
        self.kept: list[Kept] = []

    def _skip(self, item: PresetSetting | PresetEnv | PresetClear, what: str) -> bool:
        p, s = self.profile.product, self.profile.scenario
        skip = _scope_skip(item, what, p, s, self.catalog)
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
        old = self.profile.file_contents.get(item.path, _UNSET)
        if old == item.text or self._mine(what, old, item.text, item.why):
            return
        self.changes.append(Change(what, old, item.text, item.why))
        contents = {**self.profile.file_contents, item.path: item.text}
        self.profile = self.profile.model_copy(update={"file_contents": contents})


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
    """
    applier = _Applier(profile, catalog, replace, work_path)
    off = profile.product not in preset.products or profile.scenario not in preset.scenarios
    for setting in preset.settings:
        applier.setting(setting)
    lacking = [s for s in preset.settings if applier._lacking(s) is not None]
    if preset.settings and len(lacking) == len(preset.settings):
        # nothing the preset sets exists on the target release: it clears nothing either
        return PresetOutcome(preset, profile, (), tuple(applier.skipped), off, tuple(applier.kept))
    for gone in preset.clear:
        applier.clear(gone)
    for env in preset.env:
        applier.env(env)
    for file in preset.files:
        applier.file(file)
    return PresetOutcome(
        preset,
        applier.profile,
        tuple(applier.changes),
        tuple(applier.skipped),
        off,
        tuple(applier.kept),
    )
