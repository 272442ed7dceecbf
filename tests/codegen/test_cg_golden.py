"""Golden files: every export format on every example profile, exact text.

Regenerate after an intended change with ASCEND_STUDIO_UPDATE_GOLDEN=1 and
review the diff. A format that cannot carry a profile has a ``.error`` golden
holding the message, so clear errors are pinned down too.
"""

from __future__ import annotations

import ast
import os

import pytest
from cg_profiles import GOLDEN, NAMES, normalize, profile

from ascend_studio.codegen import (
    EXPORT_FORMATS,
    ExportError,
    ExportOptions,
    export_format,
    export_text,
)
from ascend_studio.schema import shipped_catalog

UPDATE = os.environ.get("ASCEND_STUDIO_UPDATE_GOLDEN") == "1"
OPTIONS = ExportOptions(diagnostics=False)


def _suffix(fmt: str) -> str:
    """A golden file's name after the profile's: the format's id and its file suffix."""
    return fmt + export_format(fmt).suffix


def _render(name: str, fmt: str) -> tuple[str, str]:
    try:
        return _suffix(fmt), normalize(export_text(profile(name), fmt, OPTIONS))
    except ExportError as exc:
        return f"{_suffix(fmt)}.error", f"ExportError: {exc}\n"


@pytest.mark.parametrize("fmt", EXPORT_FORMATS)
@pytest.mark.parametrize("name", NAMES)
def test_golden(name: str, fmt: str) -> None:
    suffix, text = _render(name, fmt)
    path = GOLDEN / f"{name}.{suffix}"
    stale = [
        p
        for p in GOLDEN.glob(f"{name}.{_suffix(fmt)}*")
        if p != path and p.name in (f"{name}.{_suffix(fmt)}", f"{name}.{_suffix(fmt)}.error")
    ]
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="")
        for old in stale:
            old.unlink()
    assert not stale, f"outdated golden file(s): {stale}"
    assert path.read_text(encoding="utf-8") == text


def test_full_profile_sets_every_parameter() -> None:
    """Every keyword (the sess.run-only keys have none for the estimator style)."""
    params = shipped_catalog().params
    holders = {p.path for p in params if p.kind == "subconfig"}
    sess_only = {p.path for p in params if p.session and p.session.session_only}
    wanted = {p.path for p in params} - holders - sess_only
    assert wanted <= set(profile("full").values)


@pytest.mark.parametrize("name", NAMES)
def test_golden_with_defaults_is_superset(name: str) -> None:
    """--with-defaults only adds comments: the code itself is the same."""
    plain = export_text(profile(name), "py", OPTIONS)
    extended = export_text(
        profile(name), "py", ExportOptions(diagnostics=False, with_defaults=True)
    )
    assert ast.dump(ast.parse(plain)) == ast.dump(ast.parse(extended))
    added = [line.strip() for line in extended.splitlines() if line not in plain.splitlines()]
    if name == "full":
        assert added == []  # nothing is left unset
    else:
        assert len(added) > 5
    if name == "minimal":
        assert "# iterations_per_loop=1," in added
        assert '# precision_mode_v2="origin",  # not sent when unset; the runtime default' in added
