"""UI language: Qt translators for the chrome strings.

Chrome strings (menus, buttons, messages) are written in English in the code and
always pass through ``tr()`` (context ``AscendStudio``), ``self.tr()`` or
``QCoreApplication.translate(...)``. Their Chinese lives in one Qt Linguist file,
``resources/translations/ascend_studio_zh_CN.ts`` (``packaging/update_translations.py``
keeps it in step with the code). ``packaging/build_translations.py`` compiles it
to a ``.qm`` for the bundle and for developers; a wheel built without PySide6
carries only the ``.ts``, so when no ``.qm`` compiled from this very ``.ts`` is
present the ``.ts`` itself is read (a few milliseconds) and served by
:class:`TableTranslator`. Catalog text (labels, descriptions) is bilingual data
and never passes here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Literal

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator

from ascend_studio._digest import hex_digest
from ascend_studio._lang import env_language
from ascend_studio._resources import resource_path

__all__ = [
    "CONTEXT",
    "LANGUAGES",
    "QT_GAPS",
    "QT_TRANSLATE_NOOP",
    "QT_TR_NOOP",
    "Language",
    "TableTranslator",
    "app_translator",
    "apply_language",
    "counts_text",
    "current_language",
    "normalize_language",
    "plural",
    "read_table_cache",
    "read_ts",
    "source_digest",
    "system_language",
    "table_cache_file",
    "tr",
    "translation_files",
    "write_table_cache",
]

Language = Literal["zh", "en"]
LANGUAGES: tuple[Language, ...] = ("zh", "en")
CONTEXT = "AscendStudio"
#: (context, source text, disambiguation) -> translation
Key = tuple[str, str, str]
_CATALOG = "ascend_studio_zh_CN"


def normalize_language(value: str) -> Language:
    return "zh" if value.lower().startswith("zh") else "en"


def system_language() -> Language:
    """The first-run default: the environment's language (``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``, as the command line reads them), else the system
    locale's: Chinese for a Chinese one, else English."""
    return env_language() or normalize_language(QLocale.system().name())


def QT_TR_NOOP(text: str) -> str:  # the name Qt Linguist looks for
    """Mark a literal for translation where it is defined; translate it with ``tr``."""
    return text


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # the name Qt Linguist looks for
    """Mark ``text`` of another context (a Qt class) for translation; returns it unchanged."""
    del context
    return text


#: Qt's own labels that qtbase_zh_CN (as shipped with PySide6) lacks: Qt 6 added
#: mnemonics to them, so the old translations no longer match. Our catalog fills
#: them in, under Qt's own context.
QT_GAPS = (
    QT_TRANSLATE_NOOP("QFileDialog", "&Look in:"),
    QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:"),
)


def tr(text: str) -> str:
    """Translate a chrome string outside a QObject (context ``AscendStudio``)."""
    return QCoreApplication.translate(CONTEXT, text)


def plural(count: int, one: str, many: str, **fields: object) -> str:
    """``one`` or ``many`` (both marked with QT_TR_NOOP) translated, ``{count}`` and
    any other ``fields`` filled.

    English says "1 error", "2 errors"; Chinese has one form, so both translate alike.
    """
    return tr(one if count == 1 else many).format(count=count, **fields)


def counts_text(errors: int, warnings: int, infos: int, sep: str) -> str:
    """ "1 error · 2 warnings · 0 notes": the diagnostic counts, in proper number."""
    return sep.join(
        (
            plural(errors, QT_TR_NOOP("{count} error"), QT_TR_NOOP("{count} errors")),
            plural(warnings, QT_TR_NOOP("{count} warning"), QT_TR_NOOP("{count} warnings")),
            plural(infos, QT_TR_NOOP("{count} note"), QT_TR_NOOP("{count} notes")),
        )
    )


