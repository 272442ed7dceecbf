"""The words and sentences headless output is built from, in both languages (Qt-free).

Every label, count and sentence a command prints around the catalog's and the
rules' own bilingual texts goes through :func:`say` and :func:`counted`: the
English text is the key, ``{name}`` fields are filled after the translation is
picked. ``tests/test_messages.py`` renders every entry in both languages.
"""

from __future__ import annotations

import errno
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING

from ascend_studio._words_cli import CLI_MESSAGES

if TYPE_CHECKING:
    import re

__all__ = [
    "MESSAGES",
    "NOUNS",
    "counted",
    "joined",
    "json_text",
    "origin_text",
    "os_reason",
    "printable",
    "say",
]

#: Characters that move the cursor, end a line or reorder text on a terminal or in a
#: log viewer: C0 and C1 controls, DEL, the Unicode line and paragraph separators,
#: and the bidirectional overrides and isolates ("Trojan Source").
_UNSAFE = frozenset(
    [
        *map(chr, range(0x20)),
        *map(chr, range(0x7F, 0xA0)),
        "\u2028",
        "\u2029",
        *map(chr, range(0x202A, 0x202F)),
        *map(chr, range(0x2066, 0x206A)),
        "\u200e",
        "\u200f",
    ]
)


def printable(text: str) -> str:
    """``text`` with every control character written as an escape (``\\n``,
    ``\\x1b``, ``\\u2028``): a file name or a value from a file can then never
    start a line of its own, forge a finding or drive the terminal."""
    if text.isprintable() or not any(ch in _UNSAFE for ch in text):  # (none is printable)
        return text
    out = []
    for ch in text:
        if ch not in _UNSAFE:
            out.append(ch)
        elif ch in "\n\r\t":
            out.append({"\n": "\\n", "\r": "\\r", "\t": "\\t"}[ch])
        else:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
    return "".join(out)


def json_text(data: object) -> str:
    """JSON text (indented, UTF-8) in which the characters :func:`printable` escapes
    are written as ``\\uXXXX`` escapes too: the same data for every parser, and no
    raw separator or override for a reader of the file."""
    import json

    text = json.dumps(data, ensure_ascii=False, indent=2)
    unsafe = _unsafe_in_json()
    if unsafe.search(text) is None:  # one pass in C: a whole tree's report is megabytes
        return text
    return unsafe.sub(lambda found: f"\\u{ord(found[0]):04x}", text)


@cache
def _unsafe_in_json() -> re.Pattern[str]:
    """The characters :func:`json_text` escapes (the indentation's line breaks stay)."""
    import re

    return re.compile("[" + "".join(sorted(re.escape(ch) for ch in _UNSAFE - {"\n"})) + "]")


