"""What the commands print under ``--lang zh``, over a set of representative inputs.

:func:`english_words` finds the English words a Chinese report leaves in place:
everything that is not an identifier, a path, code, a quoted value, a parameter
or variable name, a flag or a proper noun. :data:`RUNS` lists the command lines
(the launch checker and ``doctor`` have their own tests); :func:`write_inputs`
writes the files they read: a training script with a configuration in a
function and a conditional variable, a sess.run script in a class, a TF Adapter
2.x script, env scripts, a profile with problems, a companion file, a broken,
an empty and a missing file.
"""

from __future__ import annotations

import re
from pathlib import Path

INPUTS: dict[str, str] = {
    "train.py": """\
import os
from npu_bridge.npu_init import *


def main(argv):
    os.environ["ASCEND_GLOBAL_LOG_LEVEL"] = "1"
    if argv:
        os.environ["DUMP_GE_GRAPH"] = "2"
    for _ in range(1):
        os.environ["ASCEND_SLOG_PRINT_TO_STDOUT"] = "1"
    run_config = NPURunConfig(
        model_dir="/tmp/m",
        iterations_per_loop=0,
        precision_mode="allow_mix_precision",
        enable_dump=True,
        hcom_parallel=True,
        enable_data_pre_proc=True,
        aoe_mode=2,
        mix_compile_mode=args.mode,
        op_debug_config="debug.cfg",
    )
    return run_config


if __name__ == "__main__":
    if True:
        cfg = NPURunConfig(precision_mode="force_fp16", precision_mode_v2="fp16")
    else:
        cfg = NPURunConfig(graph_run_mode=0, enable_dump_debug=True)
""",
    "sess.py": """\
import tensorflow as tf
from npu_bridge.npu_init import *


class Model:
    def __init__(self):
        config = tf.ConfigProto()
        custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
        custom_op.name = "NpuOptimizer"
        custom_op.parameter_map["use_off_line"].b = True
        custom_op.parameter_map["precision_mode"].s = tf.compat.as_bytes("allow_mix_precision")
        custom_op.parameter_map["enable_auto_mix_precision"].b = True
        custom_op.parameter_map["iterations_per_loop"].s = b"10"
        custom_op.parameter_map["precision_mode"].s = b"force_fp16"
        custom_op.parameter_map["enable_dump_debug"].b = True
        self.sess = tf.Session(config=config)
""",
    "tf2.py": """\
import npu_device
npu_device.global_options().precision_mode = "allow_mix_precision"
npu_device.global_options().bogus = 1
npu_device.open().as_default()
""",
    "env.sh": """\
#!/bin/bash
source /usr/local/Ascend/ascend-toolkit/set_env.sh
# ascend-studio: product=nonsense
export ASCEND_GLOBAL_LOG_LEVEL=1
export DUMP_GE_GRAPH=9
export ASCEND_WORK_PATH=rel/work
export ASCEND_CACHE_PATH=$(pwd)/cache
FOO=1
if [ -n "$X" ]; then export NPU_COLLECT_PATH=/tmp/c; fi
for i in 0 1; do export ASCEND_DEVICE_ID=$i; done
unset ASCEND_PROCESS_LOG_PATH
""",
    "docker.env": "ASCEND_GLOBAL_LOG_LEVEL=1\nASCEND_SLOG_PRINT_TO_STDOUT=1\n",
    "profile.json": """\
{"values": {"iterations_per_loop": 0, "precision_mode": "bogus", "enable_dump": true,
 "dump_config.dump_mode": "all", "op_debug_config": "debug.cfg"},
 "env": {"ASCEND_WORK_PATH": "rel/path", "ASCEND_SLOG_PRINT_TO_STDOUT": "2"},
 "product": "atlas_a2", "scenario": "inference"}
""",
    "debug.cfg": "OpDebugConfig:\nop_debug_list: [conv2d, bad\n",
    "hosts.csv": "10.0.0.1\n10.0.0.2,vm1\nnot an address\n",
    "broken.json": "{not json\n",
    "syntax.py": "def (:\n",
    "empty.py": "",
    "binary.py": "\x00\x01binary",
}

