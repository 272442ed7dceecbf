"""Code actions and commands from the real server."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from lsp_client import change, codes, diagnostics_for, open_file
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

SCRIPT = """\
from npu_bridge.npu_init import *

config = NPURunConfig(
    precision_mode="allow_mix_precision",
    precision_mode_v2="mixed_float16",
    iterations_per_loop=10,
)
"""
RULE = "precision.both_modes"

#: Each test starts the server (about a second) or a real editor.
pytestmark = pytest.mark.slow


def _apply(text: str, edits: list[lsp.TextEdit]) -> str:
    """``edits`` carried out on ``text`` as an editor does (all ASCII here)."""
    lines = text.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)

    def offset(p: lsp.Position) -> int:
        return starts[p.line] + p.character

    for edit in sorted(edits, key=lambda e: offset(e.range.start), reverse=True):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end) :]
    return text


async def _actions(
    client: LanguageClient, uri: str, found: list[lsp.Diagnostic]
) -> list[lsp.CodeAction]:
    answer = await client.text_document_code_action_async(
        lsp.CodeActionParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri),
            range=found[0].range,
            context=lsp.CodeActionContext(diagnostics=found),
        )
    )
    return [a for a in answer or [] if isinstance(a, lsp.CodeAction)]


def _edits(action: lsp.CodeAction, uri: str) -> list[lsp.TextEdit]:
    assert action.edit is not None and action.edit.changes is not None
    return list(action.edit.changes[uri])


@pytest.mark.asyncio
async def test_silencing_on_the_line_and_in_the_file(
    client: LanguageClient, tmp_path: Path
) -> None:
    uri = open_file(client, tmp_path / "train.py", SCRIPT)
    found = [d for d in await diagnostics_for(client, uri) if d.code == RULE]
    actions = await _actions(client, uri, found)
    titles = [a.title for a in actions]
    assert f"Silence {RULE} on this line" in titles
    assert f"Silence {RULE} in this file" in titles
    line = next(a for a in actions if a.title.endswith("on this line"))
    assert line.kind == lsp.CodeActionKind.QuickFix
    silenced = _apply(SCRIPT, _edits(line, uri))
    assert (
        '    precision_mode="allow_mix_precision",  # ascend-studio: ignore[precision.both_modes]\n'
        in silenced
    )
    change(client, uri, 2, silenced)
    assert RULE not in codes(await diagnostics_for(client, uri))
    whole = next(a for a in actions if a.title.endswith("in this file"))
    in_file = _apply(SCRIPT, _edits(whole, uri))
    assert in_file.startswith("# ascend-studio: ignore-file[precision.both_modes]\nfrom npu_bridge")
    change(client, uri, 3, SCRIPT)
    assert RULE in codes(await diagnostics_for(client, uri))
    change(client, uri, 4, in_file)
    assert RULE not in codes(await diagnostics_for(client, uri))


@pytest.mark.asyncio
async def test_silencing_joins_a_comment_already_there(
    client: LanguageClient, tmp_path: Path
) -> None:
    text = SCRIPT.replace(
        '    precision_mode="allow_mix_precision",',
        '    precision_mode="allow_mix_precision",  # ascend-studio: ignore[status]',
    )
    uri = open_file(client, tmp_path / "train.py", text)
    found = [d for d in await diagnostics_for(client, uri) if d.code == RULE]
    line = next(a for a in await _actions(client, uri, found) if a.title.endswith("on this line"))
    assert "# ascend-studio: ignore[status, precision.both_modes]" in _apply(
        text, _edits(line, uri)
    )


@pytest.mark.asyncio
async def test_silencing_a_continued_shell_line_goes_above_it(
    client: LanguageClient, tmp_path: Path
) -> None:
    text = "export ASCEND_DEVICE_ID=abc \\\n    RANK_SIZE=8\n"
    uri = open_file(client, tmp_path / "env.sh", text, "shellscript")
    found = await diagnostics_for(client, uri)
    first = [d for d in found if d.range.start.line == 0]
    assert first, found
    rule = str(first[0].code)
    actions = await _actions(client, uri, first)
    line = next(a for a in actions if a.title.endswith("on this line"))
    assert _apply(text, _edits(line, uri)).startswith(f"# ascend-studio: ignore[{rule}]\nexport ")


@pytest.mark.asyncio
async def test_profiles_have_no_comment_to_silence_with(
    client: LanguageClient, tmp_path: Path
) -> None:
    profile = (
        '{"format": "ascend-studio-profile", "schema_version": 1, "values": '
        '{"precision_mode": "allow_mix_precision", "precision_mode_v2": "mixed_float16"}}\n'
    )
    uri = open_file(client, tmp_path / "job.ascend.json", profile, "json")
    found = await diagnostics_for(client, uri)
    assert RULE in codes(found)
    titles = [a.title for a in await _actions(client, uri, found)]
    assert not [t for t in titles if t.startswith("Silence")]


@pytest.mark.asyncio
async def test_output_paths_of_the_configuration_under_the_cursor(
    client: LanguageClient, tmp_path: Path
) -> None:
    text = SCRIPT.replace(
        "    iterations_per_loop=10,",
        '    iterations_per_loop=10,\n    dump_config=DumpConfig(enable_dump=True, dump_path="/data/dump"),',
    )
    uri = open_file(client, tmp_path / "train.py", text)
    await diagnostics_for(client, uri)
    result = await client.workspace_execute_command_async(
        lsp.ExecuteCommandParams(
            command="ascend-studio.showOutputPaths", arguments=[uri, {"line": 4, "character": 0}]
        )
    )
    assert result["title"].endswith("train.py (line 3)")
    assert "data_dump" in result["text"]
    assert "/data/dump" in result["text"]
    # a client that does not show command results gets them as a message
    assert any("/data/dump" in m.message for m in client.messages)


@pytest.mark.asyncio
async def test_open_in_app_starts_the_configured_command(
    client: LanguageClient, tmp_path: Path
) -> None:
    seen = tmp_path / "argv.txt"
    recorder = f"import sys; open({str(seen)!r}, 'w').write(sys.argv[-1])"
    client.workspace_did_change_configuration(
        lsp.DidChangeConfigurationParams(
            settings={"ascendStudio": {"appCommand": [sys.executable, "-c", recorder]}}
        )
    )
    path = tmp_path / "train.py"
    uri = open_file(client, path, SCRIPT)
    await diagnostics_for(client, uri)
    result = await client.workspace_execute_command_async(
        lsp.ExecuteCommandParams(command="ascend-studio.openInApp", arguments=[uri])
    )
    assert result["started"] is True
    assert seen.read_text(encoding="utf-8") == str(path)


@pytest.mark.asyncio
async def test_open_in_app_says_why_the_app_did_not_start(
    client: LanguageClient, tmp_path: Path
) -> None:
    failing = "import sys; print('no display to open the window on'); sys.exit(3)"
    client.workspace_did_change_configuration(
        lsp.DidChangeConfigurationParams(
            settings={"ascendStudio": {"appCommand": [sys.executable, "-c", failing]}}
        )
    )
    uri = open_file(client, tmp_path / "train.py", SCRIPT)
    await diagnostics_for(client, uri)
    result = await client.workspace_execute_command_async(
        lsp.ExecuteCommandParams(command="ascend-studio.openInApp", arguments=[uri])
    )
    assert result["started"] is False
    assert [m.message for m in client.messages if m.type == lsp.MessageType.Error] == [
        "Ascend Studio: the app did not start: no display to open the window on"
    ]


FIXABLE = """\
from npu_bridge.npu_init import *

