"""Render resolutions: the stable JSON document and the plain-text chain view.

The JSON layout is documented in ``docs/paths-json.md``; a golden test pins it.
Change it only by bumping :data:`PATHS_JSON_VERSION`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

from ascend_studio._words import origin_text, say
from ascend_studio.paths._env import Environment
from ascend_studio.paths._resolve import (
    Context,
    Layer,
    Resolution,
    VariantResolution,
    directory_map,
)
from ascend_studio.profile import Profile, target_of
from ascend_studio.schema import Text

__all__ = ["PATHS_JSON_FORMAT", "PATHS_JSON_VERSION", "paths_document", "render_text"]

PATHS_JSON_FORMAT = "ascend-studio-paths"
PATHS_JSON_VERSION = 1


def _text(value: Text | None) -> dict[str, str] | None:
    return None if value is None else {"zh": value.zh, "en": value.en}


def _layer(layer: Layer) -> dict[str, Any]:
    return {
        "kind": layer.kind,
        "name": layer.name,
        "raw": layer.raw,
        "origin": layer.origin,
        "path": layer.path,
        "state": layer.state,
        "note": _text(layer.note),
    }


def _variant(reading: VariantResolution) -> dict[str, Any]:
    return {
        "id": reading.id,
        "label": _text(reading.label),
        "default": reading.default,
        "path": reading.path,
        "winner": reading.winner,
        "layers": [_layer(layer) for layer in reading.layers],
    }


def _artifact(res: Resolution) -> dict[str, Any]:
    art = res.artifact
    return {
        "id": art.id,
        "type": art.type,
        "scope": art.scope,
        "name": _text(art.name),
        "produced": res.produced,
        "reason": _text(res.reason),
        "path": res.path,
        "below": art.below or None,
        "unresolved": list(res.unresolved),
        "variant": res.variant,
        "winner": res.winner,
        "layers": [_layer(layer) for layer in res.layers],
        "variants": [_variant(v) for v in res.variants],
    }


def _environment(env: Environment, resolutions: Sequence[Resolution]) -> list[dict[str, Any]]:
    """Only the variables some chain consults, so the document stays small and stable."""
    names = sorted(
        {
            spec.name
            for r in resolutions
            for v in r.artifact.variants
            for spec in v.layers
            if spec.kind == "env"
        }
        | {c.env for r in resolutions for c in r.artifact.conditions() if c.env}
    )
    found = []
    for name in names:
        entry = env.get(name)
        if entry is not None:
            found.append({"name": name, "value": entry.value, "origin": entry.origin})
    return found


def paths_document(
    profile: Profile,
    environment: Environment,
    context: Context,
    resolutions: Sequence[Resolution],
) -> dict[str, Any]:
    """The ``paths --json`` document (version :data:`PATHS_JSON_VERSION`)."""
    ctx = context.complete(profile, environment)
    return {
        "format": PATHS_JSON_FORMAT,
        "version": PATHS_JSON_VERSION,
        "product": profile.product,
        "scenario": target_of(profile).scenario,
        "context": {
            name: ctx.lookup(name) for name in ("cwd", "home", "pid", "device_id", "session_id")
        },
        "environment": _environment(environment, resolutions),
        "artifacts": [_artifact(r) for r in resolutions],
        "directories": [
            {"path": where, "artifacts": [r.id for r in found]}
            for where, found in directory_map(resolutions).items()
        ],
    }


# -- text -------------------------------------------------------------------------

_MARK = {"winner": "*", "shadowed": " ", "unset": " ", "ignored": " "}


def _pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal columns (a Han character takes two)."""
    columns = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(width - columns, 0)


def _origin(origin: str, lang: str) -> str:
    """A layer's origin (stable English, as in the JSON) in ``lang``."""
    return origin_text(origin, lang)


def _brackets(text: str, lang: str) -> str:
    return f"（{text}）" if lang == "zh" else f"({text})"


def _layer_rows(layers: Sequence[Layer], lang: str) -> list[str]:
    rows = []
    for layer in layers:
        name = "" if layer.kind == "default" else layer.name
        unset = layer.raw is None and layer.kind != "default"
        value = say("(unset)", lang) if unset else (layer.raw or "")
        arrow = f"-> {layer.path}" if layer.path is not None else ""
        state = f"[{say(layer.state, lang)}]" if layer.state in ("shadowed", "ignored") else ""
        origin = _brackets(_origin(layer.origin, lang), lang) if layer.origin else ""
        kind = say(layer.kind, lang)
        parts = [f"  {_MARK[layer.state]} {_pad(kind, 9)} {name:<36}", value, origin, arrow, state]
        line = " ".join(p for p in parts if p).rstrip()
        if layer.note is not None:
            line += f"\n{'':16}{layer.note.get(lang)}"
        rows.append(line)
    return rows


def _render_one(res: Resolution, lang: str) -> list[str]:
    art = res.artifact
    lines = [f"{art.id}  {art.name.get(lang)}"]
    where = res.path if res.path is not None else say("(none)", lang)
    lines.append(f"  {say('path', lang)}: {where}")
    if not res.produced and res.reason is not None:
        lines.append(f"  {say('not produced', lang)}: {res.reason.get(lang)}")
    elif res.reason is not None:
        lines.append(f"  {say('note', lang)}: {res.reason.get(lang)}")
    for label, text in (("when", art.condition_note), ("caveat", art.note)):
        if text is not None:
            lines.append(f"  {say(label, lang)}: {text.get(lang)}")
    lines += _layer_rows(res.layers, lang)
    for reading in res.variants:
        if not reading.default:
            other = reading.path if reading.path is not None else say("(none)", lang)
            lines.append(f"  {say('other reading', lang)} [{reading.id}]: {other}")
            lines.append(f"    {reading.label.get(lang)}")
    return lines


def render_text(
    resolutions: Sequence[Resolution], lang: str = "en", *, by_dir: bool = False
) -> str:
    """Each chain with the winner starred, in the spirit of ``git config --show-origin``."""
    if by_dir:
        out = []
        for where, found in directory_map(resolutions).items():
            out.append(where)
            out += [f"  {r.id}  {r.artifact.name.get(lang)}" for r in found]
        return "\n".join(out) + ("\n" if out else "")
    blocks = ["\n".join(_render_one(r, lang)) for r in resolutions]
    return "\n\n".join(blocks) + ("\n" if blocks else "")
