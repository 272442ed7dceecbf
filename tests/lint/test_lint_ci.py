"""The CI companions: the pre-commit hook, the example workflow, the recipe in --help and README."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import yaml
from lint_project import TRAIN, validate, write

from ascend_studio.cli import build_parser
from ascend_studio.lint._config import load_config

ROOT = Path(__file__).resolve().parents[2]


def _hook() -> dict[str, object]:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    (hook,) = hooks
    assert isinstance(hook, dict)
    return hook


@pytest.mark.parametrize(
    ("name", "checked"),
    [
        ("train.py", True),
        ("scripts/run_8p.sh", True),
        ("env.bash", True),
        (".env", True),
        ("deploy/.env.prod", True),
        ("prod.env", True),
        ("env.list", True),
        ("npu_env.txt", True),
        ("job.ascend.json", True),
        ("README.md", False),
        ("package.json", False),
        ("environment.txt", False),
    ],
)
def test_pre_commit_hook_files_match_the_walk(name: str, checked: bool) -> None:
    pattern = str(_hook()["files"])
    assert bool(re.search(pattern, name)) is checked


def test_pre_commit_hook_entry_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    hook = _hook()
    assert hook["id"] == "ascend-studio" and hook["language"] == "python"
    assert hook["require_serial"] is True
    words = shlex.split(str(hook["entry"]))
    assert words[:2] == ["ascend-studio", "validate"]
    monkeypatch.chdir(tmp_path)
    write(tmp_path, {"a/train.py": TRAIN, "b.py": "x = 1\n"})
    status, out, _ = validate(capsys, *words[2:], "a/train.py", "b.py")
    assert status == 1 and out.startswith("a/train.py:4:5: error precision.both_modes ")


def test_example_workflow_commands_parse() -> None:
    workflow = yaml.safe_load(
        (ROOT / "docs" / "github-actions-validate.yml").read_text(encoding="utf-8")
    )
    steps = workflow["jobs"]["validate"]["steps"]
    runs = [s["run"] for s in steps if "run" in s and s["run"].startswith("ascend-studio")]
    formats = []
    for line in runs:
        words = shlex.split(line.split(">")[0])
        args = build_parser().parse_args(words[1:])
        formats.append(args.format)
    assert formats == ["sarif", "github"]
    upload = next(s for s in steps if "upload-sarif" in s.get("uses", ""))
    assert upload["with"]["sarif_file"] == "ascend-studio.sarif"


def test_help_and_readme_show_the_ci_recipe(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["validate", "--help"])
    text = capsys.readouterr().out
    for needle in ("CI recipes:", "--format github", "--format sarif", "pre-commit", "--fail-on"):
        assert needle in text
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for needle in ("ascend-studio validate . --format sarif", "--fail-on", "docs/validate.md"):
        assert needle in readme
    guide = (ROOT / "docs" / "validate.md").read_text(encoding="utf-8")
    for needle in ("ascend-studio validate . --format sarif", "id: ascend-studio", "--fail-on"):
        assert needle in guide


def test_documented_configuration_example_loads(tmp_path: Path) -> None:
    guide = (ROOT / "docs" / "validate.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```toml\n(.*?)```", guide, re.S) if "ascend-studio" in b)
    (tmp_path / "pyproject.toml").write_text(block, encoding="utf-8")
    config = load_config(tmp_path / "pyproject.toml")
    assert config is not None and config.product == "atlas_a2"
    assert [o.scenario for o in config.overrides] == ["inference"]
    assert config.overrides_for(tmp_path / "ACL_resnet" / "infer.py")
