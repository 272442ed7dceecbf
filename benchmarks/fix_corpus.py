"""``validate --fix`` over real training scripts: does every fixed script still hold up?

Usage: ``python benchmarks/fix_corpus.py CORPUS [--unsafe] [--json] [--keep DIR]``
where CORPUS is the ``TensorFlow/built-in`` folder of a checkout of the public
repository Ascend/ModelZoo-TensorFlow (not part of CI: it needs that checkout).

CORPUS is copied to a scratch folder first (the original is never written), and
every training and env script there (the selection of ``benchmarks/corpus.py``)
is fixed by what ``validate --fix`` runs for one file (``lint._fixrun.fix_file``:
the same selection of findings, the apply machinery, the guarded atomic write).
Each file that changed is then checked:

* it still parses (Python: ``ast.parse``; shell: ``bash -n``) when the original did;
* it imports back to what the fixes meant: every configuration a fix touched reads
  back with the values, kept keywords and environment of the intended profile;
* only edited lines differ: every line removed or added names something a fix
  edited (a keyword, a key, a variable, the sub-config class a new field needs).

Prints the figures (files, fixes per rule, fixes that could not be written, and
each failed check with its file); exit status 1 when any check fails.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import json
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import selected

from ascend_studio.codegen import import_text
from ascend_studio.lint._fixrun import FileFix, FixOptions, fix_file
from ascend_studio.lint._settings import CommandLine, settings_for
from ascend_studio.profile import Profile
from ascend_studio.rules import Edit, Fix, RemoveKey, RenameKey, SetEnv, SetValue, UnsetEnv
from ascend_studio.rules._extras import find_extra
from ascend_studio.schema import SUBCONFIG_PATHS, shipped_catalog

__all__ = ["Figures", "check_file", "main"]


@dataclass
class Figures:
    files: int = 0
    changed: int = 0
    fixes: Counter[str] = field(default_factory=Counter)
    not_written: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    unparsable: list[str] = field(default_factory=list)
    readback: list[str] = field(default_factory=list)
    stray_lines: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def failed(self) -> bool:
        return bool(self.unparsable or self.readback or self.stray_lines)

    def as_json(self) -> dict[str, Any]:
        return {
            "files": self.files,
            "changed": self.changed,
            "fixes": dict(self.fixes.most_common()),
            "not_written": dict(self.not_written.most_common()),
            "problems": self.problems,
            "unparsable": self.unparsable,
            "readback": self.readback,
            "stray_lines": self.stray_lines,
            "seconds": round(self.seconds, 1),
        }


def _parses(text: str, path: Path) -> bool:
    if path.suffix == ".py":
        try:
            ast.parse(text)
        except (SyntaxError, ValueError):
            return False
        return True
    done = subprocess.run(["bash", "-n"], input=text, text=True, capture_output=True, check=False)
    return done.returncode == 0


def _names(edit: Edit) -> set[str]:
    """What the edited lines may spell: the names of what ``edit`` touches."""
    catalog = shipped_catalog()
    found: set[str] = set()
    keys: list[str] = []
    if isinstance(edit, SetValue):
        keys = [edit.path]
    elif isinstance(edit, RemoveKey):
        keys = [edit.key]
    elif isinstance(edit, RenameKey):
        keys = [edit.key, edit.new]
    elif isinstance(edit, SetEnv | UnsetEnv):
        found.add(edit.name)
    for key in keys:
        found.add(key.rpartition(".")[2] or key)
        parts = key.split(".")
        found.update(parts)  # a new sub-config call names its holder
        param = catalog.param(key) if catalog.has(key) else None
        if param is not None and param.session is not None:
            found.add(param.session.key)
        found.update(cls for cls, holder in SUBCONFIG_PATHS.items() if key.startswith(holder))
    return found


def _stray(before: str, after: str, fixes: list[Fix]) -> list[str]:
    """Changed lines that name nothing the fixes edited: each run of changed lines (a
    statement spread over several lines goes as one) must name an edited thing."""
    names = {name for fix in fixes for edit in fix.edits for name in _names(edit)}
    names |= {"import", "pass"}  # a class a new field needs; a block a removal emptied
    old, new = before.splitlines(), after.splitlines()
    stray: list[str] = []
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        lines = [f"-{row}" for row in old[i1:i2]] + [f"+{row}" for row in new[j1:j2]]
        if not any(name in row for row in lines for name in names):
            stray += lines
    return stray


def _same(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b  # True, 1 and 1.0 are written differently


def _same_reading(want: Profile, got: Profile, keys: set[str]) -> list[str]:
    """Where ``got`` (the fixed script read back) differs from ``want`` at ``keys`` (what
    this configuration's fixes edited: a fix to another configuration may change an
    object the two share, and says so)."""
    problems = []
    for key in sorted(keys):
        if key.startswith("env:"):
            if want.env.get(key[4:], "-") != got.env.get(key[4:], "-"):
                problems.append(f"{key}: {want.env.get(key[4:])!r} != {got.env.get(key[4:])!r}")
        elif find_extra(want, key) != find_extra(got, key):
            problems.append(f"{key}: kept as {find_extra(want, key)}, read {find_extra(got, key)}")
        elif not _same(want.values.get(key), got.values.get(key)):
            problems.append(f"{key}: {want.values.get(key)!r} != {got.values.get(key)!r}")
    return problems


def check_file(path: Path, result: FileFix, figures: Figures) -> None:
    """Add ``result`` (``path`` as fixed) to the figures, with every check."""
    shown = result.shown
    if result.problem is not None:
        figures.problems.append(f"{shown}: {result.problem}")
    for _, finding, _fix in result.applied:
        figures.fixes[finding.rule_id] += 1
    for _, finding, _fix in result.failed:
        figures.not_written[finding.rule_id] += 1
    if result.after == result.before:
        return
    figures.changed += 1
    if _parses(result.before, path) and not _parses(result.after, path):
        figures.unparsable.append(shown)
    fixed = result.fixed
    if fixed is not None:
        configs = import_text(result.after, str(path)).configs
        for number, want in sorted(fixed.intended.items()):
            got = configs[number - 1].profile_as_written() if number <= len(configs) else Profile()
            keys = {k for n, _, fix in result.applied if n == number for k in fix.keys}
            for problem in _same_reading(want, got, keys):
                figures.readback.append(f"{shown} [{number}]: {problem}")
    fixes = [fix for _, _, fix in result.applied]
    figures.stray_lines += [
        f"{shown}: {line}" for line in _stray(result.before, result.after, fixes)
    ]


def run(corpus: Path, scratch: Path, unsafe: bool) -> Figures:
    shutil.copytree(corpus, scratch, symlinks=True, dirs_exist_ok=True)
    figures = Figures()
    catalog = shipped_catalog()
    options = FixOptions(unsafe=unsafe, write=True, backup=False)
    start = time.perf_counter()
    for path in selected(scratch):
        figures.files += 1
        settings = settings_for(path, CommandLine())
        result = fix_file(path, str(path.relative_to(scratch)), settings, catalog, options)
        check_file(path, result, figures)
    figures.seconds = time.perf_counter() - start
    return figures


def _print(figures: Figures, unsafe: bool) -> None:
    kind = "safe and unsafe" if unsafe else "safe"
    print(f"validate --fix ({kind} fixes): {figures.files} files, {figures.changed} changed, ")
    print(f"  {sum(figures.fixes.values())} fixes applied in {figures.seconds:.0f} s")
    for rule_id, count in figures.fixes.most_common():
        print(f"  {count:>6}  {rule_id}")
    if figures.not_written:
        print(f"  {sum(figures.not_written.values())} chosen fixes could not be written:")
        for rule_id, count in figures.not_written.most_common():
            print(f"  {count:>6}  {rule_id}")
    for label, items in (
        ("files that could not be fixed", figures.problems),
        ("no longer parse", figures.unparsable),
        ("do not read back as intended", figures.readback),
        ("lines changed that no fix edited", figures.stray_lines),
    ):
        print(f"{len(items)} {label}")
        for item in items[:20]:
            print(f"  {item}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--unsafe", action="store_true", help="the unsafe fixes too")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--keep", type=Path, help="scratch folder to keep (default: a temporary one)"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="fix-corpus-") as temp:
        scratch = args.keep or Path(temp) / "corpus"
        figures = run(args.corpus, scratch, args.unsafe)
    if args.json:
        print(json.dumps(figures.as_json(), indent=2, ensure_ascii=False))
    else:
        _print(figures, args.unsafe)
    return 1 if figures.failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
