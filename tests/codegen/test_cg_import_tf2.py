"""The Python importer on TF Adapter 2.x scripts: ``npu_device.global_options()`` and friends."""

from __future__ import annotations

import textwrap

import pytest

from ascend_studio.codegen import ImportResult, import_python, import_shell
from ascend_studio.profile import Expr, ExtraKwarg


def imp(source: str) -> ImportResult:
    result = import_python(textwrap.dedent(source))
    assert not result.report.of_kind("internal_error"), result.report.lines()
    return result


def tf2(source: str) -> dict[str, object]:
    """The values of the one TF2 configuration ``source`` holds."""
    result = imp(source)
    found = [c for c in result.configs if c.profile.surface == "tf2"]
    assert len(found) == 1, result.report.lines()
    return dict(found[0].profile.values)


@pytest.mark.parametrize(
    "header,call",
    [
        ("import npu_device", "npu_device.global_options()"),
        ("import npu_device as npu", "npu.global_options()"),
        ("from npu_device import global_options", "global_options()"),
        ("from npu_device import global_options as go", "go()"),
    ],
)
def test_any_import_style(header: str, call: str) -> None:
    assert tf2(f"{header}\n{call}.precision_mode = 'allow_mix_precision'\n") == {
        "precision_mode": "allow_mix_precision"
    }


def test_leaves_are_kept_under_the_parameter_they_configure() -> None:
    values = tf2(
        """
        import npu_device
        npu_device.global_options().dump_config.enable_dump = True
        npu_device.global_options().aoe_config.aoe_mode = "2"
        npu_device.global_options().experimental.multi_branches_config.dynamic_node_type = "0"
        npu_device.global_options().graph_compiler_cache_dir = "/cache"
        npu_device.global_options().overflow_flag = 0
        """
    )
    assert values == {
        "dump_config.enable_dump": True,
        "aoe_mode": "2",
        "dynamic_input_config.dynamic_node_type": "0",
        "experimental_config.graph_compiler_cache_dir": "/cache",
        "overflow_flag": 0,
    }


def test_names_bound_to_the_tree() -> None:
    values = tf2(
        """
        import npu_device as npu
        opts = npu.global_options()
        dump = opts.dump_config

        def configure():
            opts.precision_mode_v2 = "mixed_float16"
            dump.dump_path = "/dump"

        configure()
        """
    )
    assert values == {"precision_mode_v2": "mixed_float16", "dump_config.dump_path": "/dump"}


def test_open_and_loop_size_and_env() -> None:
    result = imp(
        """
        import os
        import npu_device as npu
        os.environ["NPU_DUMP_GRAPH"] = "1"
        npu.set_npu_loop_size(32)
        npu.open(device_id=3).as_default()
        """
    )
    (config,) = result.configs
    assert config.profile.surface == "tf2"
    assert config.profile.values == {"iterations_per_loop": 32, "session_device_id": 3}
    assert config.profile.env == {"NPU_DUMP_GRAPH": "1"}


def test_open_alone_is_a_configuration() -> None:
    result = imp("import npu_device\nnpu_device.open().as_default()\n")
    assert [c.profile.surface for c in result.configs] == ["tf2"]
    assert result.configs[0].profile.values == {}


def test_run_time_values_are_kept_as_written() -> None:
    values = tf2(
        """
        import npu_device
        from absl import flags
        FLAGS = flags.FLAGS
        npu_device.global_options().dump_config.dump_path = FLAGS.data_dump_path
        npu_device.global_options().precision_mode = "allow_" + "mix_precision"
        """
    )
    assert values == {
        "dump_config.dump_path": Expr(expr="FLAGS.data_dump_path"),
        "precision_mode": "allow_mix_precision",
    }


def test_unknown_option_kept_with_a_suggestion() -> None:
    result = imp("import npu_device\nnpu_device.global_options().precison_mode = 'x'\n")
    (config,) = result.configs
    assert config.profile.extra_kwargs == (
        ExtraKwarg(owner="NpuConfig", name="precison_mode", expr="'x'"),
    )
    (item,) = result.report.of_kind("unknown_kwarg")
    assert item.suggestion == "precision_mode" and "ValueError" in item.message.en


def test_unknown_option_of_a_sub_config_names_its_class() -> None:
    result = imp("import npu_device\nnpu_device.global_options().dump_config.dump_pth = '/d'\n")
    (item,) = result.report.of_kind("unknown_kwarg")
    assert item.message.en.startswith("NpuDumpConfig has no option dump_pth")
    assert item.suggestion == "dump_path"


def test_conditional_alternatives_keep_the_first_and_say_so() -> None:
    result = imp(
        """
        import npu_device
        if flag_a:
            npu_device.global_options().dump_config.dump_path = "/a"
        if flag_b:
            npu_device.global_options().dump_config.dump_path = "/b"
        """
    )
    (config,) = result.configs
    assert config.profile.values == {"dump_config.dump_path": "/a"}
    assert [i.line for i in result.report.of_kind("conditional")] == [6]
    assert config.profile.conditions["dump_config.dump_path"]


def test_a_later_unconditional_assignment_wins() -> None:
    result = imp(
        """
        import npu_device
        npu_device.global_options().precision_mode = "force_fp32"
        npu_device.global_options().precision_mode = "allow_mix_precision"
        """
    )
    assert result.configs[0].profile.values == {"precision_mode": "allow_mix_precision"}
    assert [i.line for i in result.report.of_kind("conflict")] == [4]


def test_replacing_a_whole_sub_config_is_reported_not_imported() -> None:
    result = imp("import npu_device\nnpu_device.global_options().dump_config = object()\n")
    assert result.configs[0].profile.values == {}
    assert result.report.of_kind("ignored")


def test_nothing_is_executed() -> None:
    result = imp(
        """
        import npu_device
        raise SystemExit("never")
        npu_device.global_options().precision_mode = "force_fp32"
        """
    )
    assert result.configs[0].profile.values == {"precision_mode": "force_fp32"}


def test_one_x_and_two_x_configurations_side_by_side() -> None:
    result = imp(
        """
        import npu_device
        from npu_bridge.npu_init import NPURunConfig
        config = NPURunConfig(precision_mode="force_fp32")
        npu_device.global_options().precision_mode = "allow_mix_precision"
        """
    )
    assert [(c.profile.surface, c.profile.values) for c in result.configs] == [
        ("estimator", {"precision_mode": "force_fp32"}),
        ("tf2", {"precision_mode": "allow_mix_precision"}),
    ]


def test_shell_npu_variables_are_environment() -> None:
    result = import_shell("export NPU_LOOP_SIZE=32\nexport NPU_DUMP_GRAPH=1\n", "env.sh")
    assert result.profile is not None
    assert result.profile.env == {"NPU_LOOP_SIZE": "32", "NPU_DUMP_GRAPH": "1"}
