"""What a full evaluation remembers from one evaluation to the next gives what
making it again gives: rendered messages, parsed literals, the findings' fields."""

from __future__ import annotations

import dataclasses

from rule_cases import P
from test_api import full_profile

from ascend_studio.profile import Expr
from ascend_studio.rules import Diagnostic, evaluate
from ascend_studio.rules._context import literal_of
from ascend_studio.rules._model import render, txt


def test_a_rendered_message_tells_one_true_and_one_point_zero_apart() -> None:
    """1 == True == 1.0 as keys; the messages differ."""
    template = txt("值 {value}", "value {value}")
    shown = [render(template, {"value": v}).en for v in (1, True, 1.0, 1, True)]
    assert shown == ["value 1", "value True", "value 1.0", "value 1", "value True"]


def test_a_rendered_message_follows_each_language_of_a_text_value() -> None:
    template = txt("产品 {product}", "product {product}")
    one = render(template, {"product": txt("甲", "A")})
    other = render(template, {"product": txt("乙", "A")})
    assert (one.zh, one.en) == ("产品 甲", "product A")
    assert (other.zh, other.en) == ("产品 乙", "product A")
    assert render(template, {}).en == "product …"


def test_a_rendered_message_is_its_template_when_nothing_is_filled() -> None:
    template = txt("无占位符", "no placeholder")
    assert render(template, {"value": 1}) is template


def test_a_parsed_literal_list_is_never_shared() -> None:
    first = literal_of("[1, 2]", None)
    assert isinstance(first, list)
    first.append(3)
    assert literal_of("[1, 2]", None) == [1, 2]


def test_a_parsed_text_answers_the_same_each_time() -> None:
    default = Expr(expr="make_it()")
    for _ in range(2):
        assert literal_of("make_it()", default) is default
        assert literal_of("None", default) is default
        assert literal_of("8", None) == 8
        assert literal_of("True", None) is True
        assert literal_of("1", None) is not True


def test_every_finding_has_every_field_and_equals_its_copy() -> None:
    names = {f.name for f in dataclasses.fields(Diagnostic)}
    for diag in evaluate(full_profile()):
        assert set(vars(diag)) == names
        copy = dataclasses.replace(diag)
        assert copy == diag and hash(copy) == hash(diag) and repr(copy) == repr(diag)


def test_evaluating_again_gives_the_same_findings() -> None:
    for profile in (full_profile(), P({"precision_mode": "force_fp16"}), P({})):
        first = evaluate(profile)
        again = evaluate(profile)
        assert again == first and repr(again) == repr(first)
