"""Compiled regular expressions kept with the dataclass methods: the patterns made from
the cache are the ones ``re`` makes itself, and anything the cache cannot give back is
compiled again."""

from __future__ import annotations

import marshal
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from ascend_studio import _dataclass_cache, _pattern_cache
from ascend_studio._dataclass_cache import MethodCache

_compiler = re._compiler  # type: ignore[attr-defined]

PATTERNS: list[tuple[str | bytes, int]] = [
    (r"[A-Za-z0-9_@%+=:,./-]+", 0),
    (r"(?P<key>[A-Za-z_]\w*)\s*=\s*(?P<value>.*?)\s*$", re.MULTILINE),
    (r"(?i)npu_(run|estimator)config", 0),
    (r"#\s*(?:Product:|产品：).*\[([A-Za-z0-9_.-]+)\]\s*$", 0),
    (r"(a)|(b)(?P<c>c)?", re.IGNORECASE | re.ASCII),
    ("\n  (?P<ws>[ \\t]+) |  # spaces\n  (?P<num>\\d+)       # digits\n", re.VERBOSE),
    (rb"[\x80-\xff]", 0),
    (rb"(?L)\w+", 0),
    (r"(?<![\w.])precision_mode(?!\w)", 0),
]


@pytest.fixture
def cache(tmp_path: Path) -> Iterator[Path]:
    """A method cache installed at a private path (``re``'s own cache emptied)."""
    _dataclass_cache.uninstall()
    path = tmp_path / "methods.bin"
    re.purge()
    yield path
    _dataclass_cache.uninstall()
    re.purge()


def _own(pattern: str | bytes, flags: int) -> re.Pattern[str] | re.Pattern[bytes]:
    """The pattern ``re`` compiles without the cache."""
    compiled: re.Pattern[str] | re.Pattern[bytes] = _pattern_cache._REAL[0](pattern, flags)
    return compiled


class _Parses:
    """Counts the patterns ``re`` parses (a pattern from the cache parses nothing)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        real = _compiler._parser.parse

        def counting(*args: object, **kwargs: object) -> object:
            self.calls += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(_compiler._parser, "parse", counting)


@pytest.mark.parametrize(("pattern", "flags"), PATTERNS)
def test_a_pattern_from_the_cache_is_the_one_re_makes(
    cache: Path, pattern: str | bytes, flags: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    _dataclass_cache.install(cache)
    first = re.compile(pattern, flags)
    _dataclass_cache.uninstall()  # saves
    re.purge()
    _dataclass_cache.install(cache)
    parses = _Parses(monkeypatch)
    again = re.compile(pattern, flags)
    assert parses.calls == 0  # from the file
    own = _own(pattern, flags)
    for made in (first, again):
        assert made == own  # the same flags and code
        assert (made.pattern, made.flags, made.groups) == (own.pattern, own.flags, own.groups)
        assert made.groupindex == own.groupindex


def test_matching_is_the_same(cache: Path) -> None:
    _dataclass_cache.install(cache)
    source = r"(?P<key>[A-Za-z_]\w*)\s*=\s*(?P<value>.*?)\s*$"
    pattern = re.compile(source, re.MULTILINE)
    text = "a = 1\n  long_name=  two words  \n=bad\n"
    own: re.Pattern[str] = _pattern_cache._REAL[0](source, re.MULTILINE)
    assert [m.groupdict() for m in pattern.finditer(text)] == [
        m.groupdict() for m in own.finditer(text)
    ]


def test_what_does_not_load_is_compiled_again(cache: Path) -> None:
    cache.parent.mkdir(exist_ok=True)
    store = MethodCache(cache)
    key = _pattern_cache._key("x+", 0)
    store.keep(key, b"not marshal data")
    assert store.save()
    _dataclass_cache.install(cache)
    assert re.compile("x+") == _own("x+", 0)


def test_uninstall_gives_re_its_own_compile_back(cache: Path) -> None:
    real = _compiler.compile
    _dataclass_cache.install(cache)
    assert _compiler.compile is not real
    _dataclass_cache.uninstall()
    assert _compiler.compile is real


def test_a_parsed_pattern_or_debug_output_goes_to_re_itself(
    cache: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _dataclass_cache.install(cache)
    debugged = re.compile("ab*", re.DEBUG)
    assert "LITERAL" in capsys.readouterr().out  # re printed it: not from the cache
    assert debugged == _own("ab*", re.DEBUG)
    scanner = re.Scanner([(r"\d+", lambda s, t: int(t))])  # type: ignore[attr-defined]
    assert scanner.scan("12") == ([12], "")


def test_code_kept_by_another_engine_is_not_read(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache.parent.mkdir(exist_ok=True)
    store = MethodCache(cache)
    wrong = _pattern_cache._made("y+", 0)  # another pattern's code under this one's key
    monkeypatch.setattr(_pattern_cache, "_ENGINE", b"re 0 0\0")
    store.keep(_pattern_cache._key("x+", 0), marshal.dumps(wrong))
    assert store.save()
    monkeypatch.undo()
    _dataclass_cache.install(cache)
    assert re.compile("x+").match("xx") is not None
