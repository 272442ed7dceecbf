"""Helpers for driving the real language server over stdio with pytest-lsp, as an editor does."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

from lsprotocol import types as lsp
from pytest_lsp import LanguageClient, client_capabilities

SERVER = [sys.executable, "-m", "ascend_studio", "lsp"]
#: How long a test waits for the server before failing (never a pass/fail on speed).
PATIENCE = 120


class Recorder:
    """What the server sent besides answers: every publication and registration."""

    def __init__(self) -> None:
        self.published: list[lsp.PublishDiagnosticsParams] = []
        self.registrations: list[lsp.Registration] = []


def _record(client: LanguageClient) -> Recorder:
    seen = Recorder()
    features: dict[str, Any] = client.protocol.fm.features
    stored = features[lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS]

    def publish(params: lsp.PublishDiagnosticsParams) -> Any:
        seen.published.append(params)
        return stored(params)

    features[lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = publish

    @client.feature(lsp.CLIENT_REGISTER_CAPABILITY)
    def register(params: lsp.RegistrationParams) -> None:
        seen.registrations.extend(params.registrations)

    return seen


async def start(client: LanguageClient, locale: str = "en", **options: Any) -> Recorder:
    seen = _record(client)
    params = lsp.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        locale=locale,
        initialization_options=options or None,
    )
    await client.initialize_session(params)
    return seen


def seen(client: LanguageClient) -> Recorder:
    found: Recorder = client.seen  # type: ignore[attr-defined]
    return found


def open_file(client: LanguageClient, path: Path, text: str, language: str = "python") -> str:
    """Write ``text`` to ``path`` and open it in ``client``; returns its uri."""
    path.write_text(text, encoding="utf-8")
    uri = path.as_uri()
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(
            text_document=lsp.TextDocumentItem(uri=uri, language_id=language, version=1, text=text)
        )
    )
    return uri


async def diagnostics_for(client: LanguageClient, uri: str) -> list[lsp.Diagnostic]:
    """The next diagnostics published for ``uri`` (or the ones received and not read yet)."""

    async def wait() -> list[lsp.Diagnostic]:
        while uri not in client.diagnostics:
            await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        return list(client.diagnostics.pop(uri))

    return await asyncio.wait_for(wait(), PATIENCE)


def change(client: LanguageClient, uri: str, version: int, text: str) -> None:
    client.text_document_did_change(
        lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


def codes(found: list[lsp.Diagnostic]) -> list[str]:
    return sorted(str(d.code) for d in found)
