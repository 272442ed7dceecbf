"""UI language: the chrome-string translator and the Chinese table it serves.

Chrome strings (menus, buttons, messages) are written in English in the code and
always pass through ``self.tr()`` or ``QCoreApplication.translate(...)``, so Qt
Linguist can extract them later. Until ``.ts`` files exist, :data:`ZH` (in
``_zh.py``, the one module holding every chrome translation) supplies the Chinese.
Catalog text (labels, descriptions) is bilingual data and never passes here.
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator

from ascend_studio.ui._zh import ZH

__all__ = [
    "LANGUAGES",
    "QT_TR_NOOP",
    "Language",
    "TableTranslator",
    "apply_language",
    "normalize_language",
    "system_language",
    "tr",
]

Language = Literal["zh", "en"]
LANGUAGES: tuple[Language, ...] = ("zh", "en")
CONTEXT = "AscendStudio"


def normalize_language(value: str) -> Language:
    return "zh" if value.lower().startswith("zh") else "en"


def system_language() -> Language:
    """The first-run default: Chinese on a Chinese system locale, else English."""
    return normalize_language(QLocale.system().name())


def QT_TR_NOOP(text: str) -> str:  # the name Qt Linguist looks for
    """Mark a literal for translation where it is defined; translate it with ``tr``."""
    return text


def tr(text: str) -> str:
    """Translate a chrome string outside a QObject (same table as ``self.tr``)."""
    return QCoreApplication.translate(CONTEXT, text)


class TableTranslator(QTranslator):
    """Serves a source-text -> translation table whatever the context.

    Returning ``None`` for unknown text lets Qt fall back to the source, or to a
    translator installed earlier (Qt's own, or future ``.qm`` files).
    """

    def __init__(self, table: dict[str, str], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._table = table

    def translate(
        self,
        context: str,
        source_text: str,
        disambiguation: str | None = None,
        n: int = -1,
    ) -> str | None:
        return self._table.get(source_text)

    def isEmpty(self) -> bool:
        return not self._table


_installed: list[QTranslator] = []


def apply_language(lang: Language) -> None:
    """Install the translators for ``lang``; widgets then retranslate themselves."""
    app = QCoreApplication.instance()
    for old in _installed:
        QCoreApplication.removeTranslator(old)
    _installed.clear()
    if lang == "zh" and app is not None:
        qt_base = QTranslator(app)
        path = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        if qt_base.load("qtbase_zh_CN", path):
            _installed.append(qt_base)
        _installed.append(TableTranslator(ZH, app))
        for translator in _installed:
            QCoreApplication.installTranslator(translator)
