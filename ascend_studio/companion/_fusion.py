"""``fusion_switch_file``: JSON ``{"Switch": {"GraphFusion": {...}, "UBFusion": {...}}}``.

Each section maps a fusion rule name to ``"on"`` or ``"off"``; ``"ALL"`` switches
the built-in switchable rules at once, and a named rule overrides ``ALL``. The
graph engine's reader (hicann/ge, ``fusion_config_parser.cc``) also accepts a
``Priority`` part (kept here as it is) and fails on any other top-level key, on
a section other than the two, and on a state other than on/off. A file that is
not JSON is read once more in the old line format ``RuleName:on``.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, replace
from functools import cache

from ascend_studio._resources import resource_path
from ascend_studio.companion._base import (
    Format,
    Problem,
    line_of,
    load_json,
    problem,
    token,
    value_token,
)
from ascend_studio.schema import Text

__all__ = [
    "FUSION_FORMAT",
    "SECTIONS",
    "FusionSwitch",
    "KnownRule",
    "known_rules",
    "section_line",
]

SECTIONS = ("GraphFusion", "UBFusion")
STATES = ("on", "off")


@dataclass(frozen=True)
class FusionSwitch:
    """Per section, (rule name, state) pairs in file order; names are unique."""

    graph: tuple[tuple[str, str], ...] = ()
    ub: tuple[tuple[str, str], ...] = ()
    #: Other top-level parts (``Priority``...) as (key, JSON text), kept when writing.
    extra: tuple[tuple[str, str], ...] = ()

    def section(self, name: str) -> tuple[tuple[str, str], ...]:
        return self.graph if name == "GraphFusion" else self.ub


@dataclass(frozen=True)
class KnownRule:
    """A fusion rule a fusion switch file may name."""

    section: str
    name: str
    #: Product ids where this section does not exist.
    not_on: tuple[str, ...]


@cache
def known_rules() -> tuple[KnownRule, ...]:
    import tomllib  # only when the list is needed: not at start-up

    data = tomllib.loads(resource_path("companion", "fusion_rules.toml").read_text("utf-8"))
    return tuple(
        KnownRule(section, name, tuple(body["not_on"]))
        for section, body in data["sections"].items()
        for name in body["rules"]
    )


def _pairs(value: object) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, dict):
        return ()
    return tuple((str(k), v if isinstance(v, str) else json.dumps(v)) for k, v in value.items())


def _switch(data: object) -> dict[str, object]:
    if not isinstance(data, dict):
        return {}
    inner = data.get("Switch")
    return inner if isinstance(inner, dict) else {}


def parse(text: str) -> FusionSwitch:
    data = load_json(text)[0]
    switch = _switch(data)
    extra = (
        tuple((str(k), json.dumps(v)) for k, v in data.items() if k != "Switch")
        if isinstance(data, dict)
        else ()
    )
    return FusionSwitch(_pairs(switch.get("GraphFusion")), _pairs(switch.get("UBFusion")), extra)


def write(doc: FusionSwitch) -> str:
    switch = {name: dict(doc.section(name)) for name in SECTIONS if doc.section(name)}
    data: dict[str, object] = {"Switch": switch}
    data.update((key, json.loads(value)) for key, value in doc.extra)
    return json.dumps(data, indent=4, ensure_ascii=False) + "\n"


def section_line(text: str, name: str) -> int:
    return line_of(text, f'"{name}"')


def _fails(line: int, code: str, zh: str, en: str) -> Problem:
    return problem(line, code, zh + "运行时因此失败。", en + " The runtime fails on it.", "error")


def _state_problems(text: str, doc: FusionSwitch) -> list[Problem]:
    found = []
    for name in SECTIONS:
        start = section_line(text, name)
        for rule, state in doc.section(name):
            if state.strip() not in STATES:
                found.append(
                    _fails(
                        line_of(text, f'"{rule}"', max(start - 1, 0)),
                        "state",
                        f'融合规则 {token(rule)} 的取值 {value_token(state)} 应为 "on" 或 "off"。',
                        f'Fusion rule {token(rule)} has {value_token(state)}; use "on" or "off".',
                    )
                )
    return found


_TOP = ("Switch", "Priority", "ExceptionalPassOfO1Level")


def _shape_problems(text: str, data: object) -> list[Problem]:
    if not isinstance(data, dict):
        return [_fails(1, "shape", "文件顶层应为 JSON 对象。", "The file must be a JSON object.")]
    found = [
        _fails(
            line_of(text, f'"{key}"'),
            "top",
            f"顶层键 {token(key)} 不是 Switch 或 Priority。",
            f"The top-level key {token(key)} is neither Switch nor Priority.",
        )
        for key in data
        if key.strip() not in _TOP
    ]
    found.extend(
        _fails(
            line_of(text, f'"{key}"'),
            "section",
            f"Switch 下的 {token(key)} 不是 GraphFusion 或 UBFusion。",
            f"{token(key)} under Switch is neither GraphFusion nor UBFusion.",
        )
        for key in _switch(data)
        if key.strip() not in SECTIONS
    )
    return found


def _old_format(text: str) -> bool:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return bool(lines) and all(
        line.partition(":")[2].strip() in STATES and line.partition(":")[0].strip()
        for line in lines
    )


def check(text: str) -> tuple[Problem, ...]:
    data, found = load_json(text)
    if data is None and _old_format(text):
        return (
            problem(
                1,
                "old_format",
                "这是旧的 规则名:on|off 行格式；运行时仍可读取，但编辑器只编辑 JSON 格式。",
                "This is the old RuleName:on|off line format; the runtime still reads it, but "
                "the editor works on the JSON format.",
                "info",
            ),
        )
    if data is None:
        return tuple(replace(p, severity="error") for p in found)
    doc = parse(text)
    return (*found, *_shape_problems(text, data), *_state_problems(text, doc), *_names(text, doc))


def _names(text: str, doc: FusionSwitch) -> list[Problem]:
    """A rule name one letter or a case away from a known one (``SoftmaxFusionPas``):
    a misspelt name switches nothing. Any other name may be a rule of the graph
    engine this tool does not list, so it passes."""
    found = []
    for section in SECTIONS:
        known = [r.name for r in known_rules() if r.section == section]
        start = section_line(text, section)
        for rule, _state in doc.section(section):
            near = _near(rule, known)
            if near is None:
                continue
            found.append(
                problem(
                    line_of(text, f'"{rule}"', max(start - 1, 0)),
                    "rule_name",
                    f"{section} 中的 {rule} 不是已知的融合规则名，是否想写 {near}？"
                    "写错的规则名不会开关任何规则。",
                    f"{rule} in {section} is not a fusion rule name this tool knows; did you "
                    f"mean {near}? A misspelt name switches no rule.",
                    "warning",
                )
            )
    return found


def _near(name: str, known: list[str]) -> str | None:
    if name in known:
        return None
    same = [k for k in known if k.lower() == name.strip().lower()]
    close = same or difflib.get_close_matches(name, known, n=1, cutoff=0.9)
    return close[0] if close else None


TEMPLATE = """\
{
    "Switch": {
        "GraphFusion": {
            "ALL": "on",
            "SoftmaxFusionPass": "off"
        },
        "UBFusion": {
            "ALL": "on"
        }
    }
}
"""

FUSION_FORMAT: Format[FusionSwitch] = Format(
    kind="fusion_switch",
    label=Text.of("融合规则开关（JSON）", "Fusion switch (JSON)"),
    suffix=".cfg",
    parse=parse,
    write=write,
    check=check,
    looks_like=lambda text: bool(_switch(load_json(text)[0])),
    template=Text.of(TEMPLATE, TEMPLATE),  # no comments: one text
    source="NPURunConfig配置参数说明 (hiascend.com, tfmigr1_tfadapi_0040), fusion_switch_file; "
    "hicann/ge compiler/engines/nn_engine/fusion/fusion_config_manager/fusion_config_parser.cc",
)
