"""import(export(p)) == p, for the Python and shell formats (and JSON)."""

from __future__ import annotations

import functools

from cg_profiles import NAMES, profile
from cg_strategies import env_profiles, round_trip_profiles
from hypothesis import given, settings

from ascend_studio.codegen import (
    ExportOptions,
    export_text,
    import_python,
    import_shell,
    import_text,
)
from ascend_studio.codegen._export_env import SHELL_OWNED
from ascend_studio.profile import Profile

PLAIN = ExportOptions(diagnostics=False)


def _py_round_trip(p: Profile, options: ExportOptions = PLAIN) -> Profile:
    result = import_python(export_text(p, "py", options))
    assert len(result.configs) == 1, result.report.lines()
    assert not result.report.of_kind("internal_error", "syntax_error")
    return result.configs[0].profile


@settings(max_examples=200, deadline=None)
@given(p=round_trip_profiles())
def test_python_round_trip(p: Profile) -> None:
    assert _py_round_trip(p) == p


@settings(max_examples=40, deadline=None)
@given(p=round_trip_profiles())
def test_python_round_trip_with_defaults_and_diagnostics(p: Profile) -> None:
    assert _py_round_trip(p, ExportOptions(with_defaults=True)) == p


@settings(max_examples=200, deadline=None)
@given(p=env_profiles())
def test_shell_round_trip(p: Profile) -> None:
    result = import_shell(export_text(p, "sh"), "env.sh")
    # Names the shell owns ($_) are left out of the sh export, with the reason.
    p = functools.reduce(Profile.without_env, SHELL_OWNED, p)
    assert result.profile == p, result.report.lines()


@settings(max_examples=100, deadline=None)
@given(p=env_profiles(verbatim=False))
def test_docker_round_trip(p: Profile) -> None:
    result = import_shell(export_text(p, "docker"), "run.sh")
    assert result.profile is not None
    # (names the shell owns are left out, with the reason, by every writer)
    wanted = {k: v for k, v in p.env.items() if v is not None and k not in SHELL_OWNED}
    assert result.profile.env == wanted


def test_example_profiles_round_trip() -> None:
    for name in NAMES:
        p = profile(name)
        py = _without_extra(p.model_copy(update={"env": {}, "env_verbatim": ()}))
        py = py.with_surface("estimator")  # what an NPURunConfig export imports back as
        assert _py_round_trip(py) == py, name
        env_only = Profile.model_validate(
            {
                "product": p.product,
                "scenario": p.scenario,
                "notes": p.notes,
                "env": p.env,
                "env_verbatim": p.env_verbatim,
                "surface": "env",
                **(p.model_extra or {}),
            }
        )
        assert import_shell(export_text(p, "sh"), "x.sh").profile == env_only, name
        assert import_text(export_text(p, "json"), "p.json").profile == p, name


def _without_extra(p: Profile) -> Profile:
    return Profile.model_validate(p.model_dump(exclude=set(p.model_extra or {})))


@settings(max_examples=100, deadline=None)
@given(p=round_trip_profiles())
def test_sess_export_of_any_profile_is_valid_python(p: Profile) -> None:
    compile(export_text(p, "sess"), "<sess>", "exec")
