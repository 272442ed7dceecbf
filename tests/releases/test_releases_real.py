"""Every public release's real code against the catalog's validity data, release by release.

For each folder of the release set: the real ``npu_config.py`` runs (TensorFlow
stubbed) and ``inspect.signature`` of every class it defines must give exactly the
keywords, defaults and required arguments the catalog says that release has; the
keys ``npu_estimator.py`` writes (read from its syntax tree) and the keys
``npu_attrs.cc`` reads (from its source text), with their fields, must be the
catalog's session facts for that release; the value lists the adapter checks must
be the catalog's.
"""

from __future__ import annotations

import ast
import csv
import inspect
import re
from pathlib import Path
from typing import Any

import pytest
from tfa_source import releases_dir

from ascend_studio.schema import shipped_catalog

CATALOG = shipped_catalog()
HISTORY = CATALOG.history
FOLDER = releases_dir()
RELEASES = [r.id for r in CATALOG.releases]
pytestmark = pytest.mark.skipif(
    FOLDER is None,
    reason="TF Adapter release folders not found (../shared/tf_adapter/releases, or set "
    "ASCEND_STUDIO_TF_ADAPTER to its current/ folder)",
)
NPU = "tf_adapter/python/npu_bridge/estimator/npu"


def _real(release: str) -> Any:
    import cg_real_tfa

    assert FOLDER is not None
    return cg_real_tfa.RealTfa(FOLDER / release / "tf_adapter")


def _classes(module: Any) -> dict[str, type]:
    """The classes the module defines with their own constructor."""
    return {
        name: value
        for name, value in vars(module).items()
        if inspect.isclass(value)
        and value.__module__ == module.__name__
        and "__init__" in vars(value)
    }


def _real_signatures(release: str) -> dict[str, dict[str, inspect.Parameter]]:
    module = _real(release).npu_config
    out = {}
    for name, cls in _classes(module).items():
        params = list(inspect.signature(cls.__init__).parameters.values())[1:]
        out[name] = {p.name: p for p in params}
    return out


