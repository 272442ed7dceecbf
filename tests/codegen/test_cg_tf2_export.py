"""The TF Adapter 2.x export: exact text, and executed against the real ``npu_device``.

The snippet runs with the newest real ``npu_device.py`` and option classes (TensorFlow,
absl and the C++ backend stood in for, see ``tests/tf2_real.py``): every option the
profile sets holds exactly the profile's value afterwards, every other option its
class default, and ``open()`` hands the backend the real ``as_dict()`` of that state
with the profile's device; the loop size reaches ``set_npu_loop_size``.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tf2_real import SKIP_CURRENT, current_package, run_snippet

from ascend_studio.codegen import ExportOptions, export_text
from ascend_studio.profile import Expr, Profile
from ascend_studio.schema import Scalar, Tf2Option, shipped_catalog

CATALOG = shipped_catalog()
TF2 = CATALOG.tf2
PACKAGE = current_package()
needs_source = pytest.mark.skipif(PACKAGE is None, reason=SKIP_CURRENT)
PLAIN = ExportOptions(diagnostics=False)


def tf2_profile(values: dict[str, Any], env: dict[str, str | None] | None = None) -> Profile:
    return Profile(surface="tf2", values=values, env=env or {})


def test_exact_text() -> None:
    profile = tf2_profile(
        {
            "precision_mode_v2": "mixed_float16",
            "dump_config.enable_dump": True,
            "dump_config.dump_path": Expr(expr="FLAGS.dump_path"),
            "aoe_mode": "2",
            "overflow_flag": 0,
            "iterations_per_loop": 32,
            "hccl_timeout": 600,
        },
        {"NPU_DUMP_GRAPH": "1"},
    )
    body = export_text(profile, "tf2", PLAIN).split("\n", 3)[3]
    assert body == (
        "# Not TF Adapter 2.x options (NPURunConfig or sess.run only), not written:\n"
        "#   hccl_timeout=600\n"
        "\n"
        "import os\n"
        "\n"
        "# The environment first: TF Adapter 2.x reads NPU_* variables when npu_device is imported.\n"
        'os.environ["NPU_DUMP_GRAPH"] = "1"\n'
        "\n"
        "import npu_device\n"
        "\n"
        "options = npu_device.global_options()\n"
        "options.dump_config.enable_dump = True\n"
        "options.dump_config.dump_path = FLAGS.dump_path\n"
        'options.aoe_config.aoe_mode = "2"\n'
        "options.overflow_flag = 0\n"
        'options.precision_mode_v2 = "mixed_float16"\n'
        "npu_device.set_npu_loop_size(32)\n"
        "# open() starts the graph engine with the options set so far: call it last.\n"
        "npu_device.open().as_default()\n"
    )


def _node(options: Any, path: str) -> Any:
    """The real ``OptionValue`` at ``path`` of the real ``NpuConfig``."""
    node = options
    for part in path.split("."):
        node = node.__dict__[part]
    return node


def _raw(option_value: Any) -> object:
    return option_value.__dict__["_OptionValue__value"]


def _check(profile: Profile) -> None:
    """Run the export of ``profile`` and compare the real objects with it."""
    assert PACKAGE is not None
    text = export_text(profile, "tf2", PLAIN)
    backend, namespace = run_snippet(PACKAGE, text)
    options = namespace["options"]
    for option in TF2.in_release():
        facts = option.facts_in(TF2.newest)
        assert facts is not None
        raw = _raw(_node(options, option.path))
        if option.key in profile.values:
            expected = profile.values[option.key]
            assert type(raw) is type(expected) and raw == expected, option.path
        else:
            assert type(raw) is type(facts.default) and raw == facts.default, option.path
    device = profile.values.get("session_device_id", 0)
    assert backend.opened == [(device, options.as_dict())]
    loop = profile.values.get("iterations_per_loop")
    assert backend.loop_sizes == ([] if loop is None else [loop])


@needs_source
def test_every_option_of_the_newest_release_is_set_exactly() -> None:
    values: dict[str, Any] = {}
    for option in TF2.in_release():
        facts = option.facts_in(TF2.newest)
        assert facts is not None
        values[option.key] = _valid(option, facts.values, facts.default)
    values["iterations_per_loop"] = 16
    values["session_device_id"] = 2
    _check(tf2_profile(values))


def _valid(option: Tf2Option, listed: tuple[Scalar, ...] | None, default: Scalar | None) -> Any:
    if listed:
        return next((v for v in listed if v != default), listed[0])
    param = CATALOG.param(option.param) if option.param else None
    kind = param.py_type if param is not None else option.py_type
    return {"int": 7, "bool": True, "float": 0.5}.get(kind or "str", f"/x/{option.name}")


def _values_of(option: Tf2Option) -> st.SearchStrategy[Any]:
    facts = option.facts_in(TF2.newest)
    assert facts is not None
    if facts.values:
        return st.sampled_from(facts.values)
    text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=12)
    return st.one_of(st.integers(-(2**31), 2**31), st.booleans(), text)


NEWEST = [o for o in TF2.in_release() if o.facts_in(TF2.newest) is not None]


@needs_source
@settings(max_examples=40, deadline=None)
@given(st.data())
def test_any_valid_profile_is_set_exactly(data: st.DataObject) -> None:
    chosen = data.draw(st.lists(st.sampled_from(NEWEST), unique_by=lambda o: o.path))
    values = {o.key: data.draw(_values_of(o)) for o in chosen}
    if data.draw(st.booleans()):
        values["iterations_per_loop"] = data.draw(st.integers(1, 1000))
    if data.draw(st.booleans()):
        values["session_device_id"] = data.draw(st.integers(0, 15))
    _check(tf2_profile(values))


@needs_source
def test_the_environment_is_set_before_npu_device_is_imported() -> None:
    profile = tf2_profile({}, {"NPU_LOOP_SIZE": "8", "ASCEND_DEVICE_ID": "5", "X": None})
    text = export_text(profile, "tf2", PLAIN)
    assert text.index('os.environ["NPU_LOOP_SIZE"] = "8"') < text.index("import npu_device")
    assert PACKAGE is not None
    backend, _ = run_snippet(PACKAGE, text)
    assert backend.opened[0][0] == 5  # open() read ASCEND_DEVICE_ID as the snippet set it


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_export_imports_back_to_the_same_profile(data: st.DataObject) -> None:
    """What the tf2 export writes, the importer reads back: values, device, loop size."""
    from ascend_studio.codegen import import_python

    chosen = data.draw(st.lists(st.sampled_from(NEWEST), unique_by=lambda o: o.path, max_size=12))
    values = {o.key: data.draw(_values_of(o)) for o in chosen}
    if data.draw(st.booleans()):
        values["iterations_per_loop"] = data.draw(st.integers(1, 1000))
    if data.draw(st.booleans()):
        values["session_device_id"] = data.draw(st.integers(0, 15))
    profile = tf2_profile(values, {"NPU_LOOP_SIZE": "4"})
    text = export_text(profile, "tf2", PLAIN)
    (config,) = import_python(text).configs
    assert config.profile.surface == "tf2"
    assert config.profile.values == profile.values
    assert config.profile.env == profile.env


def test_hostile_expressions_are_refused_not_written() -> None:
    from ascend_studio.codegen import ExportError
    from ascend_studio.profile import ExtraKwarg

    hostile = {"precision_mode": Expr(expr="1)\nimport os\n(")}
    with pytest.raises(ValueError, match="kept expression"):  # refused when made
        tf2_profile(hostile)
    edited = Profile(surface="tf2").model_copy(update={"values": hostile})  # unvalidated
    with pytest.raises(ExportError):
        export_text(edited, "tf2", PLAIN)
    kwarg = (ExtraKwarg(owner="NpuConfig", name="x; import os", expr="1"),)
    with pytest.raises(ValueError, match="cannot be a keyword argument name"):
        Profile(surface="tf2", extra_kwargs=kwarg)
    bad = Profile(surface="tf2").model_copy(update={"extra_kwargs": kwarg})
    with pytest.raises(ExportError):
        export_text(bad, "tf2", PLAIN)
    multi = export_text(tf2_profile({"precision_mode": Expr(expr="a +\n b")}), "tf2", PLAIN)
    assert "options.precision_mode = (a +\n b)" in multi
