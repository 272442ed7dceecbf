"""``customize_dtypes``: one operator per line, with the dtypes it must compute in.

By node name: ``name::InputDtype:float16,int8,OutputDtype:float16``; by type:
``OpType::Relu:InputDtype:...,OutputDtype:...``. When both a name line and a
type line match an operator, the name line wins.

The graph engine's reader (hicann/ge, ``op_cust_dtypes_config_parser.cc``) reads
every line: it has no comments and no blank lines, and rejects the whole file
for a line it cannot read. ``OpType::``, ``InputDtype`` and ``OutputDtype`` are
matched exactly (``OpType::`` only at the very start of the line); dtype names
in any case. The tool still keeps comment and blank lines when writing, so
nothing the user typed is lost, and reports each of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ascend_studio.companion._base import Comment, Format, Problem, Raw, problem, token, value_token
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
_SPEC = re.compile(r"^(?:InputDtype:(?P<i>.*?))?,?(?:OutputDtype:(?P<o>.*))?$")
TYPE_HEAD = "OpType::"


@dataclass(frozen=True)
class DtypeRule:
    """One rule of a custom dtypes file: an operator (or type) and its precision."""

    by_type: bool
    op: str
    inputs: tuple[str, ...] = ()
    outputs: tuple[str, ...] = ()


Line = Comment | DtypeRule | Raw


@dataclass(frozen=True)
class CustomDtypes:
    """A custom dtypes file as read, line by line."""

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


def _rule(raw: str) -> DtypeRule | None:
    by_type = raw.startswith(TYPE_HEAD)
    text = raw[len(TYPE_HEAD) :] if by_type else raw.strip()
    if by_type:
        op, colon, rest = text.partition(":")
    else:
        op, colon, rest = text.partition("::")
    if not colon or not op.strip():
        return None
    match = _SPEC.match(rest.strip().replace(" ", ""))
    if match is None or not (match["i"] or match["o"]) or not op.strip():
        return None
    return DtypeRule(by_type, op.strip(), _split(match["i"]), _split(match["o"]))


def _line(raw: str) -> Line:
    text = raw.strip()
    if not text or text.startswith("#"):
        return Comment(text)
    return _rule(raw) or Raw(text)


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


def _rule_problems(number: int, rule: DtypeRule, seen: set[tuple[bool, str]]) -> list[Problem]:
    found = []
    unknown = sorted({d for d in (*rule.inputs, *rule.outputs) if d.lower() not in DTYPES})
    if unknown:
        shown = ", ".join(value_token(d) for d in unknown[:5]) + (" …" if len(unknown) > 5 else "")
        found.append(
            problem(
                number,
                "dtype",
                f"{shown} 不是本工具已知的数据类型；运行时遇到无法识别的 dtype 会拒绝整个文件。",
                f"{shown} is not a data type the tool knows; the runtime rejects the whole file "
                "for a dtype it does not know.",
            )
        )
    if (rule.by_type, rule.op) in seen:
        found.append(
            problem(
                number,
                "duplicate",
                f"{token(rule.op)} 已在前面配置过，这一行被忽略（以第一行为准）。",
                f"{token(rule.op)} is configured above already; this line is ignored (the first wins).",
            )
        )
    seen.add((rule.by_type, rule.op))
    return found


def _line_problem(number: int, item: Comment | Raw) -> Problem:
    if isinstance(item, Comment):
        what = ("空行", "A blank line") if not item.text else ("注释行", "A comment line")
        return problem(
            number,
            "comment",
            f"{what[0]}：运行时不支持注释和空行，会拒绝整个文件；请删除该行。",
            f"{what[1]}: the runtime reads no comments or blank lines and rejects the whole "
            "file; remove the line.",
            "error",
        )
    if item.text.lower().startswith("optype::"):
        return problem(
            number,
            "type_case",
            f"{token(item.text)}：只有行首原样写的 OpType:: 才表示按算子类型配置；"
            "这样写会被当作名为该前缀的节点。",
            f"{token(item.text)}: only OpType::, written exactly so at the start of the line, "
            "means an operator type; this line is read as a node of that name.",
        )
    return problem(
        number,
        "line",
        "无法识别的行（应为 名称::InputDtype:…,OutputDtype:… 或 "
        "OpType::类型:InputDtype:…,OutputDtype:…）：运行时会拒绝整个文件。",
        "Unrecognised line: expected name::InputDtype:…,OutputDtype:… "
        "or OpType::type:InputDtype:…,OutputDtype:…; the runtime rejects the whole file.",
        "error",
    )


def check(text: str) -> tuple[Problem, ...]:
    found: list[Problem] = []
    seen: set[tuple[bool, str]] = set()
    for number, item in enumerate(parse(text).lines, 1):
        if isinstance(item, DtypeRule):
            found.extend(_rule_problems(number, item, seen))
        else:
            found.append(_line_problem(number, item))
    return tuple(found)


# No comments: the reader would reject them (see the module docstring).
TEMPLATE = """\
resnet_v1_50/block1/unit_3/bottleneck_v1/Relu::InputDtype:float16,int8,OutputDtype:float16,int8
OpType::Relu:InputDtype:float16,int8,OutputDtype:float16,int8
"""

DTYPES_FORMAT: Format[CustomDtypes] = Format(
    kind="dtypes",
    label=Text.of("算子自定义精度（.cfg）", "Per-operator dtypes (.cfg)"),
    suffix=".cfg",
    parse=parse,
    write=write,
    check=check,
    looks_like=lambda text: any(isinstance(i, DtypeRule) for i in parse(text).lines),
    template=Text.of(TEMPLATE, TEMPLATE),  # no comments: one text
    source="NPURunConfig配置参数说明 (hiascend.com, tfmigr1_tfadapi_0040), customize_dtypes; "
    "hicann/ge compiler/engines/nn_engine/utils/common/config_parser/op_cust_dtypes_config_parser.cc",
)
