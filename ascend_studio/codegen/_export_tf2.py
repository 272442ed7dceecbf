"""TF Adapter 2.x style: ``npu_device.global_options()`` assignments, then ``open()``.

A pure line generator. The environment comes first, before ``import npu_device``
(TF Adapter 2.x reads NPU_LOOP_SIZE, NPU_DEBUG, NPU_DUMP_GRAPH and NPU_ENABLE_PERF
when it is imported); then one assignment per option the profile sets, on the leaf
of the tree that configures it, in the tree's order; ``set_npu_loop_size(n)`` for
the loop size; and ``npu_device.open(...).as_default()`` last, since ``open`` starts
the graph engine with the options as they are then. Values are written as the
profile holds them (a value outside an option's list is shown with its rule
comment, not converted). Parameters TF Adapter 2.x has no option for are named in
the header, not written.
"""

from __future__ import annotations

import keyword
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ascend_studio._words import say
from ascend_studio.codegen._diag import Placed, comment_lines, place
from ascend_studio.codegen._env_wide import wide_note
from ascend_studio.codegen._format import ExportFormat
from ascend_studio.codegen._header import header_lines
from ascend_studio.codegen._kinds import python_bytes, python_str
from ascend_studio.codegen._layout import check_expr
from ascend_studio.codegen._options import ExportError, ExportOptions
from ascend_studio.profile import Expr, ExtraKwarg, Profile, Value
from ascend_studio.schema import Catalog, Text

if TYPE_CHECKING:
    from ascend_studio.rules import Diagnostic

__all__ = ["FORMATS", "export_tf2", "tf2_literal", "tf2_writes"]

_OPTIONS = "options"


def tf2_literal(value: Value) -> str:
    """Python source for a value exactly as the profile holds it (a kept expression
    that spans lines in parentheses, so it stays one assignment)."""
    if isinstance(value, Expr):
        return f"({value.expr})" if "\n" in value.expr else value.expr
    if isinstance(value, str):
        return python_str(value)
    if isinstance(value, bytes):
        return python_bytes(value)
    return repr(value)


def tf2_writes(profile: Profile, catalog: Catalog) -> tuple[list[tuple[str, str]], list[str]]:
    """((profile path, option path) for each value written, in the tree's order; the
    profile paths TF Adapter 2.x has no option or call for)."""
    tf2 = catalog.tf2
    order = {o.path: i for i, o in enumerate(tf2.options)}
    written: list[tuple[str, str]] = []
    skipped: list[str] = []
    for key in profile.values:
        option = tf2.for_key(key)
        if option is not None:
            written.append((key, option.path))
        elif tf2.call_for(key) is None:
            skipped.append(key)
    written.sort(key=lambda pair: order[pair[1]])
    return written, skipped


def _env_lines(profile: Profile, lang: str) -> tuple[list[str], list[str]]:
    """``os.environ`` lines, and the names whose shell text Python cannot set."""
    lines: list[str] = []
    shell: list[str] = []
    for name, value in sorted(profile.env.items()):
        if value is None:
            lines.append(f"os.environ.pop({python_str(name)}, None)")
        elif name in profile.env_verbatim:
            shell.append(name)
        else:
            lines += wide_note(name, value, False, lang)
            lines.append(f"os.environ[{python_str(name)}] = {python_str(value)}")
    return lines, shell


def _tf2_extras(profile: Profile, catalog: Catalog) -> list[ExtraKwarg]:
    """The kept unknown options of the 2.x tree (not an NPURunConfig keyword's)."""
    classes = {h.name for h in catalog.tf2.holders}
    return [x for x in profile.extra_kwargs if x.owner in classes]


def _argument(extra: ExtraKwarg) -> str:
    text = " ".join(extra.expr.split())
    return f"{extra.name}{text}" if extra.name in ("*", "**") else f"{extra.name}={text}"


def _header_extra(
    profile: Profile, catalog: Catalog, skipped: list[str], shell: list[str], lang: str = "en"
) -> list[str]:
    extra: list[str] = []
    others = [x for x in profile.extra_kwargs if x not in _tf2_extras(profile, catalog)]
    if skipped or others:
        extra.append(
            say("# Not TF Adapter 2.x options (NPURunConfig or sess.run only), not written:", lang)
        )
        extra += [f"#   {key}={tf2_literal(profile.values[key])}" for key in skipped]
        extra += [f"#   {x.owner}({_argument(x)})" for x in others]
    if shell:
        extra.append(
            say(
                "# Set in the shell (their values are shell text): {names}",
                lang,
                names=", ".join(shell),
            )
        )
    return extra


