"""What the server answers: one small handler per protocol message, over the modules
that do the work."""

from __future__ import annotations

import asyncio
from functools import partial
from pathlib import Path
from typing import Any

from lsprotocol import types as lsp

from ascend_studio.lsp._actions import ActionContext, code_actions
from ascend_studio.lsp._check import CONFIG_NAMES
from ascend_studio.lsp._commands import (
    OPEN_IN_APP,
    SHOW_OUTPUT_PATHS,
    app_command,
    launch,
    output_paths,
)
from ascend_studio.lsp._complete import TRIGGERS, complete, resolve
from ascend_studio.lsp._edits import text_edits
from ascend_studio.lsp._fixes import FIX_ALL, SOURCE_FIX_ALL, fix_all_text
from ascend_studio.lsp._hover import Request, hover
from ascend_studio.lsp._server import AscendStudioServer, start_background
from ascend_studio.lsp._settings import SECTION, read_settings

__all__ = ["build_server"]


def _request(ls: AscendStudioServer, uri: str, position: lsp.Position) -> Request | None:
    snapshot = ls.snapshot(uri)
    if snapshot is None:
        return None
    return Request(
        snapshot,
        ls.names[uri],
        position.line,
        snapshot.column(position),
        ls.outcomes.get(uri),
        ls.catalog,
        ls.lang,
    )


def _lifecycle(server: AscendStudioServer) -> None:
    @server.feature(lsp.INITIALIZE)
    def initialize(ls: AscendStudioServer, params: lsp.InitializeParams) -> None:
        ls.locale = params.locale
        options = params.initialization_options
        ls.settings = read_settings(options)
        ls.shows_results = isinstance(options, dict) and bool(options.get("commandResults"))

    @server.feature(lsp.INITIALIZED)
    def initialized(ls: AscendStudioServer, params: lsp.InitializedParams) -> None:
        ls.warm_up()
        start_background(ls.pull_settings())
        start_background(ls.watch_configs())

    @server.feature(lsp.SHUTDOWN)
    def shutdown(ls: AscendStudioServer, params: Any) -> None:
        ls.scheduler.shutdown()


def _documents(server: AscendStudioServer) -> None:
    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: AscendStudioServer, params: lsp.DidOpenTextDocumentParams) -> None:
        if ls.open(params.text_document.uri, params.text_document.language_id):
            ls.scheduler.request(params.text_document.uri, now=True)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: AscendStudioServer, params: lsp.DidChangeTextDocumentParams) -> None:
        if params.text_document.uri in ls.names:
            ls.scheduler.request(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: AscendStudioServer, params: lsp.DidSaveTextDocumentParams) -> None:
        if Path(params.text_document.uri).name in CONFIG_NAMES:
            ls.recheck_all()

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: AscendStudioServer, params: lsp.DidCloseTextDocumentParams) -> None:
        ls.close(params.text_document.uri)

    @server.feature(lsp.WORKSPACE_DID_CHANGE_CONFIGURATION)
    def did_change_configuration(
        ls: AscendStudioServer, params: lsp.DidChangeConfigurationParams
    ) -> None:
        sent = params.settings
        if isinstance(sent, dict) and isinstance(sent.get(SECTION), dict):
            ls.use_settings(sent)
        else:  # the editor only says that something changed: ask it what
            start_background(ls.pull_settings())

    @server.feature(lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def did_change_watched(ls: AscendStudioServer, params: lsp.DidChangeWatchedFilesParams) -> None:
        ls.recheck_all()


def _language(server: AscendStudioServer) -> None:
    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: AscendStudioServer, params: lsp.HoverParams) -> lsp.Hover | None:
        request = _request(ls, params.text_document.uri, params.position)
        return None if request is None else hover(request)

    @server.feature(
        lsp.TEXT_DOCUMENT_COMPLETION,
        lsp.CompletionOptions(trigger_characters=TRIGGERS, resolve_provider=True),
    )
    def on_completion(
        ls: AscendStudioServer, params: lsp.CompletionParams
    ) -> lsp.CompletionList | None:
        request = _request(ls, params.text_document.uri, params.position)
        return None if request is None else complete(request)

    @server.feature(lsp.COMPLETION_ITEM_RESOLVE)
    def on_resolve(ls: AscendStudioServer, item: lsp.CompletionItem) -> lsp.CompletionItem:
        return resolve(item, ls.catalog, ls.lang)

    @server.feature(
        lsp.TEXT_DOCUMENT_CODE_ACTION,
        lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix, SOURCE_FIX_ALL]),
    )
    async def on_code_action(
        ls: AscendStudioServer, params: lsp.CodeActionParams
    ) -> list[lsp.CodeAction] | None:
        uri = params.text_document.uri
        snapshot = ls.snapshot(uri)
        if snapshot is None:
            return None
        context = ActionContext(
            snapshot, ls.names[uri], ls.current_outcome(uri), ls.shown(uri), ls.lang, ls.catalog
        )
        # fixes go through the apply machinery (libcst): off the event loop
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, code_actions, context, params) or None