class TableTranslator(QTranslator):
    """Serves a (context, source, disambiguation) -> translation table, as a .qm would.

    Returning ``None`` for unknown text lets Qt fall back to the source, or to a
    translator installed earlier (Qt's own).
    """

    def __init__(self, table: Mapping[Key, str], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._table = table

    def translate(
        self,
        context: str,
        source_text: str,
        disambiguation: str | None = None,
        n: int = -1,
    ) -> str | None:
        found = self._table.get((context, source_text, disambiguation or ""))
        if found is None and disambiguation:  # as QTranslator: retry without it
            found = self._table.get((context, source_text, ""))
        return found

    def isEmpty(self) -> bool:
        return not self._table


def read_ts(data: bytes) -> dict[Key, str]:
    """The translations of a Linguist file that ``lrelease -nounfinished`` would compile.

    Unfinished entries are left out: they may be drafts whose ``{placeholders}``
    no longer match the code. Vanished and obsolete ones are gone from the code.
    Raises ``SyntaxError`` (``ElementTree.ParseError``) on malformed XML.
    """
    from xml.etree import ElementTree  # only when no fresh .qm exists: 2 ms off start-up

    table: dict[Key, str] = {}
    for context in ElementTree.fromstring(data).iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            if translation is None or translation.get("type") or not translation.text:
                continue
            source = message.findtext("source") or ""
            table[(name, source, message.findtext("comment") or "")] = translation.text
    return table


def source_digest(data: bytes) -> str:
    """What ``build_translations.py`` records next to a ``.qm``: the hash of its ``.ts``."""
    return hex_digest(data)


def translation_files() -> tuple[Path, Path, Path]:
    """The shipped ``.ts``, its compiled ``.qm`` and the ``.qm``'s source stamp."""
    folder = resource_path("translations")
    qm = folder / f"{_CATALOG}.qm"
    return folder / f"{_CATALOG}.ts", qm, qm.with_name(qm.name + ".stamp")


@cache
def _ts_table(path: Path) -> Mapping[Key, str]:
    """The ``.ts`` file's table; parsed once per version of the file, then read from a
    JSON copy in the user cache directory (parsing the XML took a Chinese start ~10 ms)."""
    try:
        data = path.read_bytes()
    except OSError:
        return {}  # English everywhere beats no window
    digest = source_digest(data)
    cached = read_table_cache(digest)
    if cached is not None:
        return cached
    try:
        table = read_ts(data)
    except SyntaxError:
        return {}
    write_table_cache(digest, table)
    return table


def table_cache_file() -> Path:
    """Where the parsed ``.ts`` is kept (the user cache directory)."""
    from ascend_studio._dirs import user_cache_dir

    return user_cache_dir() / f"{_CATALOG}.json"


def read_table_cache(digest: str) -> dict[Key, str] | None:
    """The table stored for the ``.ts`` whose digest is ``digest``; None when there is none."""
    try:
        stored = json.loads(table_cache_file().read_bytes())
        if not isinstance(stored, dict) or stored.get("ts") != digest:
            return None
        table: dict[Key, str] = {}
        for row in stored["rows"]:
            if (
                not isinstance(row, list)
                or len(row) != 4
                or not all(isinstance(t, str) for t in row)
            ):
                return None
            table[(row[0], row[1], row[2])] = row[3]
    except (OSError, ValueError, KeyError, TypeError):  # missing, not JSON, not ours
        return None
    return table


def write_table_cache(digest: str, table: Mapping[Key, str]) -> None:
    """Keep ``table`` for the next start (nothing happens when it cannot be written)."""
    from ascend_studio._atomic import atomic_write_text

    rows = [[*key, text] for key, text in table.items()]
    target = table_cache_file()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(target, json.dumps({"ts": digest, "rows": rows}, ensure_ascii=False))
    except OSError:
        pass


def _compiled_from(ts: Path, stamp: Path) -> bool:
    """The ``.qm`` was built from this very ``.ts`` (a stale one would hide new text)."""
    try:
        return stamp.read_text(encoding="utf-8").strip() == source_digest(ts.read_bytes())
    except OSError:
        return False


def app_translator(parent: QObject | None = None) -> QTranslator:
    """The Chinese translator of the app: the compiled ``.qm`` when fresh, else the ``.ts``."""
    ts, qm, stamp = translation_files()
    if (not ts.exists() or _compiled_from(ts, stamp)) and qm.exists():
        compiled = QTranslator(parent)
        if compiled.load(str(qm)):
            return compiled
    return TableTranslator(_ts_table(ts), parent)


def qt_translation_folders() -> list[str]:
    """Where Qt's own translations (file dialogs, message-box buttons) may be.

    Qt's configured folder first; then PySide6's own ``Qt/translations`` (a
    bundle or a relocated install can leave the configured path pointing nowhere).
    """
    folders = [QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)]
    import PySide6

    folders.append(str(Path(PySide6.__file__).parent / "Qt" / "translations"))
    return [f for i, f in enumerate(folders) if f and f not in folders[:i]]


_installed: list[QTranslator] = []
#: The language whose translators are installed (none installed: English).
_current: list[Language] = ["en"]


def current_language() -> Language:
    """The language :func:`apply_language` last installed (English: none installed)."""
    return _current[0]


def apply_language(lang: Language) -> None:
    """Install the translators for ``lang``; widgets then retranslate themselves.

    Asking again for the language in place does nothing: every installed or
    removed translator sends every widget a LanguageChange event.
    """
    app = QCoreApplication.instance()
    if app is None or _current[0] == lang:
        return
    _current[0] = lang
    for old in _installed:
        QCoreApplication.removeTranslator(old)
        old.deleteLater()
    _installed.clear()
    if lang == "zh":
        qt_base = QTranslator(app)
        if any(qt_base.load("qtbase_zh_CN", folder) for folder in qt_translation_folders()):
            _installed.append(qt_base)
        _installed.append(app_translator(app))
        for translator in _installed:
            QCoreApplication.installTranslator(translator)
