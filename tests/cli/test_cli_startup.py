"""The command line starts like a small tool: ``--version`` imports nothing of the
app, one command imports its own module, not every command's, and each command
loads only the subsystems it uses (with the user caches warm: no TOML parser and,
for the catalog, no pydantic)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ascend_studio import __version__
from ascend_studio.cli import SUBCOMMANDS, build_parser, is_command

ROOT = Path(__file__).resolve().parents[2]


def _main_probe(args: list[str]) -> str:
    """Code that runs ``main(args)`` quietly, then prints its status and the loaded modules."""
    return (
        "import sys, io, contextlib\n"
        "from ascend_studio.__main__ import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    status = main({args!r})\n"
        "print(status)\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )


def _modules_after(args: list[str]) -> set[str]:
    """The modules loaded by ``main(args)`` in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", _main_probe(args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    status, *modules = done.stdout.split("\n")
    assert status == "0", done.stdout
    return set(modules)


def test_version_imports_nothing_of_the_app() -> None:
    loaded = _modules_after(["--version"])
    assert "ascend_studio.cli" not in loaded
    assert not {m for m in loaded if m.startswith(("pydantic", "PySide6", "importlib.metadata"))}


def test_version_prints_the_constant() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ascend_studio", "--version"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout == f"ascend-studio {__version__}\n"


def test_one_command_imports_only_its_own_module() -> None:
    loaded = _modules_after(["params", "aoe_mode"])
    commands = {m for m in loaded if m.startswith("ascend_studio.cli._")}
    assert commands == {"ascend_studio.cli._params", "ascend_studio.cli._listing"}
    assert "pkgutil" not in loaded


@pytest.mark.parametrize("word", ["params", "validate", "export", "import", "paths", "workpath"])
def test_every_command_is_found_without_importing_it(word: str) -> None:
    assert is_command(word)
    assert word in SUBCOMMANDS


@pytest.mark.parametrize("word", ["train.py", "-h", "", "__init__", "_params", "my.ascend.json"])
def test_words_that_are_not_commands(word: str) -> None:
    assert not is_command(word)


def test_the_full_help_still_lists_every_command() -> None:
    text = build_parser().format_help()
    for name in ("params", "validate", "export", "import", "paths", "workpath"):
        assert name in text


def test_one_command_parser_accepts_the_same_options_as_the_full_one() -> None:
    full = build_parser().parse_args(["params", "--json", "aoe"])
    alone = build_parser("params").parse_args(["params", "--json", "aoe"])
    assert vars(full).keys() == vars(alone).keys()
    assert {k: v for k, v in vars(full).items() if k != "handler"} == {
        k: v for k, v in vars(alone).items() if k != "handler"
    }


# -- what each command leaves out ------------------------------------------------------

PROFILE = ROOT / "tests" / "codegen" / "profiles" / "full.json"
#: Never in a headless command.
QT = ("PySide6", "shiboken6", "ascend_studio.ui")
#: Loaded when a pydantic validator is first built: reading a plain profile builds none.
VALIDATOR = "pydantic.plugin._loader"


