"""What the editor shows about a parameter, a value or an environment variable (Markdown).

Everything comes from the catalog: description, type, default, allowed values,
availability per product and scenario, the ``parameter_map`` key, the variables
the runtime falls back to, and the public page it is documented on. With the
configuration the cursor is in, also the value the runtime really uses and,
for parameters that place output, the priority chain of where it lands.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ascend_studio.lsp._diagnostics import doc_link

if TYPE_CHECKING:
    from ascend_studio.paths import Artifact, LayerSpec
    from ascend_studio.profile import Profile
    from ascend_studio.schema import Catalog, EnumValue, EnvVar, Parameter

__all__ = [
    "describe_env",
    "describe_owner",
    "describe_param",
    "describe_value",
    "short_value",
    "word",
]

_ZH = {
    "keyword of": "的关键字参数",
    "field of": "的字段",
    "type": "类型",
    "default": "默认值",
    "unset": "未设置",
    "documented default": "文档默认值",
    "values": "取值",
    "products": "产品",
    "all products": "所有产品",
    "elsewhere": "其他产品",
    "unsupported": "不支持",
    "ignored": "被忽略",
    "undocumented": "文档未写",
    "scenario": "场景",
    "training only": "仅训练",
    "online inference only": "仅在线推理",
    "sess.run key": "sess.run 的 parameter_map 键",
    "environment fallback": "未设置时读取的环境变量",
    "here": "本配置中",
    "set in this file": "本文件设置",
    "output lands": "输出位置",
    "documentation": "文档",
    "sources": "来源",
    "deprecated": "将废弃",
    "experimental": "试验",
    "no longer effective": "已不再生效",
    "format": "格式",
    "example": "示例",
    "read by": "读取它的参数",
    "range": "范围",
    "more values": "个其他取值",
    "not supported in this version": "当前版本不支持",
    "environment variable": "环境变量",
    "keywords": "关键字参数",
    "fields": "字段",
    "sub-config of": "NPURunConfig 的子配置",
}
_SOURCE_WORDS = {
    "set": ("set in this file", "本文件设置"),
    "documented default": ("documented default", "文档默认值"),
    "signature default": ("constructor default", "构造函数默认值"),
    "environment": ("from the environment", "来自环境变量"),
    "clamped": ("clamped by the runtime", "被运行时截断"),
    "rounded": ("rounded by the runtime", "被运行时取整"),
    "forced": ("forced by another setting", "被其他设置强制"),
    "ignored": ("ignored by the runtime", "被运行时忽略"),
}
#: Values listed in a parameter's hover; a value's own hover has its description.
MAX_VALUES = 16
#: Sources named under a hover (the documentation link comes first).
MAX_SOURCES = 3


def word(text: str, lang: str) -> str:
    return _ZH.get(text, text) if lang == "zh" else text


def _label(text: str, lang: str) -> str:
    """A label before a colon: ``Default``, ``默认值``."""
    shown = word(text, lang)
    return shown[:1].upper() + shown[1:]


def short_value(value: object) -> str:
    """A value as code writes it: ``'force_fp16'``, ``544``, ``FLAGS.output_dir``."""
    if value is None:
        return "None"
    expr = getattr(value, "expr", None)  # a run-time expression (profile.Expr)
    return expr if isinstance(expr, str) else repr(value)


def _products(catalog: Catalog, ids: Sequence[str] | None, lang: str) -> str:
    if ids is None:
        return word("all products", lang)
    names = [catalog.product(p).short.get(lang) for p in ids if p in catalog.product_ids]
    return ", ".join(names) or "-"


def _availability(param: Parameter, catalog: Catalog, lang: str) -> list[str]:
    lines = []
    products = _products(catalog, param.products, lang)
    if param.products is not None:
        products += f" ({word('elsewhere', lang)}: {word(param.elsewhere, lang)})"
    lines.append(f"**{_label('products', lang)}:** {products}")
    if param.scenario != "both":
        lines.append(f"**{_label('scenario', lang)}:** {_scenario_only(param.scenario, lang)}")
    if param.availability_note is not None:
        lines.append(param.availability_note.get(lang))
    return lines


def _scenario_only(scenario: str, lang: str) -> str:
    return word("training only" if scenario == "training" else "online inference only", lang)


def _default(param: Parameter, catalog: Catalog, lang: str) -> str:
    shown = word("unset", lang) if param.default is None else f"`{short_value(param.default)}`"
    documented = []
    for item in param.doc_default:
        where = _products(catalog, item.products, lang)
        if item.scenario != "both":
            where += f", {_scenario_only(item.scenario, lang)}"
        documented.append(f"`{short_value(item.value)}` ({where})")
    if documented:
        shown += f"; {word('documented default', lang)}: " + "; ".join(documented)
    return f"**{_label('default', lang)}:** {shown}"


def _value_line(value: EnumValue, catalog: Catalog, lang: str) -> str:
    label = f" {value.label.get(lang)}" if value.label is not None else ""
    where = "" if value.products is None else f" ({_products(catalog, value.products, lang)})"
    flag = "" if value.supported else f" ({word('not supported in this version', lang)})"
    return f"- `{short_value(value.value)}`{label}{where}{flag}"


def _values(param: Parameter, catalog: Catalog, lang: str) -> list[str]:
    if not param.values:
        return []
    lines = [f"**{_label('values', lang)}:**"]
    lines += [_value_line(v, catalog, lang) for v in param.values[:MAX_VALUES]]
    rest = len(param.values) - MAX_VALUES
    if rest > 0:
        lines.append(f"- … {rest} {word('more values', lang)}")
    return lines


def _tags(param: Parameter, lang: str) -> str:
    tags = [
        word(name, lang)
        for name, on in (
            ("deprecated", param.deprecated),
            ("experimental", param.experimental),
            ("no longer effective", param.no_effect),
            ("undocumented", param.undocumented),
        )
        if on
    ]
    return f" *({', '.join(tags)})*" if tags else ""


def _heading(param: Parameter, lang: str) -> list[str]:
    where = word("keyword of" if param.owner == "NPURunConfig" else "field of", lang)
    call = f"`{param.owner}({param.name}=…)`"
    head = f"**{param.name}**{_tags(param, lang)}: {param.label.get(lang)}"
    kind = f"{call} {where}" if lang == "zh" else f"{where.capitalize()} {call}"
    return [head, "", f"{kind} · {word('type', lang)} `{param.py_type}`"]


def _links(citations: Sequence[str], catalog: Catalog, lang: str) -> list[str]:
    """The documentation link, and the first sources as readers see them."""
    from ascend_studio.schema import cited
    from ascend_studio.schema._sources import split_citations

    parts = [c for text in citations for c in split_citations(text)]
    found = doc_link("; ".join(parts), catalog)
    lines = [] if found is None else [f"{_label('documentation', lang)}: [{found[0]}]({found[1]})"]
    if parts:
        shown = "; ".join(cited(catalog.cite(c), lang) for c in parts[:MAX_SOURCES])
        more = " …" if len(parts) > MAX_SOURCES else ""
        lines.append(f"*{_label('sources', lang)}: {shown}{more}*")
    return lines


def _session(param: Parameter, lang: str) -> list[str]:
    lines = []
    if param.session is not None:
        key = f'`parameter_map["{param.session.key}"].{param.session.field}`'
        lines.append(f"**{_label('sess.run key', lang)}:** {key}")
    if param.env:
        names = ", ".join(f"`{n}`" for n in param.env)
        lines.append(f"**{_label('environment fallback', lang)}:** {names}")
    return lines


def describe_param(
    param: Parameter,
    catalog: Catalog,
    lang: str,
    here: Sequence[str] = (),
) -> str:
    """A parameter's hover; ``here``: lines about the configuration under the cursor."""
    parts = [*_heading(param, lang), "", param.description.get(lang), ""]
    parts += [_default(param, catalog, lang), *_values(param, catalog, lang)]
    if param.minimum is not None or param.maximum is not None:
        low = "…" if param.minimum is None else f"{param.minimum:g}"
        high = "…" if param.maximum is None else f"{param.maximum:g}"
        parts.append(f"**{_label('range', lang)}:** {low} – {high} {param.unit}".rstrip())
    parts += _availability(param, catalog, lang) + _session(param, lang)
    parts += list(here)
    parts += ["", *_links(param.sources, catalog, lang)]
    return _joined(parts)