#: English text -> Chinese text (the same ``{fields}``).
MESSAGES: dict[str, str] = {
    # severities and the labels of a finding
    "error": "错误",
    "warning": "警告",
    "info": "提示",
    "fix": "修复",
    "by hand": "手动",
    "source": "来源",
    "at": "位置",
    "file": "文件",
    "import": "导入",
    # targets
    "training": "训练",
    "inference": "在线推理",
    "both": "两者",
    # output paths
    "path": "路径",
    "not produced": "不会生成",
    "note": "说明",
    "when": "条件",
    "caveat": "注意",
    "(unset)": "（未设置）",
    "(not set)": "（未设置）",
    "(none)": "（无）",
    "parameter": "参数",
    "env": "环境变量",
    "default": "默认值",
    "other reading": "另一种说法",
    "shadowed": "被覆盖",
    "ignored": "被忽略",
    "profile parameter": "配置中的参数",
    "built-in default": "内置默认值",
    "process environment": "本进程环境",
    "profile environment": "配置中的环境变量",
    "typed value": "手工输入的值",
    "env script {name}": "环境脚本 {name}",
    # parameters
    "unset": "未设置",
    "deprecated": "将废弃",
    "experimental": "试验",
    "no effect": "无效",
    "inherited": "继承",
    # products and scenarios a finding holds for, when the file names none
    "no product named": "未指定产品",
    "in all": "合计",
    "no scenario named": "未指定场景",
    # import
    "read as": "读取方式",
    "nothing found: no NPURunConfig configuration or environment setting": (
        "未找到内容：没有 NPURunConfig 配置，也没有环境变量设置"
    ),
    "saved configuration {number} to {path}": "已将第 {number} 个配置保存到 {path}",
    # validate
    "why {path}: effective {value} [{source}]": "{path} 的原因：生效值 {value} [{source}]",
    "affects": "影响",
    "set": "已设置",
    "documented default": "文档默认值",
    "signature default": "签名默认值",
    "environment": "环境变量",
    "clamped": "被截断到范围内",
    "rounded": "被取整",
    "forced": "被强制",
    "affected by": "受影响于",
    "FIRES": "触发",
    "quiet": "未触发",
    "{file} is the file {param} points to, not a configuration: "
    "check it with {command}": "{file} 是 {param} 指向的文件，不是配置：请用 {command} 检查",
    "{checked} checked, {with_configs} with a configuration ({configs}): {counts}": (
        "检查了 {checked}，其中 {with_configs} 个含配置（{configs}）：{counts}"
    ),
    "{count} suppressed": "{count} 条已抑制",
    "{count} findings written to {path}": "{count} 条结果已写入 {path}",
    "checked {done}/{total} files": "已检查 {done}/{total} 个文件",
    "{safe} fixable with --fix ({unsafe} more with --unsafe-fixes).": (
        "{safe} 项可用 --fix 修复（另有 {unsafe} 项需加 --unsafe-fixes）。"
    ),
    "{safe} fixable with --fix.": "{safe} 项可用 --fix 修复。",
    "{unsafe} fixable with --fix --unsafe-fixes.": "{unsafe} 项可用 --fix --unsafe-fixes 修复。",
    # file check / file new
    "{file}: read as {kind}: {findings}": "{file}：按 {kind} 读取：{findings}",
    "wrote a {kind} template to {path}": "已将 {kind} 模板写入 {path}",
    # workpath, apply, export
    "ok": "没有问题",
    "base": "基础路径",
    "line {line}": "第 {line} 行",
    "invalid": "无效",
    "collision: lines {lines} all give {segment}; only line {kept} kept": (
        "冲突：第 {lines} 行都得到 {segment}；只保留第 {kept} 行"
    ),
    "{scripts} written": "已写出 {scripts}",
    "{script}: already matches the profile; nothing to change": "{script}：已与配置一致，无需修改",
    "{path}: nothing to migrate for {release}": "{path}：对 {release} 没有需要迁移的内容",
    "{wrote}, for TF Adapter {release}": "{wrote}，目标版本 TF Adapter {release}",
    "wrote {path}": "已写入 {path}",
    "wrote {path} (the original kept as {backup})": "已写入 {path}（原文件保存为 {backup}）",
    "wrote {path} (the original from before the first apply stays in {backup})": (
        "已写入 {path}（第一次应用前的原文件仍保存在 {backup}）"
    ),
    # exported files: the header
    "# Generated by Ascend Studio {version}: {what}.": "# 由 Ascend Studio {version} 生成：{what}。",
    "# Product: {name} [{id}]": "# 产品：{name} [{id}]",
    "# Scenario: {scenario}": "# 场景：{scenario}",
    "# Product: not named (findings say for which products they hold)": (
        "# 产品：未指定（各项发现注明其成立的产品）"
    ),
    "# Scenario: not named": "# 场景：未指定",
    "# The script set these only under conditions, which this file does not write:": (
        "# 脚本仅在以下条件下设置了这些项（本文件未写出条件）："
    ),
    "{condition} (line {line})": "{condition}（第 {line} 行）",
    "else of if {test}": "if {test} 的 else 分支",
    "graph_run_mode is not set; it defaults to 1": "graph_run_mode 未设置，默认为 1",
    "{scenario} ({why})": "{scenario}（{why}）",
    "environment, POSIX sh": "环境变量，POSIX sh",
    "environment, docker --env-file": "环境变量，docker --env-file",
    "environment, docker run -e": "环境变量，docker run -e",
    "environment, Kubernetes container env": "环境变量，Kubernetes 容器 env",
    "NPURunConfig, estimator style": "NPURunConfig，Estimator 方式",
    "tf.ConfigProto for sess.run, as NPUEstimator would fill it": (
        "sess.run 用的 tf.ConfigProto，按 NPUEstimator 的方式填写"
    ),
    # exported files: environment formats
    "# {name} is not written: {why}": "# 未写出 {name}：{why}",
    "# {name} is not written: it adds to the variable's previous value ({value}),": (
        "# 未写出 {name}：它在该变量原有的值上追加（{value}），"
    ),
    "#   which {what} cannot do (it sets whole values). Set it inside the "
    "container (sh format) or give the whole value.": (
        "#   而 {what}做不到（它只能设置整个值）。请在容器内设置（sh 格式），或给出完整的值。"
    ),
    "a docker env-file": "docker env-file 文件",
    "# Keys TF Adapter does not read (kept as written until removed):": (
        "# TF Adapter 不读取的键（按原样保留，直到删除）："
    ),
    "# parameter_map keys kept from a sess.run script (not keywords; see sess):": (
        "# 从 sess.run 脚本保留的 parameter_map 键（不是关键字参数；见 sess 格式）："
    ),
    "# Source it: . ./this-file.sh": "# 用法：. ./this-file.sh",
    "{prefix} Note: {note}": "{prefix} 注意：{note}",
    "# {name} uses {names}, which this file does not set: taken from the shell "
    "this file runs in (empty where not set).": (
        "# {name} 用到 {names}，本文件没有设置：取运行本文件的 shell 中的值（未设置则为空）。"
    ),
    "# Unset in the profile, which {how} cannot express: {names}.": (
        "# 配置中取消设置了这些变量，{how}无法表达：{names}。"
    ),
    "an env-file": "env-file 文件",
    "docker run": "docker run ",
    "a container env list": "容器的 env 列表",
    "# Make sure the image does not set them.": "# 请确认镜像中没有设置它们。",
    "# Use it: docker run --env-file this-file ...": "# 用法：docker run --env-file this-file ...",
    "unset on purpose: {names}": "有意取消设置：{names}",
    "# Run it as: sh this-file.sh IMAGE [COMMAND...] (or copy the -e lines).": (
        "# 运行方式：sh this-file.sh 镜像 [命令...]（或复制其中的 -e 行）。"
    ),
    "# Paste under a container spec (containers[].env).": "# 粘贴到容器定义下（containers[].env）。",
    "# $$ is Kubernetes' escape for a literal $ (it would expand $(NAME)).": (
        "# $$ 是 Kubernetes 对字面 $ 的转义（否则 $(NAME) 会被展开）。"
    ),
    "# This profile sets no environment variables: there is nothing to export here.": (
        "# 此配置没有设置环境变量，这里没有内容可导出。"
    ),
    "# Its NPURunConfig settings are in the Python export (ascend-studio export PROFILE -f py).": (
        "# NPURunConfig 参数在 Python 导出中（ascend-studio export 配置文件 -f py）。"
    ),
    # exported files: the target TF Adapter release
    "# TF Adapter release: {words}": "# TF Adapter 版本：{words}",
    "not a public release [{name}]": "不是公开版本 [{name}]",
    "# Not written: TF Adapter {release} does not have": "# 未写入：TF Adapter {release} 没有",
    "read {where}": "读取它的版本：{where}",
    '# parameter_map["{key}"] is written as {member}, as TF Adapter {where} reads it;': (
        '# parameter_map["{key}"] 写为{member}，TF Adapter {where}按此读取；'
    ),
    '# parameter_map["{key}"] is written as {member}, which no release reads;': (
        '# parameter_map["{key}"] 写为{member}，没有版本按此读取；'
    ),
    "#   TF Adapter {where} reads {member} (name the release to write it so)": (
        "#   TF Adapter {where}读取{member}（指定版本即可按其写入）"
    ),
    '# Not written: {path}={value}; TF Adapter {release} reads parameter_map["{key}"]'
    " as {member}, which has no form for it": (
        '# 未写入：{path}={value}；TF Adapter {release} 按{member}读取 parameter_map["{key}"]，'
        "该值无法以此形式表示"
    ),
    "a string (.s)": "字符串（.s）",
    "an int (.i)": "整数（.i）",
    "a bool (.b)": "布尔值（.b）",
    "a float (.f)": "浮点数（.f）",
    "read by no public release": "任何公开版本都不读取",
    "exists {where}": "可用版本：{where}",
    "not in this release": "该版本没有",
    "# sess.run parameter_map keys NPURunConfig has no keyword for, so not written here": (
        "# 以下 sess.run parameter_map 键在 NPURunConfig 中没有对应参数，因此这里未写入"
    ),
    "# (export the sess format to set them):": "#（请用 sess 格式导出以设置它们）：",
    # exported files: Python formats
    "# This profile also sets {variables}; export them with the sh format.": (
        "# 此配置还设置了 {variables}；请用 sh 格式导出它们。"
    ),
    "# In sess.run mode, iterations_per_loop other than 1 also needs": (
        "# 在 sess.run 方式下，iterations_per_loop 不为 1 时还需要"
    ),
    "# util.set_iteration_per_loop with the same value (TF Adapter docs:": (
        "# 用相同的值调用 util.set_iteration_per_loop（TF Adapter 文档："
    ),
    "# session_config/performance_tuning.md, npu_util/set_iteration_per_loop.md).": (
        "# session_config/performance_tuning.md、npu_util/set_iteration_per_loop.md）。"
    ),
    "The op to sess.run: iterations_per_loop training steps per call.": (
        "交给 sess.run 的 op：每次调用执行 iterations_per_loop 步训练。"
    ),
    "# Not session options (NPURunConfig only), so not written here:": (
        "# 以下不是 session 选项（只有 NPURunConfig 有），这里不写出："
    ),
    "# enable_compress_weight is left out: NPUEstimator always writes it, and together with": (
        "# 未写出 enable_compress_weight：NPUEstimator 总会写它，而它与"
    ),
    "# compress_weight_conf it aborts the process (npu_attrs.cc); the conf file alone is sent.": (
        "# compress_weight_conf 同时出现会使进程中止（npu_attrs.cc）；这里只发送 conf 文件。"
    ),
    "# NPUEstimator takes the job name and task index from TF_CONFIG at run time.": (
        "# NPUEstimator 在运行时从 TF_CONFIG 读取作业名和任务序号。"
    ),
    "# Use it as: with tf.Session(config=config) as sess: ...": (
        "# 用法：with tf.Session(config=config) as sess: ..."
    ),
    "not a keyword of {owner}; kept as written": "不是 {owner} 的关键字参数；按原样保留",
    "a keyword {where}; kept as written": "{where}的关键字参数；按原样保留",
    "not a keyword of {owner} (did you mean {name}?); kept as written": (
        "不是 {owner} 的关键字参数（是否想写 {name}？）；按原样保留"
    ),
    "not sent when unset; the runtime default": "未设置时不传入；运行时的默认值",
    "Defaults of the parameters left unset (not passed):": "未设置的参数的默认值（不传入）：",
    # exported files: TF Adapter 2.x
    "TF Adapter 2.x, npu_device.global_options()": "TF Adapter 2.x 方式，npu_device.global_options()",
    "# Not TF Adapter 2.x options (NPURunConfig or sess.run only), not written:": (
        "# 以下不是 TF Adapter 2.x 的选项（只有 NPURunConfig 或 sess.run 有），未写出："
    ),
    "# Set in the shell (their values are shell text): {names}": (
        "# 在 shell 中设置（取值是 shell 文本）：{names}"
    ),
    "# open() starts the graph engine with the options set so far: call it last.": (
        "# open() 用此前设置的选项启动图引擎：请最后调用它。"
    ),
    "not an option of {owner}; kept as written": "不是 {owner} 的选项；按原样保留",
    "# The environment first: TF Adapter 2.x reads NPU_* variables when "
    "npu_device is imported.": "# 先设置环境变量：TF Adapter 2.x 在导入 npu_device 时读取 NPU_* 变量。",
    "# Defaults of the options left unset (sent to the graph engine anyway):": (
        "# 未设置的选项的默认值（仍会发送给图引擎）："
    ),
    # presets
    "products": "产品",
    "scenarios": "场景",
    "sources": "来源",
    "{scenario} only": "仅{scenario}",
    "cleared": "清除",
    "file for {path}": "{path} 的文件",
    "note: {preset} is written for other products or scenarios; only what applies on "
    "{product} ({scenario}) was set": (
        "注意：{preset} 是为其他产品或场景编写的；只设置了在 {product}（{scenario}）上适用的部分"
    ),
    "skipped {path}": "跳过 {path}",
    "<the job's folder>/{name}": "<作业目录>/{name}",
    "kept {path} = {mine} (yours; {preset}: {why})": "保留 {path} = {mine}（你的取值；{preset}：{why}）",
    "(add --replace to change the values you set)": "（加上 --replace 可修改你已设置的取值）",
    "nothing to change: the profile already has these settings": "无需修改：配置已包含这些设置",
    "saved {path}": "已保存 {path}",
    # doctor
    "doctor: {host}, user {user}, working directory {cwd}": "doctor：{host}，用户 {user}，工作目录 {cwd}",
    ", device id {device}": "，设备 ID {device}",
    "configuration": "配置",
    "installed": "已安装",
    "driver": "驱动",
    "firmware": "固件",
    "not found": "未找到",
    "not found (looked in {places})": "未找到（查找过 {places}）",
    "not installed": "未安装",
    "none": "无",
    "target release": "目标版本",
    "({count} not set)": "（{count}未设置）",
    "output folders": "输出目录",
    "findings": "检查结果",
    "exists, writable": "已存在，可写",
    "folder exists, writable": "所在目录已存在，可写",
    "created by the job": "作业运行时创建",
    "must exist": "必须事先存在",
    "not writable": "不可写",
    "read-only": "只读",
    "{size} free": "可用 {size}",
    "known at run time": "运行时才知道",
    "checked: {folder}": "检查的是 {folder}",
    # launch-check
    "launch-check: {name}: no per-device loop": "launch-check：{name}：没有按设备循环",
    "launch-check: {name}: {ranks} from `{loop}` ({file}, line {line})": (
        "launch-check：{name}：由 `{loop}` 展开为 {ranks}（{file}，第 {line} 行）"
    ),
    "launch-check: {name}: the first {ranks} from `{loop}` ({file}, line {line}); "
    "the loop runs longer": (
        "launch-check：{name}：由 `{loop}` 展开了前 {ranks}（{file}，第 {line} 行）；循环次数更多"
    ),
    "launch-check: {name}: `{loop}` ({file}, line {line}) runs a number of times "
    "known only at run time": (
        "launch-check：{name}：`{loop}`（{file}，第 {line} 行）的循环次数要到运行时才知道"
    ),
    "started in": "启动目录",
    "every rank": "各 rank 相同",
    "(+{count} more)": "（另有 {count} 个）",
    "each rank runs": "各 rank 运行",
    "rank": "序号",
    "cwd": "工作目录",
    "output": "输出",
    **CLI_MESSAGES,
}