#: Command lines (after ``--lang zh``); ``{dir}`` is the folder of the inputs.
RUNS: tuple[tuple[str, ...], ...] = (
    *(
        ("validate", name)
        for name in (
            "train.py",
            "sess.py",
            "tf2.py",
            "env.sh",
            "docker.env",
            "profile.json",
            "debug.cfg",
            "broken.json",
            "syntax.py",
            "empty.py",
            "binary.py",
            "missing.py",
        )
    ),
    ("validate", "train.py", "--explain", "precision_mode"),
    ("validate", "profile.json", "--explain", "env:ASCEND_WORK_PATH"),
    ("validate", "{dir}"),
    ("validate", "train.py", "--fix", "--unsafe-fixes", "--diff"),
    *(
        ("import", name)
        for name in (
            "train.py",
            "sess.py",
            "tf2.py",
            "env.sh",
            "docker.env",
            "profile.json",
            "syntax.py",
            "empty.py",
            "missing.py",
        )
    ),
    ("paths", "train.py"),
    ("paths", "profile.json", "--env-file", "env.sh", "--set", "NPU_COLLECT_PATH=/c"),
    ("paths", "env.sh", "--by-dir"),
    ("paths", "train.py", "--artifact", "kernel_mete"),
    ("paths", "train.py", "--artifact", "nothing-like-it"),
    ("paths", "train.py", "--release", "no-such-release"),
    ("export", "train.py", "-f", "py", "--release", "5.0"),
    ("validate", "train.py", "--release", "5.0"),
    *(
        ("export", name, "-f", fmt, "--with-defaults")
        for name in ("train.py", "sess.py", "profile.json")
        for fmt in ("py", "sess", "tf2", "sh", "env-file", "docker", "k8s")
    ),
    ("params", "dump"),
    ("preset", "list"),
    ("preset", "show", "accuracy_dump"),
    ("preset", "apply", "accuracy_dump", "profile.json"),
    ("file", "check", "debug.cfg"),
    ("file", "new", "debug_cfg"),
    ("workpath", "check", "rel/work path"),
    ("workpath", "cluster", "hosts.csv", "-o", "{dir}/cluster", "--base", "/data/work"),
    ("apply", "profile.json", "train.py", "--write"),
    ("apply", "profile.json", "env.sh", "--write"),
    # what --release auto found (here: nothing) and how it decided
    ("validate", "train.py", "--release", "auto"),
    ("paths", "train.py", "--release", "auto"),
    ("migrate", "train.py", "--to", "auto"),
    ("migrate", "train.py", "--to", "no-such-release"),
    # bad input: a missing script, no such configuration, product, category or preset
    ("apply", "profile.json", "missing.py"),
    ("apply", "profile.json", "train.py", "--config", "9"),
    ("migrate", "env.sh", "--to", "r1.12.0"),
    ("migrate", "missing.py", "--to", "r1.12.0"),
    ("params", "--product", "no-such-product"),
    ("params", "dump", "--category", "no-such-category"),
    ("validate", "train.py", "--product", "no-such-product"),
    ("preset", "show", "no-such-preset"),
    ("validate", "train.py", "--explain", "precision_mod"),
    ("validate", "train.py", "--explain", "nothing_like_it"),
    ("validate", "train.py", "--select", "dum"),
    ("launch-check", "missing.sh"),
    ("validate", "--show-config"),
    ("validate", "train.py", "missing.py"),
    ("validate", "/dev/null"),
    ("validate", "missing.py", "--fix"),
    ("validate", "--show-config", "missing.py"),
    ("launch-check", "{dir}"),
    # argparse's own messages: usage errors and help
    ("nosuch",),
    ("validate", "train.py", "--bogus"),
    ("paths",),
    ("paths", "train.py", "--artifact"),
    ("validate", "train.py", "--format", "xml"),
    *((command, "--help") for command in ("validate", "paths", "export", "import", "preset")),
    ("--help",),
)

#: Words that stay in Latin script in Chinese text: products, formats, tools and terms
#: of the trade the Chinese reference pages themselves write in Latin script ("Data
#: Dump", "AI Core Error", "Profiler"), option keys and values they quote bare.
KEPT = frozenset(
    {
        *("Adapter", "Ascend", "Studio", "Atlas", "Python", "Core", "Duo", "Estimator"),
        *("Session", "Dump", "dump", "Data", "Error", "Kernel", "Profiler", "Profiling"),
        *("profiling", "Kubernetes", "sh", "shell", "bash", "docker", "env", "env-file"),
        *("trace", "printf", "shape", "oneof", "rank", "table", "output", "true"),
        "master",  # a git branch, named among the public release refs
        *("ascend-studio", "extra-info", "a-z"),
        *("zh", "en", "newest", "auto", "stdio"),  # values of --lang and --release, a transport
        *("toolkit", "msprof", "diff", "pre-commit", "GitHub", "Actions"),  # tools, formats
        "envfile",  # a file name validate looks for
    }
)

#: Code words: Python values, types and the statements a location names.
CODE = frozenset(
    {
        *("True", "False", "None", "str", "bytes", "int", "float", "bool", "object", "list"),
        *("dict", "if", "else", "for", "in", "while", "except", "case", "export"),
    }
)