def _commands(server: AscendStudioServer) -> None:
    @server.command(OPEN_IN_APP)
    async def open_in_app(ls: AscendStudioServer, *args: Any) -> dict[str, Any]:
        uri = args[0] if args and isinstance(args[0], str) else None
        snapshot = None if uri is None else ls.snapshot(uri)
        if snapshot is None:
            return {"started": False, "message": "no such open document"}
        command = app_command(ls.settings.app_command, snapshot.path)
        started = await asyncio.get_running_loop().run_in_executor(None, launch, command)
        if not started.started:
            reason = started.said or f"exit status {started.status}"
            _tell(ls, f"the app did not start: {reason}", lsp.MessageType.Error)
        elif _unsaved(snapshot.path, snapshot.text):
            _tell(ls, "the app opened the saved file, without this editor's unsaved edits")
        return {
            "started": started.started,
            "command": list(started.command),
            "message": started.said,
        }

    @server.command(FIX_ALL)
    async def fix_all(ls: AscendStudioServer, *args: Any) -> dict[str, Any]:
        uri = args[0] if args and isinstance(args[0], str) else ""
        outcome, snapshot = ls.current_outcome(uri), ls.snapshot(uri)
        if outcome is None or outcome.settings is None or snapshot is None:
            return {"fixed": 0, "message": "the document is being checked; try again"}
        loop = asyncio.get_running_loop()
        work = partial(fix_all_text, snapshot, ls.names[uri], outcome.settings, ls.catalog)
        fixed = await loop.run_in_executor(None, work)
        edits = [] if fixed is None else text_edits(snapshot, fixed[0])
        if not edits or fixed is None:
            return {"fixed": 0}
        edit = lsp.WorkspaceEdit(changes={uri: edits})
        label = "Ascend Studio: fix all safe"
        await ls.workspace_apply_edit_async(lsp.ApplyWorkspaceEditParams(edit=edit, label=label))
        return {"fixed": fixed[1]}

    @server.command(SHOW_OUTPUT_PATHS)
    def show_output_paths(ls: AscendStudioServer, *args: Any) -> dict[str, Any]:
        uri = args[0] if args and isinstance(args[0], str) else None
        line = _line_of(args[1] if len(args) > 1 else None)
        found = output_paths(ls.outcomes.get(uri or ""), line + 1, ls.lang)
        if found is None:
            return {"title": None, "text": None}
        title, text = found
        if not ls.shows_results:
            ls.window_show_message(
                lsp.ShowMessageParams(type=lsp.MessageType.Info, message=f"{title}\n{text}")
            )
        return {"title": title, "text": text}


def _tell(ls: AscendStudioServer, text: str, kind: lsp.MessageType = lsp.MessageType.Info) -> None:
    ls.window_show_message(lsp.ShowMessageParams(type=kind, message=f"Ascend Studio: {text}"))


def _line_of(position: object) -> int:
    if isinstance(position, dict) and isinstance(position.get("line"), int):
        return int(position["line"])
    return 0


def _unsaved(path: str, text: str) -> bool:
    try:
        return Path(path).read_text(encoding="utf-8", errors="replace") != text
    except OSError:
        return True


def build_server() -> AscendStudioServer:
    server = AscendStudioServer()
    _lifecycle(server)
    _documents(server)
    _language(server)
    _commands(server)
    return server
