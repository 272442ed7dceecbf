"""The docks follow edits incrementally and show what a view built afresh shows.

Each dock does work in proportion to what an edit changed (the Why panel replaces
the blocks of the parts of its page that changed, Compare updates the rows whose
difference changed, the output paths resolve again only when a value they read
changed); after any run of edits each shows exactly what a fresh one shows.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTextBrowser, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from ascend_studio.paths import load_artifacts, resolve
from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog, Parameter
from ascend_studio.ui.compare import CompareView
from ascend_studio.ui.inspector import InspectorView
from ascend_studio.ui.inspector._inputs import path_inputs
from ascend_studio.ui.why import WhyPanel, _patch, why_html
from ascend_studio.ui.why import _panel as why_panel


def _values(param: Parameter) -> list[Any]:
    """A few values of the parameter's type (the first two differ)."""
    if param.values:
        return [v.value for v in param.values[:3]]
    return {
        "int": [7, 68, 1200],
        "float": [0.5, 2.0],
        "bool": [True, False],
    }.get(param.py_type, ["/x/y", "/data/out", "a,b"])


def _editable(catalog: Catalog) -> list[Parameter]:
    return [p for p in catalog.params if p.kind not in {"subconfig", "object"}]


def _random_edits(catalog: Catalog, seed: int, count: int) -> list[Profile]:
    """Profiles after each of ``count`` random edits: values set, changed and unset,
    environment variables, the product and the scenario."""
    rng = random.Random(seed)
    params = _editable(catalog)
    profile = Profile(product="atlas_training")
    out = []
    for _ in range(count):
        roll = rng.random()
        if roll < 0.7:
            param = rng.choice(params)
            profile = profile.with_value(param.path, rng.choice(_values(param)))
        elif roll < 0.8 and profile.values:
            profile = profile.without_value(rng.choice(sorted(profile.values)))
        elif roll < 0.9:
            name = rng.choice(["ASCEND_WORK_PATH", "HCCL_EXEC_TIMEOUT", "ASCEND_DEVICE_ID"])
            profile = profile.with_env(name, rng.choice(["/data/w", "1200", "3", None]))
        else:
            products = [p.id for p in catalog.products]
            profile = profile.with_target(
                product=rng.choice(products), scenario=rng.choice(["training", "inference"])
            )
        out.append(profile)
    return out


# -- output paths ------------------------------------------------------------------------------
def test_path_inputs_hold_everything_the_paths_read(catalog: Catalog) -> None:
    """Two profiles with equal path inputs resolve to the same paths: every value of
    every parameter changed in turn, on a profile with every value set."""
    artifacts = load_artifacts()
    base = Profile(product="atlas_training").with_env("ASCEND_WORK_PATH", "/data/w")
    for param in _editable(catalog):
        base = base.with_value(param.path, _values(param)[0])
    paths = resolve(base, None, None, catalog, artifacts)
    inputs = path_inputs(base, artifacts)
    reached = 0
    for param in _editable(catalog):
        for value in _values(param)[1:]:
            edited = base.with_value(param.path, value)
            if path_inputs(edited, artifacts) == inputs:
                assert resolve(edited, None, None, catalog, artifacts) == paths, param.path
            else:
                reached += 1
    assert reached >= 10  # the parameters that do place artifacts count