def _loaded(args: list[str], cache: Path, status: int = 0) -> set[str]:
    """The modules ``main(args)`` loaded, in a fresh interpreter with a warm user cache."""
    code = _main_probe(args)
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    for _ in range(2):  # the first run fills the caches, the second is the one that counts
        done = subprocess.run(
            [sys.executable, "-c", code],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
    assert done.returncode == 0, done.stderr
    returned, *modules = done.stdout.split("\n")
    assert returned == str(status), done.stdout
    return set(modules)


def _under(loaded: set[str], *packages: str) -> set[str]:
    """The loaded modules that are one of ``packages`` or inside one."""
    return {m for m in loaded for p in packages if m == p or m.startswith(f"{p}.")}


def test_params_reads_the_cached_catalog_and_nothing_else(tmp_path: Path) -> None:
    loaded = _loaded(["params", "aoe_mode"], tmp_path)
    assert not _under(
        loaded,
        *QT,
        "pydantic",
        "tomllib",
        "ascend_studio.rules",
        "ascend_studio.codegen",
        "ascend_studio.paths",
        "ascend_studio.profile",
        "ascend_studio.companion",
        "ascend_studio.lint",
    )


def test_validate_of_a_profile_loads_no_importer_exporter_or_paths(tmp_path: Path) -> None:
    loaded = _loaded(["validate", str(PROFILE)], tmp_path, status=1)  # it has errors
    assert "ascend_studio.rules._registry" in loaded  # it does check every rule
    assert not _under(
        loaded,
        *QT,
        VALIDATOR,
        "ascend_studio.paths",
        "ascend_studio.apply",
        "ascend_studio.presets",
        "ascend_studio.codegen._import_py",
        "ascend_studio.codegen._import_sh",
        "ascend_studio.codegen._export",
        "ascend_studio.lint._batch",
        "ascend_studio.lint._comments",  # suppression comments: only in a script
        "ascend_studio.lint._sarif",
        "ascend_studio.lint._formats",
    )


def test_export_loads_no_lint_paths_or_importer(tmp_path: Path) -> None:
    loaded = _loaded(["export", str(PROFILE), "-f", "sh"], tmp_path)
    assert not _under(
        loaded,
        *QT,
        VALIDATOR,
        "ascend_studio.lint",
        "ascend_studio.paths",
        "ascend_studio.apply",
        "ascend_studio.presets",
        "ascend_studio.codegen._import_py",
        "ascend_studio.codegen._import_sh",
        "ascend_studio.companion._read",  # the companion writer: only for -o DIR/
    )


@pytest.mark.parametrize("fmt", ["py", "sh"])
def test_export_loads_no_shell_reader_without_kept_shell_text(fmt: str, tmp_path: Path) -> None:
    """Quoting a value needs no shell reader; only kept shell text is read as a word."""
    loaded = _loaded(["export", str(PROFILE), "-f", fmt], tmp_path)
    assert "ascend_studio.codegen._shlex" not in loaded


def test_paths_loads_no_rules_codegen_or_toml(tmp_path: Path) -> None:
    loaded = _loaded(["paths", str(PROFILE)], tmp_path)
    assert "ascend_studio.paths._resolve" in loaded
    assert not _under(
        loaded,
        *QT,
        VALIDATOR,
        "tomllib",
        "ascend_studio.rules",
        "ascend_studio.codegen",
        "ascend_studio.companion",
        "ascend_studio.lint",
        "ascend_studio.paths._cluster",
        "ascend_studio.paths._workpath",
    )


def test_validate_of_a_script_loads_no_batch_machinery(tmp_path: Path) -> None:
    script = tmp_path / "train.py"
    script.write_text("config = NPURunConfig(iterations_per_loop=10)\n", encoding="utf-8")
    loaded = _loaded(["validate", str(script)], tmp_path)
    assert not _under(
        loaded,
        *QT,
        "pickle",
        "ascend_studio.apply",
        "ascend_studio.paths",
        "ascend_studio.codegen._export",
        "ascend_studio.lint._batch",
        "ascend_studio.lint._cache",
        "ascend_studio.lint._check",  # the batch's checking: the report shares only its filter
        "ascend_studio.lint._formats",
        "ascend_studio.lint._sarif",
    )


#: A script that sets no parameter whose value names a file, and advice naming a keyword
#: some releases lack (precision_mode_v2).
_PLAIN_SCRIPT = (
    "config = NPURunConfig(iterations_per_loop=10, precision_mode='allow_mix_precision')\n"
)
#: The companion files' formats (parsers, checkers, templates).
_FORMATS = ("_aoe", "_base", "_compress", "_debug", "_dtypes", "_fusion", "_mixlist", "_precision")


def test_validate_of_a_script_naming_no_file_loads_no_companion_format(tmp_path: Path) -> None:
    script = tmp_path / "train.py"
    script.write_text(_PLAIN_SCRIPT, encoding="utf-8")
    loaded = _loaded(["validate", str(script)], tmp_path)
    assert not {f"ascend_studio.companion.{name}" for name in _FORMATS} & loaded
    assert "ascend_studio.companion._registry" not in loaded


def test_validate_of_a_script_naming_a_file_checks_it(tmp_path: Path) -> None:
    """The formats come when a file is read: its problems are still reported."""
    (tmp_path / "debug.cfg").write_text("op_debug_config=ccec_O0,oom,nosuch\n", "utf-8")
    script = tmp_path / "train.py"
    script.write_text("config = NPURunConfig(op_debug_config='debug.cfg')\n", "utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "ascend_studio", "validate", "--json", str(script)],
        cwd=tmp_path,
        env={**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")},
        capture_output=True,
        text=True,
        check=False,
    )
    (config,) = json.loads(done.stdout)["configs"]
    found = {d["rule_id"] for d in config["diagnostics"]}
    assert {"op_debug_config.unknown_option", "op_debug_config.ccec_O0_with_oom"} <= found


_FACTS_PROBE = (
    "import sys, io, contextlib\n"
    "from ascend_studio.__main__ import main\n"
    "from ascend_studio.schema import shipped_catalog\n"
    "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
    "    main(['validate', sys.argv[1]])\n"
    "print(type(vars(shipped_catalog())['_keywords_value']).__name__)\n"
    "print('precision_mode_v2 exists from' in out.getvalue())\n"
)


def test_validate_of_a_script_builds_only_the_keyword_facts_it_reads(tmp_path: Path) -> None:
    script = tmp_path / "train.py"
    script.write_text(_PLAIN_SCRIPT, encoding="utf-8")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    for _ in range(2):  # the first run fills the caches
        done = subprocess.run(
            [sys.executable, "-c", _FACTS_PROBE, str(script)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
    assert done.stdout.split() == ["Later", "True"], done.stderr


#: Code that runs ``main(args)``, then prints every dataclass of the app whose docstring
#: ``dataclasses`` made itself (with ``inspect.signature``: about 0.2 ms a class).
_UNDOCUMENTED = """\
import contextlib, dataclasses, io, sys
from ascend_studio.__main__ import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    main({args!r})
for name, module in sorted(sys.modules.items()):
    if name.startswith("ascend_studio"):
        for value in list(vars(module).values()):
            if (
                isinstance(value, type)
                and dataclasses.is_dataclass(value)
                and value.__module__ == name
                and (value.__doc__ or "").startswith(value.__name__ + "(")
            ):
                print(name, value.__qualname__)
"""


@pytest.mark.parametrize("name", ["full.py.py", "full.sh.sh", "profile"])
def test_a_single_file_validate_makes_no_docstring_at_start(name: str, tmp_path: Path) -> None:
    """Every dataclass a single-file ``validate`` defines has its own docstring, so the
    start computes no signature for one."""
    path = PROFILE if name == "profile" else GOLDEN / name
    code = _UNDOCUMENTED.format(args=["validate", str(path)])
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", code], check=False, cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""


def test_a_command_scans_for_garbage_less_often_than_the_app() -> None:
    code = (
        "import contextlib, gc, io\n"
        "from ascend_studio.__main__ import COMMAND_THRESHOLD, main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['params', 'aoe_mode'])\n"
        "print(gc.get_threshold()[0] == COMMAND_THRESHOLD, gc.isenabled())\n"
        "print(gc.get_freeze_count() > 10_000)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    # what the start made (modules, the catalog) is out of the collector's scans
    assert done.stdout.split() == ["True", "True", "True"]


def test_the_language_server_keeps_the_collectors_default() -> None:
    code = (
        "import gc, sys\n"
        "from unittest import mock\n"
        "from ascend_studio.__main__ import main\n"
        "with mock.patch('ascend_studio.cli._lsp.run', return_value=0):\n"
        "    main(['lsp'])\n"
        "print(gc.get_threshold()[0])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["700"]


GOLDEN = ROOT / "tests" / "codegen" / "golden"
#: Each command on plain input, with the status it returns: none imports pydantic
#: (the profile is plain data; pydantic comes only for a document it must judge).
PLAIN_INPUT = [
    (["validate", str(PROFILE)], 1),  # the example has findings
    (["validate", str(GOLDEN / "full.py.py")], 1),
    (["validate", str(GOLDEN / "full.sh.sh")], 1),
    (["export", str(PROFILE), "-f", "sh"], 0),
    (["export", str(PROFILE), "-f", "py"], 0),
    (["paths", str(PROFILE)], 0),
    (["import", str(GOLDEN / "full.py.py")], 0),
    (["import", str(GOLDEN / "full.sh.sh")], 0),
]


@pytest.mark.parametrize(
    ("args", "status"), PLAIN_INPUT, ids=[" ".join(Path(a).name for a in p[0]) for p in PLAIN_INPUT]
)
@pytest.mark.slow
def test_plain_input_imports_no_pydantic(args: list[str], status: int, tmp_path: Path) -> None:
    loaded = _loaded(args, tmp_path, status=status)
    assert not _under(loaded, "pydantic", "pydantic_core", "ascend_studio.presets")
    assert "ascend_studio.profile._validate" not in loaded


#: Valid, but a form only pydantic reads (bytes as hex), and invalid.
ODD = '{"product": "atlas_a2", "values": {"insert_op_file": {"bytes_hex": "2e2f612e636667"}}}'
BAD = '{"product": "two words", "values": {"hccl_timeout": {"expr": ""}}}'


def test_a_document_only_pydantic_reads_is_still_read(tmp_path: Path) -> None:
    path = tmp_path / "odd.json"
    path.write_text(ODD, "utf-8")
    loaded = _loaded(["export", str(path), "-f", "sh"], tmp_path / "cache")
    assert "ascend_studio.profile._validate" in loaded


@pytest.mark.parametrize("command", [["validate"], ["export", "-f", "sh"], ["paths"]])
def test_an_invalid_document_gets_pydantics_message(command: list[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(BAD, "utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "ascend_studio", *command, str(path)],
        cwd=ROOT,
        env={**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr == (
        f"ascend-studio {command[0]}: {path}: invalid profile: product: 'two words' is not a "
        "product id (1 to 64 letters, digits, '_', '.', '-'); values.hccl_timeout.bool: Input "
        "should be a valid boolean; values.hccl_timeout.int: Input should be a valid integer; "
        "values.hccl_timeout.float: Input should be a valid number; values.hccl_timeout.str: "
        "Input should be a valid string\n"
    )


@pytest.mark.parametrize("word", ["valdate", "export2", "parms"])
def test_a_mistyped_command_is_a_command_line_error_not_a_window(
    word: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from ascend_studio.__main__ import _only_files, main

    monkeypatch.chdir(tmp_path)
    assert not _only_files([word])
    with pytest.raises(SystemExit) as exit_:
        main([word])
    assert exit_.value.code == 2
    assert f"invalid choice: {word!r}" in capsys.readouterr().err


@pytest.mark.parametrize("word", ["train.py", "new.ascend.json", "configs/run", "README"])
def test_a_file_name_opens_in_the_app(
    word: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ascend_studio.__main__ import _only_files

    monkeypatch.chdir(tmp_path)
    (tmp_path / "README").write_text("", "utf-8")  # an existing file without a suffix
    assert _only_files([word])


#: Loaded by no command on plain input: OpenSSL (the caches digest with CPython's own
#: BLAKE2b), platformdirs (the XDG folders are named by the app on Linux) and shutil
#: (argparse asked it for the terminal's width for every argument it added).
NOT_ON_PLAIN_INPUT = ("hashlib", "_hashlib", "platformdirs", "shutil")
#: The commands the start-up targets name (``import`` of a script loads libcst and the
#: rewriting machinery, shutil with it).
TIMED = [p for p in PLAIN_INPUT if p[0][0] != "import"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG folders are Linux's")
@pytest.mark.parametrize(
    ("args", "status"), TIMED, ids=[" ".join(Path(a).name for a in p[0]) for p in TIMED]
)
@pytest.mark.slow
def test_plain_input_loads_no_openssl_platformdirs_or_shutil(
    args: list[str], status: int, tmp_path: Path
) -> None:
    loaded = _loaded(args, tmp_path, status=status)
    assert not _under(loaded, *NOT_ON_PLAIN_INPUT)


@pytest.mark.parametrize("columns", [None, "", "0", "-5", "x", "40", "132"])
def test_help_is_as_wide_as_argparse_makes_it(
    monkeypatch: pytest.MonkeyPatch, columns: str | None
) -> None:
    import argparse

    from ascend_studio._argparse import HelpFormatter

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    ours = HelpFormatter("ascend-studio")
    theirs = argparse.HelpFormatter("ascend-studio")
    assert (ours._width, ours._max_help_position) == (theirs._width, theirs._max_help_position)
