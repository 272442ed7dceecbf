"""``fusion_switch_file``: JSON ``{"Switch": {"GraphFusion": {...}, "UBFusion": {...}}}``.

Each section maps a fusion rule name to ``"on"`` or ``"off"``; ``"ALL"`` switches
the built-in switchable rules at once, and a named rule overrides ``ALL``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache

from ascend_studio._resources import resource_path
from ascend_studio.companion._base import Format, Problem, line_of, load_json, problem
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

    def section(self, name: str) -> tuple[tuple[str, str], ...]:
        return self.graph if name == "GraphFusion" else self.ub


@dataclass(frozen=True)
class KnownRule:
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
    switch = _switch(load_json(text)[0])
    return FusionSwitch(_pairs(switch.get("GraphFusion")), _pairs(switch.get("UBFusion")))


def write(doc: FusionSwitch) -> str:
    switch = {name: dict(doc.section(name)) for name in SECTIONS if doc.section(name)}
    return json.dumps({"Switch": switch}, indent=4, ensure_ascii=False) + "\n"


def section_line(text: str, name: str) -> int:
    return line_of(text, f'"{name}"')


def _state_problems(text: str, doc: FusionSwitch) -> list[Problem]:
    found = []
    for name in SECTIONS:
        start = section_line(text, name)
        for rule, state in doc.section(name):
            if state not in STATES:
                found.append(
                    problem(
                        line_of(text, f'"{rule}"', max(start - 1, 0)),
                        "state",
                        f'融合规则 {rule} 的取值 {state!r} 应为 "on" 或 "off"。',
                        f'Fusion rule {rule} has {state!r}; use "on" or "off".',
                    )
                )
    return found


def _shape_problems(text: str, data: object) -> list[Problem]:
    switch = _switch(data)
    if not switch:
        return [
            problem(
                1,
                "shape",
                '文件顶层应为 {"Switch": {"GraphFusion": {...}, "UBFusion": {...}}}。',
                'The file should be {"Switch": {"GraphFusion": {...}, "UBFusion": {...}}}.',
            )
        ]
    return [
        problem(
            line_of(text, f'"{key}"'),
            "section",
            f"Switch 下的 {key} 不是已知的段（GraphFusion、UBFusion），会被忽略。",
            f"{key} under Switch is not a known section (GraphFusion, UBFusion); it is ignored.",
        )
        for key in switch
        if key not in SECTIONS
    ]


def check(text: str) -> tuple[Problem, ...]:
    data, found = load_json(text)
    if data is None:
        return found
    return (*found, *_shape_problems(text, data), *_state_problems(text, parse(text)))


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
    kind="fusion_switch_file",
    label=Text.of("融合规则开关（JSON）", "Fusion switch (JSON)"),
    suffix=".cfg",
    parse=parse,
    write=write,
    check=check,
    looks_like=lambda text: bool(_switch(load_json(text)[0])),
    template=TEMPLATE,
    source="NPURunConfig配置参数说明 (hiascend.com, tfmigr1_tfadapi_0040), fusion_switch_file",
)
