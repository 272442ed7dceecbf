"""The hand-kept part of the release data: what replaced a removed keyword or key, and
the evidence for each release's CANN version (public statements, never guesses).

Every replacement names the commit of Ascend/tensorflow that shows it; every CANN
mapping names the public page that states it.
"""

from __future__ import annotations

from _toml import inline, string

__all__ = ["MOVES", "OWNER_PATHS", "REPLACED", "note_toml", "release_rows"]

#: Where each constructor's object sits in a profile (retired ones included).
OWNER_PATHS = {
    "NPURunConfig": "",
    "DumpConfig": "dump_config",
    "ProfilingConfig": "profiling_config",
    "MemoryConfig": "memory_config",
    "ExperimentalConfig": "experimental_config",
    "GraphMemoryOptimizeConfig": "experimental_config.graph_memory_optimize_config",
    "DynamicInputConfig": "dynamic_input_config",
    "GraphParallelConfig": "experimental_config.graph_parallel_config",
}

Note = tuple[str, str]

_AOE: Note = (
    "AOE（aoe_mode）取代了旧的调优开关；NPURunConfig 的 aoe_mode 取 '1'（子图调优）、'2'（算子调优）、'4'（梯度切分调优）。",
    "AOE (aoe_mode) replaced the old tuning switches; NPURunConfig takes aoe_mode "
    "'1' (subgraph tuning), '2' (operator tuning) or '4' (gradient split tuning).",
)
_AUTO_TUNE: Note = (
    "Auto Tune 的 RL、GA 两种模式都调优算子的 tiling 策略，对应 AOE 的算子调优 aoe_mode='2'；NPURunConfig 的 auto_tune_mode 已在 2022-11 删除（Ascend/tensorflow 提交 78ecc222）。",
    "Auto Tune's RL and GA modes both tuned operators' tiling policies, which is AOE's "
    "operator tuning, aoe_mode='2'; NPURunConfig's auto_tune_mode was removed in 2022-11 "
    "(Ascend/tensorflow commit 78ecc222).",
)
_MSTUNE: Note = (
    "mstune_mode 于 2021-06 改名为 aoe_mode，取值不变（Ascend/tensorflow 提交 a0bc1f7f）。",
    "mstune_mode was renamed aoe_mode in 2021-06 with the same values (Ascend/tensorflow "
    "commit a0bc1f7f).",
)
_PROFILING: Note = (
    "r1.2.0 起 ProfilingConfig 只有 enable_profiling 和 profiling_options：fp_point、bp_point 等写在 profiling_options 的 JSON 里（Ascend/tensorflow 提交 75a73d1c，2020-12）。",
    "From r1.2.0 ProfilingConfig has only enable_profiling and profiling_options: "
    "fp_point, bp_point and the rest go into the profiling_options JSON (Ascend/tensorflow "
    "commit 75a73d1c, 2020-12).",
)
_GRAPH_PARALLEL: Note = (
    "GraphParallelConfig 只存在于 r1.10.0、r1.11.0；之后两个字段直接放在 ExperimentalConfig 上（Ascend/tensorflow 提交 68b496be，2022-11）。",
    "GraphParallelConfig existed only in r1.10.0 and r1.11.0; its two fields then moved "
    "onto ExperimentalConfig itself (Ascend/tensorflow commit 68b496be, 2022-11).",
)

#: "keyword <path>" / "key <key>" -> (what replaced it, or "" for nothing, and why).
REPLACED: dict[str, tuple[str, Note]] = {
    "keyword auto_tune_mode": ("aoe_mode", _AUTO_TUNE),
    "key auto_tune_mode": ("aoe_mode", _AUTO_TUNE),
    "keyword mstune_mode": ("aoe_mode", _MSTUNE),
    "key mstune_mode": ("aoe_mode", _MSTUNE),
    "keyword op_tune_mode": ("aoe_mode", _AOE),
    "key op_tune_mode": ("aoe_mode", _AOE),
    "keyword graph_compiler_cache_dir": (
        "experimental_config.graph_compiler_cache_dir",
        (
            "graph_compiler_cache_dir 曾短暂作为 NPURunConfig 参数（6.3.RC2.alpha002），随后移入 ExperimentalConfig（Ascend/tensorflow 提交 3fdf427a，2023-06）。",
            "graph_compiler_cache_dir was briefly an NPURunConfig keyword (6.3.RC2.alpha002), "
            "then moved into ExperimentalConfig (Ascend/tensorflow commit 3fdf427a, 2023-06).",
        ),
    ),
    "keyword profiling_config.enable_options": ("profiling_config.profiling_options", _PROFILING),
    "keyword profiling_config.fp_point": ("profiling_config.profiling_options", _PROFILING),
    "keyword profiling_config.bp_point": ("profiling_config.profiling_options", _PROFILING),
    "key fp_point": ("profiling_config.profiling_options", _PROFILING),
    "key bp_point": ("profiling_config.profiling_options", _PROFILING),
    "keyword experimental_config.graph_parallel_config": (
        "experimental_config.enable_graph_parallel",
        _GRAPH_PARALLEL,
    ),
    "keyword experimental_config.graph_parallel_config.enable_graph_parallel": (
        "experimental_config.enable_graph_parallel",
        _GRAPH_PARALLEL,
    ),
    "keyword experimental_config.graph_parallel_config.graph_parallel_option_path": (
        "experimental_config.graph_parallel_option_path",
        _GRAPH_PARALLEL,
    ),
    "keyword es_cluster_config": (
        "",
        (
            "es_cluster_config（embedding service 集群配置，Ascend/tensorflow 提交 a81a3890，2022-11 加入）在 hicann/tensorflow 9.0.0 中已不存在，没有替代参数。",
            "es_cluster_config (the embedding service cluster configuration, added in "
            "Ascend/tensorflow commit a81a3890, 2022-11) is gone from hicann/tensorflow 9.0.0, "
            "with no replacement.",
        ),
    ),
    "key es_cluster_config": (
        "",
        (
            "9.0.0 起 C++ 不再读取 es_cluster_config，没有替代的键。",
            "From 9.0.0 the C++ no longer reads es_cluster_config; no key replaces it.",
        ),
    ),
}


