"""Fonts and the application style sheet.

Chinese needs an explicit CJK family: left to fallback, Qt may pick a Japanese
font (different glyph forms) or none (boxes). The first installed family of a
Simplified Chinese list is put right after the UI font, so Latin text keeps the
platform font and Han characters get proper Simplified forms.
"""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import QApplication

from ascend_studio.ui._i18n import Language

__all__ = ["CJK_FAMILIES", "STYLE_SHEET", "apply_fonts", "cjk_family"]

CJK_FAMILIES = (
    "Noto Sans CJK SC",
    "Source Han Sans SC",
    "WenQuanYi Micro Hei",
    "WenQuanYi Zen Hei",
    "Microsoft YaHei",
    "Microsoft YaHei UI",
    "PingFang SC",
    "Hiragino Sans GB",
    "Sarasa UI SC",
    "Droid Sans Fallback",
)

#: The platform UI family, remembered before the first change.
_BASE: dict[str, str] = {}


def cjk_family() -> str | None:
    """The first installed Simplified Chinese family, or ``None``."""
    installed = set(QFontDatabase.families())
    return next((f for f in CJK_FAMILIES if f in installed), None)


def apply_fonts(lang: Language) -> None:
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    font = QFont(app.font())
    base = _BASE.setdefault("family", font.family())
    cjk = cjk_family()
    families = [base]
    if cjk is not None:
        families = [cjk, base] if lang == "zh" else [base, cjk]
    if font.families() != families:
        font.setFamilies(families)
        app.setFont(font)


STYLE_SHEET = """
QListWidget#nav::item { padding: 5px 8px; }
QListWidget#diagnostics::item:selected { background-color: #dbe9ff; }
QLabel#sectionTitle { font-size: 15pt; font-weight: 600; padding: 6px 0 2px 0; }
QLabel#sectionBlurb { color: palette(placeholder-text); padding-bottom: 6px; }
QLabel#title { font-weight: 600; }
QLabel#name { color: palette(placeholder-text); font-family: monospace; }
QLabel#meta { color: palette(placeholder-text); font-size: 9pt; }
QLabel#marker { color: #1f6feb; }
QFrame[unavailable="true"] QLabel#title { color: palette(placeholder-text); }
QFrame[unavailable="true"] QLabel#name { color: palette(mid); }
QFrame[flash="true"] { background-color: #fff3b0; }
QFrame[severity="error"] { border-left: 3px solid #b3261e; }
QFrame[severity="warning"] { border-left: 3px solid #d08700; }
QFrame[severity="info"] { border-left: 3px solid #1f5f99; }
QFrame[severity=""] { border-left: 3px solid transparent; }
QLineEdit[invalid="true"] { border: 1px solid #b3261e; }
QFrame#section\\:__env__ QTableWidget { min-height: 90px; }
"""
