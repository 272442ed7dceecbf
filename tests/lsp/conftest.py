"""Helpers for driving the real language server over stdio with pytest-lsp."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest_lsp
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

SERVER = [sys.executable, "-m", "ascend_studio", "lsp"]


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER))
async def client(lsp_client: LanguageClient) -> AsyncIterator[LanguageClient]:
    """A client with Visual Studio Code's capabilities, its locale English."""
    registrations: list[lsp.Registration] = []

    @lsp_client.feature(lsp.CLIENT_REGISTER_CAPABILITY)
    def register(params: lsp.RegistrationParams) -> None:
        registrations.extend(params.registrations)

    lsp_client.registrations = registrations  # type: ignore[attr-defined]
    params = lsp.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"), locale="en"
    )
    await lsp_client.initialize_session(params)
    yield lsp_client
    await lsp_client.shutdown_session()


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
    """The next diagnostics published for ``uri``."""
    while True:
        await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if uri in client.diagnostics:
            found = list(client.diagnostics.pop(uri))
            return found


def change(client: LanguageClient, uri: str, version: int, text: str) -> None:
    client.text_document_did_change(
        lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )
