"""Batch validation: 2,000 real-looking scripts in one process vs one process per file.

Target: ``ascend-studio validate DIR`` over 2,000 generated training
scripts, env scripts and launch scripts takes <= 30 s on this machine, start-up
included. Also printed: the same files' per-file cost inside the batch, and the
single-file command's cost per file (a sample of files, one process each), so the
per-file overhead the batch saves is a ratio measured in the same run. Usage:
``python benchmarks/bench_validate.py [--files N] [--sample N]``. Exits 1 when the
target is missed.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_S = 30.0

TRAIN = '''\
# Copyright {year} The {team} Authors. All Rights Reserved.
"""Train {model} on {dataset} with TF Adapter (NPU)."""
import os
import argparse
import tensorflow as tf
from npu_bridge.npu_init import *
from npu_bridge.estimator.npu.npu_config import NPURunConfig, DumpConfig, ProfilingConfig

parser = argparse.ArgumentParser()
parser.add_argument("--data_dir", default="/data/{dataset}")
parser.add_argument("--batch_size", type=int, default={batch})
parser.add_argument("--epochs", type=int, default={epochs})
parser.add_argument("--iterations_per_loop", type=int, default={loops})
args = parser.parse_args()
os.environ["ASCEND_GLOBAL_LOG_LEVEL"] = "{log}"


def input_fn(mode):
    files = tf.io.gfile.glob(os.path.join(args.data_dir, "train-*"))
    dataset = tf.data.TFRecordDataset(files).shuffle(1024).repeat()
    return dataset.batch(args.batch_size, drop_remainder=True)


def model_fn(features, labels, mode):
    logits = tf.layers.dense(tf.layers.flatten(features), {classes})
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.train.MomentumOptimizer({lr}, 0.9).minimize(loss)
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def main():
    dump = DumpConfig(enable_dump={dump}, dump_path="/var/log/npu/dump", dump_mode="output")
    config = NPURunConfig(
        model_dir="/cache/{model}",
        save_checkpoints_steps={ckpt},
        iterations_per_loop=args.iterations_per_loop,
        precision_mode="{precision}",
        enable_data_pre_proc=True,
        hcom_parallel={hcom},
        dump_config=dump,{extra}
    )
    estimator = NPUEstimator(model_fn=model_fn, config=config)
    estimator.train(input_fn=input_fn, max_steps=args.epochs * {steps})


if __name__ == "__main__":
    main()
'''

SESS = """\
import tensorflow as tf
from npu_bridge.npu_init import *

config = tf.ConfigProto()
custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.name = "NpuOptimizer"
custom_op.parameter_map["use_off_line"].b = True
custom_op.parameter_map["precision_mode"].s = tf.compat.as_bytes("{precision}")
custom_op.parameter_map["iterations_per_loop"].i = {loops}
custom_op.parameter_map["mix_compile_mode"].b = {mix}
config.graph_options.rewrite_options.remapping = RewriterConfig.OFF
with tf.Session(config=config) as sess:
    sess.run(tf.global_variables_initializer())
"""

ENV = """\
#!/bin/bash
# Environment for {model} on {ranks} devices
export install_path=/usr/local/Ascend
export LD_LIBRARY_PATH=${{install_path}}/fwkacllib/lib64:$LD_LIBRARY_PATH
export PYTHONPATH=${{install_path}}/fwkacllib/python/site-packages:$PYTHONPATH
export ASCEND_OPP_PATH=${{install_path}}/opp
export RANK_SIZE={ranks}
export RANK_TABLE_FILE=/home/hccl_{ranks}p.json
export JOB_ID={job}
export ASCEND_GLOBAL_LOG_LEVEL={log}
export HCCL_CONNECT_TIMEOUT={timeout}
{extra}
"""

LAUNCH = """\
#!/bin/bash
cur_path=$(pwd)
source ${{cur_path}}/env.sh
for ((RANK_ID=0; RANK_ID<{ranks}; RANK_ID++)); do
    export ASCEND_DEVICE_ID=$RANK_ID
    export RANK_ID
    mkdir -p ${{cur_path}}/output/$ASCEND_DEVICE_ID
    python3 train.py --data_dir=/data --batch_size={batch} > ${{cur_path}}/output/$ASCEND_DEVICE_ID/train.log 2>&1 &
