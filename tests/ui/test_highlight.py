"""The shell preview highlighter follows shell quoting (QA: '$HOME' in single quotes
was coloured as a variable, "$HOME/x" in double quotes was not)."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QTextDocument

from ascend_studio.ui._highlight import COMMENT, CONSTANT, STRING, highlighter_for


def colours(text: str) -> list[list[str]]:
    """The foreground colour the highlighter gave each character, line by line."""
    document = QTextDocument()
    highlighter = highlighter_for("sh", document)
    document.setPlainText(text)
    highlighter.rehighlight()
    lines = []
    block = document.firstBlock()
    while block.isValid():
        line = [""] * len(block.text())
        for span in block.layout().formats():
            for i in range(span.start, span.start + span.length):
                line[i] = span.format.foreground().color().name()
        lines.append(line)
        block = block.next()
    return lines


def name(fmt: Any) -> str:
    return str(fmt.foreground().color().name())


def test_nothing_expands_in_single_quotes(qtbot: Any) -> None:
    text = "echo 'it'\\''s $HOME'"
    line = colours(text)[0]
    home = text.index("$HOME")
    assert line[home : home + 5] == [name(STRING)] * 5
    assert line[text.index("'")] == name(STRING)


def test_variables_expand_inside_double_quotes(qtbot: Any) -> None:
    text = 'export A="$HOME/x" B="${USER}" C="\\$NOPE" # "$x"'
    line = colours(text)[0]
    for var in ("$HOME", "${USER}"):
        at = text.index(var)
        assert line[at : at + len(var)] == [name(CONSTANT)] * len(var), var
    assert line[text.index("/x")] == name(STRING)
    assert line[text.index("NOPE")] == name(STRING)
    assert line[text.index("#") :] == [name(COMMENT)] * len(text[text.index("#") :])


def test_hash_inside_quotes_is_not_a_comment(qtbot: Any) -> None:
    text = "echo 'a #b' \"c #d\" $E"
    line = colours(text)[0]
    assert line[text.index("#b")] == name(STRING)
    assert line[text.index("#d")] == name(STRING)
    assert line[text.index("$E")] == name(CONSTANT)


def test_unclosed_single_quote_continues_on_the_next_line(qtbot: Any) -> None:
    lines = colours("X='one\n$TWO'\necho $THREE")
    assert lines[1][0] == name(STRING)
    assert lines[2][-1] == name(CONSTANT)


def _formats(document: QTextDocument) -> list[list[tuple[int, int, str, bool, int]]]:
    found = []
    block = document.firstBlock()
    while block.isValid():
        found.append(
            [
                (r.start, r.length, name(r.format), r.format.fontItalic(), r.format.fontWeight())
                for r in block.layout().formats()
            ]
        )
        block = block.next()
    return found


def test_lines_highlighted_again_get_what_a_fresh_preview_gives(qtbot: Any) -> None:
    """Each line's formats are found once per text (a language switch highlights ~340
    lines again): after texts replaced many times, every line is coloured as in a
    document highlighted afresh, in each highlighted language."""
    import random

    pieces = [
        "config = NPURunConfig(",
        '    precision_mode="allow_mix_precision",  # warning [x]: note',
        "    iterations_per_loop=10,",
        "# 警告 [scenario.param]: in_out_pair 仅适用于在线推理",
        '{"hccl_timeout": 1200, "enable": true, "x": null}',
        "ASCEND_WORK_PATH=/data/work",
        "export HCCL_EXEC_TIMEOUT='1200' # set",
        ")",
        "a = 10",  # the same length, other colours
        "# = 10",
        '"a": 1',
    ]
    rng = random.Random(3)
    for language in ("py", "json", "env", "yaml", "sh"):
        document = QTextDocument()
        kept = highlighter_for(language, document)  # its Python side lives while in use
        coloured = 0
        for _ in range(30):
            text = "\n".join(rng.choice(pieces) for _ in range(rng.randrange(1, 12)))
            document.setPlainText(text)
            kept.rehighlight()
            fresh = QTextDocument()
            other = highlighter_for(language, fresh)
            fresh.setPlainText(text)
            other.rehighlight()
            assert _formats(document) == _formats(fresh), (language, text)
            coloured += any(_formats(fresh))
            del other
        assert coloured, language  # the texts do get colours
        del kept
