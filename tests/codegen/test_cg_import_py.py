"""The Python importer on what real training scripts look like."""

from __future__ import annotations

import re
import textwrap

import pytest
import tfa_source

from ascend_studio.codegen import ImportResult, export_text, import_python, import_text
from ascend_studio.profile import Expr, ExtraKwarg, target_of
from ascend_studio.rules import evaluate
from ascend_studio.schema import shipped_catalog


def imp(source: str) -> ImportResult:
    result = import_python(textwrap.dedent(source))
    assert not result.report.of_kind("internal_error"), result.report.lines()
    return result


def only(source: str) -> dict[str, object]:
    result = imp(source)
    assert len(result.configs) == 1, result.report.lines()
    return dict(result.configs[0].profile.values)


def kinds(result: ImportResult) -> list[str]:
    return [item.kind for item in result.report.items]


# -- however NPURunConfig is imported or aliased ---------------------------------------------


@pytest.mark.parametrize(
    "header,call",
    [
        ("from npu_bridge.npu_init import *", "NPURunConfig"),
        ("from npu_bridge.estimator.npu import npu_config", "npu_config.NPURunConfig"),
        ("import npu_bridge.estimator.npu.npu_config as nc", "nc.NPURunConfig"),
        ("from npu_bridge.estimator.npu.npu_config import NPURunConfig as RunCfg", "RunCfg"),
        ("from npu_bridge.estimator.npu.npu_config import *", "NPURunConfig"),
        ("import npu_bridge", "npu_bridge.estimator.npu.npu_config.NPURunConfig"),
    ],
)
def test_any_import_style(header: str, call: str) -> None:
    assert only(f"{header}\nconfig = {call}(iterations_per_loop=10)\n") == {
        "iterations_per_loop": 10
    }


def test_sub_config_aliases_and_variables_built_first() -> None:
    values = only(
        """
        from npu_bridge.estimator.npu.npu_config import DumpConfig as DC, ExperimentalConfig
        from npu_bridge.estimator.npu import npu_config as nc
        dump = DC(enable_dump=True, dump_path="/d")
        gmo = nc.GraphMemoryOptimizeConfig(graph_slice="auto")
        exp = ExperimentalConfig(graph_memory_optimize_config=gmo)
        unused = DC(dump_path="/never/passed")
        config = nc.NPURunConfig(dump_config=dump, experimental_config=exp)
        """
    )
    assert values == {
        "dump_config.enable_dump": True,
        "dump_config.dump_path": "/d",
        "experimental_config.graph_memory_optimize_config.graph_slice": "auto",
    }


def test_positional_arguments_map_by_signature() -> None:
    values = only("c = NPURunConfig(100)\nd = DynamicInputConfig('a', 'b', 1, 0)\nc2 = 1\n")
    assert values == {"iterations_per_loop": 100}
    values = only("NPURunConfig(dynamic_input_config=DynamicInputConfig('x:-1', '1,2', 1, 0))\n")
    assert values["dynamic_input_config.dynamic_node_type"] == 1
    assert values["dynamic_input_config.input_shape"] == "x:-1"


# -- parameter_map ----------------------------------------------------------------------------

SESS = """
import tensorflow as tf
from npu_bridge.npu_init import *
config = tf.ConfigProto()
custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.name = "NpuOptimizer"
custom_op.parameter_map["use_off_line"].b = True
custom_op.parameter_map["precision_mode"].s = tf.compat.as_bytes("allow_mix_precision")
custom_op.parameter_map["dump_path"].s = b"/home/dump"
custom_op.parameter_map["iterations_per_loop"].i = 10
custom_op.parameter_map["profiling_mode"].b = True
custom_op.parameter_map["op_compiler_cache_dir"].s = "/cache".encode()
custom_op.parameter_map["modify_mixlist"].s = "/raw/str"
config.graph_options.rewrite_options.remapping = RewriterConfig.OFF
with tf.Session(config=config) as sess:
    pass
"""


