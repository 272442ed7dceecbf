"""Import NPURunConfig / parameter_map configurations from a Python script.

The script is parsed with :mod:`ast` and walked, never executed. Each
``NPURunConfig(...)`` call becomes one configuration (merged with the
parameter_map of the ``session_config`` it is given); each NpuOptimizer
``ConfigProto`` not passed to an NPURunConfig is a sess.run configuration.
``os.environ`` changes become the profiles' environment.
"""

from __future__ import annotations

from collections.abc import Mapping

from ascend_studio.codegen._branch import Branch, branch_of, conditions_of
from ascend_studio.codegen._header import HeaderInfo, read_target
from ascend_studio.codegen._import_tf2 import tf2_configuration
from ascend_studio.codegen._layout import sorted_extras
from ascend_studio.codegen._pybuild import Builder, Built
from ascend_studio.codegen._pymap import MapBuilder
from ascend_studio.codegen._pyobjs import EnvSet, Opaque, ProtoObj, Source
from ascend_studio.codegen._pyquick import NOTHING_FOUND, nothing_found, nothing_to_read
from ascend_studio.codegen._pyscan import Scanner
from ascend_studio.codegen._recover import Parsed, parse_script
from ascend_studio.codegen._report import (
    DEVICE_VARS,
    ImportedConfig,
    ImportReport,
    ImportResult,
    ReportItem,
    internal_error,
    msg,
    where_text,
)
from ascend_studio.profile import Condition, Profile, env_name_problem
from ascend_studio.profile import Surface as ProfileSurface
from ascend_studio.schema import Catalog, Surface, shipped_catalog

__all__ = ["MAX_PYTHON_BYTES", "import_python", "internal_error"]  # (the last: from _report)


#: A file that names nothing the importer reads gets its result without the walk
#: (:mod:`._pyquick`); tests switch it off to compare.
QUICK = True


#: The largest Python source parsed (2 MB, 4x the largest script of a public model
#: zoo): Python's own parser needs about 0.5 GB of memory per MB of statements, so a
#: 20 MB generated file could exhaust the machine.
MAX_PYTHON_BYTES = 2 * 1024 * 1024


def _too_large(text: str, source: str) -> ImportResult | None:
    size = len(text.encode("utf-8", "surrogatepass"))
    if size <= MAX_PYTHON_BYTES:
        return None
    mb = size / (1024 * 1024)
    item = ReportItem(
        "unreadable",
        msg(
            f"Python 脚本有 {mb:.1f} MB，超过 Python 脚本的上限 2 MB（Python 解析器每 MB 约需 0.5 GB 内存），未读取。",
            f"This Python script is {mb:.1f} MB; Python scripts larger than 2 MB are not read "
            "(Python's parser needs about 0.5 GB of memory per MB).",
        ),
    )
    return ImportResult((), ImportReport((item,)), source, "python")


def import_python(
    text: str, source: str = "<string>", catalog: Catalog | None = None
) -> ImportResult:
    """Configurations found in Python ``text``; never raises, never executes it."""
    large = _too_large(text, source) if len(text) > MAX_PYTHON_BYTES // 4 else None
    if large is not None:
        return large
    catalog = catalog or shipped_catalog()
    if QUICK and nothing_to_read(text, catalog.signatures):
        return nothing_found(source)
    try:
        return _import(text, source, catalog)
    except Exception as exc:  # a safety net: bad input must never escape as an exception
        return internal_error(source, "python", exc)


