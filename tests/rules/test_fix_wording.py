"""Every rule text a user reads is plain, and every fix gives the answer.

The test runs over whatever rules exist (other work adds and changes rules), so a
new rule gets the same checks: no private shorthand in its message or fix, and a
fix that names a value or an action instead of pointing somewhere vague.
"""

from __future__ import annotations

import re

import pytest
from rule_cases import CASES, script_facts

from ascend_studio.profile import Profile
from ascend_studio.rules import RULES, RULES_BY_ID, Rule, evaluate
from ascend_studio.schema import SURFACES, THROUGH

#: Words of our own notes and tables that mean nothing to a user.
INTERNAL = re.compile(
    r"\bseed\s*\d+\b|\bseed\d+|\bthe seed\b|种子文档|quiet error|NOTES\s*§|§\s*\d"
    r"|\[(?:T|R|E|W|I)\d+\]",  # table tags such as [T3]
    re.IGNORECASE,
)
#: Fixes that point at an answer without giving it (each one was shown to users).
VAGUE = re.compile(
    r"\bthe matching\b|\brecommended replacement\b|\bpick (?:a|another) value\b"
    r"|\bcheck the spelling\b|\ba valid value\b|\bthe correct value\b|^fix the file\.?$"
    r"|^use a non-negative number",
    re.IGNORECASE,
)


def _texts(rule: Rule) -> list[tuple[str, str]]:
    found = [(f"message.{lang}", rule.message.get(lang)) for lang in ("zh", "en")]
    if rule.fix is not None:
        found += [(f"fix.{lang}", rule.fix.get(lang)) for lang in ("zh", "en")]
    return found


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_no_internal_words(rule: Rule) -> None:
    for where, text in _texts(rule):
        assert not INTERNAL.search(text), f"{rule.id} {where}: {text}"


@pytest.mark.parametrize("rule", [r for r in RULES if r.fix is not None], ids=lambda r: r.id)
def test_the_fix_gives_the_answer(rule: Rule) -> None:
    assert rule.fix is not None
    text = rule.fix.en
    assert not VAGUE.search(text), f"{rule.id}: {text}"


def _fix(profile: Profile, rule_id: str) -> str:
    found = [d for d in evaluate(profile) if d.rule_id == rule_id]
    assert found, rule_id
    assert found[0].fix is not None
    return found[0].fix.en


def test_prefer_v2_names_the_value() -> None:
    fix = _fix(
        Profile().with_value("precision_mode", "allow_mix_precision"), "precision_mode.prefer_v2"
    )
    assert "precision_mode_v2='mixed_float16'" in fix
    fix = _fix(
        Profile().with_value("precision_mode", "must_keep_origin_dtype"), "precision_mode.prefer_v2"
    )
    assert "precision_mode_v2='origin'" in fix
    fix = _fix(
        Profile().with_value("precision_mode", "allow_fp32_to_fp16"), "precision_mode.prefer_v2"
    )
    assert "no value that behaves like" in fix and "keep precision_mode" in fix


def test_deprecated_says_what_to_do() -> None:
    fix = _fix(Profile().with_value("op_select_implmode", "high_precision"), "status.deprecated")
    assert fix.startswith("Remove op_select_implmode")


def test_a_value_for_another_product_lists_the_usable_ones() -> None:
    profile = Profile(product="atlas_training").with_value("precision_mode_v2", "mixed_bfloat16")
    fix = _fix(profile, "avail.value_product")
    assert "'mixed_float16'" in fix and "'mixed_bfloat16'" not in fix


def test_a_too_large_timeout_is_not_told_to_be_non_negative() -> None:
    profile = Profile(product="atlas_a2").with_value("hccl_timeout", 2**31)
    fix = _fix(profile, "range.product")
    assert "non-negative" not in fix and "2147483647" in fix


def test_rendered_fixes_fill_every_placeholder() -> None:
    """A sample of profiles that fire many rules: no ``{name}`` survives rendering."""
    samples = [
        Profile(product="atlas_training").with_value("precision_mode_v2", "mixed_bfloat16"),
        Profile(product="atlas_a2", scenario="inference")
        .with_value("precision_mode", "force_fp16")
        .with_value("op_select_implmode", "high_precision")
        .with_value("hccl_timeout", 2**31),
    ]
    for profile in samples:
        for found in evaluate(profile):
            for text in (found.message, found.fix):
                if text is not None:
                    for lang in ("zh", "en"):
                        assert not re.search(r"\{[a-z_]+\}", text.get(lang)), (found.rule_id, text)


_LITERAL = re.compile(r"\d|['\"]|\bTrue\b|\bFalse\b|\bNone\b|\w_\w|\w\*|\w\(")


@pytest.mark.parametrize(("rule_id", "firing", "quiet"), CASES, ids=[c[0] for c in CASES])
def test_every_fix_names_the_change(rule_id: str, firing: Profile, quiet: Profile) -> None:
    """A fix says what to change: a parameter or variable of the finding, or the value
    to write; never only "remove it" or "keep one of them"."""
    holds = RULES_BY_ID[rule_id].holds_on
    surface = next(s for s in ("estimator", *SURFACES) if holds & THROUGH[s])
    for d in evaluate(firing, surface=surface, **script_facts(rule_id)):  # type: ignore[arg-type]
        if d.rule_id != rule_id or d.fix is None:
            continue
        names = {p.rsplit(".", 1)[-1].removeprefix("env:") for p in d.params}
        for text in (d.fix.en, d.fix.zh):
            assert any(n in text for n in names) or _LITERAL.search(text), text
