"""``validate --show-config``: what applies to each PATH, and where each setting came from."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from ascend_studio.lint._config import ConfigError, forget_configs
from ascend_studio.lint._files import DEFAULT_KINDS, shown_path
from ascend_studio.lint._settings import CommandLine, Setting, Settings, settings_for

__all__ = ["config_lines", "show_config"]


def _setting(name: str, setting: Setting, unset: str) -> str:
    return f"  {name}: {setting.value or unset}  ({setting.origin})"


def _selection(settings: Settings) -> list[str]:
    if not settings.layers:
        return ["  rules: all  (default)"]
    lines = ["  rules: all, then in order:"]
    for layer in settings.layers:
        parts = []
        if layer.select is not None:
            parts.append("select " + ", ".join(layer.select))
        if layer.ignore:
            parts.append("ignore " + ", ".join(layer.ignore))
        lines.append(f"    {'; '.join(parts) or 'no change'}  ({layer.origin})")
    return lines


def config_lines(path: Path, settings: Settings) -> list[str]:
    config = settings.config
    lines = [f"{shown_path(path)}:"]
    lines.append(f"  configuration: {config.where if config else 'none found (built-in defaults)'}")
    lines.append(_setting("product", settings.product, "the file's own"))
    lines.append(_setting("scenario", settings.scenario, "the file's own"))
    lines.append(_setting("release", settings.release, "the file's own, else not named"))
    lines.append(_setting("fail-on", settings.fail_on, "error"))
    lines += _selection(settings)
    kinds = ", ".join(g for _, globs in DEFAULT_KINDS for g in globs)
    lines.append(f"  files checked in folders: {kinds}")
    if config is not None:
        if config.include:
            lines.append(f"  include: {', '.join(config.include)}  ({config.where})")
        if config.exclude:
            lines.append(f"  exclude: {', '.join(config.exclude)}  ({config.where})")
        for override in config.overrides:
            applies = "applies" if override.layer.origin in settings.overrides else "not here"
            lines.append(f"  override [{override.index}] {', '.join(override.paths)}: {applies}")
    return lines


def show_config(
    paths: Sequence[str], cli: CommandLine, resolve: Callable[[str], str | None]
) -> int:
    forget_configs()
    for given in paths:
        path = Path(given).absolute()
        if not path.exists():
            print(f"ascend-studio validate: {given}: no such file or directory", file=sys.stderr)
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
                print(
                    f"ascend-studio validate: {origin}: unknown product {product!r}",
                    file=sys.stderr,
                )
                return 2
            settings = replace(settings, product=Setting(found, origin))
        print("\n".join(config_lines(path, settings)))
    return 0
