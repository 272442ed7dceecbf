"""``op_debug_config``: a ``.cfg`` of ``key = a,b`` lines.

``op_debug_config`` lists the debug options, ``op_debug_list`` (optional) the
operators built that way (names, or ``OpType::name`` for types). ``#`` starts a
comment; spaces around ``=`` and ``,`` do not matter.
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
    key: str
    values: tuple[str, ...]
    #: A trailing ``# comment`` on the same line, kept as written.
    note: str = ""


Line = Comment | Setting | Raw


@dataclass(frozen=True)
class DebugConfig:
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
            old = lines[spots[-1]]
            assert isinstance(old, Setting)
            lines[spots[-1]] = Setting(key, values, old.note)
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
    value, hash_, note = value.partition("#")
    if sep and key.strip() in KEYS:
        return Setting(key.strip(), _split(value), (hash_ + note).strip())
    return Raw(text)


def parse(text: str) -> DebugConfig:
    return DebugConfig(tuple(_line(raw) for raw in text.splitlines()))


def write(doc: DebugConfig) -> str:
    out = []
    for item in doc.lines:
        if isinstance(item, Setting):
            note = f" {item.note}" if item.note else ""
            out.append(f"{item.key}={','.join(item.values)}{note}")
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
            f"键 {key} 的大小写不对，应写作 {key.lower()}。",
            f"The key {key} is spelled with the wrong case; write {key.lower()}.",
        )
    return problem(
        number,
        "line",
        f"无法识别的行 {text!r}：只支持 op_debug_config=… 与 op_debug_list=… 两种行，# 开头为注释。",
        f"Unrecognised line {text!r}: only op_debug_config=… and op_debug_list=… lines "
        "are read; # starts a comment.",
    )


def check(text: str) -> tuple[Problem, ...]:
    doc = parse(text)
    found = [
        _raw_problem(number, item.text)
        for number, item in enumerate(doc.lines, 1)
        if isinstance(item, Raw)
    ]
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


TEMPLATE = """\
# Operator debug options, comma separated:
#   oom, dump_cce, dump_loc, ccec_O0, ccec_g, check_flag
# ccec_O0 and oom must not be combined.
op_debug_config=ccec_g,oom
# Optional: build only these operators this way (names, or OpType::type).
# op_debug_list=GatherV2,OpType::ReduceSum
"""

DEBUG_FORMAT: Format[DebugConfig] = Format(
    kind="op_debug_config",
    label=Text.of("算子调试配置（.cfg）", "Operator debug config (.cfg)"),
    suffix=".cfg",
    parse=parse,
    write=write,
    check=check,
    looks_like=lambda text: any(isinstance(i, Setting) for i in parse(text).lines),
    template=TEMPLATE,
    source="NPURunConfig配置参数说明 (hiascend.com, tfmigr1_tfadapi_0040), op_debug_config",
)
