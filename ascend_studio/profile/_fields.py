"""What the profile fields that reach generated text must be: one check for all.

Every export, ``apply`` and the app's save write some fields of a profile into
code: environment names after ``export``, kept shell text after ``NAME=``, kept
Python expressions after ``keyword=``, unknown keyword names. A field that could
end its place and start a command of its own (``{"A;touch x": "1"}``, an
expression ``0), __import__('os').system('x'), (0``) is refused when a profile
is made, by both roads (``_plain`` declines it, ``_validate`` reports it), and
again by each writer for a profile edited in code without validation
(``model_copy``). Values that are plain text need no such check: every writer
quotes them.
"""

from __future__ import annotations

import functools
import keyword
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from ascend_studio._shellword import shell_word_problem

if TYPE_CHECKING:
    from ascend_studio.profile._document import Profile

__all__ = [
    "ENV_NAME",
    "PRODUCT_ID",
    "RELEASE_NAME",
    "env_name_problem",
    "env_problem",
    "expr_problem",
    "field_problems",
    "kwarg_problem",
    "unwritable",
]

#: What a product id may hold: it is written into the header comment of every
#: export and read back from it, so it can never carry a line break or a quote.
PRODUCT_ID = re.compile(r"[A-Za-z0-9_.-]{1,64}")
#: What a release name may hold (a ref, a CANN version, ``newest``): written into
#: headers and read back like a product id.
RELEASE_NAME = re.compile(r"[A-Za-z0-9_.-]{1,80}")
#: A POSIX shell name: what ``export`` takes, the only kind every writer can set.
ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_OPEN = {"(": ")", "[": "]", "{": "}"}


def env_name_problem(name: str) -> str | None:
    if ENV_NAME.fullmatch(name):
        return None
    return (
        f"environment variable name {name[:60]!r} is not a shell name (letters, digits "
        "and _, not starting with a digit): no shell can export it"
    )


def env_problem(env: Mapping[str, str | None], verbatim: Iterable[str]) -> tuple[str, str] | None:
    """(place, why) of the first environment entry no writer may write, or None."""
    for name, value in env.items():
        problem = env_name_problem(name)
        if problem is not None:
            return "env", problem
        if value is not None and "\0" in value:
            return f"env.{name}", "a NUL character cannot be part of an environment value"
    kept = set(verbatim)
    for name in sorted(kept):
        problem = env_name_problem(name)
        if problem is not None:
            return "env_verbatim", problem
        value = env.get(name)
        if value is not None and (why := shell_word_problem(value)) is not None:
            return f"env.{name}", f"kept shell text {value[:60]!r}: {why}"
    return None


def _stays_in_place(text: str) -> bool:
    """Written as the one argument of a call, ``text`` is that argument and nothing
    else: ``0), x, (0`` or ``0) + (0`` would close the call and go on as code."""
    import ast

    try:
        node = ast.parse(f"f({text}\n)", mode="eval").body
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return False
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "f"
        and len(node.args) == 1
        and not node.keywords
        and not isinstance(node.args[0], ast.Starred)
        # a bare generator is an argument only when alone: after "keyword=" it is not
        and not (isinstance(node.args[0], ast.GeneratorExp) and not text.lstrip().startswith("("))
    )


@functools.lru_cache(maxsize=2048)
def expr_problem(text: str) -> str | None:
    """Why ``text`` is not one Python expression that stays in its place, or None.

    It must parse on its own (in parentheses: kept text may span lines) and, as
    the argument of a call, be that one argument: written as ``keyword=TEXT,`` or
    ``f(TEXT)`` it can never close the call around it and go on as code.
    """
    if not text.strip():
        return "an expression cannot be empty"
    if "\0" in text:
        return "an expression cannot hold a NUL character"
    import ast
    import warnings

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(f"({text})", mode="eval")
            stays = _stays_in_place(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return f"kept expression {text[:80]!r} is not one Python expression"
    if not stays:
        return (
            f"kept expression {text[:80]!r} is not one argument: written into a call it would "
            "end its place (a bracket it did not open, a top-level comma)"
        )
    return None


#: The owner of a kept sess.run key (``profile.SESSION_OWNER``): its name is a string.
_SESSION_OWNER = "parameter_map"


def kwarg_problem(owner: str, name: str, expr: str) -> str | None:
    """Why an unknown keyword argument cannot be written as ``name=expr``, or None."""
    if not owner.isidentifier() or keyword.iskeyword(owner):
        return f"{owner[:60]!r} is not a class name"
    if owner == _SESSION_OWNER:  # parameter_map["any text"]: written as a quoted string
        return expr_problem(expr)
    # a keyword (NPURunConfig(name=...)) or an option path (global_options().a.b = ...)
    plain = all(part.isidentifier() and not keyword.iskeyword(part) for part in name.split("."))
    if name not in ("*", "**") and not plain:
        return f"{name[:60]!r} cannot be a keyword argument name"
    return expr_problem(expr)


def field_problems(
    values: Mapping[str, object],
    env: Mapping[str, str | None],
    verbatim: Iterable[str],
    kwargs: Iterable[tuple[str, str, str]],
) -> tuple[str, str] | None:
    """(place, why) of the first field no writer may write, or None.

    ``values`` may hold anything with an ``expr`` text (the profile's ``Expr`` or
    its pydantic twin): only those are code.
    """
    for path, value in values.items():
        text = getattr(value, "expr", None)
        if isinstance(text, str) and (problem := expr_problem(text)) is not None:
            return f"values.{path}", problem
    found = env_problem(env, verbatim)
    if found is not None:
        return found
    for index, (owner, name, expr) in enumerate(kwargs):
        problem = kwarg_problem(owner, name, expr)
        if problem is not None:
            return f"extra_kwargs.{index}", problem
    return None


def unwritable(profile: Profile) -> str | None:
    """``place: why`` for a field of ``profile`` no writer may write, or None.

    A profile made by validation never has one; one edited in code without it
    (``model_copy``) may, so every writer asks again before writing.
    """
    if profile.product is not None and not PRODUCT_ID.fullmatch(profile.product):
        return f"product: {profile.product[:60]!r} is not a product id"
    kwargs = [(x.owner, x.name, x.expr) for x in profile.extra_kwargs]
    found = field_problems(profile.values, profile.env, profile.env_verbatim, kwargs)
    return None if found is None else f"{found[0]}: {found[1]}"
