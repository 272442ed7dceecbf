"""Fonts and colours.

Chinese needs an explicit CJK family: left to fallback, Qt may pick a Japanese
font (different glyph forms) or none (boxes). The first installed family of a
Simplified Chinese list is put next to the UI font, so Latin text keeps the
platform font and Han characters get proper Simplified forms. Where the UI font
has no Han characters (DejaVu, Cantarell, Segoe UI, SF...), the one order (the UI
font, then the CJK family) serves both languages: a language switch then leaves the
application font alone, where a new family order made every widget resolve its font
again (about 11 ms of a switch). A UI font with Han characters of its own (a
Japanese or Traditional Chinese desktop) keeps the CJK family in front for Chinese.

Looks are set with fonts and palettes on the widgets that need them, not with an
application-wide style sheet: a global sheet routes every widget through the
style-sheet engine and made building the ~120 form rows about a third slower.
"""

from __future__ import annotations

import copy

from PySide6.QtGui import QColor, QFont, QFontDatabase, QFontInfo, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from ascend_studio.ui._i18n import Language

__all__ = [
    "CJK_FAMILIES",
    "COLORS",
    "apply_fonts",
    "cjk_family",
    "font_key",
    "language_font",
    "set_background",
    "set_text_color",
    "styled_font",
]


def font_key(font: QFont) -> tuple[str, ...]:
    """What a text's measure in ``font`` depends on, for caches of measures: the font's
    key names only its first family, while a glyph may come from a later one (the CJK
    family added for Chinese)."""
    return (font.key(), *font.families())


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

COLORS = {
    "error": "#b3261e",
    "warning": "#d08700",
    "info": "#1f5f99",
    "set": "#1f6feb",
    "flash": "#fff3b0",
    "invalid": "#fde7e7",
}

#: The platform UI family, remembered before the first change.
_BASE: dict[str, str] = {}
#: Whether a family has Han characters of its own, by family.
_HAN: dict[str, bool] = {}
_HAN_SYSTEMS = {
    QFontDatabase.WritingSystem.SimplifiedChinese,
    QFontDatabase.WritingSystem.TraditionalChinese,
    QFontDatabase.WritingSystem.Japanese,
    QFontDatabase.WritingSystem.Korean,
}


def cjk_family() -> str | None:
    """The first installed Simplified Chinese family, or ``None``."""
    installed = set(QFontDatabase.families())
    return next((f for f in CJK_FAMILIES if f in installed), None)


def apply_fonts(lang: Language) -> None:
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    font = language_font(app.font(), lang)
    if font.families() != app.font().families():
        app.setFont(font)


def _has_han(family: str) -> bool:
    """Whether ``family`` draws Chinese characters itself (its own forms, which may be
    Japanese or Traditional ones): then Chinese text needs the CJK family in front."""
    found = _HAN.get(family)
    if found is None:
        resolved = QFontInfo(QFont(family)).family()  # an alias such as "Sans Serif"
        systems = set(QFontDatabase.writingSystems(resolved))
        found = _HAN[family] = bool(systems & _HAN_SYSTEMS)
    return found


def language_font(font: QFont, lang: Language) -> QFont:
    """``font`` with the families :func:`apply_fonts` gives ``lang``'s text (to measure
    text of the language not shown)."""
    font = QFont(font)
    base = _BASE.setdefault("family", font.family())
    cjk = cjk_family()
    families = [base]
    if cjk is not None:
        families = [cjk, base] if lang == "zh" and _has_han(base) else [base, cjk]
    if font.families() != families:
        font.setFamilies(families)
    return font


def styled_font(
    widget: QWidget, *, bold: bool = False, scale: float = 1.0, mono: bool = False
) -> None:
    """Give ``widget`` a bold, larger/smaller or monospace variant of its font."""
    base = widget.font()
    style = (bold, scale, mono)
    font = _made(base, style)
    if font is None:
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont) if mono else QFont(base)
        if mono:
            font.setPointSizeF(base.pointSizeF() * 0.95)
        if bold:
            font.setWeight(QFont.Weight.DemiBold)
        if scale != 1.0:
            font.setPointSizeF(font.pointSizeF() * scale)
        if len(_FONTS) > 64:
            _FONTS.clear()
        _FONTS.append((base, style, font))
    widget.setFont(font)


def _made(base: QFont, style: tuple[bool, float, bool]) -> QFont | None:
    for known, known_style, font in _FONTS:  # QFont's == compares families too
        if known_style == style and known == base:
            return font
    return None


#: Font variants already made: (base font, (bold, scale, mono), variant). Each form row
#: styles three labels alike: asking the font database for the fixed font every time
#: was about 0.2 ms a row, and a key of the base font's description (``QFont.key``
#: writes it out as text) about 0.1 ms.
_FONTS: list[tuple[QFont, tuple[bool, float, bool], QFont]] = []


def set_text_color(widget: QWidget, color: str | None) -> None:
    """Text colour: a ``COLORS`` key, a ``#rrggbb`` value, "muted", or ``None`` (normal)."""
    base = widget.palette()
    key = (color, base.cacheKey(), QApplication.palette().cacheKey())
    palette = _TEXT_PALETTES.get(key)
    if palette is None:
        palette = copy.copy(base)  # QPalette(base) makes PySide6 create Qt's enums: ui/_qtnames.py
        if color is None:
            shown = QApplication.palette().color(QPalette.ColorRole.WindowText)
        elif color == "muted":
            shown = QApplication.palette().color(QPalette.ColorRole.PlaceholderText)
        else:
            shown = QColor(COLORS.get(color, color))
        palette.setColor(QPalette.ColorRole.WindowText, shown)
        palette.setColor(QPalette.ColorRole.Text, shown)
        if len(_TEXT_PALETTES) > 64:
            _TEXT_PALETTES.clear()
        _TEXT_PALETTES[key] = palette
    widget.setPalette(palette)


#: Coloured palettes already made, by (colour, widget palette, app palette): each form
#: row colours three labels, and a palette made once per look is shared by all.
_TEXT_PALETTES: dict[tuple[str | None, int, int], QPalette] = {}


def set_background(
    widget: QWidget, color: str | None, role: QPalette.ColorRole | None = None
) -> None:
    """Fill ``widget`` with a ``COLORS`` colour (``None``: back to normal)."""
    role = role or QPalette.ColorRole.Window
    palette = copy.copy(widget.palette())
    normal = QApplication.palette().color(role)
    palette.setColor(role, QColor(COLORS.get(color, color)) if color else normal)
    widget.setPalette(palette)
    if role == QPalette.ColorRole.Window:
        widget.setAutoFillBackground(color is not None)
