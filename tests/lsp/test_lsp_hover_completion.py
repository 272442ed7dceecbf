"""Hover and completion from the real server: catalog facts where the cursor is."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsp_client import diagnostics_for, open_file
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

SCRIPT = """\
import os
from npu_bridge.npu_init import *

dump_config = DumpConfig(enable_dump=True, dump_path="/var/dumps", dump_mode="all")
config = NPURunConfig(
    precision_mode="allow_mix_precision",
    dump_config=dump_config,
    iterations_per_loop=10,
)
custom_op.parameter_map["op_debug_level"].i = 2
os.environ["ASCEND_DEVICE_ID"] = "0"
"""

#: Each test starts the server (about a second) or a real editor.
pytestmark = pytest.mark.slow


def _at(uri: str, line: int, character: int) -> lsp.HoverParams:
    return lsp.HoverParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri),
        position=lsp.Position(line=line, character=character),
    )


async def _hover(client: LanguageClient, uri: str, line: int, character: int) -> str:
    found = await client.text_document_hover_async(_at(uri, line, character))
    assert found is not None, (line, character)
    assert isinstance(found.contents, lsp.MarkupContent)
    assert found.contents.kind == lsp.MarkupKind.Markdown
    return found.contents.value


@pytest.mark.asyncio
async def test_hover_on_a_keyword_says_what_the_catalog_knows(
    client: LanguageClient, tmp_path: Path
) -> None:
    uri = open_file(client, tmp_path / "train.py", SCRIPT)
    await diagnostics_for(client, uri)
    text = await _hover(client, uri, 5, 8)  # precision_mode
    assert text.startswith("**precision_mode**")
    assert "Keyword of `NPURunConfig(precision_mode=…)`" in text
    assert "`'allow_mix_precision'`" in text  # the allowed values
    assert "**Default:** unset" in text
    assert "**Products:**" in text
    assert '`parameter_map["precision_mode"].s`' in text
    assert "**Here:** `'allow_mix_precision'` (set in this file)" in text
    assert "Documentation: [" in text and "](https://" in text


@pytest.mark.asyncio
async def test_hover_on_a_path_parameter_says_where_output_lands(
    client: LanguageClient, tmp_path: Path
) -> None:
    uri = open_file(client, tmp_path / "train.py", SCRIPT)
    await diagnostics_for(client, uri)
    text = await _hover(client, uri, 3, 45)  # dump_path inside DumpConfig(...)
    assert text.startswith("**dump_path**")
    assert "Field of `DumpConfig(dump_path=…)`" in text
    assert "**Output lands:**" in text
    assert "/var/dumps" in text


@pytest.mark.asyncio
async def test_hover_on_values_keys_and_variables(client: LanguageClient, tmp_path: Path) -> None:
    uri = open_file(client, tmp_path / "train.py", SCRIPT)
    await diagnostics_for(client, uri)
    value = await _hover(client, uri, 5, 25)  # "allow_mix_precision"
    assert value.startswith("`precision_mode='allow_mix_precision'`")
    key = await _hover(client, uri, 9, 30)  # parameter_map["op_debug_level"]
    assert key.startswith("**op_debug_level**")
    env = await _hover(client, uri, 10, 15)  # os.environ["ASCEND_DEVICE_ID"]
    assert env.startswith("**ASCEND_DEVICE_ID**: Environment variable")
    assert "`session_device_id`" in env
    assert await client.text_document_hover_async(_at(uri, 0, 3)) is None  # `import`
    owner = await _hover(client, uri, 3, 17)  # DumpConfig(
    assert owner.startswith("**DumpConfig**: sub-config of NPURunConfig (`dump_config=`)")
    assert "`dump_path`" in owner


@pytest.mark.asyncio
async def test_hover_in_a_shell_script(client: LanguageClient, tmp_path: Path) -> None:
    uri = open_file(
        client,
        tmp_path / "env.sh",
        "export ASCEND_DEVICE_ID=0\nexport RANK_SIZE=8\n",
        "shellscript",
    )
    await diagnostics_for(client, uri)
    assert (await _hover(client, uri, 1, 9)).startswith("**RANK_SIZE**")
    assert (await _hover(client, uri, 0, 25)).startswith("**ASCEND_DEVICE_ID**")  # the value


@pytest.mark.asyncio
async def test_hover_and_messages_follow_the_editor_language(
    client_zh: LanguageClient, tmp_path: Path
) -> None:
    uri = open_file(client_zh, tmp_path / "train.py", SCRIPT)
    found = await diagnostics_for(client_zh, uri)
    assert all(any("\u4e00" <= ch <= "\u9fff" for ch in d.message) for d in found)
    text = await _hover(client_zh, uri, 5, 8)
    assert "`NPURunConfig(precision_mode=…)` 的关键字参数" in text
    assert "**默认值:** 未设置" in text


def _completion_at(uri: str, line: int, character: int) -> lsp.CompletionParams:
    return lsp.CompletionParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri),
        position=lsp.Position(line=line, character=character),
    )


async def _labels(client: LanguageClient, uri: str, line: int, character: int) -> list[str]:
    found = await client.text_document_completion_async(_completion_at(uri, line, character))
    if found is None:
        return []
    items = found.items if isinstance(found, lsp.CompletionList) else found
    return [item.label for item in items]


TYPING = (
    """\
