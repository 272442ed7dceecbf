"""argparse's own messages in Chinese (Qt-free), installed by
:class:`ascend_studio._argparse.speaking`.

The keys are the texts Python's ``argparse`` passes to gettext's ``_`` and ``ngettext``
(``tests/test_messages.py`` reads them from the running Python's ``argparse`` and
fails on one missing here); the ``%`` fields are argparse's and stay as they are.
"""

from __future__ import annotations

__all__ = ["ARGPARSE_ZH"]

ARGPARSE_ZH: dict[str, str] = {
    "usage: ": "用法：",
    "positional arguments": "位置参数",
    "options": "选项",
    "show this help message and exit": "显示此帮助并退出",
    "show program's version number and exit": "显示程序版本号并退出",
    "%(prog)s: error: %(message)s\n": "%(prog)s：错误：%(message)s\n",
    "argument %(argument_name)s: %(message)s": "参数 %(argument_name)s：%(message)s",
    "the following arguments are required: %s": "缺少必需的参数：%s",
    "one of the arguments %s is required": "参数 %s 中必须给出一个",
    "unrecognized arguments: %s": "无法识别的参数：%s",
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "无效的选择：%(value)r（可选：%(choices)s）"
    ),
    "invalid %(type)s value: %(value)r": "无效的 %(type)s 值：%(value)r",
    "ambiguous option: %(option)s could match %(matches)s": (
        "有歧义的选项：%(option)s 可匹配 %(matches)s"
    ),
    "expected one argument": "需要一个值",
    "expected at most one argument": "最多需要一个值",
    "expected at least one argument": "至少需要一个值",
    "expected %s argument": "需要 %s 个值",
    "expected %s arguments": "需要 %s 个值",
    "not allowed with argument %s": "不能与参数 %s 同时使用",
    "ignored explicit argument %r": "忽略了显式给出的值 %r",
    "unexpected option string: %s": "意外的选项：%s",
    "can't open '%(filename)s': %(error)s": "无法打开 '%(filename)s'：%(error)s",
    "unknown parser %(parser_name)r (choices: %(choices)s)": (
        "未知的子命令 %(parser_name)r（可选：%(choices)s）"
    ),
    'argument "-" with mode %r': '参数 "-" 的模式 %r',
    # errors in a parser's definition (a programming error, shown all the same)
    ".__call__() not defined": ".__call__() 未定义",
    "'required' is an invalid argument for positionals": "位置参数不能使用 'required'",
    "mutually exclusive arguments must be optional": "互斥的参数必须是选项",
    "%r is not callable": "%r 不可调用",
    "cannot merge actions - two groups are named %r": "无法合并：两个参数组都名为 %r",
    "invalid option string %(option)r: must start with a character %(prefix_chars)r": (
        "无效的选项 %(option)r：必须以字符 %(prefix_chars)r 开头"
    ),
    "dest= is required for options like %r": "像 %r 这样的选项需要 dest=",
    "invalid conflict_resolution value: %r": "无效的 conflict_resolution 值：%r",
    "cannot have multiple subparser arguments": "不能有多个子命令参数",
    "conflicting subparser: %s": "子命令冲突：%s",
    "conflicting subparser alias: %s": "子命令别名冲突：%s",
    "conflicting option string: %s": "选项冲突：%s",
    "conflicting option strings: %s": "选项冲突：%s",
}