def _syntax_items(parsed: Parsed) -> list[ReportItem]:
    items = []
    for p in parsed.problems:
        hint_en = " (Python 2 syntax)" if p.python2 else ""
        hint_zh = "（Python 2 语法）" if p.python2 else ""
        if p.action == "fatal":
            zh = f"无法解析{hint_zh}：Python 报告“{p.message}”；未导入任何内容。"
            en = f"Does not parse{hint_en}: {p.message}; nothing imported."
        else:
            verb_zh = "已按 Python 3 改写后读取" if p.action == "rewritten" else "已跳过"
            verb_en = "read after a Python 3 rewrite" if p.action == "rewritten" else "skipped"
            zh = f"此行无法解析{hint_zh}（Python 报告“{p.message}”），{verb_zh}。"
            en = f"This line does not parse{hint_en} ({p.message}); {verb_en}."
        items.append(ReportItem("syntax_error", msg(zh, en), p.line))
    if any(p.python2 for p in parsed.problems):
        zh = "该文件看起来是 Python 2 脚本；TF Adapter 1.x 需要 Python 3。"
        en = "This file looks like a Python 2 script; TF Adapter 1.x needs Python 3."
        items.append(ReportItem("info", msg(zh, en)))
    return items


def _import(text: str, source: str, catalog: Catalog) -> ImportResult:
    parsed = parse_script(text)
    if parsed.tree is None:
        return ImportResult((), ImportReport(tuple(_syntax_items(parsed))), source, "python")
    src = Source(parsed.text)
    scanner = Scanner(src, catalog.signatures)
    scanner.run(parsed.tree)
    header, bad = read_target([line.rstrip("\r\n") for line in src.lines], catalog)
    builder = MapBuilder(catalog, src)
    builder.exported = header.ours
    found = _configurations(builder, scanner)
    tf2 = len(found)
    builder.config = tf2
    found_tf2 = tf2_configuration(builder, scanner.tf2_writes, scanner.tf2_sites)
    if found_tf2 is not None:
        found.append((found_tf2.built, found_tf2.label, found_tf2.line, "tf2"))
    builder.config = None
    env, env_branches = _environment(builder, scanner.env)
    items = _syntax_items(parsed)
    for line, kind, zh, en in scanner.notes:
        builder.add(kind, zh, en, line)  # type: ignore[arg-type]
    if not found and env:
        found.append((Built(), "environment only", scanner.env[0].line, "environment"))
    if not found:
        builder.add("info", *NOTHING_FOUND, None)
    for line, problem in bad:
        builder.add("bad_directive", f"{problem.zh}；已忽略。", f"{problem.en}; ignored.", line)
    configs = tuple(
        ImportedConfig(
            _profile(built, env, header, surface, _conditions(built, env_branches, scanner)),
            label,
            line,
            dict(built.written),
            dict(built.after_open),
        )
        for built, label, line, surface in found
    )
    return ImportResult(configs, ImportReport(tuple(items + builder.items)), source, "python")


Found = tuple[Built, str, int, Surface]


def _configurations(builder: MapBuilder, scanner: Scanner) -> list[Found]:
    """One per NPURunConfig call, then one per NpuOptimizer ConfigProto used on its own."""
    found: list[Found] = []
    for index, call in enumerate(scanner.runconfigs):
        builder.config = index
        built = Built()
        builder.expand(call, "", built)
        branch = branch_of(call.label)
        if branch:
            built.branches.update(dict.fromkeys(built.values, branch))
        for proto in built.protos:
            _merge(builder, built, builder.map_values(proto), proto)
        found.append((built, call.label, call.node.lineno, "estimator"))
    for proto in scanner.protos:
        if proto.used_by_runconfig or not any(op.writes for op in proto.ops):
            continue
        builder.config = len(found)
        built = builder.map_values(proto)
        _report_other(builder, proto)
        found.append((built, f"sess.run config, {proto.label}", proto.line, "session"))
    return found


