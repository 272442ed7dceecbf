"""The stand-in constructors have the real signatures (``tests/signatures.py``)."""

from __future__ import annotations

import inspect

import cg_standins as standins
import pytest
from signatures import NPU_RUN_CONFIG, REQUIRED, SUB_CONFIGS


def _table(cls: type) -> dict[str, object]:
    params = list(inspect.signature(cls).parameters.values())
    return {
        p.name: REQUIRED if p.default is inspect.Parameter.empty else p.default
        for p in params
        if p.name != "self"
    }


def test_the_run_config_stand_in_is_the_real_signature() -> None:
    assert list(_table(standins.NPURunConfig).items()) == list(NPU_RUN_CONFIG.items())


@pytest.mark.parametrize("owner", sorted(SUB_CONFIGS))
def test_each_sub_config_stand_in_is_the_real_signature(owner: str) -> None:
    assert list(_table(getattr(standins, owner)).items()) == list(SUB_CONFIGS[owner].items())


def test_an_unknown_keyword_raises_type_error_as_the_real_one() -> None:
    with pytest.raises(TypeError, match="oo_levle"):
        standins.NPURunConfig(oo_levle="O1")
