"""Project configuration: discovery from the checked path upwards, precedence, --show-config,
--fail-on and the exit statuses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lint_project import ENV_SH, TRAIN, WARN_ONLY, findings, validate, write

from ascend_studio.lint import CommandLine, find_config, settings_for
from ascend_studio.lint._config import forget_configs


@pytest.fixture(autouse=True)
def _here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    forget_configs()


def test_nearest_configuration_wins(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "pyproject.toml": '[tool.ascend-studio]\nproduct = "atlas_training"\n',
            "a/pyproject.toml": "[project]\nname = 'x'\n",  # no table: skipped
            "a/t.py": TRAIN,
            "b/pyproject.toml": '[tool.ascend-studio]\nscenario = "inference"\n',
            "b/.ascend-studio.toml": 'product = "atlas_a2"\n',
            "b/c/t.py": TRAIN,
        },
    )
    top = find_config(tmp_path / "a")
    assert top is not None and top.path == tmp_path / "pyproject.toml"
    assert top.where == "pyproject.toml [tool.ascend-studio]"
    near = find_config(tmp_path / "b" / "c")
    assert near is not None and near.path.name == ".ascend-studio.toml"
    settings = settings_for(tmp_path / "b/c/t.py", CommandLine())
    assert (
        settings.product.value == "atlas_a2" and settings.product.origin == "b/.ascend-studio.toml"
    )
    assert settings.scenario.value is None  # the pyproject beside it is not merged


CONFIG = """\
[tool.ascend-studio]
product = "Atlas A2"
ignore = ["status"]
exclude = ["vendor/"]

