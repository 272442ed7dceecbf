"""Estimator style: sub-config objects, then ``config = NPURunConfig(...)``.

A pure line generator. Only what the profile sets is passed; values are
written exactly as the profile holds them (never converted to the type the
constructor expects: a wrong type is shown with its rule comment, not hidden);
expressions kept from an imported script are re-emitted unchanged.
"""

from __future__ import annotations

import ast
import difflib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ascend_studio._words import counted, say
from ascend_studio.codegen._diag import Placed, Recent, comment_lines, place
from ascend_studio.codegen._format import ExportFormat
from ascend_studio.codegen._header import header_lines, is_value_path
from ascend_studio.codegen._kinds import ConversionError, python_literal, python_str
from ascend_studio.codegen._layout import (
    CLASS_MODULE,
    Arg,
    Call,
    build_calls,
    is_bare_call,
    session_extra_line,
    shown_default,
)
from ascend_studio.codegen._options import ExportError, ExportOptions
from ascend_studio.codegen._release import omitted_lines
from ascend_studio.profile import SESSION_OWNER, Expr, Profile, target_of
from ascend_studio.schema import Catalog, Text

if TYPE_CHECKING:
    from ascend_studio.rules import Diagnostic

__all__ = ["FORMATS", "env_name_for", "export_py", "shown_paths", "value_source"]

INDENT = "    "


def env_name_for(path: str) -> str:
    """The variable a path-like value is read from with ``env_paths``."""
    return path.rpartition(".")[2].upper()


def value_source(arg: Arg, path: str, options: ExportOptions) -> str:
    """Python source for one argument value (literal, expression, or env lookup)."""
    if arg.value is None:
        return "None"
    if arg.param is None:
        if isinstance(arg.value, Expr):
            return arg.value.expr
        raise ExportError(f"{path}: unknown to the catalog, cannot type {arg.value!r}")
    try:
        literal = python_literal(arg.param, arg.value)
    except ConversionError as exc:
        raise ExportError(f"{path}: {exc}") from None
    if options.env_paths and arg.param.kind == "path" and not isinstance(arg.value, Expr):
        return f"os.environ.get({python_str(env_name_for(path))}, {literal})"
    return literal


def _extra_line(arg: Arg, catalog: Catalog, lang: str) -> str:
    assert arg.extra is not None
    if arg.extra.name in ("*", "**"):
        return f"{INDENT}{arg.extra.name}{arg.extra.expr},"
    fact = next(
        (
            f
            for f in catalog.history.keywords()
            if (f.owner, f.name) == (arg.extra.owner, arg.extra.name)
        ),
        None,
    )
    if fact is not None:  # a keyword of some releases (the target's, when one is named)
        where = catalog.history.where(fact)
        note = say("a keyword {where}; kept as written", lang, where=where.get(lang))
        return f"{INDENT}{arg.extra.name}={arg.extra.expr},  # {note}"
    close = difflib.get_close_matches(arg.extra.name, catalog.signature(arg.extra.owner), n=1)
    if close:
        text = "not a keyword of {owner} (did you mean {name}?); kept as written"
        note = say(text, lang, owner=arg.extra.owner, name=close[0])
    else:
        note = say("not a keyword of {owner}; kept as written", lang, owner=arg.extra.owner)
    return f"{INDENT}{arg.extra.name}={arg.extra.expr},  # {note}"


def _path(call: Call, name: str) -> str:
    return f"{call.holder}.{name}" if call.holder else name


_NOT_SENT = "not sent when unset; the runtime default"
_DEFAULTS = "Defaults of the parameters left unset (not passed):"


def _default_lines(call: Call, profile: Profile, catalog: Catalog, lang: str) -> list[str]:
    given = {a.name for a in call.args}
    target = target_of(profile)
    lines: list[str] = []
    for name in catalog.signature(call.owner):
        path = _path(call, name)
        if name in given or not catalog.has(path):
            continue
        param = catalog.param(path)
        default, documented = shown_default(param, target.product, target.scenario)
        if default is None or param.py_type == "object":
            continue
        note = f"  # {say(_NOT_SENT, lang)}" if documented else ""
        lines.append(f"{INDENT}# {name}={python_literal(param, default)},{note}")
    if lines:
        lines.insert(0, f"{INDENT}# {say(_DEFAULTS, lang)}")
    return lines


def _call_lines(
    call: Call, profile: Profile, catalog: Catalog, options: ExportOptions, placed: Placed
) -> list[str]:
    target = "config" if call.owner == "NPURunConfig" else call.holder.rpartition(".")[2]
    if call.expr is not None:
        return []
    defaults = _default_lines(call, profile, catalog, options.lang) if options.with_defaults else []
    if not call.args and not defaults:
        return [f"{target} = {call.owner}()"]
    lines = [f"{target} = {call.owner}("]
    for arg in call.args:
        lines += _arg_lines(call, arg, catalog, options, placed)
    lines += defaults
    lines.append(")")
    return lines


