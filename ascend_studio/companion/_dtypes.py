"""``customize_dtypes``: one operator per line, with the dtypes it must compute in.

By node name: ``name::InputDtype:float16,int8,OutputDtype:float16``; by type:
``OpType::Relu:InputDtype:...,OutputDtype:...``. ``#`` lines are comments. When
both a name line and a type line match an operator, the name line wins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ascend_studio.companion._base import Comment, Format, Problem, Raw, problem
from ascend_studio.schema import Text

__all__ = ["DTYPES", "DTYPES_FORMAT", "CustomDtypes", "DtypeRule"]

#: Data types operators declare in the operator information library.
DTYPES = frozenset(
    {
        "float16",
        "float32",
        "float",
        "double",
        "bfloat16",
        "hifloat8",
        "int4",
        "int8",
        "int16",
        "int32",
        "int64",
        "uint8",
        "uint16",
        "uint32",
        "uint64",
        "bool",
        "complex64",
        "complex128",
    }
)
_SPEC = re.compile(r"^(?:InputDtype:(?P<i>.*?))?,?(?:OutputDtype:(?P<o>.*))?$", re.IGNORECASE)


@dataclass(frozen=True)
class DtypeRule:
    by_type: bool
    op: str
    inputs: tuple[str, ...] = ()
    outputs: tuple[str, ...] = ()


Line = Comment | DtypeRule | Raw


@dataclass(frozen=True)
class CustomDtypes:
    lines: tuple[Line, ...] = ()

    @property
    def rules(self) -> tuple[DtypeRule, ...]:
        return tuple(i for i in self.lines if isinstance(i, DtypeRule))

    def with_rules(self, rules: tuple[DtypeRule, ...]) -> CustomDtypes:
        """Rule lines replaced in place, in order; extra rules appended, comments kept."""
        pending = list(rules)
        out: list[Line] = []
        for item in self.lines:
            if not isinstance(item, DtypeRule):
                out.append(item)
            elif pending:
                out.append(pending.pop(0))
        return CustomDtypes((*out, *pending))


def _split(text: str | None) -> tuple[str, ...]:
    return tuple(p.strip() for p in (text or "").split(",") if p.strip())


def _rule(text: str) -> DtypeRule | None:
    head, sep, rest = text.partition("::")
    if not sep or not head.strip():
        return None
    by_type = head.strip().lower() == "optype"
    op = head.strip()
    if by_type:
        op, colon, rest = rest.partition(":")
        if not colon:
            return None
    match = _SPEC.match(rest.strip().replace(" ", ""))
    if match is None or not (match["i"] or match["o"]) or not op.strip():
        return None
    return DtypeRule(by_type, op.strip(), _split(match["i"]), _split(match["o"]))


def _line(raw: str) -> Line:
    text = raw.strip()
    if not text or text.startswith("#"):
        return Comment(text)
    return _rule(text) or Raw(text)


def parse(text: str) -> CustomDtypes:
    return CustomDtypes(tuple(_line(raw) for raw in text.splitlines()))


def _spec(rule: DtypeRule) -> str:
    parts = []
    if rule.inputs:
        parts.append("InputDtype:" + ",".join(rule.inputs))
    if rule.outputs:
        parts.append("OutputDtype:" + ",".join(rule.outputs))
    return ",".join(parts)


def render(rule: DtypeRule) -> str:
    if rule.by_type:
        return f"OpType::{rule.op}:{_spec(rule)}"
    return f"{rule.op}::{_spec(rule)}"


def write(doc: CustomDtypes) -> str:
    return "".join((render(i) if isinstance(i, DtypeRule) else i.text) + "\n" for i in doc.lines)


def _rule_problems(number: int, rule: DtypeRule) -> list[Problem]:
    unknown = sorted({d for d in (*rule.inputs, *rule.outputs) if d.lower() not in DTYPES})
    if not unknown:
        return []
    names = ", ".join(unknown)
    return [
        problem(
            number,
            "dtype",
            f"{names} 不是已知的数据类型；不支持的 dtype 会导致编译失败。",
            f"{names} is not a known data type; a dtype the operator lacks fails the build.",
        )
    ]


def check(text: str) -> tuple[Problem, ...]:
    found: list[Problem] = []
    for number, item in enumerate(parse(text).lines, 1):
        if isinstance(item, Raw):
            found.append(
                problem(
                    number,
                    "line",
                    f"无法识别的行 {item.text!r}：应为 名称::InputDtype:…,OutputDtype:… "
                    "或 OpType::类型:InputDtype:…,OutputDtype:…。",
                    f"Unrecognised line {item.text!r}: expected name::InputDtype:…,"
                    "OutputDtype:… or OpType::type:InputDtype:…,OutputDtype:….",
                )
            )
        elif isinstance(item, DtypeRule):
            found.extend(_rule_problems(number, item))
    return tuple(found)


TEMPLATE = """\
# By node name: name::InputDtype:...,OutputDtype:...
resnet_v1_50/block1/unit_3/bottleneck_v1/Relu::InputDtype:float16,int8,OutputDtype:float16,int8
# By operator type: OpType::type:InputDtype:...,OutputDtype:...
OpType::Relu:InputDtype:float16,int8,OutputDtype:float16,int8
"""

DTYPES_FORMAT: Format[CustomDtypes] = Format(
    kind="customize_dtypes",
    label=Text.of("算子自定义精度（.cfg）", "Per-operator dtypes (.cfg)"),
    suffix=".cfg",
    parse=parse,
    write=write,
    check=check,
    looks_like=lambda text: any(isinstance(i, DtypeRule) for i in parse(text).lines),
    template=TEMPLATE,
    source="NPURunConfig配置参数说明 (hiascend.com, tfmigr1_tfadapi_0040), customize_dtypes",
)
