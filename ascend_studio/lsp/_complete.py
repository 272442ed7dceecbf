"""Completion: keywords and values inside configuration calls, ``parameter_map`` keys and
values, and environment variable names (``export``, ``os.environ[...]``).

Parameters and values the target product lacks are left out when the product is
known (the project configuration or the editor's settings name it), and so are the
keywords and keys the target TF Adapter release lacks when a release is named; their
documentation comes on ``completionItem/resolve``, the same text as the hover.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from lsprotocol import types as lsp

from ascend_studio.lsp._context import Place, python_place, shell_place
from ascend_studio.lsp._describe import describe_env, describe_param, describe_value, short_value
from ascend_studio.lsp._hover import Request
from ascend_studio.lsp._lookup import dialect_of, names, owner_names, value_named

if TYPE_CHECKING:
    from ascend_studio.schema import Catalog, EnumValue, Parameter

__all__ = ["TRIGGERS", "complete", "resolve"]

#: Characters after which editors ask for completion without a keystroke more.
TRIGGERS = ["(", ",", "=", "[", '"', "'", " "]


def _product(req: Request) -> str | None:
    settings = None if req.outcome is None else req.outcome.settings
    return None if settings is None else settings.product.value


def _release(req: Request) -> str | None:
    """The id of the release the settings name (None: none, ``auto``, or unknown)."""
    settings = None if req.outcome is None else req.outcome.settings
    name = None if settings is None else settings.release.value
    if name is None:
        return None
    try:
        return req.catalog.history.resolve(name).id
    except ValueError:
        return None


def _edit(req: Request, place: Place, text: str) -> lsp.TextEdit:
    line_start = req.snapshot.offset(req.line, 0)
    start = max(place.start - line_start, 0) if place.start >= line_start else 0
    return lsp.TextEdit(range=req.snapshot.span(req.line, start, req.column), new_text=text)


def _keyword_items(req: Request, place: Place) -> Iterable[lsp.CompletionItem]:
    product, release = _product(req), _release(req)
    for param in req.catalog.params:
        if param.owner != place.owner:
            continue
        if req.catalog.why_not(param, product, None, release, "constructor") is not None:
            continue
        if param.session and param.session.session_only:
            continue  # a sess.run-only key is no keyword
        yield lsp.CompletionItem(
            label=param.name,
            kind=lsp.CompletionItemKind.Property,
            detail=f"{param.py_type} · {param.label.get(req.lang)}",
            filter_text=param.name,
            sort_text=f"{int(param.deprecated or param.no_effect)}{param.order:04d}{param.name}",
            tags=[lsp.CompletionItemTag.Deprecated] if param.deprecated else None,
            text_edit=_edit(req, place, f"{param.name}="),
            data={"param": param.path},
        )


def _literal(value: object, quote: str | None) -> str:
    if isinstance(value, str):
        return value if quote else f'"{value}"'
    return short_value(value)


def _values(param: Parameter, product: str | None) -> list[EnumValue]:
    return [v for v in param.values if v.supported and v.applies_to(product)]


def _value_items(req: Request, param: Parameter, place: Place) -> Iterable[lsp.CompletionItem]:
    found: list[tuple[object, str | None]] = [
        (v.value, None if v.label is None else v.label.get(req.lang))
        for v in _values(param, _product(req))
    ]
    if not found and param.py_type == "bool":
        found = [(True, None), (False, None)]
    for rank, (value, label) in enumerate(found):
        shown = _literal(value, place.quote)
        yield lsp.CompletionItem(
            label=shown,
            kind=lsp.CompletionItemKind.EnumMember,
            detail=label,
            sort_text=f"{rank:04d}",
            filter_text=str(value),
            text_edit=_edit(req, place, shown),
            data={"param": param.path, "value": value},
        )


def _key_items(req: Request, place: Place) -> Iterable[lsp.CompletionItem]:
    product, release = _product(req), _release(req)
    for key, param in sorted(names(req.catalog).by_key.items()):
        if req.catalog.why_not(param, product, None, release, "session") is not None:
            continue
        yield lsp.CompletionItem(
            label=key,
            kind=lsp.CompletionItemKind.Property,
            detail=f".{param.session.field if param.session else 's'} · {param.label.get(req.lang)}",
            filter_text=key,
            text_edit=_edit(req, place, key if place.quote else f'"{key}"'),
            data={"param": param.path},
        )


def _env_items(req: Request, place: Place) -> Iterable[lsp.CompletionItem]:
    for var in req.catalog.env_vars:
        purpose = var.purpose.get(req.lang)
        yield lsp.CompletionItem(
            label=var.name,
            kind=lsp.CompletionItemKind.Variable,
            detail=purpose if len(purpose) <= 60 else purpose[:59] + "…",
            text_edit=_edit(
                req,
                place,
                var.name if place.quote or place.where == "env_name" else f'"{var.name}"',
            ),
            data={"env": var.name},
        )


def _python_items(req: Request) -> list[lsp.CompletionItem]:
    offset = req.snapshot.offset(req.line, req.column)
    place = python_place(req.snapshot.text[:offset], owner_names())
    index = names(req.catalog)
    if place.where == "keyword":
        return list(_keyword_items(req, place))
    if place.where in ("value", "map_value") and place.keyword is not None:
        param = (
            index.keyword(place.owner, place.keyword)
            if place.owner is not None
            else index.by_key.get(place.keyword)
        )
        return [] if param is None else list(_value_items(req, param, place))
    if place.where == "map_key":
        return list(_key_items(req, place))
    if place.where == "env_key":
        return list(_env_items(req, place))
    return []


def complete(req: Request) -> lsp.CompletionList | None:
    if not 0 <= req.line < len(req.snapshot.lines):
        return None
    dialect = dialect_of(req.name)
    if dialect == "python":
        items = _python_items(req)
    elif dialect in ("shell", "env-file"):
        line = req.snapshot.lines[req.line][: req.column]
        place = shell_place(line, env_file=dialect == "env-file")
        shifted = Place(place.where, start=req.snapshot.offset(req.line, place.start))
        items = list(_env_items(req, shifted)) if place.where == "env_name" else []
    else:
        items = []
    return lsp.CompletionList(is_incomplete=False, items=items) if items else None


def resolve(item: lsp.CompletionItem, catalog: Catalog, lang: str) -> lsp.CompletionItem:
    """``item`` with its documentation (the hover's text)."""
    data: Any = item.data
    text = None
    if isinstance(data, dict) and isinstance(data.get("param"), str) and catalog.has(data["param"]):
        param = catalog.param(data["param"])
        value = value_named(param, str(data["value"])) if "value" in data else None
        text = (
            describe_param(param, catalog, lang)
            if value is None
            else describe_value(param, value, catalog, lang)
        )
    elif isinstance(data, dict) and isinstance(data.get("env"), str):
        var = catalog.env_var(data["env"])
        text = None if var is None else describe_env(var, catalog, lang)
    if text is not None:
        item.documentation = lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text)
    return item
