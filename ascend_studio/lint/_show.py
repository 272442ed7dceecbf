"""``validate --show-config``: what applies to each PATH, and where each setting came from.

The settings' names are the keys of ``[tool.ascend-studio]`` and stay as written; what
is said about them is in the user's language (the message table)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from ascend_studio._words import say
from ascend_studio.lint._config import ConfigError, forget_configs
from ascend_studio.lint._files import DEFAULT_KINDS, shown_path
from ascend_studio.lint._settings import CommandLine, Setting, Settings, settings_for

__all__ = ["config_lines", "show_config"]


def _setting(name: str, setting: Setting, unset: str, lang: str) -> str:
    value = setting.value or say(unset, lang)
    return f"  {name}: {value}  ({say(setting.origin, lang)})"


def _selection(settings: Settings, lang: str) -> list[str]:
    if not settings.layers:
        return [f"  {say('rules', lang)}: {say('all', lang)}  ({say('default', lang)})"]
    lines = [f"  {say('rules', lang)}: {say('all, then in order:', lang)}"]
    for layer in settings.layers:
        parts = []
        if layer.select is not None:
            parts.append("select " + ", ".join(layer.select))
        if layer.ignore:
            parts.append("ignore " + ", ".join(layer.ignore))
        lines.append(f"    {'; '.join(parts) or say('no change', lang)}  ({layer.origin})")
    return lines


def config_lines(path: Path, settings: Settings, lang: str = "en") -> list[str]:
    config = settings.config
    lines = [f"{shown_path(path)}:"]
    where = config.where if config else say("none found (built-in defaults)", lang)
    lines.append(f"  {say('configuration', lang)}: {where}")
    lines.append(_setting("product", settings.product, "the file's own", lang))
    lines.append(_setting("scenario", settings.scenario, "the file's own", lang))
    lines.append(_setting("release", settings.release, "the file's own, else not named", lang))
    lines.append(_setting("fail-on", settings.fail_on, "error", lang))
    lines += _selection(settings, lang)
    kinds = ", ".join(g for _, globs in DEFAULT_KINDS for g in globs)
    lines.append(f"  {say('files checked in folders', lang)}: {kinds}")
    if config is not None:
        if config.include:
            lines.append(f"  include: {', '.join(config.include)}  ({config.where})")
        if config.exclude:
            lines.append(f"  exclude: {', '.join(config.exclude)}  ({config.where})")
        for override in config.overrides:
            applies = "applies" if override.layer.origin in settings.overrides else "not here"
            paths = ", ".join(override.paths)
            lines.append(f"  override [{override.index}] {paths}: {say(applies, lang)}")
    return lines


def show_config(
    paths: Sequence[str], cli: CommandLine, resolve: Callable[[str], str | None], lang: str = "en"
) -> int:
    forget_configs()
    for given in paths:
        path = Path(given).absolute()
        if not path.exists():
            problem = say("{path}: no such file or directory", lang, path=given)
            print(f"ascend-studio validate: {problem}", file=sys.stderr)
            return 2
        try:
            settings = settings_for(path, cli)
        except ConfigError as exc:
            print(f"ascend-studio validate: {exc}", file=sys.stderr)
            return 2
        product, origin = settings.product.value, settings.product.origin
        if product is not None:
            found = resolve(product)
            if found is None:
                problem = say("unknown product {name}", lang, name=repr(product))
                print(f"ascend-studio validate: {origin}: {problem}", file=sys.stderr)
                return 2
            settings = replace(settings, product=Setting(found, origin))
        print("\n".join(config_lines(path, settings, lang)))
    return 0
