"""The user's document: values set, environment, target; load/save (Qt-free)."""

from ascend_studio.profile._document import (
    SCHEMA_VERSION,
    SURFACES,
    Expr,
    ExtraKwarg,
    Profile,
    Surface,
    Value,
    bytes_json,
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
    "MIGRATIONS",
    "SCHEMA_VERSION",
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
    "file_stamp",
    "load_profile",
    "parse_profile",
    "save_profile",
]
