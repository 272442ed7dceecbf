"""Derive the release table and every configuration fact's validity from the public code.

    python scripts/derive_releases.py [--releases DIR] [--history REPO=GITDIR ...] [--check]

Reads the public release folders (``DIR/<ref>/`` and ``DIR/../releases.tsv``; by
default ``$ASCEND_STUDIO_TF_ADAPTER/../releases`` or ``../shared/tf_adapter/releases``
beside the clone) and writes ``resources/catalog/releases.toml`` (id, date, commit,
the CANN version where public, and the evidence) and ``resources/catalog/validity.toml``
(for every constructor keyword and sub-config field, session key, checked value and
default: the releases that have it). With ``--history`` (the git directories of
Ascend/tensorflow and hicann/tensorflow, oldest first), each fact also gets the
commit that added it and the one that removed it, from the first-parent history of
their main branches. ``--check`` compares instead of writing (exit 1 on a difference).

Only facts are taken over (names, defaults, key names, value lists); no code or text
of the adapter is copied. What replaced a removed keyword is the one hand-kept part
(``_release_knowledge.py``), each with the commit that shows it.
"""

from __future__ import annotations

import argparse
import csv
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from _release_atoms import FILES, atoms
from _release_facts import history_changes, validity_toml
from _release_knowledge import release_rows

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "resources" / "catalog"


def default_releases() -> Path:
    named = os.environ.get("ASCEND_STUDIO_TF_ADAPTER")
    if named:  # current/ or current/tf_adapter/: releases/ is beside current/
        for up in Path(named).resolve().parents[:2]:
            if (up / "releases.tsv").is_file():
                return up / "releases"
    return ROOT.parent / "shared" / "tf_adapter" / "releases"


def read_table(folder: Path) -> list[dict[str, str]]:
    """``releases.tsv``, oldest first (ties keep the file's order)."""
    with (folder.parent / "releases.tsv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    return sorted(rows, key=lambda row: row["date"])


def tree_texts(root: Path) -> dict[str, str]:
    found = {}
    for short, rel in FILES.items():
        path = root / rel
        if path.is_file():
            found[short] = path.read_text(encoding="utf-8", errors="replace")
    return found


def _git(gitdir: Path, *args: str) -> str:
    return subprocess.run(
        ["git", f"--git-dir={gitdir}", *args], check=True, capture_output=True, text=True
    ).stdout


class History:
    """The first-parent history of one branch, read through ``git cat-file``."""

    def __init__(self, repo: str, gitdir: Path, branch: str = "master") -> None:
        self.repo, self.gitdir = repo, gitdir
        self._atoms: dict[str, set[str]] = {}
        log = _git(gitdir, "log", "--first-parent", "--reverse", "--format=%H %P", branch,
                   "--", *FILES.values())  # fmt: skip
        self.commits = [line.split() for line in log.splitlines()]

    def atoms_of(self, commit: str) -> set[str]:
        if commit not in self._atoms:
            texts = {}
            for short, rel in FILES.items():
                shown = subprocess.run(
                    ["git", f"--git-dir={self.gitdir}", "show", f"{commit}:{rel}"],
                    check=False,
                    capture_output=True,
                    text=True,
                    errors="replace",
                )
                if shown.returncode == 0:
                    texts[short] = shown.stdout
            self._atoms[commit] = atoms(texts)
        return self._atoms[commit]

    def date(self, commit: str) -> str:
        return _git(self.gitdir, "log", "-1", "--format=%cs", commit).strip()

    def origin(self, merge: list[str], atom: str, present: bool) -> str | None:
        """The commit on the merged side of ``merge`` that made ``atom`` (dis)appear."""
        if len(merge) < 3:
            return None
        side = _git(self.gitdir, "log", "--reverse", "--format=%H", f"{merge[1]}..{merge[2]}",
                    "--", *FILES.values()).split()  # fmt: skip
        for commit in side:
            if (atom in self.atoms_of(commit)) == present:
                return commit
        return None

    def timeline(self) -> list[tuple[str, str, set[str], Callable[[str, bool], str | None]]]:
        out = []
        for entry in self.commits:
            commit = entry[0]
            out.append((commit, self.date(commit), self.atoms_of(commit),
                        lambda atom, present, e=entry: self.origin(e, atom, present)))  # fmt: skip
        return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--releases", type=Path, default=None)
    parser.add_argument("--history", action="append", default=[], metavar="REPO=GITDIR")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    folder = (args.releases or default_releases()).resolve()
    if not (folder.parent / "releases.tsv").is_file():
        print(f"derive_releases: no releases.tsv beside {folder}", file=sys.stderr)
        return 2
    table = read_table(folder)
    by_release = {row["ref"]: atoms(tree_texts(folder / row["ref"])) for row in table}
    histories = []
    for spec in args.history:
        repo, _, gitdir = spec.partition("=")
        history = History(repo, Path(gitdir))
        histories.append((repo, history.timeline(), history.date, history.date("master")))
    changes = history_changes(histories)
    forks = {}
    for repo, gitdir in (s.partition("=")[::2] for s in args.history):
        if repo == "Ascend/tensorflow":
            forks = fork_points(Path(gitdir), [row["ref"] for row in table])
    outputs = {
        "releases.toml": release_rows(table, forks),
        "validity.toml": validity_toml([row["ref"] for row in table], by_release, changes),
    }
    return write_or_check(outputs, args.check)


def fork_points(gitdir: Path, refs: list[str]) -> dict[str, tuple[str, str, str]]:
    """Branch -> (fork commit, its date, the newest CANN-named tag the branch contains)."""
    out: dict[str, tuple[str, str, str]] = {}
    for ref in refs:
        if not ref.startswith("r"):
            continue
        base = _git(gitdir, "merge-base", ref, "master").strip()
        date = _git(gitdir, "log", "-1", "--format=%cs", base).strip()
        tags = [
            t for t in _git(gitdir, "tag", "--merged", ref).split() if t.count("_") >= 2
        ]  # tfa_v0.0.N_<CANN>
        tags.sort(key=lambda t: int(t.split("_")[1].rsplit(".", 1)[1]))
        out[ref] = (base[:10], date, tags[-1] if tags else "")
    return out


def write_or_check(outputs: dict[str, str], check: bool) -> int:
    status = 0
    for name, text in outputs.items():
        path = OUT / name
        if check:
            current = path.read_text(encoding="utf-8") if path.is_file() else ""
            if current != text:
                print(
                    f"derive_releases: {path} differs from what the sources give", file=sys.stderr
                )
                status = 1
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
