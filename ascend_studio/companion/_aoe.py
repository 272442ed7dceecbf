"""``aoe_config_file``: JSON naming the operators AOE tunes, and how.

``tune_ops_name`` and ``tune_ops_type`` (lists, matched whole; their union is
tuned), ``tune_optimization_level`` (``O1`` high performance, ``O2`` normal, the
default) and ``feature`` (``deeper_opat`` needs aoe_mode 2, ``nonhomo_split``
aoe_mode 1).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

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

__all__ = ["AOE_FORMAT", "FEATURES", "KEYS", "LEVELS", "AoeConfig", "key_line"]

FEATURES = ("deeper_opat", "nonhomo_split")
LEVELS = ("O1", "O2")
KEYS = ("tune_ops_name", "tune_ops_type", "tune_optimization_level", "feature")


@dataclass(frozen=True)
class AoeConfig:
    """An AOE configuration file as read."""

    tune_ops_name: tuple[str, ...] = ()
    tune_ops_type: tuple[str, ...] = ()
    tune_optimization_level: str | None = None
    feature: tuple[str, ...] = ()
    #: Keys the format does not define, as (key, JSON text), kept when writing.
    extra: tuple[tuple[str, str], ...] = ()


def _names(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    return tuple(str(v) for v in value) if isinstance(value, list) else ()


def parse(text: str) -> AoeConfig:
    data = load_json(text)[0]
    if not isinstance(data, dict):
        return AoeConfig()
    level = data.get("tune_optimization_level")
    return AoeConfig(
        tune_ops_name=_names(data.get("tune_ops_name")),
        tune_ops_type=_names(data.get("tune_ops_type")),
        tune_optimization_level=level if isinstance(level, str) else None,
        feature=_names(data.get("feature")),
        extra=tuple((str(k), json.dumps(v)) for k, v in data.items() if k not in KEYS),
    )


def write(doc: AoeConfig) -> str:
    data: dict[str, object] = {}
    for key in ("tune_ops_name", "tune_ops_type"):
        names = getattr(doc, key)
        if names:
            data[key] = list(names)
    if doc.tune_optimization_level is not None:
        data["tune_optimization_level"] = doc.tune_optimization_level
    if doc.feature:
        data["feature"] = list(doc.feature)
    for key, value in doc.extra:
        data[key] = json.loads(value)
    return json.dumps(data, indent=4, ensure_ascii=False) + "\n"


def key_line(text: str, key: str) -> int:
    return line_of(text, f'"{key}"')


def _value_problems(text: str, doc: AoeConfig) -> list[Problem]:
    found = [
        problem(
            key_line(text, "feature"),
            "feature",
            f"feature 取值 {value_token(f)} 不是 deeper_opat 或 nonhomo_split。",
            f"feature {value_token(f)} is neither deeper_opat nor nonhomo_split.",
        )
        for f in doc.feature
        if f not in FEATURES
    ]
    found.extend(
        problem(
            key_line(text, key),
            "key",
            f"{token(key)} 不是 AOE 配置文件的已知字段（{', '.join(KEYS)}）。",
            f"{token(key)} is not a known AOE config key ({', '.join(KEYS)}).",
        )
        for key, _ in doc.extra
    )
    if not doc.tune_ops_name and not doc.tune_ops_type:
        found.append(
            problem(
                1,
                "no_ops",
                "tune_ops_name 与 tune_ops_type 都为空，没有指定要调优的算子。",
                "tune_ops_name and tune_ops_type are both empty: no operator is named for tuning.",
                "info",
            )
        )
    return found


def check(text: str) -> tuple[Problem, ...]:
    data, read = load_json(text)
    # The AOE tool's reader is not public: a comment is "may be rejected", not "is".
    found = tuple(replace(p, severity="warning") if p.code == "json_comment" else p for p in read)
    if data is None:
        return found
    if not isinstance(data, dict):
        return (
            *found,
            problem(1, "shape", "文件顶层应为 JSON 对象。", "The file should be a JSON object."),
        )
    return (*found, *_value_problems(text, parse(text)))


TEMPLATE = """\
{
    "tune_ops_name": ["loss/MatMul"],
    "tune_ops_type": ["Add", "Mul"],
    "tune_optimization_level": "O2"
}
"""

AOE_FORMAT: Format[AoeConfig] = Format(
    kind="aoe_json",
    label=Text.of("AOE 调优配置（JSON）", "AOE tuning config (JSON)"),
    suffix=".cfg",
    parse=parse,
    write=write,
    check=check,
    looks_like=lambda text: any(f'"{k}"' in text for k in KEYS),
    template=Text.of(TEMPLATE, TEMPLATE),  # no comments: one text
    source="NPURunConfig配置参数说明 (hiascend.com, tfmigr1_tfadapi_0040), aoe_config_file",
)