def test_parameter_map_with_or_without_as_bytes() -> None:
    result = imp(SESS)
    assert len(result.configs) == 1
    assert result.configs[0].label.startswith("sess.run config")
    assert result.configs[0].profile.values == {
        "precision_mode": "allow_mix_precision",
        "dump_config.dump_path": "/home/dump",
        "iterations_per_loop": 10,
        "profiling_config.enable_profiling": True,
        "op_compiler_cache_dir": "/cache",
        "modify_mixlist": "/raw/str",
        "use_off_line": True,  # a setting of its own in a sess.run script (the docs set it)
    }
    messages = " ".join(result.report.lines())
    assert "what NPUEstimator writes on its own" not in messages
    assert "RewriterConfig.OFF" in messages  # reported as not an NPU option
    assert "tf.compat.as_bytes" in messages  # the bare str is pointed out


def test_wrong_field_misspelt_and_removed_keys_are_flagged() -> None:
    result = imp(
        """
        custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
        custom_op.name = "NpuOptimizer"
        custom_op.parameter_map["precision_mode"].b = True
        custom_op.parameter_map["hcom_parallel"].b = 1
        custom_op.parameter_map["enable_dump"].s = b"true"
        custom_op.parameter_map["mstune_mode"].s = tf.compat.as_bytes("1")
        custom_op.parameter_map["precison_mode"].s = tf.compat.as_bytes("force_fp16")
        custom_op.parameter_map["auto_tune_mode"].s = tf.compat.as_bytes("RL,GA")
        """
    )
    values = result.configs[0].profile.values
    # a write to another member of the value's oneof leaves the adapter its empty value;
    # auto_tune_mode lost its NPURunConfig keyword, but the C++ still reads the key
    assert values == {
        "hcom_parallel": True,
        "precision_mode": "",
        "dump_config.enable_dump": False,
        "auto_tune_mode": "RL,GA",
    }
    wrong = result.report.of_kind("wrong_field")
    assert {i.path for i in wrong} == {"precision_mode", "dump_config.enable_dump"}
    unknown = {i.path: i.suggestion for i in result.report.of_kind("unknown_key")}
    assert unknown["parameter_map.precison_mode"] == "precision_mode"
    assert "parameter_map.mstune_mode" in unknown  # read by some releases only
    assert "parameter_map.auto_tune_mode" not in unknown  # the adapter reads it (passed on to GE)
    assert [i.path for i in result.report.of_kind("converted")] == ["hcom_parallel"]


def test_session_config_parameter_map_is_merged_and_conflicts_reported() -> None:
    result = imp(
        """
        session_config = tf.ConfigProto(allow_soft_placement=True)
        custom_op = session_config.graph_options.rewrite_options.custom_optimizers.add()
        custom_op.name = "NpuOptimizer"
        custom_op.parameter_map["precision_mode"].s = tf.compat.as_bytes("force_fp16")
        custom_op.parameter_map["op_debug_level"].i = 1
        custom_op.parameter_map["enable_exception_dump"].i = 0
        config = NPURunConfig(session_config=session_config, precision_mode="allow_mix_precision")
        """
    )
    assert len(result.configs) == 1  # the ConfigProto is part of the NPURunConfig, not its own
    values = result.configs[0].profile.values
    assert values["precision_mode"] == "allow_mix_precision"  # NPUEstimator writes last
    assert values["op_debug_level"] == 1
    assert values["enable_exception_dump"] == 0
    assert values["session_config"] == Expr(expr="tf.ConfigProto(allow_soft_placement=True)")
    conflicts = {i.path for i in result.report.of_kind("conflict")}
    assert conflicts == {"precision_mode", "enable_exception_dump"}


# -- constants and simple expressions ---------------------------------------------------------


