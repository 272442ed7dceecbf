"""The catalog must mirror the real constructors exactly (``tests/signatures.py``)."""

from __future__ import annotations

import pytest
from signatures import NPU_RUN_CONFIG, REQUIRED, SUB_CONFIGS

from ascend_studio.schema import Catalog

#: The 25 signature parameters the seed reference page does not list.
NOT_ON_SEED_PAGE = {
    "model_dir",
    "tf_random_seed",
    "save_summary_steps",
    "save_checkpoints_steps",
    "save_checkpoints_secs",
    "session_config",
    "keep_checkpoint_max",
    "keep_checkpoint_every_n_hours",
    "log_step_count_steps",
    "train_distribute",
    "eval_distribute",
    "horovod_mode",
    "dynamic_input_config",
    "enable_compress_weight",
    "compress_weight_conf",
    "hcom_multi_mode",
    "distribute_config",
    "device_type",
    "soc_config",
    "HCCL_algorithm",
    "topo_sorting_mode",
    "insert_op_file",
    "frozen_variable",
    "oo_level",
    "optimization_switch",
}
INHERITED = {
    "model_dir",
    "tf_random_seed",
    "save_summary_steps",
    "save_checkpoints_steps",
    "save_checkpoints_secs",
    "session_config",
    "keep_checkpoint_max",
    "keep_checkpoint_every_n_hours",
    "log_step_count_steps",
    "train_distribute",
    "eval_distribute",
}


def _same(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b


def test_npurunconfig_names_match_the_real_signature(catalog: Catalog) -> None:
    owned = catalog.owned_by("NPURunConfig")
    names = {p.name for p in owned if not (p.session and p.session.session_only)}
    assert names == set(NPU_RUN_CONFIG), (
        f"missing: {sorted(set(NPU_RUN_CONFIG) - names)}; extra: {sorted(names - set(NPU_RUN_CONFIG))}"
    )


@pytest.mark.parametrize("name", sorted(NPU_RUN_CONFIG))
def test_npurunconfig_default_matches_signature(catalog: Catalog, name: str) -> None:
    assert _same(catalog.param(name).default, NPU_RUN_CONFIG[name])


@pytest.mark.parametrize("owner", sorted(SUB_CONFIGS))
def test_sub_config_signature(catalog: Catalog, owner: str) -> None:
    expected = SUB_CONFIGS[owner]
    params = {p.name: p for p in catalog.owned_by(owner)}
    assert set(params) == set(expected)
    for name, default in expected.items():
        want = None if default is REQUIRED else default
        assert _same(params[name].default, want), f"{owner}.{name}"
        assert params[name].required is (default is REQUIRED), f"{owner}.{name}"


def test_seed_page_membership(catalog: Catalog) -> None:
    documented = {p.name for p in catalog.owned_by("NPURunConfig") if p.documented}
    assert len(documented) == 63
    assert documented == set(NPU_RUN_CONFIG) - NOT_ON_SEED_PAGE


def test_inherited_parameters_are_marked(catalog: Catalog) -> None:
    inherited = {p.name for p in catalog.params if p.inherited}
    assert inherited == INHERITED


def test_sub_config_classes_are_the_real_ones(catalog: Catalog) -> None:
    owners = {p.owner for p in catalog.params if p.owner != "NPURunConfig"}
    assert owners <= set(SUB_CONFIGS), owners - set(SUB_CONFIGS)


def test_signature_positions_match_the_real_order(catalog: Catalog) -> None:
    """``position`` in the catalog is what positional calls and the Python export use."""
    assert catalog.signature("NPURunConfig") == tuple(NPU_RUN_CONFIG)
    for owner, expected in SUB_CONFIGS.items():
        assert catalog.signature(owner) == tuple(expected), owner
