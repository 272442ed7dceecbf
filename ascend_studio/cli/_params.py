"""``ascend-studio params``: list and search the parameter catalog."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from typing import Any

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
    parser.add_argument("query", nargs="?", default="", help="text to search for (any language)")
    parser.add_argument("--category", help="only this category id")
    parser.add_argument(
        "--product", help="only parameters available on this product (id, name or alias)"
    )
    parser.add_argument(
        "--scenario",
        choices=["training", "inference"],
        help="only parameters that apply in this scenario",
    )
    parser.add_argument("--lang", choices=["zh", "en"], default=None, help="label language")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(handler=run)


def select(
    catalog: Catalog,
    query: str,
    category: str | None,
    product: str | None,
    scenario: str | None = None,
) -> list[Parameter]:
    found = list(catalog.search(query))
    if category:
        found = [p for p in found if p.category == category]
    if product:
        found = [p for p in found if p.products is None or product in p.products]
    if scenario:
        found = [p for p in found if p.scenario in ("both", scenario)]
    return found


def product_id(catalog: Catalog, text: str) -> str | None:
    """The product id ``text`` names (see :meth:`Catalog.product_id`)."""
    return catalog.product_id(text)


def unknown_product(catalog: Catalog, text: str) -> str:
    known = ", ".join(f"{p.id} ({p.short.en})" for p in catalog.products)
    return f"unknown product {text!r}; known: {known}"


def _check_ids(catalog: Catalog, args: argparse.Namespace) -> str | None:
    if args.category and args.category not in {c.id for c in catalog.categories}:
        known = ", ".join(c.id for c in catalog.categories)
        return f"unknown category {args.category!r}; known: {known}"
    if args.product:
        found = product_id(catalog, args.product)
        if found is None:
            return unknown_product(catalog, args.product)
        args.product = found
    return None


def as_json(param: Parameter) -> dict[str, Any]:
    data: dict[str, Any] = dataclasses.asdict(param)
    data["path"] = param.path
    data["default_is_unset"] = param.default is None
    return data


def run(args: argparse.Namespace) -> int:
    catalog = shipped_catalog()
    problem = _check_ids(catalog, args)
    if problem:
        print(f"ascend-studio params: {problem}", file=sys.stderr)
        return 2
    found = select(catalog, args.query, args.category, args.product, args.scenario)
    if args.json:
        json.dump([as_json(p) for p in found], sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    width = max((len(p.path) for p in found), default=10)
    for param in found:
        default = say("unset", args.lang) if param.default is None else repr(param.default)
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