#: How a value moves to what replaced it: "value" (unchanged), or the one value the
#: replacement takes whatever the old one was. Absent: it cannot be moved mechanically.
MOVES: dict[str, tuple[str, str | None]] = {
    "keyword auto_tune_mode": ("fixed", "2"),
    "key auto_tune_mode": ("fixed", "2"),
    "keyword mstune_mode": ("value", None),
    "key mstune_mode": ("value", None),
    "keyword graph_compiler_cache_dir": ("value", None),
    "keyword experimental_config.graph_parallel_config.enable_graph_parallel": ("value", None),
    "keyword experimental_config.graph_parallel_config.graph_parallel_option_path": (
        "value",
        None,
    ),
}


def note_toml(note: Note) -> str:
    return inline({"zh": note[0], "en": note[1]})


TAG_SOURCES = ["tfa-install-page", "tfa-releasenote"]


def _cann(row: dict[str, str]) -> str:
    cann = row["cann"].strip()
    return "" if not cann or "later" in cann else cann


def _evidence(row: dict[str, str], fork: tuple[str, str, str] | None) -> tuple[Note, list[str]]:
    ref = row["ref"]
    if _cann(row):
        return (
            (
                f"标签名写明了 CANN 版本：TF Adapter 标签命名为 tfa_${{tag 版本}}_${{TF Adapter 版本}}，TF Adapter 版本即配套的 CANN 版本（{_cann(row)}）。",
                f"The tag name states the CANN version: TF Adapter tags are named "
                f"tfa_${{tag version}}_${{TF Adapter version}}, and the TF Adapter version is "
                f"the matching CANN version ({_cann(row)}).",
            ),
            TAG_SOURCES,
        )
    if ref == "hicann-HEAD":
        return (
            (
                "未公开：9.0.0 标签之后的提交，没有标签写明其 CANN 版本。其 auto_multistream_parallel_mode 说明已列出 LoadBalance:n 与 MainStream:n，TF Adapter 9.1.0 版本说明把它们列为新特性。",
                "Not public: commits after the 9.0.0 tag, and no tag names their CANN version. "
                "Its auto_multistream_parallel_mode docstring already lists LoadBalance:n and "
                "MainStream:n, which the TF Adapter 9.1.0 release notes list as new.",
            ),
            ["tfa-releasenote", "hicann-tensorflow"],
        )
    if ref == "master":
        return (
            (
                "未公开：Ascend/tensorflow master 的最后一次提交（2023-12-15），在标签 tfa_v0.0.20_7.0.0.alpha003 之后三天；没有标签写明它的 CANN 版本。",
                "Not public: the last commit of Ascend/tensorflow master (2023-12-15), three "
                "days after tag tfa_v0.0.20_7.0.0.alpha003; no tag names its CANN version.",
            ),
            ["ascend-tensorflow"],
        )
    return _branch_evidence(fork)


def _branch_evidence(fork: tuple[str, str, str] | None) -> tuple[Note, list[str]]:
    zh = "未公开：发布分支不写 CANN 版本，也没有找到把它对应到 CANN 版本的公开资料。"
    en = (
        "Not public: release branches name no CANN version, and no public page found maps "
        "them to one."
    )
    if fork is not None:
        commit, date, tag = fork
        zh += f"该分支在 {date} 从 master 的提交 {commit[:8]} 分出"
        en += f" The branch forked from master at commit {commit[:8]} ({date})"
        if tag:
            zh += f"，包含标签 {tag} 的代码。"
            en += f" and contains the code of tag {tag}."
        else:
            zh += "，不包含任何写明 CANN 版本的标签。"
            en += " and contains no tag that names a CANN version."
    return (zh, en), ["ascend-tensorflow"]


def _aliases(row: dict[str, str]) -> list[str]:
    ref, cann = row["ref"], _cann(row)
    out = []
    if ref.startswith("hicann-tfa_"):
        out.append(ref.removeprefix("hicann-"))
    if cann:
        out.append(cann)
    if ref == "hicann-HEAD":
        out += ["newest", "latest", "HEAD"]
    return out


def release_rows(table: list[dict[str, str]], forks: dict[str, tuple[str, str, str]]) -> str:
    parts = [
        "# Generated by scripts/derive_releases.py from releases.tsv and the public git\n"
        "# history; edit the script, not this file. Oldest first. `cann` is absent where no\n"
        "# public source states the release's CANN version; `evidence` says what is known.\n"
    ]
    for row in table:
        ref = row["ref"]
        note, sources = _evidence(row, forks.get(ref))
        lines = ["[[release]]", f"id = {string(ref)}"]
        repo = "hicann/tensorflow" if ref.startswith("hicann-") else "Ascend/tensorflow"
        kind = "tag" if "tfa_" in ref else ("head" if ref == "hicann-HEAD" else "branch")
        lines += [f"repo = {string(repo)}", f"kind = {string(kind)}"]
        lines += [f"commit = {string(row['commit'])}", f"date = {string(row['date'])}"]
        if _cann(row):
            lines.append(f"cann = {string(_cann(row))}")
        lines.append(f"aliases = {inline(_aliases(row))}")
        lines.append(f"evidence = {note_toml(note)}")
        lines.append(f"sources = {inline(sources)}")
        parts.append("\n".join(lines) + "\n")
    return "\n".join(parts)
