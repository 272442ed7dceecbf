"""Reduced reproductions, written here, of two real training scripts' configuration
mistakes: an estimator script for CANN 7.0.0 that passes a keyword NPURunConfig no
longer has (``auto_tune_mode``, a TypeError when the job starts), and a sess.run script with a
misspelt parameter_map key (``sump_mode``, silently ignored by the adapter)."""

from __future__ import annotations

#: An estimator trainer: three NPURunConfig calls, one of them with auto_tune_mode.
ESTIMATOR_TRAINER = """\
import os
from npu_bridge.estimator.npu.npu_config import NPURunConfig


class Trainer:
    def classifier(self, autotune):
        if autotune:
            run_config = NPURunConfig(
                hcom_parallel=True,
                precision_mode="allow_mix_precision",
                save_checkpoints_steps=1000,
                auto_tune_mode="RL,GA",
                model_dir=self.log_dir,
                iterations_per_loop=100)
        else:
            run_config = NPURunConfig(
                hcom_parallel=True,
                precision_mode="allow_mix_precision",
                save_checkpoints_steps=1000,
                model_dir=self.log_dir,
                iterations_per_loop=100)
        return run_config
# ascend-studio: release=7.0.0
"""

#: A sess.run trainer: parameter_map lines, one with a misspelt key.
SESSION_TRAINER = """\
import os
import tensorflow as tf

sess_config = tf.ConfigProto()
custom_op = sess_config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.name = "NpuOptimizer"
custom_op.parameter_map["iterations_per_loop"].i = 10
custom_op.parameter_map["precision_mode"].s = tf.compat.as_bytes("allow_mix_precision")
custom_op.parameter_map["enable_dump"].b = True
custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes(os.getenv("DUMP_PATH"))
custom_op.parameter_map["dump_step"].s = tf.compat.as_bytes("0|5")
custom_op.parameter_map["sump_mode"].s = tf.compat.as_bytes(os.getenv("DUMP_MODE"))
"""

#: The line of each mistake (1-based).
ESTIMATOR_LINE = 12
SESSION_LINE = 12
