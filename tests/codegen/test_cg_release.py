"""Exports for a named TF Adapter release write only what that release has, and say what
they left out; the release is named in the header and read back by an import."""

from __future__ import annotations

import ast

from cg_profiles import profile

from ascend_studio.codegen import export_text, import_python, import_text
from ascend_studio.profile import ExtraKwarg, Profile
from ascend_studio.schema import shipped_catalog

CATALOG = shipped_catalog()


def _keywords(text: str) -> set[str]:
    calls = [n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Call)]
    return {k.arg for c in calls for k in c.keywords if k.arg}


def _keys(text: str) -> set[str]:
    return {
        n.slice.value
        for n in ast.walk(ast.parse(text))
        if isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Constant)
        and isinstance(n.value, ast.Attribute) and n.value.attr == "parameter_map"
    }  # fmt: skip


def test_an_estimator_export_for_7_0_0_leaves_out_what_9_0_0_added() -> None:
    p = Profile(values={"oo_level": "O3", "precision_mode": "force_fp32"}, release="7.0.0")
    text = export_text(p, "py")
    assert "oo_level" not in _keywords(text) and "precision_mode" in _keywords(text)
    assert "# TF Adapter release: tfa_v0.0.20_7.0.0.alpha003, 2023-12-12 [7.0.0]" in text
    assert "#   oo_level: exists from 9.0.0 (2026-04) on" in text
    assert "oo_level" in _keywords(export_text(p.with_release(None), "py"))


def test_a_sess_export_for_an_old_release_leaves_out_keys_its_cpp_does_not_read() -> None:
    values = {"graph_exec_timeout": 600000, "precision_mode": "force_fp32"}
    text = export_text(Profile(values=values, release="r1.2.0"), "sess")
    assert "graph_exec_timeout" not in _keys(text) and "precision_mode" in _keys(text)
    assert "#   graph_exec_timeout: read from r1.9.0 (2022-07) on" in text
    assert "graph_exec_timeout" in _keys(export_text(Profile(values=values), "sess"))


def test_the_release_defaults_are_what_a_sess_export_sends() -> None:
    """enable_exception_dump defaulted to 0 before r1.15.0, 2 after; NPUEstimator sends it."""
    old = export_text(Profile(release="r1.14.1"), "sess")
    new = export_text(Profile(release="r1.15.0"), "sess")
    assert 'parameter_map["enable_exception_dump"].i = 0' in old
    assert 'parameter_map["enable_exception_dump"].i = 2' in new


def test_a_retired_keyword_is_kept_where_the_release_has_it() -> None:
    es = ExtraKwarg(owner="NPURunConfig", name="es_cluster_config", expr="cfg")
    seven = export_text(Profile(extra_kwargs=(es,), release="7.0.0"), "py")
    assert "es_cluster_config" in _keywords(seven) and "did you mean" not in seven
    newest = export_text(Profile(extra_kwargs=(es,), release="newest"), "py")
    assert "es_cluster_config" not in _keywords(newest)
    assert "#   es_cluster_config: exists from 6.3.RC1.alpha002" in newest


def test_the_release_round_trips_through_the_header() -> None:
    p = profile("training").with_release("6.3.RC1")
    for fmt in ("py", "sess"):
        back = import_python(export_text(p, fmt)).configs[0].profile
        assert back.release == "6.3.RC1", fmt
    back = import_text(export_text(p, "sh"), "env.sh").configs[0].profile
    assert back.release == "6.3.RC1"


def test_a_script_names_its_release_with_a_directive() -> None:
    text = (
        "# ascend-studio: release=7.0.0\n"
        "from npu_bridge.npu_init import *\n"
        "config = NPURunConfig(precision_mode='force_fp32')\n"
    )
    assert import_python(text).configs[0].profile.release == "7.0.0"
    indented = text.replace("# ascend", "    #  ascend")
    assert import_python(indented).configs[0].profile.release == "7.0.0"
    in_a_string = "x = '# ascend-studio: release=7.0.0'\nconfig = NPURunConfig()\n"
    assert import_python(in_a_string).configs[0].profile.release is None


def test_a_key_older_releases_read_is_dated_not_spell_checked() -> None:
    text = (
        "custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n"
        'custom_op.name = "NpuOptimizer"\n'
        'custom_op.parameter_map["mstune_mode"].s = tf.compat.as_bytes("2")\n'
        'custom_op.parameter_map["precison_mode"].s = tf.compat.as_bytes("force_fp16")\n'
    )
    items = {i.path: i for i in import_python(text).report.of_kind("unknown_key")}
    old = items["parameter_map.mstune_mode"]
    assert "read only by some TF Adapter releases (from r1.2.0 (2021-02)" in old.text("en")
    assert old.suggestion == "aoe_mode"
    assert items["parameter_map.precison_mode"].suggestion == "precision_mode"


def test_jit_compile_is_written_in_the_member_the_release_reads() -> None:
    """.b() up to 6.3.RC2, .s() from r3.2.0 on, with the spelling the release lists."""
    on = {"jit_compile": True}
    old = export_text(Profile(values={"jit_compile": "true"}, release="r1.10.0"), "sess")
    assert 'custom_op.parameter_map["jit_compile"].b = True' in old
    seven = export_text(Profile(values=on, release="7.0.0"), "sess")
    assert 'custom_op.parameter_map["jit_compile"].s = tf.compat.as_bytes("true")' in seven
    r32 = export_text(Profile(values=on, release="r3.2.0"), "sess")
    assert 'custom_op.parameter_map["jit_compile"].s = tf.compat.as_bytes("True")' in r32


def test_a_value_with_no_form_in_the_release_member_is_left_out_and_said() -> None:
    text = export_text(Profile(values={"jit_compile": "auto"}, release="r1.10.0"), "sess")
    assert "jit_compile" not in _keys(text)
    assert (
        "# Not written: jit_compile='auto'; TF Adapter r1.10.0 (2022-10) reads "
        'parameter_map["jit_compile"] as a bool (.b), which has no form for it'
    ) in text


def test_with_no_release_the_header_names_the_releases_reading_another_member() -> None:
    text = export_text(Profile(values={"jit_compile": "true"}), "sess")
    assert 'parameter_map["jit_compile"].s = tf.compat.as_bytes("true")' in text
    assert "#   TF Adapter from r1.10.0 (2022-10) until r3.2.0 (2023-07)" in text
    assert "reads a bool (.b) (name the release to write it so)" in text
    named = export_text(Profile(values={"jit_compile": "true"}, release="9.0.0"), "sess")
    assert "reads a bool (.b)" not in named
