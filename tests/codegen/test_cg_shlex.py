"""The shell-word reader skips what it does not read (substitutions, backquotes,
comments, continuations) a run of characters at a time, with the same words, values
and line numbers as one character at a time."""

from __future__ import annotations

import pytest

from ascend_studio.codegen import import_text
from ascend_studio.codegen._shlex import lex, read_word


def _words(text: str) -> list[list[tuple[str, str | None, int]]]:
    lexed = lex(text)
    assert lexed.error is None, lexed.error
    return [[(w.text, w.value, w.line) for w in c.words] for c in lexed.commands]


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ('A=$(echo ")" \'(\' \\) "$(date)")', 'A=$(echo ")" \'(\' \\) "$(date)")'),
        ("A=$((1 + (2 * 3)))", "A=$((1 + (2 * 3)))"),
        ("A=${B:-${C:-'}'}}", "A=${B:-${C:-'}'}}"),
        ('A="${B:-it\'s}"', 'A="${B:-it\'s}"'),  # a quote inside ${} inside "..." is text
        ("A=`echo \\` x`", "A=`echo \\` x`"),
        ("A=$B_c9", "A=$B_c9"),
    ],
)
def test_expansions_are_one_word_that_expands(text: str, word: str) -> None:
    assert _words(text + "\nexport C=1\n") == [
        [(word, None, 1)],
        [("export", "export", 2), ("C=1", "C=1", 2)],
    ]


def test_line_numbers_after_multiline_constructs() -> None:
    text = "A=$(echo\n1\n2)\nB=`x\ny`  # note\nC=1 \\\n  D=2\n# end\nexport E=3\n"
    words = _words(text)
    assert [[w[2] for w in command] for command in words] == [[1], [4], [6, 7], [9, 9]]
    assert words[2][1] == ("D=2", "D=2", 7)


def test_comments_and_continuations_are_blank() -> None:
    assert _words("  # only a comment\nexport A=1  # trailing ) ` '\n") == [
        [("export", "export", 2), ("A=1", "A=1", 2)]
    ]
    assert _words("export \\\n A=1\n") == [[("export", "export", 1), ("A=1", "A=1", 2)]]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("$'a\\x41\\u00e9\\101\\cA\\n'", "aAé" + "A\x01\n"),
        ("$'it\\'s'", "it's"),
        ("$'\\xZZ'", "\\xZZ"),
    ],
)
def test_ansi_c_strings(text: str, value: str) -> None:
    assert read_word(text).value == value


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("A=$'abc\\", "unterminated $'...' string"),  # a backslash at the very end
        ("A=`echo", "unterminated backquote"),
        ("A=`echo \\", "unterminated backquote"),
        ("A=$(echo", "unterminated $(...)"),
        ("A=${B", "unterminated ${...}"),
    ],
)
def test_unterminated_constructs_are_syntax_errors(text: str, message: str) -> None:
    error = lex(f"export X=1\n{text}\n").error
    assert error is not None and (error.line, error.message) == (2, message)


def test_a_trailing_backslash_in_an_ansi_string_is_not_an_importer_bug() -> None:
    items = import_text("export A=$'abc\\", "env.sh").report.items
    assert [i.kind for i in items] == ["syntax_error"]
    assert "unterminated $'...' string" in items[0].message.en
