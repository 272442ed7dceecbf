"""The compiled-methods cache makes exactly the classes ``dataclasses`` makes."""

from __future__ import annotations

import dataclasses
import importlib.util
import marshal
import os
import subprocess
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from types import FunctionType

import pytest
from app_process import run_ascend_studio

from ascend_studio import _dataclass_cache
from ascend_studio._dataclass_cache import MAX_ENTRIES, MethodCache
from ascend_studio._jsoncopy import read_copy, write_copy

ROOT = Path(__file__).resolve().parents[1]

#: Every kind of generated method: frozen (__setattr__/__delattr__), eq, order,
#: unsafe_hash, slots, kw_only, defaults and factories, InitVar, ClassVar,
#: __post_init__, inheritance; with and without postponed annotations.
SOURCE = """
import dataclasses
from dataclasses import InitVar, KW_ONLY, dataclass, field
from typing import ClassVar

@dataclass(frozen=True)
class Frozen:
    a: int
    b: str = "x"
    c: tuple[int, ...] = ()
    d: list[int] = field(default_factory=list)

@dataclass(order=True, unsafe_hash=True)
class Ordered:
    a: int
    b: float = 0.5
    kind: ClassVar[str] = "k"

@dataclass(slots=True, kw_only=True)
class Slotted:
    a: int
    b: bytes = b""

@dataclass
class WithInit:
    a: int
    scale: InitVar[int] = 2
    _: KW_ONLY
    z: str = "z"
    def __post_init__(self, scale: int) -> None:
        self.a *= scale

@dataclass(frozen=True)
class Child(Frozen):
    e: int | None = None
"""
NAMES = ("Frozen", "Ordered", "Slotted", "WithInit", "Child")


@pytest.fixture(autouse=True)
def _builtin_exec_after() -> Iterator[None]:
    yield
    _dataclass_cache.uninstall()
    assert "exec" not in vars(dataclasses)


def _install(path: Path) -> MethodCache:
    cache = _dataclass_cache.install(path)
    assert cache is not None
    return cache


def _define(future: bool) -> dict[str, type]:
    """The sample classes, defined in a module of their own (dataclasses reads a
    postponed annotation's names from the class's module)."""
    text = ("from __future__ import annotations\n" if future else "") + SOURCE
    module = types.ModuleType("dataclass_cache_sample")
    sys.modules[module.__name__] = module
    try:
        exec(compile(text, "<sample>", "exec", dont_inherit=True), vars(module))
    finally:
        del sys.modules[module.__name__]
    return {name: getattr(module, name) for name in NAMES}


def _methods(cls: type) -> dict[str, FunctionType]:
    return {
        name: value
        for name, value in vars(cls).items()
        if isinstance(value, FunctionType) and value.__code__.co_filename == "<string>"
    }


def _shape(function: FunctionType) -> tuple[object, ...]:
    code = function.__code__
    return (
        code.co_code,
        code.co_consts,
        code.co_names,
        code.co_varnames,
        code.co_flags,
        code.co_qualname,
        function.__qualname__,
        function.__defaults__,
        function.__kwdefaults__,
        {name: repr(kind) for name, kind in function.__annotations__.items()},
        function.__closure__ is None,
    )


def _same_classes(plain: dict[str, type], cached: dict[str, type]) -> None:
    for name in NAMES:
        want, got = _methods(plain[name]), _methods(cached[name])
        assert want.keys() == got.keys(), name
        assert want, name
        for method in want:
            assert _shape(got[method]) == _shape(want[method]), f"{name}.{method}"


