"""The language server (``ascend-studio lsp``): Ascend Studio's checks in the editor.

A thin layer of pygls over the engine ``validate`` uses (:mod:`ascend_studio.lint`):
the same findings, rule ids, severities, suppression comments and project
settings, as diagnostics while the user types; hovers and completions from the
catalog; code actions; commands to open the file in the desktop app and to show
where output lands. Qt-free; started over standard input and output.
"""

from __future__ import annotations

__all__ = ["serve"]


def serve() -> int:
    """Serve one editor over standard input and output until it says ``exit``."""
    import gc

    from ascend_studio.lsp._features import build_server

    server = build_server()
    gc.enable()  # the ``lsp`` command starts with it off while the protocol's classes load
    server.start_io()
    return 0
