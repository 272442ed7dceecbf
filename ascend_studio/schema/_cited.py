"""Our own words inside a rendered citation, in Chinese (Qt-free).

A citation names a public source by its own title and place, which stay as they are;
what we add is ours and is translated under ``--lang zh``: the section of a page we
point to when the page has no heading for it ("scenario notes"), the catalog's title,
and a note in brackets on what a cited file does there ("(constructor signatures)").
A quoted message of the cited code ("can not use with ...") is the code's and stays.
:func:`cited` applies this to a text :meth:`Catalog.cite` rendered.
"""

from __future__ import annotations

from ascend_studio.schema._sources import split_citations

__all__ = ["CITED_ZH", "cited"]

#: A section of a page we name (after ``›``), or the catalog's title.
_SECTIONS: dict[str, str] = {
    "scenario notes": "场景说明",
    "per-value scenario notes": "各取值的场景说明",
    "product notes": "产品支持说明",
    "product notes (silent for this product)": "产品支持说明（未提及此产品）",
    "per-value product notes": "各取值的产品支持说明",
    "per-product rounding": "各产品的取整规则",
    "per-product ranges": "各产品的取值范围",
    "(product notes per parameter)": "（各参数的产品支持说明）",
    "/ docs ranges": "/ 文档中的取值范围",
    "/ docs value lists": "/ 文档中的取值列表",
    "compiler/engines/nn_engine: config_parser and fusion_config_manager (the graph "
    "engine's reader of the file)": (
        "compiler/engines/nn_engine：config_parser 与 fusion_config_manager（图引擎中读取该文件的代码）"
    ),
}
#: A note in brackets, after a page section or a file.
_NOTES: dict[str, str] = {
    "the documented form": "文档中的写法",
    "JSON files": "JSON 文件",
    ".b fields accept ints through protobuf": ".b 字段经 protobuf 也接受整数",
    ".i fields accept bools through protobuf": ".i 字段经 protobuf 也接受布尔值",
    "AOE_MODE read only without aoe_mode": "仅在未设置 aoe_mode 时读取 AOE_MODE",
    "DynamicInputConfig.__init__: four positional arguments, no defaults": (
        "DynamicInputConfig.__init__：四个位置参数，没有默认值"
    ),
    "GeOp::Initialize: shape_generalization_mode ignored unless jit_compile is 1; "
    "dynamic_input=True sets it to 1 at line 426": (
        "GeOp::Initialize：jit_compile 不为 1 时忽略 shape_generalization_mode；"
        "dynamic_input=True 会在第 426 行把它设为 1"
    ),
    "GeOp::ParserAccelerateTrain: Internal error on a malformed value": (
        "GeOp::ParserAccelerateTrain：取值格式不对时报 Internal 错误"
    ),
    "GetEnvDeviceID: ASCEND_DEVICE_ID read first, DEVICE_ID only when it is empty": (
        "GetEnvDeviceID：先读 ASCEND_DEVICE_ID，它为空时才读 DEVICE_ID"
    ),
    "NPUEstimator.__load_dynamic_input_config: all four written only when none is None": (
        "NPUEstimator.__load_dynamic_input_config：四项都不为 None 时才全部写入"
    ),
    "TF Adapter 2020-08 to 2023-12: release branches r1.x, tags tfa_v0.0.N_<CANN>, "
    "git history": "TF Adapter 2020-08 至 2023-12：发布分支 r1.x、标签 tfa_v0.0.N_<CANN>、git 历史",
    "TF Adapter from 9.0.0": "TF Adapter 9.0.0 起",
    "built-in options, output ./, only when profiling_options is empty": (
        "内置选项，输出到 ./，仅当 profiling_options 为空时"
    ),
    "constructor checks": "构造函数中的检查",
    "constructor signatures": "构造函数签名",
    "constructor signatures of each public release": "各公开版本的构造函数签名",
    "dimensions not checked": "不检查维度",
    "dims correspond to -1 in input_shape": "dims 与 input_shape 中的 -1 对应",
    "dump fields read only if enable_dump / enable_dump_debug": (
        "仅在 enable_dump / enable_dump_debug 时读取 dump 字段"
    ),
    "dump_debug_mode inside if dump_mode": "dump_debug_mode 位于 if dump_mode 分支内",
    "enable_compress_weight always written": "enable_compress_weight 总会写入",
    "exact string comparison": "按字符串精确比较",
    "forwarded unparsed as ge.exec.profilingOptions, a JSON document": (
        "不解析，作为 JSON 文档原样传给 ge.exec.profilingOptions"
    ),
    "hccl_timeout, in seconds, takes precedence over HCCL_EXEC_TIMEOUT; "
    "stream_sync_timeout compares with either": (
        "hccl_timeout（秒）优先于 HCCL_EXEC_TIMEOUT；stream_sync_timeout 与其中生效的一个比较"
    ),
    "input_fusion_size clamp": "input_fusion_size 取值截断",
    "modify_mixlist check": "modify_mixlist 检查",
    "only graph_slice forwarded": "只传递 graph_slice",
    "parameter_map writes": "parameter_map 写入",
    "path characters; last segment identifies the machine": "路径字符；最后一段标识机器",
    "profiling_options passed on as ge.exec.profilingOptions; TF Adapter never reads "
    "PROFILING_OPTIONS": (
        "profiling_options 作为 ge.exec.profilingOptions 传递；TF Adapter 从不读取 "
        "PROFILING_OPTIONS"
    ),
    "profiling_options read only if profiling_mode": "仅在 profiling_mode 时读取 profiling_options",
    "read by the code": "代码中读取",
    "reads the environment when the job starts, after the shell has expanded the text": (
        "作业启动时读取环境变量，此时 shell 已展开文本"
    ),
    "safe_strto64, then static_cast<uint32_t>": "先 safe_strto64，再 static_cast<uint32_t>",
    "sent only when profiling is on": "仅在开启 profiling 时传递",
    "signature defaults": "签名中的默认值",
    "table 1, profiling_data row": "表 1，profiling_data 行",
    "the parameter_map keys it reads": "它读取的 parameter_map 键",
    "work_path falls back to './'": "work_path 缺省为 './'",
    "work_path/distribute_config written only if aoe_mode": (
        "仅在设置 aoe_mode 时写入 work_path/distribute_config"
    ),
}
_CATALOG = ("Ascend Studio catalog ", "Ascend Studio 参数目录 ")
_BETWEEN = (" vs docs ", " 对照文档 ")

#: Every text of ours in a citation, English -> Chinese (the tests render each).
CITED_ZH: dict[str, str] = {
    **_SECTIONS,
    **_NOTES,
    _CATALOG[0]: _CATALOG[1],
    _BETWEEN[0]: _BETWEEN[1],
}


def _one(citation: str) -> str:
    head, arrow, section = citation.partition(" › ")
    if arrow and section in _SECTIONS:
        citation = head + arrow + _SECTIONS[section]
    elif citation.startswith(_CATALOG[0]):
        citation = _CATALOG[1] + citation[len(_CATALOG[0]) :]
    citation = citation.replace(*_BETWEEN)
    for english, chinese in _NOTES.items():
        if f"({english})" in citation:
            citation = citation.replace(f" ({english})", f"（{chinese}）")
            citation = citation.replace(f"({english})", f"（{chinese}）")
    return citation


def cited(text: str, lang: str) -> str:
    """Rendered citations (``"a; b"``) with our own words in ``lang``."""
    if lang != "zh":
        return text
    return "; ".join(_one(part) for part in split_citations(text))
