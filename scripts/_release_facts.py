"""Turn per-release atoms (and per-commit atoms) into the validity table's TOML text.

A fact holds in a set of releases. It is written as a span over the releases in date
order: ``since`` (the first that has it), ``removed`` (the first after the last that
has it) and ``missing`` (releases in between that lack it: release branches cut
before it, or a line where it came and went), which the catalog loader expands back
into the exact set.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable

from _release_atoms import REQUIRED
from _release_knowledge import MOVES, OWNER_PATHS, REPLACED, note_toml
from _toml import inline, string

__all__ = ["history_changes", "span", "validity_toml"]

Change = dict[str, str]


def span(having: set[str], order: list[str]) -> dict[str, object]:
    """since / removed / missing of the releases in ``having`` over ``order``."""
    index = [i for i, ref in enumerate(order) if ref in having]
    if not index:
        raise ValueError("a fact held by no release")
    first, last = index[0], index[-1]
    out: dict[str, object] = {"since": order[first]}
    if last + 1 < len(order):
        out["removed"] = order[last + 1]
    missing = [order[i] for i in range(first, last + 1) if order[i] not in having]
    if missing:
        out["missing"] = missing
    return out


Entry = tuple[str, str, set[str], Callable[[str, bool], "str | None"]]


def history_changes(
    histories: list[tuple[str, list[Entry], Callable[[str], str], str]],
) -> dict[str, dict[str, Change]]:
    """atom -> {"added": change, "gone": change} along the concatenated histories.

    A change landed by a merge names the commit on the merged side that made it
    (``merged`` is then the merge on the main branch). A change at the first commit
    of a later repository carries ``after``: the date of the last commit of the one
    before, its branch's newest commit (the history in between is not public).
    """
    timeline: list[tuple[str, Entry, str, Callable[[str], str]]] = []
    previous_end = ""
    for repo, commits, date_of, tip in histories:
        for n, entry in enumerate(commits):
            timeline.append((repo, entry, previous_end if n == 0 else "", date_of))
        previous_end = tip
    out: dict[str, dict[str, Change]] = {}
    last_seen: dict[str, int] = {}
    for i, (_, entry, _, _) in enumerate(timeline):
        for atom in entry[2]:
            if atom not in out:
                out[atom] = {"added": _change(timeline[i], atom, True)}
            last_seen[atom] = i
    for atom, i in last_seen.items():
        if i + 1 < len(timeline):
            out[atom]["gone"] = _change(timeline[i + 1], atom, False)
    return out


def _change(item: tuple[str, Entry, str, Callable[[str], str]], atom: str, present: bool) -> Change:
    repo, (commit, date, _, origin), after, date_of = item
    change = {"repo": repo, "commit": commit[:10], "date": date}
    side = origin(atom, present)
    if side is not None:
        change = {"repo": repo, "commit": side[:10], "date": date_of(side), "merged": commit[:10]}
    if after:
        change["after"] = after
    return change


def _held(by_release: dict[str, set[str]], atom: str) -> set[str]:
    return {ref for ref, found in by_release.items() if atom in found}


def _spanned(
    atom: str,
    order: list[str],
    by_release: dict[str, set[str]],
    changes: dict[str, dict[str, Change]],
) -> dict[str, object]:
    out = span(_held(by_release, atom), order)
    for which in ("added", "gone"):
        if which in changes.get(atom, {}) and (which == "added" or "removed" in out):
            out[which] = changes[atom][which]
    return out


def _fields(out: dict[str, object]) -> list[str]:
    return [f"{key} = {inline(value)}" for key, value in out.items()]


def _keyword_entries(order, by_release, changes) -> Iterable[str]:  # type: ignore[no-untyped-def]
    every = set().union(*by_release.values())
    for atom in sorted(a for a in every if a.startswith("kw\t")):
        _, owner, name = atom.split("\t")
        path = f"{OWNER_PATHS[owner]}.{name}" if OWNER_PATHS[owner] else name
        lines = ["[[keyword]]", f"path = {string(path)}", f"owner = {string(owner)}"]
        lines.append(f"name = {string(name)}")
        lines += _fields(_spanned(atom, order, by_release, changes))
        lines += _replacement(f"keyword {path}")
        defaults = []
        for d_atom in sorted(a for a in every if a.startswith(f"def\t{owner}\t{name}\t")):
            value = json.loads(d_atom.split("\t")[3])
            entry: dict[str, object] = {}
            if value == REQUIRED:
                entry["required"] = True
            elif isinstance(value, dict) and set(value) == {"expr"}:
                entry["source"] = value["expr"]
            elif isinstance(value, list | dict):
                entry["source"] = repr(value)
            elif value is not None:
                entry["value"] = value
            entry.update(span(_held(by_release, d_atom), order))
            defaults.append(entry)
        defaults.sort(key=lambda d: order.index(str(d["since"])))
        lines.append("defaults = [\n" + "".join(f"  {inline(d)},\n" for d in defaults) + "]")
        yield "\n".join(lines)


def _key_entries(order, by_release, changes) -> Iterable[str]:  # type: ignore[no-untyped-def]
    every = set().union(*by_release.values())
    keys = sorted({a.split("\t")[1] for a in every if a.startswith(("read\t", "write\t"))})
    for key in keys:
        lines = ["[[key]]", f"key = {string(key)}"]
        for kind, name in (("read", "read"), ("write", "written")):
            atom = f"{kind}\t{key}"
            if atom in every:
                lines.append(f"{name} = {inline(_spanned(atom, order, by_release, changes))}")
        fields = []
        prefix = (
            f"rfield\t{key}\t"
            if any(a.startswith(f"rfield\t{key}\t") for a in every)
            else f"wfield\t{key}\t"
        )
        for f_atom in sorted(a for a in every if a.startswith(prefix)):
            fields.append(
                {"field": f_atom.split("\t")[2], **span(_held(by_release, f_atom), order)}
            )
        fields.sort(key=lambda d: order.index(str(d["since"])))
        lines.append("fields = [\n" + "".join(f"  {inline(d)},\n" for d in fields) + "]")
        lines += _checks(key, order, by_release, every)
        lines += _replacement(f"key {key}")
        yield "\n".join(lines)


def _checks(
    key: str, order: list[str], by_release: dict[str, set[str]], every: set[str]
) -> list[str]:
    """How the reader treats a write to another member than it reads, where it checks."""
    checks = [
        {"check": a.split("\t")[2], **span(_held(by_release, a), order)}
        for a in sorted(every)
        if a.startswith(f"rcheck\t{key}\t")
    ]
    if not checks:
        return []
    checks.sort(key=lambda d: order.index(str(d["since"])))
    return ["checks = [\n" + "".join(f"  {inline(d)},\n" for d in checks) + "]"]


def _value_entries(order, by_release, changes) -> Iterable[str]:  # type: ignore[no-untyped-def]
    every = set().union(*by_release.values())
    for path in sorted({a.split("\t")[1] for a in every if a.startswith("chk\t")}):
        lines = ["[[values]]", f"path = {string(path)}"]
        checked = _spanned(f"chk\t{path}", order, by_release, changes)
        lines.append(f"checked = {inline(checked)}")
        items = []
        for v_atom in sorted(a for a in every if a.startswith(f"val\t{path}\t")):
            items.append({"value": json.loads(v_atom.split("\t")[2]),
                          **_spanned(v_atom, order, by_release, changes)})  # fmt: skip
        items.sort(key=lambda d: (order.index(str(d["since"])), str(d["value"])))
        lines.append("items = [\n" + "".join(f"  {inline(d)},\n" for d in items) + "]")
        yield "\n".join(lines)


def _replacement(subject: str) -> list[str]:
    known = REPLACED.get(subject)
    if known is None:
        return []
    target, note = known
    lines = [f"replaced_by = {string(target)}"] if target else []
    moves = MOVES.get(subject)
    if moves is not None:
        lines.append(f"moves = {string(moves[0])}")
        if moves[1] is not None:
            lines.append(f"moved_value = {string(moves[1])}")
    return [*lines, f"note = {note_toml(note)}"]


HEADER = """\
# Generated by scripts/derive_releases.py from the public TF Adapter release folders
# (and, for the commits, the git history of Ascend/tensorflow and hicann/tensorflow).
# Edit the script, not this file. A fact holds from `since` up to (not including)
# `removed`, except in the releases listed in `missing`; `added` and `gone` name the
# first public commit that has it and the first one without it.
"""


def validity_toml(
    order: list[str], by_release: dict[str, set[str]], changes: dict[str, dict[str, Change]]
) -> str:
    parts = [HEADER]
    for entries in (_keyword_entries, _key_entries, _value_entries):
        parts += [entry + "\n" for entry in entries(order, by_release, changes)]
    return "\n".join(parts)
