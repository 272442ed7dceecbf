"""Which of a rule's fixes a finding offers, and the words the user reads for them.

:func:`offered` is the one place that decides whether a fix may be offered in an
evaluation context: every edit must name something the profile has (a key to
remove or rename) and the catalog knows (a parameter to set), and a rename may
not overwrite a value the user set. A check that depends on more of the target
(such as the release a parameter first appears in) belongs here too, so that no
rule, command or view suggests what the target lacks.
"""

from __future__ import annotations

from functools import lru_cache

from ascend_studio.rules._context import Ctx
from ascend_studio.rules._extras import find_extra
from ascend_studio.rules._fix import Edit, Fix, MoveKey, RemoveKey, RenameKey, SetValue
from ascend_studio.rules._model import Hit, Rule
from ascend_studio.schema import Text

__all__ = ["fix_words", "offered", "offered_fixes", "said"]


def _present(ctx: Ctx, key: str) -> bool:
    if key.startswith("env:"):
        return key[4:] in ctx.env
    return ctx.uses(key) or find_extra(ctx.profile, key) is not None  # a value, fields, a kept one


def _allowed(ctx: Ctx, edit: Edit) -> bool:
    if isinstance(edit, SetValue):
        return edit.path in ctx.ix.facts
    if isinstance(edit, RemoveKey):
        return _present(ctx, edit.key)
    if isinstance(edit, RenameKey | MoveKey):
        return (
            _present(ctx, edit.key)
            and edit.new in ctx.ix.facts
            and edit.new not in ctx.values
            and edit.new != edit.key
        )
    return True


def offered(ctx: Ctx, fix: Fix) -> bool:
    """Whether ``fix`` can be carried out on this profile and suits its target."""
    return all(_allowed(ctx, edit) for edit in fix.edits)


def offered_fixes(rule: Rule, ctx: Ctx, hit: Hit) -> tuple[Fix, ...]:
    """The rule's fixes for ``hit`` that this context offers, each once, preferred first."""
    if rule.fixes is None:
        return ()
    found: list[Fix] = []
    for fix in rule.fixes(ctx, hit):
        if offered(ctx, fix) and all(fix.edits != f.edits for f in found):
            found.append(fix)
    return tuple(found)


def said(text: Text | None) -> Text | None:
    """None for a text that applies only to some hits and is empty for this one."""
    return text if text is not None and text.zh.strip() and text.en.strip() else None


@lru_cache(maxsize=4096)  # the same fixes come back at every evaluation of an edited profile
def fix_words(fixes: tuple[Fix, ...], hint: Text | None, also: Text | None = None) -> Text | None:
    """The fix as the user reads it: each fix's title ("Remove X; or rename X to Y."),
    then what else the user may do (``also``); when no fix is offered, the rule's hint
    of what to do by hand."""
    hint, also = said(hint), said(also)
    if not fixes:
        return hint
    zh = "；或".join(f.title.zh for f in fixes) + "。"
    en = "; or ".join(f.title.en[:1].lower() + f.title.en[1:] for f in fixes)
    en = en[:1].upper() + en[1:] + "."
    if also is not None:
        zh, en = f"{zh}{also.zh}", f"{en} {also.en}"
    return Text.of(zh, en)
