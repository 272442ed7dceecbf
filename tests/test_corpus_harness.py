"""benchmarks/corpus.py without the corpus: what it selects, how it classes errors,
how it reads the triage table and computes precision."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def corpus() -> ModuleType:
    spec = importlib.util.spec_from_file_location("corpus_harness", ROOT / "benchmarks/corpus.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["corpus_harness"] = module
    spec.loader.exec_module(module)
    return module


def _write(root: Path, name: str, text: str) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_selection_and_figures(corpus: ModuleType, tmp_path: Path) -> None:
    _write(
        tmp_path,
        "a/train.py",
        "config = NPURunConfig(precision_mode='allow_mix_precision', tune_mode='RL')\n",
    )
    _write(tmp_path, "a/model.py", "import tensorflow as tf\n")  # configures nothing
    _write(tmp_path, "a/run.sh", "export DEVICE_ID=0\npython3 train.py\n")
    _write(tmp_path, "a/env.sh", "export RANK_SIZE=eight\n")
    _write(tmp_path, "a/readme.sh", "echo hello\n")
    picked = [p.name for p in corpus.selected(tmp_path)]
    assert picked == ["env.sh", "run.sh", "train.py"]
    triage = tmp_path / "triage.md"
    triage.write_text(
        "| `profile.unknown_kwarg` | true | TypeError | x |\n"
        "| `env.rank_size.invalid` | true | int() | x |\n",
        encoding="utf-8",
    )
    assert corpus.main([str(tmp_path), "--triage", str(triage), "--json"]) == 1  # 2 of 3 files
    tally = corpus.Tally()
    for path in corpus.selected(tmp_path):
        corpus.check(path, tmp_path, tally)
    summary = corpus.summary(tally, corpus.read_triage(triage))
    assert summary["total_files"] == 3
    assert summary["error_precision"] == 1.0
    assert summary["untriaged"] == []
    assert tally.classes["profile.unknown_kwarg"] == 1


def test_shell_text_is_its_own_class(corpus: ModuleType) -> None:
    assert corpus.error_class("env.device_id.invalid", {"env:DEVICE_ID": "x$1"}) == (
        "env.device_id.invalid [shell text]"
    )
    assert corpus.error_class("env.device_id.invalid", {"env:DEVICE_ID": "x"}) == (
        "env.device_id.invalid"
    )


def test_several_trees_import_classes_and_the_warnings_file(
    corpus: ModuleType, tmp_path: Path
) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    _write(one, "run.sh", "export RANK_SIZE=1\r\nfor i in 1 2; do\r\n  echo $i\r\ndone\r\n")
    _write(two, "env.sh", "export RANK_SIZE=8\nexport RANK_SIZE=4\n")
    triage = tmp_path / "triage.md"
    triage.write_text("| `import.syntax_error` | true | bash stops | x |\n", encoding="utf-8")
    warnings = tmp_path / "warnings.jsonl"
    args = [str(one), str(two), "--triage", str(triage), "--json", "--warnings-out", str(warnings)]
    assert corpus.main(args) == 1  # one file of two has an error: over the 1 % target
    tally = corpus.Tally()
    corpus.check(one / "run.sh", one, tally, "one/")
    assert tally.classes == {"import.syntax_error": 1}
    assert tally.error_files == ["one/run.sh"]
    (line,) = warnings.read_text(encoding="utf-8").splitlines()
    assert '"file": "two/env.sh"' in line and '"rule_id": "import.conflict"' in line


@pytest.fixture(scope="module")
def corpus_tf2(corpus: ModuleType) -> ModuleType:
    sys.modules.setdefault("corpus", corpus)
    spec = importlib.util.spec_from_file_location("corpus_tf2", ROOT / "benchmarks/corpus_tf2.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["corpus_tf2"] = module
    spec.loader.exec_module(module)
    return module


def test_tf2_harness_counts_what_the_importer_finds(corpus_tf2: ModuleType, tmp_path: Path) -> None:
    _write(
        tmp_path,
        "m/train.py",
        "import npu_device\n"
        "npu_device.global_options().precision_mode = 'allow_mix_precision'\n"
        "npu_device.global_options().dump_config.enable_dump = True\n"
        "npu_device.open().as_default()\n",
    )
    _write(tmp_path, "m/model.py", "import tensorflow as tf\n")
    _write(
        tmp_path,
        "m/old.py",
        "# ascend-studio: release=7.0.0\n"
        "import npu_device\nif flag:\n    npu_device.global_options().auto_tune_mode = 'RL,GA'\n",
    )
    assert [p.name for p in corpus_tf2.selected(tmp_path)] == ["old.py", "train.py"]
    found = corpus_tf2.Found()
    for path in corpus_tf2.selected(tmp_path):
        corpus_tf2.measure(path, tmp_path, found)
    assert (found.configuring, found.with_config, found.assignments, found.read) == (2, 2, 3, 3)
    triage = tmp_path / "triage.md"
    triage.write_text("| `tf2.option.removed` | true | ValueError | x |\n", encoding="utf-8")
    assert corpus_tf2.main([str(tmp_path), "--triage", str(triage), "--json"]) == 0
    triage.write_text("| `tf2.option.removed` | false | no | x |\n", encoding="utf-8")
    assert corpus_tf2.main([str(tmp_path), "--triage", str(triage), "--json"]) == 1
