"""Batch validation: generated files, and a real tree against ``ruff check``.

Generated: ``ascend-studio validate DIR`` over 2,000 generated training scripts, env
scripts and launch scripts takes <= 30 s on this machine, start-up included. Also
printed: the same files' per-file cost inside the batch, and the single-file
command's cost per file (a sample of files, one process each), so the per-file
overhead the batch saves is a ratio measured in the same run.

Real tree (``--corpus``, default ``$ASCEND_STUDIO_CORPUS``: the ``TensorFlow/built-in``
folder of a checkout of Ascend/ModelZoo-TensorFlow): ``validate DIR`` against ``ruff
check DIR`` on the same tree, run in turn ``--runs`` times; target: the batch's CPU
time (user + system, the process and its threads) <= ruff's. Cold: neither keeps a
cache (``--no-cache`` on both sides), as a folder (beside them, the floor of any
checker on CPython's own parser: every ``.py`` file of the tree parsed, nothing else)
and as a list of files as pre-commit gives them (``--list`` files of the tree,
relative paths). Warm (unless ``--skip-warm``): a copy of the tree checked again with both caches filled (ours in a
fresh user cache folder, ruff's in the copy), with nothing changed, with 1 % of the
files touched (a new modification time, the same bytes) and with 1 % edited (a comment
line added before each run). Medians; the load average is printed before and after
(the machine may be shared: compare runs side by side only).

``--against DIR`` runs the real tree's cases from another source tree too (e.g. ``git
archive main`` extracted there, its ``resources`` included), in the same rounds:
before and after in one run.

Usage: ``python benchmarks/bench_validate.py [--files N] [--sample N] [--corpus DIR]
[--runs N] [--list N] [--skip-generated] [--skip-warm] [--against DIR]``. Exits 1 when a target is
missed.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
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


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _cpu_timed(args: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run of ``args``."""
    cpu, start = _cpu(), time.perf_counter()
    subprocess.run(
        args, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
    )
    return time.perf_counter() - start, _cpu() - cpu


def _ruff() -> str | None:
    beside = Path(sys.executable).with_name("ruff")
    return str(beside) if beside.is_file() else shutil.which("ruff")


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def _environments(against: Path | None) -> dict[str, dict[str, str]]:
    """The children's environment for this tree (``ours``), and for ``--against`` (``before``,
    with its own user caches); bytecode written in both."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if against is None:
        return {"ours": env}
    cache = tempfile.mkdtemp(prefix="bench-validate-before-")
    return {"ours": env, "before": {**env, "PYTHONPATH": str(against), "XDG_CACHE_HOME": cache}}


#: The floor of any checker built on CPython's own parser: every ``.py`` file of the
#: tree read, decoded and parsed (``symtable``: the cheapest parse the standard
#: library offers, as the batch's quick road uses), nothing else.
PARSE_FLOOR = """\
import os, symtable, warnings
warnings.simplefilter("ignore")
for folder, _, names in os.walk("."):
    for name in names:
        if name.endswith(".py"):
            try:
                with open(os.path.join(folder, name), "rb") as file:
                    text = file.read().decode("utf-8", "replace")
                symtable.symtable(text, name, "exec")
            except (SyntaxError, ValueError, RecursionError, MemoryError, OSError):
                pass
