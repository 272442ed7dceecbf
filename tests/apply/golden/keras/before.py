import os
import numpy as np
import tensorflow as tf
from tensorflow import keras
from npu_bridge.npu_init import *

sess_config = tf.ConfigProto()
custom_op = sess_config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.name = 'NpuOptimizer'
custom_op.parameter_map['use_off_line'].b = True
custom_op.parameter_map['precision_mode'].s = tf.compat.as_bytes('allow_mix_precision')
sess_config.graph_options.rewrite_options.remapping = RewriterConfig.OFF
sess = tf.Session(config=sess_config)
keras.backend.set_session(sess)

model = keras.Sequential([keras.layers.Dense(10, activation='softmax', input_shape=(784,))])
model.compile(optimizer='sgd', loss='categorical_crossentropy')
model.fit(np.zeros((64, 784)), np.zeros((64, 10)), epochs=1)  # smoke run

sess.close()
