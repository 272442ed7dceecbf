"""The diagnostics list updates in place: only entries whose finding changed are redrawn."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QLabel

from ascend_studio.schema import Text
from ascend_studio.ui import _diaglist
from ascend_studio.ui._core import Finding
from ascend_studio.ui._diaglist import DiagnosticsList


def finding(rule: str, en: str, severity: Any = "warning") -> Finding:
    return Finding(rule, severity, (f"{rule}_param",), Text.of(f"中文 {en}", en))


def texts(view: DiagnosticsList) -> list[str]:
    out = []
    for row in range(view.count()):
        label = view.itemWidget(view.item(row))
        assert isinstance(label, QLabel)
        out.append(label.text())
    return out


@pytest.fixture
def view(qtbot: Any) -> DiagnosticsList:
    widget = DiagnosticsList()
    qtbot.addWidget(widget)
    widget.resize(400, 300)
    widget.show()
    return widget


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[Finding]:
    """Every finding whose entry text is made."""
    seen: list[Finding] = []
    original = _diaglist._entry_html

    def spy(found: Finding, severity: str, lang: Any) -> str:
        seen.append(found)
        return original(found, severity, lang)

    monkeypatch.setattr(_diaglist, "_entry_html", spy)
    return seen


def test_an_edit_redraws_only_the_finding_that_changed(
    view: DiagnosticsList, drawn: list[Finding]
) -> None:
    first = tuple(finding(f"r{i}", f"message {i}") for i in range(30))
    view.show_findings(first)
    assert len(drawn) == 30
    drawn.clear()
    changed = finding("r7", "message 7, now different")
    view.show_findings((*first[:7], changed, *first[8:]))
    assert drawn == [changed]
    assert "now different" in texts(view)[7] and "message 8" in texts(view)[8]


def test_a_new_language_redraws_every_entry(view: DiagnosticsList, drawn: list[Finding]) -> None:
    shown = (finding("a", "alpha", "error"), finding("b", "beta"))
    view.show_findings(shown)
    drawn.clear()
    view.set_language("zh")
    assert len(drawn) == 2
    assert all("中文" in text for text in texts(view))
    view.set_language("en")
    assert not any("中文" in text for text in texts(view))


def test_entries_come_and_go_in_severity_order(view: DiagnosticsList) -> None:
    view.show_findings((finding("w", "warn"), finding("e", "err", "error")))
    view.show_findings((finding("i", "note", "info"), finding("e", "err", "error")))
    listed = texts(view)
    assert len(listed) == 2 and "err" in listed[0] and "note" in listed[1]
