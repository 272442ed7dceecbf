"""Launch loops expanded as bash runs them, and said when they are not.

Brace ranges with a step, nested device loops, ``seq``/``expr`` arithmetic, a
script that starts itself, loops too long to expand and loops only the run can
count: each gives the ranks bash would start, or an ``info`` finding saying what
could not be expanded, never a conclusion drawn from a wrong rank count.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from ascend_studio.doctor import LaunchReport, launch_check
from ascend_studio.doctor._launch_render import launch_json, launch_text
from ascend_studio.doctor._shloop import MAX_PASSES, brace_expand
from tests.doctor.helpers import CATALOG
from tests.doctor.launch_scripts import table_1


def _check(tmp_path: Path, text: str, **kw: object) -> LaunchReport:
    script = tmp_path / "run.sh"
    script.write_text(text, encoding="utf-8")
    return launch_check(script, CATALOG, **kw)  # type: ignore[arg-type]


def _env(report: LaunchReport, name: str) -> list[str | None]:
    return [r.env.get(name) for r in report.ranks]


def _checks(report: LaunchReport, severity: str | None = None) -> list[str]:
    return [f.check for f in report.findings if severity in (None, f.severity)]


def test_a_brace_range_with_a_step_gives_one_rank_per_value(tmp_path: Path) -> None:
    report = _check(
        tmp_path,
        "export RANK_SIZE=4\nfor i in {0..7..2}; do\n"
        "  export RANK_ID=$((i/2)) ASCEND_DEVICE_ID=$i\n"
        "  python train.py > log_$i.txt 2>&1 &\ndone\n",
    )
    assert _env(report, "ASCEND_DEVICE_ID") == ["0", "2", "4", "6"]
    assert _env(report, "RANK_ID") == ["0", "1", "2", "3"]
    assert "launch.rank_size" not in _checks(report)
    assert "launch.rank_ids" not in _checks(report)


@pytest.mark.parametrize(
    ("items", "devices"),
    [
        ("{0,2,4,6}", ["0", "2", "4", "6"]),
        ("{00..03}", ["00", "01", "02", "03"]),
        ("{7..4}", ["7", "6", "5", "4"]),
        ("{0..6..-3}", ["0", "3", "6"]),
        ("$(seq 0 2 6)", ["0", "2", "4", "6"]),
        ("`seq 3`", ["1", "2", "3"]),
        ('"0 1"', ["0 1"]),
    ],
)
def test_loop_items_expand_as_bash_expands_them(
    tmp_path: Path, items: str, devices: list[str]
) -> None:
    report = _check(
        tmp_path, f"for d in {items}; do\n  ASCEND_DEVICE_ID=$d python train.py &\ndone\n"
    )
    assert _env(report, "ASCEND_DEVICE_ID") == devices


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
@pytest.mark.parametrize(
    "word",
    [
        "{0..7..2}",
        "{7..0..3}",
        "{0..7..0}",
        "{00..10..3}",
        "{-05..3..4}",
        "{-0..2}",
        "{+01..3}",
        "{a..e..2}",
        "{0..7..x}",
        "{1..a}",
        "x{a,b}y{1..2}",
        "{a}",
        "{a,{b,c}}",
        "a{,b}",
        "{0..3}{",
        "{1,2",
        "{x{1,2}",
        "{a}{1,2}",
        "{002..016}",
        "'{1,2}'x{3,4}",
        '{1,"2,3"}',
        "${x:-{0..2}}",
    ],
)
def test_brace_expansion_matches_real_bash(word: str) -> None:
    """Each word ours makes, quote-removed by bash, is what bash's own expansion gives."""
    real = subprocess.run(
        ["bash", "-c", f'x=; printf "[%s]\\n" {word}'], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    ours: list[str] = []
    for made in brace_expand(word):
        plain = not any(c in made for c in "$'\"")
        guarded = made.replace("{", "\\{").replace("}", "\\}") if plain else made
        ours += subprocess.run(
            ["bash", "-c", f'x=; printf "[%s]\\n" {guarded}'],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()
    assert ours == real


NESTED = """export RANK_SIZE=16
export RANK_TABLE_FILE=./table.json
for s in 0 1; do
  for d in 0 1 2 3 4 5 6 7; do
    export RANK_ID=$((s*8+d)) ASCEND_DEVICE_ID=$d
    python train.py > log_${s}_$d.txt 2>&1 &
  done
done
"""


def _two_servers() -> dict[str, object]:
    table = table_1()
    second = {
        "server_id": "node_1",
        "device": [
            {"device_id": str(i), "device_ip": f"192.169.{100 + i}.1", "rank_id": str(8 + i)}
            for i in range(8)
        ],
    }
    table.update(server_count="2", server_list=[*table["server_list"], second])
    return table


def test_nested_device_loops_multiply_and_arithmetic_is_per_rank(tmp_path: Path) -> None:
    import json

    (tmp_path / "table.json").write_text(json.dumps(_two_servers()), encoding="utf-8")
    report = _check(tmp_path, NESTED)
    assert report.loop == "for s in 0 1; for d in 0 1 2 3 4 5 6 7"
    assert _env(report, "RANK_ID") == [str(i) for i in range(16)]
    assert _env(report, "ASCEND_DEVICE_ID") == [str(i % 8) for i in range(16)]
    assert report.ranks[9].writes[0].endswith("/log_1_1.txt")
    assert [r.value for r in report.ranks[7:9]] == ["0,7", "1,0"]
    assert _checks(report, "error") == []
    assert _checks(report, "warning") == ["launch.output_collision"]  # fusion_result.json


def test_sixteen_local_ranks_on_eight_devices_is_still_an_error(tmp_path: Path) -> None:
    report = _check(tmp_path, NESTED.replace("export RANK_TABLE_FILE=./table.json\n", ""))
    assert "launch.device_ids" in _checks(report, "error")
    assert "launch.rank_size" not in _checks(report)


def test_a_fold_loop_around_the_device_loop_is_said_not_multiplied(tmp_path: Path) -> None:
    (tmp_path / "one.sh").write_text("export DEVICE_ID=$RANK_ID\npython3 train.py\n")
    report = _check(
        tmp_path,
        "export RANK_SIZE=8\nfor ((fold=0; fold<5; fold++)); do\n"
        "  for d in 0 1 2 3 4 5 6 7; do\n"
        "    RANK_ID=$d ASCEND_DEVICE_ID=$d ./one.sh $fold &\n  done\n  wait\ndone\n",
    )
    assert len(report.ranks) == 8
    notes = [f.message.en for f in report.findings if f.check == "launch.unknown"]
    assert any("inside the loop at line 2" in n and "one pass" in n for n in notes), notes
    assert _checks(report, "error") == []


def test_expr_is_read_as_arithmetic(tmp_path: Path) -> None:
    report = _check(
        tmp_path,
        "START=0\nfor ((R=$START; R<$((START+4)); R++)); do\n"
        "  export RANK_ID=$R ASCEND_DEVICE_ID=`expr ${R} - ${START}`\n"
        "  python3 train.py &\ndone\n",
    )
    assert _env(report, "ASCEND_DEVICE_ID") == ["0", "1", "2", "3"]
    assert all(not r.unknown for r in report.ranks)


def test_a_rank_id_known_only_at_run_time_is_said_so_not_shared(tmp_path: Path) -> None:
    report = _check(
        tmp_path,
        "OFFSET=$1\nexport RANK_SIZE=2\nfor d in 0 1; do\n"
        "  export RANK_ID=$((OFFSET+d)) ASCEND_DEVICE_ID=$d\n  python3 train.py &\ndone\n",
    )
    assert "RANK_ID" in report.varying and "RANK_ID" not in report.common
    rank_ids = [f for f in report.findings if f.check == "launch.rank_ids"]
    assert [f.severity for f in rank_ids] == ["info"]
    assert "known only at run time" in rank_ids[0].message.en
    assert "Every rank gets" not in launch_text(report)


def test_a_script_that_runs_itself_keeps_its_ranks_and_says_so(tmp_path: Path) -> None:
    report = _check(
        tmp_path,
        "export RANK_SIZE=8\nfor i in 0 1 2 3 4 5 6 7; do\n"
        "  export RANK_ID=$i ASCEND_DEVICE_ID=$i\n  bash ./run.sh &\ndone\n",
    )
    assert _env(report, "RANK_ID") == [str(i) for i in range(8)]
    assert report.varying[:2] == ("RANK_ID", "ASCEND_DEVICE_ID")
    assert "launch.rank_ids" not in _checks(report)
    notes = [f.message.en for f in report.findings if f.check == "launch.unknown"]
    assert any("already being read" in n and "not followed" in n for n in notes), notes


def test_scripts_running_each_other_are_followed_once(tmp_path: Path) -> None:
    (tmp_path / "a.sh").write_text("export A=1\nbash ./b.sh\n", encoding="utf-8")
    (tmp_path / "b.sh").write_text("export B=1\nbash ./a.sh\n", encoding="utf-8")
    report = _check(
        tmp_path,
        "for i in 0 1; do\n  export RANK_ID=$i\n  . ./a.sh\n  python3 train.py &\ndone\n",
    )
    assert len(report.ranks) == 2
    assert report.common.get("A") == "1"
    notes = [f.message.en for f in report.findings if f.check == "launch.unknown"]
    assert any("a.sh" in n and "already being read" in n for n in notes), notes


def test_a_huge_loop_is_capped_and_its_count_never_claimed(tmp_path: Path) -> None:
    report = _check(
        tmp_path,
        "export RANK_SIZE=8\nfor((i=0;i<100000000;i++)); do\n"
        "  export RANK_ID=$i ASCEND_DEVICE_ID=$i\n  python train.py &\ndone\n",
    )
    assert report.capped and len(report.ranks) == MAX_PASSES
    assert "launch.rank_size" not in _checks(report)
    capped = [f for f in report.findings if "more than 1024" in f.message.en]
    assert [f.severity for f in capped] == ["info"]
    head = launch_text(report).splitlines()[0]
    assert "the first 1024 ranks" in head and "the loop runs longer" in head
    assert launch_json(report)["count_capped"] is True


@pytest.mark.parametrize(
    "items", ["$(seq 0 99999)", "$(seq 0 1e11)", "`seq 5000`", "$(seq 1e11 -1 0)"]
)
def test_a_long_seq_loop_is_capped_like_the_others(tmp_path: Path, items: str) -> None:
    report = _check(
        tmp_path, f"for i in {items}; do\n  ASCEND_DEVICE_ID=$i python train.py &\ndone\n"
    )
    assert report.capped and len(report.ranks) == MAX_PASSES
    first = "100000000000" if items.startswith("$(seq 1e11") else "0" if "0 " in items else "1"
    assert _env(report, "ASCEND_DEVICE_ID")[0] == first
    head = launch_text(report).splitlines()[0]
    assert "the first 1024 ranks" in head and "the loop runs longer" in head
    assert "known only at run time" not in head
    assert launch_json(report)["count_capped"] is True


@pytest.mark.parametrize(
    ("assign", "items"),
    [
        ("DEVS=$(seq 0 99999)", "$DEVS"),
        ("DEVS=`seq 5000`", "${DEVS}"),
        ("DEVS=$(seq 0 99999)\nALL=$DEVS", "$ALL"),
        ("DEVS=\nDEVS+=$(seq 0 99999)", "$DEVS"),
    ],
)
def test_a_long_seq_through_a_variable_is_capped_as_it_is_directly(
    tmp_path: Path, assign: str, items: str
) -> None:
    """Not "known only at run time": the variable holds what ``$(seq ...)`` prints."""
    report = _check(
        tmp_path, f"{assign}\nfor i in {items}; do\n  ASCEND_DEVICE_ID=$i python train.py &\ndone\n"
    )
    assert report.capped and len(report.ranks) == MAX_PASSES
    head = launch_text(report).splitlines()[0]
    assert "the first 1024 ranks" in head and "known only at run time" not in head
    body = "  ASCEND_DEVICE_ID=$i python train.py &\ndone\n"
    direct = _check(tmp_path, f"for i in $(seq 0 99999); do\n{body}")
    assert [(f.check, f.severity) for f in report.findings] == [
        (f.check, f.severity) for f in direct.findings
    ]


def test_a_short_seq_through_a_variable_gives_its_ranks(tmp_path: Path) -> None:
    report = _check(
        tmp_path,
        "N=3\nDEVS=$(seq 0 $((N-1)))\nfor i in $DEVS; do\n"
        "  ASCEND_DEVICE_ID=$i python train.py &\ndone\n",
    )
    assert _env(report, "ASCEND_DEVICE_ID") == ["0", "1", "2"]
    assert not report.capped


@pytest.mark.parametrize(
    ("items", "devices"),
    [
        ("$(seq 1e1 12)", ["10", "11", "12"]),
        ("$(seq 0 1.5e1 30)", ["0", "15", "30"]),
        ("$(seq 3 1)", []),
        ("$(seq 0 1.0 2)", None),  # seq prints 0.0 1.0 2.0: no device numbers
    ],
)
def test_seq_reads_numbers_as_seq_does(
    tmp_path: Path, items: str, devices: list[str] | None
) -> None:
    report = _check(
        tmp_path, f"for d in {items} 9; do\n  ASCEND_DEVICE_ID=$d python train.py &\ndone\n"
    )
    if devices is None:
        assert report.ranks == ()
    else:
        assert _env(report, "ASCEND_DEVICE_ID") == [*devices, "9"]


def test_an_endless_loop_is_capped_too(tmp_path: Path) -> None:
    report = _check(
        tmp_path, "for ((i=0; i!=1; i+=0)); do\n  ASCEND_DEVICE_ID=$i python t.py &\ndone\n"
    )
    assert report.capped


def test_an_inner_loop_counted_only_at_run_time_stops_the_count_check(tmp_path: Path) -> None:
    report = _check(
        tmp_path,
        "export RANK_SIZE=16\nfor s in 0 1; do\n  for d in $(cat devices.txt); do\n"
        "    export RANK_ID=$((s*8+d)) ASCEND_DEVICE_ID=$d\n    python t.py &\n  done\ndone\n",
    )
    assert report.ranks == ()
    assert _checks(report, "warning") == [] and _checks(report, "error") == []
    notes = [f.message.en for f in report.findings]
    assert any("line 3" in n and "known only at run time" in n for n in notes), notes
    head = launch_text(report).splitlines()[0]
    assert "0 ranks" not in head and "runs a number of times known only at run time" in head
    assert "第 2 行）的循环次数要到运行时才知道" in launch_text(report, "zh").splitlines()[0]
    assert launch_json(report)["count_unknown"] is True


def test_a_loop_that_runs_no_times_is_zero_ranks(tmp_path: Path) -> None:
    report = _check(tmp_path, "for ((i=0; i<0; i++)); do\n  RANK_ID=$i python t.py &\ndone\n")
    assert report.ranks == () and not report.count_unknown
    assert "0 ranks from" in launch_text(report).splitlines()[0]


def test_one_rank_is_one_rank(tmp_path: Path) -> None:
    report = _check(
        tmp_path,
        "export RANK_SIZE=2\nfor i in 0; do\n  export RANK_ID=$i ASCEND_DEVICE_ID=$i\n"
        "  python t.py &\ndone\n",
    )
    size = next(f for f in report.findings if f.check == "launch.rank_size")
    assert "starts 1 rank;" in size.message.en
    assert "1 rank from" in launch_text(report).splitlines()[0]


def test_the_text_report_speaks_chinese(tmp_path: Path) -> None:
    report = _check(tmp_path, NESTED)
    text = launch_text(report, "zh")
    for english in ("ranks from", "started in", "every rank", "findings", "each rank runs"):
        assert english not in text, english
    head, table = text.splitlines()[0], text.splitlines()[3]
    assert "展开为 16 个 rank" in head and table.split()[0] == "序号" and "输出" in table
