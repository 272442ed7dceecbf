"""What one TF Adapter source tree configures, as a set of small facts ("atoms").

The same reading is applied to every public release folder and, when a git history is
given, to every commit of it that touched the configuration files, so a fact's first
and last appearance can be found both release by release and commit by commit.

Atoms are tab-separated strings:

- ``kw  Owner  name``            a constructor keyword of ``Owner`` (npu_config.py)
- ``def Owner  name  <json>``    its signature default (``"REQUIRED"``: none)
- ``read key`` / ``rfield key f`` the C++ option reader reads ``key`` (npu_attrs.cc), as ``.f()``
- ``rcheck key how``             it checks which member was set (``value_case()``) and, on
  another one, ``refuses`` the options (an error Status) or ``skips`` the value
- ``write key`` / ``wfield key f`` NPUEstimator writes ``parameter_map[key].f`` (npu_estimator.py)
- ``chk path`` / ``val path <json>`` the adapter checks ``path`` against a list holding the value

Nothing here imports or runs the adapter: the files are parsed (``ast``) and
searched (regular expressions) as text.
"""

from __future__ import annotations

import ast
import json
import re

__all__ = ["FILES", "REQUIRED", "VALUE_LISTS", "atoms"]

NPU = "tf_adapter/python/npu_bridge/estimator/npu"
#: The files read, by short name -> path inside a source tree.
FILES = {
    "npu_config.py": f"{NPU}/npu_config.py",
    "npu_estimator.py": f"{NPU}/npu_estimator.py",
    "util.py": f"{NPU}/util.py",
    "npu_attrs.cc": "tf_adapter/util/npu_attrs.cc",
}
REQUIRED = "REQUIRED"

#: Catalog path -> (file, pattern whose group 1 is the list of allowed values) for the
#: values the adapter itself checks; elsewhere the lower layers (GE) decide.
VALUE_LISTS: dict[str, tuple[str, str]] = {
    "precision_mode": ("npu_attrs.cc", r"kPrecisionModeList\s*=\s*\{(.*?)\}"),
    "precision_mode_v2": ("npu_attrs.cc", r"kPrecisionModeV2List\s*=\s*\{(.*?)\}"),
    "jit_compile": ("npu_attrs.cc", r"kJitCompileList\s*=\s*\{(.*?)\}"),
    "shape_generalization_mode": ("npu_attrs.cc", r"kShapeGeneralizationModeList\s*=\s*\{(.*?)\}"),
    "export_compile_stat": ("npu_attrs.cc", r"kExportCompileStatList\s*=\s*\{(.*?)\}"),
    "memory_config.variable_use_1g_huge_page": (
        "npu_attrs.cc",
        r"variable_use_1g_huge_page\"\)\.i\(\)\);\s*const static std::vector<int32_t> kAllowList\s*=\s*\{(.*?)\}",
    ),
    "aoe_mode": ("util.py", r"(?:aoe|mstune)_modes\s*=\s*\[(.*?)\]"),
}

_READ = re.compile(r'params\.count\(\s*"([A-Za-z0-9_]+)"\s*\)')
_READ_FIELD = re.compile(r'params\.at\(\s*"([A-Za-z0-9_]+)"\s*\)\.([sibf])\(\)')
#: ``value_case()`` of a key: inside NPU_REQUIRES the options are refused on another
#: member; in the ``if`` that reads it the value is skipped.
_CASE = re.compile(r'(NPU_REQUIRES\(\s*)?params\.at\(\s*"([A-Za-z0-9_]+)"\s*\)\.value_case\(\)')
_WRITE = re.compile(r"""parameter_map\[\s*["']([A-Za-z0-9_]+)["']\s*\]\.([sibf])\b""")
_ITEM = re.compile(r""""([^"]*)"|'([^']*)'|(-?\d+)""")


def _literal(node: ast.expr | None) -> object:
    if node is None:
        return REQUIRED
    try:
        return ast.literal_eval(node)
    except ValueError:
        return {"expr": ast.unparse(node)}


def _signatures(text: str) -> set[str]:
    found: set[str] = set()
    for cls in ast.parse(text).body:
        if not isinstance(cls, ast.ClassDef):
            continue
        for item in cls.body:
            if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                args = item.args.args[1:]
                defaults: list[ast.expr | None] = [None] * (len(args) - len(item.args.defaults))
                defaults += item.args.defaults
                for arg, default in zip(args, defaults, strict=True):
                    found.add(f"kw\t{cls.name}\t{arg.arg}")
                    value = json.dumps(_literal(default), ensure_ascii=False)
                    found.add(f"def\t{cls.name}\t{arg.arg}\t{value}")
    return found


def _keys(cc: str, estimator: str) -> set[str]:
    found = {f"read\t{key}" for key in _READ.findall(cc)}
    found |= {f"rfield\t{key}\t{f}" for key, f in _READ_FIELD.findall(cc)}
    for required, key in _CASE.findall(cc):
        found.add(f"rcheck\t{key}\t{'refuses' if required else 'skips'}")
    for key, f in _WRITE.findall(estimator):
        found |= {f"write\t{key}", f"wfield\t{key}\t{f}"}
    return found


def _values(texts: dict[str, str]) -> set[str]:
    found: set[str] = set()
    for path, (name, pattern) in VALUE_LISTS.items():
        match = re.search(pattern, texts.get(name, ""), re.S)
        if match is None:
            continue
        found.add(f"chk\t{path}")
        for double, single, number in _ITEM.findall(match.group(1)):
            value: object = int(number) if number else (double or single)
            found.add(f"val\t{path}\t{json.dumps(value, ensure_ascii=False)}")
    return found


def atoms(texts: dict[str, str]) -> set[str]:
    """Every atom of one source tree (``texts``: short file name -> text; a missing file
    contributes nothing)."""
    found = _signatures(texts["npu_config.py"]) if "npu_config.py" in texts else set()
    found |= _keys(texts.get("npu_attrs.cc", ""), texts.get("npu_estimator.py", ""))
    return found | _values(texts)