def test_module_constants_and_simple_expressions() -> None:
    values = only(
        """
        import os
        import json
        BASE = "/home/user"
        NAME = "run" + "_" + str(3)
        LOOPS = int("100")
        SIZE = 26 * 1024 * 1024
        OPTS = json.dumps({"output": f"{BASE}/prof", "task_trace": "on"})
        config = NPURunConfig(
            iterations_per_loop=LOOPS,
            model_dir=os.path.join(BASE, NAME, "model"),
            debug_dir=f"{BASE}/debug/{NAME}",
            work_path="%s/aoe" % BASE,
            graph_memory_max_size=SIZE,
            op_compiler_cache_dir="{}/cache".format(BASE),
            profiling_config=ProfilingConfig(enable_profiling=True, profiling_options=OPTS),
        )
        """
    )
    assert values == {
        "iterations_per_loop": 100,
        "model_dir": "/home/user/run_3/model",
        "debug_dir": "/home/user/debug/run_3",
        "work_path": "/home/user/aoe",
        "graph_memory_max_size": 26 * 1024 * 1024,
        "op_compiler_cache_dir": "/home/user/cache",
        "profiling_config.enable_profiling": True,
        "profiling_config.profiling_options": '{"output": "/home/user/prof", "task_trace": "on"}',
    }


def test_unresolvable_values_are_kept_verbatim_reported_and_re_emitted() -> None:
    source = """
        class Trainer:
            def build(self):
                return NPURunConfig(
                    precision_mode=args.precision_mode,
                    iterations_per_loop=FLAGS.iterations_per_loop,
                    model_dir=os.getenv("MODEL_DIR", "/tmp/m"),
                    debug_dir=self.debug_dir,
                    op_compiler_cache_dir=CONFIG["cache"],
                    enable_small_channel=1 if FLAGS.small else 0,
                    session_config=make_session_config(),
                )
        """
    result = imp(source)
    values = result.configs[0].profile.values
    expected = {
        "precision_mode": "args.precision_mode",
        "iterations_per_loop": "FLAGS.iterations_per_loop",
        "model_dir": 'os.getenv("MODEL_DIR", "/tmp/m")',
        "debug_dir": "self.debug_dir",
        "op_compiler_cache_dir": 'CONFIG["cache"]',
        "enable_small_channel": "1 if FLAGS.small else 0",
        "session_config": "make_session_config()",
    }
    assert values == {k: Expr(expr=v) for k, v in expected.items()}
    assert len(result.report.of_kind("verbatim")) == 6  # session_config is an object anyway
    exported = export_text(result.configs[0].profile, "py")
    for text in expected.values():
        assert f"={text}," in exported
    assert (
        "in function build" in result.configs[0].label
        and "class Trainer" in result.configs[0].label
    )


def test_names_assigned_in_several_branches_stay_expressions() -> None:
    result = imp(
        """
        if args.fp16:
            mode = "allow_mix_precision"
        else:
            mode = "force_fp32"
        LOOPS = 10
        config = NPURunConfig(precision_mode=mode, iterations_per_loop=LOOPS)
        """
    )
    values = result.configs[0].profile.values
    assert values == {"precision_mode": Expr(expr="mode"), "iterations_per_loop": 10}
    (item,) = result.report.of_kind("verbatim")
    assert "'allow_mix_precision'" in item.message.en and "'force_fp32'" in item.message.en


def test_dict_lookup_and_kwargs_dict_are_resolved() -> None:
    values = only(
        """
        SETTINGS = {"loops": 50, "mode": "force_fp16"}
        kwargs = dict()
        kwargs = {"iterations_per_loop": SETTINGS["loops"]}
        kwargs["precision_mode"] = SETTINGS["mode"]
        config = NPURunConfig(**kwargs)
        """
    )
    assert values == {"iterations_per_loop": 50, "precision_mode": "force_fp16"}