def _merge(builder: Builder, built: Built, mapped: Built, proto: ProtoObj) -> None:
    """Add session_config's parameter_map values; keywords win (NPUEstimator writes last).
    Its keys the catalog does not know are kept too."""
    built.extras += mapped.extras
    for path, value in mapped.values.items():
        line = mapped.lines.get(path)
        if path in built.values:
            if built.values[path] != value:
                builder.add(
                    "conflict",
                    f"{path} 同时由 NPURunConfig 参数（{built.values[path]!r}）和 session_config 的 parameter_map（{value!r}）设置；NPUEstimator 后写入，参数值生效。",
                    f"{path} is set both as an NPURunConfig keyword ({built.values[path]!r}) and "
                    f"in session_config's parameter_map ({value!r}); NPUEstimator writes its "
                    "options last, so the keyword wins.",
                    line,
                    path,
                )
            continue
        built.values[path] = value
        if path in mapped.branches:
            built.branches[path] = mapped.branches[path]
        param = builder.catalog.param(path) if builder.catalog.has(path) else None
        always = param is not None and param.session is not None and param.session.sent == "always"
        if always and param is not None and value != param.default:
            builder.add(
                "conflict",
                f"{path} 只在 session_config 的 parameter_map 中设置，但 NPUEstimator 总会用 NPURunConfig 的默认值覆盖它；导入为 NPURunConfig 参数，使其真正生效。",
                f"{path} is set only in session_config's parameter_map, but NPUEstimator always "
                "overwrites it with the NPURunConfig default; imported as a keyword so that it "
                "takes effect.",
                line,
                path,
            )


def _report_other(builder: Builder, proto: ProtoObj) -> None:
    for line, setting in proto.other:
        builder.add(
            "ignored",
            f"不是 NPU 选项，未导入：{setting}",
            f"Not an NPU option, not imported: {setting}",
            line,
        )


_SKIP = object()


def _environment(
    builder: Builder, sets: list[EnvSet]
) -> tuple[dict[str, str | None], dict[str, Branch]]:
    """The environment, and the conditions its values were set under (see ``_branch``)."""
    env: dict[str, str | None] = {}
    lines: dict[str, int] = {}
    branches: dict[str, Branch] = {}
    for item in sets:
        value = _env_value(builder, item)
        if value is _SKIP or _kept_by_setdefault(builder, item, env, lines):
            continue
        assert value is None or isinstance(value, str)
        path, branch = f"env:{item.name}", branch_of(item.label)
        _env_report(builder, item, value)
        if item.name in env and branches.get(path, ()) != branch:
            if branch:  # a conditional alternative: the value kept so far stays
                continue
        elif item.name in env and env[item.name] != value:
            builder.add(
                "conflict",
                f"{item.name} 被多次设置（第 {lines[item.name]} 行与第 {item.line} 行），以最后一次为准。",
                f"{item.name} is set more than once (lines {lines[item.name]} and {item.line}); "
                "the last one wins.",
                item.line,
                path,
            )
        env[item.name], lines[item.name] = value, item.line
        branches.pop(path, None)
        if branch:
            branches[path] = branch
    return env, branches


def _env_value(builder: Builder, item: EnvSet) -> object:
    """The text to import for one ``os.environ`` change, or _SKIP (reported)."""
    path = f"env:{item.name}"
    if item.in_loop and item.name in DEVICE_VARS:
        builder.add(
            "device_loop",
            f"{item.name} 在循环中按设备设置（每个设备一个进程）；这是启动逻辑，未作为环境值导入。",
            f"{item.name} is set per device in a loop (one process per device); that is "
            "launcher logic and is not imported as a value.",
            item.line,
            path,
        )
        return _SKIP
    problem = env_name_problem(item.name)
    if problem is not None or (isinstance(item.value, str) and "\0" in item.value):
        why = problem or "a NUL character cannot be part of an environment value"
        builder.add(
            "ignored",
            f"{item.name[:60]!r}：无法作为环境变量设置保存（{why}），未导入。",
            f"{item.name[:60]!r}: cannot be kept as an environment setting ({why}); not imported.",
            item.line,
        )
        return _SKIP
    value = item.value
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, int | float | bytes):
        text = value.decode(errors="replace") if isinstance(value, bytes) else str(value)
        builder.add(
            "call_error",
            f"{item.name}={value!r}：环境变量的值必须是 str，这一行运行时会抛出 TypeError；"
            f"未导入（应写成 {text!r}）。",
            f"{item.name}={value!r}: environment values must be str, so this line raises "
            f"TypeError when the script runs; not imported (write {text!r}).",
            item.line,
            path,
        )
        return _SKIP
    node = value.node if isinstance(value, Opaque) else None
    shown = (
        builder.src.segment(node)
        if node is not None and hasattr(node, "col_offset")
        else repr(value)
    )
    builder.add(
        "ignored",
        f"环境变量 {item.name} 的值 {shown} 运行前未知；环境值只能是文本，未导入。",
        f"{item.name}={shown}: not known before running; environment values are text, so it "
        "is not imported.",
        item.line,
        path,
    )
    return _SKIP


