"""Fields that reach generated text: a kept sess.run key is a string, any text."""

from __future__ import annotations

import ast

import pytest

from ascend_studio.codegen import export_text, import_text
from ascend_studio.profile import SESSION_OWNER, ExtraKwarg, Profile

ODD_KEYS = ["(deterministic", "a b", 'quote"d', "new\nline", "中文键"]


@pytest.mark.parametrize("key", ODD_KEYS)
def test_a_kept_session_key_may_be_any_text(key: str) -> None:
    kept = ExtraKwarg(owner=SESSION_OWNER, name=key, expr="0", attr="i")
    profile = Profile(extra_kwargs=(kept,))
    text = export_text(profile, "sess")
    ast.parse(text)  # written as a quoted string: nothing runs, the script parses
    assert repr(key) in text or f'"{key}"' in text


def test_a_script_with_an_odd_key_imports_without_an_internal_error() -> None:
    script = (
        "import tensorflow as tf\n"
        "config = tf.ConfigProto()\n"
        "custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n"
        'custom_op.name = "NpuOptimizer"\n'
        'custom_op.parameter_map["(deterministic"].i = 0\n'
    )
    result = import_text(script, "train.py")
    assert not result.report.of_kind("internal_error")
    (config,) = result.configs
    assert [x.name for x in config.profile.extra_kwargs] == ["(deterministic"]


def test_a_keyword_of_a_class_still_must_be_a_name() -> None:
    with pytest.raises(ValueError, match="cannot be a keyword argument name"):
        Profile(extra_kwargs=(ExtraKwarg(owner="NPURunConfig", name="(x", expr="0"),))
