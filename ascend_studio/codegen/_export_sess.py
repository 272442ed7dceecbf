"""sess.run style: a ``tf.ConfigProto`` carrying the ``NpuOptimizer`` options.

The parameter map is what NPUEstimator would write for the same profile (see
:mod:`._session`), so a script moving between the two styles keeps its
behaviour, with one deliberate difference: with compress_weight_conf set and
enable_compress_weight not True, the ``enable_compress_weight`` key
NPUEstimator always writes is left out, since the two keys together abort the
process (npu_attrs.cc) and sending only compress_weight_conf is what the
sess.run style is for. The two rewrite options the session_config docs require
are added at the end, and with iterations_per_loop other than 1 a helper that
calls ``util.set_iteration_per_loop``, which the session docs require in
sess.run mode.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ascend_studio._words import say
from ascend_studio.codegen._diag import Placed, comment_lines, place
from ascend_studio.codegen._format import ExportFormat
from ascend_studio.codegen._header import header_lines, is_value_path
from ascend_studio.codegen._layout import session_extra_line
from ascend_studio.codegen._member import member_lines
from ascend_studio.codegen._options import ExportOptions
from ascend_studio.codegen._release import omitted_lines, target_release
from ascend_studio.codegen._session import (
    SessionWrite,
    not_sent,
    session_writes,
    tf_config_params,
)
from ascend_studio.profile import SESSION_OWNER, Profile
from ascend_studio.schema import Catalog, Text

if TYPE_CHECKING:
    from ascend_studio.rules import Diagnostic

__all__ = ["FORMATS", "REWRITE_OPTIMIZERS", "export_sess"]

#: The graph optimizers NPUEstimator appends, in its order.
REWRITE_OPTIMIZERS = (
    "pruning",
    "function",
    "constfold",
    "shape",
    "arithmetic",
    "loop",
    "dependency",
    "layout",
    "GradFusionOptimizer",
)

_TF_CONFIG = [
    "# NPUEstimator takes the job name and task index from TF_CONFIG at run time.",
    '_task = json.loads(os.environ.get("TF_CONFIG") or "{}").get("task", {})',
    'if _task.get("type"):',
    '    custom_op.parameter_map["job"].s = tf.compat.as_bytes(_task["type"])',
    '    custom_op.parameter_map["task_index"].i = int(_task.get("index", 0))',
    "else:",
    '    custom_op.parameter_map["job"].s = tf.compat.as_bytes("localhost")',
    '    custom_op.parameter_map["task_index"].i = 0',
]


_IMPORTS = [
    "import json",
    "import os",
    "",
    "import tensorflow as tf",
    "from tensorflow.core.protobuf.rewriter_config_pb2 import RewriterConfig",
]


#: Session keys (NPUEstimator's, not parameter paths) the two special cases look at.
_COMPRESS_SWITCH, _COMPRESS_CONF = "enable_compress_weight", "compress_weight_conf"
_LOOP_KEY = "iterations_per_loop"


def _without_compress_switch(writes: list[SessionWrite], profile: Profile) -> list[SessionWrite]:
    """Drop the switch NPUEstimator always writes when only the conf file is wanted."""
    if not any(w.key == _COMPRESS_CONF for w in writes):
        return writes
    return [w for w in writes if w.key != _COMPRESS_SWITCH or profile.values.get(w.path) is True]


_COMPRESS_NOTE = [
    "# enable_compress_weight is left out: NPUEstimator always writes it, and together with",
    "# compress_weight_conf it aborts the process (npu_attrs.cc); the conf file alone is sent.",
]


def _tf_config(profile: Profile, catalog: Catalog, lang: str) -> list[str]:
    """NPUEstimator's TF_CONFIG lines, unless the profile sets the keys itself."""
    if any(profile.values.get(p.path) is not None for p in tf_config_params(catalog)):
        return []
    return [say(_TF_CONFIG[0], lang), *_TF_CONFIG[1:]]


def _loop_helper(writes: list[SessionWrite], lang: str) -> list[str]:
    """``util.set_iteration_per_loop`` with the same value (required in sess.run mode)."""
    rhs = next((w.rhs for w in writes if w.key == _LOOP_KEY), None)
    if rhs is None or (rhs.lstrip("-").isdigit() and int(rhs) <= 1):
        return []
    doc = say("The op to sess.run: iterations_per_loop training steps per call.", lang)
    return [
        "",
        "",
        *(say(line, lang) for line in _LOOP_NOTE),
        "def with_iterations_per_loop(sess, train_op):",
        f'    """{doc}"""',
        f"    return util.set_iteration_per_loop(sess, train_op, {rhs})",
    ]


