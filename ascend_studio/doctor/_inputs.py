"""What ``doctor`` is given: a profile, Python training scripts, shell or env scripts.

Each file is read the way ``validate`` reads it, never run. A profile or a
Python script gives the configuration (the first one found, or ``config`` of
it); a shell or env script gives environment values, stacked above this
process's environment in the order given, as the job's launcher would.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ascend_studio._input import file_kind
from ascend_studio.profile import Profile, ProfileError, load_profile
from ascend_studio.schema import Text

__all__ = ["InputError", "Inputs", "read_inputs"]


class InputError(Exception):
    """A file that cannot be used: one line for stderr."""


@dataclass
class Inputs:
    profile: Profile = field(default_factory=Profile)
    #: (file name, values) for each env-setting file, lowest first.
    scripts: list[tuple[str, dict[str, str | None]]] = field(default_factory=list)
    #: Where the configuration came from: "train.py (NPURunConfig, line 12)".
    profile_from: str | None = None
    #: The same place in the user's language: the script's path and its configuration's
    #: location (``line 12``) in both languages; None for a profile file.
    profile_where: tuple[str, Text] | None = None
    files: list[str] = field(default_factory=list)


def _python(path: str, config: int, inputs: Inputs) -> None:
    from ascend_studio.codegen import import_file  # the importers: only for a script

    result = import_file(path)
    found = [c for c in result.configs if c.line is not None]
    if result.dialect in ("shell", "env-file"):
        env = {n: v for c in found for n, v in c.profile.env.items()}
        inputs.scripts.append((Path(path).name, env))
        return
    if not found:
        errors = [i.text("en") for i in result.report.items if i.severity == "error"]
        raise InputError(f"{path}: {(errors or ['no configuration found'])[0]}")
    if inputs.profile_from is not None:
        raise InputError(f"{path}: give one configuration (a profile or a Python script) only")
    if not 1 <= config <= len(found):
        raise InputError(f"{path}: --config must be 1..{len(found)}")
    chosen = found[config - 1]
    inputs.profile = chosen.profile_as_written()
    inputs.profile_from = f"{path} ({chosen.label})"
    inputs.profile_where = (path, Text.of(chosen.label_in("zh"), chosen.label_in("en")))


def read_inputs(paths: list[str], config: int = 1, lang: str = "en") -> Inputs:
    """The configuration and environment the files give; :class:`InputError` if unusable
    (a file that is not one to read is said in ``lang``)."""
    inputs = Inputs(files=list(paths))
    for path in paths:
        file = Path(path)
        problem = file_kind(file, lang)
        if problem is not None:
            raise InputError(f"{path}: {problem}")
        if file.suffix.lower() == ".json":
            if inputs.profile_from is not None:
                raise InputError(
                    f"{path}: give one configuration (a profile or a Python script) only"
                )
            try:
                inputs.profile = load_profile(file)
            except ProfileError as exc:
                raise InputError(str(exc)) from exc
            inputs.profile_from = path
            continue
        _python(path, config, inputs)
    return inputs
