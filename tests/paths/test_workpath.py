"""ASCEND_WORK_PATH validation: character classes, shape, machine segment, filesystem."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ascend_studio.paths import (
    MachineIdError,
    _workpath,
    is_allowed_char,
    machine_segment,
    parse_machine_segment,
    validate_work_path,
)

GOOD_TAIL = "172.16.1.12_01_03"


def _codes(path: str, **kw: bool) -> list[str]:
    return [i.code for i in validate_work_path(path, check_filesystem=kw.get("fs", False))]


# -- every documented character class is accepted ------------------------------------


@pytest.mark.parametrize(
    ("label", "segment"),
    [
        ("lowercase letters", "abcdefghijklmnopqrstuvwxyz"),
        ("uppercase letters", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
        ("digits", "0123456789"),
        ("underscore", "a_b"),
        ("hyphen", "a-b"),
        ("period", "a.b"),
        ("Chinese (basic block)", "训练任务"),
        ("Chinese (extension A)", "㐀㑇"),
        ("Chinese (extension B)", "\U00020000\U0002a6d6"),
        ("CJK compatibility ideograph", "\uf900"),
        ("all classes together", "Job_01-训练.v2"),
    ],
)
def test_documented_character_class_is_accepted(label: str, segment: str) -> None:
    assert "bad_char" not in _codes(f"/data/{segment}/{GOOD_TAIL}"), label


@pytest.mark.parametrize(
    ("label", "char"),
    [
        ("space", " "),
        ("tab", "\t"),
        ("newline", "\n"),
        ("dollar", "$"),
        ("tilde", "~"),
        ("colon", ":"),
        ("asterisk", "*"),
        ("question mark", "?"),
        ("single quote", "'"),
        ("double quote", '"'),
        ("backslash", "\\"),
        ("semicolon", ";"),
        ("plus", "+"),
        ("at sign", "@"),
        ("NUL", "\x00"),
        ("full-width letter", "Ａ"),
        ("full-width digit", "１"),
        ("Arabic-Indic digit", "٣"),
        ("accented letter", "é"),
        ("Chinese comma", "，"),
        ("ideographic full stop", "。"),
        ("Japanese kana", "あ"),
        ("Korean hangul", "한"),
        ("emoji", "\U0001f600"),
        ("ideographic space", "\u3000"),
    ],
)
def test_rejected_character_is_reported_with_its_position(label: str, char: str) -> None:
    path = f"/data/job{char}x/{GOOD_TAIL}"
    issues = validate_work_path(path, check_filesystem=False)
    bad = [i for i in issues if i.code == "bad_char"]
    assert len(bad) == 1, label
    assert bad[0].severity == "error"
    assert bad[0].chars == (char,)
    assert bad[0].position == path.index(char)
    assert f"U+{ord(char):04X}" in bad[0].message.en
    assert f"U+{ord(char):04X}" in bad[0].message.zh


def test_several_bad_characters_are_listed_once_each_in_order() -> None:
    (issue,) = [
        i
        for i in validate_work_path("/a b/c$d e/x", check_filesystem=False)
        if i.code == "bad_char"
    ]
    assert issue.chars == (" ", "$")
    assert issue.position == 2


_allowed = st.characters(categories=["Lu", "Ll", "Nd", "Lo", "Pd", "Pc", "Po"]).filter(
    is_allowed_char
)


@given(st.text(_allowed, min_size=1, max_size=30))
def test_any_string_of_allowed_characters_passes(segment: str) -> None:
    assert "bad_char" not in _codes(f"/{segment}/{GOOD_TAIL}")


@given(
    st.text(_allowed, max_size=10),
    st.characters().filter(lambda c: c != "/" and not is_allowed_char(c)),
)
def test_any_other_character_fails(prefix: str, char: str) -> None:
    issues = validate_work_path(f"/{prefix}{char}/{GOOD_TAIL}", check_filesystem=False)
    assert [i.chars for i in issues if i.code == "bad_char"] == [(char,)]


# -- shape and machine segment ---------------------------------------------------------


def test_a_recommended_path_has_no_issues() -> None:
    assert _codes(f"/repo/task001/{GOOD_TAIL}") == []


@pytest.mark.parametrize("path", ["", "   "])
def test_empty_is_an_error(path: str) -> None:
    assert _codes(path) == ["empty"]


@pytest.mark.parametrize("path", ["/", "/data/..", "/data/.", "//"])
def test_a_path_without_a_last_segment_is_an_error(path: str) -> None:
    assert "no_machine_segment" in _codes(path)


@pytest.mark.parametrize(
    "tail", ["172.16.1.12", "172.16.1.12_01", "10.0.0.1__c3", "fe80--1_vm1_c1", "10.0.0.1_虚拟机1"]
)
def test_machine_segment_forms_are_recognised(tail: str) -> None:
    assert "machine_form" not in _codes(f"/data/{tail}")


@pytest.mark.parametrize("tail", ["work", "node-1", "output", "1.2.3_4_5_6", "999.1.1.1"])
def test_a_tail_that_may_not_identify_the_machine_is_a_warning(tail: str) -> None:
    (issue,) = [
        i
        for i in validate_work_path(f"/data/{tail}", check_filesystem=False)
        if i.code == "machine_form"
    ]
    assert issue.severity == "warning"
    assert tail in issue.message.en
    assert tail in issue.message.zh


def test_relative_and_dot_segments_are_warnings() -> None:
    issues = validate_work_path(f"data/../x/{GOOD_TAIL}", check_filesystem=False)
    assert {(i.code, i.severity) for i in issues} == {
        ("relative", "warning"),
        ("dot_segment", "warning"),
    }


def test_errors_come_before_warnings() -> None:
    issues = validate_work_path("rel dir/x", check_filesystem=False)
    severities = [i.severity for i in issues]
    assert severities == sorted(severities, key=lambda s: s != "error")
    assert severities[0] == "error"


def test_trailing_slash_is_fine() -> None:
    assert _codes(f"/repo/{GOOD_TAIL}/") == []


# -- filesystem: warnings only ----------------------------------------------------


def test_existing_writable_folder_has_no_filesystem_issue(tmp_path: Path) -> None:
    folder = tmp_path / GOOD_TAIL
    folder.mkdir()
    assert _codes(str(folder), fs=True) == []


def test_missing_folder_is_a_warning(tmp_path: Path) -> None:
    issues = validate_work_path(str(tmp_path / "new" / GOOD_TAIL))
    assert [(i.code, i.severity) for i in issues] == [("missing", "warning")]


def test_a_file_is_not_a_folder(tmp_path: Path) -> None:
    target = tmp_path / GOOD_TAIL
    target.write_text("x")
    assert _codes(str(target), fs=True) == ["not_dir"]


@pytest.mark.parametrize(
    ("denied", "code"), [(os.R_OK, "no_read"), (os.W_OK, "no_write"), (os.X_OK, "no_exec")]
)
def test_missing_permissions_are_warnings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, denied: int, code: str
) -> None:
    folder = tmp_path / GOOD_TAIL
    folder.mkdir()
    real = os.access
    monkeypatch.setattr(_workpath.os, "access", lambda p, mode: mode != denied and real(p, mode))
    issues = validate_work_path(str(folder))
    assert [(i.code, i.severity) for i in issues] == [(code, "warning")]


def test_an_unwritable_parent_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_workpath.os, "access", lambda p, mode: False)
    issues = validate_work_path(str(tmp_path / "a" / "b" / GOOD_TAIL))
    codes = [i.code for i in issues]
    assert codes == ["missing", "parent_not_writable"]
    assert str(tmp_path) in issues[1].message.en


# -- the machine segment generator --------------------------------------------------


@pytest.mark.parametrize(
    ("args", "segment"),
    [
        (("172.16.1.12", "01", "03"), "172.16.1.12_01_03"),
        (("172.16.1.12",), "172.16.1.12"),
        ((" 10.0.0.1 ", "vm7"), "10.0.0.1_vm7"),
        (("10.0.0.1", "", "c3"), "10.0.0.1__c3"),
        (("fe80:0:0::1", "", ""), "fe80--1"),
        (("Node-A.example.com", "1"), "node-a.example.com_1"),
        (("10.0.0.1", "虚拟机1", "容器.2"), "10.0.0.1_虚拟机1_容器.2"),
    ],
)
def test_machine_segment(args: tuple[str, ...], segment: str) -> None:
    assert machine_segment(*args) == segment


@pytest.mark.parametrize(
    "args",
    [
        ("",),
        ("bad host",),
        ("010.0.0.1",),
        ("300.1.1.1",),
        ("host_name",),
        ("-leading",),
        ("10.0.0.1", "vm_1"),
        ("10.0.0.1", "", "c/1"),
        ("10.0.0.1", "vm 1"),
    ],
)
def test_machine_segment_rejects(args: tuple[str, ...]) -> None:
    with pytest.raises(MachineIdError) as caught:
        machine_segment(*args)
    assert caught.value.message.zh
    assert str(caught.value) == caught.value.message.en


@given(
    st.ip_addresses(),
    st.text(st.characters(categories=["Ll", "Nd"]).filter(is_allowed_char), max_size=4),
    st.text(st.characters(categories=["Ll", "Nd"]).filter(is_allowed_char), max_size=4),
)
def test_segments_read_back_and_pass_the_validator(address: object, vm: str, docker: str) -> None:
    segment = machine_segment(str(address), vm, docker)
    parsed = parse_machine_segment(segment)
    assert parsed is not None
    assert (parsed[1], parsed[2]) == (vm, docker)
    assert _codes(f"/repo/{segment}") == []