def _kept_by_setdefault(
    builder: Builder, item: EnvSet, env: dict[str, str | None], lines: dict[str, int]
) -> bool:
    """``os.environ.setdefault`` after the script set the name itself does nothing."""
    if item.how != "setdefault" or env.get(item.name) is None:
        return False
    builder.add(
        "ignored",
        f"{item.name}：第 {lines[item.name]} 行已设置，os.environ.setdefault 不会改变它。",
        f"{item.name}: already set on line {lines[item.name]}, so os.environ.setdefault "
        "leaves it unchanged.",
        item.line,
        f"env:{item.name}",
    )
    return True


def _env_report(builder: Builder, item: EnvSet, value: str | None) -> None:
    path = f"env:{item.name}"
    if item.how == "setdefault":
        builder.add(
            "conditional",
            f"{item.name} = {value!r}：os.environ.setdefault 只在调用方未设置 {item.name} 时"
            "生效；调用方环境中已有的值优先。",
            f"{item.name} = {value!r} via os.environ.setdefault: applies only when "
            f"{item.name} is not already set; a value from the caller's environment wins.",
            item.line,
            path,
        )
    if item.conditional or item.in_loop:
        builder.add(
            "conditional",
            f"{item.name} 在条件分支或循环中设置（{where_text(item.label).zh}），不一定总会生效。",
            f"{item.name} is set inside a branch or loop ({item.label}); it may not always apply.",
            item.line,
            path,
        )
    elif item.how != "setdefault":
        shown = f"{item.name} = {value!r}"
        builder.add("recognized", shown, shown, item.line, path)


def _conditions(
    built: Built, env_branches: Mapping[str, Branch], scanner: Scanner
) -> dict[str, tuple[Condition, ...]]:
    """The blocks each kept value was written in, with the conditions they test."""
    kept = {**built.branches, **env_branches}
    return {path: conditions_of(branch, scanner.tests) for path, branch in kept.items() if branch}


#: Where the importer found a configuration -> the profile's ``surface``.
_PROFILE_SURFACE: dict[Surface, ProfileSurface] = {
    "estimator": "estimator",
    "constructor": "estimator",
    "session": "sess",
    "tf2": "tf2",
    "environment": "env",
}


def _profile(
    built: Built,
    env: dict[str, str | None],
    info: HeaderInfo,
    surface: Surface,
    conditions: dict[str, tuple[Condition, ...]],
) -> Profile:
    data: dict[str, object] = {
        "values": built.values,
        "env": env,
        "extra_kwargs": sorted_extras(built.extras),
        "surface": _PROFILE_SURFACE[surface],
    }
    if info.scenario:  # else what graph_run_mode names (``profile.target_of``), if anything
        data["scenario"] = info.scenario
    if info.product:
        data["product"] = info.product
    if info.release:
        data["release"] = info.release
    if info.notes is not None:
        data["notes"] = info.notes
    if conditions:
        data["conditions"] = conditions
    if built.after_open:  # what no value says: the app and a saved profile judge it too
        data["after_open"] = dict(built.after_open)
    return Profile.model_validate(data)
