from __future__ import annotations

from pathlib import Path

import pytest
from pytest_lsp import LanguageClient

from tests.lsp.conftest import diagnostics_for, open_file

SCRIPT = """\
from npu_bridge.npu_init import *

config = NPURunConfig(
    precision_mode="allow_mix_precision",
    precision_mode_v2="mixed_float16",
    iterations_per_loop=10,
)
"""


@pytest.mark.asyncio
async def test_smoke(client: LanguageClient, tmp_path: Path) -> None:
    uri = open_file(client, tmp_path / "train.py", SCRIPT)
    found = await diagnostics_for(client, uri)
    for d in found:
        print(d.code, d.severity, d.range, d.message, d.related_information)
    assert found
