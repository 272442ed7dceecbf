"""The language server, started for each test over stdio (pytest-lsp)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_lsp
from lsp_client import SERVER, start
from pytest_lsp import ClientServerConfig, LanguageClient


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER))
async def client(lsp_client: LanguageClient) -> AsyncIterator[LanguageClient]:
    """A client with Visual Studio Code's capabilities, its locale English."""
    lsp_client.seen = await start(lsp_client)  # type: ignore[attr-defined]
    yield lsp_client
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER))
async def client_zh(lsp_client: LanguageClient) -> AsyncIterator[LanguageClient]:
    """The same client, its locale Chinese (``zh-cn``)."""
    lsp_client.seen = await start(lsp_client, locale="zh-cn")  # type: ignore[attr-defined]
    yield lsp_client
    await lsp_client.shutdown_session()