@pytest.mark.parametrize("future", [False, True], ids=["annotations", "postponed"])
def test_cached_methods_are_the_compiled_ones(tmp_path: Path, future: bool) -> None:
    plain = _define(future)
    cache = _install(tmp_path / "m.bin")
    cold = _define(future)
    assert cache.compiled > 0
    _same_classes(plain, cold)
    assert cache.save()
    _dataclass_cache.uninstall()

    warm_cache = _install(tmp_path / "m.bin")
    warm = _define(future)
    assert warm_cache.compiled == 0  # every method came from the file
    _same_classes(plain, warm)
    # ...and the classes behave: a frozen instance refuses writes, order compares.
    frozen = warm["Frozen"](1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        frozen.a = 2  # type: ignore[attr-defined]
    assert warm["Ordered"](1) < warm["Ordered"](2)
    assert warm["WithInit"](3).a == 6
    assert repr(warm["Child"](1, e=2)) == "Child(a=1, b='x', c=(), d=[], e=2)"


def _good_file(tmp_path: Path) -> Path:
    path = tmp_path / "m.bin"
    _install(path)
    _define(False)
    _dataclass_cache.uninstall()
    assert path.is_file()
    return path


def _with_body(path: Path, body: bytes) -> None:
    """A sound copy (right format, interpreter and checksum) of ``body``."""
    assert write_copy(path, _dataclass_cache.FORMAT, _dataclass_cache.cache_key(), body)


def _table(path: Path) -> dict[bytes, bytes]:
    body = read_copy(path, _dataclass_cache.FORMAT, _dataclass_cache.cache_key())
    assert body is not None
    table: dict[bytes, bytes] = marshal.loads(body)
    return table


def _corrupt(path: Path, how: str) -> None:
    data = path.read_bytes()
    if how == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif how == "flipped byte":
        path.write_bytes(data[:-10] + bytes([data[-10] ^ 0xFF]) + data[-9:])
    elif how == "other interpreter":
        magic = importlib.util.MAGIC_NUMBER.hex().encode()
        assert magic in data
        path.write_bytes(data.replace(magic, b"00000d0a", 1))
    elif how == "other format":
        assert data.startswith(b'{"format": 1,')
        path.write_bytes(b'{"format": 0,' + data[len(b'{"format": 1,') :])
    elif how == "empty":
        path.write_bytes(b"")
    elif how == "not a table":
        _with_body(path, marshal.dumps([1, 2, 3]))
    elif how == "not marshal":
        _with_body(path, b"\xff\xfe garbage")
    elif how == "entries not code":
        _with_body(path, marshal.dumps(dict.fromkeys(_table(path), marshal.dumps(42))))
    elif how == "entries not marshal":
        _with_body(path, marshal.dumps(dict.fromkeys(_table(path), b"\xff")))
    elif how == "directory":
        path.unlink()
        path.mkdir()


@pytest.mark.parametrize(
    "how",
    [
        "truncated",
        "flipped byte",
        "other interpreter",
        "other format",
        "empty",
        "not a table",
        "not marshal",
        "entries not code",
        "entries not marshal",
    ],
)
def test_a_bad_file_is_compiled_past_and_rewritten(tmp_path: Path, how: str) -> None:
    path = _good_file(tmp_path)
    _corrupt(path, how)
    plain = _define(False)  # no cache installed: the builtin exec
    cache = _install(path)
    _same_classes(plain, _define(False))
    assert cache.compiled > 0
    _dataclass_cache.uninstall()  # saves
    assert MethodCache(path)._read(path), "the file was rewritten whole"
    again = _install(path)
    _define(False)
    assert again.compiled == 0


def test_a_folder_that_cannot_be_written_costs_only_time(tmp_path: Path) -> None:
    path = _good_file(tmp_path)
    _corrupt(path, "directory")  # the file's place holds a directory
    cache = _install(path)
    plain_after = _define(False)
    assert cache.compiled > 0 and plain_after
    assert cache.save() is False
    assert path.is_dir() and not list(path.iterdir())


def test_the_file_stays_bounded(tmp_path: Path) -> None:
    path = tmp_path / "m.bin"
    cache = MethodCache(path)
    for n in range(MAX_ENTRIES + 5):
        cache.code(f"x = {n}\n")
    assert cache.save()
    assert len(MethodCache._read(path)) == MAX_ENTRIES + 5  # this run's entries all kept
    later = MethodCache(path)
    later.code("y = 1\n")
    assert later.save()
    assert MethodCache._read(path).keys() == later._used.keys()  # started again


def test_the_environment_can_switch_it_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(_dataclass_cache.SWITCH, "0")
    assert _dataclass_cache.install(tmp_path / "m.bin") is None
    assert "exec" not in vars(dataclasses)
    assert _dataclass_cache.installed() is None


def test_install_is_once_per_process(tmp_path: Path) -> None:
    first = _install(tmp_path / "a.bin")
    assert _install(tmp_path / "b.bin") is first
    assert _dataclass_cache.installed() is first


def _cli(
    args: list[str], cache_home: Path, *, cache: bool = True
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home), "PYTHONDONTWRITEBYTECODE": "1"}
    env["ASCEND_STUDIO_DATACLASS_CACHE"] = "1" if cache else "0"
    return run_ascend_studio(*args, env=env)


