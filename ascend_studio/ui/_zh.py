"""Chinese text of every UI chrome string (source text -> translation).

The one table of chrome translations until Qt ``.ts`` files replace it (the
part-2 views keep their half in ``_zh_part2.py``, folded in below); a test
checks that every ``tr()``/``QT_TR_NOOP()`` literal under ``ascend_studio/ui``
has an entry. Keep ``{placeholders}`` unchanged.
"""

from __future__ import annotations

from ascend_studio.ui._zh_part2 import ZH_PART2

__all__ = ["ZH"]

_MAIN: dict[str, str] = {
    # -- menus and actions -------------------------------------------------------------
    "&File": "文件(&F)",
    "&Edit": "编辑(&E)",
    "&View": "视图(&V)",
    "&New": "新建(&N)",
    "&Open…": "打开(&O)…",
    "Open &Recent": "最近打开(&R)",
    "Clear Recent Files": "清除最近文件列表",
    "&Save": "保存(&S)",
    "Save &As…": "另存为(&A)…",
    "&Import Script…": "导入脚本(&I)…",
    "&Export…": "导出(&E)…",
    "&Quit": "退出(&Q)",
    "&Undo": "撤销(&U)",
    "&Redo": "重做(&R)",
    "&Find": "查找(&F)",
    "Reset &Category…": "重置当前分类(&C)…",
    "Reset &All…": "全部重置(&A)…",
    "&Hide Unavailable Parameters": "隐藏当前目标不可用的参数(&H)",
    # -- toolbar and search bar ------------------------------------------------------------
    "Target:": "目标：",
    "Target product": "目标产品",
    "Scenario": "场景",
    "Interface language": "界面语言",
    "Search names, labels, values, env vars (Ctrl+F)": "搜索参数名、名称、取值、环境变量（Ctrl+F）",
    "Show only:": "只显示：",
    "Modified": "已修改",
    "With problems": "有问题",
    "Unavailable on target": "目标上不可用",
    "Deprecated": "已废弃",
    "Re-apply": "重新筛选",
    "The profile changed since the filter was applied": "筛选之后配置又有改动，点击重新筛选",
    "Hide unavailable": "隐藏不可用",
    # -- form, rows, tags --------------------------------------------------------------------
    "Environment variables": "环境变量",
    "Variables exported for the job; 'unset' removes one from the environment.": (
        "为作业导出的环境变量；勾选“取消设置”会把该变量从环境中移除。"
    ),
    "Reset: remove the value (the default applies)": "重置：删除该值（使用默认值）",
    "A Python expression kept as written": "按原样保留的 Python 表达式",
    "Environment: {names}": "相关环境变量：{names}",
    "default: {value}": "默认：{value}",
    "not passed": "不传入",
    "{count} fields set": "已设置 {count} 个字段",
    "effective: {value}": "实际生效：{value}",
    "ignored": "被忽略",
    "not supported in this version": "当前版本不支持",
    "online inference only": "仅在线推理",
    "training only": "仅训练",
    "not available on any product": "所有产品均不可用",
    "only on {products}": "仅 {products}",
    "deprecated": "已废弃",
    "no longer effective": "已不生效",
    "experimental": "试验",
    "undocumented": "无文档",
    "from RunConfig": "继承自 RunConfig",
    "{set} set, {problems} diagnostics": "已设置 {set} 项，诊断 {problems} 条",
    # -- editors ---------------------------------------------------------------------------------
    "(unset)": "（未设置）",
    "(not in the list)": "（不在取值列表中）",
    "Not passed: the runtime default applies.": "不传入：由运行时使用默认值。",
    "default": "默认",
    "default {value}": "默认 {value}",
    "Other value…": "其他取值…",
    "built from the fields below": "由下方字段构造",
    "Show or hide the fields": "显示或隐藏字段",
    "The path contains a control character (newline or tab).": "路径中含有控制字符（换行或制表符）。",
    "The path is blank.": "路径为空白。",
    "Relative paths are resolved from the job's working directory.": "相对路径以作业的工作目录为基准。",
    "Not found on this computer (it may exist where the job runs).": (
        "本机上不存在（作业运行的机器上可能存在）。"
    ),
    "This is a file, but a directory is expected.": "这是一个文件，但这里需要目录。",
    "Choose a directory": "选择目录",
    "Choose a file": "选择文件",
    "Edit list": "编辑列表",
    "Add": "添加",
    "Remove": "删除",
    "One item per line: {hint}": "每行一项：{hint}",
    "Not in the expected form: {items}": "格式不符：{items}",
    "Edit the items one by one": "逐项编辑",
    "{count} items, expected {expected}": "共 {count} 项，应为 {expected} 项",
    "a step (5) or a range (10-20)": "单个迭代（5）或区间（10-20）",
    "a device ID (0)": "设备 ID（0）",
    "an integer": "整数",
    "a core count": "核数",
    "Cube cores": "Cube 核数",
    "Vector cores": "Vector 核数",
    "an item": "一项",
    "an operator type (SoftmaxV2)": "算子类型（如 SoftmaxV2）",
    "an input and its ranges (getnext:[128,3~5,-1])": "输入名及其 shape 范围（如 getnext:[128,3~5,-1]）",
    "Profiling options": "Profiling 采集选项",
    "Edit JSON": "编辑 JSON",
    "Edit the options one by one": "逐项编辑选项",
    "Empty fields are left out: the runtime default applies.": "留空的字段不写入，由运行时使用默认值。",
    "Not valid JSON (line {line}, column {column}): {message}": (
        "不是合法的 JSON（第 {line} 行第 {column} 列）：{message}"
    ),
    "Expected a JSON object: {...}": "需要 JSON 对象：{...}",
    "Output directory": "输出目录",
    "Storage limit (e.g. 200MB)": "存储上限（如 200MB）",
    "Training trace": "迭代轨迹",
    "Task trace": "任务轨迹",
    "Task time": "任务耗时",
    "HCCL communication": "HCCL 通信",
    "AI CPU operators": "AI CPU 算子",
    "L2 cache": "L2 缓存",
    "msproftx markers": "msproftx 打点",
    "AI Core metrics": "AI Core 性能指标",
    "Forward start operator (fp_point)": "前向起始算子（fp_point）",
    "Backward end operator (bp_point)": "反向结束算子（bp_point）",
    # -- environment table ---------------------------------------------------------------------
    "Variable": "变量",
    "Value": "值",
    "Unset": "取消设置",
    "Add variable": "添加变量",
    "Variable name, e.g. ASCEND_WORK_PATH": "变量名，例如 ASCEND_WORK_PATH",
    # -- previews and diagnostics ----------------------------------------------------------------
    "Copy": "复制",
    "Copied.": "已复制。",
    "Save…": "保存…",
    "Copy this text to the clipboard": "把这段文本复制到剪贴板",
    "# Cannot export this profile as {fmt}:\n# {reason}\n": "# 无法把该配置导出为 {fmt}：\n# {reason}\n",
    "Severity": "级别",
    "Message": "说明",
    "Parameters": "参数",
    "error": "错误",
    "warning": "警告",
    "info": "提示",
    # -- status bar and window -------------------------------------------------------------------
    "{errors} errors · {warnings} warnings · {infos} notes · {set} values set": (
        "错误 {errors} · 警告 {warnings} · 提示 {infos} · 已设置 {set} 项"
    ),
    "modified": "已修改",
    "saved": "已保存",
    "new": "新建",
    "Untitled": "未命名",
    # -- undo steps ----------------------------------------------------------------------------------
    "Edit {name}": "编辑 {name}",
    "Edit environment": "编辑环境变量",
    "Change target": "更改目标",
    "Reset {name}": "重置 {name}",
    "Reset category": "重置分类",
    "Reset every value in {name}?": "重置“{name}”中的所有值？",
    "Reset all": "全部重置",
    "Reset every value and environment variable of this profile?": "重置本配置的所有参数值和环境变量？",
    # -- files, dialogs -----------------------------------------------------------------------------------
    "Unsaved changes": "未保存的更改",
    "Save the changes to {name}?": "是否保存对 {name} 的更改？",
    "Recover unsaved work": "恢复未保存的内容",
    "Ascend Studio did not close normally. Recover the unsaved profile from {when} ({source})?": (
        "Ascend Studio 上次没有正常退出。是否恢复 {when} 自动保存的配置（{source}）？"
    ),
    "Open profile": "打开配置",
    "Cannot open the profile": "无法打开配置",
    "Save profile as": "配置另存为",
    "Cannot save the profile": "无法保存配置",
    "Import a script": "导入脚本",
    "Nothing to import": "没有可导入的内容",
    "Configuration to load:": "要载入的配置：",
    "Import {name}": "导入 {name}",
    "Import report": "导入报告",
    "Export": "导出",
    "Format:": "格式：",
    "All files (*)": "所有文件 (*)",
    "Cannot export": "无法导出",
}

ZH: dict[str, str] = {**ZH_PART2, **_MAIN}