#: The names the inputs themselves use (functions, classes, options they misspell).
INPUT_NAMES = frozenset({"main", "Model", "args", "argv", "mode", "bogus", "oom"})

#: What needs no translation inside a line: quoted text, links, the sources a finding
#: cites (public pages and code, in their own words), command lines and shell code.
_SKIPPED = (
    re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|`[^`\n]*`|“[^”\n]*”|<[^>\n]*>"),
    re.compile(r"https?://\S+"),
    re.compile(r"^\s*(?:来源|source)\s*[:：].*$"),
    re.compile(r"(?:用法|运行方式)：.*$"),
    re.compile(r"(?<![.\w])ascend-studio(?: [a-z][\w\-]*)*"),
    re.compile(r"\{[^}\n]*\}"),  # an option's choices in a help text
    re.compile(r"^\s+(?:- repo|rev|hooks): .*$"),  # the pre-commit recipe (YAML)
    re.compile(r"\b(?:export|unset|source)\s+\S+|\$\([^)]*\)|\bdocker run\b"),
)
_TOKEN = re.compile(r"[A-Za-z][\w.\-/:*${}\[\]=+]*")


def _technical(token: str, before: str, after: str) -> bool:
    """An identifier, path, flag, variable, type, call or number-bearing name."""
    return bool(
        before in "-./$\\"
        or after == "("
        or re.search(r"[_/.$={}*+:]|\d", token)
        or token.isupper()
        or re.search(r"[a-z][A-Z]|[A-Z]{2}", token)  # NPURunConfig, NpuOptimizer
        or re.fullmatch(r"[A-Z]\w*(Error|Exception)", token)
    )


def _citations(text: str) -> str:
    """``text`` without a ``来源:`` list's items (each a public source's own title)."""
    kept, listing = [], False
    for line in text.splitlines():
        listing = (listing and line.startswith("  - ")) or line.strip() in ("来源:", "来源：")
        if not listing:
            kept.append(line)
    return "\n".join(kept)


def english_words(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The English words in ``text`` outside quotes, links, citations, code and the
    allow-lists (``allowed``: the identifiers of the catalog and of the inputs)."""
    found = []
    for raw in _citations(text).splitlines():
        line = raw
        for pattern in _SKIPPED:
            line = pattern.sub(" ", line)
        for match in _TOKEN.finditer(line):
            token = match.group().rstrip(".:-]")
            before = line[match.start() - 1] if match.start() else " "
            after = line[match.start() + len(token) : match.start() + len(token) + 1]
            if token in KEPT or token in CODE or token in INPUT_NAMES or token in allowed:
                continue
            if len(token) >= 2 and not _technical(token, before, after):
                found.append(token)
    return found


def english_lines(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The lines of ``text`` with an English word (:func:`english_words`)."""
    return [line for line in _citations(text).splitlines() if english_words(line, allowed)]


def catalog_names() -> frozenset[str]:
    """Every name the catalog gives: parameters (and each part of a dotted path), their
    values, TF Adapter 2.x options, products, artifacts, companion file kinds, export
    formats, commands."""
    from ascend_studio.cli._file import kinds
    from ascend_studio.codegen import EXPORT_FORMATS
    from ascend_studio.paths import load_artifacts
    from ascend_studio.schema import shipped_catalog

    catalog = shipped_catalog()
    paths = [p.path for p in catalog.params] + [o.path for o in catalog.tf2.options]
    names = {part for path in paths for part in path.split(".")}
    names |= {str(v.value) for p in catalog.params for v in p.values}
    names |= {p.id for p in catalog.products} | {a.id for a in load_artifacts().artifacts}
    names |= {c.id for c in catalog.categories}
    names |= {alias for a in load_artifacts().artifacts for alias in a.aliases}
    from ascend_studio.lint._config import _TOP_KEYS  # the keys of [tool.ascend-studio]

    names |= set(_TOP_KEYS)
    return frozenset(names | set(kinds()) | set(EXPORT_FORMATS) | _command_words())


def _command_words() -> set[str]:
    """The commands, their subcommands and the values their options choose from."""
    import argparse

    from ascend_studio.cli import build_parser

    found: set[str] = set()
    parsers = [build_parser()]
    while parsers:
        for action in parsers.pop()._actions:
            found |= {str(choice) for choice in action.choices or ()}
            if isinstance(action, argparse._SubParsersAction):
                parsers += list(action.choices.values())
    return found


def comments(text: str) -> str:
    """The comments of exported code (what a reader reads as text, not code)."""
    found = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            found.append(stripped.lstrip("#!"))
        elif "  # " in line:
            found.append(line.split("  # ", 1)[1])
    return "\n".join(found)


def write_inputs(folder: Path) -> None:
    for name, text in INPUTS.items():
        (folder / name).write_text(text, encoding="utf-8")
