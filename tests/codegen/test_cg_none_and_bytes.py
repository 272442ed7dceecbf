"""An explicit None and bytes are values: kept through import, the profile file
and every export (issue: ``keep_checkpoint_max=None`` came back as 5, and
``insert_op_file=b"./aipp.cfg"`` as a str, which NPUEstimator rejects)."""

from __future__ import annotations

import pytest

from ascend_studio.codegen import EXPORT_FORMATS, ExportOptions, export_text, import_text
from ascend_studio.profile import Profile, dump_profile, parse_profile

SCRIPT = (
    "from npu_bridge.npu_init import *\n"
    'config = NPURunConfig(insert_op_file=b"./aipp.cfg", keep_checkpoint_max=None,\n'
    "                      dump_config=DumpConfig(enable_dump=None))\n"
)
PLAIN = ExportOptions(diagnostics=False)


def _imported() -> Profile:
    (config,) = import_text(SCRIPT, "train.py").configs
    return config.profile


def test_import_keeps_none_and_bytes() -> None:
    values = _imported().values
    assert values["insert_op_file"] == b"./aipp.cfg"
    assert values["keep_checkpoint_max"] is None
    assert "keep_checkpoint_max" in values
    assert values["dump_config.enable_dump"] is None


def test_the_profile_file_keeps_them() -> None:
    text = dump_profile(_imported())
    assert '"keep_checkpoint_max": null' in text
    assert '"bytes": "./aipp.cfg"' in text
    assert parse_profile(text) == _imported()


def test_bytes_that_are_not_utf8_survive_json() -> None:
    p = Profile(values={"insert_op_file": b"\xff\x00cfg"})
    assert '"bytes_hex": "ff00636667"' in dump_profile(p)
    assert parse_profile(dump_profile(p)) == p


def test_python_export_writes_them_back() -> None:
    text = export_text(_imported(), "py", PLAIN)
    assert 'insert_op_file=b"./aipp.cfg",' in text
    assert "keep_checkpoint_max=None," in text
    assert "enable_dump=None," in text
    (again,) = import_text(text, "again.py").configs
    assert again.profile == _imported()


def test_sess_export_sends_bytes_and_omits_none() -> None:
    text = export_text(_imported(), "sess", PLAIN)
    assert 'parameter_map["insert_op_file"].s = tf.compat.as_bytes(b"./aipp.cfg")' in text
    assert 'parameter_map["keep_checkpoint_max"]' not in text


@pytest.mark.parametrize("fmt", EXPORT_FORMATS)
def test_every_export_accepts_them(fmt: str) -> None:
    assert export_text(_imported(), fmt, PLAIN)


def test_none_for_a_holder_or_a_required_argument_is_unset() -> None:
    text = (
        "config = NPURunConfig(dump_config=None, dynamic_input_config=DynamicInputConfig("
        'input_shape="data:-1", dynamic_dims="1;2", dynamic_node_type=0, '
        "compile_hybrid_mode=None))\n"
    )
    result = import_text(text, "t.py")
    values = result.configs[0].profile.values
    assert "dump_config" not in values
    assert "dynamic_input_config.compile_hybrid_mode" not in values
    assert sum(i.kind == "ignored" for i in result.report.items) == 2


def test_a_str_for_insert_op_file_stays_a_str() -> None:
    """What the script writes is kept; the rules say whether it works."""
    (config,) = import_text('c = NPURunConfig(insert_op_file="./aipp.cfg")\n', "t.py").configs
    assert config.profile.values["insert_op_file"] == "./aipp.cfg"
