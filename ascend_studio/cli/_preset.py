"""``ascend-studio preset``: list, show and apply task presets."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ascend_studio._release_option import add_release_argument, release_from_args
from ascend_studio._words import say
from ascend_studio.presets import (
    Preset,
    PresetError,
    PresetOutcome,
    apply_preset,
    preset_side,
    shipped_presets,
    shown_value,
)
from ascend_studio.profile import Profile, ProfileError, load_profile, save_profile, target_of
from ascend_studio.schema import Catalog, shipped_catalog

COMMAND = "preset"
SUMMARY = "task presets: list, show one, or apply one to a profile"


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        COMMAND,
        help=SUMMARY,
        description=(
            "Task presets answer a task (accuracy dump, overflow detection, profiling, ...) "
            "with the settings the reference pages give for it, on your product and scenario. "
            "Exit status: 0 ok, 1 a profile cannot be read or saved, 2 unknown preset."
        ),
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help="list the presets")
    listing.add_argument("--lang", choices=["en", "zh"], default=None)
    show = actions.add_parser("show", help="what a preset sets, why, and its sources")
    show.add_argument("name", metavar="NAME")
    show.add_argument("--lang", choices=["en", "zh"], default=None)
    apply = actions.add_parser(
        "apply",
        help="apply a preset to PROFILE (created when missing); prints the changes",
    )
    apply.add_argument("name", metavar="NAME")
    apply.add_argument("profile", metavar="PROFILE")
    apply.add_argument("--write", action="store_true", help="save PROFILE with the preset applied")
    apply.add_argument("-o", "--output", metavar="FILE", help="save the result here instead")
    apply.add_argument(
        "--replace",
        action="store_true",
        help="also change values the profile already sets (by default they are kept and listed)",
    )
    apply.add_argument(
        "--work-path",
        metavar="DIR",
        help="the job's folder on the server: the preset's output paths go under it "
        "(default: the profile's ASCEND_WORK_PATH; without either they are not set)",
    )
    apply.add_argument("--product", help="target product for a new profile")
    apply.add_argument("--scenario", choices=["training", "inference"], help="for a new profile")
    add_release_argument(apply)
    apply.add_argument("--lang", choices=["en", "zh"], default=None)
    parser.set_defaults(handler=run)


def _find(name: str, catalog: Catalog) -> Preset | None:
    return next((p for p in shipped_presets(catalog) if p.id == name), None)


def _list(lang: str, catalog: Catalog) -> int:
    for preset in shipped_presets(catalog):
        print(f"{preset.id:32} {preset.title.get(lang)}")
    return 0


def _show(preset: Preset, lang: str, catalog: Catalog) -> int:
    print(f"{preset.id}: {preset.title.get(lang)}\n\n{preset.explanation.get(lang)}\n")
    comma = "、" if lang == "zh" else ", "
    products = comma.join(catalog.product(p).short.get(lang) for p in preset.products)
    scenarios = comma.join(say(s, lang) for s in preset.scenarios)
    print(f"{say('products', lang)}: {products}; {say('scenarios', lang)}: {scenarios}")
    for item in preset.settings:
        only = say("{scenario} only", lang, scenario=say(item.scenario, lang))
        scope = f" [{only}]" if item.scenario != "both" else ""
        value = (
            repr(item.value) if item.under_work_path is None else _under(item.under_work_path, lang)
        )
        print(f"  {item.path} = {value}{scope}: {item.why.get(lang)}")
    for gone in preset.clear:
        print(f"  {gone.path}: {say('cleared', lang)}: {gone.why.get(lang)}")
    for env in preset.env:
        value = (
            repr(env.value) if env.under_work_path is None else _under(env.under_work_path, lang)
        )
        shown = say("unset", lang) if env.unset else f"= {value}"
        print(f"  {say('env', lang)} {env.name} {shown}: {env.why.get(lang)}")
    for file in preset.files:
        where = say("file for {path}", lang, path=file.path)
        print(f"  {where}: {file.text.strip()!r}: {file.why.get(lang)}")
    print(f"{say('sources', lang)}:")
    for source in preset.sources:
        print(f"  - {source}")
    return 0


def _under(name: str, lang: str = "en") -> str:
    return say("<the job's folder>/{name}", lang, name=name)


def print_outcome(outcome: PresetOutcome, lang: str) -> None:
    if outcome.off_target:
        target = target_of(outcome.profile)
        print(
            say(
                "note: {preset} is written for other products or scenarios; only what applies "
                "on {product} ({scenario}) was set",
                lang,
                preset=outcome.preset.id,
                product=target.product or say("no product named", lang),
                scenario=say(target.scenario or "no scenario named", lang),
            )
        )
    for change in outcome.changes:
        old, new = change.shown(change.old, lang), change.shown(change.new, lang)
        print(f"  {change.path}: {old} -> {new}")
    for skip in outcome.skipped:
        print(f"  {say('skipped {path}', lang, path=skip.path)}: {skip.reason.get(lang)}")
    for kept in outcome.kept:
        line = say(
            "kept {path} = {mine} (yours; {preset}: {why})",
            lang,
            path=kept.path,
            mine=shown_value(kept.mine, lang),
            preset=preset_side(kept).get(lang),
            why=kept.why.get(lang),
        )
        print(f"  {line}")
    if outcome.kept:
        print("  " + say("(add --replace to change the values you set)", lang))
    if not outcome.changes and not outcome.kept:
        print("  " + say("nothing to change: the profile already has these settings", lang))


def _start(args: argparse.Namespace, catalog: Catalog) -> Profile:
    try:
        release = release_from_args(args, catalog, COMMAND)
    except ValueError as exc:
        raise ProfileError(args.profile, str(exc)) from None
    if Path(args.profile).exists():
        profile = load_profile(args.profile)
        if args.product or args.scenario:
            profile = profile.with_target(args.product, args.scenario)
        return profile if release is None else profile.with_release(release)
    if args.product and args.product not in catalog.product_ids:
        raise ProfileError(args.profile, f"unknown product {args.product!r}")
    return Profile(release=release).with_target(args.product, args.scenario)


def _apply(preset: Preset, args: argparse.Namespace, catalog: Catalog) -> int:
    try:
        outcome = apply_preset(
            preset,
            _start(args, catalog),
            catalog,
            replace=args.replace,
            work_path=args.work_path,
        )
        print_outcome(outcome, args.lang)
        target = args.output or (args.profile if args.write else None)
        if target:
            save_profile(outcome.profile, target)
            print(say("saved {path}", args.lang, path=target), file=sys.stderr)
    except ProfileError as exc:
        print(f"ascend-studio preset: {exc.text(args.lang)}", file=sys.stderr)
        return 1
    return 0


def run(args: argparse.Namespace) -> int:
    catalog = shipped_catalog()
    try:
        if args.action == "list":
            return _list(args.lang, catalog)
        preset = _find(args.name, catalog)
    except PresetError as exc:
        print(f"ascend-studio preset: invalid preset data: {exc}", file=sys.stderr)
        return 1
    if preset is None:
        known = ", ".join(p.id for p in shipped_presets(catalog))
        problem = say(
            "no preset {name} (known: {known})", args.lang, name=repr(args.name), known=known
        )
        print(f"ascend-studio preset: {problem}", file=sys.stderr)
        return 2
    return (
        _show(preset, args.lang, catalog)
        if args.action == "show"
        else _apply(preset, args, catalog)
    )
