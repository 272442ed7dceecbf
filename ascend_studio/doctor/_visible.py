"""ASCEND_RT_VISIBLE_DEVICES and the device id, read the way the runtime reads them.

From the ASCEND_RT_VISIBLE_DEVICES page of the CANN environment variable
reference: the value lists logical device IDs separated by commas; reading
stops at the first other character (``1, 2,3`` reads as ``1``) or invalid ID
(``1,3,8`` on eight devices reads as ``1,3``); only ascending IDs are supported;
the process then sees the listed devices as indexes 0..n-1, and ASCEND_DEVICE_ID,
when also set, must be one of those indexes, "otherwise the training or inference
application runs abnormally". It takes precedence over ASCEND_DEVICE_ID.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ascend_studio.doctor._model import Finding, finding
from ascend_studio.schema import Catalog, Text, read_env_int, stored

__all__ = ["VisibleDevices", "device_findings", "device_index", "read_visible"]

_NAME = "ASCEND_RT_VISIBLE_DEVICES"


@dataclass(frozen=True)
class VisibleDevices:
    raw: str
    #: The IDs the runtime takes, in the order given.
    ids: tuple[int, ...]
    #: What reading stopped at (a character or an ID), None when the whole value was read.
    stopped_at: str | None = None


def read_visible(raw: str, device_count: int | None = None) -> VisibleDevices:
    """The IDs ``raw`` makes visible on a machine with ``device_count`` NPUs (None: unknown)."""
    ids: list[int] = []
    for piece in raw.split(","):
        if not piece.isdigit() or not piece.isascii():
            return VisibleDevices(raw, tuple(ids), piece if piece else ",")
        number = int(piece)
        if device_count is not None and number >= device_count:
            return VisibleDevices(raw, tuple(ids), piece)
        ids.append(number)
    return VisibleDevices(raw, tuple(ids))


def _order(visible: VisibleDevices, catalog: Catalog, subject: str) -> list[Finding]:
    ids = visible.ids
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        listed = ",".join(map(str, repeated))
        return [
            finding(
                "launch.visible_devices",
                "error",
                Text(
                    zh=f"{_NAME}={visible.raw} 重复列出设备 {listed}；只支持严格升序、不重复的 ID。",
                    en=f"{_NAME}={visible.raw} lists device {listed} more than once; only "
                    "distinct IDs in ascending order are supported.",
                ),
                catalog,
                fix=Text(
                    zh="每个 ID 只写一次，按升序。", en="List each ID once, in ascending order."
                ),
                subject=subject,
            )
        ]
    if list(ids) != sorted(ids):
        fixed = ",".join(map(str, sorted(ids)))
        return [
            finding(
                "launch.visible_devices",
                "error",
                Text(
                    zh=f"{_NAME}={visible.raw} 不是升序；当前版本只支持按升序配置。",
                    en=f"{_NAME}={visible.raw} is not in ascending order; only ascending "
                    "IDs are supported.",
                ),
                catalog,
                fix=Text(zh=f"改为 {_NAME}={fixed}。", en=f"Use {_NAME}={fixed}."),
                subject=subject,
            )
        ]
    return []


def _truncated(visible: VisibleDevices, catalog: Catalog, subject: str) -> Finding:
    taken = ",".join(map(str, visible.ids)) or "nothing"
    return finding(
        "launch.visible_devices",
        "warning",
        Text(
            zh=f"{_NAME}={visible.raw!r} 只读到 {taken}：读取在 {visible.stopped_at!r} 处停止"
            "（只能是逗号分隔的有效设备 ID，不能有空格等其他字符）。",
            en=f"{_NAME}={visible.raw!r} reads as {taken}: reading stops at "
            f"{visible.stopped_at!r} (only valid device IDs separated by commas, no blanks or "
            "other characters).",
        ),
        catalog,
        fix=Text(
            zh="去掉空格与其他字符，只列出本机存在的设备 ID。",
            en="Remove blanks and other characters; list only device IDs this machine has.",
        ),
        subject=subject,
    )


def _index(
    name: str, value: str, limit: int, what: Text, catalog: Catalog, *, subject: str
) -> Finding:
    return finding(
        "doctor.device.out_of_range",
        "error",
        Text(
            zh=f"{name}={value} 超出范围：{what.zh}只有 {limit} 个（可用 0..{limit - 1}）。",
            en=f"{name}={value} is out of range: {what.en} only "
            f"{limit} {'device' if limit == 1 else 'devices'} "
            f"(use 0..{limit - 1}).",
        ),
        catalog,
        fix=Text(
            zh=f"把 {name} 设为 0..{limit - 1} 之一。", en=f"Set {name} to one of 0..{limit - 1}."
        ),
        subject=subject or f"env:{name}",
    )


def _gaps(
    visible: VisibleDevices, physical: tuple[int, ...], catalog: Catalog, subject: str
) -> Finding | None:
    """The machine's NPUs are not numbered 0..n-1 (a container given some of them):
    the variable takes logical IDs, so a physical number names another NPU, or none."""
    if not physical or list(physical) == list(range(len(physical))):
        return None
    mapping = ", ".join(f"{i}=davinci{p}" for i, p in enumerate(physical))
    stop = (visible.stopped_at or "").strip()
    if not (stop.isdigit() and int(stop) in physical):
        return None  # only a physical number that is no logical one shows the mix-up
    return finding(
        "launch.visible_devices",
        "warning",
        Text(
            zh=f"{_NAME}={visible.raw} 用的是逻辑 ID，而本机的 NPU 编号不连续（逻辑 {mapping}）；按物理编号填写会选中别的 NPU 或被截断。",
            en=f"{_NAME}={visible.raw} takes logical IDs, and this machine's NPUs are not "
            f"numbered 0..{len(physical) - 1} (logical {mapping}); physical numbers pick "
            "other NPUs or cut the list short.",
        ),
        catalog,
        fix=Text(
            zh=f"写逻辑 ID（0..{len(physical) - 1}）。",
            en=f"Use logical IDs (0..{len(physical) - 1}).",
        ),
        subject=subject,
    )


def device_findings(
    env: Mapping[str, str],
    device_count: int | None,
    catalog: Catalog,
    subject: str = "",
    physical: tuple[int, ...] = (),
) -> list[Finding]:
    """Findings on ASCEND_RT_VISIBLE_DEVICES and ASCEND_DEVICE_ID for one process
    (``physical``: the ``/dev/davinci<N>`` numbers of the machine, when known)."""
    found: list[Finding] = []
    limit, what = device_count, Text(zh="本机设备", en="this machine has")
    raw = env.get(_NAME)
    if raw is not None:
        visible = read_visible(raw, device_count)
        gaps = _gaps(visible, physical, catalog, subject or f"env:{_NAME}")
        if gaps is not None:
            found.append(gaps)
        if visible.stopped_at is not None:
            found.append(_truncated(visible, catalog, subject or f"env:{_NAME}"))
        found += _order(visible, catalog, subject or f"env:{_NAME}")
        limit = len(visible.ids)
        what = Text(zh=f"{_NAME} 可见的设备", en=f"{_NAME} makes visible")
    device = device_index(env.get("ASCEND_DEVICE_ID") or "", catalog)
    if device is not None and limit is not None and device >= limit > 0:
        shown = env["ASCEND_DEVICE_ID"].strip()
        found.append(_index("ASCEND_DEVICE_ID", shown, limit, what, catalog, subject=subject))
    return found


def device_index(text: str, catalog: Catalog) -> int | None:
    """The device ASCEND_DEVICE_ID names as TF Adapter reads it (the catalog's reader,
    then the unsigned field it is kept in: 4294967297 is device 1); None if unread."""
    var = catalog.env_var("ASCEND_DEVICE_ID")
    reader, bits = (var.int_reader, var.int_bits) if var is not None else ("", 0)
    value = read_env_int(text, reader)
    return None if value is None or value < 0 else stored(value, bits)
