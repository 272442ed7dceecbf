"""Rule diagnostics appear as comments next to the parameter or variable they concern."""

from __future__ import annotations

import pytest
from cg_profiles import NAMES, profile

from ascend_studio.codegen import ExportOptions, export_formats, export_text
from ascend_studio.profile import Profile
from ascend_studio.rules import evaluate

CONFLICTING = Profile(
    values={
        "precision_mode": "force_fp16",
        "precision_mode_v2": "fp16",
        "dump_config.enable_dump": True,
    },
    env={"RANK_SIZE": "8", "CM_WORKER_SIZE": "2", "ASCEND_DEVICE_ID": "x"},
)


def _comment_block_above(lines: list[str], index: int) -> list[str]:
    block = []
    while index > 0 and lines[index - 1].lstrip().startswith("#"):
        index -= 1
        block.append(lines[index])
    return block


def _line_of(lines: list[str], needle: str) -> int:
    return next(
        i for i, line in enumerate(lines) if needle in line and not line.lstrip().startswith("#")
    )


@pytest.mark.parametrize(("fmt", "marker"), [("py", "{name}="), ("sess", '["{key}"]')])
def test_parameter_diagnostics_sit_above_the_parameter(fmt: str, marker: str) -> None:
    lines = export_text(CONFLICTING, fmt).splitlines()
    diagnostics = [
        d for d in evaluate(CONFLICTING) if d.params and not d.params[0].startswith("env:")
    ]
    assert diagnostics
    shown = 0
    for diag in diagnostics:
        path = next((p for p in diag.params if p in CONFLICTING.values), None)
        if path is None:
            assert any(diag.rule_id in line for line in lines[:20])  # in the header
            continue
        name = path.rpartition(".")[2]
        key = "profiling_mode" if name == "enable_profiling" else name
        above = _comment_block_above(lines, _line_of(lines, marker.format(name=name, key=key)))
        assert any(f"[{diag.rule_id}]" in line for line in above), (diag.rule_id, above)
        shown += 1
    assert shown


@pytest.mark.parametrize("fmt", ["sh", "env-file", "k8s"])
def test_env_diagnostics_sit_above_the_variable(fmt: str) -> None:
    lines = export_text(CONFLICTING, fmt).splitlines()
    for diag in evaluate(CONFLICTING):
        names = [p[4:] for p in diag.params if p.startswith("env:")]
        if not names:
            continue
        index = _line_of(lines, f"{names[0]}=" if fmt != "k8s" else f'name: "{names[0]}"')
        above = _comment_block_above(lines, index)
        assert any(f"[{diag.rule_id}]" in line for line in above), (diag.rule_id, fmt)


def test_languages_and_switching_off() -> None:
    zh = export_text(CONFLICTING, "py", ExportOptions(lang="zh"))
    assert any(
        "\u4e00" <= ch <= "\u9fff"
        for ch in "".join(line for line in zh.splitlines() if "[" in line and "]:" in line)
    )
    for fmt in (f.id for f in export_formats() if f.id != "json"):
        text = export_text(CONFLICTING, fmt, ExportOptions(diagnostics=False))
        assert not any(d.rule_id in text for d in evaluate(CONFLICTING)), fmt


@pytest.mark.parametrize("name", NAMES)
def test_every_diagnostic_is_shown_somewhere_in_python_export(name: str) -> None:
    p = profile(name)
    text = export_text(p, "py")
    for diag in evaluate(p):
        if all(param.startswith("env:") for param in diag.params) and diag.params:
            continue  # about the environment: shown by the env formats
        assert f"[{diag.rule_id}]" in text, diag.rule_id