def test_kwargs_built_with_dict_call_are_resolved() -> None:
    values = only(
        """
        BASE = "/cache"
        opts = dict(precision_mode_v2="mixed_float16", op_compiler_cache_dir=BASE + "/ops")
        opts["hccl_timeout"] = 600
        config = NPURunConfig(**opts)
        """
    )
    assert values == {
        "precision_mode_v2": "mixed_float16",
        "op_compiler_cache_dir": "/cache/ops",
        "hccl_timeout": 600,
    }
    for kept in ("dict(FLAGS.opts)", "dict(**base)", "dict(a=args.x)"):
        result = imp(f"config = NPURunConfig(**{kept})\n")
        assert result.configs[0].profile.extra_kwargs[0].expr == kept


# -- unknown keywords, several configurations, layout ------------------------------------------


def test_unknown_keywords_kept_with_did_you_mean() -> None:
    result = imp(
        'NPURunConfig(precison_mode="force_fp16", dump_config=DumpConfig(dump_pth="/d"), **extra)\n'
    )
    profile = result.configs[0].profile
    assert profile.extra_kwargs == (
        ExtraKwarg(owner="DumpConfig", name="dump_pth", expr='"/d"'),
        ExtraKwarg(owner="NPURunConfig", name="precison_mode", expr='"force_fp16"'),
        ExtraKwarg(owner="NPURunConfig", name="**", expr="extra"),
    )
    suggestions = {i.path: i.suggestion for i in result.report.of_kind("unknown_kwarg")}
    assert suggestions == {
        "NPURunConfig.precison_mode": "precision_mode",
        "DumpConfig.dump_pth": "dump_path",
    }
    assert 'precison_mode="force_fp16"' in export_text(profile, "py")


def test_several_configurations_in_branches_and_functions() -> None:
    result = imp(
        """
        def train_config():
            return NPURunConfig(iterations_per_loop=100)

        def eval_config():
            return NPURunConfig(graph_run_mode=0)

        if args.mode == "train":
            config = NPURunConfig(precision_mode="allow_mix_precision")
        elif args.mode == "debug":
            config = NPURunConfig(precision_mode="force_fp32", enable_exception_dump=1)
        else:
            config = NPURunConfig()
        """
    )
    labels = [c.label for c in result.configs]
    assert len(labels) == 5
    assert labels[0].startswith("line 9, in if branch (line 8)")
    assert "in else branch (line 8)" in labels[1] and "in if branch (line 10)" in labels[1]
    assert "in function train_config" in labels[3]
    assert target_of(result.configs[4].profile).scenario == "inference"  # graph_run_mode=0


def test_multiline_calls_with_comments_trailing_commas_and_mixed_indentation() -> None:
    source = (
        "if True:\n"
        "\tconfig = NPURunConfig(\n"
        "\t    iterations_per_loop=10,   # loops\n"
        "        # precision_mode='force_fp32',\n"
        "\t\t#dump_config=dump,\n"
        "\t    enable_data_pre_proc=False,\n"
        "\t)\n"
    )
    assert only(source) == {"iterations_per_loop": 10, "enable_data_pre_proc": False}


def test_environment_settings_in_python() -> None:
    result = imp(
        """
        import os
        os.environ["ASCEND_GLOBAL_LOG_LEVEL"] = "3"
        os.environ.setdefault("JOB_ID", "10086")
        os.environ.update({"RANK_SIZE": "8"})
        os.environ.pop("DUMP_GRAPH_PATH", None)
        os.environ["ASCEND_CACHE_PATH"] = os.path.join("/cache", "kernel")
        os.environ["RANK_TABLE_FILE"] = args.rank_table
        for i in range(8):
            os.environ["ASCEND_DEVICE_ID"] = str(i)
        config = NPURunConfig()
        """
    )
    env = result.configs[0].profile.env
    assert env == {
        "ASCEND_GLOBAL_LOG_LEVEL": "3",
        "JOB_ID": "10086",
        "RANK_SIZE": "8",
        "DUMP_GRAPH_PATH": None,
        "ASCEND_CACHE_PATH": "/cache/kernel",
    }
    assert [i.path for i in result.report.of_kind("device_loop")] == ["env:ASCEND_DEVICE_ID"]
    assert "env:RANK_TABLE_FILE" in {i.path for i in result.report.of_kind("ignored")}


