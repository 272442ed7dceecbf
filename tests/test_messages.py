"""Every message a user reads exists in both languages and reads as that language.

Renders every entry of the command line's message table (``ascend_studio/_words.py``),
every count word, every rule's message and fix where the rule fires, every
bilingual catalog text and every chrome string of the app's translation file,
in Chinese and English; and runs every command with ``--lang zh`` over a set of
representative inputs (``tests/zh_output.py``), failing on an English word outside
identifiers, paths, code, quotes and cited sources. A Chinese text must be Chinese (not the English left in
place), an English one must say "1 file" / "2 files" instead of "file(s)", and
its quotes and punctuation must be English ones (a “quote” or a full-width
comma is as wide as a Han character in a Chinese terminal or font).
"""

from __future__ import annotations

import contextlib
import re
import string
import sys
import tomllib
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from ascend_studio._words import MESSAGES, NOUNS, counted, say
from ascend_studio._words_cli import LOCATION_PARTS
from ascend_studio.cli import run_cli
from ascend_studio.codegen._report import where_text
from ascend_studio.rules import evaluate

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "rules"))
sys.path.insert(0, str(ROOT / "tests"))
from rule_cases import CASES, script_facts  # noqa: E402
from zh_output import (  # noqa: E402
    RUNS,
    catalog_names,
    comments,
    english_lines,
    english_words,
    write_inputs,
)

HAN = re.compile(r"[\u4e00-\u9fff]")
#: Punctuation that belongs to Chinese text: full-width forms and curly quotes.
WIDE = re.compile(r"[，。：；（）「」『』【】！？＂“”‘’、]")
MAYBE_PLURAL = re.compile(r"\w\(s\)")
#: A list of parameter names followed by a singular verb ("dump_step, dump_path has no
#: effect"; prose like "without op_debug_list, op_compiler_cache_mode is" is one name).
_NAME = r"[A-Za-z]\w*[_.][\w.]+"
LIST_SINGULAR = re.compile(
    rf"(?:^|[:,;] |\bso |\bthen |\band )(?:\w+ )?{_NAME}(?:, {_NAME})+ (?:is|has|does|comes)\b"
)
#: What needs no translation: paths, identifiers, placeholders, commands.
_TECHNICAL = re.compile(r"\S*[/_.${}]\S*|docker|run|env")


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_checks_see_what_they_look_for() -> None:
    assert _english_problems(
        "The dump switch is off, so dump_config.a, dump_config.b has no effect."
    )
    assert _english_problems("3 setting(s) change.") and _english_problems("the “quoted” value")
    assert not _english_problems(
        "when set without op_debug_list, op_compiler_cache_mode is ignored"
    )
    assert not _english_problems("so dump_config.a, dump_config.b have no effect; 1 file, 2 files")


def _english_problems(text: str) -> list[str]:
    problems = []
    if MAYBE_PLURAL.search(text):
        problems.append("a '(s)' plural: count with counted()")
    if WIDE.search(text):
        problems.append(f"Chinese punctuation {WIDE.search(text).group()!r}")  # type: ignore[union-attr]
    if LIST_SINGULAR.search(text):
        problems.append("several names with a singular verb")
    return problems


@pytest.mark.parametrize("english", sorted(MESSAGES))
def test_each_command_line_message_renders_in_both_languages(english: str) -> None:
    chinese = MESSAGES[english]
    assert _fields(chinese) == _fields(english), (english, chinese)
    values = {name: f"<{name}>" for name in _fields(english)}
    zh, en = say(english, "zh", **values), say(english, "en", **values)
    assert en == english.format(**values)
    assert not HAN.search(en), en
    assert not _english_problems(en), (en, _english_problems(en))
    if re.search(r"[A-Za-z]{3,}", _TECHNICAL.sub("", english)):
        assert HAN.search(zh), f"untranslated: {english!r} -> {zh!r}"
    assert "(s)" not in zh


@pytest.mark.parametrize("noun", sorted(NOUNS))
def test_each_count_word_agrees_with_its_number(noun: str) -> None:
    one, many = counted(1, noun), counted(2, noun)
    assert one.startswith("1 ") and many.startswith("2 ")
    assert "(s)" not in one + many
    if noun != "info":
        assert one != many.replace("2", "1")
    assert HAN.search(counted(2, noun, "zh"))


def _rule_texts() -> Iterator[tuple[str, str, str, str]]:
    for rule_id, firing, _quiet in CASES:
        for found in evaluate(firing, **script_facts(rule_id)):
            for part, text in (("message", found.message), ("fix", found.fix)):
                if text is not None:
                    yield found.rule_id or rule_id, part, text.zh, text.en


