"""``modify_mixlist``: JSON changes to the mixed-precision black/white/gray lists.

``{"black-list": {"to-add": [...], "to-remove": [...]}, "white-list": ..., ...}``:
operator types moved onto a list (``to-add``) or off it to the gray list
(``to-remove``). The graph engine's reader (hicann/ge,
``modify_mixlist_config_parser.cc``) takes strict JSON and rejects the whole
file for an empty file, a key other than these lists and actions, a value of
the wrong shape, or an operator whose changes do not make one move (see
:data:`MOVES`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from ascend_studio.companion._base import Format, Problem, line_of, load_json, problem, token
from ascend_studio.schema import Text

__all__ = ["ACTIONS", "LISTS", "MIXLIST_FORMAT", "ListChange", "Mixlist"]

LISTS = ("black-list", "white-list", "gray-list")
ACTIONS = ("to-add", "to-remove")
_B, _W, _G = LISTS
_ADD, _REMOVE = ACTIONS
#: What one operator may be given: onto a list, optionally off the one it leaves.
MOVES = frozenset(
    frozenset(move)
    for move in (
        {(_B, _REMOVE)},
        {(_W, _REMOVE)},
        {(_G, _ADD)},
        {(_G, _ADD), (_B, _REMOVE)},
        {(_G, _ADD), (_W, _REMOVE)},
        {(_W, _ADD)},
        {(_W, _ADD), (_G, _REMOVE)},
        {(_W, _ADD), (_B, _REMOVE)},
        {(_B, _ADD)},
        {(_B, _ADD), (_G, _REMOVE)},
        {(_B, _ADD), (_W, _REMOVE)},
    )
)


@dataclass(frozen=True)
class ListChange:
    """The operators one mixed-precision list adds and removes."""

    name: str
    to_add: tuple[str, ...] = ()
    to_remove: tuple[str, ...] = ()


@dataclass(frozen=True)
class Mixlist:
    """A modify-mixlist file as read."""

    changes: tuple[ListChange, ...] = ()

    def change(self, name: str) -> ListChange:
        return next((c for c in self.changes if c.name == name), ListChange(name))

    def with_change(self, change: ListChange) -> Mixlist:
        kept = [c for c in self.changes if c.name != change.name]
        if change.to_add or change.to_remove:
            kept.append(change)
        order = {n: i for i, n in enumerate(LISTS)}
        return Mixlist(tuple(sorted(kept, key=lambda c: order.get(c.name, len(LISTS)))))


def _names(value: object) -> tuple[str, ...]:
    return tuple(str(v) for v in value) if isinstance(value, list) else ()


def parse(text: str) -> Mixlist:
    data = load_json(text)[0]
    if not isinstance(data, dict):
        return Mixlist()
    changes = []
    for name, body in data.items():
        if isinstance(body, dict):
            changes.append(
                ListChange(str(name), _names(body.get("to-add")), _names(body.get("to-remove")))
            )
    return Mixlist(tuple(changes))


def write(doc: Mixlist) -> str:
    data = {
        c.name: {
            **({"to-add": list(c.to_add)} if c.to_add else {}),
            **({"to-remove": list(c.to_remove)} if c.to_remove else {}),
        }
        for c in doc.changes
    }
    return json.dumps(data, indent=4, ensure_ascii=False) + "\n"


def _reject(line: int, code: str, zh: str, en: str) -> Problem:
    return problem(
        line,
        code,
        zh + "运行时拒绝整个文件。",
        en + " The runtime rejects the whole file.",
        "error",
    )


def _key_problems(text: str, data: dict[str, object]) -> list[Problem]:
    found = []
    for name, body in data.items():
        at = line_of(text, f'"{name}"')
        if name not in LISTS:
            found.append(
                _reject(
                    at,
                    "list",
                    f"{token(name)} 不是 black-list、white-list 或 gray-list。",
                    f"{token(name)} is not black-list, white-list or gray-list.",
                )
            )
        elif not isinstance(body, dict):
            found.append(
                _reject(at, "shape", f"{name} 的值应为对象。", f"{name} must be an object.")
            )
        else:
            for key, value in body.items():
                spot = line_of(text, f'"{key}"', at - 1)
                if key not in ACTIONS:
                    found.append(
                        _reject(
                            spot,
                            "action",
                            f"{name} 下的 {token(key)} 不是 to-add 或 to-remove。",
                            f"{token(key)} under {name} is neither to-add nor to-remove.",
                        )
                    )
                elif not isinstance(value, list):
                    found.append(
                        _reject(spot, "shape", f"{key} 的值应为数组。", f"{key} must be an array.")
                    )
    return found


def _moves(text: str, doc: Mixlist) -> list[Problem]:
    wanted: dict[str, set[tuple[str, str]]] = {}
    for change in doc.changes:
        for action, ops in ((_ADD, change.to_add), (_REMOVE, change.to_remove)):
            for op in ops:
                wanted.setdefault(op, set()).add((change.name, action))
    found = []
    for op, move in wanted.items():
        if frozenset(move) not in MOVES:
            shown = ", ".join(f"{a} {n}" for n, a in sorted(move))
            found.append(
                _reject(
                    line_of(text, f'"{op}"'),
                    "move",
                    f"算子 {token(op)} 的修改（{shown}）不构成一次合法的移动：只能加入一个名单，"
                    "并可同时移出它原来所在的名单。",
                    f"The changes for operator {token(op)} ({shown}) are not one move: add it to one "
                    "list, optionally removing it from the list it leaves.",
                )
            )
    return found


def check(text: str) -> tuple[Problem, ...]:
    if not text.strip():
        return (_reject(0, "empty", "文件为空。", "The file is empty."),)
    data, found = load_json(text)
    if data is None:
        return tuple(replace(p, severity="error") for p in found)
    if not isinstance(data, dict):
        return (
            *found,
            _reject(1, "shape", "文件顶层应为 JSON 对象。", "The file must be a JSON object."),
        )
    return (*found, *_key_problems(text, data), *_moves(text, parse(text)))


TEMPLATE = """\
{
    "black-list": {
        "to-add": ["Cast"]
    },
    "white-list": {
        "to-remove": ["Conv2D"]
    }
}
"""

MIXLIST_FORMAT: Format[Mixlist] = Format(
    kind="mixlist",
    label=Text.of("混合精度黑白灰名单（JSON）", "Mixed-precision lists (JSON)"),
    suffix=".json",
    parse=parse,
    write=write,
    check=check,
    looks_like=lambda text: any(f'"{n}"' in text for n in LISTS),
    template=Text.of(TEMPLATE, TEMPLATE),  # no comments: one text
    source="NPURunConfig配置参数说明 (hiascend.com, tfmigr1_tfadapi_0040), modify_mixlist; "
    "hicann/ge compiler/engines/nn_engine/utils/common/config_parser/modify_mixlist_config_parser.cc",
)
