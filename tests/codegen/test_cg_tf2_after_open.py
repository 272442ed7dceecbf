"""Options written after ``npu_device.open()``: open() has already sent the options.

``open()`` hands the graph engine ``global_options().as_dict()`` as it is when it
runs (hicann/tensorflow ``tf_adapter_2.x/python/npu_device/npu_device.py``,
``open``), so a later assignment does not take effect. The importer records such
writes; ``validate`` reports them as ``tf2.option.after_open`` (a warning).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from ascend_studio.codegen import import_python
from ascend_studio.lint import CommandLine, check_file, settings_for
from ascend_studio.schema import shipped_catalog

SCRIPT = textwrap.dedent(
    """\
    import npu_device


    def init(flags):
        npu_device.global_options().precision_mode = "allow_mix_precision"
        npu_device.open().as_default()
        npu_device.global_options().op_debug_level = 1
        if flags.dump:
            npu_device.global_options().dump_config.enable_dump = True


    def other():
        npu_device.global_options().fusion_switch_file = "/x.cfg"


    if __name__ == "__main__":
        init(None)
    """
)


def test_writes_after_open_in_the_same_body_are_recorded() -> None:
    (config,) = import_python(SCRIPT).configs
    assert dict(config.after_open) == {
        "op_debug_level": (7, 6),
        "dump_config.enable_dump": (9, 6),
    }


@pytest.mark.parametrize(
    "script",
    [
        # open() under a condition the write is not under: it may not have run
        "import npu_device\nif x:\n    npu_device.open()\n"
        "npu_device.global_options().precision_mode = 'force_fp32'\n",
        # a write in another function: its order against open() is not known
        "import npu_device\nnpu_device.open()\n\n\ndef f():\n"
        "    npu_device.global_options().precision_mode = 'force_fp32'\n",
        # before open(): effective
        "import npu_device\nnpu_device.global_options().precision_mode = 'force_fp32'\n"
        "npu_device.open()\n",
    ],
)
def test_no_write_is_called_late_without_reason(script: str) -> None:
    (config,) = import_python(script).configs
    assert not config.after_open


def test_validate_warns_with_the_evidence(tmp_path: Path) -> None:
    script = tmp_path / "train.py"
    script.write_text(SCRIPT, encoding="utf-8")
    checked = check_file(script, "train.py", settings_for(script, CommandLine()), shipped_catalog())
    late = [f for f in checked.findings if f.rule_id == "tf2.option.after_open"]
    assert sorted(f.line for f in late) == [7, 9]
    assert all(f.severity == "warning" for f in late)
    assert all("npu_device/npu_device.py:open" in (f.source or "") for f in late)
    assert "after npu_device.open() on line 6" in late[0].message.en
