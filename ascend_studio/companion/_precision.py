"""``op_precision_mode``: an ini with ``[ByOpType]`` and ``[ByNodeName]`` sections.

Each ``name=mode`` line gives one operator type (or node) a precision/performance
mode; a node-name entry wins over a type entry. As the graph engine's reader
does (hicann/ge, ``op_impl_mode_config_parser.cc``): a line starting with ``#``
is a comment, other lines without ``=`` are skipped (so ``;`` lines act as
comments too), only the exact headers ``[ByOpType]`` and ``[ByNodeName]`` switch
the section, entries before any header count as ``[ByOpType]``, names and modes
are trimmed, an unknown mode is skipped and the first entry for a name wins.
"""

from __future__ import annotations

from dataclasses import dataclass

from ascend_studio.companion._base import Comment, Format, Problem, Raw, problem, token
from ascend_studio.schema import Text

__all__ = [
    "HF32_MODES",
    "PRECISION_FORMAT",
    "PRECISION_MODES",
    "SECTIONS",
    "Assign",
    "PrecisionModes",
    "Section",
    "mode_lines",
]

#: The documented modes, in the reference page's order.
PRECISION_MODES: tuple[str, ...] = (
    "high_precision",
    "high_performance",
    "enable_float_32_execution",
    "enable_hi_float_32_execution",
    "support_out_of_bound_index",
    "keep_fp16",
    "super_performance",
    # Accepted by the graph engine's reader, not on the reference page.
    "norm_class",
)
HF32_MODES = frozenset({"enable_float_32_execution", "enable_hi_float_32_execution"})
SECTIONS = ("ByOpType", "ByNodeName")


@dataclass(frozen=True)
class Section:
    """A ``[section]`` line of a precision modes file."""

    name: str


@dataclass(frozen=True)
class Assign:
    """A ``key=value`` line of a precision modes file."""

    key: str
    value: str


Line = Comment | Section | Assign | Raw
#: One row of the operator/mode table: (section, operator type or node name, mode).
Row = tuple[str, str, str]


@dataclass(frozen=True)
class PrecisionModes:
    """A precision modes file as read, line by line."""

    lines: tuple[Line, ...] = ()

    @property
    def rows(self) -> tuple[Row, ...]:
        return tuple((s, a.key, a.value) for s, a, _ in _assigns(self))

    def with_rows(self, rows: tuple[Row, ...]) -> PrecisionModes:
        """Rows set in place (same section and name), others dropped, new ones added
        at the end of their section; comments and section headers stay."""
        wanted = {(s, k): v for s, k, v in rows}
        out: list[Line] = []
        section = ""
        for item in self.lines:
            if isinstance(item, Section):
                out.extend(_pending(wanted, section))
                section = item.name
            if isinstance(item, Assign):
                value = wanted.pop((section, item.key), None)
                if value is not None:
                    out.append(Assign(item.key, value))
                continue
            out.append(item)
        out.extend(_pending(wanted, section))
        for name in dict.fromkeys(s for s, _ in wanted):
            out.append(Section(name))
            out.extend(_pending(wanted, name))
        return PrecisionModes(tuple(out))


def _pending(wanted: dict[tuple[str, str], str], section: str) -> list[Line]:
    keys = [k for k in wanted if k[0] == section]
    return [Assign(k[1], wanted.pop(k)) for k in keys]


def _assigns(doc: PrecisionModes) -> list[tuple[str, Assign, int]]:
    """(section as written, entry, line) for every entry."""
    section = ""
    found = []
    for number, item in enumerate(doc.lines, 1):
        if isinstance(item, Section):
            section = item.name
        elif isinstance(item, Assign):
            found.append((section, item, number))
    return found


def effective(doc: PrecisionModes) -> list[tuple[str, Assign, int]]:
    """(section the runtime files it under, entry, line): unknown headers do not switch."""
    section = SECTIONS[0]
    found = []
    for number, item in enumerate(doc.lines, 1):
        if isinstance(item, Section) and item.name in SECTIONS:
            section = item.name
        elif isinstance(item, Assign):
            found.append((section, item, number))
    return found


def _line(raw: str) -> Line:
    text = raw.strip()
    if not text or text[0] in "#;":
        return Comment(text)
    if text.startswith("[") and text.endswith("]"):
        return Section(text[1:-1].strip())
    key, sep, value = text.partition("=")
    if sep and key.strip() and value.strip():
        return Assign(key.strip(), value.strip())
    return Raw(text)


