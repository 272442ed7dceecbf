"""The commands' help texts in Chinese (Qt-free): what ``ascend-studio ... --help`` shows
under ``--lang zh`` or a Chinese locale, through :class:`ascend_studio._argparse.speaking`.

The English help text (as the command module writes it) is the key;
``tests/test_messages.py`` walks every parser and fails on a help text, description,
epilog or group title missing here. Option names, metavars, values and paths stay as
they are.
"""

from __future__ import annotations

__all__ = ["HELP_ZH"]

_RELEASE = (
    "the TF Adapter release to check or write for: a public ref (r1.15.0, master, "
    "tfa_v0.0.20_7.0.0.alpha003), a CANN version of a tagged release (6.3.RC1, 7.0.0, "
    "9.0.0), newest, or auto (read the installed toolkit and npu_bridge); default: the "
    "file's, else [tool.ascend-studio], else none (findings say which releases they hold for)"
)
_KINDS = (
    "aoe_json, compress_list, debug_cfg, dtypes, fusion_switch, mixlist, precision_ini, "
    "a short name or the parameter name (op_debug_config, ...)"
)
_KINDS_ZH = (
    "aoe_json、compress_list、debug_cfg、dtypes、fusion_switch、mixlist、precision_ini，"
    "或简称，或参数名（op_debug_config 等）"
)

#: ``validate``'s epilog, kept line by line as written.
_EPILOG = """\
Several PATHs, a folder, no PATH (.), or a batch option above: a batch run in one
process, one finding per line as `path:line:col: severity rule-id message [fix]`
and a summary. Folders are walked for .py, .sh/.bash, .env files, env dumps and
*.ascend.json profiles; .gitignore is honoured. Files without an NPU
configuration are skipped quietly. Exit status: 0, or 1 when a finding reaches
--fail-on (default: error), 2 for a missing PATH, a bad option or configuration.

Project configuration: [tool.ascend-studio] in pyproject.toml or a
.ascend-studio.toml, nearest to each file (see --show-config).
Silence a finding: `# ascend-studio: ignore[rule.id]` on its line or the line
before; `# ascend-studio: ignore-file[rule.id]` for the whole file.

CI recipes:
  ascend-studio validate . --format github            # annotations in GitHub Actions
  ascend-studio validate . --format sarif > ascend-studio.sarif
      # then upload with github/codeql-action/upload-sarif (code scanning)
  pre-commit (.pre-commit-config.yaml):
      - repo: <this project's repository URL>
        rev: <a release tag>
        hooks: [{id: ascend-studio}]
"""
_EPILOG_ZH = """\
给出多个 PATH、一个目录、不给 PATH（即 .），或使用上面的批量选项时，
在一个进程中批量检查，每个结果一行
（`path:line:col: severity rule-id message [fix]`），最后是汇总。
目录中会查找 .py、.sh/.bash、.env 文件、env 输出和 *.ascend.json 配置
文件，并遵守 .gitignore。没有 NPU 配置的文件静默跳过。退出状态：0；
有结果达到 --fail-on（默认：error）时为 1；PATH 不存在、选项或项目配置
有误时为 2。

项目配置：pyproject.toml 中的 [tool.ascend-studio] 或 .ascend-studio.toml，取离
每个文件最近的一个（见 --show-config）。
屏蔽某条结果：在它所在行或上一行写 `# ascend-studio: ignore[rule.id]`；
整个文件用 `# ascend-studio: ignore-file[rule.id]`。

CI 用法示例：
  ascend-studio validate . --format github            # GitHub Actions 中的标注
  ascend-studio validate . --format sarif > ascend-studio.sarif
      # 再用 github/codeql-action/upload-sarif 上传（代码扫描）
  pre-commit（.pre-commit-config.yaml）：
      - repo: <本项目的仓库地址>
        rev: <发布标签>
        hooks: [{id: ascend-studio}]
"""

