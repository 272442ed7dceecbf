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
from ascend_studio.paths._cluster import (
    ClusterResult,
    Collision,
    HostEntry,
    InvalidEntry,
    cluster_scripts,
    render_script,
    write_cluster_scripts,
)
from ascend_studio.paths._env import Environment, EnvSource, EnvValue
from ascend_studio.paths._resolve import (
    Context,
    Layer,
    Resolution,
    VariantResolution,
    directory_map,
    resolve,
    shell_value,
)
from ascend_studio.paths._workpath import (
    MachineIdError,
    WorkPathIssue,
    is_allowed_char,
    machine_segment,
    parse_machine_segment,
    validate_work_path,
)

__all__ = [
    "Artifact",
    "ArtifactCatalog",
    "ArtifactError",
    "ClusterResult",
    "Collision",
    "Cond",
    "Context",
    "EnvSource",
    "EnvValue",
    "Environment",
    "HostEntry",
    "InvalidEntry",
    "Layer",
    "LayerSpec",
    "MachineIdError",
    "Placeholder",
    "Resolution",
    "Variant",
    "VariantResolution",
    "When",
    "WorkPathIssue",
    "cluster_scripts",
    "directory_map",
    "is_allowed_char",
    "load_artifacts",
    "machine_segment",
    "parse_machine_segment",
    "render_script",
    "resolve",
    "shell_value",
    "validate_work_path",
    "write_cluster_scripts",
]
