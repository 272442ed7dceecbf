"""A value some releases list in another case (jit_compile ``"True"`` on r3.2.0,
``"true"`` from 7.0.RC1 on, each compared exactly by the C++): the import keeps the
user's spelling, and what writes for a named release writes the spelling it lists."""

from __future__ import annotations

from ascend_studio.apply import apply_python, migrate_python
from ascend_studio.codegen import export_text, import_python
from ascend_studio.profile import Profile
from ascend_studio.rules import evaluate
from ascend_studio.schema import shipped_catalog

HEAD = "from npu_bridge.npu_init import *\n"
SESS = (
    "import tensorflow as tf\n"
    "config = tf.ConfigProto()\n"
    "custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n"
    'custom_op.name = "NpuOptimizer"\n'
    'custom_op.parameter_map["jit_compile"].s = tf.compat.as_bytes("{v}")\n'
)


def _script(value: str) -> str:
    return HEAD + f'config = NPURunConfig(jit_compile="{value}")\n'


def _imported(text: str) -> object:
    return import_python(text, "train.py").configs[0].profile.values["jit_compile"]


def test_the_import_keeps_a_spelling_a_release_lists() -> None:
    assert _imported(_script("True")) == "True"  # r3.2.0's spelling
    assert _imported(SESS.format(v="False")) == "False"
    assert _imported(_script("TRUE")) == "true"  # no release lists it: the catalog's case


def test_an_export_writes_the_spelling_the_target_release_lists() -> None:
    r32 = export_text(Profile(values={"jit_compile": "true"}, release="r3.2.0"), "py")
    assert 'jit_compile="True"' in r32
    assert "rejects jit_compile" not in r32  # the comments judge what is written
    nine = export_text(Profile(values={"jit_compile": "Auto"}, release="9.0.0"), "sess")
    assert 'parameter_map["jit_compile"].s = tf.compat.as_bytes("auto")' in nine
    kept = export_text(Profile(values={"jit_compile": "True"}), "py")  # no release named
    assert 'jit_compile="True"' in kept


def test_apply_for_a_release_writes_its_spelling_and_says_so() -> None:
    profile = Profile(values={"jit_compile": "false"}, release="r3.2.0")
    done = apply_python(_script("auto"), profile)
    assert 'jit_compile="False"' in done.after
    assert any("as TF Adapter r3.2.0 spells it" in n.text("en") for n in done.notes)
    same = apply_python(_script("True"), Profile(values={"jit_compile": "True"}, release="r3.2.0"))
    assert same.unchanged


def test_migrate_rewrites_the_spelling_both_ways() -> None:
    catalog = shipped_catalog()
    history = catalog.history
    up = migrate_python(_script("True"), history.resolve("9.0.0"), catalog=catalog)
    assert 'jit_compile="true"' in up.result.after
    assert "jit_compile" in up.moved
    down = migrate_python(SESS.format(v="auto"), history.resolve("r3.2.0"), catalog=catalog)
    assert 'as_bytes("Auto")' in down.result.after


def test_with_no_release_a_listed_spelling_is_said_to_depend_on_it() -> None:
    found = {d.rule_id: d for d in evaluate(Profile(values={"jit_compile": "True"}))}
    assert "value.case" not in found
    depends = found["release.value_depends"]
    assert depends.severity == "info"
    assert "from 7.0.RC1.alpha001" in depends.message.en
