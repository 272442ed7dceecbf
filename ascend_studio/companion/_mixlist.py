"""``modify_mixlist``: JSON changes to the mixed-precision black/white/gray lists.

``{"black-list": {"to-add": [...], "to-remove": [...]}, "white-list": ..., ...}``:
operator types moved onto a list (``to-add``) or off it to the gray list
(``to-remove``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ascend_studio.companion._base import Format, Problem, line_of, load_json, problem
from ascend_studio.schema import Text

__all__ = ["ACTIONS", "LISTS", "MIXLIST_FORMAT", "ListChange", "Mixlist"]

LISTS = ("black-list", "white-list", "gray-list")
ACTIONS = ("to-add", "to-remove")


@dataclass(frozen=True)
class ListChange:
    name: str
    to_add: tuple[str, ...] = ()
    to_remove: tuple[str, ...] = ()


@dataclass(frozen=True)
class Mixlist:
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


def _key_problems(text: str, data: dict[str, object]) -> list[Problem]:
    found = []
    for name, body in data.items():
        at = line_of(text, f'"{name}"')
        if name not in LISTS:
            found.append(
                problem(
                    at,
                    "list",
                    f"{name} 不是已知的名单（black-list、white-list、gray-list）。",
                    f"{name} is not a known list (black-list, white-list, gray-list).",
                )
            )
        elif not isinstance(body, dict):
            continue
        else:
            found.extend(
                problem(
                    line_of(text, f'"{key}"', at - 1),
                    "action",
                    f"{name} 下的 {key} 不是 to-add 或 to-remove，会被忽略。",
                    f"{key} under {name} is neither to-add nor to-remove; it is ignored.",
                )
                for key in body
                if key not in ACTIONS
            )
    return found


def _both_ways(text: str, doc: Mixlist) -> list[Problem]:
    found = []
    for change in doc.changes:
        for op in sorted(set(change.to_add) & set(change.to_remove)):
            found.append(
                problem(
                    line_of(text, f'"{op}"'),
                    "both",
                    f"算子 {op} 同时出现在 {change.name} 的 to-add 与 to-remove 中。",
                    f"Operator {op} is in both to-add and to-remove of {change.name}.",
                )
            )
    return found


def check(text: str) -> tuple[Problem, ...]:
    data, found = load_json(text)
    if data is None:
        return found
    if not isinstance(data, dict):
        return (
            *found,
            problem(1, "shape", "文件顶层应为 JSON 对象。", "The file should be a JSON object."),
        )
    return (*found, *_key_problems(text, data), *_both_ways(text, parse(text)))


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
    kind="modify_mixlist",
    label=Text.of("混合精度黑白灰名单（JSON）", "Mixed-precision lists (JSON)"),
    suffix=".json",
    parse=parse,
    write=write,
    check=check,
    looks_like=lambda text: any(f'"{n}"' in text for n in LISTS),
    template=TEMPLATE,
    source="NPURunConfig配置参数说明 (hiascend.com, tfmigr1_tfadapi_0040), modify_mixlist",
)