#: Nouns a count is made of: English (one, many) and the Chinese counted form.
NOUNS: dict[str, tuple[str, str, str]] = {
    "error": ("error", "errors", "个错误"),
    "warning": ("warning", "warnings", "个警告"),
    "info": ("info", "info", "条提示"),
    "configuration": ("configuration", "configurations", "个配置"),
    "setting": ("setting", "settings", "项设置"),
    "parameter": ("parameter", "parameters", "个参数"),
    "script": ("script", "scripts", "个脚本"),
    "file": ("file", "files", "个文件"),
    "finding": ("finding", "findings", "条结果"),
    "positional argument": ("positional argument", "positional arguments", "个位置参数"),
    "environment variable": ("environment variable", "environment variables", "个环境变量"),
    "other known variable": ("other known variable", "other known variables", "个其他已知变量"),
    "rank": ("rank", "ranks", "个 rank"),
}


def say(text: str, lang: str = "en", **fields: object) -> str:
    """``text`` (English, a :data:`MESSAGES` key) in ``lang``, its ``{fields}`` filled.

    Unknown text stays as it is (a parameter name, a product id)."""
    shown = MESSAGES.get(text, text) if lang == "zh" else text
    return shown.format(**fields) if fields else shown


def joined(items: Iterable[str], lang: str = "en") -> str:
    """``a, b, c``; ``a，b，c`` in Chinese (a comma between Chinese words is full width)."""
    return ("，" if lang == "zh" else ", ").join(items)


