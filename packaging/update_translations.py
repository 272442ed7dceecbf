"""Extract the UI's translatable strings and merge them into the Qt Linguist files.

Run it after changing UI text, translate the new entries (marked ``unfinished``)
in ``pyside6-linguist`` or any editor, and commit the ``.ts``::

    python packaging/update_translations.py              # merge into resources/translations/*.ts
    python packaging/update_translations.py --check      # exit 1 when a .ts is out of date
    python packaging/update_translations.py --no-obsolete  # also drop entries gone from the code

Why not ``pyside6-lupdate``: it files module-level ``tr("...")`` calls under the
empty context, while our ``tr`` translates in the ``AscendStudio`` context, and it
skips strings inside f-strings, so the compiled ``.qm`` would miss most of our
chrome. This script reads the code with :mod:`ast` and knows every form we use:
``tr(text)`` and ``QT_TR_NOOP(text)`` (context ``AscendStudio``), ``self.tr(text)``
(context: the enclosing class, as PySide looks it up), and
``QCoreApplication.translate(context, text)`` / ``QT_TRANSLATE_NOOP(context, text)``.

The merge keeps every existing translation. Entries new in the code are added
as ``unfinished``; entries gone from the code become ``vanished`` (translated)
or ``obsolete`` (untranslated), as lupdate does, and come back if the text
returns. Locations name the file only, so editing code does not churn the file.
"""

from __future__ import annotations

import argparse
import ast
import os
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from xml.etree import ElementTree

ROOT = Path(__file__).resolve().parent.parent
UI = ROOT / "ascend_studio" / "ui"
TRANSLATIONS = ROOT / "resources" / "translations"
#: The context of ``ascend_studio.ui._i18n.tr`` (a test checks they agree).
DEFAULT_CONTEXT = "AscendStudio"
_APP_CLASSES = {"QCoreApplication", "QGuiApplication", "QApplication"}
_GONE = {"vanished", "obsolete"}


@dataclass(frozen=True)
class Found:
    """One translatable literal in the code."""

    context: str
    source: str
    comment: str
    path: Path
    line: int

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.context, self.source, self.comment)


@dataclass
class Message:
    """One entry of a ``.ts`` file (the parts this project uses)."""

    context: str
    source: str
    comment: str = ""
    translation: str = ""
    kind: str = ""  # "" (finished), "unfinished", "vanished" or "obsolete"
    files: tuple[str, ...] = ()
    translator_comment: str = ""

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.context, self.source, self.comment)


# -- extraction -----------------------------------------------------------------------------
def _text(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _built_at_run_time(node: ast.expr) -> bool:
    """An f-string, a concatenation or a ``.format()`` call: no translation can match it."""
    if isinstance(node, ast.JoinedStr | ast.BinOp):
        return True
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "format"
    )


class _Scanner(ast.NodeVisitor):
    def __init__(self, path: Path) -> None:
        self.path = path
        self.classes: list[str] = []
        self.found: list[Found] = []
        self.problems: list[str] = []

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.classes.append(node.name)
        self.generic_visit(node)
        self.classes.pop()

    def visit_Call(self, node: ast.Call) -> None:
        marker = self._marker(node)
        if marker is not None:
            context, text, comment = marker
            source = _text(text)
            if source is not None:
                found = Found(context, source, _text(comment) or "", self.path, node.lineno)
                self.found.append(found)
            elif _built_at_run_time(text):
                self.problems.append(
                    f"{self.path}:{node.lineno}: the text is built before translation "
                    "(use a literal with {placeholders} and .format() the result)"
                )
        self.generic_visit(node)

    def _marker(self, node: ast.Call) -> tuple[str, ast.expr, ast.expr | None] | None:
        """(context, text node, disambiguation node) of a translation call, else None."""
        func, args = node.func, node.args
        arg = args[1] if len(args) > 1 else None
        if isinstance(func, ast.Name) and args:
            if func.id in {"tr", "QT_TR_NOOP"}:
                return DEFAULT_CONTEXT, args[0], arg
            context = _text(args[0])
            if func.id == "QT_TRANSLATE_NOOP" and context is not None and len(args) > 1:
                return context, args[1], args[2] if len(args) > 2 else None
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and args:
            if func.attr == "tr" and func.value.id == "self":
                return (self.classes[-1] if self.classes else ""), args[0], arg
            context = _text(args[0])
            is_translate = func.attr == "translate" and func.value.id in _APP_CLASSES
            if is_translate and context is not None and len(args) > 1:
                return context, args[1], args[2] if len(args) > 2 else None
        return None


def extract(root: Path = UI) -> tuple[list[Found], list[str]]:
    """Every translatable literal under ``root`` (in file and line order) and any misuse."""
    found: list[Found] = []
    problems: list[str] = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        scanner = _Scanner(rel)
        scanner.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        found += scanner.found
        problems += scanner.problems
    return found, problems


# -- the .ts file -------------------------------------------------------------------------------
def read_ts(path: Path) -> tuple[str, list[Message]]:
    """(language, messages) of a Linguist file (no numerus forms: the UI uses none)."""
    root = ElementTree.parse(path).getroot()
    messages = []
    for context in root.iter("context"):
        name = context.findtext("name") or ""
        for node in context.iter("message"):
            translation = node.find("translation")
            message = Message(
                context=name,
                source=node.findtext("source") or "",
                comment=node.findtext("comment") or "",
                translation=(translation.text or "") if translation is not None else "",
                kind=translation.get("type", "") if translation is not None else "unfinished",
                files=tuple(loc.get("filename", "") for loc in node.iter("location")),
                translator_comment=node.findtext("translatorcomment") or "",
            )
            messages.append(message)
    return root.get("language", ""), messages


