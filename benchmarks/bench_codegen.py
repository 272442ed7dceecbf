"""Importer speed: a 5,000-line training script against ``ast.parse`` of the same text.

Target: importing takes <= 2x ``ast.parse``. The import includes its
own parse, so the ratio is (parse + walk) / parse. Two synthetic scripts are
timed: "typical" (flags and constants at module level, model and data code in
functions and classes, configs in a few places) and "flat" (everything at
module level, nothing for the importer to skip). Usage:
``python benchmarks/bench_codegen.py [--runs N] [--lines N]``. Exits 1 when a
ratio is over target.
"""

from __future__ import annotations

import argparse
import ast
import gc
import statistics
import sys
import time
from collections.abc import Callable

from ascend_studio.codegen import import_python

TARGET = 2.0

HEADER = '''"""Synthetic ResNet-style training script (benchmark input)."""
import os
import json
import tensorflow as tf
from npu_bridge.npu_init import *
from npu_bridge.estimator.npu import npu_config as nc

flags = tf.app.flags
FLAGS = flags.FLAGS
BASE_DIR = os.path.join("/home", "user", "work")
MODEL_DIR = f"{BASE_DIR}/model"
os.environ["ASCEND_GLOBAL_LOG_LEVEL"] = "3"
'''

FLAG = 'flags.DEFINE_integer("option_{i}", {i}, "Help text for option {i}, with some words.")\n'

CONST = """LAYER_{i}_UNITS = {i} * 4 + 16
LAYER_{i}_NAME = "block_" + str({i}) + "_conv"
SCHEDULE_{i} = {{"lr": 0.1 / ({i} + 1), "steps": [{i}, {i} * 2, {i} * 3], "name": LAYER_{i}_NAME}}
if FLAGS.option_{i} > 3:
    LAYER_{i}_UNITS = LAYER_{i}_UNITS * 2
else:
    LAYER_{i}_UNITS = LAYER_{i}_UNITS // 2
"""

FUNCTION = '''

def block_{i}(inputs, training, filters={i}, strides=1):
    """Residual block {i}."""
    shortcut = inputs
    x = tf.layers.conv2d(inputs, filters, 3, strides=strides, padding="same", name="conv_{i}_a")
    x = tf.layers.batch_normalization(x, training=training, name="bn_{i}_a")
    x = tf.nn.relu(x)
    for step in range(2):
        x = tf.layers.conv2d(x, filters, 3, padding="same", name="conv_{i}_%d" % step)
        if step % 2 == 0 and training:
            x = tf.nn.dropout(x, rate=0.1)
    summary = {{"name": "block_{i}", "filters": filters, "shape": x.shape.as_list()}}
    tf.logging.info("block %s: %s", {i}, json.dumps(summary))
    return tf.nn.relu(x + shortcut)
'''

CLASS = '''

class Dataset{i}(object):
    """Input pipeline {i}."""

    def __init__(self, path, batch_size=32):
        self.path = path
        self.batch_size = batch_size
        self.files = [os.path.join(path, "part-%05d" % k) for k in range({i} % 7 + 1)]

    def parse(self, record):
        features = {{"image": tf.FixedLenFeature([], tf.string), "label": tf.FixedLenFeature([], tf.int64)}}
        parsed = tf.parse_single_example(record, features)
        image = tf.image.decode_jpeg(parsed["image"], channels=3)
        return tf.image.resize_images(image, [224, 224]), parsed["label"]

    def input_fn(self):
        ds = tf.data.TFRecordDataset(self.files)
        ds = ds.map(self.parse, num_parallel_calls=8).batch(self.batch_size, drop_remainder=True)
        return ds.prefetch(2)
'''

CONFIGS = """

def make_session_config():
    session_config = tf.ConfigProto(allow_soft_placement=True)
    custom_op = session_config.graph_options.rewrite_options.custom_optimizers.add()
    custom_op.name = "NpuOptimizer"
    custom_op.parameter_map["precision_mode"].s = tf.compat.as_bytes("allow_mix_precision")
    custom_op.parameter_map["op_debug_level"].i = 0
    return session_config


def make_run_config(mode):
    dump_config = nc.DumpConfig(enable_dump=FLAGS.dump, dump_path=os.path.join(BASE_DIR, "dump"))
    if mode == "train":
        return nc.NPURunConfig(
            model_dir=MODEL_DIR,
            iterations_per_loop=FLAGS.iterations_per_loop,
            save_checkpoints_steps=1000,
            dump_config=dump_config,
            session_config=make_session_config(),
            precision_mode="allow_mix_precision",
        )
    return nc.NPURunConfig(graph_run_mode=0, model_dir=MODEL_DIR)


if __name__ == "__main__":
    run_config = make_run_config(FLAGS.mode)
    estimator = NPUEstimator(model_fn=None, config=run_config)
"""


def typical(lines: int) -> str:
    parts = [HEADER]
    i = 0
    while sum(p.count("\n") for p in parts) < lines - 40:
        parts.append(FLAG.format(i=i))
        parts.append(CONST.format(i=i) if i % 3 == 0 else "")
        parts.append(FUNCTION.format(i=i) if i % 2 == 0 else CLASS.format(i=i))
        i += 1
    parts.append(CONFIGS)
    return "".join(parts)


def flat(lines: int) -> str:
    parts = [HEADER]
    i = 0
    while sum(p.count("\n") for p in parts) < lines - 40:
        parts.append(FLAG.format(i=i) + CONST.format(i=i))
        i += 1
    parts.append(
        CONFIGS.replace("\n\nif __name__", "\n\nrun_config = make_run_config('train')\nif __name__")
    )
    return "".join(parts)


def _time(func: Callable[[], object], runs: int) -> float:
    samples = []
    for _ in range(runs):
        gc.collect()
        start = time.perf_counter()
        func()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def measure(name: str, text: str, runs: int) -> float:
    result = import_python(text)
    assert result.configs, "the benchmark script must contain configurations"
    parse_ms = _time(lambda: ast.parse(text), runs)
    import_ms = _time(lambda: import_python(text), runs)
    ratio = import_ms / parse_ms
    lines = text.count("\n")
    verdict = "ok" if ratio <= TARGET else "OVER TARGET"
    print(
        f"{name:8} {lines:6d} lines  ast.parse {parse_ms:7.2f} ms  import_python {import_ms:7.2f} ms  "
        f"ratio {ratio:4.2f} (target <= {TARGET}) {verdict}; {len(result.configs)} configs"
    )
    return ratio


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--lines", type=int, default=5000)
    args = parser.parse_args(argv)
    ratios = [
        measure("typical", typical(args.lines), args.runs),
        measure("flat", flat(args.lines), args.runs),
    ]
    return 0 if max(ratios) <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