#: _arg_lines' answers by what they read: the keyword's name, parameter, value and
#: kept keyword (by identity: an edit keeps the values it leaves alone), the
#: diagnostics placed on it, the options and the catalog. The objects are kept with
#: the answer, so no other object can take their ids while it is there. An edit
#: writes again the lines of the keywords it reached.
_WRITTEN: Recent[tuple[object, ...], tuple[tuple[object, ...], tuple[str, ...]]] = Recent()


def _arg_lines(
    call: Call, arg: Arg, catalog: Catalog, options: ExportOptions, placed: Placed
) -> list[str]:
    """One keyword's lines: its diagnostics as comments, then the keyword."""
    path = _path(call, arg.name)
    kept = (catalog, arg.param, arg.value, arg.extra, *placed.by_path.get(path, ()))
    key = (path, arg.name, options, *map(id, kept))
    known = _WRITTEN.get(key)
    if known is not None:  # the ids are of the objects kept with it, alive: the same ones
        return list(known[1])
    if arg.extra is not None:
        lines = [_extra_line(arg, catalog, options.lang)]
    else:
        lines = [line for diag in kept[4:] for line in comment_lines(diag, options.lang, INDENT)]
        lines.append(f"{INDENT}{arg.name}={value_source(arg, path, options)},")
    _WRITTEN.put(key, (kept, tuple(lines)))
    return lines


def _modules_used(profile: Profile, body: list[str]) -> list[str]:
    """``os``/``json`` when the generated code or a kept expression uses them."""
    used: set[str] = set()
    if any("os.environ.get(" in line for line in body):
        used.add("os")
    texts = [v.expr for v in profile.values.values() if isinstance(v, Expr)]
    texts += [x.expr for x in profile.extra_kwargs if x.owner != SESSION_OWNER]
    for text in texts:
        tree = ast.parse(f"({text})", mode="eval")  # checked by build_calls
        used |= {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} & {"os", "json"}
    return sorted(used)


def sess_only_lines(profile: Profile, catalog: Catalog, lang: str = "en") -> list[str]:
    """Header lines naming the set values that only a sess.run parameter_map can carry."""
    found = []
    for path, value in profile.values.items():
        param = catalog.param(path) if catalog.has(path) else None
        if param is not None and param.session is not None and param.session.session_only:
            shown = value.expr if isinstance(value, Expr) else repr(value)
            found.append(f"#   {path}={' '.join(shown.split())}")
    if not found:
        return []
    return [
        say(
            "# sess.run parameter_map keys NPURunConfig has no keyword for, so not written here",
            lang,
        ),
        say("# (export the sess format to set them):", lang),
        *found,
    ]


def shown_paths(calls: list[Call]) -> set[str]:
    return {_path(c, a.name) for c in calls for a in c.args if a.extra is None} | {
        c.holder for c in calls if c.expr is not None
    }


def export_py(
    profile: Profile, catalog: Catalog, options: ExportOptions, diagnostics: Sequence[Diagnostic]
) -> str:
    calls = build_calls(profile, catalog)
    _WRITTEN.turn()
    placed = place(diagnostics if options.diagnostics else (), shown_paths(calls))
    extra = [line for d in placed.general for line in comment_lines(d, options.lang)]
    extra += sess_only_lines(profile, catalog, options.lang)
    extra += omitted_lines(profile, catalog, "constructor", options.lang)
    if profile.env:
        variables = counted(len(profile.env), "environment variable", options.lang)
        also = "# This profile also sets {variables}; export them with the sh format."
        extra.append(say(also, options.lang, variables=variables))
    kept = [x for x in profile.extra_kwargs if x.owner == SESSION_OWNER]
    if kept:
        extra.append(
            say(
                "# parameter_map keys kept from a sess.run script (not keywords; see sess):",
                options.lang,
            )
        )
        extra += [f"#   {session_extra_line(x)}" for x in kept]
    body: list[str] = []
    for call in calls:
        body += _call_lines(call, profile, catalog, options, placed)
    classes = sorted({c.owner for c in calls if c.expr is None or is_bare_call(c.expr, c.owner)})
    imports = ["from npu_bridge.npu_init import *"]
    one_line = f"from {CLASS_MODULE} import {', '.join(classes)}"
    if len(one_line) <= 99:
        imports.append(one_line)
    else:
        imports += [f"from {CLASS_MODULE} import (", *(f"{INDENT}{c}," for c in classes), ")"]
    imports[:0] = [f"import {name}" for name in _modules_used(profile, body)]
    what = "NPURunConfig, estimator style"
    lines = [
        *header_lines(profile, catalog, what, extra, options.lang, written=is_value_path),
        "",
        *imports,
        "",
        *body,
    ]
    return "\n".join(lines) + "\n"


FORMATS = (
    ExportFormat(
        id="py",
        suffix=".py",
        language="py",
        label=Text.of("Estimator 方式", "Estimator style"),
        summary="NPURunConfig code (py)",
        export=export_py,
        order=10,
    ),
)
