"""The public names other packages code against, and the atomic write."""

from __future__ import annotations

from pathlib import Path

import pytest

from ascend_studio import codegen
from ascend_studio.codegen import EXPORT_FORMATS, ExportError, export_text, write_export
from ascend_studio.profile import ExtraKwarg, Profile

PUBLIC = {
    "EXPORT_FORMATS",
    "export_text",
    "ExportOptions",
    "ExportError",
    "write_export",
    "import_python",
    "import_shell",
    "import_file",
    "ImportResult",
    "ImportedConfig",
    "ImportReport",
    "ReportItem",
    "shell_quote",
}


def test_public_names() -> None:
    assert set(codegen.__all__) >= PUBLIC
    assert all(hasattr(codegen, name) for name in codegen.__all__)
    assert tuple(f.id for f in codegen.export_formats()) == EXPORT_FORMATS


def test_exports_are_deterministic() -> None:
    p = Profile(values={"iterations_per_loop": 3}, env={"B": "2", "A": "1"})
    for fmt in EXPORT_FORMATS:
        assert export_text(p, fmt) == export_text(p.model_copy(), fmt)


def test_unknown_format_and_unknown_parameter() -> None:
    with pytest.raises(ExportError, match="unknown export format 'yaml'"):
        export_text(Profile(), "yaml")
    with pytest.raises(ExportError, match="not_a_param: not a parameter"):
        export_text(Profile(values={"not_a_param": 1}), "py")
    kwarg = (ExtraKwarg(owner="DumpConfig", name="in", expr="1"),)
    with pytest.raises(ValueError, match="'in' cannot be a keyword argument name"):
        Profile(extra_kwargs=kwarg)
    with pytest.raises(ExportError, match="'in' cannot be a keyword argument name"):
        export_text(Profile().model_copy(update={"extra_kwargs": kwarg}), "py")
    # A value of the wrong type is not refused nor converted: it is written as held.
    text = export_text(Profile(values={"iterations_per_loop": "many"}), "py")
    assert '    iterations_per_loop="many",' in text.splitlines()


def test_write_export_is_atomic(tmp_path: Path) -> None:
    target = tmp_path / "env.sh"
    target.write_text("old\n")
    with pytest.raises(ExportError):
        write_export(target, Profile().model_copy(update={"env": {"A": "a\0b"}}), "sh")
    assert target.read_text() == "old\n"
    assert write_export(target, Profile(env={"A": "1"}), "sh") == target
    assert "export A=1" in target.read_text()
    assert [p.name for p in tmp_path.iterdir()] == ["env.sh"]
    with pytest.raises(ExportError, match="cannot write"):
        write_export(tmp_path / "missing" / "env.sh", Profile(), "sh")