def describe_value(param: Parameter, value: EnumValue, catalog: Catalog, lang: str) -> str:
    label = f": {value.label.get(lang)}" if value.label is not None else ""
    parts = [
        f"`{param.name}={short_value(value.value)}`{label}",
        "",
        value.description.get(lang),
        "",
        f"**{_label('products', lang)}:** {_products(catalog, value.products, lang)}",
    ]
    if value.scenario != "both":
        parts.append(f"**{_label('scenario', lang)}:** {_scenario_only(value.scenario, lang)}")
    if not value.supported:
        parts.append(word("not supported in this version", lang))
    parts += ["", *_links(param.sources, catalog, lang)]
    return _joined(parts)


def describe_env(var: EnvVar, catalog: Catalog, lang: str, here: Sequence[str] = ()) -> str:
    readers = [p.path for p in catalog.params if var.name in p.env]
    parts = [
        f"**{var.name}**: {_label('environment variable', lang)}",
        "",
        var.purpose.get(lang),
        "",
        f"**{_label('format', lang)}:** {var.format.get(lang)}",
    ]
    if var.example:
        parts.append(f"**{_label('example', lang)}:** `{var.example}`")
    if readers:
        parts.append(f"**{_label('read by', lang)}:** " + ", ".join(f"`{r}`" for r in readers))
    parts += list(here)
    parts += ["", *_links(var.sources, catalog, lang)]
    return _joined(parts)


