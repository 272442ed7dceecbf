"""The one-folder bundle leaves out only what is unused, and still works.

The first tests read the spec and the package and always run. The others need a
bundle built by ``packaging/build_bundle.sh``: they use ``$ASCEND_STUDIO_BUNDLE``
(the executable) or ``dist/ascend-studio/ascend-studio``, and skip without one
(CI builds the bundle, then runs them). A built bundle must print exactly what
this environment prints for the same commands, validate the catalog from its
files (the code path that imports pydantic), start the app, and ship the
Chinese translations.
"""

from __future__ import annotations

import ast
import os
import runpy
import subprocess
import sys
import types
from collections.abc import Iterator
from importlib.machinery import SOURCE_SUFFIXES, FileFinder, SourceFileLoader
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "packaging" / "ascend-studio.spec"
PROFILE = ROOT / "tests" / "codegen" / "profiles" / "full.json"
SCRIPT = """\
from npu_bridge.npu_init import *
config = NPURunConfig(precision_mode="allow_mix_precision", iterations_per_loop=10)
"""


def _spec_excludes() -> list[str]:
    """The ``excludes=[...]`` of the spec's ``Analysis(...)`` call."""
    for node in ast.walk(ast.parse(SPEC.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Analysis":
            for keyword in node.keywords:
                if keyword.arg == "excludes":
                    value = ast.literal_eval(keyword.value)
                    assert isinstance(value, list)
                    return [str(name) for name in value]
    raise AssertionError("no excludes in the spec's Analysis call")


def _imported_names(path: Path) -> Iterator[str]:
    """Every absolute module name ``path`` imports, at any level (lazy imports too)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module
            yield from (f"{node.module}.{alias.name}" for alias in node.names)


#: The language server, which the bundle leaves out whole (packaging/BUNDLE.md): its
#: package, and the command that imports it only when run and names what is missing.
SERVER_FILES = ("ascend_studio/lsp/", "ascend_studio/cli/_lsp.py")


def test_the_package_never_imports_what_the_bundle_leaves_out() -> None:
    excluded = _spec_excludes()
    assert "asyncio" in excluded  # the parse found the real list
    found = []
    for path in sorted((ROOT / "ascend_studio").rglob("*.py")):
        if path.relative_to(ROOT).as_posix().startswith(SERVER_FILES):
            continue
        for name in _imported_names(path):
            if any(name == e or name.startswith(e + ".") for e in excluded):
                found.append(f"{path.relative_to(ROOT)}: {name}")
    assert not found, "the bundle leaves these out (packaging/ascend-studio.spec):\n" + "\n".join(
        found
    )


def test_the_runtime_hook_lets_pkgutil_list_a_frozen_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``packaging/rthook_pkgutil.py`` against a stand-in for PyInstaller's finder:
    modules in the archive and modules stored as files are both listed."""
    import pkgutil

    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "on_disk.py").write_text("", encoding="utf-8")
    (package / "sub" / "__init__.py").write_text("", encoding="utf-8")

    class Finder:  # what the hook relies on: the entry prefix and the fallback finder
        def __init__(self, prefix: str, fallback: FileFinder | None) -> None:
            self._pyz_entry_prefix = prefix
            self.fallback_finder = fallback

    bootstrap = types.ModuleType("pyimod02_importers")
    bootstrap.PyiFrozenFinder = Finder  # type: ignore[attr-defined]
    tree = {"pkg": {"in_archive": "pkg.in_archive", "archived_pkg": {}}}
    bootstrap.get_pyz_toc_tree = lambda: tree  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyimod02_importers", bootstrap)
    runpy.run_path(str(ROOT / "packaging" / "rthook_pkgutil.py"))

    fallback = FileFinder(str(package), (SourceFileLoader, SOURCE_SUFFIXES))
    listed = set(pkgutil.iter_importer_modules(Finder("pkg", fallback), "pkg."))  # type: ignore[arg-type]
    assert listed == {
        ("pkg.in_archive", False),
        ("pkg.archived_pkg", True),
        ("pkg.on_disk", False),
        ("pkg.sub", True),
    }
    assert list(pkgutil.iter_importer_modules(Finder("other", None))) == []  # type: ignore[arg-type]


# --- a built bundle ----------------------------------------------------------------


def _bundle() -> Path:
    given = os.environ.get("ASCEND_STUDIO_BUNDLE")
    path = Path(given) if given else ROOT / "dist" / "ascend-studio" / "ascend-studio"
    if not path.is_file():
        pytest.skip("no bundle built (packaging/build_bundle.sh, or set ASCEND_STUDIO_BUNDLE)")
    return path


def _env(tmp: Path, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": str(ROOT),  # the environment's side runs this checkout
        "XDG_CACHE_HOME": str(tmp / "cache"),
        "XDG_CONFIG_HOME": str(tmp / "config"),
        "XDG_STATE_HOME": str(tmp / "state"),
        **extra,
    }


def _run(command: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=120, check=False
    )


COMMANDS = [
    ["--version"],
    ["--help"],
    ["params"],
    ["params", "aoe_mode"],
    ["validate", "PROFILE"],
    ["validate", "train.py"],
    ["export", "PROFILE", "-f", "sh"],
    ["export", "PROFILE", "-f", "py"],
    ["export", "PROFILE", "-f", "k8s"],
    ["paths", "PROFILE"],
    ["import", "train.py"],
    ["preset", "list"],
    ["validate", "missing.json"],
    ["export", "PROFILE", "-f", "no-such-format"],
]


@pytest.mark.parametrize("arguments", COMMANDS, ids=" ".join)
def test_the_bundle_prints_what_the_environment_prints(
    arguments: list[str], tmp_path: Path
) -> None:
    bundle = _bundle()
    (tmp_path / "train.py").write_text(SCRIPT, encoding="utf-8")
    args = [str(PROFILE) if a == "PROFILE" else a for a in arguments]
    frozen = _run([str(bundle), *args], tmp_path, _env(tmp_path / "a"))
    source = _run([sys.executable, "-m", "ascend_studio", *args], tmp_path, _env(tmp_path / "b"))
    assert (frozen.returncode, frozen.stdout, frozen.stderr) == (
        source.returncode,
        source.stdout,
        source.stderr,
    )


def test_the_bundle_validates_the_catalog_from_its_files(tmp_path: Path) -> None:
    """With no cache the catalog files are parsed and validated with pydantic (imported
    lazily: the spec must still have collected it), and the result is cached."""
    bundle = _bundle()
    env = _env(tmp_path)
    first = _run([str(bundle), "params", "--category", "aoe"], tmp_path, env)
    assert first.returncode == 0, first.stderr
    assert "aoe_mode" in first.stdout
    assert "Traceback" not in first.stderr
    assert any(p.is_file() for p in (tmp_path / "cache").rglob("*")), "no catalog cache written"
    again = _run([str(bundle), "params", "--category", "aoe"], tmp_path, env)
    assert (again.returncode, again.stdout, again.stderr) == (0, first.stdout, first.stderr)


def test_the_bundle_starts_the_app(tmp_path: Path) -> None:
    bundle = _bundle()
    env = _env(tmp_path, QT_QPA_PLATFORM="offscreen", ASCEND_STUDIO_SMOKE_TEST="1")
    for lang in ("en_US.UTF-8", "zh_CN.UTF-8"):
        result = _run([str(bundle)], tmp_path, {**env, "LANG": lang, "LC_ALL": lang})
        assert result.returncode == 0, result.stdout + result.stderr
        assert "main window shown" in result.stdout


def test_the_bundle_says_the_language_server_is_not_in_it(tmp_path: Path) -> None:
    """Editors start ``ascend-studio lsp`` from a pip or pipx installation; the bundle,
    which leaves asyncio out, answers with one line naming what to do."""
    result = _run([str(_bundle()), "lsp"], tmp_path, _env(tmp_path))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith(
        "ascend-studio lsp: the language server is not part of this installation ("
    )
    assert "pip or pipx" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_bundle_ships_the_chinese_translations() -> None:
    """The app loads the compiled ``.qm`` only when its stamp matches the ``.ts``."""
    top = _bundle().parent
    ts = next(top.rglob("ascend_studio_zh_CN.ts"))
    qm = ts.with_suffix(".qm")
    stamp = qm.with_name(qm.name + ".stamp")
    assert qm.stat().st_size > 0
    from ascend_studio.ui._i18n import source_digest  # what the app checks the stamp with

    assert stamp.read_text(encoding="utf-8").strip() == source_digest(ts.read_bytes())
    assert list(top.rglob("qtbase_zh_CN.qm")), "Qt's own Chinese translations are missing"


def test_the_bundle_leaves_out_what_is_unused() -> None:
    top = _bundle().parent
    names = {p.name for p in top.rglob("*")}
    unused = {
        "libcrypto.so.3",  # OpenSSL: _hashlib and _ssl are excluded
        "libssl.so.3",
        "libQt6Network.so.6",
        "libcairo.so.2",  # GTK platform theme's libraries
        "libpango-1.0.so.0",
        "libgtk-3.so.0",
        "asyncio",
        "unittest",
        "libqgtk3.so",
        "libqvnc.so",
    }
    assert not names & unused
    assert not [p for p in top.rglob("*.py")], "sources are shipped: only .pyc is needed"


def test_bundle_sizes_names_every_part(tmp_path: Path) -> None:
    """``packaging/bundle_sizes.py`` sorts files into the parts BUNDLE.md explains."""
    sizes = runpy.run_path(str(ROOT / "packaging" / "bundle_sizes.py"))
    files = {
        "_internal/PySide6/Qt/lib/libicudata.so.73": "ICU data (libicudata)",
        "_internal/PySide6/Qt/lib/libQt6Gui.so.6": "Qt libraries",
        "_internal/PySide6/QtCore.abi3.so": "PySide6 bindings and shiboken",
        "_internal/libX11.so.6": "system libraries (X11/xcb, glib, fonts, C++...)",
        "_internal/libpython3.11.so.1.0": "Python interpreter (libpython)",
        "_internal/ascend_studio/resources/catalog/basic.toml": (
            "Ascend Studio: catalog, translations, icons"
        ),
        "_internal/ascend_studio/cli/_params.pyc": "Ascend Studio: code",
        "_internal/json/decoder.pyc": "Python standard library and small packages (.pyc)",
    }
    for relative, part in files.items():
        assert sizes["part_of"](relative) == part, relative
        (tmp_path / relative).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relative).write_bytes(b"x" * 1000)
    (tmp_path / "_internal" / "link.so").symlink_to(tmp_path / "_internal" / "libX11.so.6")
    table = sizes["sizes"](tmp_path)
    assert sum(count for _, count in table.values()) == len(files)  # the link counts nothing
    assert sizes["main"]([str(tmp_path / "missing")]) == 2
