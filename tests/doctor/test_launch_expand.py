"""Launch scripts expanded per rank: the loop forms public launch scripts use."""

from __future__ import annotations

from pathlib import Path

from ascend_studio.doctor import launch_check
from tests.doctor.helpers import CATALOG
from tests.doctor.launch_scripts import modelzoo, project, table_1


def _env(path: Path, name: str, **kw: object) -> list[str | None]:
    report = launch_check(path, CATALOG, **kw)  # type: ignore[arg-type]
    return [r.env.get(name) for r in report.ranks]


def test_the_modelzoo_loop_gives_eight_ranks(tmp_path: Path) -> None:
    path = modelzoo(tmp_path, table_1())
    report = launch_check(path, CATALOG)
    assert report.loop is not None and report.loop.startswith("for((RANK_ID=")
    assert len(report.ranks) == 8
    assert [r.env["RANK_ID"] for r in report.ranks] == [str(i) for i in range(8)]
    assert report.varying == ("RANK_ID", "ASCEND_DEVICE_ID")
    assert report.common["RANK_SIZE"] == "8"
    assert report.common["RANK_TABLE_FILE"] == f"{tmp_path}/test/../configs/rank_table_8p.json"
    rank3 = report.ranks[3]
    assert rank3.cwd == str(tmp_path)  # after `cd $cur_path/../`
    assert rank3.writes == (f"{tmp_path}/test/output/3/train_3.log",)
    assert rank3.program == "python3 train.py --model_dir=" + f"{tmp_path}/test/output/3/ckpt"
    assert [f.severity for f in report.findings] == ["warning"]  # fusion_result.json, shared cwd


def test_a_device_group_loop_calling_a_per_device_script(tmp_path: Path) -> None:
    (tmp_path / "train_8p.sh").write_text(
        'currentDir=$(cd "$(dirname "$0")"; pwd)\n'
        "device_id=$1\n"
        'if [ x"${device_id}" = x ]; then\n  exit\nelse\n  export DEVICE_ID=${device_id}\nfi\n'
        "mkdir -p ${currentDir}/result/${device_id}\ncd ${currentDir}/result/${device_id}\n"
        "python3 ${currentDir}/run.py > ${currentDir}/result/train_${device_id}.log 2>&1\n",
        encoding="utf-8",
    )
    run = tmp_path / "run_8p.sh"
    run.write_text(
        'currentDir=$(cd "$(dirname "$0")"; pwd)\nexport RANK_SIZE=4\n'
        'device_group="0 1 2 3"\n'
        "for device_phy_id in ${device_group}\ndo\n  ${currentDir}/train_8p.sh ${device_phy_id} &\ndone\nwait\n",
        encoding="utf-8",
    )
    report = launch_check(run, CATALOG)
    assert [r.env.get("DEVICE_ID") for r in report.ranks] == ["0", "1", "2", "3"]
    assert report.ranks[2].cwd == f"{tmp_path}/result/2"
    assert report.ranks[2].writes == (f"{tmp_path}/result/train_2.log",)
    assert report.ranks[2].program == f"python3 {tmp_path}/run.py"


def test_prefix_assignments_brace_and_seq_lists(tmp_path: Path) -> None:
    (tmp_path / "one.sh").write_text("python3 train.py\n", encoding="utf-8")
    script = tmp_path / "run.sh"
    script.write_text(
        "export RANK_SIZE=4\nfor i in {0..3}; do RANK_ID=$i ASCEND_DEVICE_ID=$i ./one.sh & done\n",
        encoding="utf-8",
    )
    assert _env(script, "RANK_ID") == ["0", "1", "2", "3"]
    script.write_text(
        "for i in $(seq 0 3)\ndo\n  export DEVICE_ID=$i\n  python3 a.py &\ndone\n", encoding="utf-8"
    )
    assert _env(script, "DEVICE_ID") == ["0", "1", "2", "3"]


def test_a_loop_count_known_only_at_run_time_and_cards(tmp_path: Path) -> None:
    script = tmp_path / "run.sh"
    script.write_text(
        "for i in $DEVICES\ndo\n  export ASCEND_DEVICE_ID=$i\n  python3 a.py &\ndone\n",
        encoding="utf-8",
    )
    unknown = launch_check(script, CATALOG)
    assert unknown.ranks == () and [f.check for f in unknown.findings] == ["launch.unknown"]
    assumed = launch_check(script, CATALOG, cards=4)
    assert len(assumed.ranks) == 4 and assumed.assumed_count
    assert "launch.unknown" in [f.check for f in assumed.findings]


def test_no_loop_and_the_argument_parsing_loop(tmp_path: Path) -> None:
    script = tmp_path / "train_1p.sh"
    script.write_text(
        "for para in $*\ndo\n  if [[ $para == --data_path* ]];then\n    data_path=`echo ${para#*=}`\n  fi\ndone\n"
        "export DEVICE_ID=0\npython3 train.py\n",
        encoding="utf-8",
    )
    report = launch_check(script, CATALOG)
    assert report.loop is None and [f.check for f in report.findings] == ["launch.no_loop"]


def test_a_branch_only_script_is_not_taken_for_the_launch(tmp_path: Path) -> None:
    """An 8-card script that first runs the 1-card one under --autotune (a branch)."""
    body = project(tmp_path, "", None).parent
    (body / "train_full_1p.sh").write_text(
        "export RANK_SIZE=1\nfor((RANK_ID=0;RANK_ID<$RANK_SIZE;RANK_ID++));\ndo\n export RANK_ID=$RANK_ID\n python3 a.py &\ndone\n",
        encoding="utf-8",
    )
    path = modelzoo(
        tmp_path,
        table_1(),
        extra="if [[ $autotune == True ]]; then\n  train_full_1p.sh --autotune=True\nfi",
    )
    report = launch_check(path, CATALOG)
    assert len(report.ranks) == 8 and report.common["RANK_SIZE"] == "8"


def test_started_from_another_folder(tmp_path: Path) -> None:
    path = modelzoo(tmp_path, table_1())
    report = launch_check(path, CATALOG, cwd="/srv/jobs/test")
    assert report.common["RANK_TABLE_FILE"] == "/srv/jobs/test/../configs/rank_table_8p.json"
    assert "launch.rank_table.missing" in [f.check for f in report.findings]


def test_output_through_tee(tmp_path: Path) -> None:
    script = tmp_path / "run.sh"
    script.write_text(
        "for i in 0 1\ndo\n  export DEVICE_ID=$i\n"
        "  python3 a.py 2>&1 | tee -a log_$i.txt &\ndone\n",
        encoding="utf-8",
    )
    report = launch_check(script, CATALOG)
    assert [r.writes for r in report.ranks] == [
        (f"{tmp_path}/log_0.txt",),
        (f"{tmp_path}/log_1.txt",),
    ]