def test_values_are_converted_to_the_type_the_constructor_needs() -> None:
    result = imp(
        'NPURunConfig(aoe_mode=2, iterations_per_loop="100", mix_compile_mode=1, jit_compile=True)\n'
    )
    assert result.configs[0].profile.values == {
        "aoe_mode": "2",
        "iterations_per_loop": 100,
        "mix_compile_mode": True,
        "jit_compile": "true",
    }
    assert len(result.report.of_kind("converted")) == 4


def test_converted_values_are_kept_as_the_script_writes_them() -> None:
    """The profile holds what the real code accepts; ``as_written`` what the script passes
    (``validate`` checks that, so ``aoe_mode=2`` is still a TypeError there)."""
    result = imp(
        """\
        cfg = tf.ConfigProto()
        custom_op = cfg.graph_options.rewrite_options.custom_optimizers.add()
        custom_op.name = "NpuOptimizer"
        custom_op.parameter_map["enable_data_pre_proc"].b = 1
        NPURunConfig(session_config=cfg, aoe_mode=2, variable_placement="host",
                     precision_mode=b"force_fp16", hccl_timeout=600, jit_compile=False)
        """
    )
    config = result.configs[0]
    assert config.as_written == {"aoe_mode": 2, "variable_placement": "host", "jit_compile": False}
    written = config.profile_as_written().values
    assert written["aoe_mode"] == 2 and written["variable_placement"] == "host"
    assert written["precision_mode"] == "force_fp16" and written["enable_data_pre_proc"] is True
    case = next(i for i in result.report.of_kind("converted") if i.path == "variable_placement")
    assert "case-sensitive" in case.text("en") and "needs a str" not in case.text("en")
    assert "区分大小写" in case.text("zh")


def test_nothing_found_is_reported() -> None:
    result = imp("print('hello')\n")
    assert result.configs == ()
    assert kinds(result) == ["info"]


def test_header_restores_product_scenario_and_notes() -> None:
    from ascend_studio.profile import Profile

    p = Profile(
        product="atlas_300i_duo",
        scenario="inference",
        values={"graph_run_mode": 0},
        notes="a\n\n  b",
    )
    # the export is an NPURunConfig: imported back, the profile says so
    assert imp(export_text(p, "py")).configs[0].profile == p.with_surface("estimator")


# -- syntax errors and Python 2 -----------------------------------------------------------------


def test_syntax_error_gives_a_report_with_line_numbers() -> None:
    result = imp("config = NPURunConfig(\n    iterations_per_loop=10\n    precision_mode='x'\n")
    errors = result.report.of_kind("syntax_error")
    assert errors and all(e.line is not None for e in errors)


def test_a_keyword_given_twice_is_an_error_python_refuses_the_file() -> None:
    """``ast`` parses it, but Python's compiler rejects the whole file (SyntaxError:
    keyword argument repeated): the job never starts, so it is an error, with the fix.
    Also in a sub-config call, and with the parameter's path."""
    result = imp(
        """
        from npu_bridge.npu_init import *
        config = NPURunConfig(
            iterations_per_loop=10,
            precision_mode="allow_mix_precision",
            iterations_per_loop=100,
        )
        """
    )
    (error,) = result.report.of_kind("syntax_error")
    assert error.line == 6 and error.severity == "error" and error.path == "iterations_per_loop"
    assert "iterations_per_loop= is given twice in NPURunConfig(...)" in error.message.en
    assert "SyntaxError: keyword argument repeated" in error.message.en
    assert "Give iterations_per_loop= once in that call" in error.message.en
    assert "只保留一个 iterations_per_loop=" in error.message.zh
    assert result.configs[0].profile.values["iterations_per_loop"] == 100  # the last one
    assert not result.report.of_kind("call_error")
    nested = imp("config = NPURunConfig(dump_config=DumpConfig(dump_path='/d', dump_path='/e'))\n")
    (error,) = nested.report.of_kind("syntax_error")
    assert error.path == "dump_config.dump_path" and "in DumpConfig(...)" in error.message.en


