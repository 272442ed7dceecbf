"""Files that path parameters name are read carefully and never shown in full.

A script may point ``op_debug_config`` at any file (``/proc/self/environ``,
``/etc/passwd``, ``../../secret``). Only regular files are read, never from
``/proc``, ``/sys``, ``/dev`` or a ``.git`` folder; a batch run reads only inside
the folders it checks; findings quote at most the offending word; a saved profile
keeps only texts that are valid files of their kind; a huge file gives a bounded
report; the compress list is read in one pass.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from ascend_studio.__main__ import main
from ascend_studio.companion import read_companions, token, value_token
from ascend_studio.companion._compress import check as check_compress
from ascend_studio.profile import Profile, load_profile
from ascend_studio.rules import evaluate
from ascend_studio.schema import shipped_catalog

SECRET = "ghp_S3cr3tT0k3nValue0123456789abcdefXYZ"
CATALOG = shipped_catalog()


def _script(folder: Path, **files: str) -> Path:
    args = ", ".join(f"{k}={v!r}" for k, v in files.items())
    script = folder / "train.py"
    script.write_text(f"from npu_bridge.npu_init import *\nconfig = NPURunConfig({args})\n")
    return script


def _every_format(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    out = []
    for fmt in ("text", "json", "sarif", "github"):
        main(["validate", *args, "--format", fmt])
        captured = capsys.readouterr()
        out.append(captured.out + captured.err)
    return "\n".join(out)


@pytest.mark.parametrize("system", ["/proc/self/environ", "/proc/kmsg", "/dev/zero", "/sys/power"])
def test_system_files_are_never_read(system: str) -> None:
    profile = Profile(values={"op_debug_config": system})
    kept, (read,) = read_companions(profile, [Path.cwd()])
    assert read.status == "refused" and "never read" in read.reason
    assert kept.file_contents == {}


def test_the_environment_is_not_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CI_TOKEN", SECRET)
    script = _script(tmp_path, op_debug_config="/proc/self/environ")
    main(["validate", str(script)])
    shown = capsys.readouterr()
    assert SECRET not in shown.out + shown.err
    assert "not read" in shown.out
    assert SECRET not in _every_format([str(tmp_path)], capsys)


def test_a_fifo_or_a_folder_is_not_read(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.cfg"
    os.mkfifo(fifo)  # reading it would wait for a writer forever
    (tmp_path / "dir.cfg").mkdir()
    for name in ("pipe.cfg", "dir.cfg"):
        _, (read,) = read_companions(Profile(values={"op_debug_config": name}), [tmp_path])
        assert read.status in ("refused", "not_found"), read
        assert read.reason in ("not a regular file", "")


def test_a_batch_run_reads_only_inside_the_checked_folders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outside = tmp_path / "elsewhere" / "debug.cfg"
    outside.parent.mkdir()
    outside.write_text(f"op_debug_config=oom\n{SECRET}\n")
    repo = tmp_path / "repo"
    repo.mkdir()
    _script(repo, op_debug_config=str(outside))
    (repo / "link.cfg").symlink_to(outside)  # a link inside, to a file outside
    (repo / "job2").mkdir()
    _script(repo / "job2", op_debug_config="../link.cfg")
    out = _every_format([str(repo)], capsys)
    assert SECRET not in out and SECRET[:20] not in out
    assert "file.format" not in out  # the file was not read, so nothing was found in it
    main(["validate", str(repo), "--read-outside"])
    allowed = capsys.readouterr().out
    assert "file.format" in allowed and SECRET not in allowed  # read; a line is never shown


def test_git_data_is_never_read(tmp_path: Path) -> None:
    git = tmp_path / ".git"
    git.mkdir()
    (git / "config").write_text(f"[http]\n\textraheader = AUTHORIZATION: basic {SECRET}\n")
    profile = Profile(values={"op_precision_mode": ".git/config"})
    kept, (read,) = read_companions(profile, [tmp_path], within=[tmp_path])
    assert read.status == "refused" and ".git" in read.reason
    assert kept.file_contents == {}


@pytest.mark.parametrize(
    ("param", "text"),
    [
        ("op_debug_config", f"op_debug_config=oom\nAWS_SECRET={SECRET}\n{SECRET}\n"),
        ("op_precision_mode", f"token={SECRET}\n[ByOpType]\nConv2D={SECRET}\n{SECRET}\n"),
        ("customize_dtypes", f"{SECRET}\nConv2D::InputDtype:{SECRET},OutputDtype:float16\n"),
        ("fusion_switch_file", json.dumps({"Switch": {"GraphFusion": {"A": SECRET}}})),
        ("modify_mixlist", json.dumps({"black-list": {"to-add": SECRET}})),
        ("aoe_config_file", json.dumps({"token": SECRET, "feature": [SECRET]})),
    ],
)
def test_findings_never_repeat_a_line_or_a_value(param: str, text: str) -> None:
    """A finding names the offending word (a key, an operator, a rule name) at most:
    a whole line or a value after it is never repeated (it may be a credential)."""
    profile = Profile(
        values={param: "f", "precision_mode": "allow_mix_precision", "aoe_mode": "2"},
        file_contents={param: text},
    )
    found = evaluate(profile, CATALOG)
    assert found  # the file is wrong: something is said
    for d in found:
        for lang in ("en", "zh"):
            assert SECRET[:12] not in d.message.get(lang), d.message.get(lang)


def test_a_token_is_one_word_of_at_most_forty_characters() -> None:
    assert value_token("force_fp16") == "'force_fp16'"
    assert value_token(SECRET) == f"(a value of {len(SECRET)} characters)"
    assert token("Conv2D=force_fp16") == "'Conv2D'…"
    assert token("bogus") == "'bogus'"
    assert token("x" * 100).startswith("'" + "x" * 40 + "'")
    assert token("\x1b[2Jevil") == "'\\x1b'…"
    assert token("") == "''"


def test_a_saved_profile_keeps_only_valid_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "passwd").write_text("root:x:0:0:root:/root:/bin/bash\n")
    (tmp_path / "debug.cfg").write_text("op_debug_config=oom\n")
    script = _script(tmp_path, fusion_switch_file="passwd", op_debug_config="debug.cfg")
    saved = tmp_path / "p.json"
    monkeypatch.chdir(tmp_path)
    assert main(["import", str(script), "-o", str(saved), "--json"]) == 0
    printed = capsys.readouterr().out
    assert "root:x:0:0" not in printed
    kept = load_profile(saved).file_contents
    assert kept == {"op_debug_config": "op_debug_config=oom\n"}


def test_a_huge_file_gives_a_bounded_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "modes.ini").write_text("not a line this format reads\n" * 20_000)
    script = _script(tmp_path, op_precision_mode="modes.ini")
    main(["validate", str(script)])
    out = capsys.readouterr().out
    assert out.count("The runtime skips this line") == 50
    assert "19950 more problems in this file are not listed" in out
    assert len(out) < 60_000


def test_compress_list_duplicates_are_placed_on_their_own_line() -> None:
    text = "conv1;\nconv2;\nconv1;\nfc 6;\n"
    found = {(p.code, p.line) for p in check_compress(text)}
    assert found == {("duplicate", 3), ("separator", 4)}


def test_a_long_compress_list_is_read_in_one_pass() -> None:
    """Forty thousand nodes, each twice (about 700 KB): every duplicate on its line."""
    nodes = [f"node_{i}" for i in range(40_000)]
    text = ";\n".join(nodes + nodes) + "\n"
    found = check_compress(text)
    assert len(found) == 40_000
    assert [p.line for p in found[:2]] == [40_001, 40_002]
