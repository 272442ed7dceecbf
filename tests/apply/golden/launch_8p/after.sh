#!/bin/bash
#当前路径,不需要修改
cur_path=`pwd`
#集合通信参数,不需要修改

#export ASCEND_SLOG_PRINT_TO_STDOUT=1
export RANK_SIZE=8
export JOB_ID=20001
export RANK_TABLE_FILE=/home/test/rank_table_8p.json
# >>> Ascend Studio: environment (ascend-studio apply) >>>
export HCCL_EXEC_TIMEOUT=1836
# <<< Ascend Studio: environment <<<
RANK_ID_START=0

#维测参数
over_dump=False
data_dump_flag=False

if [[ $1 == --help || $1 == -h ]];then
    echo "usage: ./train_full_8p.sh --data_path=<path>"
    exit 1
fi

for para in $*
do
    if [[ $para == --data_path* ]];then
        data_path=`echo ${para#*=}`
    fi
done

cd $cur_path/../
for((RANK_ID=$RANK_ID_START;RANK_ID<$((RANK_SIZE+RANK_ID_START));RANK_ID++));
do
    export RANK_ID=$RANK_ID
    export ASCEND_DEVICE_ID=$RANK_ID
    ASCEND_DEVICE_ID=$RANK_ID
    mkdir -p ${cur_path}/output/${ASCEND_DEVICE_ID}/ckpt
    nohup python3 train.py --data_path=$data_path > ${cur_path}/output/${ASCEND_DEVICE_ID}/train_${ASCEND_DEVICE_ID}.log 2>&1 &
done
wait
