"""Derive ``resources/catalog/tf2_releases.toml`` from the public TF Adapter releases.

Every release folder that holds ``tf_adapter_2.x/python/npu_device/configs/`` is
loaded for real (the config classes import nothing but each other), an
``NpuConfig()`` is built, and its option tree is read: every option's path under
``npu_device.global_options()``, its default, its list of accepted values and
whether it is a ``DeprecatedValue`` (with the replacement it prints). The setter
of ``option_base.py`` is probed once per release: whether a value of another type
than a non-None default raises TypeError (newer releases) or ValueError (older).

    python scripts/tf2_releases.py RELEASES_DIR            # print the TOML
    python scripts/tf2_releases.py RELEASES_DIR --write    # rewrite the catalog file

``RELEASES_DIR`` is the ``releases/`` folder of the TF Adapter sources (with its
``releases.tsv`` inside or beside it). The test ``tests/schema/test_tf2_releases.py`` reads the same
classes with :func:`read_release` and compares them with the catalog.
"""

from __future__ import annotations

import argparse
import csv
import importlib
import json
import sys
import types
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "resources/catalog/tf2_releases.toml"
CONFIGS = "tf_adapter_2.x/python/npu_device/configs"

__all__ = ["Found", "Option", "derive", "read_release", "release_rows"]


@dataclass(frozen=True)
class Option:
    """One option as the real class defines it."""

    path: str
    default: Any
    #: The setter's list; None: any value.
    values: tuple[Any, ...] | None
    deprecated: bool
    replacement: str | None


@dataclass(frozen=True)
class Found:
    """What one release's 2.x configs define."""

    options: dict[str, Option]
    #: Holder path ("" for NpuConfig itself) -> class name.
    holders: dict[str, str]
    #: The setter raises TypeError for a value of another type than the default's.
    type_error: bool


def _fresh_package(package_dir: Path) -> None:
    """``npu_device`` and ``npu_device.configs`` as bare packages over ``package_dir``
    (the real ``__init__`` imports TensorFlow; the configs need only each other)."""
    for name in [n for n in sys.modules if n == "npu_device" or n.startswith("npu_device.")]:
        del sys.modules[name]
    top = types.ModuleType("npu_device")
    top.__path__ = [str(package_dir)]
    configs = types.ModuleType("npu_device.configs")
    configs.__path__ = [str(package_dir / "configs")]
    sys.modules["npu_device"] = top
    sys.modules["npu_device.configs"] = configs


def _walk(config: Any, base: Any, value_cls: Any, prefix: str, found: Found) -> None:
    found.holders[prefix.rstrip(".")] = type(config).__name__
    for name, item in vars(config).items():
        if isinstance(item, base):
            _walk(item, base, value_cls, f"{prefix}{name}.", found)
        elif isinstance(item, value_cls):
            optional = item.optional
            values = tuple(optional) if isinstance(optional, list | tuple) else None
            found.options[prefix + name] = Option(
                prefix + name,
                item.default,
                values,
                type(item).__name__ == "DeprecatedValue",
                getattr(item, "replacement", None),
            )


def _raises_type_error(value_cls: Any) -> bool:
    probe = value_cls(False, [True, False])
    try:
        probe.value = "x"
    except TypeError:
        return True
    except ValueError:
        return False
    raise AssertionError("the setter accepted a value outside its list")


def read_release(package_dir: Path) -> Found:
    """The option tree of ``npu_device`` at ``package_dir`` (its ``configs`` run for real)."""
    _fresh_package(package_dir)
    npu_config = importlib.import_module("npu_device.configs.npu_config")
    option_base = importlib.import_module("npu_device.configs.option_base")
    found = Found({}, {}, _raises_type_error(option_base.OptionValue))
    _walk(npu_config.NpuConfig(), option_base.NpuBaseConfig, option_base.OptionValue, "", found)
    return found


def release_rows(releases_dir: Path) -> list[dict[str, str]]:
    """``releases.tsv`` (in the folder or beside it), oldest first (by date, then name)."""
    table = releases_dir / "releases.tsv"
    if not table.is_file():
        table = releases_dir.parent / "releases.tsv"
    with table.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    return sorted(rows, key=lambda r: (r["date"], r["ref"]))


# -- TOML -------------------------------------------------------------------------------
def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    return json.dumps(value, ensure_ascii=False)


def _ids(ids: list[str]) -> str:
    return "[" + ", ".join(json.dumps(i) for i in ids) + "]"


def _facts_key(option: Option) -> tuple[str, ...]:
    return (
        repr(option.default),
        repr(option.values),
        repr(option.deprecated),
        repr(option.replacement),
    )


def _facts_lines(option: Option, ids: list[str]) -> Iterator[str]:
    yield ""
    yield "[[option.facts]]"
    yield f"releases = {_ids(ids)}"
    if option.default is not None:
        yield f"default = {_scalar(option.default)}"
    if option.values is not None:
        kept = [v for v in option.values if v is not None]
        yield f"values = [{', '.join(_scalar(v) for v in kept)}]"
        if len(kept) < len(option.values):
            yield "none_allowed = true"
    if option.deprecated:
        yield "deprecated = true"
    if option.replacement is not None:
        yield f"replacement = {_scalar(option.replacement)}"


def _grouped(found: dict[str, Found], path: str, attr: str) -> list[tuple[Any, list[str]]]:
    """(facts, release ids) in order of first appearance, for one option or holder."""
    groups: dict[Any, tuple[Any, list[str]]] = {}
    for ref, release in found.items():
        table = getattr(release, attr)
        if path in table:
            item = table[path]
            key = _facts_key(item) if attr == "options" else item
            groups.setdefault(key, (item, []))[1].append(ref)
    return list(groups.values())


def derive(releases_dir: Path) -> str:
    rows = release_rows(releases_dir)
    found = {
        row["ref"]: read_release(releases_dir / row["ref"] / CONFIGS.rsplit("/", 1)[0])
        for row in rows
        if (releases_dir / row["ref"] / CONFIGS / "npu_config.py").is_file()
    }
    lines = [
        "# TF Adapter 2.x (npu_device.global_options()) option tree of every public release.",
        "# Generated by scripts/tf2_releases.py from each release's real config classes",
        "# (tf_adapter_2.x/python/npu_device/configs/); do not edit by hand, run the script.",
        "# The meaning of each option (its catalog parameter, texts, sources) is in tf2.toml.",
    ]
    for row in rows:
        lines += ["", "[[release]]", f'id = "{row["ref"]}"', f'date = "{row["date"]}"']
        release = found.get(row["ref"])
        if release is None:
            lines.append("configs = false")
        elif release.type_error:
            lines.append("type_error = true")
    holders = list(dict.fromkeys(p for r in found.values() for p in r.holders))
    for path in holders:
        for name, ids in _grouped(found, path, "holders"):
            lines += [
                "",
                "[[holder]]",
                f'path = "{path}"',
                f'name = "{name}"',
                f"releases = {_ids(ids)}",
            ]
    paths = list(dict.fromkeys(p for r in found.values() for p in r.options))
    for path in paths:
        lines += ["", "[[option]]", f'path = "{path}"']
        for option, ids in _grouped(found, path, "options"):
            lines += list(_facts_lines(option, ids))
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "releases", type=Path, help="the releases/ folder of the TF Adapter sources"
    )
    parser.add_argument("--write", action="store_true", help=f"rewrite {TARGET.relative_to(ROOT)}")
    args = parser.parse_args(argv)
    text = derive(args.releases)
    if args.write:
        TARGET.write_text(text, encoding="utf-8")
        print(f"wrote {TARGET.relative_to(ROOT)}")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