def _call_lines(profile: Profile, catalog: Catalog, placed: Placed, lang: str) -> list[str]:
    lines: list[str] = []
    device = "device_id"
    for call in catalog.tf2.calls:
        if call.param not in profile.values:
            continue
        for diag in placed.by_path.get(call.param, []):
            lines += comment_lines(diag, lang)
        literal = tf2_literal(profile.values[call.param])
        if call.name == "open":
            device = f"{call.argument}={literal}"
        else:
            lines.append(f"npu_device.{call.name}({literal})")
    opened = "npu_device.open()" if device == "device_id" else f"npu_device.open({device})"
    return [
        *lines,
        say("# open() starts the graph engine with the options set so far: call it last.", lang),
        f"{opened}.as_default()",
    ]


def _option_lines(
    profile: Profile, catalog: Catalog, written: list[tuple[str, str]], placed: Placed, lang: str
) -> list[str]:
    kept = say("not an option of {owner}; kept as written", lang)
    lines: list[str] = []
    for key, path in written:
        for diag in placed.by_path.get(key, []):
            lines += comment_lines(diag, lang)
        lines.append(f"{_OPTIONS}.{path} = {tf2_literal(profile.values[key])}")
    for extra in _tf2_extras(profile, catalog):
        lines.append(
            f"{_OPTIONS}.{extra.name} = {tf2_literal(Expr(expr=extra.expr))}"
            f"  # {kept.format(owner=extra.owner)}"
        )
    return lines


def _check(profile: Profile, catalog: Catalog) -> None:
    """Raise :class:`ExportError` for what no assignment can carry."""
    for path, value in profile.values.items():
        if isinstance(value, Expr):
            check_expr(value.expr, path)
    for extra in _tf2_extras(profile, catalog):
        check_expr(extra.expr, f"{extra.owner}.{extra.name}")
        if not all(
            part.isidentifier() and not keyword.iskeyword(part) for part in extra.name.split(".")
        ):
            raise ExportError(f"{extra.owner}: {extra.name!r} cannot be an attribute name")


def export_tf2(
    profile: Profile, catalog: Catalog, options: ExportOptions, diagnostics: Sequence[Diagnostic]
) -> str:
    _check(profile, catalog)
    written, skipped = tf2_writes(profile, catalog)
    shown = {key for key, _ in written} | {c.param for c in catalog.tf2.calls}
    placed = place(diagnostics if options.diagnostics else (), shown)
    env, shell = _env_lines(profile, options.lang)
    extra = [line for d in placed.general for line in comment_lines(d, options.lang)]
    extra += _header_extra(profile, catalog, skipped, shell, options.lang)
    body = _option_lines(profile, catalog, written, placed, options.lang)
    if options.with_defaults:
        body += _default_lines(profile, catalog, {path for _, path in written}, options.lang)
    prelude: list[str] = []
    if env:
        prelude = [
            "import os",
            "",
            say(
                "# The environment first: TF Adapter 2.x reads NPU_* variables when "
                "npu_device is imported.",
                options.lang,
            ),
            *env,
            "",
        ]
    lines = [
        *header_lines(
            profile, catalog, "TF Adapter 2.x, npu_device.global_options()", extra, options.lang
        ),
        "",
        *prelude,
        "import npu_device",
        "",
        f"{_OPTIONS} = npu_device.global_options()",
        *body,
        *_call_lines(profile, catalog, placed, options.lang),
    ]
    return "\n".join(lines) + "\n"


def _default_lines(
    profile: Profile, catalog: Catalog, written: set[str], lang: str = "en"
) -> list[str]:
    """The options left unset whose class default is sent anyway (``as_dict``)."""
    tf2 = catalog.tf2
    lines: list[str] = []
    for option in tf2.in_release():
        facts = option.facts_in(tf2.newest)
        if option.path in written or facts is None or facts.default is None:
            continue
        lines.append(f"# {_OPTIONS}.{option.path} = {tf2_literal(facts.default)}")
    if lines:
        lines.insert(
            0, say("# Defaults of the options left unset (sent to the graph engine anyway):", lang)
        )
    return lines


FORMATS = (
    ExportFormat(
        id="tf2",
        suffix=".py",
        language="py",
        label=Text.of("TF2 global_options", "TF2 global_options"),
        summary="TF Adapter 2.x npu_device.global_options() code (tf2)",
        export=export_tf2,
        order=25,
        stem_suffix="_tf2",
    ),
)