_LOOP_NOTE = (
    "# In sess.run mode, iterations_per_loop other than 1 also needs",
    "# util.set_iteration_per_loop with the same value (TF Adapter docs:",
    "# session_config/performance_tuning.md, npu_util/set_iteration_per_loop.md).",
)


def _assignment(write: SessionWrite) -> str:
    return f'custom_op.parameter_map["{write.key}"].{write.field} = {write.rhs}'


def _skipped(profile: Profile, catalog: Catalog, lang: str) -> list[str]:
    """Header lines naming what has no session key (kept text flattened to one line)."""
    skipped = not_sent(profile, catalog)
    skipped += [
        f"{x.owner}({x.name}={' '.join(x.expr.split())})"
        for x in profile.extra_kwargs
        if x.owner != SESSION_OWNER
    ]
    if not skipped:
        return []
    return [
        say("# Not session options (NPURunConfig only), so not written here:", lang),
        *(f"#   {item}" for item in skipped),
    ]


def _kept_keys(profile: Profile, lang: str = "en") -> list[str]:
    """The parameter_map keys the catalog does not know, kept as the script wrote them."""
    kept = [x for x in profile.extra_kwargs if x.owner == SESSION_OWNER]
    if not kept:
        return []
    return [
        say("# Keys TF Adapter does not read (kept as written until removed):", lang),
        *(session_extra_line(x) for x in kept),
    ]


def _writes(writes: list[SessionWrite], placed: Placed, lang: str) -> list[str]:
    lines: list[str] = []
    for write in writes:
        lines += comment_lines_for(write, placed.by_path, lang)
        if write.condition is not None:
            condition = f"({write.condition})" if "\n" in write.condition else write.condition
            lines += [f"if {condition}:", "    " + _assignment(write)]
        else:
            lines.append(_assignment(write))
    return lines


def export_sess(
    profile: Profile, catalog: Catalog, options: ExportOptions, diagnostics: Sequence[Diagnostic]
) -> str:
    every = session_writes(profile, catalog)
    writes = _without_compress_switch(every, profile)
    lang = options.lang
    helper = _loop_helper(writes, lang)
    placed = place(diagnostics if options.diagnostics else (), {w.path for w in writes if w.path})
    extra = [line for d in placed.general for line in comment_lines(d, options.lang)]
    extra += _skipped(profile, catalog, lang)
    extra += omitted_lines(profile, catalog, "session", lang)
    release = target_release(profile, catalog)
    extra += member_lines(profile, catalog, release, [(w.key, w.field) for w in writes], lang)
    names = ", ".join(f'"{name}"' for name in REWRITE_OPTIMIZERS)
    body = [
        "config = tf.ConfigProto()",
        f"config.graph_options.rewrite_options.optimizers.extend([{names}])",
        "custom_op = config.graph_options.rewrite_options.custom_optimizers.add()",
        'custom_op.name = "NpuOptimizer"',
        *_writes(writes, placed, options.lang),
        *_kept_keys(profile, lang),
        *([say(line, lang) for line in _COMPRESS_NOTE] if len(writes) < len(every) else []),
        *_tf_config(profile, catalog, lang),
        "config.graph_options.rewrite_options.remapping = RewriterConfig.OFF",
        "config.graph_options.rewrite_options.memory_optimization = RewriterConfig.OFF",
        say("# Use it as: with tf.Session(config=config) as sess: ...", lang),
        *(["#   train_op = with_iterations_per_loop(sess, train_op)"] if helper else []),
        *helper,
    ]
    what = "tf.ConfigProto for sess.run, as NPUEstimator would fill it"
    imports = [*_IMPORTS, *(["from npu_bridge.estimator.npu import util"] if helper else [])]
    lines = [
        *header_lines(profile, catalog, what, extra, lang, written=is_value_path),
        "",
        *imports,
        "",
        *body,
    ]
    return "\n".join(lines) + "\n"


def comment_lines_for(
    write: SessionWrite, by_path: dict[str, list[Diagnostic]], lang: str
) -> list[str]:
    return [line for diag in by_path.get(write.path, []) for line in comment_lines(diag, lang)]


FORMATS = (
    ExportFormat(
        id="sess",
        suffix=".py",
        language="py",
        label=Text.of("sess.run 方式", "sess.run style"),
        summary="a sess.run ConfigProto (sess)",
        export=export_sess,
        order=20,
        stem_suffix="_session",
    ),
)
