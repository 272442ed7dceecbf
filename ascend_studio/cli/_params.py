"""``ascend-studio params``: list and search the parameter catalog."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from typing import Any

from ascend_studio._release_option import add_release_argument, release_from_args
from ascend_studio._words import say
from ascend_studio.cli import counted
from ascend_studio.schema import Catalog, Parameter, shipped_catalog

COMMAND = "params"
SUMMARY = "list and search the parameter catalog"


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        COMMAND,
        help=SUMMARY,
        description="List parameters; QUERY matches names, zh/en labels, descriptions, values, env vars.",
    )
    parser.add_argument(
        "query", nargs="?", default="", metavar="QUERY", help="text to search for (any language)"
    )
    parser.add_argument("--category", help="only this category id")
    parser.add_argument(
        "--product", help="only parameters available on this product (id, name or alias)"
    )
    parser.add_argument(
        "--scenario",
        choices=["training", "inference"],
        help="only parameters that apply in this scenario",
    )
    add_release_argument(parser)
    parser.add_argument("--lang", choices=["zh", "en"], default=None, help="label language")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(handler=run)


def available_from(catalog: Catalog, param: Parameter) -> str | None:
    """The first public release with the parameter (its keyword, or a sess.run-only key)."""
    span = catalog.history.param_span(param)
    return span.since if span is not None else None


def select(
    catalog: Catalog,
    query: str,
    category: str | None,
    product: str | None,
    scenario: str | None = None,
    *,
    release: str | None = None,
) -> list[Parameter]:
    """The parameters ``query`` finds in ``category`` that apply to the target (an axis
    left None is not asked)."""
    found = [p for p in catalog.search(query) if not category or p.category == category]
    return [p for p in found if catalog.why_not(p, product, scenario, release) is None]


def product_id(catalog: Catalog, text: str) -> str | None:
    """The product id ``text`` names (see :meth:`Catalog.product_id`)."""
    return catalog.product_id(text)


def unknown_product(catalog: Catalog, text: str, lang: str = "en") -> str:
    """Why ``text`` names no product, with every product's id and short name."""
    known = ", ".join(f"{p.id} ({p.short.get(lang)})" for p in catalog.products)
    return say("unknown product {name}; known: {known}", lang, name=repr(text), known=known)


def _check_ids(catalog: Catalog, args: argparse.Namespace) -> str | None:
    if args.category and args.category not in {c.id for c in catalog.categories}:
        known = ", ".join(c.id for c in catalog.categories)
        return say(
            "unknown category {name}; known: {known}",
            args.lang,
            name=repr(args.category),
            known=known,
        )
    if args.product:
        found = product_id(catalog, args.product)
        if found is None:
            return unknown_product(catalog, args.product, args.lang)
        args.product = found
    return None


def as_json(param: Parameter, catalog: Catalog | None = None) -> dict[str, Any]:
    data: dict[str, Any] = dataclasses.asdict(param)
    data["path"] = param.path
    data["default_is_unset"] = param.default is None
    data["available_from"] = available_from(catalog or shipped_catalog(), param)
    return data


def run(args: argparse.Namespace) -> int:
    catalog = shipped_catalog()
    try:
        problem = _check_ids(catalog, args)
        release = release_from_args(args, catalog, COMMAND)
    except ValueError as exc:
        problem = str(exc)
    if problem:
        print(f"ascend-studio params: {problem}", file=sys.stderr)
        return 2
    found = select(catalog, args.query, args.category, args.product, args.scenario, release=release)
    defaults = {p.path: p.default for p in found}
    if release is not None:
        defaults = {p.path: catalog.history.default(p.path, release)[1] for p in found}
    if args.json:
        rows = [as_json(p, catalog) | {"default": defaults[p.path]} for p in found]
        json.dump(rows, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    width = max((len(p.path) for p in found), default=10)
    for param in found:
        value = defaults[param.path]
        default = say("unset", args.lang) if value is None else repr(value)
        flags = "".join(
            f" [{say(name, args.lang)}]"
            for name, on in (
                ("deprecated", param.deprecated),
                ("experimental", param.experimental),
                ("no effect", param.no_effect),
                ("inherited", param.inherited),
            )
            if on
        )
        print(
            f"{param.path:<{width}}  {param.py_type:<6} {default:<22} {param.label.get(args.lang)}{flags}"
        )
    print(counted(len(found), "parameter", args.lang), file=sys.stderr)
    return 0
