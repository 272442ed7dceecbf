"""Every chrome string has Chinese text, with the same placeholders."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import ascend_studio.ui
from ascend_studio.ui._i18n import TableTranslator, normalize_language
from ascend_studio.ui._zh import ZH

UI = Path(ascend_studio.ui.__file__).parent
_MARKERS = {"tr", "QT_TR_NOOP"}
_FIELD = re.compile(r"\{(\w*)\}")


def _marked_literals() -> dict[str, str]:
    """Literal arguments of tr(...), self.tr(...), QT_TR_NOOP(...) in the UI package."""
    found: dict[str, str] = {}
    for path in sorted(UI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            first = node.args[0]
            if (
                name in _MARKERS
                and isinstance(first, ast.Constant)
                and isinstance(first.value, str)
            ):
                found.setdefault(first.value, f"{path.relative_to(UI)}:{node.lineno}")
    return found


def test_the_scan_finds_strings() -> None:
    literals = _marked_literals()
    assert len(literals) > 100
    assert "&Save" in literals


def test_every_chrome_string_has_chinese() -> None:
    missing = {text: where for text, where in _marked_literals().items() if text not in ZH}
    assert not missing, "add to ascend_studio/ui/_zh.py:\n" + "\n".join(
        f"  {where}: {text!r}" for text, where in sorted(missing.items(), key=lambda i: i[1])
    )


@pytest.mark.parametrize("source", sorted(ZH))
def test_translation_keeps_placeholders_and_is_chinese(source: str) -> None:
    target = ZH[source]
    assert sorted(_FIELD.findall(source)) == sorted(_FIELD.findall(target))
    assert target.count("&") == source.count("&")
    assert any("\u4e00" <= ch <= "\u9fff" for ch in target) or source.strip("&") == target.strip(
        "&"
    ), target


def test_translator_falls_back_for_unknown_text() -> None:
    translator = TableTranslator({"Open": "打开"})
    assert translator.translate("Any", "Open") == "打开"
    assert translator.translate("Any", "Unknown") is None


def test_language_names_normalise() -> None:
    assert normalize_language("zh_CN") == "zh"
    assert normalize_language("en_US") == "en"
    assert normalize_language("de") == "en"


def test_the_two_tables_agree_where_they_overlap() -> None:
    from ascend_studio.ui import _zh
    from ascend_studio.ui._zh_part2 import ZH_PART2

    clashes = {k: (v, ZH_PART2[k]) for k, v in _zh._MAIN.items() if ZH_PART2.get(k, v) != v}
    assert not clashes
