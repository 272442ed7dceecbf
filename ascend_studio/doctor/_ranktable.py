"""The rank table (``RANK_TABLE_FILE``) checked against its documented format.

Two templates are documented for the Atlas training series ("Preparing the
Ranktable Resource Configuration File", TensorFlow 1.x migration guide; the HCCL
user guide's rank table page):

- template 1 (recommended): ``status`` ("completed"), ``version`` ("1.0"; "1.2"
  for A3 super-node networking), ``server_count``, and ``server_list`` of servers,
  each with a globally unique ``server_id`` and a ``device`` list of
  ``device_id`` (the physical ID, ``/dev/davinci<N>``), ``device_ip`` (globally
  unique, IPv4 or IPv6) and ``rank_id`` (from 0, globally unique);
- template 2 (compatibility): ``status``, ``group_count`` and ``group_list`` of
  groups with ``device_count``, ``instance_count`` and an ``instance_list`` of
  ``{pod_name, server_id, devices: [{device_id, device_ip}]}``; ranks follow the
  order of the devices. Older variants of it (``device_num``/``server_num``, a
  ``rank_id`` per instance) are still found in public launch scripts and are
  read without being judged on those fields.

Template 1's fields are all required; all values are strings. A table that
breaks these rules is rejected when the collective communication group is set up.
"""

from __future__ import annotations

import ipaddress
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ascend_studio._input import InputError, read_bounded
from ascend_studio.doctor._model import Finding, finding
from ascend_studio.schema import Catalog, Text

__all__ = ["RankTable", "TableDevice", "read_rank_table"]

_MAX_BYTES = 16 << 20


@dataclass(frozen=True)
class TableDevice:
    server: str
    device_id: str
    device_ip: str
    #: None when the entry gives no usable rank id.
    rank_id: int | None


@dataclass
class RankTable:
    path: str
    template: int = 0
    devices: list[TableDevice] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    @property
    def size(self) -> int:
        return len(self.devices)


