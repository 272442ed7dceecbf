"""Resolve every artifact's chain: each layer, the winner, the resulting path.

The result keeps the whole chain with provenance (what each layer holds, where
that came from, and whether it won, was shadowed, unset or ignored), so a view
is a thin model over it. Placeholders the context does not know stay visible.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal

from ascend_studio.paths._artifacts import (
    Artifact,
    ArtifactCatalog,
    LayerSpec,
    Variant,
    placeholders_in,
)
from ascend_studio.paths._artifacts_load import load_artifacts
from ascend_studio.paths._conditions import all_of, any_of
from ascend_studio.paths._env import Environment
from ascend_studio.paths._shelltext import expand_shell_text, looks_like_shell_text
from ascend_studio.profile import Expr, Profile, target_of
from ascend_studio.schema import Catalog, Text, scope_gate, shipped_catalog

#: The parameter that names the device whose per-device folders are resolved.
DEVICE_PARAM = "session_device_id"

__all__ = [
    "DEVICE_PARAM",
    "Context",
    "Layer",
    "LayerKind",
    "LayerState",
    "Resolution",
    "VariantResolution",
    "directory_map",
    "resolve",
    "shell_value",
]

LayerKind = Literal["parameter", "env", "default"]
LayerState = Literal["winner", "shadowed", "unset", "ignored"]
_PLACEHOLDER = re.compile(r"\$\{([a-z_]+)\}")
_SLASHES = re.compile(r"/{2,}")
_UNKNOWN = {"cwd": ".", "home": "$HOME"}

PARAMETER_ORIGIN = "profile parameter"
DEFAULT_ORIGIN = "built-in default"


@dataclass(frozen=True, slots=True)
class Context:
    """What is known about the process; anything ``None`` stays a placeholder."""

    cwd: str | None = None
    home: str | None = None
    pid: str | int | None = None
    device_id: str | int | None = None
    session_id: str | int | None = None

    def complete(self, profile: Profile, env: Environment) -> Context:
        """Fill home and device id from the profile and environment when not given.

        The device follows the runtime's order: session_device_id, then
        ASCEND_DEVICE_ID, then DEVICE_ID.
        """
        home = self.home if self.home is not None else (env.value("HOME") or None)
        device = self.device_id
        if device is None:
            chosen = profile.get(DEVICE_PARAM)
            if isinstance(chosen, int) and not isinstance(chosen, bool):
                device = chosen
            else:
                device = env.value("ASCEND_DEVICE_ID") or env.value("DEVICE_ID") or None
        return replace(self, home=home, device_id=device)

    def lookup(self, name: str) -> str | None:
        value = getattr(self, name, None)
        return None if value is None else str(value)


@dataclass(frozen=True, slots=True)
class Layer:
    """One resolved step of a chain."""

    kind: LayerKind
    #: Parameter path, environment variable name, or ``default``.
    name: str
    #: The value as set (JSON text, expression source...), ``None`` when unset.
    raw: str | None
    #: ``profile parameter``, ``env script x.sh``, ``built-in default``...; None if unset.
    origin: str | None
    #: What this layer would make the path; ``None`` when it contributes nothing.
    path: str | None
    state: LayerState
    note: Text | None = None


@dataclass(frozen=True, slots=True)
class VariantResolution:
    """One reading of the chain (sources disagree), fully resolved."""

    id: str
    label: Text
    default: bool
    layers: tuple[Layer, ...]
    winner: int | None
    path: str | None


@dataclass(frozen=True, slots=True)
class Resolution:
    """Where one artifact lands under a profile, and why."""

    artifact: Artifact
    #: Id of the variant shown (the default one).
    variant: str
    layers: tuple[Layer, ...]
    winner: int | None
    #: Placeholders filled or kept visible; ``None`` when no layer gives a path.
    path: str | None
    produced: bool
    #: Why it is not produced (or why that is uncertain); ``None`` otherwise.
    reason: Text | None
    #: Every reading when the sources disagree (the default first); else empty.
    variants: tuple[VariantResolution, ...] = ()

    @property
    def id(self) -> str:
        return self.artifact.id

    @property
    def winning_layer(self) -> Layer | None:
        return None if self.winner is None else self.layers[self.winner]

    @property
    def unresolved(self) -> tuple[str, ...]:
        """Placeholders still visible in the path, e.g. ``("pid",)``."""
        return tuple(sorted(placeholders_in(self.path or "")))


# -- rendering --------------------------------------------------------------------


def _tidy(path: str) -> str:
    path = _SLASHES.sub("/", path)
    return path.rstrip("/") if len(path) > 1 else path


def _fill(pattern: str, ctx: Context) -> str:
    def sub(match: re.Match[str]) -> str:
        name = match.group(1)
        known = (
            ctx.lookup(name) if name in ("cwd", "home", "pid", "device_id", "session_id") else None
        )
        return known if known is not None else _UNKNOWN.get(name, match.group(0))

    return _PLACEHOLDER.sub(sub, pattern)


def _absolute(value: str, ctx: Context) -> str:
    """Join a relative value to the known working directory (runtime semantics)."""
    if ctx.cwd is None or value.startswith(("/", "$", "~")):
        return value
    rest = value[2:] if value.startswith("./") else ("" if value == "." else value)
    return posixpath.join(ctx.cwd, rest) if rest else ctx.cwd


def _render(pattern: str, value: str | None, ctx: Context) -> str:
    filled = _fill(pattern, ctx)
    if value is not None:
        filled = filled.replace("{value}", value)
    return _tidy(filled)


# -- one layer --------------------------------------------------------------------

_EMPTY = Text(zh="值为空，按未设置处理。", en="Empty value, treated as unset.")


def _extract(raw: str, key: str) -> tuple[str | None, Text | None]:
    try:
        data = json.loads(raw)
    except ValueError:
        return None, Text(
            zh="不是合法的 JSON，读不出路径。", en="Not valid JSON; no path can be read."
        )
    found = data.get(key) if isinstance(data, dict) else None
    if not isinstance(found, str) or not found:
        return None, Text(zh=f"JSON 中没有 “{key}” 字段。", en=f"The JSON has no “{key}” field.")
    return found, None


@dataclass(frozen=True, slots=True)
class _Found:
    raw: str | None
    origin: str | None
    value: str | None  # what goes into {value}; None: the layer is unset
    note: Text | None = None
    expr: bool = False  # a verbatim expression: shown, never parsed or joined


def _lookup_param(spec: LayerSpec, profile: Profile) -> _Found:
    if spec.external or not profile.is_set(spec.name):
        return _Found(None, None, None)
    value = profile.get(spec.name)
    if isinstance(value, Expr):
        note = Text(
            zh="Python 表达式，运行时才知道取值。",
            en="A Python expression; its value is known only at run time.",
        )
        return _Found(value.expr, PARAMETER_ORIGIN, f"<{value.expr}>", note, expr=True)
    raw = str(value)
    return _Found(raw, PARAMETER_ORIGIN, raw or None, None if raw else _EMPTY)


def _lookup_env(spec: LayerSpec, env: Environment) -> _Found:
    entry = env.get(spec.name)
    if entry is None:
        return _Found(None, None, None)
    if entry.value is None:
        label = entry.source.label
        note = Text(zh=f"已被{label.zh}取消设置。", en=f"Unset by the {label.en}.")
        return _Found(None, entry.origin, None, note)
    return _Found(entry.value, entry.origin, entry.value or None, None if entry.value else _EMPTY)


def _shell_value(value: str, env: Environment, ctx: Context, seen: frozenset[str]) -> str:
    """An env value as the job's shell would see it: ``"${ASCEND_WORK_PATH}/log"`` and
    ``$HOME/work`` are filled from the same environment and the context."""
    if not looks_like_shell_text(value):
        return value

    def lookup(name: str) -> str | None:
        if name == "HOME" and ctx.home is not None:
            return ctx.home
        found = env.value(name)
        if found is None or name in seen or len(seen) > 8:
            return None
        return _shell_value(found, env, ctx, seen | {name})

    expanded = expand_shell_text(value, lookup)
    return value if expanded is None else expanded


def shell_value(value: str, env: Environment, ctx: Context, name: str | None = None) -> str:
    """``value`` (shell text of variable ``name``) as the job's shell would see it, filled
    from ``env`` and ``ctx`` as :func:`resolve` does; unknown parts stay as written."""
    return _shell_value(value, env, ctx, frozenset({name} if name else ()))


def _layer(
    spec: LayerSpec, profile: Profile, env: Environment, ctx: Context, catalog: Catalog | None
) -> tuple[Layer, bool]:
    """The layer before ranking, and whether it can win."""
    if spec.kind == "default":
        path = None if spec.path is None else _render(spec.path, None, ctx)
        return Layer("default", "default", None, DEFAULT_ORIGIN, path, "unset", spec.note), True
    found = _lookup_param(spec, profile) if spec.kind == "parameter" else _lookup_env(spec, env)
    value, note = found.value, found.note
    if value is not None and spec.kind == "env" and not spec.json_key:
        value = _shell_value(value, env, ctx, frozenset({spec.name})) or None
    if value is not None and spec.json_key and not found.expr:
        value, note = _extract(value, spec.json_key)
    if value is None:
        return Layer(spec.kind, spec.name, found.raw, found.origin, None, "unset", note), False
    if not found.expr:
        value = _absolute(value.rstrip("/") or "/", ctx)
    path = _render(spec.path or "{value}", value, ctx)
    if spec.when and all_of(spec.when, profile, env, catalog) is False:
        return Layer(
            spec.kind, spec.name, found.raw, found.origin, path, "ignored", spec.note
        ), False
    return Layer(spec.kind, spec.name, found.raw, found.origin, path, "unset", note), True


def _chain(
    variant: Variant, profile: Profile, env: Environment, ctx: Context, catalog: Catalog | None
) -> VariantResolution:
    raw = [_layer(spec, profile, env, ctx, catalog) for spec in variant.layers]
    winner = next((i for i, (_, can_win) in enumerate(raw) if can_win), None)
    layers: list[Layer] = []
    for index, (layer, can_win) in enumerate(raw):
        if index == winner:
            layers.append(replace(layer, state="winner"))
        else:
            layers.append(replace(layer, state="shadowed") if can_win else layer)
    path = None if winner is None else layers[winner].path
    return VariantResolution(
        variant.id, variant.label, variant.default, tuple(layers), winner, path
    )


# -- whole artifacts --------------------------------------------------------------


def _run_time_reason(art: Artifact, profile: Profile) -> Text:
    """Whether it is produced is known at run time: the expressions it depends on."""
    names = [
        c.param
        for alt in art.when
        for c in alt.all
        if c.param is not None and isinstance(profile.get(c.param), Expr)
    ]
    shown = ", ".join(dict.fromkeys(f"{n}={profile.get(n).expr}" for n in names))  # type: ignore[union-attr]
    if not shown:
        return Text(
            zh="是否生成运行时才知道：取决于只有脚本运行时才知道的表达式取值。",
            en="Known at run time: it depends on an expression only the running script knows.",
        )
    return Text(
        zh=f"是否生成运行时才知道：取决于 {shown}。",
        en=f"Known at run time: whether it is produced depends on {shown}.",
    )


_SURFACE_REASON = {
    "tf1": Text(
        zh="只有 TF Adapter 1.x（NPURunConfig / sess.run）写它；本配置用的是 TF Adapter 2.x。",
        en="Only TF Adapter 1.x (NPURunConfig, sess.run) writes it; this configuration uses "
        "TF Adapter 2.x.",
    ),
    "tf2": Text(
        zh="只有 TF Adapter 2.x（npu_device）写它；本配置用的是 TF Adapter 1.x。",
        en="Only TF Adapter 2.x (npu_device) writes it; this configuration uses TF Adapter 1.x.",
    ),
}
#: An artifact only NPUEstimator writes, under a configuration that does not use it.
_NOT_ESTIMATOR = {
    "sess": Text(
        zh="只有 NPUEstimator 写它（未设置 model_dir 时在当前目录新建 model_dir_<随机字符>）；"
        "本配置是 sess.run 的 parameter_map，检查点和摘要写到脚本自己指定的位置"
        "（tf.train.Saver.save、tf.summary.FileWriter）。",
        en="Only NPUEstimator writes it (a model_dir_<random> folder in the working directory "
        "when model_dir is not set); this configuration is a sess.run parameter_map, so "
        "checkpoints and summaries go where the script's own code puts them "
        "(tf.train.Saver.save, tf.summary.FileWriter).",
    ),
    "tf2": Text(
        zh="只有 TF Adapter 1.x 的 NPUEstimator 写它；本配置用的是 TF Adapter 2.x，检查点写到"
        "脚本自己指定的位置（tf.train.Checkpoint、Keras 的 ModelCheckpoint）。",
        en="Only TF Adapter 1.x's NPUEstimator writes it; this configuration uses TF Adapter "
        "2.x, so checkpoints go where the script's own code puts them (tf.train.Checkpoint, "
        "Keras ModelCheckpoint).",
    ),
}
_SCENARIO_REASON = {
    "training": Text(zh="仅用于训练场景。", en="Applies to training jobs only."),
    "inference": Text(zh="仅用于在线推理场景。", en="Applies to online inference only."),
}
#: Produced only in one scenario when the profile names none (graph_run_mode is known
#: only at run time, or the file sets only the environment).
_SCENARIO_UNNAMED = {
    "training": Text(
        zh="仅当作业为训练时产生（未指定场景）。",
        en="Produced only if the job trains (no scenario is named).",
    ),
    "inference": Text(
        zh="仅当作业为在线推理时产生（未指定场景）。",
        en="Produced only if the job runs online inference (no scenario is named).",
    ),
}


def _off_surface(art: Artifact, profile: Profile) -> Text | None:
    """Why the configuration's API does not write it, or None when it may."""
    if art.surface == "estimator":  # 1.x, and not a sess.run job
        return _NOT_ESTIMATOR.get(profile.surface or "estimator")
    if art.surface != "any" and (art.surface == "tf2") != (profile.surface == "tf2"):
        return _SURFACE_REASON[art.surface]
    return None


