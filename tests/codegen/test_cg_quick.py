"""A Python file that names nothing the importer reads gets its result without the
walk: the same result, finding for finding, as the walk gives."""

from __future__ import annotations

import ast
import os
import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ascend_studio.codegen import _import_py, import_python
from ascend_studio.codegen._import import import_file
from ascend_studio.codegen._pyquick import nothing_to_read
from ascend_studio.codegen._pyscan import BASE_WORDS
from ascend_studio.schema import shipped_catalog

ROOT = Path(__file__).resolve().parents[2]


def _both(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[object, object]:
    quick = import_python(text, "x.py")
    with monkeypatch.context() as m:
        m.setattr(_import_py, "QUICK", False)
        walked = import_python(text, "x.py")
    return quick, walked


PLAIN = "import numpy as np\n\n\ndef accuracy(a, b):\n    return float(np.mean(a == b))\n"
CASES = {
    "plain": PLAIN,
    "empty": "",
    "comment only": "# nothing here\n",
    "python 2": "print 'hello'\nexec 'x = 1'\n",
    "does not parse": "def broken(:\n",
    "tab error": "if x:\n\tpass\n        pass\n",
    "old escape": "s = '\\d'\n",
    "return outside a function": "return 1\n",  # parses; symtable and ast agree
    "nonlocal at module level": "nonlocal x\n",  # parses; only symtable rejects it
    "environ": "import os\nos.environ['CUDA_VISIBLE_DEVICES'] = '0'\n",
    "putenv": "import os\nos.putenv('ASCEND_DEVICE_ID', '0')\n",
    "config": "config = NPURunConfig(iterations_per_loop=10)\n",
    "alias": "from npu_bridge.estimator.npu.npu_config import NPURunConfig as RC\nc = RC()\n",
    "subclass": "class C(NPURunConfig):\n    pass\nC(precision_mode='x')\n",
    "tf2": "import npu_device as npu\nnpu.global_options().precision_mode = 'x'\n",
    "session": (
        "config = tf.ConfigProto()\n"
        "op = config.graph_options.rewrite_options.custom_optimizers.add()\n"
        'op.parameter_map["iterations_per_loop"].i = 10\n'
    ),
    "directive": "# ascend-studio: product=nosuch\nx = 1\n",
    "suppression": "x = 1  # ascend-studio: ignore\n",
    "dump config": "d = DumpConfig(enable_dump=True)\n",
    "null byte": "x = 1\0\n",
    "deep": "x = " + "(" * 200 + "1" + ")" * 200 + "\n",
    "environment only": "# the environment\nenvironment = {}\nx.environ_copy = 1\n",
    "a name ending in a word": "my_environ = {}\nmy_environ['A'] = '1'\n",
    "fullwidth environ": "import os\nos.\uff45\uff4e\uff56\uff49\uff52\uff4f\uff4e['ASCEND_DEVICE_ID'] = '0'\n",
    "ligature in a class": "c = NPURunCon\ufb01g(iterations_per_loop=10)\n",
    "fullwidth, environment only": "# \uff45\uff4e\uff56\uff49\uff52\uff4f\uff4ement\nx = 1\n",
    "word at the end": "import os\nx = os.environ",
    "a block never run, no setting in it": "if False:\n    environment = {}\n",
    "a block never run, a setting in it": "import os\nif 0:\n    os.environ['A'] = '1'\n",
}


@pytest.mark.parametrize("text", CASES.values(), ids=CASES.keys())
def test_both_roads_give_the_same_import(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    quick, walked = _both(text, monkeypatch)
    assert quick == walked


@pytest.mark.parametrize("word", [*BASE_WORDS, "ascend-studio:", *shipped_catalog().signatures])
def test_any_word_the_scanner_starts_from_means_a_walk(word: str) -> None:
    assert not nothing_to_read(f"{PLAIN}# {word}\n", shipped_catalog().signatures)


@pytest.mark.parametrize(
    "text",
    [
        "# set up the environment\nenvironment = {}\n",
        "from env import putenv_all\nDumpConfigs = 1\nnpu_devices = []\n",
        "s = 'environment variables'\n",
    ],
)
def test_a_word_inside_a_longer_name_is_not_the_word(text: str) -> None:
    assert nothing_to_read(text, shipped_catalog().signatures)


@pytest.mark.parametrize(
    "text",
    [
        "import os\nos.\uff45\uff4e\uff56\uff49\uff52\uff4f\uff4e['A'] = '1'\n",  # NFKC: environ
        "c = NPURunCon\ufb01g()\n",  # the fi ligature: NPURunConfig
        "my_environ = 1\n",
        "x = os.environ",
        "x = os.environ\u00b2\n",  # not a name character: the word ends there
    ],
)
def test_a_name_python_reads_as_a_word_means_a_walk(text: str) -> None:
    assert not nothing_to_read(text, shipped_catalog().signatures)


def test_a_plain_file_takes_the_quick_road() -> None:
    assert nothing_to_read(PLAIN, shipped_catalog().signatures)
    assert not nothing_to_read("print 'python 2'\n", ())  # its syntax errors are reported


def test_the_quick_road_trusts_only_what_python_parses() -> None:
    for text in CASES.values():
        if nothing_to_read(text, shipped_catalog().signatures):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                ast.parse(text)


@pytest.mark.parametrize(
    "name", sorted(p.name for p in (ROOT / "tests/codegen/golden").glob("*.py"))
)
def test_golden_scripts_import_the_same(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    quick, walked = _both((ROOT / "tests/codegen/golden" / name).read_text("utf-8"), monkeypatch)
    assert quick == walked


_PIECES = st.sampled_from(
    [
        "import os\n",
        "x = 1\n",
        "def f(a):\n    return a\n",
        "class K:\n    pass\n",
        "print 'py2'\n",
        "if x:\n    y = 2\n",
        "os.environ['A'] = '1'\n",
        "NPURunConfi = 3\n",  # near misses are plain text
        "environment = {}\n",
        "NPURunConfigs = 3\n",
        "os.environment['A'] = '1'\n",
        "os.\uff45\uff4e\uff56\uff49\uff52\uff4f\uff4e['B'] = '2'\n",
        "env = os.environ\n",
        "env['C'] = '3'\n",
        "# \u4e2d\u6587\n",
        "if False:\n    environment = 2\n",
        "if 0:\n    os.environ['D'] = '4'\n",
        "x = 'NPURunConfig'\n",
        "class EnvironmentConfig(object):\n    pass\n",
        "def set_environment():\n    os.environ['E'] = '5'\n",
        "def environment_of(x):\n    return x\n",
        "c = NPURunConfig(iterations_per_loop=1)\n",
        "s = 'parameter_map'\n",
        "(\n",
        "# ascend-studio: ignore\n",
        "\t\n",
        "x = '\\q'\n",
    ]
)


@given(st.lists(_PIECES, max_size=8).map("".join))
@settings(max_examples=200, deadline=None)
def test_random_scripts_import_the_same(text: str) -> None:
    quick = import_python(text, "x.py")
    _import_py.QUICK = False
    try:
        walked = import_python(text, "x.py")
    finally:
        _import_py.QUICK = True
    assert quick == walked


CORPUS = os.environ.get("ASCEND_STUDIO_CORPUS")


@pytest.mark.slow
@pytest.mark.skipif(not CORPUS, reason="set ASCEND_STUDIO_CORPUS to a folder of real scripts")
def test_every_corpus_script_imports_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    assert CORPUS is not None
    catalog = shipped_catalog()
    differ = []
    for path in sorted(Path(CORPUS).rglob("*.py")):
        quick = import_file(path, catalog)
        with monkeypatch.context() as m:
            m.setattr(_import_py, "QUICK", False)
            if import_file(path, catalog) != quick:
                differ.append(str(path))
    assert differ == []
