"""A sess.run export for a release writes each parameter_map key in the member that
release's C++ reads, with the value NPUEstimator of that release would write: checked
by running the export against the release's real code (TensorFlow stubbed) and reading
the member its ``npu_attrs.cc`` reads."""

from __future__ import annotations

import re
from typing import Any

import pytest
from tfa_source import releases_dir

from ascend_studio.codegen import export_text
from ascend_studio.profile import Profile
from ascend_studio.schema import shipped_catalog

CATALOG = shipped_catalog()
HISTORY = CATALOG.history
FOLDER = releases_dir()
pytestmark = pytest.mark.skipif(
    FOLDER is None,
    reason="TF Adapter release folders not found (../shared/tf_adapter/releases, or set "
    "ASCEND_STUDIO_TF_ADAPTER to its current/ folder)",
)


def _cc_member(release: str) -> str | None:
    """The member the real npu_attrs.cc of ``release`` reads jit_compile as."""
    assert FOLDER is not None
    cc = (FOLDER / release / "tf_adapter/util/npu_attrs.cc").read_text("utf-8", "replace")
    found = set(re.findall(r'params\.at\("jit_compile"\)\.([sb])\(\)', cc))
    assert len(found) <= 1, (release, found)
    return next(iter(found), None)


def _reading() -> list[str]:
    return [r.id for r in CATALOG.releases if FOLDER is not None and _cc_member(r.id)]


def _real(release: str) -> Any:
    import cg_real_tfa

    assert FOLDER is not None
    return cg_real_tfa.RealTfa(FOLDER / release / "tf_adapter")


def _as_release_has_it(release: str, member: str) -> object:
    """jit_compile on, as the release's NPURunConfig takes it."""
    if member == "b":
        return True
    listed = HISTORY.listed("jit_compile", release) or ("true",)
    return next(v for v in listed if isinstance(v, str) and v.lower() == "true")


@pytest.mark.parametrize("release", _reading() if FOLDER is not None else [])
def test_jit_compile_is_written_in_the_member_the_release_reads(release: str) -> None:
    import cg_real_tfa

    member = _cc_member(release)
    assert member is not None
    real = _real(release)
    profile = Profile(values={"jit_compile": True}, release=release)
    namespace = real.run(export_text(profile, "sess"))
    written = cg_real_tfa.parameter_map(namespace["config"])["jit_compile"]
    assert written[0] == member, release
    assert HISTORY.member_read("jit_compile", member, release) == ("reads", member)
    keywords = {"jit_compile": _as_release_has_it(release, member)}
    if release == "tfa_v0.0.4_6.3.RC2.alpha001":  # its NPUEstimator sends it with dynamic_input
        keywords["dynamic_input"] = False
    config = real.npu_config.NPURunConfig(**keywords)
    assert real.estimator_map(config)["jit_compile"] == written, release


def test_r1_10_0_reads_the_export_as_true() -> None:
    """r1.10.0 reads jit_compile with .b(): the export writes .b = True, not .s."""
    text = export_text(Profile(values={"jit_compile": "true"}, release="r1.10.0"), "sess")
    assert 'parameter_map["jit_compile"].b = True' in text
    import cg_real_tfa

    config = _real("r1.10.0").run(text)["config"]
    assert cg_real_tfa.parameter_map(config)["jit_compile"] == ("b", True)
    assert _cc_member("r1.10.0") == "b"
