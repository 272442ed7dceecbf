"""The "why" page of one parameter, as rich text for a QTextBrowser.

Pure functions from (catalog, artifacts, profile, path, language) to HTML, so
the page is testable without a window. Links use ``param:<path>``; the panel
turns a click into ``parameter_activated``.
"""

from __future__ import annotations

from collections.abc import Iterable

from ascend_studio.paths import Artifact, ArtifactCatalog
from ascend_studio.profile import Expr, Profile, target_of
from ascend_studio.rules import Explanation, Involved, RuleLink, explain
from ascend_studio.schema import Catalog, Parameter, Text
from ascend_studio.ui._core import param_unavailable, value_unavailable
from ascend_studio.ui._i18n import Language, tr
from ascend_studio.ui._texts import escape, explain_unavailable, show_value, tag_html, tags_for

__all__ = ["artifacts_for", "param_link", "why_html", "why_sections"]

_SEVERITY = {"error": ("✗", "#b3261e"), "warning": ("⚠", "#8a5a00"), "info": ("ℹ", "#1f5fa8")}
_E = escape


def param_link(catalog: Catalog, path: str) -> str:
    """A link to a parameter (plain text for ``env:`` names and unknown paths)."""
    if path.startswith("env:"):
        return f"<code>${_E(path[4:])}</code>"
    if not catalog.has(path):
        return f"<code>{_E(path)}</code>"
    return f'<a href="param:{_E(path)}"><code>{_E(path)}</code></a>'


def _heading(text: str) -> str:
    return f"<h3>{_E(text)}</h3>"


def _other(text: Text, lang: Language) -> str:
    return text.en if lang == "zh" else text.zh


def _title(param: Parameter, lang: Language) -> str:
    tags = " ".join(tag_html(kind, text) for kind, text in tags_for(param))
    return (
        f"<h2>{_E(param.label.get(lang))}</h2>"
        f"<p><code>{_E(param.path)}</code> &nbsp; {tags}</p>"
        f"<p>{_E(param.description.get(lang))}</p>"
        f'<p style="color:#6b7280">{_E(_other(param.description, lang))}</p>'
    )


def _values_line(param: Parameter, profile: Profile, exp: Explanation, lang: Language) -> str:
    rows = [(tr("Default (signature)"), show_value(param.default))]
    for doc in param.doc_default:
        note = f" — {doc.note.get(lang)}" if doc.note else ""
        rows.append((tr("Documented default"), f"{show_value(doc.value)}{note}"))
    entered = profile.get(param.path)
    rows.append(
        (tr("Set in this profile"), tr("not set") if entered is None else show_value(entered))
    )
    eff = exp.effective
    shown = tr("not sent / ignored") if eff.source == "ignored" else _show(eff.value)
    note = f" — {eff.note.get(lang)}" if eff.note else ""
    rows.append((tr("Effective value"), f"{shown} ({_source_text(eff.source)}){note}"))
    if param.unit:
        rows.append((tr("Unit"), param.unit))
    body = "".join(f"<tr><td><b>{_E(k)}</b></td><td>{_E(v)}</td></tr>" for k, v in rows)
    return f'<table cellpadding="2">{body}</table>'


def _show(value: object) -> str:
    return show_value(value) if isinstance(value, bool | int | float | str | Expr) else repr(value)


def _source_text(source: str) -> str:
    return {
        "set": tr("as set"),
        "documented default": tr("documented default"),
        "signature default": tr("signature default"),
        "environment": tr("from the environment"),
        "clamped": tr("clamped"),
        "rounded": tr("rounded"),
        "forced": tr("forced"),
        "ignored": tr("ignored"),
    }.get(source, source)


