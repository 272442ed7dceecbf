"""Which language the command line speaks, and the app when nothing else decides (Qt-free).

A command prints in the language given by ``--lang`` (before the command, for every
command, or after it); without one, in the language of the environment: the first
of ``LANGUAGE`` (a colon-separated list, as GNU gettext reads it), ``LC_ALL``,
``LC_MESSAGES`` and ``LANG`` that is set decides, Chinese for a ``zh`` locale
(``zh_CN.UTF-8``), English for any other (``C.UTF-8``, ``en_US``, ``fr_FR``);
with none set, English. The app reads the same variables on its first start
(``docs/app.md``, "Language").
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # ``typing`` is not imported: ``ascend-studio --help`` reads the language
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Literal

    Lang = Literal["zh", "en"]
else:
    Lang = str

__all__ = ["ENV_VARIABLES", "LANGUAGES", "Lang", "env_language", "from_locale", "language_of"]

LANGUAGES: tuple[Lang, ...] = ("zh", "en")
#: The variables that name the user's language, the first set one deciding.
ENV_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def from_locale(name: str) -> Lang:
    """``zh_CN.UTF-8`` -> ``zh``; every other locale name -> ``en``."""
    return "zh" if name.strip().lower().startswith("zh") else "en"


def _from_list(value: str) -> Lang | None:
    """The first of a ``LANGUAGE`` list's entries we speak (``fr:zh_CN`` -> zh)."""
    for entry in value.split(":"):
        code = entry.strip().lower()
        if code.startswith(("zh", "en")):
            return from_locale(code)
    return None


def env_language(environ: Mapping[str, str] | None = None) -> Lang | None:
    """The language the environment names, or None when no variable is set."""
    env = os.environ if environ is None else environ
    for variable in ENV_VARIABLES:
        value = env.get(variable, "").strip()
        if not value:
            continue
        if variable == "LANGUAGE":
            found = _from_list(value)
            if found is not None:
                return found
            continue  # only languages we do not speak: the locale decides
        return from_locale(value)
    return None


def language_of(given: str | None, environ: Mapping[str, str] | None = None) -> Lang:
    """``--lang`` when given, else the environment's language, else English."""
    if given:
        return from_locale(given)
    return env_language(environ) or "en"
