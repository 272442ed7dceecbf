"""The catalog's TF Adapter 2.x facts against every public release's real option classes.

For each release folder with ``tf_adapter_2.x/python/npu_device/configs/``, the real
classes are built (``NpuConfig()``) and every leaf of the option tree is compared
with the catalog, release by release: that it exists there and nowhere else, its
default, the values its setter accepts, its deprecation and the replacement it
prints; the class names of the tree; whether the setter raises TypeError. Skips
cleanly without the sources.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tf2_real import SKIP_RELEASES, current_package, derive_module, releases_dir

from ascend_studio.schema import Catalog

RELEASES = releases_dir()
pytestmark = pytest.mark.skipif(RELEASES is None, reason=SKIP_RELEASES)


def _release_ids() -> list[str]:
    if RELEASES is None:
        return []
    return [row["ref"] for row in derive_module().release_rows(RELEASES)]


def _read(release: str) -> Any:
    assert RELEASES is not None
    folder = RELEASES / release / "tf_adapter_2.x/python/npu_device"
    if not (folder / "configs/npu_config.py").is_file():
        return None
    return derive_module().read_release(folder)


def _same(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b


def _catalog_view(catalog: Catalog, release: str) -> dict[str, Any]:
    found = {}
    for option in catalog.tf2.in_release(release):
        facts = option.facts_in(release)
        assert facts is not None
        values = None
        if facts.values is not None:
            values = (*facts.values, *([None] if facts.none_allowed else []))
        found[option.path] = (facts.default, values, facts.deprecated, facts.replacement)
    return found


@pytest.mark.parametrize("release", _release_ids())
def test_options_match_the_release(catalog: Catalog, release: str) -> None:
    real = _read(release)
    known = catalog.tf2.release(release)
    assert known is not None, f"{release}: not in the catalog's releases"
    if real is None:
        assert not known.configs and not catalog.tf2.in_release(release)
        return
    assert known.configs and known.type_error == real.type_error
    view = _catalog_view(catalog, release)
    assert sorted(view) == sorted(real.options), release
    for path, option in real.options.items():
        default, values, deprecated, replacement = view[path]
        assert _same(default, option.default), (release, path)
        if option.values is None:
            assert values is None, (release, path)
        else:
            assert values is not None and sorted(map(repr, values)) == sorted(
                map(repr, option.values)
            ), (release, path)
            assert all(
                _same(a, b)
                for a, b in zip(
                    sorted(values, key=repr), sorted(option.values, key=repr), strict=True
                )
            )
        assert (deprecated, replacement) == (option.deprecated, option.replacement), (release, path)
    for holder, name in real.holders.items():
        assert catalog.tf2.holder_name(holder, release) == name, (release, holder)


def test_newest_source_is_the_newest_release(catalog: Catalog) -> None:
    """``$ASCEND_STUDIO_TF_ADAPTER`` (hicann/tensorflow now) defines what the newest release does."""
    package = current_package()
    if package is None:
        pytest.skip("the newest TF Adapter 2.x source is not available")
    real = derive_module().read_release(package)
    assert _catalog_view(catalog, catalog.tf2.newest).keys() == real.options.keys()


def test_counts_per_release(catalog: Catalog) -> None:
    """The counts the docs quote: the newest release has 75 options in its tree, 3 that
    NPURunConfig has no keyword for (2 only 2.x has, 1 a TF1 script sets in sess.run),
    4 deprecated with a printed replacement or warning."""
    newest = catalog.tf2.in_release()
    assert len(newest) == 75
    assert sorted(o.path for o in newest if o.param is None) == ["execute_times", "overflow_flag"]
    session_only = [
        o.path
        for o in newest
        if o.param is not None and (s := catalog.param(o.param).session) and s.session_only
    ]
    assert session_only == ["graph_exec_timeout"]
    deprecated = [o for o in newest if (f := o.facts_in(catalog.tf2.newest)) and f.deprecated]
    assert len(deprecated) == 4


def test_derived_file_is_up_to_date() -> None:
    """``tf2_releases.toml`` is what the script derives from the sources now."""
    assert RELEASES is not None
    shipped = Path(__file__).resolve().parents[2] / "resources/catalog/tf2_releases.toml"
    assert derive_module().derive(RELEASES) == shipped.read_text(encoding="utf-8")
