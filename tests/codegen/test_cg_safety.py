"""Importers never execute their input and never raise: hostile scripts and fuzzing."""

from __future__ import annotations

import os
import socket
import subprocess
import textwrap
from pathlib import Path
from typing import Any

import pytest
from cg_profiles import GOLDEN
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ascend_studio.codegen import (
    ImportResult,
    import_file,
    import_python,
    import_shell,
    import_text,
)


def _hostile_python(marker: Path, port: int) -> str:
    m = str(marker)
    return textwrap.dedent(
        f"""
        import os, socket, subprocess, shutil
        open({m!r}, "w").write("pwned")
        os.system("touch {m}")
        subprocess.run(["touch", {m!r}])
        socket.create_connection(("127.0.0.1", {port}))
        __import__("os").makedirs({m!r} + ".d")
        exec("open({m!r}, 'w')")
        eval("__import__('os').system('touch {m}')")
        shutil.rmtree("/")

        class Evil:
            leak = open({m!r}, "w")

        def f(a=open({m!r}, "w")):
            pass

        @__import__("os").system
        def g():
            pass

        BASE = open({m!r}, "w").name
        config = NPURunConfig(
            precision_mode=open({m!r}, "w").write("x"),
            model_dir=f"{{__import__('os').system('touch {m}')}}",
            debug_dir=os.path.join(BASE, "x"),
            **{{k: socket.socket() for k in "ab"}},
        )
        custom_op.parameter_map[open({m!r}, "w").name].s = os.system("touch {m}")
        os.environ[open({m!r}, "w").name] = "x"
        """
    )


@pytest.fixture
def listener() -> Any:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.setblocking(False)
    yield server
    server.close()


@pytest.fixture
def no_side_effects(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []

    def record(name: str) -> Any:
        def fake(*args: Any, **kwargs: Any) -> Any:
            calls.append(name)
            raise AssertionError(f"{name} called while importing")

        return fake

    monkeypatch.setattr(os, "system", record("os.system"))
    monkeypatch.setattr(subprocess, "Popen", record("subprocess.Popen"))
    monkeypatch.setattr(socket, "create_connection", record("socket.create_connection"))
    return calls


def test_hostile_python_imports_with_no_side_effect(
    tmp_path: Path, listener: socket.socket, no_side_effects: list[str]
) -> None:
    marker = tmp_path / "pwned"
    script = tmp_path / "train.py"
    script.write_text(_hostile_python(marker, listener.getsockname()[1]), encoding="utf-8")
    for result in (import_python(script.read_text()), import_file(script)):
        assert not result.report.of_kind("internal_error")
        (config,) = result.configs
        assert "precision_mode" in config.profile.values  # kept verbatim, not run
    assert not marker.exists() and not Path(str(marker) + ".d").exists()
    assert list(tmp_path.iterdir()) == [script]
    with pytest.raises(BlockingIOError):
        listener.accept()  # nobody connected
    assert no_side_effects == []


def test_hostile_shell_imports_with_no_side_effect(
    tmp_path: Path, no_side_effects: list[str]
) -> None:
    marker = tmp_path / "pwned"
    script = tmp_path / "env.sh"
    script.write_text(
        f"#!/bin/sh\ntouch {marker}\nexport A=$(touch {marker})\nexport B=`touch {marker}`\n"
        f"eval 'touch {marker}'\n. {marker}\nrm -rf / &\nexport C=\"$(curl http://127.0.0.1:9/x)\"\n",
        encoding="utf-8",
    )
    result = import_file(script)
    assert result.profile is not None and set(result.profile.env) == {"A", "B", "C"}
    assert not marker.exists()
    assert no_side_effects == []


# -- fuzzing ------------------------------------------------------------------------------------


def _clean(result: ImportResult) -> None:
    assert isinstance(result, ImportResult)
    assert not result.report.of_kind("internal_error"), result.report.lines()
    for config in result.configs:
        config.profile.model_dump_json()  # a valid, serializable profile


FRAGMENTS = st.sampled_from(
    [
        "import os\n",
        "from npu_bridge.npu_init import *\n",
        "from npu_bridge.estimator.npu import npu_config as nc\n",
        "X = 'a' + 'b'\n",
        "X = f'{X}/c'\n",
        "Y = int('7') * 3\n",
        "d = DumpConfig(enable_dump=True, dump_path=X)\n",
        "d = DumpConfig(*args, **kw)\n",
        "e = ExperimentalConfig(graph_memory_optimize_config=GraphMemoryOptimizeConfig(graph_slice='auto'))\n",
        "config = NPURunConfig(dump_config=d, iterations_per_loop=Y)\n",
        "config = nc.NPURunConfig(experimental_config=e, **{'precision_mode': X})\n",
        "config = NPURunConfig(session_config=cfg, foo=1)\n",
        "config = NPURunConfig(1, None, X, dump_config=X)\n",
        "cfg = tf.ConfigProto()\n",
        "op = cfg.graph_options.rewrite_options.custom_optimizers.add()\n",
        "op.name = 'NpuOptimizer'\n",
        "op.parameter_map['precision_mode'].s = tf.compat.as_bytes(X)\n",
        "op.parameter_map[X].b = Y\n",
        "op.parameter_map['iterations_per_loop'].i = 'x'\n",
        "other.parameter_map['k'].s = b'\\xff'\n",
        "os.environ['ASCEND_DEVICE_ID'] = str(Y)\n",
        "os.environ.update(A='1', **kw)\n",
        "del os.environ[X]\n",
        "if args.a:\n",
        "else:\n",
        "for i in range(8):\n",
        "def f(x=NPURunConfig()):\n",
        "class C:\n",
        "try:\n",
        "except Exception:\n",
        "with open(X) as fh:\n",
        "    pass\n",
        "    X = 'z'\n",
        "    return NPURunConfig(precision_mode=X)\n",
        "match X:\n",
        "    case 'a':\n",
        "        Y = 1\n",
        "X += 'q'\n",
        "X = X if Y else None\n",
        "(a, b) = (1, 2)\n",
        "print 'py2'\n",
        "exec 'code'\n",
        "X = '%s/%d' % (X, Y)\n",
        "X = '{}{}'.format(X, Y)\n",
        "X = 2 ** 100000\n",
        "X = 'a' * 10 ** 9\n",
        "X = (((((((((((((((((((1)))))))))))))))))))\n",
        "lambda: NPURunConfig()\n",
        "[NPURunConfig() for _ in range(3)]\n",
        "\t\tbad indent\n",
        "'''unterminated\n",
    ]
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(parts=st.lists(FRAGMENTS, max_size=25))
def test_fuzz_python_from_fragments(parts: list[str]) -> None:
    _clean(import_python("".join(parts)))


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=300))
def test_fuzz_arbitrary_text(text: str) -> None:
    _clean(import_python(text))
    _clean(import_shell(text, "x.sh"))
    _clean(import_shell(text, "x.env"))
    _clean(import_text(text, "unknown"))