def test_the_inspector_after_random_edits_is_a_fresh_one(
    qtbot: QtBot, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = InspectorView(catalog, Profile())
    qtbot.addWidget(view)
    view.resize(1200, 900)
    view.show()
    refreshed: list[Profile] = []
    original = view.refresh
    monkeypatch.setattr(view, "refresh", lambda: (refreshed.append(view.profile), original()))
    profiles = _random_edits(catalog, seed=3, count=60)
    for profile in profiles:
        view.set_profile(profile)
        fresh = resolve(profile, view.context_editor.environment(profile), None, catalog)
        assert view.model.resolutions() == fresh
    assert 0 < len(refreshed) < len(profiles)  # edits the paths do not read: no work


# -- compare -----------------------------------------------------------------------------------
def _tree(view: CompareView) -> list[tuple[Any, ...]]:
    rows: list[tuple[Any, ...]] = []

    def read(item: QTreeWidgetItem) -> None:
        rows.append(tuple((item.text(c), item.toolTip(c)) for c in range(3)))
        for index in range(item.childCount()):
            child = item.child(index)
            if child is not None:
                read(child)

    for index in range(view.tree.topLevelItemCount()):
        top = view.tree.topLevelItem(index)
        if top is not None:
            read(top)
    return rows


def test_compare_after_random_edits_is_a_fresh_one(qtbot: QtBot, catalog: Catalog) -> None:
    saved = _random_edits(catalog, seed=11, count=30)[-1]
    view = CompareView(catalog)
    qtbot.addWidget(view)
    view.show()
    view.set_saved(saved)
    view.compare_with("saved")
    for number, profile in enumerate(_random_edits(catalog, seed=5, count=50)):
        view.set_profile(profile)
        if number % 10 == 9:
            view.set_language("zh" if view.lang == "en" else "en")
        fresh = CompareView(catalog)
        qtbot.addWidget(fresh)
        fresh.set_language(view.lang)
        fresh.set_saved(saved)
        fresh.compare_with("saved")
        fresh.set_profile(profile)
        fresh.show()
        assert _tree(view) == _tree(fresh), number
        fresh.close()


# -- why ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", ["hccl_timeout", "precision_mode", "dump_config.dump_path"])
def test_the_why_page_after_random_edits_is_a_fresh_one(
    qtbot: QtBot, catalog: Catalog, monkeypatch: pytest.MonkeyPatch, path: str
) -> None:
    """Random edits, the shown parameter's among them, and a language switch: the
    page is the one set anew, and edits that keep its parts patch those parts."""
    panel = WhyPanel(catalog, Profile())
    qtbot.addWidget(panel)
    panel.resize(500, 800)
    panel.show()
    panel.set_parameter(path)
    whole: list[str] = []
    parts: list[bool] = []
    monkeypatch.setattr(
        why_panel,
        "patch_document",
        lambda doc, page: (whole.append(page), _patch.patch_document(doc, page))[1],
    )
    monkeypatch.setattr(
        why_panel,
        "patch_sections",
        lambda *args: (parts.append(done := _patch.patch_sections(*args)), done)[1],
    )
    fresh = QTextBrowser()
    qtbot.addWidget(fresh)
    rng = random.Random(path)
    param = catalog.param(path)
    edits = _random_edits(catalog, seed=len(path), count=40)
    for number, edited in enumerate(edits):
        profile = edited
        if number % 3 == 0:  # the shown parameter itself
            profile = edited.with_value(path, rng.choice(_values(param)))
        if number == 20:
            panel.set_language("zh")
        panel.set_profile(profile)
        fresh.setHtml(why_html(catalog, panel.artifacts, profile, path, panel.lang))
        assert panel.browser.toHtml() == fresh.toHtml(), number
    assert any(parts)  # the parts that changed, replaced in place
    assert len(whole) <= parts.count(False)  # the whole page only where parts did not do


def _every_value(catalog: Catalog) -> Profile:
    profile = Profile(product="atlas_training").with_env("HCCL_EXEC_TIMEOUT", "1200")
    for param in _editable(catalog):
        profile = profile.with_value(param.path, _values(param)[0])
    return profile


def test_an_edit_of_the_shown_parameter_compares_only_the_blocks_it_changed(
    qtbot: QtBot, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With every value set, an edit of hccl_timeout changes a few words of two parts
    (its value, effective value and a rule's message): only the blocks of the chunks
    of markup that changed are compared, and the page is a fresh one."""
    panel = WhyPanel(catalog, _every_value(catalog))
    qtbot.addWidget(panel)
    panel.resize(500, 800)
    panel.show()
    panel.set_parameter("hccl_timeout")
    compared: list[int] = []
    monkeypatch.setattr(
        _patch, "_alike", lambda *args, f=_patch._alike: (compared.append(1), f(*args))[1]
    )
    fresh = QTextBrowser()
    qtbot.addWidget(fresh)
    for value in (600, 668, 736, 804):  # pages of the same shape (the same rules apply)
        compared.clear()
        panel.set_profile(panel.profile.with_value("hccl_timeout", value))
        fresh.setHtml(why_html(catalog, panel.artifacts, panel.profile, "hccl_timeout", "en"))
        assert panel.browser.toHtml() == fresh.toHtml(), value
        if value > 668:  # the parts are found at the second edit, then used
            assert any(panel._lined), value
            assert 0 < len(compared) <= 6, value  # of the 17 blocks of those two parts


def test_the_why_panel_does_nothing_for_an_edit_that_does_not_reach_its_page(
    qtbot: QtBot, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    panel = WhyPanel(catalog, _every_value(catalog))
    qtbot.addWidget(panel)
    panel.show()
    panel.set_parameter("hccl_timeout")
    work: list[str] = []
    for name in ("patch_sections", "patch_document"):
        monkeypatch.setattr(why_panel, name, lambda *args, n=name: bool(work.append(n)))
    monkeypatch.setattr(panel.browser, "setHtml", lambda html: work.append("setHtml"))
    page = panel.browser.toHtml()
    panel.set_profile(panel.profile.with_value("dump_config.dump_path", "/data/other"))
    assert work == [] and panel.browser.toHtml() == page


# -- the previews' exports ---------------------------------------------------------------------
def test_exports_after_random_edits_are_fresh_exports(catalog: Catalog) -> None:
    """The exporters keep the lines of keywords and diagnostics an edit left alone (the
    same objects); after any run of edits each format's text is a fresh export's, in
    both languages and with the options the app and the command line use."""
    from ascend_studio.codegen import ExportError, ExportOptions, _diag, _export_py, export_text
    from ascend_studio.rules import Evaluator

    evaluator = Evaluator(catalog)
    options = [
        ExportOptions(),
        ExportOptions(lang="zh"),
        ExportOptions(with_defaults=True, env_paths=True),
    ]
    edits = _random_edits(catalog, seed=3, count=120)
    for number, profile in enumerate([_every_value(catalog), *edits]):
        diagnostics = tuple(evaluator.evaluate(profile))
        for fmt in ("py", "sess", "tf2", "env"):
            chosen = options[number % len(options)]
            try:
                kept = export_text(profile, fmt, chosen, catalog, diagnostics)
            except ExportError:
                continue
            _export_py._WRITTEN.clear()
            _diag._WRITTEN.clear()
            assert kept == export_text(profile, fmt, chosen, catalog, diagnostics), (number, fmt)


def test_an_edit_writes_again_only_the_keyword_it_reached(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ascend_studio.codegen import ExportOptions, _export_py, export_text

    profile = _every_value(catalog)
    export_text(profile, "py", ExportOptions(), catalog, ())
    written: list[str] = []
    original = _export_py.value_source
    monkeypatch.setattr(
        _export_py,
        "value_source",
        lambda arg, path, options: (written.append(path), original(arg, path, options))[1],
    )
    edited = profile.with_value("hccl_timeout", 700)
    text = export_text(edited, "py", ExportOptions(), catalog, ())
    # the sub-config objects' names are made anew by each export (a few short lines)
    assert [p for p in written if catalog.param(p).kind != "subconfig"] == ["hccl_timeout"]
    assert "    hccl_timeout=700," in text.splitlines()


def test_the_previews_keep_two_exports_worth_of_answers_however_long_one_types(
    catalog: Catalog,
) -> None:
    """Typing writes the preview again from new values and new findings on each key:
    what the latest two exports read is kept, nothing older, so the memory held stays
    the same over any number of edits."""
    from ascend_studio.codegen import ExportOptions, _diag, _export_py, export_text
    from ascend_studio.rules import Evaluator

    evaluator = Evaluator(catalog)
    profile = _every_value(catalog)
    sizes = []
    for timeout in range(700, 1300):
        profile = profile.with_value("hccl_timeout", timeout)
        export_text(profile, "py", ExportOptions(), catalog, evaluator.evaluate(profile))
        sizes.append((len(_export_py._WRITTEN), len(_diag._WRITTEN)))
    assert sizes[-1][0] <= sizes[1][0] + 2, sizes[:3]  # the edited keyword, twice at most
    assert sizes[-1][1] <= 2 * max(1, sizes[1][1]), sizes[:3]


def test_compare_tells_its_tree_only_of_the_text_an_edit_changed(
    qtbot: QtBot, catalog: Catalog
) -> None:
    """An edit of one compared value changes that row's text: the tree hears of that
    text alone (each datum it hears of measures the row again), and of nothing for
    an edit that changes no row."""
    saved = Profile(product="atlas_training")
    view = CompareView(catalog)
    qtbot.addWidget(view)
    view.show()
    view.set_saved(saved)
    view.compare_with("saved")
    view.set_profile(_every_value(catalog))
    heard: list[list[int]] = []
    view.tree.model().dataChanged.connect(lambda _a, _b, roles: heard.append(list(roles)))
    view.set_profile(view.current.with_value("hccl_timeout", 700))
    assert heard and all(Qt.ItemDataRole.DisplayRole in roles for roles in heard), heard
    assert len(heard) == 1
    heard.clear()
    view.set_profile(view.current.with_value("hccl_timeout", 700))  # the same value again
    assert heard == []
