"""The language server's pure parts, without a server: where the cursor is, the
suppression edits, the editor's settings, positions in the editor's units."""

from __future__ import annotations

import pytest
from lsprotocol import types as lsp

from ascend_studio.lsp._check import checks_as
from ascend_studio.lsp._context import Place, python_place, shell_place
from ascend_studio.lsp._settings import language_of, read_settings
from ascend_studio.lsp._suppress import file_comment, line_comment
from ascend_studio.lsp._text import Snapshot, split_lines, token_end
from ascend_studio.schema import OWNERS

CASES = [
    ("config = NPURunConfig(", Place("keyword", "NPURunConfig", start=22)),
    ("config = NPURunConfig(prec", Place("keyword", "NPURunConfig", prefix="prec", start=22)),
    (
        'NPURunConfig(precision_mode="allow',
        Place("value", "NPURunConfig", "precision_mode", "allow", 29, '"'),
    ),
    ("NPURunConfig(precision_mode=", Place("value", "NPURunConfig", "precision_mode", "", 28)),
    (
        "NPURunConfig(dump_config=DumpConfig(enable_dump=True, dump_",
        Place("keyword", "DumpConfig", prefix="dump_", start=54),
    ),
    # commas inside a closed call or a string are not this call's
    (
        'NPURunConfig(d=DumpConfig(a=1, b=2), mode="x,y", it',
        Place("keyword", "NPURunConfig", prefix="it", start=49),
    ),
    ('custom_op.parameter_map["prec', Place("map_key", prefix="prec", start=25, quote='"')),
    ("custom_op.parameter_map[", Place("map_key", start=24)),
    (
        "m.parameter_map['precision_mode'].s = tf.compat.as_bytes(\"all",
        Place("map_value", keyword="precision_mode", prefix="all", start=58, quote='"', field="s"),
    ),
    (
        'm.parameter_map["enable_dump"].b = Tr',
        Place("map_value", keyword="enable_dump", prefix="Tr", start=35, field="b"),
    ),
    ('os.environ["ASCEND_', Place("env_key", prefix="ASCEND_", start=12, quote='"')),
    ('x = os.getenv("RANK', Place("env_key", prefix="RANK", start=15, quote='"')),
    # inside a string or a comment, a call is text
    ('print("NPURunConfig(', Place("none")),
    ("# NPURunConfig(", Place("none")),
    ('s = """\nNPURunConfig(\n"""\nx = 1', Place("none")),
    ("NPURunConfig(x=f(1,\n 2), ", Place("keyword", "NPURunConfig", start=25)),
    ("foo(", Place("none")),
]


@pytest.mark.parametrize(("text", "expected"), CASES, ids=[c[0][-24:] for c in CASES])
def test_python_place(text: str, expected: Place) -> None:
    assert python_place(text, tuple(OWNERS)) == expected


@pytest.mark.parametrize(
    ("line", "env_file", "expected"),
    [
        ("export ASC", False, Place("env_name", prefix="ASC", start=7)),
        ("export ", False, Place("env_name", start=7)),
        ("ASC", True, Place("env_name", prefix="ASC", start=0)),
        ("ASC", False, Place("none")),  # a bare word in a shell script is a command
        ("export RANK_SIZE=8", False, Place("value", keyword="RANK_SIZE", prefix="8", start=17)),
        ('  export X="ab', False, Place("value", keyword="X", prefix="ab", start=12)),
    ],
)
def test_shell_place(line: str, env_file: bool, expected: Place) -> None:
    assert shell_place(line, env_file) == expected


def _snapshot(text: str, encoding: str = "utf-16") -> Snapshot:
    return Snapshot("file:///x.py", "/x.py", 1, text, encoding)


def _edited(text: str, edit: lsp.TextEdit | None) -> str:
    assert edit is not None
    snap = _snapshot(text)
    start = snap.offset(edit.range.start.line, edit.range.start.character)
    end = snap.offset(edit.range.end.line, edit.range.end.character)
    return text[:start] + edit.new_text + text[end:]


def test_the_line_comment_goes_at_the_end_or_joins_one_there() -> None:
    text = "x = NPURunConfig(a=1)   \n"
    assert _edited(text, line_comment(_snapshot(text), 0, "r.one")) == (
        "x = NPURunConfig(a=1)  # ascend-studio: ignore[r.one]\n"
    )
    joined = "x = 1  # ascend-studio: ignore[r.one]\n"
    assert _edited(joined, line_comment(_snapshot(joined), 0, "r.two")) == (
        "x = 1  # ascend-studio: ignore[r.one, r.two]\n"
    )
    # already silenced (by id, or by a bare comment): nothing to offer
    assert line_comment(_snapshot(joined), 0, "r.one") is None
    assert line_comment(_snapshot("x = 1  # ascend-studio: ignore\n"), 0, "r.one") is None


def test_a_continued_line_takes_the_comment_above_or_none() -> None:
    text = "export A=1 \\\n  B=2 \\\n  C=3\n"
    assert _edited(text, line_comment(_snapshot(text), 0, "r")) == (
        "# ascend-studio: ignore[r]\n" + text
    )
    assert line_comment(_snapshot(text), 1, "r") is None  # mid-continuation