config = NPURunConfig(
    precision_mode="allow_mix_precision",
    precision_mode_v2="mixed_float16",
    iterations_per_loop=10,
    sump_mode="all",
)
"""


@pytest.mark.asyncio
async def test_quick_fixes_carry_out_the_findings_fixes(
    client: LanguageClient, tmp_path: Path
) -> None:
    uri = open_file(client, tmp_path / "train.py", FIXABLE)
    found = await diagnostics_for(client, uri)
    unknown = [d for d in found if d.code == "profile.unknown_kwarg"]
    actions = await _actions(client, uri, unknown)
    remove = actions[0]
    assert remove.title == "Remove sump_mode"
    assert remove.is_preferred is True
    assert _apply(FIXABLE, _edits(remove, uri)) == FIXABLE.replace('    sump_mode="all",\n', "")
    # a choice that changes what the job does says so, and is never the preferred one
    both = [d for d in found if d.code == RULE]
    answer = await client.text_document_code_action_async(
        lsp.CodeActionParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri),
            range=both[0].range,
            context=lsp.CodeActionContext(diagnostics=both),
        )
    )
    titles = [a.title for a in answer or []]
    assert "Remove precision_mode (changes behaviour)" in titles
    assert "Remove precision_mode_v2 (changes behaviour)" in titles
    # "fix all" runs as a command (a client reads an action of a title and a command
    # as a command)
    assert "Fix all safe problems in this file" in titles


@pytest.mark.asyncio
async def test_fix_all_safe_as_a_command_and_on_save(
    client: LanguageClient, tmp_path: Path
) -> None:
    applied: list[lsp.ApplyWorkspaceEditParams] = []

    @client.feature(lsp.WORKSPACE_APPLY_EDIT)
    def apply_edit(params: lsp.ApplyWorkspaceEditParams) -> lsp.ApplyWorkspaceEditResult:
        applied.append(params)
        return lsp.ApplyWorkspaceEditResult(applied=True)

    uri = open_file(client, tmp_path / "train.py", FIXABLE)
    await diagnostics_for(client, uri)
    result = await client.workspace_execute_command_async(
        lsp.ExecuteCommandParams(command="ascend-studio.fixAll", arguments=[uri])
    )
    assert result == {"fixed": 1}
    assert applied[0].edit.changes is not None
    fixed = _apply(FIXABLE, list(applied[0].edit.changes[uri]))
    assert fixed == FIXABLE.replace('    sump_mode="all",\n', "")  # the unsafe ones stay
    on_save = await client.text_document_code_action_async(
        lsp.CodeActionParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri),
            range=lsp.Range(
                start=lsp.Position(line=0, character=0), end=lsp.Position(line=0, character=0)
            ),
            context=lsp.CodeActionContext(diagnostics=[], only=["source.fixAll"]),
        )
    )
    assert on_save is not None and len(on_save) == 1
    action = on_save[0]
    assert isinstance(action, lsp.CodeAction) and action.kind == "source.fixAll.ascend-studio"
    assert _apply(FIXABLE, _edits(action, uri)) == fixed


@pytest.mark.asyncio
async def test_no_fix_is_offered_for_text_not_checked_yet(
    client: LanguageClient, tmp_path: Path
) -> None:
    uri = open_file(client, tmp_path / "train.py", FIXABLE)
    found = [d for d in await diagnostics_for(client, uri) if d.code == "profile.unknown_kwarg"]
    change(client, uri, 2, "# a line above\n" + FIXABLE)  # every line moves down
    titles = [a.title for a in await _actions(client, uri, found)]
    assert "Remove sump_mode" not in titles