@pytest.mark.parametrize(
    "call,how,said",
    [
        (
            "NPURunConfig(100, iterations_per_loop=10)",
            "by position and again by keyword",
            "got multiple values for argument 'iterations_per_loop'",
        ),
        (
            'NPURunConfig(iterations_per_loop=10, **{"iterations_per_loop": 5})',
            "by keyword and again in a **dict",
            "got multiple values for keyword argument 'iterations_per_loop'",
        ),
        (
            'NPURunConfig(**{"iterations_per_loop": 5}, iterations_per_loop=10)',
            "in a **dict and again by keyword",
            "got multiple values for keyword argument 'iterations_per_loop'",
        ),
    ],
)
def test_an_argument_given_twice_is_an_error_the_call_raises(
    call: str, how: str, said: str
) -> None:
    """Python compiles these, but the constructor raises TypeError when the script runs."""
    result = imp(f"from npu_bridge.npu_init import *\nconfig = {call}\n")
    (error,) = result.report.of_kind("call_error")
    assert error.severity == "error" and error.line == 2
    assert error.path == "iterations_per_loop"
    assert f"NPURunConfig(...) gets iterations_per_loop {how}" in error.message.en
    assert said in error.message.en and "Give iterations_per_loop once." in error.message.en
    assert not result.report.of_kind("syntax_error")


def test_a_sub_config_argument_given_twice_names_its_path() -> None:
    result = imp(
        """
        from npu_bridge.npu_init import *
        dump = DumpConfig(True, "/data/dump",
                          enable_dump=False)
        config = NPURunConfig(dump_config=dump)
        """
    )
    (error,) = result.report.of_kind("call_error")
    assert error.line == 4 and error.path == "dump_config.enable_dump"
    assert "DumpConfig(...) gets enable_dump by position and again by keyword" in error.message.en


def test_too_many_positional_arguments_are_an_error() -> None:
    """The real constructor raises TypeError: an error, not a note."""
    args = ", ".join(["1"] * 200)
    result = imp(f"config = NPURunConfig({args})\n")
    (error,) = result.report.of_kind("call_error")
    assert error.severity == "error"
    assert "positional arguments too many; the real constructor raises TypeError" in (
        error.message.en
    )
    assert "remove them, or pass them by keyword" in error.message.en


def test_python2_script_is_reported_and_salvaged() -> None:
    result = imp(
        """
        import os
        print "starting"
        try:
            import npu_bridge
        except ImportError, e:
            print e
        MODE = 0777
        config = NPURunConfig(iterations_per_loop=10L, precision_mode="allow_mix_precision")
        """
    )
    assert result.configs[0].profile.values == {
        "iterations_per_loop": 10,
        "precision_mode": "allow_mix_precision",
    }
    errors = result.report.of_kind("syntax_error")
    assert {e.line for e in errors} >= {3, 6, 7}
    assert any("Python 2" in i.message.en for i in result.report.items)


def test_hopeless_file_gives_a_fatal_report() -> None:
    result = imp("def (:\n" * 40)
    assert result.configs == ()
    assert result.report.has_errors


def test_multiline_expressions_with_comments_are_re_emitted_validly() -> None:
    source = """
        NPURunConfig(
            precision_mode=(args.a  # comment
                or "x"),
            iterations_per_loop=(FLAGS.n
                + 1),
            profiling_config=ProfilingConfig(enable_profiling=(FLAGS.p  # c
                and True)),
        )
        """
    profile = imp(source).configs[0].profile
    assert profile.values["iterations_per_loop"] == Expr(expr="FLAGS.n\n        + 1")
    for fmt in ("py", "sess"):
        compile(export_text(profile, fmt), fmt, "exec")
    assert imp(export_text(profile, "py")).configs[0].profile.values == profile.values