def parse(text: str) -> PrecisionModes:
    return PrecisionModes(tuple(_line(raw) for raw in text.splitlines()))


def _text(item: Line) -> str:
    if isinstance(item, Section):
        return f"[{item.name}]"
    if isinstance(item, Assign):
        return f"{item.key}={item.value}"
    return item.text


def write(doc: PrecisionModes) -> str:
    return "".join(_text(i) + "\n" for i in doc.lines)


def mode_lines(doc: PrecisionModes) -> dict[str, int]:
    """Each mode the runtime reads -> the first line using it."""
    found: dict[str, int] = {}
    for _, item, number in effective(doc):
        found.setdefault(item.value, number)
    return found


def _section_problems(doc: PrecisionModes) -> list[Problem]:
    found = []
    for number, item in enumerate(doc.lines, 1):
        if isinstance(item, Section) and item.name not in SECTIONS:
            near = next((s for s in SECTIONS if s.lower() == item.name.lower()), None)
            hint = f"write [{near}]" if near else "use [ByOpType] or [ByNodeName]"
            found.append(
                problem(
                    number,
                    "section",
                    f"运行时不认识 [{token(item.name)}]（只认 [ByOpType]、[ByNodeName]，区分大小写），"
                    "其下的行仍归入前一个段（文件开头为 [ByOpType]）。",
                    f"The runtime does not know [{token(item.name)}] (only [ByOpType] and [ByNodeName], "
                    f"case-sensitive): the lines below it stay in the previous section "
                    f"([ByOpType] at the start); {hint}.",
                )
            )
    return found


def _entry_problems(doc: PrecisionModes) -> list[Problem]:
    found = []
    seen: set[tuple[str, str]] = set()
    for section, item, number in effective(doc):
        if (section, item.key) in seen:
            found.append(
                problem(
                    number,
                    "duplicate",
                    f"{token(item.key)} 在 [{section}] 中已配置过，这一行被忽略（以第一行为准）。",
                    f"{token(item.key)} is set in [{section}] above already; this line is ignored "
                    "(the first wins).",
                )
            )
        seen.add((section, item.key))
    for number, line in enumerate(doc.lines, 1):
        if isinstance(line, Raw):
            found.append(
                problem(
                    number,
                    "line",
                    "运行时跳过该行：应为 [段名] 或 名称=模式。",
                    "The runtime skips this line: expected [section] or name=mode.",
                )
            )
    for written, item, number in _assigns(doc):
        if not written:
            found.append(
                problem(
                    number,
                    "no_section",
                    f"{token(item.key)} 不在任何段下，按 [ByOpType] 处理。",
                    f"{token(item.key)} is before any section header and counts as [ByOpType].",
                    "info",
                )
            )
    return found


def check(text: str) -> tuple[Problem, ...]:
    doc = parse(text)
    return (*_section_problems(doc), *_entry_problems(doc))


TEMPLATE = Text.of(
    """\
# 按算子设置的模式：high_precision、high_performance、enable_float_32_execution、
# support_out_of_bound_index、keep_fp16、super_performance。
# [ByNodeName] 中的条目优先于 [ByOpType] 中的条目。
[ByOpType]
MatMulV2=high_precision
[ByNodeName]
""",
    """\
# Per-operator modes: high_precision, high_performance, enable_float_32_execution,
# support_out_of_bound_index, keep_fp16, super_performance.
# A [ByNodeName] entry wins over a [ByOpType] entry.
[ByOpType]
MatMulV2=high_precision
[ByNodeName]
""",
)

PRECISION_FORMAT: Format[PrecisionModes] = Format(
    kind="precision_ini",
    label=Text.of("算子精度模式（.ini）", "Operator precision modes (.ini)"),
    suffix=".ini",
    parse=parse,
    write=write,
    check=check,
    looks_like=lambda text: any(
        isinstance(i, Section) and i.name.lower() in ("byoptype", "bynodename")
        for i in parse(text).lines
    ),
    template=TEMPLATE,
    source="NPURunConfig配置参数说明 (hiascend.com, tfmigr1_tfadapi_0040), op_precision_mode; "
    "hicann/ge compiler/engines/nn_engine/utils/common/config_parser/op_impl_mode_config_parser.cc",
)
