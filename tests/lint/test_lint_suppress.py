"""Suppression comments: on the line, the line before, file-wide, families, unused ones."""

from __future__ import annotations

from pathlib import Path

import pytest
from lint_project import findings, validate, write

from ascend_studio.lint import parse_suppressions

HEAD = "from npu_bridge.npu_init import *\n"


@pytest.fixture(autouse=True)
def _here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def _run(capsys: pytest.CaptureFixture[str], text: str, *args: str) -> tuple[int, list[str]]:
    write(Path.cwd(), {"t.py": text})
    status, out, _ = validate(capsys, "t.py", "--format", "text", *args)
    return status, findings(out)


def test_parse_forms() -> None:
    found = parse_suppressions(
        [
            "x = 1  # ascend-studio: ignore[a.b, c]",
            "# ascend-studio: ignore",
            "y = 2",
            "#ascend-studio:ignore-file[env]",
        ]
    ).items
    assert [(s.line, s.selectors, s.whole_file) for s in found] == [
        (1, ("a.b", "c"), False),
        (2, None, False),
        (4, ("env",), True),
    ]
    assert found[0].covers == {1} and found[1].covers == {2, 3}


def test_same_line_and_line_before(capsys: pytest.CaptureFixture[str]) -> None:
    base = HEAD + "config = NPURunConfig(\n    precision_mode='allow_mix_precision',{same}\n"
    base += "{before}    precision_mode_v2='mixed_float16',\n)\n"
    newest = ("--release", "newest")  # a named release: no release.depends note
    status, rows = _run(capsys, base.format(same="", before=""), *newest)
    assert status == 1 and rows == ["t.py:3:5 precision.both_modes"]
    same = "  # ascend-studio: ignore[precision.both_modes]"
    assert _run(capsys, base.format(same=same, before=""), *newest) == (0, [])
    # The finding is about both keywords, so the comment may stand before the second one.
    before = "    # ascend-studio: ignore[precision]\n"
    assert _run(capsys, base.format(same="", before=before), *newest) == (0, [])
    other = "  # ascend-studio: ignore[env]"
    assert _run(capsys, base.format(same=other, before=""))[0] == 1


def test_shell_and_file_level(capsys: pytest.CaptureFixture[str]) -> None:
    write(
        Path.cwd(),
        {
            "a.sh": "export RANK_SIZE=8  # ascend-studio: ignore[env.rank_size_with_cm_worker_size]\n"
            "export CM_WORKER_SIZE=8\n",
            "b.sh": "# ascend-studio: ignore-file[env]\nexport RANK_SIZE=8\nexport CM_WORKER_SIZE=8\n",
            "c.sh": "export RANK_SIZE=8\nexport CM_WORKER_SIZE=8\n# ascend-studio: ignore-file\n",
            "d.sh": "export RANK_SIZE=8\nexport CM_WORKER_SIZE=8\n",
        },
    )
    status, out, _ = validate(capsys, ".")
    assert findings(out) == ["d.sh:1:8 env.rank_size_with_cm_worker_size"]
    assert "3 suppressed" in out
    assert status == 1


def test_unused_suppressions_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    text = (
        HEAD
        + "config = NPURunConfig(  # ascend-studio: ignore[precision]\n"
        + "    enable_data_pre_proc=True,  # ascend-studio: ignore[status.deprecated, env]\n"
        + ")\n# ascend-studio: ignore-file[no.such_rule]\n"
    )
    assert _run(capsys, text) == (0, [])
    status, rows = _run(capsys, text, "--report-unused-suppressions")
    assert rows == [
        "t.py:2:25 suppression.unused",
        "t.py:3:33 suppression.unused",
        "t.py:5:1 suppression.unknown_rule",
    ]
    assert status == 0  # warnings
    status, out, _ = validate(
        capsys, "t.py", "--report-unused-suppressions", "--fail-on", "warning"
    )
    assert status == 1
    assert "Unused suppression: nothing reported here for env." in out
    assert "unknown rule id or family 'no.such_rule'" in out


def test_single_file_report_honours_comments(capsys: pytest.CaptureFixture[str]) -> None:
    text = (
        HEAD
        + "config = NPURunConfig(precision_mode='allow_mix_precision',"
        + " precision_mode_v2='mixed_float16')  # ascend-studio: ignore[precision.both_modes]\n"
    )
    write(Path.cwd(), {"t.py": text})
    status, out, _ = validate(capsys, "t.py")
    assert status == 0 and "precision.both_modes" not in out and "0 errors" in out
    write(Path.cwd(), {"t.py": text.split("  #")[0] + "\n"})
    assert validate(capsys, "t.py")[0] == 1
