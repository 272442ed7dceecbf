"""Where every artifact lands, and why: priority chains, resolution, ASCEND_WORK_PATH tools.

Qt-free. The chains are data (``resources/catalog/artifacts.toml``); the UI and
the ``paths``/``workpath`` commands are thin views over :func:`resolve`.
"""

from ascend_studio.paths._artifacts import (
    Artifact,
    ArtifactCatalog,
    ArtifactError,
    Cond,
    LayerSpec,
    Placeholder,
    Variant,
    When,
    load_artifacts,
)
from ascend_studio.paths._env import Environment, EnvSource, EnvValue
from ascend_studio.paths._envfile import EnvScript, parse_env_script, read_env_script
from ascend_studio.paths._resolve import (
    Context,
    Layer,
    Resolution,
    VariantResolution,
    directory_map,
    resolve,
)

__all__ = [
    "Artifact",
    "ArtifactCatalog",
    "ArtifactError",
    "Cond",
    "Context",
    "EnvScript",
    "EnvSource",
    "EnvValue",
    "Environment",
    "Layer",
    "LayerSpec",
    "Placeholder",
    "Resolution",
    "Variant",
    "VariantResolution",
    "When",
    "directory_map",
    "load_artifacts",
    "parse_env_script",
    "read_env_script",
    "resolve",
]
