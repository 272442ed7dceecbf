"""Where every artifact lands, and why: priority chains, resolution, ASCEND_WORK_PATH tools.

Qt-free. The chains are data (``resources/catalog/artifacts.toml``); the UI and
the ``paths``/``workpath`` commands are thin views over :func:`resolve`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ascend_studio._lazy import lazy_attributes

if TYPE_CHECKING:
    from ascend_studio.paths._artifacts import (
        Artifact,
        ArtifactCatalog,
        ArtifactError,
        Cond,
        LayerSpec,
        Placeholder,
        Variant,
        When,
    )
    from ascend_studio.paths._artifacts_load import artifacts_from_data, load_artifacts
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
        DEVICE_PARAM,
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
    "DEVICE_PARAM",
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
    "artifacts_from_data",
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

#: Where each public name lives (its module is imported on first use).
_WHERE = {
    "Artifact": "_artifacts",
    "ArtifactCatalog": "_artifacts",
    "ArtifactError": "_artifacts",
    "ClusterResult": "_cluster",
    "Collision": "_cluster",
    "Cond": "_artifacts",
    "Context": "_resolve",
    "DEVICE_PARAM": "_resolve",
    "EnvSource": "_env",
    "EnvValue": "_env",
    "Environment": "_env",
    "HostEntry": "_cluster",
    "InvalidEntry": "_cluster",
    "Layer": "_resolve",
    "LayerSpec": "_artifacts",
    "MachineIdError": "_workpath",
    "Placeholder": "_artifacts",
    "Resolution": "_resolve",
    "Variant": "_artifacts",
    "artifacts_from_data": "_artifacts_load",
    "VariantResolution": "_resolve",
    "When": "_artifacts",
    "WorkPathIssue": "_workpath",
    "cluster_scripts": "_cluster",
    "directory_map": "_resolve",
    "is_allowed_char": "_workpath",
    "load_artifacts": "_artifacts_load",
    "machine_segment": "_workpath",
    "parse_machine_segment": "_workpath",
    "render_script": "_cluster",
    "resolve": "_resolve",
    "shell_value": "_resolve",
    "validate_work_path": "_workpath",
    "write_cluster_scripts": "_cluster",
}

if not TYPE_CHECKING:
    __getattr__ = lazy_attributes(__name__, _WHERE)
