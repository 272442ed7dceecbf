"""``ascend-studio``: no arguments opens the app, a subcommand runs headless."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--version"]:  # answered before anything else is imported
        from ascend_studio import __version__

        print(f"ascend-studio {__version__}")
        return 0
    lang, rest = _leading_lang(args)
    if not rest or rest[0] in {"gui", "--gui"} or _only_files(rest):
        from ascend_studio._startup import hold_collection

        hold_collection()  # until the window's first paint (_startup.py)
        _compiled_methods("app")
        from ascend_studio.ui import run_app  # imported late: the CLI never needs Qt

        return run_app(rest[1:] if rest and rest[0] in {"gui", "--gui"} else rest, lang)
    from ascend_studio.cli import command_index, is_command, run_cli

    at = command_index(args)
    command = at < len(args) and is_command(args[at])  # not the list of commands
    if args[at : at + 1] != ["lsp"]:  # the language server runs on: it keeps CPython's
        _collect_less(hold=command)
    if command:  # the list of commands defines no class
        _compiled_methods(args[at])
    return run_cli(args)


#: Objects allocated before the collector's youngest generation is scanned (CPython's
#: default is 700).
COMMAND_THRESHOLD = 20_000


def _collect_less(*, hold: bool) -> None:
    """A command's process (not the language server's) keeps nearly everything it makes
    until it exits (modules, the catalog, the rules): at CPython's default the collector
    scanned them about 50 times in a single-file ``validate`` (11 ms of its 85 ms CPU)
    and took about 10 % of a batch run. It still runs, every 20,000 allocations: a
    batch's per-file garbage cycles are freed (the memory of a batch over a whole tree
    stays flat). Until the command's own work starts (``run_cli`` calls
    :func:`~ascend_studio._startup.release_collection`) it does not run at all: what the
    start makes (modules, the catalog, the rules) is then frozen out of its scans, which
    took about 2 % of a single-file ``validate``'s instructions."""
    import gc

    gc.set_threshold(COMMAND_THRESHOLD, *gc.get_threshold()[1:])
    if hold:
        from ascend_studio._startup import hold_collection

        hold_collection()


def _compiled_methods(role: str) -> None:
    """The process is the app's: its classes load compiled methods (``_dataclass_cache``),
    from the file of this kind of process (the app, or one command)."""
    from ascend_studio import _dataclass_cache

    _dataclass_cache.install(role=role)


def _leading_lang(args: list[str]) -> tuple[str | None, list[str]]:
    """``--lang zh`` (or ``--lang=zh``) before anything else, and the rest: the app
    opens in that language for this run (a command reads it itself)."""
    if args[:1] == ["--lang"] and len(args) > 1 and args[1] in {"zh", "en"}:
        return args[1], args[2:]
    if args[:1] and args[0] in {"--lang=zh", "--lang=en"}:
        return args[0].removeprefix("--lang="), args[1:]
    return None, args


def _only_files(args: list[str]) -> bool:
    """``ascend-studio my.ascend.json`` opens the file in the app.

    A single word that names no file and looks like no file name (no suffix, no
    folder) is a mistyped command: the command line says so, instead of a window
    opening to complain that a file ``valdate`` does not exist.
    """
    from ascend_studio.cli import is_command

    if len(args) != 1 or args[0].startswith("-") or is_command(args[0]):
        return False
    from pathlib import Path

    word = Path(args[0])
    return word.exists() or bool(word.suffix) or len(word.parts) > 1


if __name__ == "__main__":
    raise SystemExit(main())
