"""Every companion format: golden text, round trips, comments kept, tolerance."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ascend_studio.companion import FORMATS, Comment, detect, file_formats, format_for, param_for
from ascend_studio.companion._aoe import KEYS, AoeConfig
from ascend_studio.companion._compress import CompressNodes
from ascend_studio.companion._debug import DebugConfig, Setting
from ascend_studio.companion._dtypes import CustomDtypes, DtypeRule
from ascend_studio.companion._fusion import FusionSwitch
from ascend_studio.companion._mixlist import ListChange, Mixlist
from ascend_studio.companion._precision import Assign, PrecisionModes, Section

GOLDEN = Path(__file__).parent / "golden"
#: Parameter -> the format of its file (the catalog's ``file_format``).
BY_PARAM = file_formats()
KINDS = sorted(BY_PARAM)

token = st.text(string.ascii_letters + string.digits + "_", min_size=1, max_size=10)
path_token = st.text(string.ascii_letters + string.digits + "_/.", min_size=1, max_size=12)
any_text = st.text(max_size=12)
comment = st.builds(
    lambda marker, body: Comment(f"{marker} {body}".strip()),
    st.sampled_from(["#"]),
    st.text(string.ascii_letters + string.digits + " _,=:;[]", max_size=16),
) | st.just(Comment(""))


def _unique(items: st.SearchStrategy[Any]) -> st.SearchStrategy[tuple[Any, ...]]:
    return st.lists(items, max_size=5, unique=True).map(tuple)


debug_docs = st.lists(
    comment
    | st.builds(
        Setting,
        st.sampled_from(["op_debug_config", "op_debug_list"]),
        st.lists(st.text(string.ascii_letters + "_:", min_size=1, max_size=9), max_size=4).map(
            tuple
        ),
    ),
    max_size=6,
).map(lambda lines: DebugConfig(tuple(lines)))
pairs = st.dictionaries(any_text, st.sampled_from(["on", "off", "On"]), max_size=4).map(
    lambda d: tuple(d.items())
)
fusion_docs = st.builds(
    FusionSwitch,
    pairs,
    pairs,
    st.dictionaries(any_text.filter(lambda k: k != "Switch"), st.integers(), max_size=2).map(
        lambda d: tuple((k, json.dumps(v)) for k, v in d.items())
    ),
)
mixlist_docs = st.dictionaries(
    st.sampled_from(["black-list", "white-list", "gray-list", "other"]),
    st.tuples(_unique(any_text), _unique(any_text)),
    max_size=3,
).map(lambda d: Mixlist(tuple(ListChange(k, a, r) for k, (a, r) in d.items())))
dtype_rules = st.builds(
    DtypeRule,
    st.booleans(),
    path_token.filter(lambda t: t.lower() != "optype"),
    st.lists(token, max_size=3).map(tuple),
    st.lists(token, min_size=1, max_size=3).map(tuple),
)
dtypes_docs = st.lists(comment | dtype_rules, max_size=6).map(
    lambda lines: CustomDtypes(tuple(lines))
)
precision_docs = st.lists(
    comment | st.builds(Section, token) | st.builds(Assign, path_token, token),
    max_size=8,
).map(lambda lines: PrecisionModes(tuple(lines)))
json_value = st.integers() | any_text | st.booleans()
aoe_docs = st.builds(
    AoeConfig,
    st.lists(any_text, max_size=3).map(tuple),
    st.lists(any_text, max_size=3).map(tuple),
    st.none() | any_text,
    st.lists(any_text, max_size=2).map(tuple),
    st.dictionaries(any_text.filter(lambda k: k not in KEYS), json_value, max_size=2).map(
        lambda d: tuple((k, json.dumps(v)) for k, v in d.items())
    ),
)
compress_docs = st.lists(
    st.text(string.ascii_letters + string.digits + "_/", min_size=1, max_size=10), max_size=6
).map(lambda nodes: CompressNodes(tuple(nodes)))

DOCS = {
    "op_debug_config": debug_docs,
    "fusion_switch_file": fusion_docs,
    "modify_mixlist": mixlist_docs,
    "customize_dtypes": dtypes_docs,
    "op_precision_mode": precision_docs,
    "aoe_config_file": aoe_docs,
    "compress_weight_conf": compress_docs,
}


def test_every_format_has_a_strategy_and_golden_files() -> None:
    assert set(DOCS) == set(BY_PARAM)
    for kind in KINDS:
        assert (GOLDEN / f"{kind}.txt").is_file()
        assert (GOLDEN / f"{kind}.written").is_file()


@pytest.mark.parametrize("kind", KINDS)
def test_round_trip_parse_of_write(kind: str) -> None:
    fmt = BY_PARAM[kind]

    @given(DOCS[kind])
    def check(doc: object) -> None:
        assert fmt.parse(fmt.write(doc)) == doc

    check()


@pytest.mark.parametrize("kind", KINDS)
def test_golden_written(kind: str) -> None:
    """The tolerant reader takes the hand-written sample; writing gives the canonical text."""
    fmt = BY_PARAM[kind]
    text = (GOLDEN / f"{kind}.txt").read_text("utf-8")
    written = fmt.write(fmt.parse(text))
    assert written == (GOLDEN / f"{kind}.written").read_text("utf-8")
    assert fmt.write(fmt.parse(written)) == written  # canonical text is a fixed point


@pytest.mark.parametrize("kind", KINDS)
def test_golden_and_template_are_clean_and_detected(kind: str) -> None:
    fmt = BY_PARAM[kind]
    for text in ((GOLDEN / f"{kind}.txt").read_text("utf-8"), fmt.template.en, fmt.template.zh):
        assert [p for p in fmt.check(text) if p.severity != "info"] == []
        assert detect(text) == BY_PARAM[kind].kind


@pytest.mark.parametrize("kind", ["op_debug_config", "op_precision_mode"])
def test_comments_survive_parse_and_write(kind: str) -> None:
    fmt = BY_PARAM[kind]
    text = (GOLDEN / f"{kind}.txt").read_text("utf-8")
    comments = [line.strip() for line in text.splitlines() if line.strip()[:1] in ("#", ";")]
    assert comments
    written = fmt.write(fmt.parse(text)).splitlines()
    assert all(c in written for c in comments)
    assert len(written) == len(text.splitlines())  # one item per line: line numbers hold


def test_dtypes_keeps_comments_but_reports_them_as_the_reader_rejects_them() -> None:
    fmt = FORMATS["dtypes"]
    text = "# by type\nOpType::Relu:InputDtype:float16\n\n"
    assert fmt.write(fmt.parse(text)) == text
    found = [(p.line, p.severity) for p in fmt.check(text)]
    assert found == [(1, "error"), (3, "error")]


def test_format_for_accepts_ids_short_names_and_parameters() -> None:
    assert format_for("debug_cfg") is FORMATS["debug_cfg"]
    assert format_for("debug") is FORMATS["debug_cfg"]
    assert format_for("op_precision_mode") is FORMATS["precision_ini"]  # through the catalog
    assert format_for("nope") is None
    assert detect("hello") is None


def test_format_ids_are_not_parameter_names_and_each_has_one_parameter() -> None:
    from ascend_studio.schema import FILE_FORMATS, shipped_catalog

    names = {p.path for p in shipped_catalog().params}
    assert set(FORMATS) == FILE_FORMATS
    assert not set(FORMATS) & names
    assert sorted(f.kind for f in BY_PARAM.values()) == sorted(FORMATS)
    assert all(param_for(f.kind) == p for p, f in BY_PARAM.items())


def test_the_docs_show_every_format_with_an_example_and_a_screenshot() -> None:
    docs = Path(__file__).resolve().parents[2] / "docs"
    page = (docs / "companion-files.md").read_text("utf-8")
    for kind in KINDS:
        assert f"### {kind}" in page
        assert f"(companion-{kind}.png)" in page
        assert (docs / f"companion-{kind}.png").is_file()


@pytest.mark.parametrize("kind", KINDS)
def test_the_docs_example_of_each_format_is_clean(kind: str) -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "companion-files.md").read_text("utf-8")
    section = page.split(f"### {kind}")[1].split("###")[0]
    match = re.search(r"```\w*\n(.*?)```", section, re.S)
    assert match is not None
    assert BY_PARAM[kind].check(match[1]) == ()
    assert detect(match[1]) == BY_PARAM[kind].kind


def test_a_misspelt_fusion_rule_gets_the_rule_it_was_meant_to_be() -> None:
    text = json.dumps(
        {
            "Switch": {
                "GraphFusion": {"ALL": "on", "SoftmaxFusionPas": "off", "MyOwnPass": "off"},
                "UBFusion": {"tbepool2dquantfusionpass": "on"},
            }
        },
        indent=4,
    )
    found = [p for p in BY_PARAM["fusion_switch_file"].check(text) if p.code == "rule_name"]
    assert [(p.line, p.severity) for p in found] == [(5, "warning"), (9, "warning")]
    assert "did you mean SoftmaxFusionPass?" in found[0].message.en
    assert "是否想写 TbePool2dQuantFusionPass？" in found[1].message.zh
    # a name nothing like a known rule may be a rule this tool does not list: it passes


def test_misspelt_debug_options_get_the_option_they_were_meant_to_be() -> None:
    from ascend_studio.profile import Profile
    from ascend_studio.rules import evaluate

    profile = Profile(
        values={"op_debug_config": "d.cfg"},
        file_contents={"op_debug_config": "op_debug_config=ccec_gg,OOM,zzz\n"},
    )
    (found,) = [d for d in evaluate(profile) if d.rule_id == "op_debug_config.unknown_option"]
    assert "ccec_gg: did you mean ccec_g?" in found.message.en
    assert "OOM: did you mean oom?" in found.message.en
    assert "zzz: did" not in found.message.en
    assert "ccec_gg 是否想写 ccec_g？" in found.message.zh