from npu_bridge.npu_init import *

config = NPURunConfig(iterations_per_loop=10, prec
dump = DumpConfig(dump_
mode = NPURunConfig(precision_mode="
custom_op.parameter_map["prec
"""
    + 'custom_op.parameter_map["enable_dump"].b = \n'
)


@pytest.mark.asyncio
async def test_completion_of_keywords_values_and_keys(
    client: LanguageClient, tmp_path: Path
) -> None:
    uri = open_file(client, tmp_path / "train.py", TYPING)
    await diagnostics_for(client, uri)
    keywords = await _labels(client, uri, 2, 50)
    assert {"precision_mode", "precision_mode_v2", "iterations_per_loop"} <= set(keywords)
    assert "dump_path" not in keywords  # a DumpConfig field, not a keyword of NPURunConfig
    fields = await _labels(client, uri, 3, 23)
    assert {"dump_path", "dump_mode", "dump_step"} <= set(fields)
    assert "precision_mode" not in fields
    values = await _labels(client, uri, 4, 36)
    assert "allow_mix_precision" in values and "force_fp32" in values
    keys = await _labels(client, uri, 5, 29)
    assert "precision_mode" in keys
    assert "True" in await _labels(client, uri, 6, 43)


@pytest.mark.asyncio
async def test_completion_edits_and_documentation(client: LanguageClient, tmp_path: Path) -> None:
    uri = open_file(client, tmp_path / "train.py", TYPING)
    await diagnostics_for(client, uri)
    found = await client.text_document_completion_async(_completion_at(uri, 2, 50))
    assert isinstance(found, lsp.CompletionList)
    item = next(i for i in found.items if i.label == "precision_mode")
    assert isinstance(item.text_edit, lsp.TextEdit)
    assert item.text_edit.new_text == "precision_mode="
    assert item.text_edit.range.start == lsp.Position(line=2, character=46)  # replaces "prec"
    resolved = await client.completion_item_resolve_async(item)
    assert isinstance(resolved.documentation, lsp.MarkupContent)
    assert resolved.documentation.value.startswith("**precision_mode**")


@pytest.mark.asyncio
async def test_completion_leaves_out_what_the_named_product_lacks(
    client: LanguageClient, tmp_path: Path
) -> None:
    (tmp_path / ".ascend-studio.toml").write_text('product = "atlas_training"\n', encoding="utf-8")
    uri = open_file(client, tmp_path / "train.py", TYPING)
    await diagnostics_for(client, uri)
    values = await _labels(client, uri, 4, 36)
    assert "allow_mix_precision" in values
    assert "allow_mix_precision_bf16" not in values  # Atlas 350/A3/A2 only


@pytest.mark.asyncio
async def test_completion_leaves_out_what_the_named_release_lacks(
    client: LanguageClient, tmp_path: Path
) -> None:
    (tmp_path / ".ascend-studio.toml").write_text('release = "6.3.RC1"\n', encoding="utf-8")
    uri = open_file(client, tmp_path / "train.py", TYPING)
    await diagnostics_for(client, uri)
    keywords = set(await _labels(client, uri, 2, 50))
    assert "precision_mode" in keywords
    assert "precision_mode_v2" not in keywords  # from 6.3.RC2.alpha003 on
    assert "graph_exec_timeout" not in keywords  # a sess.run key, no keyword
    keys = set(await _labels(client, uri, 5, 29))
    assert "precision_mode" in keys and "oo_level" not in keys  # the C++ reads it from 9.0.0
    assert "min_group_size" in keys  # NPUEstimator writes it in every release


@pytest.mark.asyncio
async def test_completion_of_variables_after_export(client: LanguageClient, tmp_path: Path) -> None:
    uri = open_file(client, tmp_path / "env.sh", "export ASCEND_\n", "shellscript")
    await diagnostics_for(client, uri)
    names = await _labels(client, uri, 0, 14)
    assert {"ASCEND_DEVICE_ID", "ASCEND_WORK_PATH"} <= set(names)
    assert await _labels(client, uri, 0, 3) == []  # in `export` itself
