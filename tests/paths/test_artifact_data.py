"""Lint the artifact data: every chain is well formed and names real things."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from ascend_studio.paths import ArtifactCatalog, ArtifactError, artifacts_from_data, load_artifacts
from ascend_studio.schema import Catalog

DATA = Path(__file__).resolve().parents[2] / "resources" / "catalog" / "artifacts.toml"

#: Every row of the seed 000 table, as (artifact id, pattern under ASCEND_WORK_PATH).
SEED_ROWS = {
    "aoe_data": "{value}/aoe_data",
    "log": "{value}/log",
    "atrace": "{value}/atrace",
    "profiling_data": "{value}/profiling_data",
    "kernel_meta": "{value}/kernel_meta",
    "ge_graph_dump": "{value}/${pid}_${device_id}",
    "exception_dump_mode1": "{value}/extra-info/data-dump",
    "tmp_weight": "{value}/tmp_weight_${pid}_${session_id}",
    "fusion_result": "{value}/FE/${pid}/fusion_result.json",
    "check_result": "{value}/check_result.json",
    "printf": "{value}/printf",
}
#: Artifacts the parameter docs or the code define (the reference page and npu_attrs.cc).
PARAMETER_ARTIFACTS = {
    "kernel_cache": ["op_compiler_cache_dir"],
    "aoe_work_path": ["work_path"],
    "data_dump": ["dump_config.dump_path"],
    "fusion_result": ["export_compile_stat"],
    "tmp_weight": ["external_weight"],
    "exception_dump_mode1": ["enable_exception_dump"],
    "exception_dump_mode2": ["enable_exception_dump"],
    "graph_compiler_cache": ["experimental_config.graph_compiler_cache_dir"],
    "model_dir": ["model_dir"],
    "tfa_graph_dump": [],
}


def _mentions(art_id: str, artifacts: ArtifactCatalog) -> set[str]:
    art = artifacts.get(art_id)
    names = {c.param for c in art.conditions() if c.param}
    names |= {s.name for v in art.variants for s in v.layers if s.kind == "parameter"}
    return names


def test_every_seed_row_is_an_artifact_with_its_exact_pattern(artifacts: ArtifactCatalog) -> None:
    for art_id, pattern in SEED_ROWS.items():
        art = artifacts.get(art_id)
        patterns = {s.path for v in art.variants for s in v.layers if s.name == "ASCEND_WORK_PATH"}
        assert pattern in patterns, art_id


def test_parameter_defined_artifacts_are_present(artifacts: ArtifactCatalog) -> None:
    for art_id, params in PARAMETER_ARTIFACTS.items():
        assert set(params) <= _mentions(art_id, artifacts), art_id


def test_documented_chains_exactly() -> None:
    art = load_artifacts().get("kernel_cache")
    assert [(s.name, s.path) for s in art.layers] == [
        ("op_compiler_cache_dir", "{value}/kernel_cache"),
        ("ASCEND_CACHE_PATH", "{value}/kernel_cache"),
        ("default", "${home}/atc_data"),
    ]
    graph = load_artifacts().get("tfa_graph_dump")
    assert "ASCEND_WORK_PATH" not in {s.name for s in graph.layers}


def test_parameters_named_by_chains_exist_in_the_catalog(
    artifacts: ArtifactCatalog, catalog: Catalog
) -> None:
    for art in artifacts.artifacts:
        for variant in art.variants:
            for spec in variant.layers:
                if spec.kind == "parameter" and not spec.external:
                    assert catalog.has(spec.name), f"{art.id}: {spec.name}"
        for cond in art.conditions():
            if cond.param:
                assert catalog.has(cond.param), f"{art.id}: {cond.param}"


def test_environment_variables_exist_in_the_catalog(
    artifacts: ArtifactCatalog, catalog: Catalog
) -> None:
    for art in artifacts.artifacts:
        names = {s.name for v in art.variants for s in v.layers if s.kind == "env"}
        names |= {c.env for c in art.conditions() if c.env}
        for name in names:
            assert catalog.env_var(name) is not None, f"{art.id}: {name}"


def test_condition_values_fit_the_parameter(artifacts: ArtifactCatalog, catalog: Catalog) -> None:
    for art in artifacts.artifacts:
        for cond in art.conditions():
            if not cond.param or not cond.values:
                continue
            param = catalog.param(cond.param)
            allowed = param.allowed()
            for value in cond.values:
                assert type(value).__name__ == param.py_type, f"{art.id}: {cond.param}={value!r}"
                assert not allowed or value in allowed, f"{art.id}: {cond.param}={value!r}"


def test_texts_are_bilingual_and_distinct(artifacts: ArtifactCatalog) -> None:
    for art in artifacts.artifacts:
        for text in (art.name, art.description, art.not_produced, art.note, art.condition_note):
            if text is not None:
                assert text.zh != text.en
                assert re.search(r"[\u4e00-\u9fff]", text.zh), art.id


def test_default_variant_is_unique_and_first_class(artifacts: ArtifactCatalog) -> None:
    for art in artifacts.artifacts:
        assert sum(v.default for v in art.variants) == 1
        if len(art.variants) > 1:
            assert {v.id for v in art.variants} >= {art.default_variant.id}


def _broken(tmp_path: Path, edit: str, new: str) -> Path:
    text = DATA.read_text(encoding="utf-8")
    assert edit in text
    target = tmp_path / "artifacts.toml"
    target.write_text(text.replace(edit, new, 1), encoding="utf-8")
    return target


@pytest.mark.parametrize(
    ("edit", "new", "problem"),
    [
        (
            'path = "${cwd}/kernel_meta"',
            'path = "${nowhere}/kernel_meta"',
            "undeclared placeholders",
        ),
        ('path = "{value}/kernel_meta"', 'path = "/kernel_meta"', "must contain {value}"),
        ("default = true\nlabel", "label", "exactly one default"),
        (
            'not_produced = { zh = "仅在 enable_exception_dump=1',
            '# not_produced = { zh = "仅在 enable_exception_dump=1',
            "say why",
        ),
        ("min_free_mb = 512", "min_free_mb = -1", "must not be negative"),
        (
            '{ kind = "env", name = "ASCEND_DUMP_PATH"',
            '{ kind = "env", name = "ascend_dump_path"',
            "bad environment",
        ),
        ('test = "ne", values = [0]', 'test = "ne", values = [0, 1]', "exactly one value"),
    ],
)
def test_malformed_data_is_rejected_with_its_reason(
    tmp_path: Path, edit: str, new: str, problem: str
) -> None:
    with pytest.raises(ArtifactError, match=re.escape(problem)):
        load_artifacts(_broken(tmp_path, edit, new))


def test_default_layer_must_come_last(tmp_path: Path) -> None:
    data = tomllib.loads(DATA.read_text(encoding="utf-8"))
    layers = data["artifact"][0]["layers"]
    data["artifact"][0]["layers"] = [layers[-1], *layers[:-1]]
    with pytest.raises(ValueError, match="default layer must come last"):
        artifacts_from_data(data)


def test_unreadable_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ArtifactError, match=r"artifacts\.toml"):
        load_artifacts(tmp_path / "artifacts.toml")
