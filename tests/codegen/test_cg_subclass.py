"""A subclass of a config class defined in the script
is still that class for the importer."""

from __future__ import annotations

from ascend_studio.codegen import import_text

SCRIPT = """
from npu_bridge.estimator.npu.npu_config import NPURunConfig, DumpConfig
import npu_bridge.estimator.npu.npu_config as nc

class NpuRunConfig2(nc.NPURunConfig):
    pass

class MyDump(DumpConfig):
    '''A dump config with a name of its own.'''

config = NpuRunConfig2(precision_mode="allow_mix_precision",
                       dump_config=MyDump(enable_dump=True, dump_path="/d"))
"""


def test_a_subclass_is_read_as_its_base() -> None:
    result = import_text(SCRIPT, "train.py")
    (config,) = result.configs
    assert config.profile.values == {
        "precision_mode": "allow_mix_precision",
        "dump_config.enable_dump": True,
        "dump_config.dump_path": "/d",
    }
    notes = [i.message.en for i in result.report.items if i.kind == "info"]
    assert "class NpuRunConfig2(NPURunConfig): its calls are read as NPURunConfig" in notes


def test_a_subclass_with_its_own_init_is_not_guessed() -> None:
    text = (
        "from npu_bridge.npu_init import NPURunConfig\n"
        "class C(NPURunConfig):\n"
        "    def __init__(self, mode):\n"
        "        super().__init__(precision_mode=mode)\n"
        "c = C('allow_fp32_to_fp16')\n"
    )
    result = import_text(text, "train.py")
    assert any("defines its own __init__" in i.message.en for i in result.report.items)
    assert all(
        c.profile.values.get("iterations_per_loop") != "allow_fp32_to_fp16" for c in result.configs
    )


def test_an_unrelated_class_is_not_a_config() -> None:
    result = import_text("class DumpConfig3(object):\n    pass\nx = DumpConfig3()\n", "t.py")
    assert not result.configs