done
wait
"""

PLAIN = '''\
"""Utilities for {model}."""
import numpy as np


def accuracy(logits, labels):
    return float(np.mean(np.argmax(logits, axis=-1) == labels))
'''


def _train(rng: random.Random, model: str) -> str:
    extras = ["", "\n        precision_mode_v2='mixed_float16',", "\n        aoe_mode=2,"]
    return TRAIN.format(
        year=rng.choice([2020, 2021, 2022]),
        team=rng.choice(["TensorFlow", "Huawei", "ModelZoo"]),
        model=model,
        dataset=rng.choice(["imagenet", "cifar10", "squad", "coco"]),
        batch=rng.choice([32, 64, 128, 256]),
        epochs=rng.randint(1, 90),
        loops=rng.choice([1, 10, 100, 1000]),
        log=rng.choice([0, 1, 3]),
        classes=rng.choice([10, 100, 1000]),
        lr=rng.choice([0.1, 0.01, 0.001]),
        dump=rng.choice(["True", "False"]),
        ckpt=rng.choice([100, 1000, 0]),
        precision=rng.choice(["allow_mix_precision", "allow_fp32_to_fp16", "force_fp32"]),
        hcom=rng.choice(["True", "False"]),
        steps=rng.choice([100, 1000]),
        extra=rng.choice(extras),
    )


def generate(root: Path, count: int) -> None:
    """``count`` files in model folders: train.py, sess_train.py, env.sh, launch, a utility."""
    rng = random.Random(13)
    makers = [
        ("train.py", lambda m: _train(rng, m)),
        (
            "sess_train.py",
            lambda m: SESS.format(
                precision=rng.choice(["allow_mix_precision", "must_keep_origin_dtype"]),
                loops=rng.choice([1, 100]),
                mix=rng.choice(["True", "False"]),
            ),
        ),
        (
            "env.sh",
            lambda m: ENV.format(
                model=m,
                ranks=rng.choice([1, 8]),
                job=rng.randint(10000, 99999),
                log=rng.choice([0, 3]),
                timeout=rng.choice([120, 600, 7200]),
                extra=rng.choice(["", "export CM_WORKER_SIZE=8", "export HCCL_EXEC_TIMEOUT=1836"]),
            ),
        ),
        ("train_full_8p.sh", lambda m: LAUNCH.format(ranks=8, batch=rng.choice([32, 64]))),
        ("utils.py", lambda m: PLAIN.format(model=m)),
    ]
    for i in range(count):
        name, make = makers[i % len(makers)]
        model = f"Model{i // len(makers):04d}_for_TensorFlow"
        folder = root / model
        folder.mkdir(exist_ok=True)
        (folder / name).write_text(make(model), encoding="utf-8")


def _command(*args: str) -> list[str]:
    return [sys.executable, "-m", "ascend_studio", "validate", *args]


def _timed(args: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, int]:
    start = time.perf_counter()
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1, 2):
        sys.stderr.write(done.stderr.decode())
    return elapsed, done.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--sample", type=int, default=40, help="files run one process each")
    opts = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "repo"
        root.mkdir()
        generate(root, opts.files)
        files = sorted(p for p in root.rglob("*") if p.is_file())
        # An installed tool has its bytecode compiled; keep it out of the source tree.
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONPYCACHEPREFIX": f"{tmp}/pycache"}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        sample = random.Random(7).sample(files, min(opts.sample, len(files)))
        _timed(_command(str(sample[0]), "--format", "sarif"), root, env)  # .pyc and file cache
        batch = _command(".", "--format", "json", "--fail-on", "never")
        batch_s, status = _timed(batch, root, env)
        singles = [_timed(_command(str(p.relative_to(root))), root, env)[0] for p in sample]
    per_file_batch = batch_s / len(files) * 1000
    single = statistics.median(singles) * 1000
    print(
        f"{len(files)} files ({opts.files // 5} model folders: train.py, sess_train.py, env.sh, "
        f"train_full_8p.sh, utils.py)"
    )
    verdict = "PASS" if batch_s <= TARGET_S and status == 0 else "FAIL"
    print(
        f"batch, one process:  {batch_s:6.2f} s = {per_file_batch:.1f} ms per file, "
        f"start-up included (target <= {TARGET_S:.0f} s: {verdict})"
    )
    print(
        f"single-file command: {single:.0f} ms per file (median of {len(sample)} processes); "
        f"{len(files)} files one by one ~ {single * len(files) / 1000:.0f} s"
    )
    print(
        f"per-file overhead of the single-file command: {single - per_file_batch:.0f} ms "
        f"({single / per_file_batch:.0f}x the batch's per-file cost)"
    )
    return 0 if verdict == "PASS" else 1


if __name__ == "__main__":
    raise SystemExit(main())
