"""benchmarks/fix_corpus.py without the corpus: it fixes a copy (never the original) and
its checks catch what they are for."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from fix_scripts import ESTIMATOR_TRAINER, SESSION_TRAINER

from ascend_studio.profile import Profile
from ascend_studio.rules import Fix, RemoveKey

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def harness() -> ModuleType:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    spec = importlib.util.spec_from_file_location("fix_corpus", ROOT / "benchmarks/fix_corpus.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["fix_corpus"] = module
    spec.loader.exec_module(module)
    return module


def test_a_tree_is_fixed_on_a_copy_and_every_check_passes(
    harness: ModuleType, tmp_path: Path
) -> None:
    corpus = tmp_path / "corpus"
    (corpus / "a").mkdir(parents=True)
    (corpus / "a/trainer.py").write_text(ESTIMATOR_TRAINER, encoding="utf-8")
    (corpus / "a/train.py").write_text(SESSION_TRAINER, encoding="utf-8")
    (corpus / "a/env.sh").write_text("export JOB_ID=10087\nexport RANK_SIZE=1\n", encoding="utf-8")
    figures = harness.run(corpus, tmp_path / "scratch", unsafe=True)
    assert (figures.files, figures.changed) == (3, 2)
    assert figures.fixes["release.retired_keyword"] == 1
    assert figures.fixes["profile.unknown_key"] == 1
    assert not figures.failed
    assert (corpus / "a/trainer.py").read_text("utf-8") == ESTIMATOR_TRAINER  # the copy only
    assert "auto_tune_mode" not in (tmp_path / "scratch/a/trainer.py").read_text("utf-8")


def test_a_line_no_fix_edited_is_caught(harness: ModuleType) -> None:
    fix = Fix((RemoveKey("NPURunConfig.auto_tune_mode"),), "safe")
    before = 'x = 1\ncfg = NPURunConfig(auto_tune_mode="RL")\n'
    assert harness._stray(before, "x = 1\ncfg = NPURunConfig()\n", [fix]) == []
    stray = harness._stray(before, 'x = 2\ncfg = NPURunConfig(auto_tune_mode="RL")\n', [fix])
    assert stray == ["-x = 1", "+x = 2"]


def test_a_value_that_reads_back_otherwise_is_caught(harness: ModuleType) -> None:
    want = Profile(values={"hcom_parallel": True})
    assert harness._same_reading(want, want, {"hcom_parallel"}) == []
    got = Profile(values={"hcom_parallel": 1})  # 1 is not the True the fix wrote
    assert harness._same_reading(want, got, {"hcom_parallel"}) == ["hcom_parallel: True != 1"]