def _seeds() -> list[str]:
    seeds = [
        p.read_text(encoding="utf-8")
        for p in sorted(GOLDEN.glob("*"))
        if not p.name.endswith(".error")
    ]
    seeds.append(_hostile_python(Path("/nonexistent/m"), 9))
    return seeds


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(_seeds()))
    for _ in range(draw(st.integers(1, 6))):
        if not text:
            break
        at = draw(st.integers(0, len(text) - 1))
        op = draw(st.sampled_from(["delete", "insert", "duplicate", "truncate", "replace"]))
        if op == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 40)) :]
        elif op == "insert":
            text = (
                text[:at]
                + draw(
                    st.sampled_from(
                        [
                            "(",
                            ")",
                            "'",
                            '"',
                            "\\",
                            "\n",
                            "\t",
                            "$(",
                            "`",
                            "{",
                            "#",
                            "=",
                            ",",
                            "**",
                            "\0",
                        ]
                    )
                )
                + text[at:]
            )
        elif op == "duplicate":
            text = text[:at] + text[at : at + 60] + text[at:]
        elif op == "truncate":
            text = text[:at]
        else:
            text = text[:at] + draw(st.text(max_size=5)) + text[at + 1 :]
    return text


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=mutated())
def test_fuzz_mutated_exports_and_scripts(text: str) -> None:
    _clean(import_python(text))
    _clean(import_shell(text, "x.sh"))
    _clean(import_text(text, "x"))


@pytest.mark.parametrize(
    "text",
    [
        "x = " + "(" * 500 + "1" + ")" * 500,
        "x = " + "+".join(["'a'"] * 5000),
        "x = " + "[" * 90 + "]" * 90 + "\nNPURunConfig(model_dir=x)",
        "NPURunConfig(model_dir=" + "+".join(["'a'"] * 3000) + ")",
        "def f():\n"
        + "".join("  " * i + "if a:\n" for i in range(1, 90))
        + "  " * 90
        + "NPURunConfig()\n",
        "\0",
        "NPURunConfig(\n" * 200,
        "export A=" + "$(" * 300,
        "A=" + "'" * 9999,
    ],
    ids=range(9),
)
def test_pathological_inputs(text: str) -> None:
    _clean(import_python(text))
    _clean(import_shell(text, "x.sh"))


def _raw_literal(text: str) -> str:
    """A double-quoted literal holding ``text`` with as many raw characters as Python allows."""
    escapes = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\0": "\\x00"}
    return '"' + "".join(escapes.get(ch, ch) for ch in text) + '"'


@settings(max_examples=300, deadline=None)
@given(text=st.text(st.characters(exclude_categories=("Cs",)), max_size=40), crlf=st.booleans())
def test_raw_characters_in_literals_keep_lines_and_values(text: str, crlf: bool) -> None:
    """Form feeds, U+2028 and friends inside strings do not end a Python line."""
    newline = "\r\n" if crlf else "\n"
    source = newline.join(
        [f"X = {_raw_literal(text)}", "Y = 1", "NPURunConfig(model_dir=X, debug_dir=args.d)", ""]
    )
    result = import_python(source)
    _clean(result)
    (config,) = result.configs
    assert config.profile.values["model_dir"] == text
    assert config.line == 3
    assert [i.line for i in result.report.of_kind("verbatim")] == [3]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(parts=st.lists(FRAGMENTS, max_size=25))
def test_deferred_evaluation_gives_what_eager_evaluation_gives(parts: list[str]) -> None:
    from ascend_studio.codegen import _pyscan

    source = "".join(parts)
    lazy = import_python(source)
    _pyscan.LAZY = False
    try:
        eager = import_python(source)
    finally:
        _pyscan.LAZY = True
    assert [c.profile for c in lazy.configs] == [c.profile for c in eager.configs]
    assert lazy.report.lines() == eager.report.lines()
