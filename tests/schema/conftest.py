from __future__ import annotations

import pytest

from ascend_studio.schema import Catalog, shipped_catalog


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return shipped_catalog()