def _produced(
    art: Artifact, profile: Profile, env: Environment, catalog: Catalog | None
) -> tuple[bool, Text | None]:
    if art.scope == "other":
        return False, art.not_produced
    off_surface = _off_surface(art, profile)
    if off_surface is not None:
        return False, off_surface
    scenario = target_of(profile).scenario
    if scope_gate(None, art.scenario, None, scenario, unnamed_misses=True) is not None:
        return scenario is None, (_SCENARIO_UNNAMED if scenario is None else _SCENARIO_REASON)[
            art.scenario
        ]
    if not art.when:
        return True, None
    verdict = any_of(art.when, profile, env, catalog)
    if verdict is None:
        return True, _run_time_reason(art, profile)
    return verdict, None if verdict else art.not_produced


def _resolve_one(
    art: Artifact, profile: Profile, env: Environment, ctx: Context, catalog: Catalog | None
) -> Resolution:
    readings = [_chain(v, profile, env, ctx, catalog) for v in art.variants]
    readings.sort(key=lambda r: not r.default)
    shown = readings[0]
    produced, reason = _produced(art, profile, env, catalog)
    return Resolution(
        artifact=art,
        variant=shown.id,
        layers=shown.layers,
        winner=shown.winner,
        path=shown.path,
        produced=produced,
        reason=reason,
        variants=tuple(readings) if len(readings) > 1 else (),
    )