@pytest.mark.parametrize("case", list(CASES), ids=[c[0] for c in CASES])
def test_each_rule_speaks_both_languages_where_it_fires(case: tuple[str, object, object]) -> None:
    rule_id, firing, _ = case
    for found in evaluate(firing, **script_facts(str(rule_id))):  # type: ignore[arg-type]
        for part, text in (("message", found.message), ("fix", found.fix)):
            if text is None:
                continue
            where = f"{found.rule_id} {part}"
            assert HAN.search(text.zh), f"{where}: untranslated {text.zh!r}"
            assert not _english_problems(text.en), (where, text.en, _english_problems(text.en))


def _bilingual(node: object, where: str) -> Iterator[tuple[str, str, str]]:
    if isinstance(node, dict):
        if isinstance(node.get("en"), str) and isinstance(node.get("zh"), str):
            yield where, node["zh"], node["en"]
        for key, value in node.items():
            yield from _bilingual(value, f"{where}.{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _bilingual(value, f"{where}[{index}]")


def _catalog_texts() -> list[tuple[str, str, str]]:
    found = []
    for path in sorted((ROOT / "resources").rglob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        found += list(_bilingual(data, str(path.relative_to(ROOT))))
    return found


def test_every_catalog_text_reads_as_english_in_english() -> None:
    texts = _catalog_texts()
    assert len(texts) > 500
    bad = [(where, en, _english_problems(en)) for where, _zh, en in texts if _english_problems(en)]
    assert not bad, bad[:5]


#: Names that stay in Latin script in Chinese text (products, frameworks).
PROPER_NOUNS = frozenset({"TF", "Adapter", "Ascend", "Studio", "Atlas", "TensorFlow", "Python"})


def _words(text: str) -> list[str]:
    """The words of ``text`` a translation must carry (proper nouns aside)."""
    return [w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in PROPER_NOUNS]


def _ts_messages() -> list[tuple[str, str]]:
    tree = ET.parse(ROOT / "resources" / "translations" / "ascend_studio_zh_CN.ts")
    found = []
    for message in tree.iter("message"):
        source = message.findtext("source") or ""
        translation = message.find("translation")
        text = "".join(translation.itertext()) if translation is not None else ""
        found.append((source, text))
    return found


def test_every_chrome_string_speaks_both_languages() -> None:
    messages = _ts_messages()
    assert len(messages) > 300
    english = [(s, _english_problems(s)) for s, _ in messages if _english_problems(s)]
    assert not english, english[:5]
    untranslated = [(s, t) for s, t in messages if _words(s) and not HAN.search(t)]
    assert not untranslated, untranslated[:5]


def test_no_text_in_the_code_counts_with_an_s_in_brackets() -> None:
    """``{n} setting(s)``: every string in the package, f-strings' pieces included."""
    import ast

    found = []
    for path in sorted((ROOT / "ascend_studio").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        strings = [
            node
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
        ]
        found += [
            f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:60]!r}"
            for node in strings
            if id(node) not in docstrings and MAYBE_PLURAL.search(node.value)
        ]
    assert not found, found


# -- every command, run in Chinese ---------------------------------------------------


def test_every_part_of_a_location_is_in_the_message_table() -> None:
    for part in LOCATION_PARTS:
        assert part in MESSAGES, part
    label = (
        "sess.run config, line 1175, in class Model (line 3), in function main (line 1160), "
        "in the __main__ block, in if branch (line 9), in for loop (line 8), "
        "in except handler (line 7), in case (line 6)"
    )
    zh = where_text(label).zh
    assert not english_words(zh), zh
    assert "第 1175 行" in zh and "函数 main 中（第 1160 行）" in zh
    assert where_text("environment (shell)").zh == "环境变量（shell 脚本）"


def test_the_english_word_check_sees_english() -> None:
    assert english_words("无法读取：cannot read: No such file") == [
        "cannot",
        "read",
        "No",
        "such",
        "file",
    ]
    assert english_words("[recognized] 第 1 行") == ["recognized"]
    assert english_words("（sess.run config, line 53）") == ["config", "line"]
    kept = "aoe_mode=2：设置 'force_fp16'，见 `ascend-studio file new debug_cfg`，NPURunConfig()"
    assert english_words(kept) == []
    assert english_words("来源: hicann/tensorflow (the same time)") == []
    assert english_lines("来源:\n  - Dump Data Collection\nnot cited") == ["not cited"]


@pytest.fixture(scope="module")
def allowed() -> frozenset[str]:
    return catalog_names()


def _output(run: tuple[str, ...], folder: Path, capsys: pytest.CaptureFixture[str]) -> str:
    argv = ["--lang", "zh", *(word.replace("{dir}", str(folder)) for word in run)]
    with contextlib.suppress(SystemExit):  # a usage error: its message is on stderr
        run_cli(argv)
    out, err = capsys.readouterr()
    if "--help" in run:
        pass  # help text
    elif run[0] == "export" or run[:2] == ("file", "new"):
        out = comments(out)  # code, with Chinese comments
    elif "--diff" in run:
        out = ""  # a diff of the user's script
    return out + err


@pytest.mark.parametrize("run", RUNS, ids=[" ".join(r) for r in RUNS])
def test_each_command_speaks_chinese(
    run: tuple[str, ...],
    allowed: frozenset[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    write_inputs(tmp_path)
    monkeypatch.chdir(tmp_path)
    text = _output(run, tmp_path, capsys)
    assert text.strip(), "no output to check"
    lines = english_lines(text, allowed)
    assert not lines, "\n".join(lines)


def test_one_chinese_word_for_fix_everywhere() -> None:
    """``validate``, ``export`` comments, the batch report and the app all say 修复."""
    assert say("fix", "zh") == "修复"
    fixes = [t for s, t in _ts_messages() if re.match(r"(Fix|Fixed|fix)\b", s)]
    assert fixes and all("修复" in t for t in fixes), fixes
    assert "修改" not in "".join(MESSAGES[k] for k in MESSAGES if re.search(r"\bfix", k))


# -- our own words inside citations ----------------------------------------------------


def _rendered_sources() -> set[str]:
    from ascend_studio.doctor._model import CHECKS
    from ascend_studio.rules import RULES
    from ascend_studio.schema import shipped_catalog

    catalog = shipped_catalog()
    sources = [r.source.replace("{param}", "precision_mode") for r in RULES]
    sources += [check.source for check in CHECKS.values()]
    return {catalog.cite(source) for source in sources}


def test_our_words_in_citations_read_chinese(allowed: frozenset[str]) -> None:
    """A page section we name ("scenario notes") and the catalog's title are ours: in
    Chinese under --lang zh; the cited page's own title and headings stay as they are."""
    from ascend_studio.schema import CITED_ZH, cited
    from ascend_studio.schema._sources import split_citations

    rendered = _rendered_sources()
    chinese = [cited(text, "zh") for text in rendered]
    sections = [p.split(" › ", 1)[1] for t in chinese for p in split_citations(t) if " › " in p]
    keys = allowed | {"feature"}  # a key of the AOE config file the section names
    english = [s for s in sections if english_words(s, keys)]
    assert not english, english
    assert not [t for t in chinese if "Ascend Studio catalog" in t]
    assert [cited(text, "en") for text in rendered] == list(rendered)
    unused = [k for k in CITED_ZH if not any(k in text for text in rendered)]
    assert not unused, unused
    assert all(HAN.search(v) for v in CITED_ZH.values())


def test_validate_cites_in_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    profile = tmp_path / "p.json"
    profile.write_text(
        '{"values": {"buffer_optimize": "l2_optimize", "hccl_timeout": 1800},'
        ' "product": "atlas_training", "scenario": "training"}',
        encoding="utf-8",
    )
    run_cli(["--lang", "zh", "validate", str(profile)])
    sources = [line for line in capsys.readouterr().out.splitlines() if "来源:" in line]
    assert any("› 场景说明" in line for line in sources), sources
    assert any("› 各产品的取整规则" in line for line in sources), sources
    assert not [
        line for line in sources if re.search(r"scenario notes|per-product|Studio catalog", line)
    ]


def test_printable_escapes_every_unsafe_character_and_keeps_the_rest() -> None:
    """Text ``str.isprintable`` accepts is returned as it is: no unsafe character is
    printable, so that check is exact."""
    from ascend_studio._words import _UNSAFE, printable

    assert not any(ch.isprintable() for ch in _UNSAFE)
    for ch in _UNSAFE:
        assert ch not in printable(f"a{ch}b")
    kept = "精度模式 precision_mode='allow_fp32_to_fp16'\u3000(ideographic space)"
    assert printable(kept) == kept
    assert printable("line\nnext\u202e") == "line\\nnext\\u202e"
