"""The Chinese catalog (a Qt Linguist .ts) covers the code, compiles, and is what the app loads."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any
from xml.etree import ElementTree

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator

from ascend_studio.ui import _i18n
from ascend_studio.ui._i18n import (
    CONTEXT,
    TableTranslator,
    app_translator,
    normalize_language,
    read_ts,
    source_digest,
    tr,
    translation_files,
)

ROOT = Path(__file__).resolve().parents[2]
_FIELD = re.compile(r"\{(\w*)[^{}]*\}")
_CJK = re.compile(r"[\u3400-\u9fff]")


def _load_script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "packaging" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


update = _load_script("update_translations")
build = _load_script("build_translations")
TS, QM, STAMP = translation_files()


@pytest.fixture(scope="module")
def messages() -> list[Any]:
    return list(update.read_ts(TS)[1])


@pytest.fixture(scope="module")
def found() -> list[Any]:
    found, problems = update.extract()
    assert not problems, "\n".join(problems)
    return list(found)


# -- the code and the .ts agree ------------------------------------------------------------
def test_the_scan_sees_every_call_form(found: list[Any]) -> None:
    texts = {f.source for f in found}
    assert len(texts) > 250
    assert {"&Save", "an integer", "Host"} <= texts  # tr(), QT_TR_NOOP(), inside an f-string
    # Ours, plus Qt's own labels that qtbase_zh_CN lacks (ui._i18n.QT_GAPS).
    assert {f.context for f in found} == {CONTEXT, "QFileDialog"}
    assert update.DEFAULT_CONTEXT == CONTEXT


def test_the_scan_knows_every_form_and_flags_built_text(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(
        "from x import tr, QT_TR_NOOP, QCoreApplication\n"
        "A = QT_TR_NOOP('noop')\n"
        "class View:\n"
        "    def f(self, n):\n"
        "        self.tr('method')\n"
        "        QCoreApplication.translate('Ctx', 'explicit')\n"
        "        x = f\"{tr('in f-string')}\"\n"
        "        tr(f'built {n}')\n"
        "        tr('a' + n)\n"
        "        tr(A)\n",
        encoding="utf-8",
    )
    found, problems = update.extract(tmp_path)
    assert [(f.context, f.source) for f in found] == [
        (CONTEXT, "noop"),
        ("View", "method"),
        ("Ctx", "explicit"),
        (CONTEXT, "in f-string"),
    ]
    assert [p.split(":")[1] for p in problems] == ["8", "9"]


def test_every_translatable_literal_has_finished_chinese(
    found: list[Any], messages: list[Any]
) -> None:
    finished = {m.key: m.translation for m in messages if not m.kind and m.translation}
    missing = sorted({f"{f.path}:{f.line}: {f.source!r}" for f in found if f.key not in finished})
    assert not missing, "run python packaging/update_translations.py and translate:\n" + "\n".join(
        missing
    )


def test_the_ts_is_up_to_date_and_has_nothing_stale(found: list[Any], messages: list[Any]) -> None:
    merged, counts = update.merge(messages, found, TS.parent)
    assert (counts.new, counts.gone) == (0, 0), "run python packaging/update_translations.py"
    assert update.render_ts("zh_CN", merged) == TS.read_text(encoding="utf-8")


def test_translations_keep_placeholders_and_accelerators(messages: list[Any]) -> None:
    wrong = []
    for m in messages:
        same_fields = sorted(_FIELD.findall(m.source)) == sorted(_FIELD.findall(m.translation))
        same_keys = m.source.count("&") == m.translation.count("&")
        chinese = _CJK.search(m.translation) or m.source.strip("&") == m.translation.strip("&")
        if not (same_fields and same_keys and chinese and m.translation.strip()):
            wrong.append(f"{m.source!r} -> {m.translation!r}")
    assert not wrong, "\n".join(wrong)


# -- the file itself ----------------------------------------------------------------------------
def test_the_ts_is_linguist_xml() -> None:
    text = TS.read_text(encoding="utf-8")
    assert text.startswith('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
    root = ElementTree.fromstring(text.encode())
    assert (root.tag, root.get("version"), root.get("language")) == ("TS", "2.1", "zh_CN")
    for message in root.iter("message"):
        assert message.find("source") is not None and message.find("translation") is not None
        for location in message.iter("location"):
            assert (TS.parent / location.get("filename", "")).resolve().is_file(), location.attrib


def test_merge_keeps_translations_and_marks_changes() -> None:
    old = [
        update.Message(CONTEXT, "kept", translation="保留"),
        update.Message(CONTEXT, "gone", translation="删除"),
        update.Message(CONTEXT, "draft", kind="unfinished"),
    ]
    here = Path("ascend_studio/ui/x.py")
    found = [update.Found(CONTEXT, text, "", here, 1) for text in ("new", "kept")]
    merged, counts = update.merge(old, found, ROOT / "resources" / "translations")
    kinds = {m.source: (m.kind, m.translation, m.files) for m in merged}
    assert kinds == {
        "new": ("unfinished", "", ("../../ascend_studio/ui/x.py",)),
        "kept": ("", "保留", ("../../ascend_studio/ui/x.py",)),
        "gone": ("vanished", "删除", ()),
        "draft": ("obsolete", "", ()),
    }
    assert (counts.new, counts.gone, counts.unfinished) == (1, 2, 1)
    again, _ = update.merge(merged, [*found, update.Found(CONTEXT, "gone", "", here, 2)], ROOT)
    assert {m.source: m.kind for m in again}["gone"] == ""
    dropped, counts = update.merge(old, found, ROOT, keep_gone=False)
    assert [m.source for m in dropped] == ["new", "kept"] and counts.dropped == 2


def test_written_text_reads_back_exactly() -> None:
    tricky = "a & b <c> \"d\" 'e'\nline\tx\u3000y"
    message = update.Message(CONTEXT, tricky, translation=tricky + "中")
    root = ElementTree.fromstring(update.render_ts("zh_CN", [message]).encode())
    assert root.findtext("context/message/source") == tricky
    assert read_ts(update.render_ts("zh_CN", [message]).encode()) == {
        (CONTEXT, tricky, ""): tricky + "中"
    }


# -- what the app loads ------------------------------------------------------------------------
def test_the_reader_serves_only_finished_translations() -> None:
    ts = update.render_ts(
        "zh_CN",
        [
            update.Message(CONTEXT, "done", translation="完成"),
            update.Message(CONTEXT, "draft", translation="{wrong}", kind="unfinished"),
            update.Message(CONTEXT, "old", translation="旧", kind="vanished"),
            update.Message("Other", "done", translation="别处"),
        ],
    )
    table = read_ts(ts.encode())
    assert table == {(CONTEXT, "done", ""): "完成", ("Other", "done", ""): "别处"}
    translator = TableTranslator(table)
    assert translator.translate(CONTEXT, "done") == "完成"
    assert translator.translate(CONTEXT, "done", "a disambiguation") == "完成"
    assert translator.translate("Other", "done") == "别处"
    assert translator.translate(CONTEXT, "draft") is None


def test_the_app_translator_speaks_chinese(qapp: Any) -> None:
    translator = app_translator(qapp)
    QCoreApplication.installTranslator(translator)
    try:
        assert tr("&Save") == "保存(&S)"
        assert tr("Matches: {count}").format(count=3) == "匹配：3"
    finally:
        QCoreApplication.removeTranslator(translator)
    assert tr("&Save") == "&Save"


def test_language_names_normalise() -> None:
    assert normalize_language("zh_CN") == "zh"
    assert normalize_language("en_US") == "en"
    assert normalize_language("de") == "en"


# -- the compiled .qm --------------------------------------------------------------------------
@pytest.fixture
def lrelease() -> str:
    found = build.find_lrelease()
    if found is None:
        pytest.skip("pyside6-lrelease is not installed")
    return str(found)


@pytest.fixture
def compiled(tmp_path: Path, lrelease: str) -> Iterator[tuple[Path, str]]:
    qm = tmp_path / "zh.qm"
    report = build.compile_ts(TS, qm, lrelease)
    yield qm, report


def test_lrelease_compiles_the_ts_cleanly(compiled: tuple[Path, str]) -> None:
    qm, report = compiled
    assert "warning" not in report.lower() and "error" not in report.lower(), report
    assert re.search(r"Generated (\d+) translation\(s\) \(\1 finished and 0 unfinished\)", report)
    assert build.stamp_path(qm).read_text(encoding="utf-8").strip() == source_digest(
        TS.read_bytes()
    )


def test_the_qm_translates_exactly_as_the_ts_reader(compiled: tuple[Path, str]) -> None:
    translator = QTranslator()
    assert translator.load(str(compiled[0]))
    table = read_ts(TS.read_bytes())
    assert translator.translate(CONTEXT, "&Save") == "保存(&S)"
    differ = {k: v for k, v in table.items() if translator.translate(k[0], k[1], k[2]) != v}
    assert not differ


def test_lrelease_rejects_a_broken_file(tmp_path: Path, lrelease: str) -> None:
    broken = tmp_path / "broken.ts"
    broken.write_text(TS.read_text(encoding="utf-8").replace("</TS>", ""), encoding="utf-8")
    with pytest.raises(subprocess.CalledProcessError):
        build.compile_ts(broken, tmp_path / "broken.qm", lrelease)


def test_a_fresh_qm_is_preferred_and_a_stale_one_ignored(
    tmp_path: Path, lrelease: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ts, qm = tmp_path / "zh.ts", tmp_path / "zh.qm"
    shutil.copy(TS, ts)
    build.compile_ts(ts, qm, lrelease)
    monkeypatch.setattr(_i18n, "translation_files", lambda: (ts, qm, build.stamp_path(qm)))
    loaded = app_translator()
    assert not isinstance(loaded, TableTranslator)
    assert Path(loaded.filePath()) == qm
    ts.write_text(ts.read_text(encoding="utf-8").replace("保存(&amp;S)", "存盘(&amp;S)"), "utf-8")
    stale = app_translator()
    assert isinstance(stale, TableTranslator)
    assert stale.translate(CONTEXT, "&Save") == "存盘(&S)"
