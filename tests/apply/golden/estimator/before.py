# coding=utf-8
# Copyright 2021 Example Authors. Licensed under the Apache License 2.0.
"""ResNet-50 training with NPUEstimator (ported from a GPU script)."""
from __future__ import absolute_import
from __future__ import print_function

import os
import tensorflow as tf
from npu_bridge.estimator.npu.npu_config import NPURunConfig, DumpConfig
from npu_bridge.estimator.npu.npu_estimator import NPUEstimator

flags = tf.app.flags
FLAGS = flags.FLAGS
flags.DEFINE_integer('iterations_per_loop', 100, 'steps sunk to the device per loop')
flags.DEFINE_string('model_dir', '/cache/model', 'checkpoint directory')


def model_fn(features, labels, mode, params):
    pass


def build_run_config():
    # dump only when asked; path must exist beforehand
    dump_config = DumpConfig(enable_dump=False,
                             dump_path = '/home/test/output',   # shared disk
                             dump_mode='output')
    session_config = tf.ConfigProto(allow_soft_placement=True,
                                    log_device_placement=False)
    run_config = NPURunConfig(
        model_dir=FLAGS.model_dir,
        save_checkpoints_steps=FLAGS.iterations_per_loop * 10,  # every 10 loops
        iterations_per_loop=FLAGS.iterations_per_loop,
        session_config=session_config,

        precision_mode='allow_mix_precision',
        dump_config=dump_config,
        keep_checkpoint_max=5,
        hcom_parallel=True,
    )
    return run_config


def main(_):
    print "building estimator"
    estimator = NPUEstimator(model_fn=model_fn, config=build_run_config())
    estimator.train(input_fn=lambda: None, max_steps=1000)


if __name__ == '__main__':
    tf.app.run()
