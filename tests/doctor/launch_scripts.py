"""Launch scripts and rank tables written as public launch scripts write them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

#: The loop ModelZoo's test/train_full_8p.sh scripts use (217 of its 339 8-card scripts).
MODELZOO_8P = """#!/bin/bash
cur_path=`pwd`
export JOB_ID=9999001
export RANK_SIZE=8
export RANK_TABLE_FILE=${cur_path}/../configs/rank_table_8p.json
RANK_ID_START=0
{extra}
cd $cur_path/../
for((RANK_ID=$RANK_ID_START;RANK_ID<$((RANK_SIZE+RANK_ID_START));RANK_ID++));
do
    echo "Device ID: $RANK_ID"
    export RANK_ID=$RANK_ID
    export ASCEND_DEVICE_ID=$RANK_ID
    ASCEND_DEVICE_ID=$RANK_ID
    {body}
    if [ -d ${cur_path}/output/${ASCEND_DEVICE_ID} ];then
        rm -rf ${cur_path}/output/${ASCEND_DEVICE_ID}
        mkdir -p ${cur_path}/output/$ASCEND_DEVICE_ID/ckpt
    else
        mkdir -p ${cur_path}/output/$ASCEND_DEVICE_ID/ckpt
    fi
    nohup python3 train.py --model_dir=${cur_path}/output/$ASCEND_DEVICE_ID/ckpt \\
        --data_path=$data_path > ${cur_path}/output/${ASCEND_DEVICE_ID}/train_${ASCEND_DEVICE_ID}.log 2>&1 &
done
wait
"""


def table_1(devices: int = 8, **changes: Any) -> dict[str, Any]:
    """Template 1 as the rank table page shows it, one server."""
    table: dict[str, Any] = {
        "status": "completed",
        "version": "1.0",
        "server_count": "1",
        "server_list": [
            {
                "server_id": "node_0",
                "device": [
                    {
                        "device_id": str(i),
                        "device_ip": f"192.168.{100 + i % 4}.{101 - i // 4}",
                        "rank_id": str(i),
                    }
                    for i in range(devices)
                ],
            }
        ],
    }
    table.update(changes)
    return table


def project(root: Path, script: str, table: dict[str, Any] | str | None = None) -> Path:
    """``root/test/<script>`` and ``root/configs/rank_table_8p.json``; the script's path."""
    (root / "test").mkdir(parents=True, exist_ok=True)
    (root / "configs").mkdir(exist_ok=True)
    path = root / "test" / "train_full_8p.sh"
    path.write_text(script, encoding="utf-8")
    if table is not None:
        text = table if isinstance(table, str) else json.dumps(table, indent=2)
        (root / "configs" / "rank_table_8p.json").write_text(text, encoding="utf-8")
    return path


def modelzoo(
    root: Path, table: dict[str, Any] | str | None = None, *, extra: str = "", body: str = ""
) -> Path:
    return project(root, MODELZOO_8P.replace("{extra}", extra).replace("{body}", body), table)
