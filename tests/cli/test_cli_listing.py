"""The list of commands (``--help``) imports none of them: every command module says
its name and summary where the source can be read, and the help printed without
argparse is the help argparse prints."""

from __future__ import annotations

import importlib
import io
import subprocess
import sys
import types
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from ascend_studio import cli
from ascend_studio.cli import SUBCOMMANDS, command_list, is_command, run_cli
from ascend_studio.cli import _listing as listing

ROOT = Path(__file__).resolve().parents[2]
CLI = ROOT / "ascend_studio" / "cli"
#: Every module of the command line package that registers a command.
COMMAND_MODULES = sorted(
    p.stem
    for p in CLI.glob("_*.py")
    if p.stem != "__init__"
    and hasattr(importlib.import_module(f"ascend_studio.cli.{p.stem}"), "COMMAND")
)
#: All ``--help`` may load of the app: the entry point and the list of commands.
HELP_MODULES = {
    "ascend_studio",
    "ascend_studio.__main__",
    "ascend_studio._version",
    "ascend_studio._terminal",
    "ascend_studio._lang",  # the locale decides whether the quick English help fits
    "ascend_studio.cli",
    "ascend_studio.cli._listing",
}


def _loaded_by(args: list[str]) -> tuple[str, set[str]]:
    """What ``ascend-studio ARGS`` prints and the modules it loaded (a fresh interpreter)."""
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        "from ascend_studio.__main__ import main\n"
        f"status = main({args!r})\n"
        "sys.stderr.write(str(status) + ' ' + ' '.join(sorted(set(sys.modules) - before)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    status, *modules = done.stderr.split()
    assert status == "0", done.stderr
    return done.stdout, set(modules)


def test_help_loads_no_command_and_nothing_heavy() -> None:
    """A command module that cannot be listed from its source (no ``SUMMARY = "..."``
    line) is imported for ``--help``, with everything it imports: this fails then."""
    _, loaded = _loaded_by(["--help"])
    ours = {m for m in loaded if m.startswith("ascend_studio")}
    assert ours <= HELP_MODULES, f"--help imports {sorted(ours - HELP_MODULES)}"
    heavy = {"argparse", "re", "typing", "dataclasses", "pathlib", "json", "pydantic", "libcst"}
    assert not loaded & heavy, sorted(loaded & heavy)


def test_help_is_what_argparse_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    out, _ = _loaded_by(["--help"])
    assert out == command_list().format_help()


@pytest.mark.parametrize("columns", [8, 20, 40, 58, 60, 61, 62, 64, 72, 80, 81, 100, 132, 250])
def test_the_quick_help_is_argparses_or_none(columns: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    quick = listing.quick_help(columns)
    assert quick is None or quick == command_list().format_help()
    if columns >= 80:
        assert quick is not None  # a usual terminal gets the quick one


@pytest.mark.parametrize(
    ("text", "width"),
    [
        ("show where every output file and folder lands", 10),
        ("expand a multi-card launch script per rank", 17),
        ("expand a multi-card launch script per rank", 16),
        ("a-very-long-hyphenated-word here", 12),
        ("tabs\tand  doubled   spaces", 9),
    ],
)
def test_wrapping_is_textwraps_or_none(text: str, width: int) -> None:
    import textwrap

    ours = listing._wrapped(text, width)
    assert ours is None or ours == textwrap.wrap(" ".join(text.split()), width)


def test_a_wrap_that_could_break_at_a_hyphen_goes_to_argparse() -> None:
    # textwrap puts "multi-" on the first line; the quick help does not guess
    assert listing._wrapped("expand a multi-card", 15) is None


@pytest.mark.parametrize("module", COMMAND_MODULES)
def test_every_command_is_listed_from_its_source(module: str) -> None:
    loaded = importlib.import_module(f"ascend_studio.cli.{module}")
    assert listing.source_declares(f"ascend_studio.cli.{module}") == (True, loaded.SUMMARY), (
        f'{module}.py: write COMMAND and SUMMARY = "one line" at the start of a line'
    )
    parser = command_list()
    sub = next(a for a in parser._actions if a.dest == "command")
    helps = {a.dest: a.help for a in sub._choices_actions}  # type: ignore[attr-defined]
    assert helps[loaded.COMMAND] == loaded.SUMMARY


@pytest.mark.parametrize("module", COMMAND_MODULES)
def test_every_command_registers_with_its_summary(module: str) -> None:
    import argparse

    loaded = importlib.import_module(f"ascend_studio.cli.{module}")
    sub = argparse.ArgumentParser().add_subparsers()
    loaded.register(sub)
    assert [a.help for a in sub._choices_actions] == [loaded.SUMMARY]


def test_a_module_without_a_readable_summary_is_imported_for_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(listing, "source_declares", lambda module: None)
    assert (
        listing.command_summary("params")
        == importlib.import_module("ascend_studio.cli._params").SUMMARY
    )
    assert listing.command_summary("companions") is None  # a helper module


def test_a_command_without_summary_is_listed_with_its_registered_help(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = types.ModuleType("ascend_studio.cli._fake")
    fake.COMMAND = "fake"  # type: ignore[attr-defined]
    fake.register = lambda sub: sub.add_parser("fake", help="what it registers")  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, fake.__name__, fake)
    monkeypatch.setattr(listing, "source_declares", lambda name: (True, None))
    assert listing.command_summary("fake") == "what it registers"


@pytest.mark.parametrize("word", ["companions", "export-dir", "listing"])
def test_a_helper_module_is_not_a_command(word: str) -> None:
    assert not is_command(word)
    assert word not in SUBCOMMANDS


def test_every_command_module_is_a_command() -> None:
    names = [m.lstrip("_").replace("_", "-") for m in COMMAND_MODULES]
    assert list(SUBCOMMANDS) == names
    assert all(is_command(n) for n in names)


def test_a_helper_word_is_a_command_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        run_cli(["companions"])
    assert exit_.value.code == 2
    assert "invalid choice: 'companions'" in capsys.readouterr().err


def test_without_sources_a_helper_word_still_lists_the_commands(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """In a frozen bundle no source can be read: a helper module looks like a command
    until imported, and the error still lists every command."""
    monkeypatch.setattr(listing, "source_declares", lambda module: None)
    monkeypatch.setattr(cli, "source_declares", lambda module: None)
    with pytest.raises(SystemExit) as exit_:
        run_cli(["companions"])
    assert exit_.value.code == 2
    assert "choose from" in (err := capsys.readouterr().err) and "'validate'" in err


def test_help_in_process_prints_the_list(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    out = io.StringIO()
    with redirect_stdout(out):
        assert run_cli(["--help"]) == 0
    assert out.getvalue() == command_list().format_help()
    assert "validate" in out.getvalue() and "launch-check" in out.getvalue()
