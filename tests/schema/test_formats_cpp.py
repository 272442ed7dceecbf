"""Differential test: the format checkers against the C++ functions they mirror.

The C++ check functions are extracted from the hicann/tensorflow checkout named by
``ASCEND_STUDIO_TF_ADAPTER`` (``tf_adapter/util/npu_attrs.cc``) at test time,
compiled with g++ beside a tiny harness, and run over 10,000 generated strings per
checker; the verdicts (accepted or not) must all agree. Nothing from that source
is kept in this repository. Skipped without the checkout or a compiler.
"""

from __future__ import annotations

import random
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from tfa_source import tf_adapter_dir

from ascend_studio.schema import (
    check_device_list,
    check_dump_step,
    check_dynamic_dims,
    check_input_shape,
)

COUNT = 10_000
#: C++ function name -> (the Python mirror, its signature's first line in npu_attrs.cc).
CHECKERS: dict[str, tuple[Callable[[str], str | None], str]] = {
    "checkDumpStep": (check_dump_step, "inline Status checkDumpStep("),
    "CheckInputShape": (check_input_shape, "inline Status CheckInputShape("),
    "CheckDynamicDims": (check_dynamic_dims, "inline Status CheckDynamicDims("),
    "CheckDeviceList": (check_device_list, "inline Status CheckDeviceList("),
}
_SPLIT = "void Split(const std::string &s, std::vector<std::string> &result, const char *delchar) {"
_PRELUDE = """
#include <cstdlib>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>
using std::string;
struct Status {
  bool good;
  static Status OK() { return Status{true}; }
};
namespace errors {
template <typename... A> Status InvalidArgument(const A &...) { return Status{false}; }
}
const std::string kNumerics = "0123456789";
const std::string kErrMsgInvalidStepSets, kErrMsgReverseStepNum, kErrMsgInvalidStepFormat;
"""
_MAIN = """
static std::string unhex(const std::string &h) {
  std::string out;
  for (size_t i = 0; i + 1 < h.size(); i += 2) out += (char)std::stoi(h.substr(i, 2), nullptr, 16);
  return out;
}
int main() {
  std::string name, hex;
  while (std::cin >> name >> hex) {
    std::string text = hex == "-" ? std::string() : unhex(hex);
    bool ok = false;
    %s
    std::cout << (ok ? 1 : 0) << "\\n";
  }
  return 0;
}
"""


def _source() -> Path | None:
    root = tf_adapter_dir()
    found = None if root is None else root / "util" / "npu_attrs.cc"
    return found if found is not None and found.is_file() else None


def _body(text: str, head: str) -> str:
    """The function starting at ``head``, through its matching closing brace."""
    start = text.index(head)
    depth, index = 0, text.index("{", start)
    while True:
        depth += {"{": 1, "}": -1}.get(text[index], 0)
        index += 1
        if depth == 0:
            return text[start:index]


@pytest.fixture(scope="module")
def harness(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = _source()
    compiler = shutil.which("g++")
    if source is None or compiler is None:
        pytest.skip("needs ASCEND_STUDIO_TF_ADAPTER (a hicann/tensorflow checkout) and g++")
    text = source.read_text("utf-8", errors="replace")
    parts = [_PRELUDE, _body(text, _SPLIT)]
    parts += [_body(text, head) for _, head in CHECKERS.values()]
    calls = " else ".join(f'if (name == "{n}") ok = {n}(text).good;' for n in CHECKERS)
    parts.append(_MAIN % calls)
    folder = tmp_path_factory.mktemp("cpp")
    (folder / "checks.cc").write_text("\n".join(parts), "utf-8")
    binary = folder / "checks"
    build = [compiler, "-std=c++17", "-O1", "-o", str(binary), str(folder / "checks.cc")]
    subprocess.run(build, check=True, capture_output=True, timeout=300)
    return binary


_PIECES = {
    "checkDumpStep": ["0", "5", "12", "007", "|", "|", "-", "-", "99999999999", "a", " ", ""],
    "CheckInputShape": ["data", "x", ":", ":", ",", ",", ";", ";", "1", "-1", "-", "12", " ", "٣"],
    "CheckDynamicDims": ["1", "2", "16", ",", ",", ";", ";", "-1", " ", "a", "٣"],
    "CheckDeviceList": ["0", "1", "7", "12", ",", ",", ",", " ", "-1", "a", "٣"],
}


def _strings(name: str) -> list[str]:
    """Short strings built from the syntax's own pieces (seeded: reproducible)."""
    rng = random.Random(f"formats-{name}")
    pieces = _PIECES[name]
    out = ["", "|", ";", ",", "0||5", "|5", "5-", "5|", "a:1;", "1,2;"]
    while len(out) < COUNT:
        out.append("".join(rng.choice(pieces) for _ in range(rng.randint(1, 9))))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CHECKERS))
def test_checker_agrees_with_the_cpp(harness: Path, name: str) -> None:
    check = CHECKERS[name][0]
    texts = _strings(name)
    feed = "".join(f"{name} {t.encode('utf-8').hex() or '-'}\n" for t in texts)
    run = subprocess.run(
        [str(harness)], input=feed, capture_output=True, text=True, check=True, timeout=300
    )
    verdicts = run.stdout.split()
    assert len(verdicts) == len(texts) == COUNT
    disagree = [
        (t, v) for t, v in zip(texts, verdicts, strict=True) if (check(t) is None) != (v == "1")
    ]
    assert not disagree, f"{len(disagree)} of {COUNT} disagree, e.g. {disagree[:5]}"
