"""A catalog with synthetic extra parameters: what adding a plain one takes.

Each entry below is ONE TOML table and nothing else: a bool,
an int with a range, a str enum, a path, a list with a format, and one field of
a sub-config. Tests build the shipped catalog plus this file and follow each
parameter through params, the form, the rules, every exporter, the importer and
the profile round trip.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from ascend_studio._resources import resource_path
from ascend_studio.schema import Catalog, load_catalog, shipped_catalog

_COMMON = """category = "performance"
section = "performance"
label = {{ zh = "合成参数 {n}", en = "Synthetic {n}" }}
description = {{ zh = "测试用的合成参数。", en = "A synthetic parameter for tests." }}
sources = ["catalog"]
"""

SYNTHETIC_TOML = (
    """
[[param]]
name = "zz_flag"
position = {run_config}
kind = "bool"
py_type = "bool"
default = false
session = { key = "zz_flag", field = "b", sent = "if_set" }
"""
    + _COMMON.format(n=1)
    + """
[[param]]
name = "zz_count"
position = {run_config_1}
kind = "int"
py_type = "int"
minimum = 1
maximum = 64
checks = { range = "rejects" }
session = { key = "zz_count", field = "i", sent = "if_set" }
"""
    + _COMMON.format(n=2)
    + """
[[param]]
name = "zz_mode"
position = {run_config_2}
kind = "enum"
py_type = "str"
checks = { values = "rejects" }
session = { key = "zz_mode", field = "s", sent = "if_set", convert = "as_bytes" }
"""
    + _COMMON.format(n=3)
    + """
[[param.values]]
value = "fast"
description = { zh = "快。", en = "Fast." }

[[param.values]]
value = "safe"
description = { zh = "稳。", en = "Safe." }

[[param]]
name = "zz_dir"
position = {run_config_3}
kind = "path"
py_type = "str"
variant = "dir"
session = { key = "zz_dir", field = "s", sent = "if_set", convert = "as_bytes" }
"""
    + _COMMON.format(n=4)
    + """
[[param]]
name = "zz_steps"
position = {run_config_4}
kind = "str"
py_type = "str"
variant = "step_list"
format = "step_groups"
checks = { values = "rejects" }
session = { key = "zz_steps", field = "s", sent = "if_set", convert = "as_bytes" }
"""
    + _COMMON.format(n=5)
    + """
[[param]]
name = "zz_level"
owner = "DumpConfig"
position = {dump_config}
kind = "int"
py_type = "int"
session = { key = "zz_level", field = "i", sent = "if_set" }
"""
    + _COMMON.format(n=6)
)

#: path -> a good value, a value the rules reject, the rule id that says so.
SYNTHETIC: dict[str, tuple[object, object, str]] = {
    "zz_flag": (True, 1, "type.int_for_bool"),
    "zz_count": (8, 0, "range.out_of_range"),
    "zz_mode": ("safe", "Safe", "value.case"),
    "zz_dir": ("/data/zz", 5, "type.mismatch"),
    "zz_steps": ("0|5|10-20", "0||5", "format.invalid"),
    "dump_config.zz_level": (3, "3", "type.mismatch"),
}


def synthetic_toml() -> str:
    """The synthetic entries, placed after the last real keyword of their constructor."""
    shipped = shipped_catalog()
    after = len(shipped.signature("NPURunConfig"))
    places = {f"run_config{'_' + str(i) if i else ''}": after + i for i in range(5)}
    places["dump_config"] = len(shipped.signature("DumpConfig"))
    return re.sub(r"\{(\w+)\}", lambda m: str(places[m.group(1)]), SYNTHETIC_TOML)


def synthetic_catalog(folder: Path) -> Catalog:
    """The shipped catalog files plus the synthetic entries, loaded from ``folder``."""
    base = folder / "catalog"
    shutil.copytree(resource_path("catalog"), base)
    (base / "params" / "zz_synthetic.toml").write_text(synthetic_toml(), "utf-8")
    return load_catalog(base)