def test_an_expression_that_would_break_the_output_is_refused() -> None:
    from ascend_studio.codegen import ExportError
    from ascend_studio.profile import Profile

    for text in ("x  # trailing comment", "a b", "(", "x)", "0), f(), (0"):
        with pytest.raises(ValueError, match=r"values.precision_mode: kept expression"):
            Profile(values={"precision_mode": Expr(expr=text)})
        edited = Profile().model_copy(update={"values": {"precision_mode": Expr(expr=text)}})
        for fmt in ("py", "sess"):
            with pytest.raises(ExportError, match=r"values.precision_mode: kept expression"):
                export_text(edited, fmt)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("X = 1\nY = X + 1\nX = 5\nNPURunConfig(iterations_per_loop=Y)\n", 2),
        ("X = 'a'\nX += 'b'\nX += 'c'\nNPURunConfig(model_dir=X)\n", "abc"),
        (
            "A = 'x'\nif cond:\n    A = 'y'\n    B = A + '1'\nelse:\n    B = 'y1'\nNPURunConfig(model_dir=B)\n",
            "y1",
        ),
        ("def f():\n    return NPURunConfig(model_dir=BASE)\nBASE = '/a'\n", "/a"),
        ("X = 3\ndef f():\n    X = 4\n    return NPURunConfig(iterations_per_loop=X)\n", 4),
        ("X = 3\nfor i in y:\n    pass\nNPURunConfig(iterations_per_loop=X)\n", 3),
        ("X = 1\ndel X\nNPURunConfig(iterations_per_loop=X)\n", Expr(expr="X")),
        ("import os as X\nX = 7\nNPURunConfig(iterations_per_loop=X)\n", 7),
        ("X = 7\nimport os as X\nNPURunConfig(iterations_per_loop=X)\n", Expr(expr="X")),
    ],
)
def test_names_are_read_as_of_the_statement_that_uses_them(source: str, expected: object) -> None:
    values = only(source)
    key = "model_dir" if "model_dir" in values else "iterations_per_loop"
    assert values[key] == expected


def test_configuration_labels_read_in_chinese_too() -> None:
    """The review dialog and ``import --lang zh`` name each configuration in Chinese."""
    result = imp(
        """\
        def build():
            for i in range(2):
                if fast:
                    NPURunConfig(iterations_per_loop=1)
                else:
                    NPURunConfig(iterations_per_loop=2)
        cfg = tf.ConfigProto()
        op = cfg.graph_options.rewrite_options.custom_optimizers.add()
        op.name = "NpuOptimizer"
        op.parameter_map["hccl_timeout"].i = 600
        """
    )
    labels = [(c.label_in("en"), c.label_in("zh")) for c in result.configs]
    assert labels == [
        (
            "line 4, in function build (line 1), in for loop (line 2), in if branch (line 3)",
            "第 4 行，函数 build 中（第 1 行），for 循环中（第 2 行），if 分支（第 3 行）",
        ),
        (
            "line 6, in function build (line 1), in for loop (line 2), in else branch (line 3)",
            "第 6 行，函数 build 中（第 1 行），for 循环中（第 2 行），else 分支（第 3 行）",
        ),
        ("sess.run config, line 7", "sess.run 配置，第 7 行"),
    ]


def test_a_non_string_environment_value_is_an_error_the_line_raises() -> None:
    result = import_python('import os\nos.environ["ASCEND_DEVICE_ID"] = 0\n')
    (error,) = result.report.of_kind("call_error")
    assert error.severity == "error" and error.line == 2 and error.path == "env:ASCEND_DEVICE_ID"
    assert "raises TypeError when the script runs" in error.message.en
    assert "(write '0')" in error.message.en


