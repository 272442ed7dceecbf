#!/usr/bin/env python
# -*- coding: utf-8 -*-
import time
import tensorflow as tf
from tensorflow.core.protobuf.rewriter_config_pb2 import RewriterConfig

flags = tf.flags
FLAGS = flags.FLAGS
flags.DEFINE_boolean('over_dump', False, 'overflow detection')
flags.DEFINE_string('over_dump_path', './overflow', 'where overflow data goes')


def make_config():
  config = tf.ConfigProto()
  custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
  custom_op.name = "NpuOptimizer"
  custom_op.parameter_map["use_off_line"].b = True
  config.graph_options.rewrite_options.remapping = RewriterConfig.OFF
  config.graph_options.rewrite_options.memory_optimization = RewriterConfig.OFF
  custom_op.parameter_map["precision_mode"].s = tf.compat.as_bytes("must_keep_origin_dtype")
  custom_op.parameter_map["iterations_per_loop"].i = 100
  custom_op.parameter_map["enable_exception_dump"].i = 1
  custom_op.parameter_map["op_compiler_cache_dir"].s = tf.compat.as_bytes("/home/test/kernel_cache")

  # modify for NPU performance start
  #使能算子溢出检测
  if FLAGS.over_dump is True:
      custom_op.parameter_map["enable_dump_debug"].b = True
      custom_op.parameter_map["dump_debug_mode"].s = tf.compat.as_bytes("all")
      custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes(FLAGS.over_dump_path)
  # custom_op.parameter_map["modify_mixlist"].s = tf.compat.as_bytes(FLAGS.modify_mixlist)
  # modify for NPU performance end
  return config


def main(_):
  with tf.Session(config=make_config()) as sess:
    start = time.time()
    sess.run(tf.global_variables_initializer())
    print 'init took %.2f s' % (time.time() - start)


if __name__ == '__main__':
  tf.app.run()
