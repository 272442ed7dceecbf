import argparse
import tensorflow as tf
import npu_bridge.estimator.npu.npu_config as npu_config
from npu_bridge.estimator.npu.npu_estimator import NPUEstimator

parser = argparse.ArgumentParser()
parser.add_argument("--mode", default="train")
parser.add_argument("--rank_size", type=int, default=1)
args = parser.parse_args()

extra = {"log_step_count_steps": 50}

if args.mode == "train":
    # training: sink 100 steps, checkpoints every 1000 steps
    config = npu_config.NPURunConfig(iterations_per_loop=50, save_checkpoints_steps=1000, op_compiler_cache_mode="enable", **extra)
else:
    config = npu_config.NPURunConfig(graph_run_mode = 0,
                                     precision_mode = "force_fp16")

estimator = NPUEstimator(model_fn=None, config=config)
