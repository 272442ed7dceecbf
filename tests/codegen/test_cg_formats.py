"""Adding an export format is one module: a descriptor the CLI, menus and previews read.

A synthetic format registered from here (as a new ``codegen/_export_<name>.py``
would be discovered) shows in ``--format``, exports through the CLI and
``export_text``, and gets the exporter the profile's evaluation.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from ascend_studio import codegen
from ascend_studio.cli import build_parser, run_cli
from ascend_studio.codegen import (
    EXPORT_FORMATS,
    ExportFormat,
    ExportOptions,
    export_formats,
    export_text,
    register_format,
    unregister_format,
)
from ascend_studio.profile import Profile, save_profile
from ascend_studio.schema import Catalog, Text

SEEN: list[Sequence[Any]] = []


def export_upper(
    profile: Profile, catalog: Catalog, options: ExportOptions, diagnostics: Sequence[Any]
) -> str:
    SEEN.append(diagnostics)
    return "".join(f"{k.upper()}={v}\n" for k, v in sorted(profile.env.items()))


SYNTHETIC = ExportFormat(
    id="upper-env",
    suffix=".upper",
    language="plain",
    label=Text.of("大写环境变量", "Upper env"),
    summary="upper-case variables",
    export=export_upper,
    order=65,
)


@pytest.fixture
def synthetic() -> Iterator[ExportFormat]:
    register_format(SYNTHETIC)
    SEEN.clear()
    yield SYNTHETIC
    unregister_format(SYNTHETIC.id)


def test_the_shipped_formats_are_found_in_their_modules() -> None:
    assert tuple(f.id for f in sorted(export_formats(), key=lambda f: f.order)) == EXPORT_FORMATS
    for fmt in export_formats():
        assert fmt.export.__module__.rpartition(".")[2].startswith("_export_"), fmt.id
    for fmt in export_formats():
        assert fmt.label.zh and fmt.label.en and fmt.suffix.startswith(".")


def test_a_registered_format_is_exported_and_given_the_evaluation(synthetic: ExportFormat) -> None:
    assert [f.id for f in export_formats()][-2:] == ["upper-env", "json"]  # by its order
    p = Profile(env={"a": "1"})
    assert export_text(p, "upper-env") == "A=1\n"
    assert SEEN[-1] == []  # the rules ran once, here: nothing to report
    given = ("pretend",)
    export_text(p, "upper-env", diagnostics=given)  # type: ignore[arg-type]
    assert SEEN[-1] is given
    export_text(p, "upper-env", ExportOptions(diagnostics=False), diagnostics=given)  # type: ignore[arg-type]
    assert SEEN[-1] == ()


def test_a_registered_format_is_a_cli_choice(
    synthetic: ExportFormat, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    parser = build_parser()
    export = next(
        a
        for a in parser._subparsers._group_actions[0].choices["export"]._actions  # type: ignore[union-attr]
        if "--format" in a.option_strings
    )
    assert "upper-env" in export.choices
    assert (
        "upper-case variables" in parser._subparsers._group_actions[0].choices["export"].description
    )  # type: ignore[union-attr]
    profile = save_profile(Profile(env={"x": "2"}), tmp_path / "p.json")
    assert run_cli(["export", str(profile), "-f", "upper-env"]) == 0
    assert capsys.readouterr().out == "X=2\n"
    target = tmp_path / "out.upper"
    assert run_cli(["export", str(profile), "-f", "upper-env", "-o", str(target)]) == 0
    assert target.read_text(encoding="utf-8") == "X=2\n"


def test_an_unknown_format_names_the_registered_ones(synthetic: ExportFormat) -> None:
    with pytest.raises(codegen.ExportError, match="upper-env"):
        export_text(Profile(), "nope")


def test_a_format_id_is_defined_once() -> None:
    clash = ExportFormat(
        id="sh",
        suffix=".x",
        language="plain",
        label=Text.of("x", "x"),
        summary="x",
        export=export_upper,
    )
    with pytest.raises(ValueError, match="defined twice"):
        register_format(clash)


def test_a_descriptor_names_a_known_highlighting_language() -> None:
    with pytest.raises(ValueError, match="highlighting language"):
        ExportFormat(
            id="x",
            suffix=".x",
            language="cobol",  # type: ignore[arg-type]
            label=Text.of("x", "x"),
            summary="x",
            export=export_upper,
        )


def test_a_format_without_comments_does_not_run_the_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    from ascend_studio import rules

    def fail(*_args: object) -> None:
        raise AssertionError("the rules ran for a format that shows no diagnostics")

    monkeypatch.setattr(rules, "evaluate", fail)
    assert export_text(Profile(), "json").startswith("{")
    with pytest.raises(AssertionError, match="the rules ran"):
        export_text(Profile(), "sh")


FIRST_REGISTERED = """
from ascend_studio.codegen import ExportFormat, export_formats, register_format
from ascend_studio.schema import Text

plug_in = ExportFormat(
    id="upper-env",
    suffix=".upper",
    language="plain",
    label=Text.of("大写环境变量", "Upper env"),
    summary="upper-case variables",
    export=lambda profile, catalog, options, diagnostics: "",
    order=65,
)
register_format(plug_in)  # before anything asked for the formats
print(" ".join(f.id for f in export_formats()))
"""


def test_a_format_registered_before_the_first_look_up_joins_the_shipped_ones() -> None:
    """The shipped formats were found only while the registry was empty: one
    registered first (a plug-in at start, a test run alone) stood for all of them."""
    root = Path(__file__).parents[2]
    found = subprocess.run(
        [sys.executable, "-c", FIRST_REGISTERED],
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
    ).stdout.split()
    shipped = [f for f in export_formats() if f.id != SYNTHETIC.id]
    expected = sorted([*shipped, SYNTHETIC], key=lambda f: (f.order, f.id))
    assert found == [f.id for f in expected]
