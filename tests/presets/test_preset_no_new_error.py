"""A preset never leaves a rule error the user's profile did not have.

Every preset is applied to every profile of the rule test table (each a
configuration a user may have: the cases where a rule fires and the near misses),
keeping the user's values and replacing them, with and without a job folder; the
result may only have errors the profile had. What a preset leaves out for that
reason is a skip that names the error.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ascend_studio.__main__ import main
from ascend_studio.presets import NOT_SET, Kept, apply_preset, preset_side, shipped_presets
from ascend_studio.profile import Profile, load_profile, save_profile
from ascend_studio.rules import evaluate
from ascend_studio.schema import Text, shipped_catalog

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from rule_cases import CASES

CATALOG = shipped_catalog()
PRESETS = shipped_presets(CATALOG)
NO_REASON = Text.of("原因", "reason")
USERS = [
    (f"{rule_id}/{side}", p) for rule_id, f, q in CASES for side, p in (("fires", f), ("quiet", q))
]


def _findings(profile: Profile) -> dict[tuple[str, tuple[str, ...]], str]:
    found = evaluate(profile, CATALOG)
    return {(d.rule_id, d.params): d.severity for d in found if d.severity != "info"}


@pytest.mark.parametrize("preset", PRESETS, ids=[p.id for p in PRESETS])
def test_no_preset_brings_an_error_into_any_user_profile(preset) -> None:  # type: ignore[no-untyped-def]
    """No new error; no new warning about a setting the preset made (ignored, not
    effective beside what the user kept)."""
    for label, user in USERS:
        had = _findings(user)
        for replace in (False, True):
            for work in (None, "/data/job7"):
                outcome = apply_preset(preset, user, CATALOG, replace=replace, work_path=work)
                made = {c.path for c in outcome.changes}
                now = _findings(outcome.profile)
                brought = [
                    key
                    for key, severity in now.items()
                    if key not in had and (severity == "error" or made & set(key[1]))
                ]
                assert not brought, (label, replace, work, brought)


def test_the_conflicting_setting_is_skipped_with_the_error() -> None:
    user = Profile().with_value("precision_mode", "allow_fp32_to_fp16")
    preset = next(p for p in PRESETS if p.id == "mixed_precision")
    outcome = apply_preset(preset, user, CATALOG)
    assert outcome.changes == ()
    assert outcome.profile == user
    (skip,) = outcome.skipped
    assert skip.path == "precision_mode_v2"
    assert "precision.both_modes" in skip.reason.en
    assert "together with precision_mode = 'allow_fp32_to_fp16'" in skip.reason.en
    assert "precision.both_modes" in skip.reason.zh
    replaced = apply_preset(preset, user, CATALOG, replace=True)
    assert replaced.profile.values == {"precision_mode_v2": "mixed_float16"}
    assert replaced.skipped == ()


def test_what_a_preset_would_do_to_a_kept_value_is_said_as_it_is() -> None:
    """A value the preset removes or unsets is not "set to (not set)"."""
    words = {
        "removes": Kept("precision_mode", "allow_fp32_to_fp16", NOT_SET, NO_REASON),
        "unsets": Kept("env:NPU_COLLECT_PATH", "/x", None, NO_REASON),
        "sets": Kept("dump_config.enable_dump", True, False, NO_REASON),
    }
    assert preset_side(words["removes"]).en == "the preset removes it"
    assert preset_side(words["unsets"]).en == "the preset unsets it"
    assert preset_side(words["sets"]).en == "the preset sets False"
    for kept in words.values():
        side = preset_side(kept)
        assert "(not set)" not in side.en + side.zh and "(unset)" not in side.en + side.zh


def test_the_cli_says_the_preset_removes_a_kept_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = save_profile(
        Profile().with_value("precision_mode", "allow_fp32_to_fp16"), tmp_path / "p.json"
    )
    assert main(["preset", "apply", "mixed_precision", str(saved), "--write"]) == 0
    out = capsys.readouterr().out
    assert "(yours; the preset removes it:" in out
    assert "the preset sets (not set)" not in out
    assert "skipped precision_mode_v2: not set: together with precision_mode" in out
    assert not [d for d in evaluate(load_profile(saved), CATALOG) if d.severity == "error"]