def test_the_file_comment_goes_below_the_shebang_and_coding_lines() -> None:
    text = "#!/usr/bin/env python\n# -*- coding: utf-8 -*-\nimport os\n"
    assert _edited(text, file_comment(_snapshot(text), "r")) == (
        "#!/usr/bin/env python\n# -*- coding: utf-8 -*-\n# ascend-studio: ignore-file[r]\nimport os\n"
    )
    kept = "# ascend-studio: ignore-file[a]\nx = 1\n"
    assert _edited(kept, file_comment(_snapshot(kept), "b")).startswith(
        "# ascend-studio: ignore-file[a, b]\n"
    )
    assert file_comment(_snapshot(kept), "a") is None


def test_settings_are_read_leniently() -> None:
    found = read_settings(
        {
            "ascendStudio": {
                "language": "zh",
                "product": "A2",
                "scenario": "sideways",
                "select": "precision, dump",
                "ignore": [1, 2],
                "appCommand": ["ascend-studio"],
            }
        }
    )
    assert (found.language, found.product, found.scenario) == ("zh", "A2", None)
    assert found.select == ("precision", "dump")
    assert found.ignore == ()
    assert found.app_command == ("ascend-studio",)
    assert [p.split(" must")[0] for p in found.problems] == [
        "ascendStudio.scenario",
        "ascendStudio.ignore",
    ]
    assert read_settings(None) == read_settings({})
    release = read_settings({"release": "7.0.0"})
    assert release.release == "7.0.0" and release.command_line().release == "7.0.0"
    assert language_of(read_settings({}), "zh-cn") == "zh"
    assert language_of(read_settings({}), "en-US") == "en"
    assert language_of(read_settings({"language": "en"}), "zh-TW") == "en"


def test_positions_in_the_editors_units() -> None:
    text = "a = '𝒳中' # x\r\nsecond\rthird\n"
    assert split_lines(text) == ["a = '𝒳中' # x", "second", "third", ""]
    for encoding, units in (("utf-16", 9), ("utf-8", 13), ("utf-32", 8)):
        snap = _snapshot(text, encoding)
        assert snap.units(0, 8) == units  # the character after the closing quote
        assert snap.column(lsp.Position(line=0, character=units)) == 8
    assert _snapshot(text).offset(2, 1) == text.index("third") + 1
    assert token_end("    precision_mode='x'", 4) == 18
    assert token_end('x = "abc" + 1', 4) == 9


def test_which_documents_are_checked() -> None:
    assert checks_as("/w/train.py", "python") == "/w/train.py"
    assert checks_as("/w/env_npu.sh", None) == "/w/env_npu.sh"
    assert checks_as("/w/job.ascend.json", "json") == "/w/job.ascend.json"
    assert checks_as("/w/run", "shellscript") == "/w/run.sh"  # named by its language
    assert checks_as("/w/notes.txt", "plaintext") is None
    assert checks_as("/w/package.json", "json") is None


def test_a_run_time_value_is_shown_as_written() -> None:
    from ascend_studio.lsp._describe import effective_line
    from ascend_studio.profile import Profile
    from ascend_studio.schema import shipped_catalog

    profile = Profile.model_validate({"values": {"model_dir": {"expr": "FLAGS.output_dir"}}})
    assert effective_line(profile, "model_dir", shipped_catalog(), "en") == [
        "**Here:** `FLAGS.output_dir` (set in this file)"
    ]


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("a\nb\nc\n", "a\nB\nc\n"),
        ("a\nb\nc\n", "a\nc\n"),
        ("a\nb\nc\n", "a\nb\nb2\nc\n"),
        ("a\nb\nc", "a\nb\nC"),  # no final line break
        ("a\nb\nc", "a\nb"),
        ("a\nb\n", "a\nb\nc\n"),
        ("x = 1\r\ny = 2\r\n", "x = 1\r\ny = 3\r\n"),  # CRLF kept
        ("same\n", "same\n"),
        ("", "new\n"),
    ],
)
def test_text_edits_turn_one_text_into_the_other(before: str, after: str) -> None:
    from ascend_studio.lsp._edits import text_edits

    snap = _snapshot(before)
    edits = text_edits(snap, after)
    text = before
    for edit in sorted(
        edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True
    ):
        start = snap.offset(edit.range.start.line, edit.range.start.character)
        end = snap.offset(edit.range.end.line, edit.range.end.character)
        text = text[:start] + edit.new_text + text[end:]
    assert text == after
    assert (edits == []) == (before == after)


def test_without_pygls_the_command_says_so_in_one_line() -> None:
    """The one-folder app bundle leaves the server out: one line and status 2."""
    import subprocess
    import sys

    blocked = (
        "import builtins, sys\n"
        "real = builtins.__import__\n"
        "def no_pygls(name, *args, **kwargs):\n"
        "    if name.split('.')[0] in ('pygls', 'lsprotocol'):\n"
        "        raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "    return real(name, *args, **kwargs)\n"
        "builtins.__import__ = no_pygls\n"
        "from ascend_studio.__main__ import main\n"
        "sys.exit(main(['lsp']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", blocked], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("ascend-studio lsp: the language server is not part of this")
    assert "pip or pipx" in done.stderr
