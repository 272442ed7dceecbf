"""The importer's and the commands' words: where a configuration is, what became of
each line, how a file was read and why a file could not be read, exported or written
(Qt-free; merged into ``_words.MESSAGES``).

The English text is the key, as in :mod:`ascend_studio._words`; a location such as
``line 40, in if branch (line 39)`` is made of the parts listed here.
"""

from __future__ import annotations

__all__ = ["CLI_MESSAGES", "LOCATION_PARTS"]

#: The parts of a configuration's location, as the importer writes them (``, ``-joined).
LOCATION_PARTS: tuple[str, ...] = (
    "line {line}",
    "in {arm} branch (line {line})",
    "in {loop} loop (line {line})",
    "in function {name} (line {line})",
    "in class {name} (line {line})",
    "in except handler (line {line})",
    "in case (line {line})",
    "in the __main__ block",
    "sess.run config",
    "environment only",
    "environment ({dialect})",
    "profile",
)

CLI_MESSAGES: dict[str, str] = {
    # where a configuration is
    "in {arm} branch (line {line})": "{arm} 分支（第 {line} 行）",
    "in {loop} loop (line {line})": "{loop} 循环中（第 {line} 行）",
    "in function {name} (line {line})": "函数 {name} 中（第 {line} 行）",
    "in class {name} (line {line})": "类 {name} 中（第 {line} 行）",
    "in except handler (line {line})": "except 分支（第 {line} 行）",
    "in case (line {line})": "case 分支（第 {line} 行）",
    "in the __main__ block": "__main__ 块中",
    "sess.run config": "sess.run 配置",
    "environment only": "仅环境变量",
    "environment ({dialect})": "环境变量（{dialect}）",
    "profile": "配置文件",
    # what a file was read as
    "python": "Python 脚本",
    "shell": "shell 脚本",
    "env-file": "docker env-file 文件",
    "unknown": "未知格式",
    "binary": "二进制文件",
    "{source}: read as {dialect}; {found}": "{source}：文件类型 {dialect}；{found}",
    # what became of a line (the import report's kinds)
    "recognized": "已识别",
    "verbatim": "按原样保留",
    "converted": "已转换",
    "unknown_kwarg": "未知参数",
    "unknown_key": "未知的键",
    "wrong_field": "字段不符",
    "conflict": "冲突",
    "syntax_error": "语法错误",
    "call_error": "调用出错",
    "sourced_file": "引用的文件",
    "device_loop": "按设备循环",
    "bad_directive": "无效指令",
    "line_endings": "换行符",
    "conditional": "有条件",
    "not_exported": "未导出",
    "unreadable": "无法读取",
    "internal_error": "内部错误",
    # an installed npu_bridge that could not be read
    "{file}: {why}": "{file}：{why}",
    "{file}: {why} bytes, larger than the {limit} read of an npu_config.py": (
        "{file}：{why} 字节，超过读取 npu_config.py 的上限 {limit} 字节"
    ),
    "{file}: does not parse (line {line}: {why})": "{file}：无法解析（第 {line} 行：“{why}”）",
    "npu_bridge: the installed Python packages could not be listed ({why})": (
        "npu_bridge：无法列出已安装的 Python 包（“{why}”）"
    ),
    # a CANN version file that is there but could not be read
    "{file}: {why}; the CANN version was not read from it": ("{file}：{why}；未从中读取 CANN 版本"),
    # a path the system refuses as too long
    "file name too long: {path}: {why}": "文件名过长：{path}：{why}",
    "the path is {size} bytes; the system takes paths under {limit} (PATH_MAX)": (
        "路径长 {size} 字节；系统只接受短于 {limit} 字节的路径（PATH_MAX）"
    ),
    "one name in it is {size} bytes; file systems take names of at most {limit} (NAME_MAX)": (
        "其中一个名字长 {size} 字节；文件系统接受的名字最长 {limit} 字节（NAME_MAX）"
    ),
    "the system refuses it as too long (ENAMETOOLONG)": "系统认为它过长，拒绝了它（ENAMETOOLONG）",
    "a file name is too long for the system (ENAMETOOLONG)": (
        "有一个文件名超出了系统允许的长度（ENAMETOOLONG）"
    ),
    "{setting}: not a known {key} ({known})": "{setting}：不是已知的{key}（{known}）",
    "unknown artifact {name}; known: {known}": "没有落盘内容 {name}；可用的有：{known}",
    "unknown release {name}": "没有名为 {name} 的版本",
    "no public TF Adapter release is tagged for CANN {name} (public tags: {lines}; the "
    "history between 2023-12 and 2026-04 is not public)": (
        "没有为 CANN {name} 打标签的公开 TF Adapter 版本（公开标签：{lines}；2023-12 至 "
        "2026-04 之间的历史未公开）"
    ),
    "{head}: name a public ref ({refs}), a CANN version of a tagged release ({lines}), "
    "newest, or auto": (
        "{head}：请指定公开的版本引用（{refs}）、有标签版本的 CANN 版本号（{lines}）、“newest” 或 “auto”"
    ),
    "unknown artifact {name}; did you mean {near}? known: {known}": (
        "没有落盘内容 {name}；是否想输入 {near}？可用的有：{known}"
    ),
    "{setting}: a script names the release it is written for (auto is for --release and "
    "the project configuration)": "{setting}：脚本应写明它所针对的版本（auto 只用于 --release 和项目配置）",
    "product": "产品",
    "scenario": "场景",
    # why a file could not be read
    "cannot read: {reason}": "无法读取：{reason}",
    "is {kind}; only regular files are read": "是{kind}；只读取普通文件",
    "a directory": "一个目录",
    "a FIFO (named pipe)": "一个 FIFO（命名管道）",
    "a character device": "一个字符设备",
    "a block device": "一个块设备",
    "a socket": "一个套接字",
    "not a regular file": "不是普通文件",
    "is {size} MB; files larger than {limit} are not read (no script or profile is that "
    "large)": "有 {size} MB；不读取大于 {limit} 的文件（没有这么大的脚本或配置）",
    "is larger than {limit}; a file of its kind is far smaller, so it is not read": (
        "大于 {limit}；这类文件远比这小，因此不读取"
    ),
    "is under {top}: kernel and device files are never read, only regular files": (
        "位于 {top} 下：从不读取内核与设备文件，只读取普通文件"
    ),
    "not valid JSON (line {line}, column {column}): {problem}": (
        "不是有效的 JSON（第 {line} 行第 {column} 列）：JSON 解析器报告“{problem}”"
    ),
    "not a profile: brackets nested too deeply": "不是配置文件：括号嵌套太深",
    "not a profile: an integer has more than 4300 digits": "不是配置文件：有整数超过 4300 位",
    "expected a JSON object at the top level": "顶层应是一个 JSON 对象",
    "not a profile: nested more than {depth} deep": "不是配置文件：嵌套超过 {depth} 层",
    "not UTF-8 text (byte {offset})": "不是 UTF-8 文本（第 {offset} 字节）",
    "invalid profile: {problems}": "配置文件无效：{problems}",
    # the reasons an operating system gives (errno), the rest as the system says them
    "No such file or directory": "文件或目录不存在",
    "Permission denied": "没有权限",
    "Is a directory": "是一个目录",
    "Not a directory": "路径中有一段不是目录",
    "Too many levels of symbolic links": "符号链接层数过多",
    "File name too long": "文件名太长",
    "Input/output error": "输入/输出错误",
    "Read-only file system": "只读文件系统",
    "No space left on device": "设备上没有剩余空间",
    "Operation not permitted": "不允许的操作",
    "No such device or address": "设备或地址不存在",
    # export
    "{name} holds {many}; exporting the first (choose with --config N; "
    "`ascend-studio import` lists them)": (
        "{name} 含有 {many}；导出第一个（用 --config N 选择；`ascend-studio import` 会列出全部）"
    ),
    "{path}: an option of TF Adapter 2.x's npu_device.global_options(), not a "
    "parameter of NPURunConfig; export it with the tf2 format": (
        "{path}：是 TF Adapter 2.x 的 npu_device.global_options() 选项，不是 NPURunConfig "
        "的参数；请用 tf2 格式导出"
    ),
    "{path}: not a parameter of NPURunConfig or its sub-configs": (
        "{path}：不是 NPURunConfig 或其子配置的参数"
    ),
    "{path}: an object parameter needs a Python expression": (
        "{path}：对象类型的参数需要一个 Python 表达式"
    ),
    "a symbolic link is in the way: {links}; nothing written (remove it)": (
        "目标位置是符号链接：{links}；未写入任何文件（请先删除它）"
    ),
    "already there: {paths}; add --force to overwrite": "已存在：{paths}；加上 --force 可覆盖",
    "cannot write into {folder}: {reason}": "无法写入 {folder}：{reason}",
    # validate --fix
    "Would fix {findings} in {files}.": "将修复 {files}中的 {findings}。",
    "Would fix {findings} in {files}; {failed} could not be written into the script.": (
        "将修复 {files}中的 {findings}；其中 {failed} 项无法写入脚本。"
    ),
    "Fixed {findings} in {files}.": "已修复 {files}中的 {findings}。",
    "Fixed {findings} in {files}; {failed} could not be written into the script.": (
        "已修复 {files}中的 {findings}；其中 {failed} 项无法写入脚本。"
    ),
    "fixed {path}: {titles}": "已修复 {path}：{titles}",
    "fixed {path}: {titles} (previous version kept as {backup})": (
        "已修复 {path}：{titles}（原文件保存为 {backup}）"
    ),
    "cannot fix {path}: {problem}": "无法修复 {path}：{problem}",
    # file check / file new
    "{path}: larger than 1 MiB, not a companion file": "{path}：大于 1 MiB，不是配套文件",
    "{path}: not UTF-8 text": "{path}：不是 UTF-8 文本",
    "cannot tell the file's format; give --kind ({kinds})": (
        "无法判断文件格式；请用 --kind 指定（{kinds}）"
    ),
    "unknown format": "未知格式",
    "unknown kind {kind} (choose from {kinds})": "未知的类型 {kind}（可选：{kinds}）",
    "{path} exists; add --force to overwrite it": "{path} 已存在；加上 --force 可覆盖",
    "{path} is a directory": "{path} 是一个目录",
    # what --release auto found on the machine and how it decided
    "default install path": "默认安装路径",
    "--to auto: no release found on this machine; name one": (
        "--to auto：本机上没有找到版本；请指定一个"
    ),
    "{source}: no configuration {config} (it has {count})": (
        "{source}：没有第 {config} 个配置（共 {count} 个）"
    ),
    "{source}: --config must be 1..{count}, got {config}": (
        "{source}：--config 应在 1..{count} 之间，实际为 {config}"
    ),
    "unknown product {name}; known: {known}": "没有产品 {name}；可用的有：{known}",
    "unknown category {name}; known: {known}": "没有分类 {name}；可用的有：{known}",
    "no preset {name} (known: {known})": "没有预设 {name}（可用的有：{known}）",
    "no such file": "文件不存在",
    "a link to nothing": "是指向不存在目标的链接",
    "unknown parameter {name}; did you mean {near}?": "没有参数 {name}；是否想输入 {near}？",
    "unknown parameter {name} (a path like dump_config.dump_mode)": (
        "没有参数 {name}（应为 dump_config.dump_mode 这样的路径）"
    ),
    "unknown rule id or family {name}": "没有规则 ID 或规则族 {name}",
    "unknown rule id or family {name}; did you mean {near}?": (
        "没有规则 ID 或规则族 {name}；是否想输入 {near}？"
    ),
    # validate --show-config: where each setting comes from
    "command line": "命令行",
    "the file's own": "取文件中指定的",
    "the file's own, else not named": "取文件中指定的，没有则不指定",
    "all": "全部",
    "rules": "规则",
    "all, then in order:": "全部，再依次：",
    "no change": "无变化",
    "none found (built-in defaults)": "未找到（使用内置默认值）",
    "files checked in folders": "目录中检查的文件",
    "applies": "适用",
    "not here": "不适用于此处",
    "{path}: no such file or directory": "{path}：文件或目录不存在",
    "unknown product {name}": "没有产品 {name}",
    "{path}: not a regular file or folder": "{path}：不是普通文件或目录",
}
