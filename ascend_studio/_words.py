"""The few words headless output is built from, in both languages (Qt-free).

``--lang zh`` translated the messages but left the labels around them English
("error", "path:", "3 settings"); every CLI label and count goes through here.
"""

from __future__ import annotations

__all__ = ["counted", "json_text", "printable", "say"]

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
    if not any(ch in _UNSAFE for ch in text):
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
    if not any(ch in _UNSAFE for ch in text if ch not in "\n "):
        return text
    return "".join(f"\\u{ord(ch):04x}" if ch in _UNSAFE and ch not in "\n" else ch for ch in text)


_ZH = {
    "error": "错误",
    "warning": "警告",
    "info": "提示",
    "fix": "修改",
    "source": "来源",
    "path": "路径",
    "not produced": "不会生成",
    "note": "说明",
    "when": "条件",
    "caveat": "注意",
    "(unset)": "（未设置）",
    "(none)": "（无）",
    "parameter": "参数",
    "env": "环境变量",
    "default": "默认值",
    "other reading": "另一种说法",
    "read as": "读取方式",
    "nothing found: no NPURunConfig configuration or environment setting": (
        "未找到内容：没有 NPURunConfig 配置，也没有环境变量设置"
    ),
    "unset": "未设置",
    "deprecated": "将废弃",
    "experimental": "试验",
    "no effect": "无效",
    "inherited": "继承",
    "file": "文件",
    "at": "位置",
    "no product named": "未指定产品",
    "in all": "合计",
    "no scenario named": "未指定场景",
}
_NOUNS_ZH = {
    "error": "个错误",
    "warning": "个警告",
    "info": "条提示",
    "configuration": "个配置",
    "setting": "项设置",
    "parameter": "个参数",
    "script": "个脚本",
}


def say(word: str, lang: str = "en") -> str:
    """``word`` (an English label) in ``lang``; unknown words stay as they are."""
    return _ZH.get(word, word) if lang == "zh" else word


def counted(number: int, noun: str, lang: str = "en") -> str:
    """``1 warning``, ``2 warnings``; ``2 个警告`` in Chinese (one form)."""
    if lang == "zh" and noun in _NOUNS_ZH:
        return f"{number} {_NOUNS_ZH[noun]}"
    if noun == "info":
        return f"{number} info"
    return f"{number} {noun if number == 1 else noun + 's'}"