def _allowed_values(param: Parameter, profile: Profile, catalog: Catalog, lang: Language) -> str:
    if not param.values:
        return ""
    current = profile.get(param.path)
    rows = []
    for item in param.values:
        target = target_of(profile)
        problem = value_unavailable(item, target.product, target.scenario)
        where = explain_unavailable(problem, catalog, lang) if problem else tr("available")
        mark = "▶ " if current is not None and param.value_info(current) is item else ""
        label = item.label.get(lang) if item.label else ""
        rows.append(
            f"<tr><td>{mark}<code>{_E(show_value(item.value))}</code></td><td>{_E(label)}</td>"
            f"<td>{_E(item.description.get(lang))}</td><td>{_E(where)}</td></tr>"
        )
    head = f"<tr><th>{tr('Value')}</th><th>{tr('Name')}</th><th>{tr('Meaning')}</th><th>{tr('On the target')}</th></tr>"
    return (
        _heading(tr("Allowed values"))
        + f'<table border="1" cellspacing="0" cellpadding="3">{head}{"".join(rows)}</table>'
    )


def _availability(param: Parameter, profile: Profile, catalog: Catalog, lang: Language) -> str:
    gated = [v for v in param.values if v.depends_on("product")]
    head = "".join(f"<th><code>{_E(show_value(v.value))}</code></th>" for v in gated)
    rows = []
    scenario_named = target_of(profile).scenario
    for product in catalog.products:
        cells = [_tick(param_unavailable(param, product.id, scenario_named) is None)]
        cells += [_tick(v.applies_to(product.id)) for v in gated]
        bold = "font-weight:bold;" if product.id == profile.product else ""
        rows.append(
            f'<tr><td style="{bold}">{_E(product.short.get(lang))}</td>{"".join(cells)}</tr>'
        )
    scenario = {
        "both": tr("training and online inference"),
        "training": tr("training only"),
        "inference": tr("online inference only"),
    }[param.scenario]
    note = f"<p>{_E(param.availability_note.get(lang))}</p>" if param.availability_note else ""
    table = f'<table border="1" cellspacing="0" cellpadding="3"><tr><th>{tr("Product")}</th><th>{tr("Parameter")}</th>{head}</tr>{"".join(rows)}</table>'
    return (
        _heading(tr("Availability by product"))
        + f"<p>{_E(tr('Scenario'))}: {_E(scenario)}</p>"
        + table
        + note
    )


def _tick(ok: bool) -> str:
    return (
        '<td align="center" style="color:#2e7d32">✓</td>'
        if ok
        else '<td align="center" style="color:#9ca3af">—</td>'
    )


def _involved_list(catalog: Catalog, items: Iterable[Involved]) -> str:
    # The rules engine quotes values as Python literals, and nothing as "unset".
    shown = [(i.path, tr("unset") if i.shown == "unset" else i.shown) for i in items]
    return ", ".join(
        f"{param_link(catalog, path)} = <code>{_E(text)}</code>" for path, text in shown
    )


def _rule_item(catalog: Catalog, link: RuleLink, lang: Language) -> str:
    icon, colour = _SEVERITY[link.severity]
    state = tr("applies now") if link.fires else tr("not triggered")
    others = _involved_list(catalog, link.others)
    others_line = f"<br>{_E(tr('Other parameters'))}: {others}" if others else ""
    return (
        f'<li><span style="color:{colour}">{icon}</span> <b>{_E(link.rule_id)}</b> '
        f"({_E(state)})<br>{_E(link.message.get(lang))}{others_line}"
        f'<br><span style="color:#6b7280">{_E(tr("Source"))}: {_E(link.source)}</span></li>'
    )


def _rules(catalog: Catalog, exp: Explanation, lang: Language) -> str:
    shown = [link for link in exp.rules if link.fires or link.role != "self"]
    shown.sort(key=lambda link: not link.fires)
    parts = [_heading(tr("Rules"))]
    if not shown:
        parts.append(f"<p>{_E(tr('No rule ties this parameter to others.'))}</p>")
    else:
        parts.append("<ul>" + "".join(_rule_item(catalog, x, lang) for x in shown) + "</ul>")
    if exp.affects:
        parts.append(f"<p><b>{_E(tr('Affects'))}:</b> {_involved_list(catalog, exp.affects)}</p>")
    if exp.affected_by:
        parts.append(
            f"<p><b>{_E(tr('Affected by'))}:</b> {_involved_list(catalog, exp.affected_by)}</p>"
        )
    return "".join(parts)


