"""The catalog's session data (key, field, conversion, when sent) against npu_estimator.py."""

from __future__ import annotations

import pytest
from cg_estimator_source import SKIP_REASON, estimator_path, map_sites

from ascend_studio.codegen._session import session_params
from ascend_studio.schema import shipped_catalog

CATALOG = shipped_catalog()


@pytest.fixture(scope="module")
def sites() -> dict[str, list[object]]:
    path = estimator_path()
    if path is None:
        pytest.skip(SKIP_REASON)
    found: dict[str, list[object]] = {}
    for site in map_sites(path):
        found.setdefault(site.key, []).append(site)
    return found


def _only_read(param: object) -> bool:
    """A session-only key NPUEstimator never writes (set only in sess.run code)."""
    session = param.session  # type: ignore[attr-defined]
    return session.session_only and session.written is None and session.from_env is None


def test_every_written_key_is_known(sites: dict[str, list[object]]) -> None:
    known = {p.session.key for p in CATALOG.params if p.session}
    assert set(sites) - known == set()


def test_every_catalog_key_is_written_by_npu_estimator(sites: dict[str, list[object]]) -> None:
    written = {p.session.key for p in CATALOG.params if p.session and not _only_read(p)}
    assert written - set(sites) == set()
    only_read = {p.session.key for p in CATALOG.params if p.session and _only_read(p)}
    assert only_read & set(sites) == set()


@pytest.mark.parametrize("param", session_params(CATALOG), ids=lambda p: p.path)
def test_field_and_conversion(param: object, sites: dict[str, list[object]]) -> None:
    session = param.session  # type: ignore[attr-defined]
    wanted = (
        session.convert
        if session.convert != "none"
        else ("as_bytes" if session.field == "s" else "none")
    )
    for site in sites.get(session.key, []):
        assert (site.field, site.convert) == (session.field, wanted)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "param",
    [
        p
        for p in session_params(CATALOG)
        if p.owner == "NPURunConfig" and not p.session.session_only
    ],
    ids=lambda p: p.path,
)
def test_always_or_conditional(param: object, sites: dict[str, list[object]]) -> None:
    session = param.session  # type: ignore[attr-defined]
    conditional = all(site.conditional for site in sites[session.key])  # type: ignore[attr-defined]
    assert conditional == (session.sent != "always")


def test_session_params_cover_every_catalog_entry_with_session_data() -> None:
    listed = [p.path for p in session_params(CATALOG)]
    assert len(listed) == len(set(listed)) == sum(1 for p in CATALOG.params if p.session)