def test_the_command_line_fills_and_uses_it(tmp_path: Path) -> None:
    profile = str(ROOT / "tests" / "codegen" / "profiles" / "full.json")
    plain = _cli(["validate", profile], tmp_path / "off", cache=False)
    assert not list((tmp_path / "off").rglob("dataclass-methods-*"))
    first = _cli(["validate", profile], tmp_path / "on")
    [stored] = list((tmp_path / "on").rglob("dataclass-methods-*.bin"))
    written = stored.stat().st_mtime_ns
    second = _cli(["validate", profile], tmp_path / "on")
    assert stored.stat().st_mtime_ns == written  # nothing new: not rewritten
    for run in (first, second):
        assert (run.returncode, run.stdout, run.stderr) == (
            plain.returncode,
            plain.stdout,
            plain.stderr,
        )


def test_each_command_keeps_its_own_file(tmp_path: Path) -> None:
    """A command reads the methods it defines, not every class any command (or the
    language server's protocol types) ever defined."""
    profile = str(ROOT / "tests" / "codegen" / "profiles" / "full.json")
    _cli(["validate", profile], tmp_path)
    _cli(["params", "aoe_mode"], tmp_path)
    names = sorted(p.name for p in tmp_path.rglob("dataclass-methods-*.bin"))
    tag = sys.implementation.cache_tag
    assert names == [f"dataclass-methods-params-{tag}.bin", f"dataclass-methods-validate-{tag}.bin"]
    _cli(["--help"], tmp_path)  # defines no class: no file
    assert len(list(tmp_path.rglob("dataclass-methods-*.bin"))) == 2


ATTRS_SOURCE = """
import attrs

@attrs.define
class Position:
    line: int
    character: int = 0

@attrs.frozen
class Range:
    start: Position
    end: Position = attrs.field(factory=lambda: Position(0))

@attrs.define(slots=False, order=True)
class Item:
    label: str
    tags: list[str] = attrs.Factory(list)
"""


def _attrs_classes() -> dict[str, type]:
    module = types.ModuleType("attrs_cache_sample")
    sys.modules[module.__name__] = module
    try:
        exec(compile(ATTRS_SOURCE, "<sample>", "exec", dont_inherit=True), vars(module))
    finally:
        del sys.modules[module.__name__]
    return {name: getattr(module, name) for name in ("Position", "Range", "Item")}


def _attrs_methods(cls: type) -> dict[str, FunctionType]:
    return {
        name: value
        for name, value in vars(cls).items()
        if isinstance(value, FunctionType) and value.__code__.co_filename.startswith("<attrs")
    }


def test_attrs_classes_get_the_methods_attrs_compiles(tmp_path: Path) -> None:
    """The language server gives attrs the cache (lsprotocol's ~550 classes)."""
    pytest.importorskip("attrs")
    plain = _attrs_classes()
    for round_ in ("cold", "warm"):
        cache = _dataclass_cache.install_attrs(tmp_path / "m.bin")
        assert cache is not None
        cached = _attrs_classes()
        assert (cache.compiled > 0) == (round_ == "cold")
        for name, cls in plain.items():
            want, got = _attrs_methods(cls), _attrs_methods(cached[name])
            assert want.keys() == got.keys() and want, name
            for method in want:
                assert got[method].__code__.co_filename == want[method].__code__.co_filename
                assert _shape(got[method]) == _shape(want[method]), f"{name}.{method}"
        _dataclass_cache.uninstall()
        from attr import _make

        assert "compile" not in vars(_make)
    made = cached["Range"](cached["Position"](1, 2))
    assert made.end == cached["Position"](0)
    with pytest.raises(attrs_frozen_error()):
        made.start = cached["Position"](3)  # type: ignore[misc]


def attrs_frozen_error() -> type[Exception]:
    import attrs

    return attrs.exceptions.FrozenInstanceError


def test_attrs_classes_need_no_compiling_in_the_next_process(tmp_path: Path) -> None:
    """A hashable attrs class carries a per-process hash in its ``__hash__``: compiled
    each time, it must not make every run find something new to save."""
    pytest.importorskip("attrs")
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from ascend_studio import _dataclass_cache\n"
        "cache = _dataclass_cache.install_attrs(Path(sys.argv[1]))\n"
        "import attrs\n"
        "@attrs.frozen\n"
        "class Key:\n"
        "    name: str\n"
        "@attrs.define\n"
        "class Item:\n"
        "    label: str\n"
        "print(cache.compiled, hash(Key('a')) == hash(Key('a')), Item('x') == Item('x'))\n"
    )
    said = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
        done = subprocess.run(
            [sys.executable, "-c", script, str(tmp_path / "m.bin")],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        said.append(done.stdout.split())
    assert int(said[0][0]) > 0 and said[0][1:] == ["True", "True"]
    assert said[1] == ["0", "True", "True"]