def _catalog_signatures(release: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for fact in HISTORY.keywords():
        if HISTORY.holds(fact, release):
            out.setdefault(fact.owner, set()).add(fact.name)
    return out


def test_the_release_table_is_the_folders() -> None:
    assert FOLDER is not None
    table = FOLDER / "releases.tsv"
    table = table if table.is_file() else FOLDER.parent / "releases.tsv"
    with table.open(encoding="utf-8") as handle:
        rows = {row["ref"]: row for row in csv.DictReader(handle, delimiter="\t")}
    assert set(RELEASES) == set(rows) == {p.name for p in FOLDER.iterdir() if p.is_dir()}
    for release in CATALOG.releases:
        row = rows[release.id]
        assert (release.commit, release.date) == (row["commit"], row["date"])
        stated = row["cann"].strip()
        if stated and "later" not in stated:
            assert release.cann == stated
        else:
            assert release.cann is None, "a CANN version no public source states"


@pytest.mark.parametrize("release", RELEASES)
def test_constructor_signatures(release: str) -> None:
    real = _real_signatures(release)
    wanted = _catalog_signatures(release)
    assert {o: set(p) for o, p in real.items()} == wanted
    for owner, params in real.items():
        for name, param in params.items():
            path = next(k.path for k in HISTORY.keywords() if (k.owner, k.name) == (owner, name))
            known, default, required = HISTORY.default(path, release)
            assert known, path
            if param.default is inspect.Parameter.empty:
                assert required, path
                continue
            assert not required, path
            if isinstance(param.default, list | dict):
                fact = HISTORY.keyword(path)
                assert fact is not None
                item = next(d for d in fact.defaults if HISTORY.holds(d, release))
                assert item.source == repr(param.default), path
            else:
                assert type(default) is type(param.default), path
                assert default == param.default, path


def _written(release: str) -> dict[str, set[str]]:
    """parameter_map[key].field assignments in npu_estimator.py, from its syntax tree."""
    assert FOLDER is not None
    tree = ast.parse((FOLDER / release / NPU / "npu_estimator.py").read_text(encoding="utf-8"))
    found: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            sub = target.value if isinstance(target, ast.Attribute) else None
            if (
                isinstance(sub, ast.Subscript)
                and isinstance(sub.value, ast.Attribute)
                and sub.value.attr == "parameter_map"
                and isinstance(sub.slice, ast.Constant)
            ):
                assert isinstance(target, ast.Attribute)
                found.setdefault(str(sub.slice.value), set()).add(target.attr)
    return found


_COUNT = re.compile(r'params\.count\(\s*"(\w+)"\s*\)')
_AT = re.compile(r'params\.at\(\s*"(\w+)"\s*\)\.([sibf])\(\)')


def _read(release: str) -> dict[str, set[str]]:
    """The keys npu_attrs.cc looks up in the session's parameter_map, with their fields."""
    assert FOLDER is not None
    text = (FOLDER / release / "tf_adapter/util/npu_attrs.cc").read_text(encoding="utf-8")
    found: dict[str, set[str]] = {key: set() for key in _COUNT.findall(text)}
    for key, field in _AT.findall(text):
        found.setdefault(key, set()).add(field)
    return found


@pytest.mark.parametrize("release", RELEASES)
def test_keys_npu_estimator_writes(release: str) -> None:
    written = _written(release)
    catalog = {f.key for f in CATALOG.keys if HISTORY.writes_key(f.key, release)}
    assert set(written) == catalog
    for key, fields in written.items():
        assert len(fields) == 1, key  # one field per key
        if HISTORY.reads_key(key, release):
            assert fields == {HISTORY.key_field(key, release)}, key


@pytest.mark.parametrize("release", RELEASES)
def test_keys_npu_attrs_reads(release: str) -> None:
    read = _read(release)
    catalog = {f.key for f in CATALOG.keys if HISTORY.reads_key(f.key, release)}
    assert set(read) == catalog
    for key, fields in read.items():
        if fields:
            assert fields == {HISTORY.key_field(key, release)}, key


@pytest.mark.parametrize("release", RELEASES)
def test_aoe_modes_the_real_check_accepts(release: str) -> None:
    """The values util.check_aoe_mode (run for real) accepts are the catalog's list."""
    util = _real(release).util
    check = getattr(util, "check_aoe_mode", None)
    listed = HISTORY.listed("aoe_mode", release)
    if check is None:
        assert listed is None or release in ("r1.2.0", "r1.3.0", "r1.5.0", "r1.5.1")
        return
    fact = HISTORY.values("aoe_mode")
    assert fact is not None
    for value in {str(i.value) for i in fact.items} | {"0", "5", "mdat", "3"}:
        try:
            check(value)
            accepted = True
        except ValueError:
            accepted = False
        assert accepted == (value in (listed or ())), (release, value)


def _summary(release: str) -> tuple[int, int, int]:
    keywords = sum(1 for k in HISTORY.keywords() if HISTORY.holds(k, release))
    read = sum(1 for k in CATALOG.keys if HISTORY.reads_key(k.key, release))
    written = sum(1 for k in CATALOG.keys if HISTORY.writes_key(k.key, release))
    return keywords, read, written


def test_the_counts_the_history_shows() -> None:
    """Keywords and sub-config fields grew from 41 (r1.1.1) to 118 (9.0.0)."""
    counts = {r: _summary(r)[0] for r in RELEASES}
    assert counts["r1.1.1"] == 41
    assert counts["r1.5.0"] == 65
    assert counts["r1.11.0"] == 91
    assert counts["tfa_v0.0.20_7.0.0.alpha003"] == 104
    assert counts["hicann-tfa_v0.0.48_9.0.0"] == counts["hicann-HEAD"] == 118


def test_summary_table(capsys: pytest.CaptureFixture[str]) -> None:
    """One line per release: keywords and fields, keys read (C++), keys written (estimator)."""
    lines = [f"{r:<30} {k:>4} {rd:>4} {w:>4}" for r in RELEASES for k, rd, w in [_summary(r)]]
    with capsys.disabled():
        print("\nrelease                        kw+f read write\n" + "\n".join(lines))
    assert len(lines) == len(RELEASES) == 32


def test_newest_release_folder_is_the_catalogued_code() -> None:
    """The catalog's own parameters describe the newest folder (hicann-HEAD)."""
    assert FOLDER is not None
    newest = HISTORY.newest.id
    assert newest == "hicann-HEAD" and (FOLDER / newest).is_dir()
    real = _real_signatures(newest)
    params = [p for p in CATALOG.params if not (p.session and p.session.session_only)]
    assert {(p.owner, p.name) for p in params} == {(o, n) for o, ps in real.items() for n in ps}


def test_found_without_the_environment_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    """CI has ../shared beside the clone and no variable: the folder is still found."""
    import tfa_source

    assert FOLDER is not None
    monkeypatch.delenv("ASCEND_STUDIO_TF_ADAPTER", raising=False)
    monkeypatch.delenv("ASCEND_STUDIO_TF_ADAPTER_RELEASES", raising=False)
    monkeypatch.setattr(tfa_source, "_SHARED", FOLDER.parent)
    assert tfa_source.releases_dir() == FOLDER
    monkeypatch.setattr(tfa_source, "_SHARED", Path("/nonexistent/shared/tf_adapter"))
    assert tfa_source.releases_dir() is None


def _full_export(release: str | None) -> str:
    """Every keyword the catalog has set (a consistent set: steps, not seconds)."""
    from cg_profiles import profile

    from ascend_studio.codegen import export_text

    full = profile("full").without_value("save_checkpoints_secs").with_release(release)
    return export_text(full, "py")


_NAMES = {"strategy": object(), "train_strategy": object(), "eval_strategy": object()}


@pytest.mark.parametrize("release", RELEASES)
def test_an_export_for_the_release_runs_on_its_constructors(release: str) -> None:
    """Every keyword of the catalog set, exported for ``release``: its real constructors
    take everything written (the export leaves out what the release lacks)."""
    namespace = _real(release).run(_full_export(release), **_NAMES)
    assert type(namespace["config"]).__name__ == "NPURunConfig"


def test_the_same_export_naming_no_release_fails_on_the_oldest() -> None:
    """What the release-by-release test above holds the exporter to: written as set,
    the newest keywords raise on r1.1.1 (its constructors lack them)."""
    with pytest.raises((TypeError, ImportError)):
        _real("r1.1.1").run(_full_export(None), **_NAMES)


def _reading_in(cc: str, key: str) -> str:
    """What the real reader does with ``key`` written in a member it does not read, from
    the statements that read it (every function that does): an NPU_REQUIRES on
    ``value_case()`` refuses the options (the session is not created, whatever the
    other readers do), ``value_case()`` in the ``if`` that reads it skips the value,
    else the reader takes the empty value of its own member."""
    found = set()
    for start in (m.start() for m in re.finditer(re.escape(f'params.count("{key}")'), cc)):
        following = cc.find("params.count(", start + 1)
        block = cc[start : following if following > 0 else len(cc)]
        case = f'params.at("{key}").value_case()'
        if re.search(r"NPU_REQUIRES\(\s*" + re.escape(case), block):
            found.add("refuses")
        elif case in block.split("{", 1)[0]:
            found.add("skips")
    return next((how for how in ("refuses", "skips") if how in found), "empty")


@pytest.mark.parametrize("release", RELEASES)
def test_what_npu_attrs_does_with_another_member(release: str) -> None:
    """A parameter_map value in another AttrValue member than the C++ reads: the
    catalog's reading (read as written, empty value, refused, skipped) is the real
    reader's, key by key and member by member."""
    assert FOLDER is not None
    cc = (FOLDER / release / "tf_adapter/util/npu_attrs.cc").read_text("utf-8", "replace")
    for key, fields in _read(release).items():
        if len(fields) != 1:
            continue
        (read,) = fields
        how = _reading_in(cc, key)
        assert HISTORY.member_read(key, read, release) == ("reads", read), key
        for member in {"s", "i", "b"} - {read}:
            assert HISTORY.member_read(key, member, release) == (how, read), (key, member)


def test_jit_compile_b_is_read_as_written_up_to_6_3_rc2() -> None:
    """parameter_map["jit_compile"].b = True, release by release: read by .b() in r1.10.0,
    r1.11.0 and 6.3.RC2; .s() gives '' in r3.2.0; refused from 7.0.RC1 on; not read by
    the branches cut before it."""
    assert FOLDER is not None
    for release in RELEASES:
        cc = (FOLDER / release / "tf_adapter/util/npu_attrs.cc").read_text("utf-8", "replace")
        found = re.findall(r'params\.at\("jit_compile"\)\.([sb])\(\)', cc)
        got = HISTORY.member_read("jit_compile", "b", release)
        if not found:
            assert got is None, release
        elif set(found) == {"b"}:
            assert got == ("reads", "b"), release
        else:
            assert got == (_reading_in(cc, "jit_compile"), "s"), release
    assert HISTORY.member_read("jit_compile", "b", "r3.2.0") == ("empty", "s")
    assert HISTORY.member_read("jit_compile", "b", "tfa_v0.0.20_7.0.0.alpha003") == ("refuses", "s")
