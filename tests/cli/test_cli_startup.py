"""The command line starts like a small tool: ``--version`` imports nothing of the
app, and one command imports its own module, not every command's."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ascend_studio import __version__
from ascend_studio.cli import SUBCOMMANDS, build_parser, is_command

ROOT = Path(__file__).resolve().parents[2]


def _modules_after(args: list[str]) -> set[str]:
    """The modules loaded by ``main(args)`` in a fresh interpreter."""
    code = (
        "import sys, io, contextlib\n"
        "from ascend_studio.__main__ import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    status = main({args!r})\n"
        "print(status)\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    status, *modules = done.stdout.split("\n")
    assert status == "0", done.stdout
    return set(modules)


def test_version_imports_nothing_of_the_app() -> None:
    loaded = _modules_after(["--version"])
    assert "ascend_studio.cli" not in loaded
    assert not {m for m in loaded if m.startswith(("pydantic", "PySide6", "importlib.metadata"))}


def test_version_prints_the_constant() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ascend_studio", "--version"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout == f"ascend-studio {__version__}\n"


def test_one_command_imports_only_its_own_module() -> None:
    loaded = _modules_after(["params", "aoe_mode"])
    commands = {m for m in loaded if m.startswith("ascend_studio.cli._")}
    assert commands == {"ascend_studio.cli._params"}
    assert "pkgutil" not in loaded


@pytest.mark.parametrize("word", ["params", "validate", "export", "import", "paths", "workpath"])
def test_every_command_is_found_without_importing_it(word: str) -> None:
    assert is_command(word)
    assert word in SUBCOMMANDS


@pytest.mark.parametrize("word", ["train.py", "-h", "", "__init__", "_params", "my.ascend.json"])
def test_words_that_are_not_commands(word: str) -> None:
    assert not is_command(word)


def test_the_full_help_still_lists_every_command() -> None:
    text = build_parser().format_help()
    for name in ("params", "validate", "export", "import", "paths", "workpath"):
        assert name in text


def test_one_command_parser_accepts_the_same_options_as_the_full_one() -> None:
    full = build_parser().parse_args(["params", "--json", "aoe"])
    alone = build_parser("params").parse_args(["params", "--json", "aoe"])
    assert vars(full).keys() == vars(alone).keys()
    assert {k: v for k, v in vars(full).items() if k != "handler"} == {
        k: v for k, v in vars(alone).items() if k != "handler"
    }
