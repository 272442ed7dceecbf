"""How the inspector names layers, origins and states, in the UI language.

The path engine labels origins with stable English strings (also used in its
JSON); they are mapped here to chrome strings so both languages read naturally.
"""

from __future__ import annotations

from ascend_studio.paths import Layer
from ascend_studio.ui._i18n import tr

__all__ = ["layer_label", "layer_value", "origin_text", "state_text"]

_SCRIPT_PREFIX = "env script "


def layer_label(layer: Layer) -> str:
    """``debug_dir``, ``$ASCEND_WORK_PATH`` or the word for the built-in default."""
    if layer.kind == "env":
        return f"${layer.name}"
    if layer.kind == "default":
        return tr("default")
    return layer.name


def layer_value(layer: Layer) -> str:
    """What the layer holds: its value, the path a default gives, or "unset"."""
    if layer.kind == "default":
        return layer.path if layer.path is not None else tr("no fallback")
    if layer.raw is None:
        return tr("unset")
    return layer.raw


def origin_text(origin: str | None) -> str:
    if origin is None:
        return ""
    if origin.startswith(_SCRIPT_PREFIX):
        return tr("env script {name}").format(name=origin[len(_SCRIPT_PREFIX) :])
    known = {
        "profile parameter": tr("profile parameter"),
        "built-in default": tr("built-in default"),
        "process environment": tr("this process's environment"),
        "profile environment": tr("profile environment"),
        "typed value": tr("typed in the inspector"),
    }
    return known.get(origin, origin)


def state_text(state: str) -> str:
    return {
        "winner": tr("wins"),
        "shadowed": tr("shadowed"),
        "unset": tr("unset"),
        "ignored": tr("ignored"),
    }.get(state, state)
