"""What the user's edits do to the profile: each one an undoable step.

The form's fields, the environment table, the toolbar's target and the Reset
actions hand their change to these functions, which make the new profile and
give it to the window's model (``ui/_model.py``) with its undo text; the model's
change then refreshes every view (the window's ``refresh``). Connected when the
document exists (``ui/_deferred.py``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import Qt

from ascend_studio.ui._i18n import tr
from ascend_studio.ui._ports import Window
from ascend_studio.ui._snapshot import ENV_SECTION

if TYPE_CHECKING:
    from ascend_studio.profile import Value
    from ascend_studio.rules import Fix
    from ascend_studio.ui._actions import Controls
    from ascend_studio.ui._core import Engine
    from ascend_studio.ui._form import FormView
    from ascend_studio.ui._nav import CategoryNav

__all__ = [
    "apply_fix",
    "change_target",
    "edit_env",
    "edit_value",
    "fix_all_safe",
    "reset_all",
    "reset_category",
    "reset_field",
]


class _Window(Window, Protocol):
    """The window as its edits see it: the document, and the toolbar's target, the
    navigation's category and the form's rows that they read or flash."""

    @property
    def engine(self) -> Engine: ...
    @property
    def controls(self) -> Controls: ...
    @property
    def nav(self) -> CategoryNav: ...
    @property
    def form(self) -> FormView: ...
    def refresh_target(self) -> None: ...


def edit_value(window: _Window, path: str, value: Value | None, coalesce: bool) -> None:
    """A field's new value (``None``: unset); ``coalesce``: typing, one step per field."""
    if isinstance(value, float) and not math.isfinite(value):
        return  # inf/nan have no Python literal: the exported snippet would not run
    profile = window.model.profile
    after = profile.without_value(path) if value is None else profile.with_value(path, value)
    from ascend_studio.ui.companion import drop_stale_text

    after = drop_stale_text(profile, after, path)
    text = tr("Edit {name}").format(name=path)
    window.model.edit(after, text, merge_key=path if coalesce else None)


def edit_env(window: _Window, env: dict[str, str | None], shell: frozenset[str]) -> None:
    """The environment table's whole new mapping; ``shell``: values kept as shell text."""
    verbatim = tuple(sorted(n for n in shell if env.get(n) is not None))
    after = window.model.profile.model_copy(update={"env": dict(env), "env_verbatim": verbatim})
    window.model.edit(after, tr("Edit environment"))


def change_target(window: _Window) -> None:
    """The product, scenario, surface and release chosen in the toolbar (None: not
    named). Only what the user changed is named: a scenario graph_run_mode names stays
    unnamed."""
    from ascend_studio.profile import target_of

    profile = window.model.profile
    shown = target_of(profile)
    c = window.controls
    after = profile
    if (product := c.product.currentData()) != shown.product:
        after = after.with_product(product)
    if (scenario := c.scenario.currentData()) != shown.scenario:
        after = after.with_scenario(scenario)
    if (surface := c.surface.currentData()) != shown.surface:
        after = after.with_surface(surface)
    release = c.release.currentData()
    if _release_id(window, release) != _release_id(window, after.release):
        after = after.with_release(release)
    if after == profile:  # e.g. "not named" while graph_run_mode names the scenario
        window.refresh_target()
        return
    window.model.edit(after, tr("Change target"))


def _release_id(window: _Window, name: str | None) -> str | None:
    """The release a name resolves to (an alias and its id are the same choice)."""
    if name is None:
        return None
    try:
        return window.catalog.history.resolve(name).id
    except ValueError:
        return name


def reset_field(window: _Window, path: str) -> None:
    profile = window.model.profile
    prefix = path + "."
    values = {k: v for k, v in profile.values.items() if k != path and not k.startswith(prefix)}
    after = profile.model_copy(update={"values": values})
    window.model.edit(after, tr("Reset {name}").format(name=path))


def reset_category(window: _Window, key: str | None = None) -> None:
    """Every value of category ``key`` (by default the navigation's current one),
    once the user confirms."""
    if key is None:
        current = window.nav.currentItem()
        key = str(current.data(Qt.ItemDataRole.UserRole)) if current is not None else None
    if not key:
        return
    profile = window.model.profile
    if key == ENV_SECTION:
        name, after = tr("Environment variables"), profile.model_copy(update={"env": {}})
    else:
        in_cat = {p.path for p in window.catalog.in_category(key)}
        name = next(c.name.get(window.lang) for c in window.catalog.categories if c.id == key)
        values = {k: v for k, v in profile.values.items() if k not in in_cat}
        after = profile.model_copy(update={"values": values})
    if after == profile:
        return
    question = tr("Reset every value in {name}?").format(name=name)
    from ascend_studio.ui import _dialogs

    if _dialogs.confirm(window.as_widget(), tr("Reset category"), question):
        window.model.edit(after, tr("Reset {name}").format(name=name))


def reset_all(window: _Window) -> None:
    """Every value and environment variable, once the user confirms."""
    profile = window.model.profile
    after = profile.model_copy(update={"values": {}, "env": {}, "extra_kwargs": ()})
    if after == profile:
        return
    question = tr("Reset every value and environment variable of this profile?")
    from ascend_studio.ui import _dialogs

    if _dialogs.confirm(window.as_widget(), tr("Reset all"), question):
        window.model.edit(after, tr("Reset all"))


def apply_fix(window: _Window, fix: Fix) -> None:
    """One fix of a finding (a link, a Remove or Rename button) as one undoable step;
    the status bar says what changed and the rows it changed flash."""
    from ascend_studio.rules import apply_fix as applied

    profile = window.model.profile
    try:
        after = applied(profile, fix)
    except ValueError as exc:  # the value is gone meanwhile, or a number cannot be kept
        window.show_status(tr("Cannot apply the fix: {reason}").format(reason=exc))
        return
    title = fix.title.get(window.lang)
    window.model.edit(after, tr("Fix: {title}").format(title=title))
    window.show_status(tr("Fixed: {title}. Undo with Ctrl+Z.").format(title=title))
    window.form.flash_rows(fix.keys)


def fix_all_safe(window: _Window) -> None:
    """Every safe fix, in rounds as ``validate --fix`` applies them, as one undoable step."""
    fixed = window.engine.fix_all_safe(window.model.profile)
    if not fixed.applied:
        window.show_status(tr("No safe fix to apply."))
        return
    count = len(fixed.applied)
    window.model.edit(fixed.profile, tr("Fix all safe problems ({count})").format(count=count))
    titles = "; ".join(fix.title.get(window.lang) for _finding, fix in fixed.applied)
    window.show_status(
        tr("Fixed {count}: {titles}. Undo with Ctrl+Z.").format(count=count, titles=titles), 15000
    )
    window.form.flash_rows(key for _f, fix in fixed.applied for key in fix.keys)