"""


def _verdict(
    name: str, samples: dict[str, list[tuple[float, float]]]
) -> tuple[dict[str, tuple[float, ...]], bool]:
    """Each command's median (wall, CPU); prints ours against ruff's with the verdict,
    and returns the medians and whether the target is met."""
    med = {k: tuple(statistics.median(s[i] for s in v) for i in (0, 1)) for k, v in samples.items()}
    (wall, cpu), (ruff_wall, ruff_cpu) = med["ours"], med["ruff"]
    met = cpu <= ruff_cpu
    print(
        f"{name}: validate {cpu:6.2f} s CPU ({wall:.2f} s wall), ruff check {ruff_cpu:6.2f} s CPU "
        f"({ruff_wall:.2f} s wall) = {cpu / ruff_cpu:.2f}x "
        f"(target <= 1x ruff's CPU: {'PASS' if met else 'FAIL'})"
    )
    return med, met


def _against_ruff(
    name: str,
    ours: list[str],
    theirs: list[str],
    cwd: Path,
    *,
    runs: int,
    envs: dict[str, dict[str, str]],
    before: list[str] | None = None,
    floor: list[str] | None = None,
) -> bool:
    """The commands in turn, ``runs`` times; prints the medians and the verdict
    (``before``: the command for the ``--against`` tree, when it differs; ``floor``: a
    command whose CPU is printed beside, against ruff's)."""
    order = [("ours", ours, envs["ours"]), ("ruff", theirs, envs["ours"])]
    if "before" in envs:
        order.append(("before", before or ours, envs["before"]))
    if floor is not None:
        order.append(("floor", floor, envs["ours"]))
    samples: dict[str, list[tuple[float, float]]] = {key: [] for key, _, _ in order}
    for turn in range(runs):
        for key, command, env in order[turn % len(order) :] + order[: turn % len(order)]:
            samples[key].append(_cpu_timed(command, cwd, env))
    med, met = _verdict(name, samples)
    cpu, ruff_cpu = med["ours"][1], med["ruff"][1]
    if "before" in med:
        before_wall, before_cpu = med["before"]
        print(
            f"{name}, before: validate {before_cpu:6.2f} s CPU ({before_wall:.2f} s wall) = "
            f"{before_cpu / ruff_cpu:.2f}x ruff's; now {cpu / before_cpu:.2f}x of it"
        )
    if "floor" in med:
        floor_wall, floor_cpu = med["floor"]
        print(
            f"{name}, CPython's parser alone over the .py files (symtable): {floor_cpu:6.2f} s "
            f"CPU ({floor_wall:.2f} s wall) = {floor_cpu / ruff_cpu:.2f}x ruff's, "
            f"{floor_cpu / cpu:.2f}x ours"
        )
    return met


def _changed(files: list[Path], how: str, turn: int) -> None:
    """Touch (a new modification time) or edit (one more comment line) ``files``."""
    for path in files:
        if how == "edit":
            with path.open("a", encoding="utf-8") as out:
                out.write(f"\n# edited {turn}\n")
        else:
            os.utime(path)


def _warm_case(
    name: str,
    commands: dict[str, list[str]],
    cwd: Path,
    env: dict[str, str],
    *,
    runs: int,
    change: list[Path],
    how: str,
) -> bool:
    """Our run and ruff's, each with its cache warm, in turn; before each, ``change``."""
    samples: dict[str, list[tuple[float, float]]] = {key: [] for key in commands}
    for turn in range(runs):
        for key in list(commands)[turn % 2 :] + list(commands)[: turn % 2]:
            _changed(change, how, turn)
            samples[key].append(_cpu_timed(commands[key], cwd, env))
    return _verdict(name, samples)[1]


def warm_section(corpus: Path, runs: int) -> bool:
    """The same tree again, both tools with their caches (ours in a fresh user cache folder,
    ruff's in the copy of the tree): nothing changed, 1 % of the files touched, 1 %
    edited. The tree is copied first: ruff keeps its cache in the project."""
    ruff = _ruff()
    if ruff is None:
        return True
    with tempfile.TemporaryDirectory(prefix="bench-validate-warm-") as tmp:
        tree = Path(tmp) / "tree"
        shutil.copytree(corpus, tree, ignore=shutil.ignore_patterns(".ruff_cache"))
        env = {**_environments(None)["ours"], "XDG_CACHE_HOME": str(Path(tmp) / "cache")}
        commands = {
            "ours": _command(".", "--format", "json", "--fail-on", "never"),
            "ruff": [ruff, "check", "--exit-zero", "--quiet", "."],
        }
        for key, command in commands.items():  # the first runs fill the caches
            wall, cpu = _cpu_timed(command, tree, env)
            print(f"warm-up, filling the cache: {key} {cpu:6.2f} s CPU ({wall:.2f} s wall)")
        files = sorted(p for p in tree.rglob("*") if p.is_file() and p.suffix in (".py", ".sh"))
        some = files[:: max(1, len(files) // max(1, len(files) // 100))][: len(files) // 100]
        met = _warm_case(
            "warm, nothing changed", commands, tree, env, runs=runs, change=[], how="touch"
        )
        for how in ("touch", "edit"):
            name = f"warm, {len(some)} files (1 %) {'touched' if how == 'touch' else 'edited'}"
            met = _warm_case(name, commands, tree, env, runs=runs, change=some, how=how) and met
    return met


def corpus_section(
    corpus: Path, runs: int, listed: int, against: Path | None = None, warm_runs: bool = True
) -> bool:
    """``validate`` against ``ruff check`` on a real tree, as a folder and as a file list
    (cold: no cache on either side), then the same tree again with both caches warm."""
    ruff = _ruff()
    if ruff is None:
        print("real tree: ruff is not installed; not measured")
        return True
    files = sorted(p for p in corpus.rglob("*") if p.is_file() and p.suffix in (".py", ".sh"))
    python = sum(1 for p in files if p.suffix == ".py")
    print(f"real tree {corpus}: {python} .py and {len(files) - python} .sh files, load {_load()}")
    envs = _environments(against)
    for env in envs.values():  # bytecode and the user caches
        _cpu_timed(_command(str(files[0])), corpus, env)
    folder = _against_ruff(
        "folder, cold",
        _command(".", "--format", "json", "--fail-on", "never", "--no-cache"),
        [ruff, "check", "--no-cache", "--exit-zero", "--quiet", "."],
        corpus,
        runs=runs,
        envs=envs,
        floor=[sys.executable, "-c", PARSE_FLOOR],
    )
    chosen = [str(p.relative_to(corpus)) for p in files[:listed]]
    py = [p for p in chosen if p.endswith(".py")]
    as_list = _against_ruff(
        f"file list ({len(chosen)} files, {len(py)} .py), cold",
        _command(*chosen, "--format", "json", "--fail-on", "never", "--no-cache"),
        [ruff, "check", "--no-cache", "--exit-zero", "--quiet", *py],
        corpus,
        runs=runs,
        envs=envs,
    )
    warm = warm_section(corpus, runs) if warm_runs else True
    print(f"load average after: {_load()}")
    return warm and folder and as_list


def generated_section(files_wanted: int, sample_size: int) -> bool:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "repo"
        root.mkdir()
        generate(root, files_wanted)
        files = sorted(p for p in root.rglob("*") if p.is_file())
        # An installed tool has its bytecode compiled; keep it out of the source tree.
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONPYCACHEPREFIX": f"{tmp}/pycache"}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        sample = random.Random(7).sample(files, min(sample_size, len(files)))
        _timed(_command(str(sample[0]), "--format", "sarif"), root, env)  # .pyc and file cache
        batch = _command(".", "--format", "json", "--fail-on", "never")
        batch_s, status = _timed(batch, root, env)
        singles = [_timed(_command(str(p.relative_to(root))), root, env)[0] for p in sample]
    per_file_batch = batch_s / len(files) * 1000
    single = statistics.median(singles) * 1000
    print(
        f"{len(files)} files ({files_wanted // 5} model folders: train.py, sess_train.py, env.sh, "
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
    return verdict == "PASS"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--sample", type=int, default=40, help="files run one process each")
    parser.add_argument("--corpus", type=Path, default=os.environ.get("ASCEND_STUDIO_CORPUS"))
    parser.add_argument("--runs", type=int, default=3, help="runs of each on the real tree")
    parser.add_argument("--list", type=int, default=2000, help="files named on the command line")
    parser.add_argument("--skip-generated", action="store_true")
    parser.add_argument("--skip-warm", action="store_true", help="only the cold runs")
    parser.add_argument(
        "--against", type=Path, help="also run the real tree's cases from this source tree"
    )
    opts = parser.parse_args()
    print(f"load average before: {_load()}")
    ok = True
    if not opts.skip_generated:
        ok = generated_section(opts.files, opts.sample)
    if opts.corpus is not None and opts.corpus.is_dir():
        ok = (
            corpus_section(opts.corpus, opts.runs, opts.list, opts.against, not opts.skip_warm)
            and ok
        )
    else:
        print("real tree: no corpus (--corpus or $ASCEND_STUDIO_CORPUS); not measured")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
