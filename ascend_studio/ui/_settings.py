"""Where the app keeps its settings and autosaves, and the settings themselves.

Settings (geometry, splitters, language, recent files) go to the user *config*
directory (``ascend_studio/_dirs.py``); autosaves go to the user *state* directory. Both are
looked up on every call so tests can redirect them (XDG variables or a patch).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from ascend_studio._dirs import APP_ID, user_config_dir, user_state_dir
from ascend_studio.ui._i18n import Language, normalize_language

__all__ = ["APP_ID", "Settings", "config_dir", "state_dir"]

MAX_RECENT = 10


def config_dir() -> Path:
    return user_config_dir()


def state_dir() -> Path:
    return user_state_dir()


class Settings:
    """Typed access to the app's INI settings file (never the registry or plist)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or config_dir() / "settings.ini"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._qs = QSettings(str(self.path), QSettings.Format.IniFormat)

    def sync(self) -> None:
        self._qs.sync()

    # -- language --------------------------------------------------------------
    def language(self) -> Language | None:
        raw = self._qs.value("ui/language")
        return normalize_language(raw) if isinstance(raw, str) and raw else None

    def set_language(self, lang: Language) -> None:
        self._qs.setValue("ui/language", lang)

    # -- toggles ---------------------------------------------------------------
    def flag(self, name: str, default: bool = False) -> bool:
        raw = self._qs.value(f"ui/{name}", default)
        if isinstance(raw, str):
            return raw.lower() in {"1", "true", "yes"}
        return bool(raw)

    def set_flag(self, name: str, on: bool) -> None:
        self._qs.setValue(f"ui/{name}", on)

    # -- plain text values -----------------------------------------------------
    def text(self, name: str) -> str:
        raw = self._qs.value(f"ui/{name}", "")
        return raw if isinstance(raw, str) else ""

    def set_text(self, name: str, value: str) -> None:
        self._qs.setValue(f"ui/{name}", value)

    # -- window state ----------------------------------------------------------
    def blob(self, name: str) -> QByteArray | None:
        raw = self._qs.value(f"window/{name}")
        return raw if isinstance(raw, QByteArray) and not raw.isEmpty() else None

    def set_blob(self, name: str, data: QByteArray) -> None:
        self._qs.setValue(f"window/{name}", data)

    # -- recent files ----------------------------------------------------------
    def recent_files(self) -> list[str]:
        raw = self._qs.value("files/recent", [])
        items = [raw] if isinstance(raw, str) else list(raw) if isinstance(raw, list) else []
        return [str(item) for item in items if item][:MAX_RECENT]

    def add_recent(self, path: str | Path) -> list[str]:
        text = str(Path(path).resolve())
        recent = [text, *(p for p in self.recent_files() if p != text)][:MAX_RECENT]
        self._qs.setValue("files/recent", recent)
        return recent

    def clear_recent(self) -> None:
        self._qs.setValue("files/recent", [])
