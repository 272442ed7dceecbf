"""The editor's settings for the server (section ``ascendStudio``), read leniently.

They act like ``validate``'s command-line options: ``product``, ``scenario``,
``release``, ``select`` and ``ignore`` win over the project configuration
(``[tool.ascend-studio]``, ``.ascend-studio.toml``), which the lint engine finds
for each file as it does for ``validate``. ``language`` picks the language of
messages and hovers (``auto``: the editor's). A value of the wrong type is left
out and named in :attr:`ClientSettings.problems`, never a failure.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ascend_studio.lint._settings import CommandLine

__all__ = ["SECTION", "ClientSettings", "language_of", "read_settings"]

#: The settings section an editor keeps them under.
SECTION = "ascendStudio"
LANGUAGES = ("auto", "en", "zh")
SCENARIOS = ("training", "inference")


@dataclass(frozen=True)
class ClientSettings:
    language: str = "auto"
    product: str | None = None
    scenario: str | None = None
    #: The TF Adapter release to check for (a ref, a CANN version, newest or auto).
    release: str | None = None
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    #: What runs the desktop app (None: this installation's ``ascend-studio``).
    app_command: tuple[str, ...] | None = None
    problems: tuple[str, ...] = field(default=(), compare=False)

    def command_line(self) -> CommandLine:
        from ascend_studio.lint._settings import CommandLine

        return CommandLine(
            product=self.product,
            scenario=self.scenario,
            select=self.select,
            ignore=self.ignore,
            release=self.release,
        )


def _strings(value: object) -> tuple[str, ...] | None:
    if isinstance(value, str):
        value = [part.strip() for part in value.split(",") if part.strip()]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    return None


def _choice(raw: Mapping[str, Any], key: str, choices: tuple[str, ...], problems: list[str]) -> Any:
    value = raw.get(key)
    if value in (None, ""):
        return None
    if value not in choices:
        problems.append(f"{SECTION}.{key} must be one of {', '.join(choices)}, not {value!r}")
        return None
    return value


def _text(raw: Mapping[str, Any], key: str, problems: list[str]) -> str | None:
    value = raw.get(key)
    if value in (None, ""):
        return None
    if not isinstance(value, str):
        problems.append(f"{SECTION}.{key} must be a string, not {value!r}")
        return None
    return value


def _list(raw: Mapping[str, Any], key: str, problems: list[str]) -> tuple[str, ...] | None:
    value = raw.get(key)
    if value is None:
        return None
    found = _strings(value)
    if found is None:
        problems.append(f"{SECTION}.{key} must be a list of strings, not {value!r}")
    return found


def read_settings(raw: object) -> ClientSettings:
    """Settings from what the editor sent: the section itself, or a mapping holding it."""
    if isinstance(raw, Mapping) and isinstance(raw.get(SECTION), Mapping):
        raw = raw[SECTION]
    if not isinstance(raw, Mapping):
        return ClientSettings()
    problems: list[str] = []
    select = _list(raw, "select", problems)
    return ClientSettings(
        language=_choice(raw, "language", LANGUAGES, problems) or "auto",
        product=_text(raw, "product", problems),
        scenario=_choice(raw, "scenario", SCENARIOS, problems),
        release=_text(raw, "release", problems),
        select=select or None,
        ignore=_list(raw, "ignore", problems) or (),
        app_command=_list(raw, "appCommand", problems) or None,
        problems=tuple(problems),
    )


def language_of(settings: ClientSettings, locale: str | None) -> str:
    """``zh`` or ``en``: the setting, else the editor's locale (``zh-cn``, ``zh_TW``...)."""
    if settings.language != "auto":
        return settings.language
    return "zh" if (locale or "").lower().startswith("zh") else "en"