def _environment(param: Parameter, profile: Profile, catalog: Catalog, lang: Language) -> str:
    if not param.env:
        return ""
    items = []
    for name in param.env:
        info = catalog.env_var(name)
        purpose = info.purpose.get(lang) if info else ""
        value = profile.env.get(name, "") if name in profile.env else None
        current = tr("not set in the profile") if value is None else repr(value)
        items.append(f"<li><code>${_E(name)}</code> ({_E(current)}): {_E(purpose)}</li>")
    return _heading(tr("Related environment variables")) + "<ul>" + "".join(items) + "</ul>"


#: artifacts_for's answers by (artifact catalog, path): the catalog never changes and
#: reading all its variants took about 0.5 ms, on every edit the Why panel showed.
_FOUND: dict[tuple[int, str], tuple[ArtifactCatalog, list[tuple[Artifact, bool]]]] = {}


def artifacts_for(artifacts: ArtifactCatalog, path: str) -> list[tuple[Artifact, bool]]:
    """Artifacts this parameter places (True) or switches on or off (False)."""
    known = _FOUND.get((id(artifacts), path))
    if known is not None and known[0] is artifacts:
        return list(known[1])
    found = _artifacts_for(artifacts, path)
    if len(_FOUND) > 1024:
        _FOUND.clear()
    _FOUND[id(artifacts), path] = (artifacts, found)
    return list(found)


def _artifacts_for(artifacts: ArtifactCatalog, path: str) -> list[tuple[Artifact, bool]]:
    found = []
    for art in artifacts.artifacts:
        layers = [x for v in art.variants for x in v.layers]
        if any(x.kind == "parameter" and x.name == path for x in layers):
            found.append((art, True))
        elif any(c.param == path for c in art.conditions()):
            found.append((art, False))
    return found


def _artifacts(artifacts: ArtifactCatalog, path: str, lang: Language) -> str:
    found = artifacts_for(artifacts, path)
    if not found:
        return ""
    items = "".join(
        f"<li>{_E(art.name.get(lang))} — {_E(tr('decides its folder') if places else tr('decides whether it is written'))}</li>"
        for art, places in found
    )
    return _heading(tr("Output locations it decides")) + f"<ul>{items}</ul>"


def _sources(param: Parameter, catalog: Catalog, lang: Language) -> str:
    """Citations rendered from the sources table (public titles and locations)."""
    items = "".join(f"<li><code>{_E(catalog.cite(s))}</code></li>" for s in param.sources)
    notes = "".join(
        f"<li>{_E(d.summary.get(lang))} ({_E(tr('follows'))}: {_E(catalog.cite(d.follows))})</li>"
        for d in param.disagreements
    )
    extra = _heading(tr("Where the sources disagree")) + f"<ul>{notes}</ul>" if notes else ""
    return _heading(tr("Sources")) + f"<ul>{items}</ul>" + extra


def why_html(
    catalog: Catalog, artifacts: ArtifactCatalog, profile: Profile, path: str, lang: Language
) -> str:
    """The whole page for ``path``; a short note when it is not a catalog parameter."""
    return "".join(why_sections(catalog, artifacts, profile, path, lang))


def why_sections(
    catalog: Catalog, artifacts: ArtifactCatalog, profile: Profile, path: str, lang: Language
) -> list[str]:
    """The page for ``path`` in its parts (title, values, rules...), in order: the
    panel replaces the parts an edit changed (``why/_patch.py``)."""
    if not catalog.has(path):
        return [f"<p>{_E(tr('Select a parameter to see why it behaves as it does.'))}</p>"]
    param = catalog.param(path)
    exp = explain(profile, path, catalog)
    return [
        _title(param, lang),
        _values_line(param, profile, exp, lang),
        _rules(catalog, exp, lang),
        _allowed_values(param, profile, catalog, lang),
        _availability(param, profile, catalog, lang),
        _environment(param, profile, catalog, lang),
        _artifacts(artifacts, path, lang),
        _sources(param, catalog, lang),
    ]
