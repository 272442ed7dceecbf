"""Task presets: valid data, no rule error on any product they claim, clear skips elsewhere."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from ascend_studio.__main__ import main
from ascend_studio.presets import (
    PresetError,
    apply_preset,
    load_presets,
    shipped_presets,
    shown_value,
)
from ascend_studio.profile import Expr, Profile, load_profile, save_profile
from ascend_studio.rules import evaluate
from ascend_studio.schema import shipped_catalog

CATALOG = shipped_catalog()
PRESETS = shipped_presets(CATALOG)
BY_ID = {p.id: p for p in PRESETS}
GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("ASCEND_STUDIO_UPDATE_GOLDEN") == "1"
#: The job's folder on the server the preset paths go under.
WORK = "/data/job7"
TASKS = {
    "accuracy_dump",
    "overflow_detection",
    "aicore_error",
    "performance_profiling",
    "deterministic_training",
    "compile_cache",
    "aoe_tuning",
    "multi_card_training",
    "mixed_precision",
    "online_inference_dynamic_shape",
}
CLAIMS = [(p, product, s) for p in PRESETS for product in p.products for s in p.scenarios]


def test_every_task_has_a_preset() -> None:
    assert set(BY_ID) >= TASKS


@pytest.mark.parametrize(
    ("preset", "product", "scenario"), CLAIMS, ids=[f"{p.id}-{d}-{s}" for p, d, s in CLAIMS]
)
def test_no_error_on_each_claimed_target(preset, product: str, scenario: str) -> None:  # type: ignore[no-untyped-def]
    start = Profile(product=product, scenario=scenario)
    outcome = apply_preset(preset, start, CATALOG, work_path=WORK)
    assert not outcome.off_target
    assert outcome.changes, "a preset must change something where it claims to apply"
    errors = [d for d in evaluate(outcome.profile, CATALOG) if d.severity == "error"]
    assert errors == []
    for change in outcome.changes:
        if not change.path.startswith(("env:", "file:")) and change.new is not None:
            assert outcome.profile.values.get(change.path) == change.new


def _report(preset_id: str) -> str:
    """Per product and scenario: what the preset sets, skips, and what the rules then say."""
    preset = BY_ID[preset_id]
    rows = [f"# {preset.id}: {preset.title.en}"]
    for product in CATALOG.product_ids:
        for scenario in ("training", "inference"):
            start = Profile(product=product, scenario=scenario)
            outcome = apply_preset(preset, start, CATALOG, work_path=WORK)
            claimed = "claimed" if not outcome.off_target else "not claimed"
            rows.append(f"\n[{product} / {scenario}] ({claimed})")
            rows += [f"  set {c.path} = {c.shown(c.new)}" for c in outcome.changes]
            rows += [f"  skip {s.path}: {s.reason.en}" for s in outcome.skipped]
            diags = sorted({(d.severity, d.rule_id) for d in evaluate(outcome.profile, CATALOG)})
            rows += [f"  rule {sev} {rule}" for sev, rule in diags if sev != "info"]
    return "\n".join(rows) + "\n"


@pytest.mark.parametrize("preset_id", sorted(BY_ID))
def test_rules_result_per_product(preset_id: str) -> None:
    """The whole per-product result is pinned (regenerate with ASCEND_STUDIO_UPDATE_GOLDEN=1)."""
    text = _report(preset_id)
    path = GOLDEN / f"{preset_id}.txt"
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_off_target_entries_are_skipped_with_the_reason() -> None:
    aoe = apply_preset(BY_ID["aoe_tuning"], Profile(product="atlas_350"), CATALOG)
    assert aoe.off_target
    assert {s.path for s in aoe.skipped} == {"aoe_mode", "work_path"}
    assert "not available on Atlas 350" in aoe.skipped[0].reason.en
    assert "aoe_mode" not in aoe.profile.values
    cards = apply_preset(
        BY_ID["multi_card_training"],
        Profile(product="atlas_inference", scenario="inference"),
        CATALOG,
    )
    skipped = {s.path: s.reason.en for s in cards.skipped}
    assert "for training only" in skipped["hcom_parallel"]
    assert skipped["hccl_timeout"].startswith("not available on Inference series")


def test_a_release_is_asked_where_the_profile_writes_the_parameter() -> None:
    """r1.1.1's constructors take no profiling_options, its C++ reads the key: a preset
    skips it for NPURunConfig and sets it in a sess.run parameter_map."""
    preset = BY_ID["performance_profiling"]
    path = "profiling_config.profiling_options"
    for surface, skipped in ((None, True), ("sess", False)):
        start = Profile(release="r1.1.1", surface=surface)
        outcome = apply_preset(preset, start, CATALOG, work_path="/data/job")
        assert (path in {s.path for s in outcome.skipped}) is skipped, surface
        assert (path in outcome.profile.values) is not skipped, surface


def test_scenario_scoped_entries() -> None:
    dump = BY_ID["accuracy_dump"]
    training = apply_preset(dump, Profile(scenario="training"), CATALOG)
    inference = apply_preset(dump, Profile(scenario="inference"), CATALOG)
    assert "graph_run_mode" not in training.profile.values
    assert inference.profile.values["graph_run_mode"] == 0
    assert any(s.path == "graph_run_mode" for s in training.skipped)


def test_changes_show_the_values_they_replace() -> None:
    start = Profile().with_value("precision_mode", "allow_fp32_to_fp16")
    outcome = apply_preset(BY_ID["mixed_precision"], start, CATALOG, replace=True)
    shown = {c.path: (c.shown(c.old), c.shown(c.new)) for c in outcome.changes}
    assert shown == {
        "precision_mode_v2": ("(not set)", "'mixed_float16'"),
        "precision_mode": ("'allow_fp32_to_fp16'", "(not set)"),
    }
    again = apply_preset(BY_ID["mixed_precision"], outcome.profile, CATALOG)
    assert again.changes == () and again.kept == ()


#: What a training script that reads its dump settings from the job says (as imported).
USER = (
    Profile()
    .with_value("dump_config.enable_dump", True)
    .with_value("dump_config.dump_path", Expr(expr='os.getenv("DUMP_PATH")'))
    .with_value("precision_mode", "allow_mix_precision")
)


def test_a_preset_keeps_what_the_user_set_and_says_so() -> None:
    outcome = apply_preset(BY_ID["overflow_detection"], USER, CATALOG)
    kept = {k.path: (shown_value(k.mine), shown_value(k.preset)) for k in outcome.kept}
    assert kept == {"dump_config.enable_dump": ("True", "False")}
    assert outcome.profile.values["dump_config.enable_dump"] is True
    assert outcome.profile.values["dump_config.dump_path"] == USER.values["dump_config.dump_path"]
    # overflow detection beside the user's data dump would be an error (dump.both_enabled),
    # and its mode alone would have no effect: neither is set, each says why
    assert outcome.changes == ()
    skipped = {s.path: s.reason.en for s in outcome.skipped}
    assert "error dump.both_enabled" in skipped["dump_config.enable_dump_debug"]
    assert "warning dump.settings_ignored" in skipped["dump_config.dump_debug_mode"]
    # the path is the user's: not reported as kept (the preset had no folder to offer)
    assert skipped["dump_config.dump_path"].startswith("needs a folder")
    replaced = apply_preset(BY_ID["overflow_detection"], USER, CATALOG, replace=True)
    assert replaced.profile.values["dump_config.enable_dump"] is False
    assert replaced.kept == ()


def test_no_preset_brings_an_example_path() -> None:
    for preset in PRESETS:
        for product in preset.products:
            start = Profile(product=product, scenario=preset.scenarios[0])
            asked = apply_preset(preset, start, CATALOG)
            given = apply_preset(preset, start, CATALOG, work_path=WORK)
            for outcome in (asked, given):
                text = json.dumps(outcome.profile.model_dump(mode="json"))
                assert "/home/test" not in text and "/tmp" not in text, preset.id
            assert not any(s.reason.en.startswith("needs a folder") for s in given.skipped)


def test_the_paths_go_under_the_profiles_work_path() -> None:
    start = USER.with_env("ASCEND_WORK_PATH", "/data/run 1")
    outcome = apply_preset(BY_ID["overflow_detection"], start, CATALOG, replace=True)
    assert outcome.profile.values["dump_config.dump_path"] == "/data/run 1/output"
    profiling = apply_preset(BY_ID["performance_profiling"], start, CATALOG)
    options = profiling.profile.values["profiling_config.profiling_options"]
    assert json.loads(str(options))["output"] == "/data/run 1/profiling"
    # shell text the profile keeps is only known on the server: the folder is asked for
    kept = Profile().with_env("ASCEND_WORK_PATH", "$HOME/run", verbatim=True)
    asked = apply_preset(BY_ID["compile_cache"], kept, CATALOG)
    (skip,) = [s for s in asked.skipped if s.path == "op_compiler_cache_dir"]
    assert "--work-path" in skip.reason.en


def test_cli_shows_expressions_as_written_and_what_it_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = save_profile(USER, tmp_path / "p.json")
    assert main(["preset", "apply", "overflow_detection", str(saved), "--write"]) == 0
    out = capsys.readouterr().out
    assert "Expr(" not in out and "/home/test" not in out
    assert "kept dump_config.enable_dump = True (yours; the preset sets False" in out
    assert "--replace" in out
    assert load_profile(saved).values["dump_config.enable_dump"] is True
    assert (
        main(
            [
                "preset",
                "apply",
                "overflow_detection",
                str(saved),
                "--replace",
                "--write",
                "--work-path",
                "/data/j",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "dump_config.dump_path: os.getenv(\"DUMP_PATH\") -> '/data/j/output'" in out
    assert load_profile(saved).values["dump_config.enable_dump"] is False


def test_presets_cite_public_sources_only() -> None:
    for preset in PRESETS:
        for source in preset.sources:
            assert "seed" not in source.lower() and "NOTES" not in source
            assert "tfmigr1_tfadapi_0040.html" in source or "hicann/tensorflow" in source


def test_companion_file_and_env(tmp_path: Path) -> None:
    outcome = apply_preset(BY_ID["aicore_error"], Profile(), CATALOG)
    assert outcome.profile.file_contents["op_debug_config"].startswith("op_debug_config=oom")
    assert outcome.profile.env["NPU_COLLECT_PATH"] is None


def test_invalid_preset_data_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "bad.toml").write_text(
        'id = "bad"\ntitle = {zh = "坏", en = "Bad"}\nexplanation = {zh = "x", en = "x"}\n'
        'products = ["atlas_a2"]\nsources = ["hicann/tensorflow docs"]\n'
        '[[set]]\npath = "aoe_mode"\nvalue = 2\nwhy = {zh = "x", en = "x"}\n',
        encoding="utf-8",
    )
    with pytest.raises(PresetError, match="aoe_mode expects str"):
        load_presets(tmp_path, CATALOG)
    (tmp_path / "bad.toml").write_text('id = "other"\n', encoding="utf-8")
    with pytest.raises(PresetError, match=r"bad\.toml"):
        load_presets(tmp_path, CATALOG)


def test_cli_list_show_apply(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["preset", "list"]) == 0
    assert "overflow_detection" in capsys.readouterr().out
    assert main(["preset", "show", "aoe_tuning", "--lang", "zh"]) == 0
    assert "AOE 算子调优" in capsys.readouterr().out
    assert main(["preset", "show", "nope"]) == 2
    assert "no preset 'nope'" in capsys.readouterr().err
    target = tmp_path / "p.json"
    assert main(["preset", "apply", "aoe_tuning", str(target), "--product", "atlas_350"]) == 0
    out = capsys.readouterr().out
    assert "skipped aoe_mode" in out and not target.exists()
    assert (
        main(["preset", "apply", "aoe_tuning", str(target), "--product", "atlas_a2", "--write"])
        == 0
    )
    assert load_profile(target).values["aoe_mode"] == "2"
    assert main(["preset", "apply", "aoe_tuning", str(target)]) == 0
    assert "nothing to change" in capsys.readouterr().out
