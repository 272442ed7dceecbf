#!/bin/bash
#env variables
export install_path=/usr/local/Ascend
export LD_LIBRARY_PATH=${install_path}/driver/lib64/common/:${install_path}/driver/lib64/driver:$LD_LIBRARY_PATH
export PYTHONPATH=/home/test/extra:${install_path}/tfplugin/python/site-packages:$PYTHONPATH
export ASCEND_OPP_PATH=${install_path}/opp

# log level: 0 debug, 1 info, 2 warning, 3 error
export ASCEND_GLOBAL_LOG_LEVEL=1
export ASCEND_SLOG_PRINT_TO_STDOUT="1"   # keep logs in files
unset ASCEND_DEVICE_ID
unset NPU_COLLECT_PATH
# >>> Ascend Studio: environment (ascend-studio apply) >>>
export ASCEND_CACHE_PATH='/home/test/cache dir'
export HCCL_EXEC_TIMEOUT=1836
# <<< Ascend Studio: environment <<<
