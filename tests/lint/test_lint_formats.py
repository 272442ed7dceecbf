"""Batch output formats: text, JSON, SARIF 2.1.0 (checked against the official schema), GitHub."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from lint_project import ENV_SH, PLAIN, TRAIN, validate, write

from ascend_studio.lint import Finding, use_colour
from ascend_studio.lint._formats import github_line, text_line
from ascend_studio.schema import Text

SCHEMA = Path(__file__).parent / "data" / "sarif-schema-2.1.0.json"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NO_COLOR", raising=False)
    write(tmp_path, {"job/train.py": TRAIN, "job/env.sh": ENV_SH, "plain.py": PLAIN})
    return tmp_path


def test_text_format(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = validate(capsys, ".")
    assert status == 1
    lines = out.splitlines()
    assert lines[0] == (
        "job/env.sh:2:8: error env.rank_size_with_cm_worker_size RANK_SIZE and CM_WORKER_SIZE"
        " cannot both be set; TF Adapter's util.get_ranksize raises ValueError when it reads them."
        " [fix: Unset CM_WORKER_SIZE; or unset RANK_SIZE.]"
    )
    assert lines[1].startswith("job/train.py:4:5: error precision.both_modes ")
    # no release named: precision_mode_v2 exists from 6.3.RC2 on, said once as info
    assert lines[2].startswith("job/train.py:5:5: info release.depends ")
    assert lines[3].startswith("job/train.py:6:5: info status.deprecated ")
    assert lines[4] == ""
    assert lines[5] == (
        "3 files checked, 2 with a configuration (2 configurations): 2 errors, 0 warnings, 2 info"
    )
    assert lines[6:] == [
        "      1  env.rank_size_with_cm_worker_size",
        "      1  precision.both_modes",
        "      1  release.depends",
        "      1  status.deprecated",
        "3 fixable with --fix --unsafe-fixes.",
    ]
    assert "\033[" not in out


def test_output_is_deterministic_and_relative(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = validate(capsys, "job", "plain.py", "--format", "json")
    second = validate(capsys, "plain.py", "job/train.py", "job", "--format", "json")
    assert first == second
    assert str(project) not in first[1]


def test_json_format(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = validate(capsys, ".", "--format", "json")
    assert status == 1
    document = json.loads(out)
    assert (document["format"], document["version"]) == ("ascend-studio-validate", 1)
    assert [f["path"] for f in document["files"]] == ["job/env.sh", "job/train.py", "plain.py"]
    assert set(document["files"][1]) == {"path", "dialect", "configurations", "findings"}
    assert set(document["summary"]) == {
        "files",
        "files_with_configuration",
        "configurations",
        "suppressed",
        "by_severity",
        "by_rule",
    }
    train = document["files"][1]
    assert train["configurations"][0]["product"] is None  # the script names no product
    first = train["findings"][0]
    assert first["line"] == 4 and first["column"] == 5
    assert first["rule_id"] == "precision.both_modes" and first["severity"] == "error"
    assert first["message"]["zh"] and first["fix"]["en"] and first["source"]
    assert first["params"][0] == "precision_mode"
    assert set(first) == {
        "path",
        "line",
        "column",
        "rule_id",
        "severity",
        "message",
        "fix",
        "source",
        "params",
        "configuration",
        "fixes",
    }
    assert document["summary"]["by_severity"] == {"error": 2, "warning": 0, "info": 2}
    assert document["summary"]["files"] == 3
    assert document["fail_on"] == "error"
    # --json means --format json when more than one file is given.
    assert validate(capsys, ".", "--json")[1] == out


def test_sarif_validates_against_the_official_schema(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    status, out, _ = validate(capsys, ".", "--format", "sarif", "--report-unused-suppressions")
    assert status == 1
    document = json.loads(out)
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator.check_schema(schema)
    errors = list(jsonschema.Draft4Validator(schema).iter_errors(document))
    assert errors == []
    run = document["runs"][0]
    rules = {r["id"]: r for r in run["tool"]["driver"]["rules"]}
    both = rules["precision.both_modes"]
    assert both["defaultConfiguration"]["level"] == "error"
    cited = "hicann/tensorflow tf_adapter/util/npu_attrs.cc"  # rendered from the sources table
    assert "Fix: Keep only" in both["help"]["text"]
    assert f"Source: {cited}" in both["help"]["text"]
    assert both["properties"]["source"].startswith(cited)
    result = next(r for r in run["results"] if r["ruleId"] == "precision.both_modes")
    assert run["tool"]["driver"]["rules"][result["ruleIndex"]]["id"] == "precision.both_modes"
    location = result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "job/train.py"
    assert location["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
    assert location["region"] == {"startLine": 4, "startColumn": 5}
    assert "Fix: Remove precision_mode; or remove precision_mode_v2." in result["message"]["text"]
    # the finding's other parameter, where the script sets it
    [other] = result["relatedLocations"]
    assert other["message"]["text"] == "precision_mode_v2"
    assert other["physicalLocation"]["artifactLocation"]["uri"] == "job/train.py"
    assert other["physicalLocation"]["region"]["startLine"] == 5
    assert result["properties"]["fix"].startswith("Remove precision_mode")
    levels = {r["ruleId"]: r["level"] for r in run["results"]}
    assert levels["status.deprecated"] == "note"


def test_sarif_with_no_findings_is_valid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    monkeypatch.chdir(tmp_path)
    write(tmp_path, {"plain.py": PLAIN, "sub dir/t.py": TRAIN})
    status, out, _ = validate(capsys, "plain.py", "--format", "sarif")
    assert status == 0
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.validate(json.loads(out), schema, cls=jsonschema.Draft4Validator)
    _, out, _ = validate(capsys, ".", "--format", "sarif")
    uris = {a["location"]["uri"] for a in json.loads(out)["runs"][0]["artifacts"]}
    assert uris == {"sub%20dir/t.py"}


def test_github_annotations(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = validate(capsys, ".", "--format", "github")
    assert status == 1
    lines = out.splitlines()
    assert lines[0] == (
        "::error file=job/env.sh,line=2,col=8,title=ascend-studio env.rank_size_with_cm_worker_size"
        "::RANK_SIZE and CM_WORKER_SIZE cannot both be set; TF Adapter's util.get_ranksize raises ValueError when it reads them.%0A"
        "fix: Unset CM_WORKER_SIZE; or unset RANK_SIZE."
    )
    assert lines[2].startswith("::notice file=job/train.py,line=5,col=5,")  # release.depends
    assert lines[3].startswith("::notice file=job/train.py,line=6,col=5,")


def _finding(path: str = "a.py") -> Finding:
    return Finding(
        path, 3, 7, "x.y", "warning", Text.of("百分比 50%", "50%\nnext"), Text.of("修", "do: it")
    )


def test_github_escaping() -> None:
    assert github_line(_finding("dir,with:odd%.py"), "en") == (
        "::warning file=dir%2Cwith%3Aodd%25.py,line=3,col=7,title=ascend-studio x.y"
        "::50%25 next%0Afix: do: it"
    )


def test_colour_only_on_a_terminal_and_never_with_no_color(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert use_colour(Tty()) and not use_colour(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_colour(Tty())
    assert use_colour(io.StringIO(), "always") and not use_colour(Tty(), "never")
    painted = text_line(_finding(), "en", colour=True)
    assert "\033[33mwarning\033[0m" in painted and painted.startswith("\033[1ma.py:3:7:")


def test_chinese_messages(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = validate(capsys, "job/train.py", "--format", "text", "--lang", "zh")
    assert "job/train.py:4:5: 错误 precision.both_modes " in out and "[修复: " in out
    _, out, _ = validate(capsys, "job/train.py", "--format", "github", "--lang", "zh")
    assert out.startswith("::error ")  # the runner reads the English severity


def test_output_file_is_written_atomically(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = validate(capsys, ".", "--format", "sarif", "-o", "report.sarif")
    assert status == 1 and out == ""
    assert err.strip() == "4 findings written to report.sarif"
    document = json.loads((project / "report.sarif").read_text(encoding="utf-8"))
    assert document["version"] == "2.1.0"
    assert [p.name for p in project.iterdir() if p.name.startswith(".report")] == []
    status, _, err = validate(capsys, ".", "-o", "no/such/dir/x.txt")
    assert status == 2 and "cannot write no/such/dir/x.txt" in err