class _Reader:
    def __init__(self, path: str, catalog: Catalog) -> None:
        self.table = RankTable(path)
        self.catalog = catalog

    def bad(self, zh: str, en: str, *, severity: str = "error") -> None:
        fix = Text(
            zh="按 rank table 文档的模板修改该文件。",
            en="Correct the file after the documented rank table template.",
        )
        message = Text(zh=f"{self.table.path}：{zh}", en=f"{self.table.path}: {en}")
        self.table.findings.append(
            finding(
                "launch.rank_table.format",
                "error" if severity == "error" else "warning",
                message,
                self.catalog,
                fix=fix,
                subject="rank table",
                path=self.table.path,
            )
        )

    def text(self, obj: dict[str, Any], key: str, where: str) -> str | None:
        value = obj.get(key)
        if value is None:
            self.bad(
                f"{where} 缺少必选字段 “{key}”。", f"{where} lacks the required field “{key}”."
            )
            return None
        if not isinstance(value, str):
            self.bad(
                f'{where} 的 “{key}” 应为字符串（如 "{value}"）。',
                f'{where}: “{key}” must be a string ("{value}").',
                severity="warning",
            )
            return str(value)
        return value

    def count(self, obj: dict[str, Any], key: str, actual: int, where: str) -> None:
        value = self.text(obj, key, where)
        if value is not None and value.strip() != str(actual):
            self.bad(
                f"{where} 的 {key}={value}，但实际列出 {actual} 个。",
                f"{where}: {key}={value} but {actual} are listed.",
            )

    def items(self, obj: dict[str, Any], key: str, where: str) -> list[dict[str, Any]]:
        value = obj.get(key)
        if not isinstance(value, list) or not value:
            self.bad(f"{where} 缺少非空列表 “{key}”。", f"{where} lacks a non-empty list “{key}”.")
            return []
        good = [v for v in value if isinstance(v, dict)]
        if len(good) != len(value):
            self.bad(
                f"{where} 的 “{key}” 中有非对象项。", f"{where}: “{key}” holds a non-object item."
            )
        return good

    def device(self, obj: dict[str, Any], server: str, rank: int | None, where: str) -> None:
        device_id = self.text(obj, "device_id", where) or "?"
        device_ip = self.text(obj, "device_ip", where) or "?"
        if device_ip != "?":
            try:
                ipaddress.ip_address(device_ip)
            except ValueError:
                self.bad(
                    f"{where} 的 device_ip “{device_ip}” 不是 IPv4 或 IPv6 地址。",
                    f"{where}: device_ip “{device_ip}” is not an IPv4 or IPv6 address.",
                )
        if rank is None:
            raw = self.text(obj, "rank_id", where)
            rank = int(raw) if raw is not None and raw.strip().isdigit() else None
            if raw is not None and rank is None:
                self.bad(
                    f"{where} 的 rank_id “{raw}” 不是整数。",
                    f"{where}: rank_id “{raw}” is not a whole number.",
                )
        if not device_id.strip().isdigit() and device_id != "?":
            self.bad(
                f"{where} 的 device_id “{device_id}” 不是整数。",
                f"{where}: device_id “{device_id}” is not a whole number.",
            )
        self.table.devices.append(TableDevice(server, device_id.strip(), device_ip, rank))

    def template1(self, data: dict[str, Any]) -> None:
        self.table.template = 1
        version = self.text(data, "version", "the table")
        if version is not None and version not in ("1.0", "1.2"):
            self.bad(
                f"version “{version}” 不是 1.0 或 1.2。",
                f"version “{version}” is neither 1.0 nor 1.2.",
            )
        servers = self.items(data, "server_list", "the table")
        self.count(data, "server_count", len(servers), "the table")
        for index, server in enumerate(servers):
            sid = self.text(server, "server_id", f"server_list[{index}]") or f"#{index}"
            for j, dev in enumerate(self.items(server, "device", f"server {sid}")):
                self.device(dev, sid, None, f"server {sid} device[{j}]")

    def optional_count(
        self, obj: dict[str, Any], keys: tuple[str, ...], actual: int, where: str
    ) -> None:
        key = next((k for k in keys if k in obj), None)
        if key is not None:
            self.count(obj, key, actual, where)

    def template2(self, data: dict[str, Any]) -> None:
        """The compatibility template; its older variants (``device_num``, a ``rank_id``
        per instance instead of ``pod_name``) are read as they are, not judged."""
        self.table.template = 2
        groups = self.items(data, "group_list", "the table")
        self.optional_count(data, ("group_count",), len(groups), "the table")
        rank = 0
        for g_index, group in enumerate(groups):
            where = f"group_list[{g_index}]"
            instances = self.items(group, "instance_list", where)
            self.optional_count(group, ("instance_count",), len(instances), where)
            total = 0
            for i_index, inst in enumerate(instances):
                here = f"{where} instance[{i_index}]"
                sid = self.text(inst, "server_id", here) or "?"
                own = inst.get("rank_id")
                for dev in self.items(inst, "devices", here):
                    given = int(own) if isinstance(own, str) and own.isdigit() else None
                    self.device(dev, sid, rank if given is None else given, here)
                    rank, total = rank + 1, total + 1
            self.optional_count(group, ("device_count", "device_num"), total, where)

    def uniqueness(self) -> None:
        devices = self.table.devices
        ranks = [d.rank_id for d in devices if d.rank_id is not None]
        if ranks and sorted(ranks) != list(range(len(devices))):
            listed = ",".join(map(str, sorted(ranks)))
            self.bad(
                f"rank_id 应为 0..{len(devices) - 1} 且各不相同，实际为 {listed}。",
                f"rank_id must be 0..{len(devices) - 1}, each once; found {listed}.",
            )
        ips = [d.device_ip for d in devices if d.device_ip != "?"]
        twice = sorted({ip for ip in ips if ips.count(ip) > 1})
        if twice:
            self.bad(
                f"device_ip 重复：{', '.join(twice)}（文档要求全局唯一；单机内未必用到）。",
                f"device_ip repeated: {', '.join(twice)} (the docs require them globally "
                "unique; within one server they may go unused).",
                severity="warning",
            )
        pairs = [(d.server, d.device_id) for d in devices]
        again = sorted({f"{s}:{d}" for s, d in pairs if pairs.count((s, d)) > 1})
        if again:
            self.bad(
                f"同一服务器上的 device_id 重复：{', '.join(again)}。",
                f"device_id repeated on one server: {', '.join(again)}.",
            )


def read_rank_table(path: Path, shown: str, catalog: Catalog) -> RankTable:
    """Read and check the table at ``path`` (named ``shown`` in messages)."""
    reader = _Reader(shown, catalog)
    try:
        raw = read_bounded(path, _MAX_BYTES)
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        reader.bad("不是 UTF-8 文本。", "not UTF-8 text.")
        return reader.table
    except json.JSONDecodeError as exc:
        reader.bad(
            f"不是合法的 JSON（第 {exc.lineno} 行第 {exc.colno} 列：{exc.msg}）。",
            f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg}).",
        )
        return reader.table
    except InputError as exc:
        zh = {"system": "内核与设备文件从不读取", "not_regular": "不是普通文件"}
        reader.bad(f"读不出：{zh.get(exc.kind, exc.problem)}。", f"cannot be read: {exc.problem}.")
        return reader.table
    if not isinstance(data, dict):
        reader.bad("顶层应为 JSON 对象。", "the top level must be a JSON object.")
        return reader.table
    status = reader.text(data, "status", "the table")
    if status is not None and status != "completed":
        reader.bad(
            f"status 为 “{status}”：只有 completed 表示可用。",
            f"status is “{status}”: only “completed” marks the table usable.",
        )
    if "server_list" in data:
        reader.template1(data)
    elif "group_list" in data:
        reader.template2(data)
    else:
        reader.bad(
            "既没有 server_list 也没有 group_list。", "it has neither server_list nor group_list."
        )
    reader.uniqueness()
    return reader.table
