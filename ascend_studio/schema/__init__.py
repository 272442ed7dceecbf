"""The parameter catalog: validated data (frozen dataclasses) and the loader (Qt-free).

Importing it, and loading the shipped catalog from its validated cache, needs no
pydantic: only validating the files does (``_validate.py``). The names the app's
first paint does without (the TF Adapter 2.x surface's ``Tf2``... and ``tf2_catalog``,
the validity facts, the release targets, the value checks, the surfaces, the cited
texts) import their modules when first used; a catalog read from the cache builds its
2.x part and its validity facts on first read too (``_catalog.py``).
"""

from typing import TYPE_CHECKING

from ascend_studio._lazy import lazy_attributes
from ascend_studio.schema._catalog import (
    Catalog,
    CatalogError,
    load_catalog,
    shipped_catalog,
    validate_entry,
    verify_shipped_catalog,
)
from ascend_studio.schema._envint import INT_READERS, read_env_int, stored
from ascend_studio.schema._formats import (
    FILE_FORMATS,
    FORMATS,
    check_accelerate_train_mode,
    check_aicore_num,
    check_device_list,
    check_dump_step,
    check_dynamic_dims,
    check_input_shape,
    check_multistream_mode,
    check_profiling_options,
    check_shape_range,
    check_stream_parallel,
    count_dims,
    format_problem,
    parse_json,
)
from ascend_studio.schema._models import (
    OWNERS,
    SUBCONFIG_PATHS,
    Category,
    Checks,
    Disagreement,
    DocDefault,
    EnumValue,
    EnvVar,
    Gate,
    Kind,
    Owner,
    Parameter,
    ParamRule,
    Product,
    ProductRange,
    PyType,
    Rewrite,
    RuleFix,
    Scalar,
    Scenario,
    ScenarioId,
    Scoped,
    Section,
    SessionOption,
    Text,
    When,
    scenario_holds,
    scope_gate,
)
from ascend_studio.schema._release_models import Release
from ascend_studio.schema._releases import Reading, ReleaseIndex, UnknownReleaseError, change_text
from ascend_studio.schema._sources import Source, citation_id

if TYPE_CHECKING:
    from ascend_studio.schema._cited import CITED_ZH, cited
    from ascend_studio.schema._facts import Change, KeyFact, KeywordFact, Span, ValuesFact
    from ascend_studio.schema._surfaces import (
        AXES,
        SURFACE_WORDS,
        SURFACES,
        THROUGH,
        Axis,
        Surface,
        surface_of,
    )
    from ascend_studio.schema._target import (
        AUTO,
        Resolved,
        auto_release,
        release_for_toolkit,
        release_problem,
        resolve_release,
    )
    from ascend_studio.schema._tf2 import (
        TF2_PREFIX,
        Tf2,
        Tf2Call,
        Tf2Facts,
        Tf2Holder,
        Tf2Option,
        Tf2Release,
    )
    from ascend_studio.schema._tf2view import tf2_catalog, tf2_parameter
    from ascend_studio.schema._values import (
        accepted_types,
        documented_default,
        number_text,
        product_range,
        python_type_name,
        runtime_number,
        type_matches,
        type_problem,
        value_problems,
    )

__all__ = [
    "AUTO",
    "AXES",
    "CITED_ZH",
    "FILE_FORMATS",
    "FORMATS",
    "INT_READERS",
    "OWNERS",
    "SUBCONFIG_PATHS",
    "SURFACES",
    "SURFACE_WORDS",
    "TF2_PREFIX",
    "THROUGH",
    "Axis",
    "Catalog",
    "CatalogError",
    "Category",
    "Change",
    "Checks",
    "Disagreement",
    "DocDefault",
    "EnumValue",
    "EnvVar",
    "Gate",
    "KeyFact",
    "KeywordFact",
    "Kind",
    "Owner",
    "ParamRule",
    "Parameter",
    "Product",
    "ProductRange",
    "PyType",
    "Reading",
    "Release",
    "ReleaseIndex",
    "Resolved",
    "Rewrite",
    "RuleFix",
    "Scalar",
    "Scenario",
    "ScenarioId",
    "Scoped",
    "Section",
    "SessionOption",
    "Source",
    "Span",
    "Surface",
    "Text",
    "Tf2",
    "Tf2Call",
    "Tf2Facts",
    "Tf2Holder",
    "Tf2Option",
    "Tf2Release",
    "UnknownReleaseError",
    "ValuesFact",
    "When",
    "accepted_types",
    "auto_release",
    "change_text",
    "check_accelerate_train_mode",
    "check_aicore_num",
    "check_device_list",
    "check_dump_step",
    "check_dynamic_dims",
    "check_input_shape",
    "check_multistream_mode",
    "check_profiling_options",
    "check_shape_range",
    "check_stream_parallel",
    "citation_id",
    "cited",
    "count_dims",
    "documented_default",
    "format_problem",
    "load_catalog",
    "number_text",
    "parse_json",
    "product_range",
    "python_type_name",
    "read_env_int",
    "release_for_toolkit",
    "release_problem",
    "resolve_release",
    "runtime_number",
    "scenario_holds",
    "scope_gate",
    "shipped_catalog",
    "stored",
    "surface_of",
    "tf2_catalog",
    "tf2_parameter",
    "type_matches",
    "type_problem",
    "validate_entry",
    "value_problems",
    "verify_shipped_catalog",
]

#: Where the names imported on first use live.
_WHERE = {
    **dict.fromkeys(("Change", "KeyFact", "KeywordFact", "Span", "ValuesFact"), "_facts"),
    **dict.fromkeys(
        ("TF2_PREFIX", "Tf2", "Tf2Call", "Tf2Facts", "Tf2Holder", "Tf2Option", "Tf2Release"),
        "_tf2",
    ),
    **dict.fromkeys(("CITED_ZH", "cited"), "_cited"),
    **dict.fromkeys(
        ("AXES", "SURFACE_WORDS", "SURFACES", "THROUGH", "Axis", "Surface", "surface_of"),
        "_surfaces",
    ),
    **dict.fromkeys(
        (
            "AUTO",
            "Resolved",
            "auto_release",
            "release_for_toolkit",
            "release_problem",
            "resolve_release",
        ),
        "_target",
    ),
    **dict.fromkeys(
        (
            "accepted_types",
            "documented_default",
            "number_text",
            "product_range",
            "python_type_name",
            "runtime_number",
            "type_matches",
            "type_problem",
            "value_problems",
        ),
        "_values",
    ),
    "tf2_catalog": "_tf2view",
    "tf2_parameter": "_tf2view",
}

if not TYPE_CHECKING:
    __getattr__ = lazy_attributes(__name__, _WHERE)