HELP_ZH: dict[str, str] = {
    _EPILOG: _EPILOG_ZH,
    # the command list
    "Configure TF Adapter NPURunConfig. Without a command, opens the app.": (
        "配置 TF Adapter NPURunConfig。不带命令时打开图形界面。"
    ),
    "language of the output, for every command (zh, en); default: the first of LANGUAGE, "
    "LC_ALL, LC_MESSAGES and LANG that is set (zh_CN... gives zh), else en": (
        "输出语言，对所有命令有效（zh、en）；默认取 LANGUAGE、LC_ALL、LC_MESSAGES、LANG "
        "中第一个已设置的（zh_CN... 为 zh），都未设置时为 en"
    ),
    "change a training or env script in place to match a profile (never runs it)": (
        "按配置文件就地修改训练脚本或环境变量脚本（不运行脚本）"
    ),
    "check this NPU machine for a job: installed software, environment, output folders": (
        "为作业检查本机 NPU 环境：已安装软件、环境变量、输出目录"
    ),
    "export a profile as estimator/sess.run code, an env script or JSON": (
        "把配置导出为 Estimator/sess.run 代码、环境变量脚本或 JSON"
    ),
    "check or create a file a parameter points to (op_debug_config .cfg, ...)": (
        "检查或新建参数指向的文件（op_debug_config 的 .cfg 等）"
    ),
    "import NPURunConfig settings or an environment from a script (never runs it)": (
        "从脚本导入 NPURunConfig 配置或环境变量（不运行脚本）"
    ),
    "expand a multi-card launch script per rank and check the ranks": (
        "按 rank 展开多卡启动脚本并检查各 rank"
    ),
    "run the language server for editors (stdio)": "为编辑器运行语言服务器（stdio）",
    "rewrite a script's removed or renamed keywords for another TF Adapter release": (
        "为另一个 TF Adapter 版本改写脚本中已删除或改名的参数"
    ),
    "list and search the parameter catalog": "列出并搜索参数目录",
    "show where every output file and folder of a profile lands, and why": (
        "显示配置的每个输出文件和目录落在哪里、为什么"
    ),
    "task presets: list, show one, or apply one to a profile": (
        "任务预设：列出、查看，或应用到配置文件"
    ),
    "check a profile or script against the rules (exit 1 on errors)": (
        "按规则检查配置文件或脚本（有错误时退出状态为 1）"
    ),
    "check ASCEND_WORK_PATH values and generate per-host env scripts": (
        "检查 ASCEND_WORK_PATH 取值并为每台主机生成环境变量脚本"
    ),
    # shared
    _RELEASE: (
        "检查或生成时针对的 TF Adapter 版本：公开的版本引用（r1.15.0、master、"
        "tfa_v0.0.20_7.0.0.alpha003）、有标签版本的 CANN 版本号（6.3.RC1、7.0.0、9.0.0）、"
        "newest，或 auto（读取本机安装的 toolkit 与 npu_bridge）；默认取文件中指定的，其次 "
        "[tool.ascend-studio]，都没有时不指定（结果会说明对哪些版本成立）"
    ),
    "which configuration (1-based)": "第几个配置（从 1 开始）",
    "which configuration of a script": "脚本中的第几个配置",
    "which configuration": "第几个配置",
    "machine-readable output": "机器可读的输出",
    "note language": "说明的语言",
    "message language": "消息的语言",
    "comment language": "注释的语言",
    "report language": "报告的语言",
    "label language": "标签的语言",
    "language of names and reasons": "名称与原因的语言",
    # apply
    "Change SCRIPT so that its configuration matches PROFILE: only the NPURunConfig / "
    "sub-config keywords, parameter_map lines or npu_device.global_options() assignments "
    "(Python) that differ, or the lines setting the variables PROFILE sets or unsets "
    "(shell), are edited; a variable PROFILE does not name is left alone, and every other "
    "line is kept byte for byte. The script's kind is read as import reads it; a result "
    "that would not parse is refused. Prints a unified diff unless --write. Exit status: "
    "0 applied (or nothing to change), 1 the script or profile cannot be read, the script "
    "changed since import (see --force), the edit would not parse or the write failed, 2 "
    "for a wrong --config.": (
        "修改 SCRIPT，使其配置与 PROFILE 一致：只改动不同的 NPURunConfig/子配置参数、"
        "parameter_map 行或 npu_device.global_options() 赋值（Python），或设置、取消 "
        "PROFILE 中变量的行（shell）；PROFILE 未提到的变量不动，其余每一行逐字节保留。"
        "脚本类型的判断与 import 相同；修改后无法解析的结果会被拒绝。不加 --write 时只打印 "
        "unified diff。退出状态：0 已修改（或无需修改）；1 脚本或配置文件无法读取、脚本在导入后"
        "被改动（见 --force）、修改后无法解析或写入失败；2 --config 有误。"
    ),
    "print the diff only (the default)": "只打印 diff（默认）",
    "write SCRIPT (the first write keeps the original as SCRIPT.orig; later ones keep it)": (
        "写入 SCRIPT（第一次写入时把原文件保存为 SCRIPT.orig，之后保留它）"
    ),
    "with --write: no .orig copy": "与 --write 一起用：不保存 .orig 副本",
    "apply even if SCRIPT changed since it was imported": "即使 SCRIPT 在导入后被改动也照样修改",
    # doctor
    "Read what is installed (CANN toolkit, driver, TF Adapter, TensorFlow, NPUs), the "
    "environment as this process sees it, and every output folder of the job resolved "
    "with the real environment, working directory, user and device id; then check each "
    "folder on the file system (can be created, writable, read-only or full, free space). "
    "FILES: a profile (.json) or Python training script for the configuration, and "
    "shell/env scripts whose settings the launcher adds (read, never run). Nothing is "
    "written. Exit status: 0 when nothing fails, 1 on errors, 2 on unusable input.": (
        "读取已安装的软件（CANN toolkit、驱动、TF Adapter、TensorFlow、NPU）、本进程看到的"
        "环境变量，并用真实的环境变量、工作目录、用户和设备 ID 解析作业的每个输出目录；再在"
        "文件系统上检查每个目录（能否创建、是否可写、只读或已满、剩余空间）。FILES：提供配置的"
        "配置文件（.json）或 Python 训练脚本，以及启动方式会加上的 shell/环境变量脚本（只读取，"
        "不运行）。不写入任何文件。退出状态：0 没有失败项，1 有错误，2 输入无法使用。"
    ),
    "the job's files": "作业的文件",
    "the job's working directory (default: this one)": "作业的工作目录（默认：当前目录）",
    "the report as JSON (the app opens it)": "以 JSON 输出报告（图形界面可打开）",
    # export
    "Write PROFILE as NPURunConfig code (py), a sess.run ConfigProto (sess), TF Adapter "
    "2.x npu_device.global_options() code (tf2), a POSIX shell script (sh), a docker "
    "env-file, docker -e arguments, a Kubernetes env list (k8s) or the profile JSON.": (
        "把 PROFILE 写成 NPURunConfig 代码（py）、sess.run ConfigProto（sess）、TF Adapter "
        "2.x 的 npu_device.global_options() 代码（tf2）、POSIX shell 脚本（sh）、docker "
        "env-file、docker -e 参数、Kubernetes 环境变量列表（k8s）或配置文件 JSON。"
    ),
    "profile file (.json), or a Python or shell script to import first (never run)": (
        "配置文件（.json），或先导入的 Python/shell 脚本（不运行）"
    ),
    "a script's configuration (1-based)": "脚本中的第几个配置（从 1 开始）",
    "write here, atomically; only a regular file is replaced (a symlink is followed), a "
    "device, FIFO or read-only file is refused with exit status 1; with DIR/ also write "
    "the companion files it references": (
        "原子地写到这里；只替换普通文件（符号链接会跟随），设备、FIFO 或只读文件会被拒绝，"
        "退出状态为 1；写成 DIR/ 时一并写出它引用的配套文件"
    ),
    "with -o DIR/: overwrite files already there": "与 -o DIR/ 一起用：覆盖已有的文件",
    "add defaults of unset parameters as comments": "把未设置参数的默认值写成注释",
    "read path values from os.environ (py format)": "路径取值从 os.environ 读取（py 格式）",
    "omit rule comments": "不写规则注释",
    # file
    "Companion files: the files that parameters such as op_debug_config, "
    "fusion_switch_file or aoe_config_file point to.": (
        "配套文件：op_debug_config、fusion_switch_file、aoe_config_file 等参数指向的文件。"
    ),
    "report the problems in FILE, with their lines": "报告 FILE 中的问题及所在行",
    "print a commented template for KIND": "打印 KIND 的带注释模板",
    f"the file's format (default: guessed): {_KINDS}": f"文件格式（默认：自动判断）：{_KINDS_ZH}",
    "check for this product (id, name or alias)": "按此产品检查（ID、名称或别名）",
    _KINDS: _KINDS_ZH,
    "write here instead of stdout": "写到这里而不是标准输出",
    "overwrite an existing FILE": "覆盖已有的 FILE",
    # import
    "Read FILE (a Python training script, a shell/env script, a docker env-file or a "
    "profile) without executing it, and print every configuration found and a report. "
    "The files parameters such as op_debug_config point to are read (working directory, "
    "then FILE's folder) and kept with the saved profile. Exit status: 0 when a "
    "configuration was found (and saved, with -o), 1 when the file holds none (an empty "
    "file included, in every format) or cannot be read or saved, 2 for a wrong --config.": (
        "读取 FILE（Python 训练脚本、shell/环境变量脚本、docker env-file 或配置文件）而不执行，"
        "打印找到的每个配置和一份报告。op_debug_config 等参数指向的文件也会读取（先找工作目录，"
        "再找 FILE 所在目录），并随保存的配置文件一起保留。退出状态：0 找到配置（用 -o 时并已"
        "保存），1 文件中没有配置（任何格式的空文件都算）或无法读取、保存，2 --config 有误。"
    ),
    "save a configuration here": "把配置保存到这里",
    "which configuration to save (1-based)": "保存第几个配置（从 1 开始）",
    # launch-check
    "Read SCRIPT (never run it), follow its per-device loop (the loop that sets RANK_ID, "
    "ASCEND_DEVICE_ID or DEVICE_ID, also through the scripts it calls) and print each "
    "rank's environment; then check the ranks: the rank table against its documented "
    "format, RANK_SIZE, rank and device ids, ASCEND_RT_VISIBLE_DEVICES, the HCCL timeouts "
    "and output files several ranks would share. The script is taken as started from its "
    "own folder unless --cwd says otherwise. Exit status: 0 when nothing fails, 1 on "
    "errors, 2 when SCRIPT cannot be read.": (
        "读取 SCRIPT（不运行），沿着它的按设备循环（设置 RANK_ID、ASCEND_DEVICE_ID 或 "
        "DEVICE_ID 的循环，也包括它调用的脚本）打印每个 rank 的环境变量；再检查各 rank："
        "rank table 是否符合文档格式、RANK_SIZE、rank 与设备 ID、ASCEND_RT_VISIBLE_DEVICES、"
        "HCCL 超时，以及多个 rank 会共用的输出文件。除非用 --cwd 指定，脚本视为在它所在的"
        "目录中启动。退出状态：0 没有失败项，1 有错误，2 SCRIPT 无法读取。"
    ),
    "the launch script (.sh)": "启动脚本（.sh）",
    "NPUs on the server (also the loop count when the script does not say)": (
        "服务器上的 NPU 数（脚本未写明时也作为循环次数）"
    ),
    "the folder the script is started from (default: its own)": (
        "启动脚本时所在的目录（默认：脚本所在目录）"
    ),
    # lsp
    "Run the language server over standard input and output: the findings of `validate` "
    "as diagnostics while you type, hovers and completions for NPURunConfig keywords, "
    "parameter_map keys and environment variables, quick fixes. Started by the editor, "
    "not by hand: see docs/editors.md for VS Code, Neovim and JetBrains IDEs.": (
        "通过标准输入输出运行语言服务器：输入时把 `validate` 的检查结果显示为诊断，为 "
        "NPURunConfig 参数、parameter_map 键和环境变量提供悬停说明与补全，以及快速修复。"
        "由编辑器启动，不必手动运行：VS Code、Neovim 和 JetBrains IDE 的配置见 "
        "docs/editors.md。"
    ),
    "accepted for editors that pass it (stdio is the default)": (
        "为会传入它的编辑器而接受（默认即 stdio）"
    ),
    # migrate
    "Change SCRIPT (a Python training script, never run) for TF Adapter RELEASE: keywords "
    "and sess.run keys the release lacks are rewritten to what replaced them "
    "(auto_tune_mode -> aoe_mode='2', mstune_mode -> aoe_mode, graph_compiler_cache_dir "
    "-> ExperimentalConfig) or removed, and what cannot be moved is reported. Prints a "
    "unified diff unless --write. Exit status: 0 migrated (or nothing to change), 1 the "
    "script cannot be read or written, 2 for a wrong --to or --config.": (
        "按 TF Adapter 版本 RELEASE 修改 SCRIPT（Python 训练脚本，不运行）：该版本没有的"
        "参数和 sess.run 键改写为取代它们的写法（auto_tune_mode -> aoe_mode='2'、"
        "mstune_mode -> aoe_mode、graph_compiler_cache_dir -> ExperimentalConfig）或删除，"
        "无法迁移的会报告出来。不加 --write 时只打印 unified diff。退出状态：0 已迁移（或"
        "无需修改），1 脚本无法读取或写入，2 --to 或 --config 有误。"
    ),
    "the target: a public ref (r1.15.0, master), a CANN version of a tagged release "
    "(7.0.0, 9.0.0), newest, or auto": (
        "目标版本：公开的版本引用（r1.15.0、master）、有标签版本的 CANN 版本号（7.0.0、"
        "9.0.0）、newest 或 auto"
    ),
    "write SCRIPT (keeps SCRIPT.orig)": "写入 SCRIPT（保留 SCRIPT.orig）",
    # params
    "List parameters; QUERY matches names, zh/en labels, descriptions, values, env vars.": (
        "列出参数；QUERY 匹配名称、中英文标签、说明、取值和环境变量。"
    ),
    "text to search for (any language)": "要搜索的文字（中英文均可）",
    "only this category id": "只列出此分类 ID",
    "only parameters available on this product (id, name or alias)": (
        "只列出此产品上可用的参数（ID、名称或别名）"
    ),
    "only parameters that apply in this scenario": "只列出适用于此场景的参数",
    # paths
    "Resolve each artifact's priority chain (parameter > environment > default).": (
        "解析每种落盘内容的优先级链（参数 > 环境变量 > 默认值）。"
    ),
    "profile file (.json), or a training/env script (imported, never run)": (
        "配置文件（.json），或训练/环境变量脚本（导入，不运行）"
    ),
    "env script or `env` dump (repeatable)": "环境变量脚本或 `env` 的输出（可重复）",
    "only this artifact: its id or another name for it (plog for log)": (
        "只看这一种落盘内容：它的 ID 或别名（plog 即 log）"
    ),
    "set an environment variable": "设置一个环境变量",
    "unset an environment variable": "取消一个环境变量",
    "start from this process's environment": "从本进程的环境变量开始",
    "placeholders": "占位符",
    "working directory of the job": "作业的工作目录",
    "home directory of the job's user": "作业用户的主目录",
    "process id to fill in": "填入的进程 ID",
    "device id to fill in": "填入的设备 ID",
    "session id to fill in": "填入的会话 ID",
    "include artifacts of other tools (ATC, msprof...)": "包括其他工具的落盘内容（ATC、msprof 等）",
    "list directories and what lands in each": "按目录列出，以及每个目录中落下的内容",
    "machine-readable output (docs/paths-json.md)": "机器可读的输出（docs/paths-json.md）",
    # preset
    "Task presets answer a task (accuracy dump, overflow detection, profiling, ...) with "
    "the settings the reference pages give for it, on your product and scenario. Exit "
    "status: 0 ok, 1 a profile cannot be read or saved, 2 unknown preset.": (
        "任务预设针对一项任务（精度比对 dump、溢出检测、profiling 等），按参考文档给出适合"
        "你的产品和场景的配置。退出状态：0 成功，1 配置文件无法读取或保存，2 没有这个预设。"
    ),
    "list the presets": "列出预设",
    "what a preset sets, why, and its sources": "预设设置了什么、为什么，以及来源",
    "apply a preset to PROFILE (created when missing); prints the changes": (
        "把预设应用到 PROFILE（不存在时新建）；打印改动"
    ),
    "save PROFILE with the preset applied": "保存应用预设后的 PROFILE",
    "save the result here instead": "改为把结果保存到这里",
    "also change values the profile already sets (by default they are kept and listed)": (
        "也修改配置文件已设置的取值（默认保留并列出）"
    ),
    "the job's folder on the server: the preset's output paths go under it (default: the "
    "profile's ASCEND_WORK_PATH; without either they are not set)": (
        "服务器上作业的目录：预设的输出路径放在它下面（默认：配置文件的 ASCEND_WORK_PATH；"
        "两者都没有时不设置）"
    ),
    "target product for a new profile": "新配置文件的目标产品",
    "for a new profile": "用于新配置文件",
    # validate
    "Evaluate every rule on FILE: a profile (.json), or a Python training script or "
    "shell/env script, which is imported without being run. The files parameters such as "
    "op_debug_config point to are read too (a relative path from the working directory, "
    "then from FILE's folder) and checked with their line numbers; a file not found is "
    "reported, not an error. Exit status: 0 when no error is found, 1 when any error is "
    "found (by a rule or by the import, such as a setting that fails when the script "
    "runs), 2 when FILE cannot be read or holds no configuration (an empty file included, "
    "in every format) or the arguments are wrong.": (
        "对 FILE 执行所有规则：FILE 是配置文件（.json），或 Python 训练脚本、shell/环境变量"
        "脚本（只导入，不运行）。op_debug_config 等参数指向的文件也会读取（相对路径先从工作"
        "目录找，再从 FILE 所在目录找）并按行号检查；找不到文件只报告，不算错误。退出状态：0 "
        "没有错误；1 有错误（来自规则或导入，如脚本运行时会失败的设置）；2 FILE 无法读取、"
        "没有配置（任何格式的空文件都算）或参数有误。"
    ),
    "files or folders (default: the working directory)": "文件或目录（默认：工作目录）",
    "check for this product (id, name or alias) instead of the file's": (
        "按此产品检查（ID、名称或别名），不用文件中的"
    ),
    "override the scenario": "改用此场景",
    "also explain a parameter (path like dump_config.dump_mode, or env:NAME)": (
        "同时解释一个参数（路径如 dump_config.dump_mode，或 env:NAME）"
    ),
    "batch runs (CI, pre-commit)": "批量运行（CI、pre-commit）",
    "output format": "输出格式",
    "lowest severity that makes the exit status 1 (default: error)": (
        "使退出状态为 1 的最低严重级别（默认：error）"
    ),
    "write the findings to FILE (atomically) instead of standard output": (
        "把检查结果（原子地）写到 FILE，而不是标准输出"
    ),
    "only these rule ids or families": "只用这些规则 ID 或规则族",
    "not these rule ids or families": "不用这些规则 ID 或规则族",
    "skip paths (.gitignore syntax)": "跳过这些路径（.gitignore 语法）",
    "also check files whose names match these (e.g. '*.cfg')": (
        "也检查文件名匹配这些模式的文件（如 '*.cfg'）"
    ),
    "check files .gitignore lists too": "也检查 .gitignore 列出的文件",
    "apply exclusions to files named on the command line too (pre-commit)": (
        "排除规则也作用于命令行上直接给出的文件（pre-commit）"
    ),
    "report suppression comments that silence nothing": "报告没有屏蔽任何结果的屏蔽注释",
    "print the settings that apply and exit": "打印生效的设置并退出",
    "also read files that parameters name outside the checked folders (never /proc, /sys, "
    "/dev or .git)": (
        "也读取参数指向的、位于被检查目录之外的文件（从不读取 /proc、/sys、/dev 或 .git）"
    ),
    "colour text output": "文本输出使用颜色",
    "check every file again: neither read nor write the result cache (kept in the user cache "
    "folder, keyed by each file's bytes and the settings)": (
        "重新检查每个文件：不读也不写结果缓存（缓存保存在用户缓存目录中，按每个文件的内容和设置区分）"
    ),
    "fixes (the findings marked [*] or 'fix (--fix)')": "修复（标有 [*] 或“修复（--fix）”的结果）",
    "apply the safe fixes in place (keeps FILE.orig), then report what is left": (
        "就地应用安全的修复（保留 FILE.orig），再报告剩下的问题"
    ),
    "with --fix or --diff: the unsafe fixes too (they change what the job does)": (
        "与 --fix 或 --diff 一起用：也应用不安全的修复（会改变作业的行为）"
    ),
    "print what --fix would change as a diff and write nothing (exit 1 when there is "
    "something to fix)": "以 diff 打印 --fix 会做的改动，不写入任何文件（有可修复项时退出状态为 1）",
    "with --fix: no .orig copy": "与 --fix 一起用：不保存 .orig 副本",
    # workpath
    "ASCEND_WORK_PATH tooling: validation, machine segment, cluster env scripts.": (
        "ASCEND_WORK_PATH 工具：校验、机器标识段、集群环境变量脚本。"
    ),
    "validate a path (characters, machine segment, permissions)": (
        "校验路径（字符、机器标识段、权限）"
    ),
    "print the recommended machineID_vmID_dockerID": "打印推荐的 machineID_vmID_dockerID",
    "one env script per host of a CSV host list": "按 CSV 主机列表为每台主机生成一个环境变量脚本",
    "skip the checks on this machine's filesystem": "跳过在本机文件系统上的检查",
    "lines of IP[,vm_id[,container_id]]": "每行 IP[,vm_id[,container_id]]",
    "folder for the scripts": "脚本的输出目录",
    "parent folder; each host gets BASE/<segment>": "上级目录；每台主机使用 BASE/<机器标识段>",
    "overwrite differing scripts": "覆盖内容不同的脚本",
}
