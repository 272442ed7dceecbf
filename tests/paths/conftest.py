"""Shared fixtures for the path engine tests."""

from __future__ import annotations

import pytest

from ascend_studio.paths import ArtifactCatalog, load_artifacts
from ascend_studio.schema import Catalog, shipped_catalog


@pytest.fixture(scope="session")
def artifacts() -> ArtifactCatalog:
    return load_artifacts()


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return shipped_catalog()
