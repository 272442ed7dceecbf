"""The severity policy, rule by rule: every rule cites public evidence, every error
cites a failure (code that raises, aborts or rejects, or a doc that says it fails),
and, given a hicann/tensorflow checkout, every cited file, line, function and doc
page exists there."""

from __future__ import annotations

from pathlib import Path

import pytest
from tfa_source import SKIP_REASON, checkout

from ascend_studio.rules import RULES, Rule
from ascend_studio.rules._evidence import Citation, citations, states_failure
from ascend_studio.schema import shipped_catalog

#: Rules whose sources must cite repository paths, never shorthand.
ISSUE_12 = (
    "compile_dynamic_mode.with_dynamic_input",
    "compile_dynamic_mode.with_dynamic_dims",
    "aoe.with_dynamic_dims",
    "dynamic_dims.gear_count",
    "dynamic_input_config.none_dropped",
    "env.device_id.read_by_ge_init",
    "env.ascend_work_path.invalid",
    "profiling_options.no_output",
)
PRIVATE = ("seed00", "NOTES", "§")


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_every_rule_cites_public_evidence(rule: Rule) -> None:
    assert citations(rule.source), f"{rule.id}: no public file, doc page or line in {rule.source!r}"


@pytest.mark.parametrize("rule", [r for r in RULES if r.severity == "error"], ids=lambda r: r.id)
def test_every_error_cites_a_failure(rule: Rule) -> None:
    """error = the real stack raises, aborts or rejects, or the official doc says it fails."""
    found = citations(rule.source)
    documented = any(c.kind in ("doc", "page") for c in found)
    coded = any(c.kind in ("code", "external") for c in found)
    # A catalog-driven family's per-parameter evidence lives in each entry's sources.
    per_parameter = rule.kind == "catalog" and "catalog:" in rule.source
    assert per_parameter or documented or (coded and states_failure(rule)), (rule.id, rule.source)


def test_catalog_parameters_carry_sources() -> None:
    for param in shipped_catalog().params:
        assert param.sources, param.path


@pytest.mark.parametrize("rule_id", ISSUE_12)
def test_new_rules_cite_repository_paths_not_shorthand(rule_id: str) -> None:
    rule = next(r for r in RULES if r.id == rule_id)
    assert not any(word in rule.source for word in PRIVATE), rule.source
    assert any(c.line is not None or c.kind != "code" for c in citations(rule.source))


# -- against a checkout ---------------------------------------------------------------


def _checkout() -> Path | None:
    return checkout()


def _check(root: Path, citation: Citation) -> str | None:
    if citation.kind in ("page", "external"):
        return None
    path = root / citation.ref
    if not path.is_file():
        return f"{citation.ref}: no such file"
    if citation.kind == "doc":
        return None
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    if citation.line is not None and not 1 <= citation.line <= len(lines):
        return f"{citation.ref}:{citation.line}: past the end ({len(lines)} lines)"
    if citation.symbol and not any(citation.symbol in line for line in lines):
        return f"{citation.ref}: no {citation.symbol}"
    return None


def test_citations_exist_in_the_checkout() -> None:
    root = _checkout()
    if root is None:
        pytest.skip(SKIP_REASON)
    problems = sorted(
        {f"{r.id}: {p}" for r in RULES for c in citations(r.source) if (p := _check(root, c))}
    )
    assert problems == []


def test_line_citations_point_at_what_they_describe() -> None:
    """A cited line holds the check the rule describes (spot checks of the new rules)."""
    root = _checkout()
    if root is None:
        pytest.skip(SKIP_REASON)
    expected = {
        "compile_dynamic_mode.with_dynamic_input": "compile_dynamic_mode_",
        "compile_dynamic_mode.with_dynamic_dims": "is_set_dynamic_config",
        "aoe.with_dynamic_dims": "mstuning",
        "accelerate_train_mode.format": "ParserAccelerateTrain",
        "env.device_id.read_by_ge_init": "GetEnvDeviceID",
        "dynamic_input_config.none_dropped": "_dynamic_input_config",
    }
    for rule_id, needle in expected.items():
        rule = next(r for r in RULES if r.id == rule_id)
        cited = next(c for c in citations(rule.source) if c.line is not None)
        lines = (root / cited.ref).read_text(encoding="utf-8").splitlines()
        window = "\n".join(lines[cited.line - 1 : cited.line + 3])  # type: ignore[operator]
        assert needle in window, (rule_id, cited)
