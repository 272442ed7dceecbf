"""``ascend-studio lsp``: the language server for editors (over standard input and output)."""

from __future__ import annotations

import argparse
import gc
import sys
from typing import Any

COMMAND = "lsp"
SUMMARY = "run the language server for editors (stdio)"


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        COMMAND,
        help=SUMMARY,
        description=(
            "Run the language server over standard input and output: the findings of "
            "`validate` as diagnostics while you type, hovers and completions for "
            "NPURunConfig keywords, parameter_map keys and environment variables, quick "
            "fixes. Started by the editor, not by hand: see docs/editors.md for VS Code, "
            "Neovim and JetBrains IDEs."
        ),
    )
    parser.add_argument(
        "--stdio",
        action="store_true",
        help="accepted for editors that pass it (stdio is the default)",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from ascend_studio import _dataclass_cache

    # lsprotocol defines ~550 attrs classes on import: their compiled methods are kept,
    # and no collection runs while they are made (none of it could be freed); the
    # server turns the collector back on before it reads the first message
    _dataclass_cache.install_attrs()
    gc.disable()
    try:
        from ascend_studio.lsp import serve
        from ascend_studio.lsp._features import build_server  # noqa: F401 (pygls present?)
    except ImportError as exc:
        print(
            "ascend-studio lsp: the language server is not part of this installation "
            f"({exc.name or 'pygls'} is missing; the one-folder app bundle leaves the server "
            "out): install Ascend Studio with pip or pipx to use it",
            file=sys.stderr,
        )
        gc.enable()
        return 2
    return serve()