[[tool.ascend-studio.overrides]]
paths = ["ACL_*/"]
scenario = "inference"
ignore = ["env"]
"""


def test_overrides_and_command_line_precedence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(
        tmp_path,
        {
            "pyproject.toml": CONFIG,
            "models/ACL_resnet/train.py": TRAIN,
            "models/ACL_resnet/env.sh": ENV_SH,
            "models/bert/train.py": TRAIN,
            "vendor/x.py": TRAIN,
        },
    )
    status, out, _ = validate(capsys, ".", "--format", "json")
    files = {f["path"]: f for f in json.loads(out)["files"]}
    assert sorted(files) == [
        "models/ACL_resnet/env.sh",
        "models/ACL_resnet/train.py",
        "models/bert/train.py",
    ]
    acl = files["models/ACL_resnet/train.py"]
    assert acl["configurations"][0]["scenario"] == "inference"
    # nothing names bert's scenario but graph_run_mode's default (1: training)
    assert files["models/bert/train.py"]["configurations"][0]["scenario"] == "training"
    rules = {f["rule_id"] for file in files.values() for f in file["findings"]}
    assert "status.deprecated" not in rules and "env.rank_size_with_cm_worker_size" not in rules
    # Command-line options win: --scenario and a --select that brings the ignored families back.
    status, out, _ = validate(capsys, "models", "--scenario", "training", "--select", "ALL")
    assert status == 1
    rows = findings(out)
    assert "models/ACL_resnet/env.sh:2:8 env.rank_size_with_cm_worker_size" in rows
    assert "models/bert/train.py:6:5 status.deprecated" in rows
    assert "inference" not in out


def test_show_config_says_where_each_setting_comes_from(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, {"pyproject.toml": CONFIG, "ACL_x/t.py": TRAIN})
    status, out, _ = validate(capsys, "--show-config", "ACL_x/t.py", "--ignore", "aoe")
    assert status == 0
    assert out.splitlines()[:3] == [
        "ACL_x/t.py:",
        "  configuration: pyproject.toml [tool.ascend-studio]",
        "  product: atlas_a2  (pyproject.toml [tool.ascend-studio])",
    ]
    origin = "pyproject.toml [tool.ascend-studio] overrides[0] (ACL_*/)"
    assert f"  scenario: inference  ({origin})" in out
    assert "  fail-on: error  (default)" in out
    assert "    ignore status  (pyproject.toml [tool.ascend-studio])" in out
    assert f"    ignore env  ({origin})" in out
    assert "    ignore aoe  (command line)" in out
    assert "  override [0] ACL_*/: applies" in out
    assert "  exclude: vendor/  (pyproject.toml [tool.ascend-studio])" in out
    _, out, _ = validate(capsys, "--show-config", "ACL_x")
    assert "  override [0] ACL_*/: applies" in out
    _, out, _ = validate(capsys, "--show-config", "--product", "atlas_training")
    assert "  product: atlas_training  (command line)" in out
    assert "  override [0] ACL_*/: not here" in out


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[tool.ascend-studio]\nselct = ['env']\n", "unknown key 'selct'"),
        (
            "[tool.ascend-studio]\nselect = ['evn']\n",
            "unknown rule id or family 'evn'; did you mean env?",
        ),
        (
            "[tool.ascend-studio]\nscenario = 'serving'\n",
            "scenario must be one of training, inference",
        ),
        ("[tool.ascend-studio]\nproduct = 'atlas_9000'\n", "unknown product 'atlas_9000'"),
        ("[tool.ascend-studio\n", "not valid TOML"),
        ("[[tool.ascend-studio.overrides]]\nscenario = 'inference'\n", "paths is required"),
    ],
)
def test_bad_configuration_is_exit_2_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    write(tmp_path, {"pyproject.toml": text, "t.py": TRAIN})
    status, out, err = validate(capsys, ".")
    assert status == 2 and out == ""
    assert err.startswith("ascend-studio validate: pyproject.toml") and message in err
    # The single-file report reads the project configuration too.
    assert validate(capsys, "t.py")[0] == 2


@pytest.mark.parametrize(
    "text",
    [
        "[tool.\"ascend-studio\"]\nproduct = 'atlas_9000'\n",  # a quoted key
        "[tool.\"ascend\\u002Dstudio\"]\nproduct = 'atlas_9000'\n",  # the name escaped
        "[tool.\"ascend\\U0000002Dstudio\"]\nproduct = 'atlas_9000'\n",
    ],
)
def test_our_table_is_found_however_it_is_spelled(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    write(tmp_path, {"pyproject.toml": text, "t.py": TRAIN})
    status, _, err = validate(capsys, "t.py")
    assert status == 2 and "unknown product 'atlas_9000'" in err


def test_a_pyproject_that_cannot_hold_our_table_is_not_parsed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Another tool's broken ``pyproject.toml`` is not ours to judge: skipped unread,
    the configuration above it applies."""
    write(tmp_path, {".ascend-studio.toml": "product = 'atlas_training'\n"})
    write(tmp_path / "sub", {"pyproject.toml": "[tool.black\nline = ", "w.py": WARN_ONLY})
    status, out, err = validate(capsys, "sub/w.py")
    assert status == 0 and err == "" and "atlas_training, training" in out


def test_single_file_report_uses_the_configuration(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, {".ascend-studio.toml": "product = 'atlas_training'\n", "w.py": WARN_ONLY})
    status, out, _ = validate(capsys, "w.py")
    assert status == 0 and "atlas_training, training" in out and "range.product_rounded" in out
    status, out, _ = validate(capsys, "w.py", "--product", "atlas_a2")
    assert "range.product_rounded" not in out


def test_exit_statuses_follow_fail_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, {"w.py": WARN_ONLY, "t.py": TRAIN})
    warn = ["w.py", "--product", "atlas_training", "--format", "text"]
    assert validate(capsys, *warn)[0] == 0
    assert validate(capsys, *warn, "--fail-on", "warning")[0] == 1
    assert validate(capsys, "t.py", "--fail-on", "never")[0] == 0
    assert validate(capsys, "t.py", "--fail-on", "error")[0] == 1
    assert validate(capsys, "t.py", "--ignore", "precision")[0] == 0
    write(tmp_path, {".ascend-studio.toml": "fail-on = 'warning'\n"})
    assert validate(capsys, *warn)[0] == 1
    assert validate(capsys, *warn, "--fail-on", "error")[0] == 0
    status, _, err = validate(capsys, "t.py", "--select", "precison")
    assert status == 2 and "did you mean precision?" in err
