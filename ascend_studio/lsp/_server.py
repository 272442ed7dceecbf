"""The language server: a thin layer of pygls over the engine ``validate`` uses.

Documents are checked by :mod:`ascend_studio.lsp._schedule` on a worker thread;
everything else (hover, completion, code actions) reads the newest text and the
last check's configurations on the event loop.
"""

from __future__ import annotations

import asyncio
import gc
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer

from ascend_studio import __version__
from ascend_studio.lsp._check import CONFIG_NAMES, Outcome, check_snapshot, checks_as
from ascend_studio.lsp._diagnostics import diagnostics
from ascend_studio.lsp._schedule import Scheduler
from ascend_studio.lsp._settings import SECTION, ClientSettings, language_of, read_settings
from ascend_studio.lsp._text import Snapshot

if TYPE_CHECKING:
    from ascend_studio.schema import Catalog

__all__ = ["AscendStudioServer"]

log = logging.getLogger(__name__)

_ENCODINGS = {
    lsp.PositionEncodingKind.Utf8: "utf-8",
    lsp.PositionEncodingKind.Utf16: "utf-16",
    lsp.PositionEncodingKind.Utf32: "utf-32",
}


class AscendStudioServer(LanguageServer):
    """Server state: the editor's settings, each open document's name and last check."""

    def __init__(self) -> None:
        super().__init__(
            "ascend-studio",
            __version__,
            text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental,
        )
        self.settings = ClientSettings()
        self.locale: str | None = None
        #: The client shows a command's result itself (our VS Code extension does).
        self.shows_results = False
        self.names: dict[str, str] = {}
        self.outcomes: dict[str, Outcome] = {}
        self._published: dict[str, list[lsp.Diagnostic]] = {}
        self._snapshots: dict[str, Snapshot] = {}
        self._said: set[str] = set()
        self.scheduler = Scheduler(self._check, self.snapshot, self._publish)

    # -- state --------------------------------------------------------------------
    @property
    def catalog(self) -> Catalog:
        from ascend_studio.schema import shipped_catalog  # loaded once, then cached

        return shipped_catalog()

    @property
    def lang(self) -> str:
        return language_of(self.settings, self.locale)

    def _encoding(self) -> str:
        try:
            kind = self.workspace.position_encoding
        except RuntimeError:
            return "utf-16"
        return _ENCODINGS.get(lsp.PositionEncodingKind(kind), "utf-16") if kind else "utf-16"

    def snapshot(self, uri: str) -> Snapshot | None:
        """The newest version of open document ``uri`` (made once per version)."""
        if uri not in self.names:
            return None
        document = self.workspace.get_text_document(uri)
        version = document.version or 0
        known = self._snapshots.get(uri)
        if known is not None and known.version == version:
            return known
        path = document.path or self.names[uri]
        made = Snapshot(uri, path, version, document.source, self._encoding())
        self._snapshots[uri] = made
        return made

    def open(self, uri: str, language_id: str | None) -> bool:
        """Start following ``uri``; False when it is not a file this tool checks."""
        document = self.workspace.get_text_document(uri)
        name = checks_as(document.path or Path(document.uri).name, language_id)
        if name is None:
            return False
        self.names[uri] = name
        return True

    def close(self, uri: str) -> None:
        self.scheduler.forget(uri)
        for table in (self.names, self.outcomes, self._snapshots):
            table.pop(uri, None)
        if self._published.pop(uri, None):
            self.text_document_publish_diagnostics(
                lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[])
            )

    def shown(self, uri: str) -> list[lsp.Diagnostic]:
        """The diagnostics last published for ``uri``."""
        return self._published.get(uri, [])

    def current_outcome(self, uri: str) -> Outcome | None:
        """The last check of ``uri`` when it checked the text the editor holds now."""
        outcome, snapshot = self.outcomes.get(uri), self.snapshot(uri)
        if outcome is None or snapshot is None or outcome.snapshot.version != snapshot.version:
            return None
        return outcome

    def recheck_all(self) -> None:
        for uri in list(self.names):
            self.scheduler.request(uri, now=True)

    def say_once(self, text: str, kind: lsp.MessageType = lsp.MessageType.Warning) -> None:
        """Show ``text`` unless it was shown already (a bad setting is named once, not on
        every keystroke)."""
        if text in self._said:
            return
        self._said.add(text)
        self.window_show_message(lsp.ShowMessageParams(type=kind, message=f"Ascend Studio: {text}"))

    def use_settings(self, raw: object) -> None:
        self.settings = read_settings(raw)
        for problem in self.settings.problems:
            self.say_once(problem)
        self.recheck_all()

    def warm_up(self) -> None:
        """Load the engine and the catalog on the checking thread while the editor opens
        its files, and keep the compiled methods of the classes made so far."""
        self.scheduler.warm_up(_load_engine)

    # -- checks -------------------------------------------------------------------
    def _check(self, snapshot: Snapshot) -> Outcome:
        name = self.names.get(snapshot.uri, snapshot.path)
        return check_snapshot(snapshot, name, self.settings, self.catalog)

    def _publish(self, outcome: Outcome) -> None:
        uri = outcome.snapshot.uri
        if uri not in self.names:
            return
        self.outcomes[uri] = outcome
        if outcome.problem is not None and outcome.settings is None:
            self.say_once(outcome.problem)
        found = diagnostics(outcome, self.lang, self.catalog)
        if self._published.get(uri) == found:
            return
        self._published[uri] = found
        self.text_document_publish_diagnostics(
            lsp.PublishDiagnosticsParams(
                uri=uri, version=outcome.snapshot.version, diagnostics=found
            )
        )

    def report_server_error(self, error: Exception, source: Any) -> None:
        """Log a failure (once per kind of error), never a message box per keystroke."""
        log.error("ascend-studio language server: %s", error, exc_info=error)
        text = f"{type(error).__name__}: {error}"
        if text not in self._said:
            self._said.add(text)
            self.window_log_message(
                lsp.LogMessageParams(type=lsp.MessageType.Error, message=f"Ascend Studio: {text}")
            )

    async def pull_settings(self) -> None:
        """Ask the editor for the ``ascendStudio`` section (when it can be asked)."""
        workspace = self.client_capabilities.workspace
        if workspace is None or not workspace.configuration:
            self.recheck_all()
            return
        try:
            found = await self.workspace_configuration_async(
                lsp.ConfigurationParams(items=[lsp.ConfigurationItem(section=SECTION)])
            )
        except Exception as exc:  # an editor that cannot answer keeps the settings it sent
            log.warning("workspace/configuration failed: %s", exc)
            self.recheck_all()
            return
        if found and isinstance(found[0], dict):
            self.use_settings(found[0])
        else:
            self.recheck_all()

    async def watch_configs(self) -> None:
        """Have the editor report changes of project configuration files."""
        workspace = self.client_capabilities.workspace
        watched = None if workspace is None else workspace.did_change_watched_files
        if watched is None or not watched.dynamic_registration:
            return
        options = lsp.DidChangeWatchedFilesRegistrationOptions(
            watchers=[lsp.FileSystemWatcher(glob_pattern=f"**/{name}") for name in CONFIG_NAMES]
        )
        registration = lsp.Registration(
            id="ascend-studio-configs",
            method=lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES,
            register_options=options,
        )
        try:
            await self.client_register_capability_async(
                lsp.RegistrationParams(registrations=[registration])
            )
        except Exception as exc:
            log.warning("registering file watchers failed: %s", exc)


def _load_engine() -> None:
    """What checks and hovers need, loaded before the editor asks for them."""
    from ascend_studio import _dataclass_cache
    from ascend_studio.lint import _check  # noqa: F401 (the importers and the rules)
    from ascend_studio.paths import load_artifacts
    from ascend_studio.rules import effective_value  # noqa: F401 (hovers)
    from ascend_studio.schema import shipped_catalog

    shipped_catalog()
    load_artifacts()
    # Everything loaded so far lives as long as the server: out of the collector's
    # sight, a full collection no longer walks it (without this, one change in twenty
    # waited about 150 ms for one).
    gc.freeze()
    cache = _dataclass_cache.installed()
    if cache is not None:  # an editor may end the server without a word: keep them now
        cache.save()


def start_background(coro: Any) -> None:
    """Run ``coro`` on the event loop without waiting for it (kept until done)."""
    task = asyncio.ensure_future(coro)
    _TASKS.add(task)
    task.add_done_callback(_TASKS.discard)


_TASKS: set[asyncio.Future[Any]] = set()
