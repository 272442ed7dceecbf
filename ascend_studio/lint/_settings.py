"""What applies to one file: built-in defaults < project configuration < overrides < command line.

Every setting keeps where it came from, so ``validate --show-config`` can say it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ascend_studio.lint._config import ProjectConfig, find_config
from ascend_studio.lint._select import Layer, enabled
from ascend_studio.profile import Profile

__all__ = ["COMMAND_LINE", "CommandLine", "Setting", "Settings", "settings_for", "with_release"]

DEFAULT = "default"
COMMAND_LINE = "command line"


@dataclass(frozen=True)
class CommandLine:
    """The options given on the command line (None: not given)."""

    product: str | None = None
    scenario: str | None = None
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    fail_on: str | None = None
    release: str | None = None

    @property
    def layer(self) -> Layer | None:
        if self.select is None and not self.ignore:
            return None
        return Layer(COMMAND_LINE, self.select, self.ignore)


@dataclass(frozen=True)
class Setting:
    """A setting's value and where it came from."""

    value: str | None
    origin: str


@dataclass(frozen=True)
class Settings:
    """Every setting that applies to one file."""

    config: ProjectConfig | None
    #: None: the file's own product (what the script or profile says).
    product: Setting = Setting(None, DEFAULT)
    scenario: Setting = Setting(None, DEFAULT)
    fail_on: Setting = Setting("error", DEFAULT)
    layers: tuple[Layer, ...] = ()
    overrides: tuple[str, ...] = field(default=())
    #: None: the file's own release, else none (findings say which releases they hold for).
    release: Setting = Setting(None, DEFAULT)

    def enabled(self, rule_id: str) -> bool:
        return enabled(rule_id, self.layers)


def with_release(profile: Profile, setting: Setting) -> Profile:
    """``profile`` for the release ``setting`` names: the command line's always, the
    project configuration's only when the file names none itself."""
    if setting.value is None:
        return profile
    if setting.origin != COMMAND_LINE and profile.release is not None:
        return profile
    return profile.with_release(setting.value)


def _pick(current: Setting, value: str | None, origin: str) -> Setting:
    return current if value is None else Setting(value, origin)


def settings_for(path: Path, cli: CommandLine) -> Settings:
    """The settings for ``path`` (a file or a folder), found from its folder upwards."""
    folder = path if path.is_dir() else path.parent
    config = find_config(folder)
    product, scenario = Settings(None).product, Settings(None).scenario
    fail_on, release = Settings(None).fail_on, Settings(None).release
    layers: list[Layer] = []
    applied: list[str] = []
    if config is not None:
        product = _pick(product, config.product, config.where)
        scenario = _pick(scenario, config.scenario, config.where)
        fail_on = _pick(fail_on, config.fail_on, config.where)
        layers += [config.layer] if config.layer else []
        release = _pick(release, config.release, config.where)
        for override in config.overrides_for(path):
            origin = override.layer.origin
            product = _pick(product, override.product, origin)
            scenario = _pick(scenario, override.scenario, origin)
            release = _pick(release, override.release, origin)
            layers.append(override.layer)
            applied.append(origin)
    product = _pick(product, cli.product, COMMAND_LINE)
    scenario = _pick(scenario, cli.scenario, COMMAND_LINE)
    release = _pick(release, cli.release, COMMAND_LINE)
    fail_on = _pick(fail_on, cli.fail_on, COMMAND_LINE)
    layers += [cli.layer] if cli.layer else []
    return Settings(
        config,
        product,
        scenario,
        fail_on,
        tuple(layers),
        release=release,
        overrides=tuple(applied),
    )