def _escape(text: str) -> str:
    """Escape as Qt's own TS writer does, so saving in Linguist changes nothing."""
    out = []
    for ch in text:
        code = ord(ch)
        if ch in _ENTITIES:
            out.append(_ENTITIES[ch])
        elif (code < 0x20 and ch not in "\n\t") or (code > 0x7F and ch.isspace()):
            out.append(f"&#x{code:x};")
        else:
            out.append(ch)
    return "".join(out)


_ENTITIES = {'"': "&quot;", "'": "&apos;", "&": "&amp;", "<": "&lt;", ">": "&gt;"}


def _message_lines(message: Message) -> Iterator[str]:
    yield "    <message>"
    for name in message.files:
        yield f'        <location filename="{_escape(name)}"/>'
    yield f"        <source>{_escape(message.source)}</source>"
    if message.comment:
        yield f"        <comment>{_escape(message.comment)}</comment>"
    if message.translator_comment:
        yield f"        <translatorcomment>{_escape(message.translator_comment)}</translatorcomment>"
    kind = f' type="{message.kind}"' if message.kind else ""
    yield f"        <translation{kind}>{_escape(message.translation)}</translation>"
    yield "    </message>"


def render_ts(language: str, messages: Iterable[Message]) -> str:
    """TS 2.1 text: contexts by name, messages in the order given."""
    by_context: dict[str, list[Message]] = {}
    for message in messages:
        by_context.setdefault(message.context, []).append(message)
    lines = [
        '<?xml version="1.0" encoding="utf-8"?>',
        "<!DOCTYPE TS>",
        f'<TS version="2.1" language="{_escape(language)}" sourcelanguage="en">',
    ]
    for context in sorted(by_context):
        lines += ["<context>", f"    <name>{_escape(context)}</name>"]
        for message in by_context[context]:
            lines += _message_lines(message)
        lines.append("</context>")
    lines.append("</TS>")
    return "\n".join(lines) + "\n"


# -- merging --------------------------------------------------------------------------------------
@dataclass
class Counts:
    kept: int = 0
    new: int = 0
    gone: int = 0
    dropped: int = 0
    unfinished: int = 0


def merge(
    old: list[Message], found: list[Found], ts_dir: Path, *, keep_gone: bool = True
) -> tuple[list[Message], Counts]:
    """The messages of the code, with the translations of ``old`` wherever the key matches."""
    files: dict[tuple[str, str, str], list[str]] = {}
    for item in found:
        name = Path(os.path.relpath(ROOT / item.path, ts_dir)).as_posix()
        names = files.setdefault(item.key, [])
        if name not in names:
            names.append(name)
    previous = {message.key: message for message in old}
    counts = Counts()
    merged = []
    for key, names in files.items():
        message = previous.pop(key, None)
        if message is None:
            message = Message(*key, kind="unfinished")
            counts.new += 1
        else:
            revived = {"vanished": "", "obsolete": "unfinished"}
            message = replace(message, kind=revived.get(message.kind, message.kind))
            counts.kept += 1
        merged.append(replace(message, files=tuple(names)))
    for message in previous.values():
        if not keep_gone:
            counts.dropped += 1
            continue
        kind = message.kind
        if kind not in _GONE:  # lupdate's words: translated -> vanished, else obsolete
            kind = "vanished" if kind == "" and message.translation else "obsolete"
        merged.append(replace(message, kind=kind, files=()))
        counts.gone += 1
    counts.unfinished = sum(1 for m in merged if m.kind == "unfinished")
    return merged, counts


# -- command line ---------------------------------------------------------------------------------
def update(ts_path: Path, found: list[Found], *, check: bool, keep_gone: bool) -> bool:
    """Merge into ``ts_path``; True when the file is (or, with ``check``, was) up to date."""
    language, old = read_ts(ts_path)
    merged, counts = merge(old, found, ts_path.parent, keep_gone=keep_gone)
    text = render_ts(language, merged)
    current = ts_path.read_text(encoding="utf-8")
    print(
        f"{ts_path.relative_to(ROOT)}: {len(merged)} messages, {counts.new} new, "
        f"{counts.gone} gone from the code, {counts.dropped} dropped, "
        f"{counts.unfinished} unfinished"
    )
    if text == current:
        return True
    if not check:
        sys.path.insert(0, str(ROOT))
        from ascend_studio._atomic import atomic_write_text

        atomic_write_text(ts_path, text)
    return not check


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    parser.add_argument(
        "--no-obsolete", action="store_true", help="drop entries no longer in the code"
    )
    args = parser.parse_args(argv)
    found, problems = extract()
    for problem in problems:
        print(problem, file=sys.stderr)
    ok = not problems
    for ts_path in sorted(TRANSLATIONS.glob("*.ts")):
        ok &= update(ts_path, found, check=args.check, keep_gone=not args.no_obsolete)
    if args.check and not ok:
        print("translations are out of date: run python packaging/update_translations.py")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
