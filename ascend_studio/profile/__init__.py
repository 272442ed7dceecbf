"""The user's document: values set, environment, target; load/save (Qt-free)."""

from ascend_studio.profile._document import (
    SCHEMA_VERSION,
    SESSION_OWNER,
    SURFACES,
    Expr,
    ExtraKwarg,
    Profile,
    Surface,
    Value,
    bytes_json,
)
from ascend_studio.profile._fields import (
    ENV_NAME,
    env_name_problem,
    expr_problem,
    kwarg_problem,
    unwritable,
)
from ascend_studio.profile._io import (
    MIGRATIONS,
    FileStamp,
    ProfileChangedOnDisk,
    ProfileError,
    dump_profile,
    file_stamp,
    load_profile,
    parse_profile,
    save_profile,
)

__all__ = [
    "ENV_NAME",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "SESSION_OWNER",
    "SURFACES",
    "Expr",
    "ExtraKwarg",
    "FileStamp",
    "Profile",
    "ProfileChangedOnDisk",
    "ProfileError",
    "Surface",
    "Value",
    "bytes_json",
    "dump_profile",
    "env_name_problem",
    "expr_problem",
    "file_stamp",
    "kwarg_problem",
    "load_profile",
    "parse_profile",
    "save_profile",
    "unwritable",
]
