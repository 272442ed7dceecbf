"""The previews, the Export menu and the highlighter read the format descriptors."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtWidgets import QWidget

from ascend_studio.codegen import (
    ExportFormat,
    ExportOptions,
    export_formats,
    register_format,
    unregister_format,
)
from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog, Text
from ascend_studio.ui._highlight import RuleHighlighter, ShellHighlighter
from ascend_studio.ui._previews import changed_spans
from ascend_studio.ui._window import MainWindow


def _export_yaml_env(
    profile: Profile, catalog: Catalog, options: ExportOptions, diagnostics: Sequence[Any]
) -> str:
    return "".join(f"{k}: {v}\n" for k, v in sorted(profile.env.items()))


SYNTHETIC = ExportFormat(
    id="yaml-env",
    suffix=".yml",
    language="yaml",
    label=Text.of("YAML 环境变量", "YAML env"),
    summary="a YAML map",
    export=_export_yaml_env,
    order=45,
)


@pytest.fixture
def synthetic() -> Iterator[ExportFormat]:
    register_format(SYNTHETIC)
    yield SYNTHETIC
    unregister_format(SYNTHETIC.id)


def test_a_registered_format_gets_a_preview_tab(synthetic: ExportFormat, make_window: Any) -> None:
    window: MainWindow = make_window("zh")
    shown = sorted((f for f in export_formats() if f.preview), key=lambda f: f.order)
    assert list(window.previews.tabs) == [f.id for f in shown]
    assert "yaml-env" in window.previews.tabs
    page = window.previews.tabs["yaml-env"]
    index = window.previews.indexOf(page)
    assert window.previews.tabText(index) == "YAML 环境变量"
    assert window.previews.tabToolTip(index) == "yaml-env"
    highlighter = page.highlighter
    assert type(highlighter) is RuleHighlighter and highlighter.rules  # the yaml rules
    window.model.edit(window.model.profile.with_env("A", "1"), "edit")
    assert window.previews.text("yaml-env") == "A: 1\n"
    window.set_language("en")
    assert window.previews.tabText(index) == "YAML env"


def test_the_export_menu_offers_it_with_its_suffix(
    synthetic: ExportFormat,
    make_window: Any,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    from ascend_studio.ui import _dialogs

    window: MainWindow = make_window("en")
    offered: list[str] = []

    def choose(_parent: Any, _title: str, _label: str, items: list[str]) -> int:
        offered.extend(items)
        return items.index("YAML env (yaml-env)")

    asked: list[str] = []

    def ask(_parent: Any, _title: str, start: str, _filter: str) -> Path:
        asked.append(start)
        return tmp_path / "out.yml"

    monkeypatch.setattr(_dialogs, "choose_item", choose)
    monkeypatch.setattr(_dialogs, "ask_save_path", ask)
    assert window.files.export()
    assert "Kubernetes env (k8s)" in offered
    assert asked[0].endswith("npu_config.yml")
    assert (tmp_path / "out.yml").read_text(encoding="utf-8") == ""


def test_shell_formats_get_the_quote_aware_highlighter(make_window: Any) -> None:
    window: MainWindow = make_window("en")
    assert type(window.previews.tabs["sh"].highlighter) is ShellHighlighter
    assert type(window.previews.tabs["py"].highlighter) is RuleHighlighter


def test_one_edit_runs_the_rules_once_for_the_form_and_every_preview(
    make_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ascend_studio import rules

    window: MainWindow = make_window("en")
    calls: list[Profile] = []
    real = rules.evaluate
    real_again = rules.Evaluator.evaluate

    def counting(profile: Profile, catalog: Catalog | None = None) -> Any:
        calls.append(profile)
        return real(profile, catalog)

    def counting_again(self: Any, profile: Profile, **options: Any) -> Any:
        calls.append(profile)  # the app's document evaluator (only what changed runs)
        return real_again(self, profile, **options)

    monkeypatch.setattr(rules, "evaluate", counting)
    monkeypatch.setattr(rules.Evaluator, "evaluate", counting_again)
    window.model.edit(window.model.profile.with_env("ASCEND_DEVICE_ID", "x"), "edit")
    assert len(calls) == 1
    assert "ASCEND_DEVICE_ID='x'" in window.previews.text("sh")  # its rule comment is there


def test_formats_that_do_not_fit_as_tabs_are_listed_whole(qtbot: Any, catalog: Catalog) -> None:
    from PySide6.QtWidgets import QApplication

    from ascend_studio.ui._core import Engine
    from ascend_studio.ui._previews import PreviewPane

    pane = PreviewPane()
    qtbot.addWidget(pane)
    pane.set_formats(Engine(catalog).formats())
    pane.resize(360, 400)  # what a 1280x800 window leaves the previews
    pane.show()
    qtbot.waitExposed(pane)
    assert pane.compact and not pane.tabBar().isVisible()
    chooser = pane.chooser
    assert chooser.isVisible()
    labels = [chooser.itemText(i) for i in range(chooser.count())]
    assert labels == [pane.tabText(i) for i in range(pane.count())]  # every name whole
    chooser.activated.emit(labels.index(pane.tabs["sh"].info.label.get("en")))
    assert pane.currentWidget() is pane.tabs["sh"]
    pane.show_format("sess")  # the list follows what is shown
    assert chooser.currentText() == pane.tabs["sess"].info.label.get("en")
    assert chooser.parentWidget() is pane.tabs["sess"]
    pane.resize(1400, 400)
    QApplication.processEvents()
    assert not pane.compact and pane.tabBar().isVisible() and not chooser.isVisible()


@given(
    st.lists(st.sampled_from(["", "a", "b", "cc", "中文"]), max_size=8),
    st.lists(st.sampled_from(["", "a", "b", "cc", "中文"]), max_size=8),
)
def test_changed_spans_turn_one_text_into_the_other(old: list[str], new: list[str]) -> None:
    before, after = "\n".join(old), "\n".join(new)
    pieces, at = [], 0
    for start, end, piece in changed_spans(before, after):
        assert at <= start <= end
        pieces += [before[at:start], piece]
        at = end
    assert "".join(pieces) + before[at:] == after


def test_a_preview_lays_out_and_highlights_only_the_lines_that_changed(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A product switch changes the header and a few findings far below: the lines
    between them are not highlighted again."""
    from ascend_studio.ui._core import FormatInfo
    from ascend_studio.ui._previews import _Preview

    seen: list[str] = []
    original = RuleHighlighter.highlightBlock

    def counted(self: RuleHighlighter, text: str) -> None:
        seen.append(text)
        original(self, text)

    # before the highlighter is made: PySide looks its override up once
    monkeypatch.setattr(RuleHighlighter, "highlightBlock", counted)
    host = QWidget()
    qtbot.addWidget(host)
    page = _Preview(FormatInfo("py", Text.of("Python", "Python"), ".py", "python", True), host)
    host.show()
    qtbot.waitExposed(host)
    lines = [f"x_{n} = {n}  # note" for n in range(300)]
    page.set_text("\n".join(lines))
    assert len(seen) >= 300
    seen.clear()
    lines[1] = "# Product: another"
    lines[250:252] = ["# error: not here", "#   fix: remove it", lines[250]]
    del lines[280]
    page.set_text("\n".join(lines))
    assert page.text.toPlainText() == "\n".join(lines)
    assert len(seen) <= 8, seen


