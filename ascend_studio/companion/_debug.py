"""``op_debug_config``: a ``.cfg`` of ``key=a,b`` lines.

``op_debug_config`` lists the debug options, ``op_debug_list`` (optional) the
operators built that way (names, or ``OpType::name`` for types). As the graph
engine's reader does (hicann/ge, ``op_debug_config_parser.cc``): lines are
trimmed, a line starting with ``#`` is a comment, a line is an options line when
it contains ``op_debug_config`` (the last one counts), the value is everything
after the first ``=`` split at commas, each item trimmed. There are no
end-of-line comments: ``oom # x`` is one item, and not ``oom``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ascend_studio.companion._base import Comment, Format, Problem, Raw, problem
from ascend_studio.schema import Text

__all__ = [
    "DEBUG_FORMAT",
    "DEBUG_OPTIONS",
    "DebugConfig",
    "Setting",
    "option_lines",
]

#: The documented options, in the reference page's order.
DEBUG_OPTIONS: tuple[str, ...] = ("oom", "dump_cce", "dump_loc", "ccec_O0", "ccec_g", "check_flag")
OPTIONS_KEY = "op_debug_config"
LIST_KEY = "op_debug_list"
KEYS = (OPTIONS_KEY, LIST_KEY)


@dataclass(frozen=True)
class Setting:
    """One ``key=values`` line of an op debug configuration file."""

    key: str
    values: tuple[str, ...]


Line = Comment | Setting | Raw


@dataclass(frozen=True)
class DebugConfig:
    """An op debug configuration file as read, line by line."""

    lines: tuple[Line, ...] = ()

    def values(self, key: str) -> tuple[str, ...]:
        found = [item for item in self.lines if isinstance(item, Setting) and item.key == key]
        return found[-1].values if found else ()

    def has(self, key: str) -> bool:
        return any(isinstance(i, Setting) and i.key == key for i in self.lines)

    @property
    def options(self) -> tuple[str, ...]:
        return self.values(OPTIONS_KEY)

    @property
    def op_list(self) -> tuple[str, ...]:
        return self.values(LIST_KEY)

    def with_values(self, key: str, values: tuple[str, ...]) -> DebugConfig:
        """The document with ``key`` set (its last line rewritten, else appended);
        an empty ``op_debug_list`` is removed. Comments stay where they are."""
        lines = list(self.lines)
        spots = [n for n, i in enumerate(lines) if isinstance(i, Setting) and i.key == key]
        if not values and key == LIST_KEY:
            return replace(self, lines=tuple(i for n, i in enumerate(lines) if n not in spots))
        if spots:
            lines[spots[-1]] = Setting(key, values)
        else:
            lines.append(Setting(key, values))
        return replace(self, lines=tuple(lines))


def _split(text: str) -> tuple[str, ...]:
    return tuple(p.strip() for p in text.split(",") if p.strip())


def _line(raw: str) -> Line:
    text = raw.strip()
    if not text or text.startswith("#"):
        return Comment(text)
    key, sep, value = text.partition("=")
    if sep and key.strip() in KEYS:
        return Setting(key.strip(), _split(value))
    return Raw(text)


def parse(text: str) -> DebugConfig:
    return DebugConfig(tuple(_line(raw) for raw in text.splitlines()))


def write(doc: DebugConfig) -> str:
    out = []
    for item in doc.lines:
        if isinstance(item, Setting):
            out.append(f"{item.key}={','.join(item.values)}")
        else:
            out.append(item.text)
    return "".join(line + "\n" for line in out)


def option_lines(doc: DebugConfig) -> dict[str, int]:
    """Each option of the effective ``op_debug_config`` line -> that line's number."""
    found: dict[str, int] = {}
    for number, item in enumerate(doc.lines, 1):
        if isinstance(item, Setting) and item.key == OPTIONS_KEY:
            found = dict.fromkeys(item.values, number)
    return found


def _raw_problem(number: int, text: str) -> Problem:
    key = text.partition("=")[0].strip()
    if key.lower() in KEYS and key not in KEYS:
        return problem(
            number,
            "key_case",
            f"键 {key} 的大小写不对，该行被忽略；应写作 {key.lower()}。",
            f"The key {key} has the wrong case, so the line is ignored; write {key.lower()}.",
        )
    if any(k in text for k in KEYS):
        return problem(
            number,
            "line",
            "该行不是 键=值 的形式：运行时报错并忽略整个调试配置。",
            "The line is not key=value: the runtime reports an error and turns no option on.",
        )
    return problem(
        number,
        "line",
        "运行时忽略该行：只读取 op_debug_config=… 与 op_debug_list=… 行，# 开头为注释。",
        "The runtime ignores this line: only op_debug_config=… and op_debug_list=… "
        "lines are read; # at the start of a line makes a comment.",
    )


def _setting_problems(number: int, item: Setting) -> list[Problem]:
    found = []
    if not item.values:
        found.append(
            problem(
                number,
                "empty",
                f"{item.key}= 没有值：运行时报错并忽略它。",
                f"{item.key}= has no value: the runtime reports an error and ignores it.",
            )
        )
    if any("#" in v for v in item.values):
        found.append(
            problem(
                number,
                "inline_comment",
                "行尾的 # 不是注释：它连同前面的选项被当成一个选项（例如 'oom # x' 不会开启 oom）；"
                "请把注释放到单独一行。",
                "A # after a value is not a comment: it makes one option with the text before "
                "it ('oom # x' does not turn oom on); put the comment on its own line.",
            )
        )
    return found


def check(text: str) -> tuple[Problem, ...]:
    doc = parse(text)
    found: list[Problem] = []
    for number, item in enumerate(doc.lines, 1):
        if isinstance(item, Raw):
            found.append(_raw_problem(number, item.text))
        elif isinstance(item, Setting):
            found.extend(_setting_problems(number, item))
    if not doc.has(OPTIONS_KEY):
        found.append(
            problem(
                0,
                "no_options",
                "文件中没有 op_debug_config=… 行，不会开启任何调试选项。",
                "The file has no op_debug_config=… line, so no debug option is turned on.",
            )
        )
    return tuple(found)


TEMPLATE = Text.of(
    """\
# 算子调试选项，逗号分隔：
#   oom, dump_cce, dump_loc, ccec_O0, ccec_g, check_flag
# ccec_O0 与 oom 不能同时使用。
op_debug_config=ccec_g,oom
# 可选：只对这些算子这样编译（算子名，或 OpType::类型）。
# op_debug_list=GatherV2,OpType::ReduceSum
""",
    """\
# Operator debug options, comma separated:
#   oom, dump_cce, dump_loc, ccec_O0, ccec_g, check_flag
# ccec_O0 and oom must not be combined.
op_debug_config=ccec_g,oom
# Optional: build only these operators this way (names, or OpType::type).
# op_debug_list=GatherV2,OpType::ReduceSum
""",
)

DEBUG_FORMAT: Format[DebugConfig] = Format(
    kind="debug_cfg",
    label=Text.of("算子调试配置（.cfg）", "Operator debug config (.cfg)"),
    suffix=".cfg",
    parse=parse,
    write=write,
    check=check,
    looks_like=lambda text: any(isinstance(i, Setting) for i in parse(text).lines),
    template=TEMPLATE,
    source="NPURunConfig配置参数说明 (hiascend.com, tfmigr1_tfadapi_0040), op_debug_config; "
    "hicann/ge compiler/engines/nn_engine/utils/common/config_parser/op_debug_config_parser.cc",
)
