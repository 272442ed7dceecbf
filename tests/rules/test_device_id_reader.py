"""ASCEND_DEVICE_ID and DEVICE_ID are read as TF Adapter reads them.

``GetEnvDeviceID`` (``tf_adapter/util/npu_attrs.cc``) parses the text with
TensorFlow's ``strings::safe_strto64`` (C blanks around, an optional ``-``, ASCII
digits, within int64; no ``+``), rejects a negative number, and keeps the result in
a ``uint32_t``. So ``+1`` and ``99999999999999999999`` abort the process, and
``4294967297`` silently becomes device 1.
"""

from __future__ import annotations

import re

import pytest
from tfa_source import SKIP_REASON, tf_adapter_dir

from ascend_studio.codegen import import_text
from ascend_studio.rules import evaluate
from ascend_studio.schema import read_env_int, shipped_catalog, stored


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("3", 3),
        (" 3\t", 3),
        ("\v3\f", 3),
        ("-0", 0),
        ("-7", -7),
        ("007", 7),
        ("9223372036854775807", 2**63 - 1),
        ("-9223372036854775808", -(2**63)),
        ("9223372036854775808", None),
        ("99999999999999999999", None),
        ("+1", None),
        ("", None),
        ("   ", None),
        ("1 2", None),
        ("0x1", None),
        ("1_0", None),
        ("٣", None),  # a digit outside ASCII: C's isdigit says no
        ("- 1", None),
    ],
)
def test_safe_strto64_accepts_what_tensorflow_accepts(text: str, value: int | None) -> None:
    assert read_env_int(text, "safe_strto64") == value


def test_the_generic_reading_is_unchanged() -> None:
    assert read_env_int("+8") == 8 and read_env_int(" 8 ") == 8 and read_env_int("8x") is None


def test_the_stored_value_wraps_at_32_bits() -> None:
    assert stored(4294967297, 32) == 1 and stored(4294967295, 32) == 4294967295
    assert stored(5, 0) == 5


def _findings(text: str) -> dict[str, str]:
    (config,) = import_text(text, "env.sh").configs
    return {d.rule_id: d.severity for d in evaluate(config.profile, surface=config.surface)}


@pytest.mark.parametrize("name", ["ASCEND_DEVICE_ID", "DEVICE_ID"])
@pytest.mark.parametrize("value", ["+1", "99999999999999999999", "1.0", "-1"])
def test_values_the_reader_rejects_are_errors(name: str, value: str) -> None:
    rule = "env.ascend_device_id.invalid" if name == "ASCEND_DEVICE_ID" else "env.device_id.invalid"
    assert _findings(f"export {name}={value}\n").get(rule) == "error"


@pytest.mark.parametrize("name", ["ASCEND_DEVICE_ID", "DEVICE_ID"])
@pytest.mark.parametrize("value", ["' 3 '", "-0", "7", "4294967295"])
def test_values_the_reader_takes_give_no_finding(name: str, value: str) -> None:
    found = _findings(f"export {name}={value}\n")
    assert not [r for r in found if r.endswith((".invalid", ".wraps"))], found


def test_a_value_past_32_bits_is_the_device_it_wraps_to() -> None:
    found = _findings("export ASCEND_DEVICE_ID=4294967297\n")
    assert found == {"env.ascend_device_id.wraps": "warning"}
    (config,) = import_text("export ASCEND_DEVICE_ID=4294967297\n", "env.sh").configs
    (wraps,) = evaluate(config.profile)
    assert "uses device 1" in wraps.message.en
    assert "env.device_id.wraps" in _findings("export DEVICE_ID=4294967296\n")
    assert "env.device_id.wraps" not in _findings(
        "export DEVICE_ID=4294967296\nexport ASCEND_DEVICE_ID=0\n"
    )


def test_the_catalog_names_the_reader_the_real_code_uses() -> None:
    """``GetEnvDeviceID`` reads both variables with safe_strto64 and stores a uint32_t;
    the catalog says so for both."""
    folder = tf_adapter_dir()
    if folder is None:
        pytest.skip(SKIP_REASON)
    source = (folder / "util" / "npu_attrs.cc").read_text(encoding="utf-8")
    body = source[source.index("Status GetEnvDeviceID(") :]
    body = body[: body.index("\n}\n")]
    for name, var in (("ASCEND_DEVICE_ID", "env_ascend_device_id"), ("DEVICE_ID", "env_device_id")):
        assert f'ReadStringFromEnvVar("{name}"' in body
        assert re.search(rf"safe_strto64\({var}, &\w+\)", body), name
        entry = shipped_catalog().env_var(name)
        assert entry is not None and (entry.int_reader, entry.int_bits) == ("safe_strto64", 32)
    assert body.count("static_cast<uint32_t>") == 2
    assert "uint32_t &device_id" in body.splitlines()[0]