def describe_owner(owner: str, catalog: Catalog, lang: str) -> str:
    """``NPURunConfig`` or a sub-config class: where it goes and what it takes."""
    from ascend_studio.schema import SUBCONFIG_PATHS

    params = sorted((p for p in catalog.params if p.owner == owner), key=lambda p: p.position)
    holder = SUBCONFIG_PATHS.get(owner)
    head = f"**{owner}**"
    if holder is not None:
        head += f": {word('sub-config of', lang)}" + ("" if lang == "zh" else " NPURunConfig")
        head += f" (`{holder}=`)"
    label = "keywords" if holder is None else "fields"
    names = ", ".join(f"`{p.name}`" for p in params)
    parts = [head, "", f"**{_label(label, lang)} ({len(params)}):** {names}"]
    citations = params[0].sources[:1] if params else ()
    parts += ["", *_links(citations, catalog, lang)]
    return _joined(parts)


def effective_line(profile: Profile, path: str, catalog: Catalog, lang: str) -> list[str]:
    """The value the runtime uses for ``path`` in ``profile``, and why."""
    from ascend_studio.rules import effective_value  # the rules engine: only on a hover

    found = effective_value(profile, path, catalog)
    english, chinese = _SOURCE_WORDS.get(found.source, (found.source, found.source))
    how = chinese if lang == "zh" else english
    shown = word("unset", lang) if found.value is None else f"`{short_value(found.value)}`"
    if found.differs and found.entered is not None:
        shown = f"`{short_value(found.entered)}` → {shown}"
    line = f"**{_label('here', lang)}:** {shown} ({how})"
    note = found.note.get(lang) if found.note is not None else None
    return [line] + ([note] if note else [])


def output_lines(profile: Profile, names: Sequence[str], lang: str) -> list[str]:
    """Where the output placed by parameter paths or variables ``names`` lands."""
    from ascend_studio.paths import Context, Environment, load_artifacts, resolve
    from ascend_studio.paths._report import render_text

    wanted = set(names)
    chosen = [
        a
        for a in load_artifacts().artifacts
        if any(layer.name in wanted for v in _chains(a) for layer in v)
    ]
    if not chosen:
        return []
    env = Environment.build(profile=profile)
    text = render_text(resolve(profile, env, Context(), artifacts=chosen), lang).rstrip()
    return [f"**{_label('output lands', lang)}:**", "```text", text, "```"]


def _chains(artifact: Artifact) -> list[Sequence[LayerSpec]]:
    return [artifact.layers, *(v.layers for v in artifact.variant)]


def _joined(parts: Sequence[str]) -> str:
    """The lines as Markdown: a line of its own stays one (a hard break), except in
    lists and code blocks; runs of blank lines become one."""
    out: list[str] = []
    fenced = False
    for line in "\n".join(parts).split("\n"):
        shown = line
        if line.startswith("```"):
            fenced = not fenced
        elif line and not fenced and not line.startswith("- "):
            shown = line + "  "
        if shown or (out and out[-1]):
            out.append(shown)
    return "\n".join(out).strip() + "\n"