def test_a_preview_takes_many_changed_lines_in_one_pass(qtbot: Any) -> None:
    """A language switch rewrites every comment: the text comes out whole all the same."""
    from ascend_studio.ui._core import FormatInfo
    from ascend_studio.ui._previews import _SPANS_APART, _Preview, changed_spans

    host = QWidget()
    qtbot.addWidget(host)
    page = _Preview(FormatInfo("py", Text.of("Python", "Python"), ".py", "python", True), host)
    lines = [f"x_{n} = {n}  # note" for n in range(300)]
    page.set_text("\n".join(lines))
    before = "\n".join(lines)
    for n in range(0, 300, 3):
        lines[n] = f"# 注释 {n}"
    after = "\n".join(lines)
    assert len(changed_spans(before, after)) > _SPANS_APART
    page.set_text(after)
    assert page.text.toPlainText() == after


@given(
    st.lists(st.sampled_from(["a = 1", "# 注释", "# — note", "b = '😀'", "", "c"]), max_size=12),
    st.lists(st.sampled_from(["a = 1", "# 注释", "# — note", "b = '😀'", "", "d"]), max_size=12),
)
def test_a_preview_replaces_spans_in_text_outside_ascii(old: list[str], new: list[str]) -> None:
    """Each changed span lands where it belongs in a text with characters Qt counts as
    one or two UTF-16 units: the document shows the new text whole."""
    from ascend_studio.ui._core import FormatInfo
    from ascend_studio.ui._previews import _Preview

    host = QWidget()
    page = _Preview(FormatInfo("py", Text.of("Python", "Python"), ".py", "python", True), host)
    for text in ("\n".join(old), "\n".join(new), "\n".join(old)):
        page.set_text(text)
        assert page.text.toPlainText() == text
    host.deleteLater()
