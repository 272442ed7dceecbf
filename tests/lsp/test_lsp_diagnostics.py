"""Diagnostics from the real server over stdio: the findings ``validate`` reports, as
the editor types, with the project's settings, for small, broken and large files."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsp_client import change, codes, diagnostics_for, open_file, seen
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from ascend_studio.lint._check import check_file
from ascend_studio.lint._settings import CommandLine, settings_for
from ascend_studio.schema import shipped_catalog

BOTH_MODES = """\
from npu_bridge.npu_init import *

config = NPURunConfig(
    precision_mode="allow_mix_precision",
    precision_mode_v2="mixed_float16",
    iterations_per_loop=10,
)
"""
CLEAN = BOTH_MODES.replace('    precision_mode="allow_mix_precision",\n', "")
OVERFLOW = """\
from npu_bridge.npu_init import *
dump_config = DumpConfig(enable_dump_debug=True, dump_path="/tmp/d", dump_debug_mode="aicore_overflow")
config = NPURunConfig(dump_config=dump_config, iterations_per_loop=10)
"""


def _validate(path: Path, cli: CommandLine | None = None) -> list[tuple[str, str, int, int]]:
    """What ``validate`` reports for ``path`` (id, severity, line, column)."""
    settings = settings_for(path, cli or CommandLine())
    checked = check_file(path, str(path), settings, shipped_catalog())
    return sorted((f.rule_id, f.severity, f.line, f.column) for f in checked.findings)


def _shown(found: list[lsp.Diagnostic]) -> list[tuple[str, str, int, int]]:
    names = {1: "error", 2: "warning", 3: "info"}
    return sorted(
        (str(d.code), names[d.severity or 1], d.range.start.line + 1, d.range.start.character + 1)
        for d in found
    )


@pytest.mark.asyncio
async def test_an_open_script_gets_what_validate_reports(
    client: LanguageClient, tmp_path: Path
) -> None:
    path = tmp_path / "train.py"
    uri = open_file(client, path, BOTH_MODES)
    found = await diagnostics_for(client, uri)
    assert _shown(found) == _validate(path)
    both = next(d for d in found if d.code == "precision.both_modes")
    assert both.severity == lsp.DiagnosticSeverity.Error
    assert both.source == "ascend-studio"
    assert both.range == lsp.Range(
        start=lsp.Position(line=3, character=4), end=lsp.Position(line=3, character=18)
    )
    assert "cannot both be set" in both.message
    assert "\nfix: " in both.message  # the fix, as validate prints it
    assert both.code_description is not None
    assert both.code_description.href.startswith("https://")
    # the other parameter of the finding is a related place
    related = both.related_information or []
    assert [(r.message, r.location.range.start.line) for r in related] == [("precision_mode_v2", 4)]


@pytest.mark.slow
@pytest.mark.asyncio
async def test_shell_and_env_files_are_checked(client: LanguageClient, tmp_path: Path) -> None:
    script = "export ASCEND_DEVICE_ID=abc\nexport RANK_SIZE=8\n"
    path = tmp_path / "env_npu.sh"
    uri = open_file(client, path, script, language="shellscript")
    found = await diagnostics_for(client, uri)
    assert found
    assert _shown(found) == _validate(path)
    # a file of no kind validate checks is left alone
    other = open_file(client, tmp_path / "notes.txt", script, language="plaintext")
    uri_again = open_file(client, tmp_path / "more.sh", script, language="shellscript")
    assert _shown(await diagnostics_for(client, uri_again)) == _validate(tmp_path / "more.sh")
    assert other not in client.diagnostics


@pytest.mark.asyncio
async def test_typing_rechecks_the_newest_text(client: LanguageClient, tmp_path: Path) -> None:
    uri = open_file(client, tmp_path / "train.py", BOTH_MODES)
    assert "precision.both_modes" in codes(await diagnostics_for(client, uri))
    change(client, uri, 2, CLEAN)
    assert "precision.both_modes" not in codes(await diagnostics_for(client, uri))
    versions = [p.version for p in seen(client).published if p.uri == uri]
    assert versions == [1, 2]


@pytest.mark.asyncio
async def test_a_suppression_comment_silences_as_in_validate(
    client: LanguageClient, tmp_path: Path
) -> None:
    text = BOTH_MODES.replace(
        '    precision_mode="allow_mix_precision",',
        '    precision_mode="allow_mix_precision",  # ascend-studio: ignore[precision.both_modes]',
    )
    uri = open_file(client, tmp_path / "train.py", text)
    assert "precision.both_modes" not in codes(await diagnostics_for(client, uri))


@pytest.mark.slow
@pytest.mark.asyncio
async def test_project_settings_apply_and_follow_changes_on_disk(
    client: LanguageClient, tmp_path: Path
) -> None:
    project = tmp_path / "pyproject.toml"
    project.write_text('[tool.ascend-studio]\nignore = ["precision"]\n', encoding="utf-8")
    uri = open_file(client, tmp_path / "train.py", BOTH_MODES)
    assert "precision.both_modes" not in codes(await diagnostics_for(client, uri))
    project.write_text('[tool.ascend-studio]\nproduct = "atlas_a2"\n', encoding="utf-8")
    client.workspace_did_change_watched_files(
        lsp.DidChangeWatchedFilesParams(
            changes=[lsp.FileEvent(uri=project.as_uri(), type=lsp.FileChangeType.Changed)]
        )
    )
    assert "precision.both_modes" in codes(await diagnostics_for(client, uri))
    globs = [
        w["globPattern"]
        for r in seen(client).registrations
        if r.method == lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES
        for w in r.register_options["watchers"]  # type: ignore[index]
    ]
    assert "**/pyproject.toml" in globs
    assert "**/.ascend-studio.toml" in globs


@pytest.mark.slow
@pytest.mark.asyncio
async def test_a_bad_project_configuration_is_named_once(
    client: LanguageClient, tmp_path: Path
) -> None:
    config = tmp_path / ".ascend-studio.toml"
    config.write_text('prodcut = "a2"\n', encoding="utf-8")
    uri = open_file(client, tmp_path / "train.py", BOTH_MODES)
    found = await diagnostics_for(client, uri)
    assert [(d.code, d.severity) for d in found] == [("config", lsp.DiagnosticSeverity.Error)]
    assert "unknown key 'prodcut'" in found[0].message
    for version in range(2, 6):  # typing on: the same problem, not said again
        change(client, uri, version, BOTH_MODES + "\n" * version)
    config.write_text('product = "atlas_a2"\n', encoding="utf-8")
    client.workspace_did_change_watched_files(
        lsp.DidChangeWatchedFilesParams(
            changes=[lsp.FileEvent(uri=config.as_uri(), type=lsp.FileChangeType.Changed)]
        )
    )
    assert "precision.both_modes" in codes(await diagnostics_for(client, uri))
    assert len([m for m in client.messages if "prodcut" in m.message]) == 1
    # the problem once, then the findings (the configuration is read from disk on each
    # check, so the version that first sees it fixed may be any of the later ones)
    versions = [p.version for p in seen(client).published if p.uri == uri]
    assert versions[0] == 1 and len(versions) == 2, versions


@pytest.mark.slow
@pytest.mark.asyncio
async def test_editor_settings_change_the_findings(client: LanguageClient, tmp_path: Path) -> None:
    client.set_configuration({"product": "atlas_a2"}, section="ascendStudio")
    client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(settings=None))
    path = tmp_path / "train.py"
    uri = open_file(client, path, OVERFLOW)
    found = await diagnostics_for(client, uri)
    while "avail.value_product" not in codes(found):  # the first check may predate the pull
        found = await diagnostics_for(client, uri)
    assert _shown(found) == _validate(path, CommandLine(product="atlas_a2"))
    # a new product, and the language: the editor sends the section itself
    client.workspace_did_change_configuration(
        lsp.DidChangeConfigurationParams(
            settings={"ascendStudio": {"product": "Ascend910", "language": "zh"}}
        )
    )
    found = await diagnostics_for(client, uri)
    assert "avail.value_product" not in codes(found)
    assert _shown(found) == _validate(path, CommandLine(product="atlas_training"))
    client.workspace_did_change_configuration(
        lsp.DidChangeConfigurationParams(
            settings={"ascendStudio": {"language": "zh", "select": ["precision"]}}
        )
    )
    uri2 = open_file(client, tmp_path / "both.py", BOTH_MODES)
    found = await diagnostics_for(client, uri2)
    assert codes(found) == ["precision.both_modes"]
    assert "不能同时设置" in found[0].message or "同时" in found[0].message


@pytest.mark.slow
@pytest.mark.asyncio
async def test_a_syntax_error_mid_edit_neither_crashes_nor_floods(
    client: LanguageClient, tmp_path: Path
) -> None:
    uri = open_file(client, tmp_path / "train.py", BOTH_MODES)
    assert "precision.both_modes" in codes(await diagnostics_for(client, uri))
    broken = BOTH_MODES.replace(")\n", '    dump_path="\n')  # an unclosed call and string
    texts = {}
    for version in range(2, 12):  # typing inside the string, keystroke by keystroke
        texts[version] = broken.rstrip("\n") + "abcdefghij"[: version - 2] + "\n"
        change(client, uri, version, texts[version])
    found = await diagnostics_for(client, uri)
    shown = next(p for p in reversed(seen(client).published) if p.uri == uri)
    assert shown.version in texts
    assert "import.syntax_error" in codes(found)
    path = tmp_path / "saved.py"
    path.write_text(texts[shown.version], encoding="utf-8")
    assert _shown(found) == _validate(path)  # the findings validate gives the broken text
    change(client, uri, 12, BOTH_MODES)
    found = await diagnostics_for(client, uri)
    while seen(client).published[-1].version != 12:
        found = await diagnostics_for(client, uri)
    path.write_text(BOTH_MODES, encoding="utf-8")
    assert _shown(found) == _validate(path)
    assert client.messages == []  # no message box
    assert not [m for m in client.log_messages if m.type == lsp.MessageType.Error]
    # only versions checked last are published, and only when what is shown changes
    assert len([p for p in seen(client).published if p.uri == uri]) <= 4


def _big_script() -> str:
    head = BOTH_MODES
    body = "".join(
        f"def step_{i}(x):\n    y = x * {i} + 1\n    return y + {i}\n\n\n" for i in range(30000)
    )
    return head + body


@pytest.mark.slow
@pytest.mark.asyncio
async def test_a_2_mb_file_is_checked_off_the_reader_thread(
    client: LanguageClient, tmp_path: Path
) -> None:
    big_text = _big_script()
    assert 1.7 * 2**20 < len(big_text) < 2 * 2**20  # under the Python importer's 2 MB limit
    small = open_file(client, tmp_path / "small.py", BOTH_MODES)
    await diagnostics_for(client, small)
    big = open_file(client, tmp_path / "big.py", big_text)
    # while the big file is being checked, the editor's requests are answered
    answer = await client.text_document_hover_async(
        lsp.HoverParams(
            text_document=lsp.TextDocumentIdentifier(uri=small),
            position=lsp.Position(line=3, character=6),
        )
    )
    assert answer is not None
    assert big not in client.diagnostics, "the hover waited for the big file's check"
    found = await diagnostics_for(client, big)
    # and release.depends: no release is named, and early releases lack precision_mode_v2
    assert codes(found) == ["precision.both_modes", "release.depends"]
    assert found[0].range.start.line == 3