def counted(number: int, noun: str, lang: str = "en") -> str:
    """``1 warning``, ``2 warnings``; ``2 个警告`` in Chinese (one form)."""
    one, many, zh = NOUNS.get(noun, (noun, noun + "s", noun))
    if lang == "zh":
        return f"{number} {zh}"
    return f"{number} {one if number == 1 else many}"


#: The operating system's reasons the message table translates, by error number (the
#: system's own text is English whatever the locale Python runs in).
_REASONS = {
    errno.ENOENT: "No such file or directory",
    errno.EACCES: "Permission denied",
    errno.EISDIR: "Is a directory",
    errno.ENOTDIR: "Not a directory",
    errno.ELOOP: "Too many levels of symbolic links",
    errno.ENAMETOOLONG: "File name too long",
    errno.EIO: "Input/output error",
    errno.EROFS: "Read-only file system",
    errno.ENOSPC: "No space left on device",
    errno.EPERM: "Operation not permitted",
    errno.ENXIO: "No such device or address",
}


def os_reason(exc: OSError, lang: str = "en") -> str:
    """Why the system refused (``No such file or directory``), in ``lang`` where the
    table has it, else as the system says it."""
    known = _REASONS.get(exc.errno or 0)
    if known is not None:
        return say(known, lang)
    return exc.strerror or str(exc)


_SCRIPT = "env script "


def origin_text(origin: str | None, lang: str = "en") -> str:
    """Where a value comes from (stable English, as in the JSON) in ``lang``:
    ``process environment``, ``env script run.sh``..."""
    if origin is None:
        return say("(unset)", lang)
    if origin.startswith(_SCRIPT):
        return say("env script {name}", lang, name=origin.removeprefix(_SCRIPT))
    return say(origin, lang)
