"""The scenario line of an export's header, in both languages, read back."""

from __future__ import annotations

import pytest

from ascend_studio.codegen._header import header_lines, read_header
from ascend_studio.profile import Profile
from ascend_studio.schema import load_catalog


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("scenario", ["training", "inference"])
def test_a_named_scenario_reads_back(lang: str, scenario: str) -> None:
    lines = header_lines(Profile(scenario=scenario), load_catalog(), "POSIX sh", [], lang)
    if lang == "zh":  # said in Chinese alone, no English id beside it
        assert not any(scenario in line for line in lines if line.startswith("# 场景"))
    assert read_header(lines).scenario == scenario


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_scenario_only_graph_run_mode_implies_is_not_read_back_as_named(lang: str) -> None:
    lines = header_lines(Profile(), load_catalog(), "POSIX sh", [], lang)
    assert any("graph_run_mode" in line for line in lines)
    assert read_header(lines).scenario is None
