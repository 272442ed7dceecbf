"""The form's rows for a dump switch given as ``args.dump``: no row says the switch is
off or its field ignored (the value is known at run time)."""

from __future__ import annotations

from ascend_studio.codegen import import_text
from ascend_studio.schema import shipped_catalog
from ascend_studio.ui._core import Engine
from ascend_studio.ui._snapshot import take_snapshot

SCRIPT = """\
from npu_bridge.npu_init import *
dump_config = DumpConfig(enable_dump=args.dump, enable_dump_debug=False, dump_path="/tmp/d",
                         dump_step="0|5", dump_mode="all", dump_data="stats",
                         dump_layer="conv1")
config = NPURunConfig(dump_config=dump_config)
"""


def test_no_dump_row_states_the_run_time_switch_off() -> None:
    catalog = shipped_catalog()
    (config,) = import_text(SCRIPT, "train.py").configs
    snapshot = take_snapshot(catalog, Engine(catalog), config.profile)
    rows = {p: r for p, r in snapshot.rows.items() if p.startswith("dump_config.")}
    set_rows = [r for r in rows.values() if r.value is not None]
    assert len(set_rows) == 7
    for path, row in rows.items():
        assert not [f for f in row.findings if "off" in f.message.en], path
        assert row.effective is None or not row.effective.ignored, path
