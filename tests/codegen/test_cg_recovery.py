"""One bad expression or line never loses the rest of the file,
and no reader is quadratic (hang checks run the real CLI under a time limit)."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_process import run_ascend_studio

from ascend_studio.codegen import _pyscan, import_text
from ascend_studio.codegen._import_py import MAX_PYTHON_BYTES

pytestmark = pytest.mark.slow


def test_deeply_nested_substitution_is_one_bad_line() -> None:
    text = "export A=1\n" + 'X="$(' * 2000 + "\nexport B=2\n"
    result = import_text(text, "run.sh")
    assert result.configs[0].profile.env == {"A": "1", "B": "2"}
    (error,) = result.report.of_kind("syntax_error")
    assert error.line == 2 and "nested more than 64 deep" in error.message.en
    assert not result.report.of_kind("internal_error")


def test_an_unterminated_quote_is_reported_and_the_rest_read() -> None:
    result = import_text("export A='x\nexport B=2\nexport C=\"y\n", "run.sh")
    assert [i.line for i in result.report.of_kind("syntax_error")] == [1, 3]
    assert result.configs[0].profile.env == {"B": "2"}


def test_overflowing_format_keeps_the_file() -> None:
    text = 'x = "%d" % 1e999\nconfig = NPURunConfig(iterations_per_loop=10)\n'
    result = import_text(text, "train.py")
    assert result.configs[0].profile.values == {"iterations_per_loop": 10}
    assert not result.report.of_kind("internal_error")


def test_an_importer_bug_skips_one_statement(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: object, node: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(_pyscan.Scanner, "_s_AugAssign", broken, raising=False)
    text = "x = 1\nx += 2\nconfig = NPURunConfig(iterations_per_loop=10)\n"
    result = import_text(text, "train.py")
    (bug,) = result.report.of_kind("internal_error")
    assert bug.line == 2 and "RuntimeError: boom" in bug.message.en
    assert result.configs[0].profile.values == {"iterations_per_loop": 10}


def test_python_over_the_limit_is_refused_in_one_line() -> None:
    result = import_text("x = 1\n" * (MAX_PYTHON_BYTES // 6 + 10), "train.py")
    (item,) = result.report.items
    assert item.kind == "unreadable" and "larger than 2 MB are not read" in item.message.en


#: Inputs that took 5-11 s at a tenth of these sizes when reading was quadratic
#: (minutes here); linear reading takes seconds even on a loaded machine.
WORST = {
    "blank_lines_no_suffix": ("launcher", "export A=1\n" + "\n" * 200_000),
    "assignments_one_line.sh": ("run.sh", "x=1;" * 100_000 + "\n"),
    "tildes.sh": ("run.sh", "export A=" + "~" * 2_000_000 + "\n"),
    "tilde_colons.sh": ("run.sh", "export A=x" + ":~" * 500_000 + "\n"),
    "python_one_line.py": ("train.py", "x=1;" * 100_000 + "\n"),
}


@pytest.mark.parametrize("case", sorted(WORST))
def test_worst_cases_finish(tmp_path: Path, case: str) -> None:
    name, text = WORST[case]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    run = run_ascend_studio("import", str(path))  # a hang or a quadratic reader times out
    assert "Traceback" not in run.stderr
    assert run.returncode in (0, 1)
