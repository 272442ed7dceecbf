"""How release facts are worded in findings (both languages), from the validity data."""

from __future__ import annotations

from ascend_studio.schema import KeywordFact, Release, ReleaseIndex, Span, Text

__all__ = ["gone_short", "gone_text", "release_label", "retired_fact", "where_text"]


def release_label(release: Release) -> Text:
    """``7.0.0.alpha003 (2023-12)``, ``r1.15.0 (2023-11)``: what the user can look up."""
    text = f"{release.short} ({release.month})"
    return Text.of(text, text)


def where_text(history: ReleaseIndex, span: Span) -> Text:
    return history.where(span)


def gone_text(history: ReleaseIndex, fact: KeywordFact) -> Text:
    """When and where ``fact`` went: the commit when the history shows it."""
    assert fact.removed is not None
    first_without = history.get(fact.removed)
    change = fact.gone
    if change is None:
        return Text.of(
            f"{first_without.short}（{first_without.month}）起已删除",
            f"gone from {first_without.short} ({first_without.month}) on",
        )
    commit = f"{change.repo} {change.commit[:8]}"
    if change.after:
        return Text.of(
            f"在 {change.after} 与 {change.date} 之间删除（其间的历史未公开；{commit}），"
            f"{first_without.short} 起已没有",
            f"removed between {change.after} and {change.date} (the history in between is "
            f"not public; {commit}); not in {first_without.short} on",
        )
    return Text.of(
        f"已于 {change.date[:7]} 删除（提交 {commit}），{first_without.short} 起已没有",
        f"removed in {change.date[:7]} (commit {commit}); not in {first_without.short} on",
    )


def gone_short(fact: KeywordFact) -> Text:
    """``removed in 2022-11 (Ascend/tensorflow 78ecc222)``, when the history shows it."""
    change = fact.gone
    if change is None:
        return Text.of("已删除", "removed")
    commit = f"{change.repo} {change.commit[:8]}"
    if change.after:
        return Text.of(
            f"在 {change.after[:7]} 与 {change.date[:7]} 之间删除（其间历史未公开）",
            f"removed between {change.after[:7]} and {change.date[:7]} (no public history "
            "in between)",
        )
    return Text.of(
        f"{change.date[:7]} 删除（{commit}）", f"removed in {change.date[:7]} ({commit})"
    )


def retired_fact(history: ReleaseIndex, owner: str, name: str) -> KeywordFact | None:
    """The keyword fact of ``owner(name=...)`` when some release had that keyword."""
    for fact in history.keywords():
        if fact.owner == owner and fact.name == name:
            return fact
    return None