def test_a_sub_config_of_the_wrong_class_is_an_error_the_code_raises() -> None:
    result = imp(
        """
        from npu_bridge.npu_init import *
        config = NPURunConfig(dump_config=ProfilingConfig(enable_profiling=True))
        """
    )
    (error,) = result.report.of_kind("call_error")
    assert error.severity == "error" and error.path == "dump_config"
    assert "needs a DumpConfig, got a ProfilingConfig; the real code raises ValueError" in (
        error.message.en
    )
    assert "pass a DumpConfig(...)" in error.message.en


def test_a_write_to_another_oneof_member_clears_the_value() -> None:
    """``.s = ...`` then ``.b = True``: AttrValue's oneof keeps .b, the adapter reads an
    empty .s, and CheckValueAllowed refuses the session (a real ModelZoo script did it)."""
    text = (
        "custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n"
        'custom_op.name = "NpuOptimizer"\n'
        'custom_op.parameter_map["precision_mode"].s = tf.compat.as_bytes("allow_mix_precision")\n'
        'custom_op.parameter_map["precision_mode"].b = True\n'
    )
    result = import_text(text, "t.py")
    (config,) = result.configs
    assert config.profile.values == {"precision_mode": ""}
    (item,) = result.report.of_kind("wrong_field")
    assert item.line == 4 and "clears the .s written on line 3" in item.message.en
    assert not result.report.of_kind("conflict")
    found = evaluate(config.profile, surface=config.surface)
    assert [(d.rule_id, d.severity) for d in found if d.severity == "error"] == [
        ("value.not_allowed", "error")
    ]


@pytest.mark.parametrize(
    ("keyword", "written", "rule_id"),
    [
        ("dump_config", '{"enable_dump": True}', "subconfig.not_object"),
        ("memory_config", "1", "subconfig.not_object"),
        ("iterations_per_loop", "[10]", "type.mismatch"),
        ("precision_mode", '("allow_mix_precision",)', "type.mismatch"),
    ],
)
def test_a_literal_of_the_wrong_kind_is_judged_on_the_script_route(
    keyword: str, written: str, rule_id: str
) -> None:
    """Kept as an expression (a profile cannot hold a dict), but its type is known."""
    (config,) = import_text(f"config = NPURunConfig({keyword}={written})\n", "t.py").configs
    found = [d.rule_id for d in evaluate(config.profile) if d.severity == "error"]
    assert found == [rule_id]


def test_a_name_or_a_call_is_still_known_only_at_run_time() -> None:
    text = "config = NPURunConfig(iterations_per_loop=args.loops, dump_config=make())\n"
    (config,) = import_text(text, "t.py").configs
    assert [d for d in evaluate(config.profile) if d.severity == "error"] == []


def test_a_key_the_adapter_reads_but_nobody_documents_is_a_setting() -> None:
    """auto_tune_mode is read by npu_attrs.cc and passed on to GE: a sess.run-only
    catalog parameter, imported and checked, not "ignored"."""
    text = (
        "custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n"
        'custom_op.name = "NpuOptimizer"\n'
        'custom_op.parameter_map["auto_tune_mode"].s = tf.compat.as_bytes("RL,GA")\n'
        'custom_op.parameter_map["enable_auto_mix_precision"].b = True\n'
    )
    result = import_text(text, "t.py")
    (unknown,) = result.report.of_kind("unknown_key")
    assert unknown.path == "parameter_map.enable_auto_mix_precision"
    assert result.configs[0].profile.values["auto_tune_mode"] == "RL,GA"
    assert "ge.autoTuneMode" in shipped_catalog().param("auto_tune_mode").description.en


def test_every_key_npu_attrs_reads_is_a_catalog_parameter() -> None:
    root = tfa_source.tf_adapter_dir()
    if root is None:
        pytest.skip(tfa_source.SKIP_REASON)
    text = (root / "util" / "npu_attrs.cc").read_text("utf-8")
    read = set(re.findall(r'params\.count\("(\w+)"\)', text))
    assert read - set(shipped_catalog().by_session_key()) == set()