def resolve(
    profile: Profile,
    environment: Environment | None = None,
    context: Context | None = None,
    catalog: Catalog | None = None,
    artifacts: ArtifactCatalog | Iterable[Artifact] | None = None,
) -> list[Resolution]:
    """Resolve every artifact (or the given ones) under ``profile``.

    ``catalog`` supplies signature defaults for conditions (the shipped one by
    default); ``environment`` defaults to the profile's own ``env`` table.
    """
    env = environment if environment is not None else Environment.build(profile=profile)
    ctx = (context or Context()).complete(profile, env)
    cat = catalog if catalog is not None else shipped_catalog()
    if artifacts is None:
        artifacts = load_artifacts()
    chosen = artifacts.artifacts if isinstance(artifacts, ArtifactCatalog) else tuple(artifacts)
    return [_resolve_one(art, profile, env, ctx, cat) for art in chosen]


def directory_map(
    resolutions: Iterable[Resolution], *, include_unproduced: bool = False
) -> dict[str, tuple[Resolution, ...]]:
    """The reverse view: each directory, and the artifacts that land in it.

    A folder artifact lands at its own path; a file artifact in its parent.
    Artifacts without a path (no fallback) are left out.
    """
    found: dict[str, list[Resolution]] = {}
    for res in resolutions:
        if res.path is None or not (res.produced or include_unproduced):
            continue
        where = res.path
        if res.artifact.type == "file":
            where = posixpath.dirname(where) or "."
        found.setdefault(where, []).append(res)
    return {key: tuple(found[key]) for key in sorted(found)}
