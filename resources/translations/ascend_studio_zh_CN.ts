<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>AscendStudio</name>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>Modified</source>
        <translation>已修改</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>With problems</source>
        <translation>有问题</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>Unavailable on target</source>
        <translation>目标上不可用</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>Deprecated</source>
        <translation>已废弃</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>&amp;Import Script…</source>
        <translation>导入脚本(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>&amp;Find</source>
        <translation>查找(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>Reset &amp;Category…</source>
        <translation>重置当前分类(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>Reset &amp;All…</source>
        <translation>全部重置(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>Fix All &amp;Safe Problems</source>
        <translation>修复所有安全问题(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>&amp;Hide Unavailable Parameters</source>
        <translation>隐藏当前目标不可用的参数(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>Clear Recent Files</source>
        <translation>清除最近文件列表</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>Hide unavailable</source>
        <translation>隐藏不可用</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>TF Adapter 1.x</source>
        <translation>TF Adapter 1.x</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>TF1: NPURunConfig</source>
        <translation>TF1 估算器：NPURunConfig</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>TF1: sess.run</source>
        <translation>TF1 会话：sess.run</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>TF2: global_options()</source>
        <translation>TF2 全局选项：global_options()</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>Environment only</source>
        <translation>仅环境变量</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>Target:</source>
        <translation>目标：</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>Search names, labels, values, env vars (Ctrl+F)</source>
        <translation>搜索参数名、名称、取值、环境变量（Ctrl+F）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>Clear the search</source>
        <translation>清除搜索</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>Show only:</source>
        <translation>只显示：</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>Re-apply</source>
        <translation>重新筛选</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>The profile changed since the filter was applied</source>
        <translation>筛选之后配置又有改动，点击重新筛选</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>Target product</source>
        <translation>目标产品</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>The API the job configures TF Adapter through; TF2 shows the options of npu_device.global_options()</source>
        <translation>作业配置 TF Adapter 所用的接口；选 TF2 时显示 npu_device.global_options() 的选项</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>TF Adapter release: what its constructors and option reader have is checked and exported; &apos;not named&apos; says for which releases a finding holds</source>
        <translation>TF Adapter 版本：按该版本的构造函数与选项读取代码检查和导出；选“未指定”时，结论会注明适用的版本</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>Interface language</source>
        <translation>界面语言</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>Product not named</source>
        <translation>未指定产品</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>Not named: checked for every product; a finding says for which products it holds</source>
        <translation>未指定：按每种产品检查；检查结果会注明适用于哪些产品</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>Scenario not named</source>
        <translation>未指定场景</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>Not named: checked for both scenarios. graph_run_mode names one unless it is known only at run time or the file sets only the environment</source>
        <translation>未指定：按两种场景检查。graph_run_mode 会指定场景，除非其值只在运行时才能确定，或文件只设置了环境变量</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>TF Adapter newest ({release})</source>
        <translation>TF Adapter 最新（{release}）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>CANN version not public</source>
        <translation>CANN 版本未公开</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>TF Adapter release not named</source>
        <translation>未指定 TF Adapter 版本</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>TF Adapter {ref}, the newest commits ({month})</source>
        <translation>TF Adapter {ref}（最新提交，{month}）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>TF Adapter {ref} branch ({month})</source>
        <translation>TF Adapter {ref} 分支（{month}）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_actions.py"/>
        <source>Matches: {count}</source>
        <translation>匹配：{count}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_app.py"/>
        <source>The parameter catalog shipped with Ascend Studio is invalid:
{error}</source>
        <translation>Ascend Studio 自带的参数目录无效：
{error}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_app.py"/>
        <source>Broken installation</source>
        <translation>安装已损坏</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_diaglist.py"/>
        <location filename="../../ascend_studio/ui/machine/_tables.py"/>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_diaglist.py"/>
        <location filename="../../ascend_studio/ui/machine/_tables.py"/>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_diaglist.py"/>
        <location filename="../../ascend_studio/ui/machine/_tables.py"/>
        <source>info</source>
        <translation>提示</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_diaglist.py"/>
        <source>Rule: {rule}</source>
        <translation>规则：{rule}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_diaglist.py"/>
        <location filename="../../ascend_studio/ui/machine/_tables.py"/>
        <source>Source: {source}</source>
        <translation>来源：{source}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_diaglist.py"/>
        <location filename="../../ascend_studio/ui/_edits.py"/>
        <source>Fix: {title}</source>
        <translation>修复：{title}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_diaglist.py"/>
        <source>Show in the form</source>
        <translation>在表单中显示</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_dialogs.py"/>
        <source>Ascend Studio profile (*.ascend.json *.json);;All files (*)</source>
        <translation>Ascend Studio 配置文件 (*.ascend.json *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_dialogs.py"/>
        <source>Python or shell script (*.py *.sh *.bash *.env *.txt);;All files (*)</source>
        <translation>Python 或 shell 脚本 (*.py *.sh *.bash *.env *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_dialogs.py"/>
        <source>Profile or script (*.json *.py *.sh *.bash *.env *.txt);;Ascend Studio profile (*.ascend.json *.json);;Python or shell script (*.py *.sh *.bash *.env *.txt);;All files (*)</source>
        <translation>配置或脚本 (*.json *.py *.sh *.bash *.env *.txt);;Ascend Studio 配置 (*.ascend.json *.json);;Python 或 shell 脚本 (*.py *.sh *.bash *.env *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_dialogs.py"/>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_dialogs.py"/>
        <source>Save the changes to {name}?</source>
        <translation>是否保存对 {name} 的更改？</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_dialogs.py"/>
        <source>File changed on disk</source>
        <translation>文件已在磁盘上被修改</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_dialogs.py"/>
        <source>{name} was changed on disk by another window or command since you opened or saved it here. Saving now would replace those changes.</source>
        <translation>自您在此打开或保存 {name} 以来，它已被其他窗口或命令修改。现在保存将覆盖那些修改。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_dialogs.py"/>
        <source>Overwrite</source>
        <translation>覆盖</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_dialogs.py"/>
        <source>Save As…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_edits.py"/>
        <source>Edit {name}</source>
        <translation>编辑 {name}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_edits.py"/>
        <source>Edit environment</source>
        <translation>编辑环境变量</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_edits.py"/>
        <source>Change target</source>
        <translation>更改目标</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_edits.py"/>
        <source>Reset {name}</source>
        <translation>重置 {name}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_edits.py"/>
        <location filename="../../ascend_studio/ui/_form.py"/>
        <location filename="../../ascend_studio/ui/_nav.py"/>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>Environment variables</source>
        <translation>环境变量</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_edits.py"/>
        <source>Reset every value in {name}?</source>
        <translation>重置“{name}”中的所有值？</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_edits.py"/>
        <source>Reset category</source>
        <translation>重置分类</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_edits.py"/>
        <source>Reset every value and environment variable of this profile?</source>
        <translation>重置本配置的所有参数值和环境变量？</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_edits.py"/>
        <source>Reset all</source>
        <translation>全部重置</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_edits.py"/>
        <source>Cannot apply the fix: {reason}</source>
        <translation>无法应用该修复：{reason}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_edits.py"/>
        <source>Fixed: {title}. Undo with Ctrl+Z.</source>
        <translation>已修复：{title}。可按 Ctrl+Z 撤销。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_edits.py"/>
        <source>No safe fix to apply.</source>
        <translation>没有可应用的安全修复。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_edits.py"/>
        <source>Fix all safe problems ({count})</source>
        <translation>修复所有安全问题（{count} 项）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_edits.py"/>
        <source>Fixed {count}: {titles}. Undo with Ctrl+Z.</source>
        <translation>已修复 {count} 项：{titles}。可按 Ctrl+Z 撤销。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_env.py"/>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>Variable</source>
        <translation>变量</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_env.py"/>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_env.py"/>
        <source>Unset</source>
        <translation>取消设置</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_env.py"/>
        <source>Shell text</source>
        <translation>Shell 文本</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_env.py"/>
        <source>Ticked: the value is shell text, expanded by the job&apos;s shell ($HOME, $(pwd)). Not ticked: a literal, exported exactly as written.</source>
        <translation>勾选：值是 shell 文本，由作业的 shell 展开（$HOME、$(pwd)）。不勾选：字面值，按原样导出。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_env.py"/>
        <source>Add variable</source>
        <translation>添加变量</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_env.py"/>
        <location filename="../../ascend_studio/ui/_unknown.py"/>
        <location filename="../../ascend_studio/ui/editors/_dialogs.py"/>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_env.py"/>
        <source>Variable name, e.g. ASCEND_WORK_PATH</source>
        <translation>变量名，例如 ASCEND_WORK_PATH</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_env.py"/>
        <source>Type the value: the variable is added once it has one.</source>
        <translation>请输入取值：有了取值后才会加入该变量。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_env.py"/>
        <source>Kept literal: as shell text this is not one shell word (an unquoted blank, ; or line break would end it and run the rest).</source>
        <translation>按字面值保留：作为 shell 文本它不是一个 shell 单词（未加引号的空白、; 或换行会结束它并把其余部分当作命令运行）。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_env.py"/>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>Shell text: the job&apos;s shell expands it.</source>
        <translation>Shell 文本：由作业的 shell 展开。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_env.py"/>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>Literal: exported exactly as written.</source>
        <translation>字面值：按原样导出。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_files.py"/>
        <location filename="../../ascend_studio/ui/_recovery.py"/>
        <location filename="../../ascend_studio/ui/_window.py"/>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_files.py"/>
        <source>Open profile</source>
        <translation>打开配置</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_files.py"/>
        <source>Cannot open the profile</source>
        <translation>无法打开配置</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_files.py"/>
        <source>Save profile as</source>
        <translation>配置另存为</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_files.py"/>
        <source>Cannot save the profile</source>
        <translation>无法保存配置</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_files.py"/>
        <source>Import a script</source>
        <translation>导入脚本</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_files.py"/>
        <location filename="../../ascend_studio/ui/companion/_export.py"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_files.py"/>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_files.py"/>
        <location filename="../../ascend_studio/ui/companion/_dialog.py"/>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_files.py"/>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_files.py"/>
        <source>Exported {format} to {path}</source>
        <translation>已导出 {format}：{path}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_fixlinks.py"/>
        <source>changes behaviour</source>
        <translation>会改变行为</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_fixlinks.py"/>
        <source>no automatic fix</source>
        <translation>无自动修复</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_fixlinks.py"/>
        <source>or</source>
        <translation>或</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_form.py"/>
        <source>Variables exported for the job; &apos;unset&apos; removes one from the environment.</source>
        <translation>为作业导出的环境变量；勾选“取消设置”会把该变量从环境中移除。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_form.py"/>
        <location filename="../../ascend_studio/ui/_nav.py"/>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>Not in the catalog</source>
        <translation>不在参数目录中</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_form.py"/>
        <source>Keywords and parameter_map keys TF Adapter does not know, kept as written: remove them, or rename them to the parameter they were meant as.</source>
        <translation>TF Adapter 不认识的关键字参数与 parameter_map 键，已按原文保留：可以删除，或改名为本来想写的参数。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_i18n.py"/>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>{count} error</source>
        <translation>错误 {count}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_i18n.py"/>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>{count} errors</source>
        <translation>错误 {count}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_i18n.py"/>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>{count} warning</source>
        <translation>警告 {count}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_i18n.py"/>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>{count} warnings</source>
        <translation>警告 {count}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_i18n.py"/>
        <source>{count} note</source>
        <translation>提示 {count}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_i18n.py"/>
        <source>{count} notes</source>
        <translation>提示 {count}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_nav.py"/>
        <source>{set} set; {counts}</source>
        <translation>已设置 {set} 项；{counts}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_previews.py"/>
        <source>Copied.</source>
        <translation>已复制。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_previews.py"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_previews.py"/>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_previews.py"/>
        <source>Copy this text to the clipboard</source>
        <translation>把这段文本复制到剪贴板</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_previews.py"/>
        <source>Export format shown</source>
        <translation>显示的导出格式</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_recovery.py"/>
        <source>Ascend Studio did not close normally. Unsaved work was kept for each window that was open. Recover one into this window, discard one, or decide later (nothing is deleted unless you discard it).</source>
        <translation>Ascend Studio 上次未正常关闭，已为当时打开的每个窗口保留了未保存的工作。可将其中一份恢复到此窗口、丢弃一份，或稍后再决定（除非您选择丢弃，否则不会删除任何内容）。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_recovery.py"/>
        <source>Recover</source>
        <translation>恢复</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_recovery.py"/>
        <source>Discard</source>
        <translation>丢弃</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_recovery.py"/>
        <source>Later</source>
        <translation>稍后</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_recovery.py"/>
        <source>{when}: {source} ({count} setting)</source>
        <translation>{when}：{source}（{count} 项设置）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_recovery.py"/>
        <source>{when}: {source} ({count} settings)</source>
        <translation>{when}：{source}（{count} 项设置）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_recovery.py"/>
        <source>Recover unsaved work</source>
        <translation>恢复未保存的内容</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_row.py"/>
        <source>Reset: remove the value (the default applies)</source>
        <translation>重置：删除该值（使用默认值）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_row.py"/>
        <source>A Python expression kept as written</source>
        <translation>按原样保留的 Python 表达式</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_row.py"/>
        <source>Environment: {names}</source>
        <translation>相关环境变量：{names}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_row.py"/>
        <source>default: {value}</source>
        <translation>默认：{value}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_row.py"/>
        <source>{count} fields set</source>
        <translation>已设置 {count} 个字段</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_row.py"/>
        <location filename="../../ascend_studio/ui/inspector/_text.py"/>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>ignored</source>
        <translation>被忽略</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_row.py"/>
        <source>effective: {value}</source>
        <translation>实际生效：{value}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_row.py"/>
        <source>not passed</source>
        <translation>不传入</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_shell.py"/>
        <source>Output paths</source>
        <translation>输出路径</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_shell.py"/>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>Why</source>
        <translation>原因说明</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_shell.py"/>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_shell.py"/>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>This machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_texts.py"/>
        <source>since TF Adapter {release}</source>
        <translation>自 TF Adapter {release} 起才有</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_texts.py"/>
        <source>not in TF Adapter {release}; exists {where}</source>
        <translation>TF Adapter {release} 中没有；存在于：{where}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_texts.py"/>
        <source>not supported in this version</source>
        <translation>当前版本不支持</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_texts.py"/>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>online inference only</source>
        <translation>仅在线推理</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_texts.py"/>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>training only</source>
        <translation>仅训练</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_texts.py"/>
        <source>not available on any product</source>
        <translation>所有产品均不可用</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_texts.py"/>
        <source>only on {products}</source>
        <translation>仅 {products}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_texts.py"/>
        <source>sess.run only</source>
        <translation>仅 sess.run 方式</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_texts.py"/>
        <source>deprecated</source>
        <translation>已废弃</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_texts.py"/>
        <source>no longer effective</source>
        <translation>已不生效</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_texts.py"/>
        <source>experimental</source>
        <translation>试验</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_texts.py"/>
        <source>undocumented</source>
        <translation>无文档</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_texts.py"/>
        <source>from RunConfig</source>
        <translation>继承自 RunConfig</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_unknown.py"/>
        <source>kept as written: {value}</source>
        <translation>按原文保留：{value}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_unknown.py"/>
        <source>Remove {name} (the adapter cannot read it)</source>
        <translation>删除 {name}（适配器读不到它）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_unknown.py"/>
        <source>Rename to</source>
        <translation>改名为</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_unknown.py"/>
        <source>Give the value to a parameter the catalog knows, in the same place</source>
        <translation>把这个值交给参数目录中的某个参数，位置不变</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_unknown.py"/>
        <source>No parameter of the catalog has a close name</source>
        <translation>参数目录中没有名称相近的参数</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_window.py"/>
        <source># Cannot export this profile as {fmt}:
# {reason}
</source>
        <translation># 无法把该配置导出为 {fmt}：
# {reason}
</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_window.py"/>
        <source>Fix all safe ({count})</source>
        <translation>修复所有安全问题（{count}）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_window.py"/>
        <source>{count} value set</source>
        <translation>已设置 {count} 项</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_window.py"/>
        <source>{count} values set</source>
        <translation>已设置 {count} 项</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_window.py"/>
        <source>modified</source>
        <translation>已修改</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_window.py"/>
        <source>saved</source>
        <translation>已保存</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_window.py"/>
        <source>new</source>
        <translation>新建</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <location filename="../../ascend_studio/ui/apply/_flow.py"/>
        <source>Apply to {name}</source>
        <translation>应用到 {name}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>{path}: {count} setting changes.</source>
        <translation>{path}：{count} 项设置将改变。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>{path}: {count} settings change.</source>
        <translation>{path}：{count} 项设置将改变。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>Coloured lines are what changes; every other line is written back byte for byte. The original is kept as {backup} (the first write makes it; later writes keep it).</source>
        <translation>着色的行是改动之处，其他每一行都原样写回；最初的原文件保留为 {backup}（第一次写入时生成，之后的写入保留它）。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>Write to Script</source>
        <translation>写入脚本</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>Setting</source>
        <translation>设置项</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>Current value</source>
        <translation>当前值</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>New value</source>
        <translation>新值</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>online inference</source>
        <translation>在线推理</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>(not set)</source>
        <translation>（未设置）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>unset (removed from the environment)</source>
        <translation>unset（从环境中清除）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>New from Preset</source>
        <translation>从预设新建</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>Apply Preset</source>
        <translation>应用预设</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>Also change the values I set</source>
        <translation>也修改我已设置的值</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>Off: values the document already sets are kept and listed as kept.</source>
        <translation>不勾选时：文档中已设置的值保持不变，并列为“已保留”。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>Job folder on the server (for the preset&apos;s paths)</source>
        <translation>服务器上的作业目录（用于预设中的路径）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>Create</source>
        <translation>创建</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>Job folder:</source>
        <translation>作业目录：</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>Target: {product}, {scenario}.</source>
        <translation>目标：{product}，{scenario}。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>This preset is written for other products or scenarios: only what applies here is set.</source>
        <translation>此预设面向其他产品或场景：只设置在这里适用的项。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>(skipped)</source>
        <translation>（已跳过）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>Kept (yours); {preset}: {why}</source>
        <translation>已保留（您设置的值）；{preset}：{why}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_dialogs.py"/>
        <source>Sources:</source>
        <translation>来源：</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_flow.py"/>
        <source>Apply to a script</source>
        <translation>应用到脚本</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_flow.py"/>
        <source>Cannot apply to the script</source>
        <translation>无法应用到脚本</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_flow.py"/>
        <source>{name} changed since it was imported. Apply the profile to it as it is now?</source>
        <translation>{name} 在导入后已被修改。仍要把配置应用到它当前的内容吗？</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_flow.py"/>
        <source>Script changed</source>
        <translation>脚本已修改</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_flow.py"/>
        <source>Apply to script</source>
        <translation>应用到脚本</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_flow.py"/>
        <source>The script already matches.</source>
        <translation>脚本已与配置一致。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_flow.py"/>
        <source>Cannot write the script</source>
        <translation>无法写入脚本</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_flow.py"/>
        <source>Wrote {name}; the original is kept as {backup}.</source>
        <translation>已写入 {name}；最初的原文件保留为 {backup}。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_flow.py"/>
        <source>Choose the TF Adapter release to migrate to in the toolbar first.</source>
        <translation>请先在工具栏中选择要迁移到的 TF Adapter 版本。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_flow.py"/>
        <source>Migrate script</source>
        <translation>迁移脚本</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_flow.py"/>
        <source>Migrate a script</source>
        <translation>迁移一个脚本</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_flow.py"/>
        <source>Cannot migrate the script</source>
        <translation>无法迁移脚本</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_flow.py"/>
        <source>{name} has nothing to migrate for TF Adapter {release}.</source>
        <translation>{name} 针对 TF Adapter {release} 无需迁移。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_flow.py"/>
        <source>Migrate {name} to TF Adapter {release}</source>
        <translation>将 {name} 迁移到 TF Adapter {release}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_flow.py"/>
        <source>Cannot read the presets</source>
        <translation>无法读取预设</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_flow.py"/>
        <source>Apply preset</source>
        <translation>应用预设</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_flow.py"/>
        <source>New from preset</source>
        <translation>从预设新建</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_install.py"/>
        <source>Apply to &amp;Script…</source>
        <translation>应用到脚本(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_install.py"/>
        <source>New from &amp;Preset…</source>
        <translation>从预设新建(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_install.py"/>
        <source>Apply Pre&amp;set…</source>
        <translation>应用预设(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/apply/_install.py"/>
        <source>&amp;Migrate Script to the Target Release…</source>
        <translation>迁移脚本到目标版本(&amp;M)…</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_base.py"/>
        <source>Add row</source>
        <translation>添加行</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_base.py"/>
        <source>Remove row</source>
        <translation>删除行</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_controller.py"/>
        <source>Edit file {name}</source>
        <translation>编辑文件 {name}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_controller.py"/>
        <source>Wrote {path}</source>
        <translation>已写入 {path}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_controller.py"/>
        <source>{name}: the text is kept in the profile only</source>
        <translation>{name}：文本只保存在配置中</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_dialog.py"/>
        <source>Edit file: {name}</source>
        <translation>编辑文件：{name}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_dialog.py"/>
        <source>Path the job will read</source>
        <translation>作业将读取的路径</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_dialog.py"/>
        <source>Save as…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_dialog.py"/>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_dialog.py"/>
        <source>New from template</source>
        <translation>从模板新建</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_dialog.py"/>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_dialog.py"/>
        <source>Findings in this file:</source>
        <translation>该文件中的问题：</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_dialog.py"/>
        <source>line {n}</source>
        <translation>第 {n} 行</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_dialog.py"/>
        <source>whole file</source>
        <translation>整个文件</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_dialog.py"/>
        <source>No findings.</source>
        <translation>没有发现问题。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_dialog.py"/>
        <source>Replace the current text with the template?</source>
        <translation>用模板替换当前文本？</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_dialog.py"/>
        <source>Save file as</source>
        <translation>文件另存为</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_export.py"/>
        <source>Also write the files this profile keeps next to the export ({names})?</source>
        <translation>同时把该配置保存的文件写到导出文件旁边（{names}）？</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_export.py"/>
        <source>Replace the existing {names}?</source>
        <translation>替换已有的 {names}？</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_json.py"/>
        <source>Search fusion rules</source>
        <translation>搜索融合规则</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_json.py"/>
        <location filename="../../ascend_studio/ui/companion/_forms_lines.py"/>
        <source>Section</source>
        <translation>段</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_json.py"/>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_json.py"/>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_json.py"/>
        <source>Applies to</source>
        <translation>适用产品</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_json.py"/>
        <source>Another rule name</source>
        <translation>其他规则名</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_json.py"/>
        <source>Add rule</source>
        <translation>添加规则</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_json.py"/>
        <source>All products</source>
        <translation>所有产品</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_json.py"/>
        <source>All products except {names}</source>
        <translation>除 {names} 外的所有产品</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_json.py"/>
        <source>Move onto the list (to-add)</source>
        <translation>加入该名单（to-add）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_json.py"/>
        <source>Move off to gray (to-remove)</source>
        <translation>移出到灰名单（to-remove）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_json.py"/>
        <source>One operator type per line</source>
        <translation>每行一个算子类型</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_json.py"/>
        <source>Comma separated</source>
        <translation>用逗号分隔</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_json.py"/>
        <source>Operator names (tune_ops_name):</source>
        <translation>算子名称（tune_ops_name）：</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_json.py"/>
        <source>Operator types (tune_ops_type):</source>
        <translation>算子类型（tune_ops_type）：</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_json.py"/>
        <source>Level (O1 high performance, O2 normal):</source>
        <translation>调优模式（O1 高性能，O2 正常）：</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_json.py"/>
        <source>Feature (deeper_opat needs aoe_mode 2, nonhomo_split 1):</source>
        <translation>功能特性（deeper_opat 需 aoe_mode 2，nonhomo_split 需 1）：</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_lines.py"/>
        <source>Check Global Memory out-of-bounds access at run time (error EZ9999)</source>
        <translation>运行时检测 Global Memory 越界（报 EZ9999）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_lines.py"/>
        <source>Keep the .cce, .o and .json files in kernel_meta</source>
        <translation>在 kernel_meta 中保留 .cce、.o 和 .json 文件</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_lines.py"/>
        <source>Also keep the python-cce mapping (*_loc.json)</source>
        <translation>另外保留 python-cce 映射文件（*_loc.json）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_lines.py"/>
        <source>Compile with ccec -O0 (never together with oom)</source>
        <translation>用 ccec -O0 编译（不能与 oom 同时使用）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_lines.py"/>
        <source>Compile with ccec -g (larger kernels)</source>
        <translation>用 ccec -g 编译（kernel 变大）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_lines.py"/>
        <source>Check pipeline sync flags inside operators</source>
        <translation>检测算子内部流水线同步信号</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_lines.py"/>
        <source>Debug options (op_debug_config):</source>
        <translation>调试选项（op_debug_config）：</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_lines.py"/>
        <source>Build only these operators (op_debug_list):</source>
        <translation>只按此方式编译这些算子（op_debug_list）：</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_lines.py"/>
        <source>By</source>
        <translation>依据</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_lines.py"/>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_lines.py"/>
        <source>Input dtypes</source>
        <translation>输入数据类型</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_lines.py"/>
        <source>Output dtypes</source>
        <translation>输出数据类型</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_lines.py"/>
        <source>Operator type or node name</source>
        <translation>算子类型或节点名</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_lines.py"/>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_forms_lines.py"/>
        <source>Nodes (one per line):</source>
        <translation>节点（每行一个）：</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_write.py"/>
        <source>OK writes {path}.</source>
        <translation>点击“确定”会写入 {path}。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_write.py"/>
        <source>No path: OK keeps the text in the profile only; Save as… writes it to a file.</source>
        <translation>未填写路径：点击“确定”只把文本保存在配置中；“另存为…”可把它写入文件。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_write.py"/>
        <source>The folder of {path} is not on this computer: OK keeps the text in the profile only. Save as… writes it here; ascend-studio export -o DIR/ writes it next to the export.</source>
        <translation>本机上没有 {path} 所在的目录：点击“确定”只把文本保存在配置中。“另存为…”可写到本机；ascend-studio export -o 目录/ 会把它写在导出文件旁边。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_write.py"/>
        <source>Edit file</source>
        <translation>编辑文件</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_write.py"/>
        <source>{path} holds other text. Replace it with the text edited here?</source>
        <translation>{path} 中是另外的内容。要用这里编辑的文本替换它吗？</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/companion/_write.py"/>
        <source>Cannot write the file</source>
        <translation>无法写入文件</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/compare/_source.py"/>
        <source>No configuration found in {name}.</source>
        <translation>{name} 中未找到配置。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>Last saved version</source>
        <translation>上次保存的版本</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>Defaults (nothing set)</source>
        <translation>默认值（未设置任何参数）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>Another profile or script…</source>
        <translation>其他配置或脚本…</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>Compare with:</source>
        <translation>比较对象：</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>Take the other value</source>
        <translation>采用对方的值</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>Select a category to take all of its values at once.</source>
        <translation>选中一个分类可一次采用其中全部的值。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>Go to field</source>
        <translation>转到字段</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>Parameter</source>
        <translation>参数</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>Current</source>
        <translation>当前</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>Other</source>
        <translation>对方</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>Last saved version (never saved)</source>
        <translation>上次保存的版本（从未保存）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>This document has never been saved.</source>
        <translation>此文档从未保存过。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>A keyword argument the catalog does not know, kept as source text.</source>
        <translation>目录中没有的关键字参数，按源代码文本保留。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>unset (removed)</source>
        <translation>取消设置</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>{count} difference.</source>
        <translation>共 {count} 处差异。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>{count} differences.</source>
        <translation>共 {count} 处差异。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>The other side targets {product} / {scenario}.</source>
        <translation>对方的目标为 {product} / {scenario}。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>Take {name} from comparison</source>
        <translation>从比较中采用 {name}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>Take {count} values from comparison</source>
        <translation>从比较中采用 {count} 个值</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>Compare with a profile or script</source>
        <translation>与配置或脚本比较</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/compare/_view.py"/>
        <source>Several configurations</source>
        <translation>多个配置</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_dialogs.py"/>
        <source>Output directory</source>
        <translation>输出目录</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_dialogs.py"/>
        <source>Storage limit (e.g. 200MB)</source>
        <translation>存储上限（如 200MB）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_dialogs.py"/>
        <source>Training trace</source>
        <translation>迭代轨迹</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_dialogs.py"/>
        <source>Task trace</source>
        <translation>任务轨迹</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_dialogs.py"/>
        <source>Task time</source>
        <translation>任务耗时</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_dialogs.py"/>
        <source>HCCL communication</source>
        <translation>HCCL 通信</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_dialogs.py"/>
        <source>AI CPU operators</source>
        <translation>AI CPU 算子</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_dialogs.py"/>
        <source>L2 cache</source>
        <translation>L2 缓存</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_dialogs.py"/>
        <source>msproftx markers</source>
        <translation>msproftx 打点</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_dialogs.py"/>
        <source>AI Core metrics</source>
        <translation>AI Core 性能指标</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_dialogs.py"/>
        <source>Forward start operator (fp_point)</source>
        <translation>前向起始算子（fp_point）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_dialogs.py"/>
        <source>Backward end operator (bp_point)</source>
        <translation>反向结束算子（bp_point）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_dialogs.py"/>
        <source>Edit list</source>
        <translation>编辑列表</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_dialogs.py"/>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_dialogs.py"/>
        <source>One item per line: {hint}</source>
        <translation>每行一项：{hint}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_dialogs.py"/>
        <source>Profiling options</source>
        <translation>Profiling 采集选项</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_dialogs.py"/>
        <source>Empty fields are left out: the runtime default applies.</source>
        <translation>留空的字段不写入，由运行时使用默认值。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_dialogs.py"/>
        <source>Edit JSON</source>
        <translation>编辑 JSON</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_enum.py"/>
        <source>(not in the list)</source>
        <translation>（不在取值列表中）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_enum.py"/>
        <location filename="../../ascend_studio/ui/editors/_scalar.py"/>
        <location filename="../../ascend_studio/ui/machine/_tables.py"/>
        <source>(unset)</source>
        <translation>（未设置）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_enum.py"/>
        <source>Not passed: the runtime default applies.</source>
        <translation>不传入：由运行时使用默认值。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_enum.py"/>
        <location filename="../../ascend_studio/ui/inspector/_text.py"/>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_enum.py"/>
        <source>Other value…</source>
        <translation>其他取值…</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_enum.py"/>
        <source>default {value}</source>
        <translation>默认 {value}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_json.py"/>
        <source>Not valid JSON (line {line}, column {column}): {message}</source>
        <translation>不是合法的 JSON（第 {line} 行第 {column} 列）：{message}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_json.py"/>
        <source>Expected a JSON object: {...}</source>
        <translation>需要 JSON 对象：{...}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_json.py"/>
        <source>Edit the options one by one</source>
        <translation>逐项编辑选项</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_list.py"/>
        <source>a step (5) or a range (10-20)</source>
        <translation>单个迭代（5）或区间（10-20）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_list.py"/>
        <source>a device ID (0)</source>
        <translation>设备 ID（0）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_list.py"/>
        <source>an integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_list.py"/>
        <source>an operator type (SoftmaxV2)</source>
        <translation>算子类型（如 SoftmaxV2）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_list.py"/>
        <source>an input and its ranges (getnext:[128,3~5,-1])</source>
        <translation>输入名及其 shape 范围（如 getnext:[128,3~5,-1]）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_list.py"/>
        <source>a core count</source>
        <translation>核数</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_list.py"/>
        <source>Cube cores</source>
        <translation>Cube 核数</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_list.py"/>
        <source>Vector cores</source>
        <translation>Vector 核数</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_list.py"/>
        <source>an item</source>
        <translation>一项</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_list.py"/>
        <source>Edit the items one by one</source>
        <translation>逐项编辑</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_path.py"/>
        <source>The path contains a control character (newline or tab).</source>
        <translation>路径中含有控制字符（换行或制表符）。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_path.py"/>
        <source>The path is blank.</source>
        <translation>路径为空白。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_path.py"/>
        <source>Relative paths are resolved from the job&apos;s working directory.</source>
        <translation>相对路径以作业的工作目录为基准。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_path.py"/>
        <source>Not found on this computer (it may exist where the job runs).</source>
        <translation>本机上不存在（作业运行的机器上可能存在）。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_path.py"/>
        <source>This is a file, but a directory is expected.</source>
        <translation>这是一个文件，但这里需要目录。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_path.py"/>
        <source>Edit file…</source>
        <translation>编辑文件…</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_path.py"/>
        <source>Not saved to a file: the text edited with Edit file… is kept in the profile, and this path does not hold it on this computer. Edit file… &gt; OK writes it where its folder exists; ascend-studio export -o DIR/ writes it next to the export.</source>
        <translation>未保存到文件：用“编辑文件…”编辑的文本保存在配置中，本机上此路径的文件并不是这些内容。在“编辑文件…”中点击“确定”会在目录存在时写入；ascend-studio export -o 目录/ 会把它写在导出文件旁边。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_path.py"/>
        <source>Edit file… (not saved)</source>
        <translation>编辑文件…（未保存）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_path.py"/>
        <source>Choose a directory</source>
        <translation>选择目录</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_path.py"/>
        <source>Choose a file</source>
        <translation>选择文件</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_scalar.py"/>
        <source>Not in the expected form: {items}</source>
        <translation>格式不符：{items}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_subconfig.py"/>
        <source>built from the fields below</source>
        <translation>由下方字段构造</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/editors/_subconfig.py"/>
        <source>Show or hide the fields</source>
        <translation>显示或隐藏字段</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>recognized</source>
        <translation>已识别</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>kept as written</source>
        <translation>按原样保留</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>converted</source>
        <translation>已转换</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>unknown keyword</source>
        <translation>未知关键字参数</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>unknown key</source>
        <translation>未知键</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>wrong field type</source>
        <translation>字段类型不符</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>not imported</source>
        <translation>未导入</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>sourced file</source>
        <translation>被 source 的文件</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>set under a condition</source>
        <translation>在条件分支中设置</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>not exported</source>
        <translation>未 export</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>syntax error</source>
        <translation>语法错误</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>fails when run</source>
        <translation>运行时报错</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>per-device loop</source>
        <translation>逐卡循环</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>directive not understood</source>
        <translation>无法识别的注释指令</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>Windows line endings</source>
        <translation>Windows 换行符</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>importer error</source>
        <translation>导入器错误</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>set twice</source>
        <translation>重复设置</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>note</source>
        <translation>说明</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>Recognized</source>
        <translation>已识别</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>Kept verbatim as expressions</source>
        <translation>按表达式原样保留</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>Unknown keyword arguments and keys</source>
        <translation>未知的关键字参数和键</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>Notes</source>
        <translation>说明</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>Rule diagnostics for the result</source>
        <translation>导入结果的规则诊断</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>Review import</source>
        <translation>检查导入内容</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>Configuration:</source>
        <translation>配置：</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>Load as:</source>
        <translation>加载方式：</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>A new, untitled document, in place of the open one</source>
        <translation>新的未命名文档，替换当前打开的文档</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>Merged into the open document (imported values win)</source>
        <translation>合并到当前打开的文档（以导入的值为准）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>The target product and scenario stay as they are.</source>
        <translation>目标产品和场景保持不变。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>Load</source>
        <translation>加载</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>Suggestion</source>
        <translation>建议</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>{source} read as {dialect}: {found}.</source>
        <translation>{source} 按 {dialect} 读取：{found}。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>{count} configuration found</source>
        <translation>找到 {count} 个配置</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>{count} configurations found</source>
        <translation>找到 {count} 个配置</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>Load changes {name}; Edit &gt; Undo takes the import back.</source>
        <translation>载入会修改 {name}；“编辑 &gt; 撤销”可撤回这次导入。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>{name} has unsaved changes: Load first asks whether to save them.</source>
        <translation>{name} 有未保存的更改：载入前会先询问是否保存。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>{name} is saved: it closes, and File &gt; Open Recent opens it again.</source>
        <translation>{name} 已保存：它会被关闭，可从“文件 &gt; 最近打开”再次打开。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>The open document has nothing unsaved: nothing is lost.</source>
        <translation>当前文档没有未保存的内容：不会丢失任何东西。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_dialog.py"/>
        <source>did you mean {name}?</source>
        <translation>是否想写 {name}？</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/import_review/_flow.py"/>
        <source>Import {name}</source>
        <translation>导入 {name}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_cluster.py"/>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_cluster.py"/>
        <source>Script</source>
        <translation>脚本</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_cluster.py"/>
        <source>Line {line}: {reason}</source>
        <translation>第 {line} 行：{reason}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_cluster.py"/>
        <source>Lines {lines} give the same folder {segment}; only the first keeps it.</source>
        <translation>第 {lines} 行得到相同的目录 {segment}；只有第一行保留。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_cluster.py"/>
        <source>Type one host per line.</source>
        <translation>每行输入一台主机。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_cluster.py"/>
        <source>Cluster helper: ASCEND_WORK_PATH per host</source>
        <translation>集群助手：为每台主机生成 ASCEND_WORK_PATH</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_cluster.py"/>
        <source>Shared base folder</source>
        <translation>共享根目录</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_cluster.py"/>
        <source>Hosts (IP[,vm_id[,container_id]] per line)</source>
        <translation>主机列表（每行 IP[,虚拟机ID[,容器ID]]）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_cluster.py"/>
        <source>Save scripts to folder…</source>
        <translation>保存脚本到目录…</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_cluster.py"/>
        <source>Save scripts to folder</source>
        <translation>保存脚本到目录</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_cluster.py"/>
        <source>Some scripts exist with other contents. Replace them?</source>
        <translation>部分脚本已存在且内容不同，是否替换？</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_cluster.py"/>
        <source>Replace files?</source>
        <translation>替换文件？</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_cluster.py"/>
        <source>Cannot save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_cluster.py"/>
        <source>{count} scripts written to {folder}.</source>
        <translation>已写入 {count} 个脚本到 {folder}。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_cluster.py"/>
        <source>Saved</source>
        <translation>已保存</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_context.py"/>
        <source>Working directory</source>
        <translation>工作目录</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_context.py"/>
        <source>Home directory</source>
        <translation>主目录</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_context.py"/>
        <source>Process id</source>
        <translation>进程 ID</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_context.py"/>
        <source>Device id</source>
        <translation>设备 ID</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_context.py"/>
        <source>Session id</source>
        <translation>会话 ID</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_context.py"/>
        <source>unknown (kept as a placeholder)</source>
        <translation>未知（保留为占位符）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_context.py"/>
        <source>What-if environment (overrides every other source):</source>
        <translation>假设环境变量（覆盖其他所有来源）：</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_context.py"/>
        <source>Use this process&apos;s environment</source>
        <translation>使用当前进程的环境变量</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_context.py"/>
        <source>Load environment from file…</source>
        <translation>从文件加载环境变量…</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_context.py"/>
        <source>Forget loaded files</source>
        <translation>移除已加载文件</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_context.py"/>
        <source>Load environment from file</source>
        <translation>从文件加载环境变量</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_context.py"/>
        <source>No environment file loaded.</source>
        <translation>未加载环境文件。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_context.py"/>
        <source>Loaded (lowest first): {names}</source>
        <translation>已加载（优先级从低到高）：{names}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_layout.py"/>
        <source>Folder / artifact</source>
        <translation>目录 / 落盘内容</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_layout.py"/>
        <source>Full path</source>
        <translation>完整路径</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_model.py"/>
        <source>Artifact</source>
        <translation>落盘内容</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_model.py"/>
        <source>Resolved path</source>
        <translation>最终路径</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_model.py"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_model.py"/>
        <source>Priority chain</source>
        <translation>优先级链</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_model.py"/>
        <source>(no path)</source>
        <translation>（无路径）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_model.py"/>
        <source>not produced</source>
        <translation>不会生成</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_model.py"/>
        <source>produced, conditions apply</source>
        <translation>会生成（视条件而定）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_model.py"/>
        <source>produced</source>
        <translation>会生成</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_model.py"/>
        <source>sources disagree</source>
        <translation>资料说法不一</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_model.py"/>
        <source>Right-click or Ctrl+C to copy the path.</source>
        <translation>右键或按 Ctrl+C 复制路径。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_model.py"/>
        <source>Still unknown: {names}. Fill them in the context above.</source>
        <translation>仍未知：{names}。可在上方上下文中填写。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_text.py"/>
        <source>no fallback</source>
        <translation>无默认位置</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_text.py"/>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>unset</source>
        <translation>未设置</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_text.py"/>
        <source>env script {name}</source>
        <translation>环境脚本 {name}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_text.py"/>
        <source>profile parameter</source>
        <translation>配置参数</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_text.py"/>
        <source>built-in default</source>
        <translation>内置默认值</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_text.py"/>
        <source>this process&apos;s environment</source>
        <translation>当前进程环境</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_text.py"/>
        <source>profile environment</source>
        <translation>配置中的环境变量</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_text.py"/>
        <source>typed in the inspector</source>
        <translation>在检查器中输入</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_text.py"/>
        <source>wins</source>
        <translation>生效</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_text.py"/>
        <source>shadowed</source>
        <translation>被覆盖</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_view.py"/>
        <source>Context (what-if, not saved in the profile)</source>
        <translation>上下文（假设推演，不保存到配置）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_view.py"/>
        <source>Copy path</source>
        <translation>复制路径</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_view.py"/>
        <source>Cluster helper…</source>
        <translation>集群助手…</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_view.py"/>
        <source>Include artifacts not produced</source>
        <translation>包含不会生成的内容</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_view.py"/>
        <source>Select an artifact to see its path</source>
        <translation>选择一项查看其路径</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_view.py"/>
        <source>Artifacts</source>
        <translation>落盘内容</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_view.py"/>
        <source>Directory layout</source>
        <translation>目录结构</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_view.py"/>
        <source>What-if environment</source>
        <translation>假设环境变量</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_view.py"/>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_view.py"/>
        <source>Go to parameter</source>
        <translation>转到参数</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_workpath.py"/>
        <source>Valid work path.</source>
        <translation>工作路径有效。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_workpath.py"/>
        <source>Letters, digits, _ - . and Chinese characters; the last folder should identify the machine, e.g. 172.16.1.12_01_03.</source>
        <translation>可用字母、数字、_ - . 和中文字符；最后一级目录应能唯一标识机器，如 172.16.1.12_01_03。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_workpath.py"/>
        <source>not set: each artifact falls back to its default</source>
        <translation>未设置：各项落到各自的默认位置</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_workpath.py"/>
        <source>Shell text: it can be checked only once the shell expands it ({text}).</source>
        <translation>Shell 文本：须由 shell 展开后才能检查（{text}）。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/inspector/_workpath.py"/>
        <source>Shell text, checked as the shell expands it: {path}</source>
        <translation>Shell 文本，按 shell 展开后的结果检查：{path}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_tables.py"/>
        <source>exists, writable</source>
        <translation>已存在，可写</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_tables.py"/>
        <source>created by the job</source>
        <translation>作业运行时创建</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_tables.py"/>
        <source>must exist beforehand</source>
        <translation>必须事先存在</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_tables.py"/>
        <source>not writable</source>
        <translation>不可写</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_tables.py"/>
        <source>read-only file system</source>
        <translation>只读文件系统</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_tables.py"/>
        <source>known only at run time</source>
        <translation>运行时才知道</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_tables.py"/>
        <source>Nothing to report.</source>
        <translation>没有需要报告的问题。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_tables.py"/>
        <source>Fix: {fix}</source>
        <translation>修复：{fix}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_tables.py"/>
        <source>not found (looked in {places})</source>
        <translation>未找到（查找过：{places}）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_tables.py"/>
        <source>CANN toolkit</source>
        <translation>CANN 开发套件（toolkit）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_tables.py"/>
        <source>Driver</source>
        <translation>驱动</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_tables.py"/>
        <source>Firmware</source>
        <translation>固件</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_tables.py"/>
        <source>TF plugin</source>
        <translation>TF 插件（tfplugin）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_tables.py"/>
        <source>not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_tables.py"/>
        <source>not installed</source>
        <translation>未安装</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_tables.py"/>
        <source>NPUs</source>
        <translation>NPU 设备</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_tables.py"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_tables.py"/>
        <source>Target release</source>
        <translation>目标版本</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>Component</source>
        <translation>组件</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>Version and where</source>
        <translation>版本与位置</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>Set by</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>Output</source>
        <translation>产物</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>Free</source>
        <translation>可用空间</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>Findings</source>
        <translation>检查结果</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>Installed</source>
        <translation>已安装</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>Environment</source>
        <translation>环境变量</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>Output folders</source>
        <translation>输出目录</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>Read this machine</source>
        <translation>读取本机</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>Run doctor here: installed software, environment, and every output folder checked</source>
        <translation>在本机运行 doctor：检查已安装的软件、环境变量和每个输出目录</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>Open doctor report…</source>
        <translation>打开 doctor 报告…</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>A report written by `ascend-studio doctor --json` on the NPU server</source>
        <translation>在 NPU 服务器上由 `ascend-studio doctor --json` 生成的报告</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>Reading this machine…</source>
        <translation>正在读取本机…</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>Open doctor report</source>
        <translation>打开 doctor 报告</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>Could not read the report: {reason}</source>
        <translation>无法读取报告：{reason}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>Report {file}</source>
        <translation>报告 {file}</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>{where}: {host}, user {user}, read {when}: {tally}. The output-path view now uses its working directory, home, device id and environment.</source>
        <translation>{where}：{host}，用户 {user}，读取于 {when}：{tally}。输出路径视图现在使用它的工作目录、主目录、设备 ID 和环境变量。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/machine/_view.py"/>
        <source>Read this machine, or open a report written by `ascend-studio doctor --json`.</source>
        <translation>读取本机，或打开由 `ascend-studio doctor --json` 生成的报告。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>Default (signature)</source>
        <translation>默认值（函数签名）</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>Documented default</source>
        <translation>文档默认值</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>Set in this profile</source>
        <translation>本配置中的取值</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>not sent / ignored</source>
        <translation>不下发 / 被忽略</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>Effective value</source>
        <translation>实际生效值</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>Unit</source>
        <translation>单位</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>as set</source>
        <translation>按设置</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>documented default</source>
        <translation>文档默认值</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>signature default</source>
        <translation>签名默认值</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>from the environment</source>
        <translation>来自环境变量</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>clamped</source>
        <translation>被截断</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>rounded</source>
        <translation>被取整</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>forced</source>
        <translation>被强制</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>available</source>
        <translation>可用</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>Meaning</source>
        <translation>含义</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>On the target</source>
        <translation>目标产品上</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>Allowed values</source>
        <translation>取值范围</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>training and online inference</source>
        <translation>训练和在线推理</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>Product</source>
        <translation>产品</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>Availability by product</source>
        <translation>各产品支持情况</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>applies now</source>
        <translation>当前触发</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>not triggered</source>
        <translation>未触发</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>Other parameters</source>
        <translation>相关参数</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>Rules</source>
        <translation>规则</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>No rule ties this parameter to others.</source>
        <translation>没有规则把此参数与其他参数关联。</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>Affects</source>
        <translation>影响</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>Affected by</source>
        <translation>受其影响</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>not set in the profile</source>
        <translation>配置中未设置</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>Related environment variables</source>
        <translation>相关环境变量</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>decides its folder</source>
        <translation>决定其目录</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>decides whether it is written</source>
        <translation>决定是否生成</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>Output locations it decides</source>
        <translation>决定的落盘位置</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>follows</source>
        <translation>采用</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>Where the sources disagree</source>
        <translation>资料之间的分歧</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>Sources</source>
        <translation>资料来源</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/why/_html.py"/>
        <source>Select a parameter to see why it behaves as it does.</source>
        <translation>选择一个参数，查看它为何如此生效。</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <location filename="../../ascend_studio/ui/_i18n.py"/>
        <source>&amp;Look in:</source>
        <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../../ascend_studio/ui/_i18n.py"/>
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
    </message>
</context>
</TS>
