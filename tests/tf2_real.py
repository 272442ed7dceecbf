"""The real TF Adapter 2.x Python code, run without TensorFlow: for differential tests.

Two things are read from the TF Adapter sources (never vendored; tests skip without
them):

- every public release's ``tf_adapter_2.x/python/npu_device/configs/`` (the option
  classes import nothing but each other), through ``scripts/tf2_releases.py``;
- the newest ``npu_device/npu_device.py`` itself, with TensorFlow, absl and the
  C++ backend (``_npu_device_backends``) replaced by small stand-ins, so that
  ``global_options()``, ``open()`` and ``set_npu_loop_size()`` are the real
  functions and what ``open()`` hands the backend is what a real job would.

Both are found by ``tests/tfa_source.py`` (``$ASCEND_STUDIO_TF_ADAPTER``, its
sibling ``releases/``, or the shared reference folder beside the clone).
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import os
import sys
import types
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tfa_source

ROOT = Path(__file__).resolve().parents[1]
SKIP_RELEASES = tfa_source.SKIP_REASON
SKIP_CURRENT = tfa_source.SKIP_REASON

__all__ = [
    "Backend",
    "current_package",
    "derive_module",
    "real_npu_device",
    "releases_dir",
    "run_snippet",
]


def releases_dir() -> Path | None:
    """The per-release folders (``tests/tfa_source.py`` finds them)."""
    return tfa_source.releases_dir()


def current_package() -> Path | None:
    """The newest ``npu_device`` package folder, in the checkout ``tfa_source`` finds."""
    root = tfa_source.checkout()
    package = root / "tf_adapter_2.x/python/npu_device" if root is not None else None
    return package if package is not None and (package / "npu_device.py").is_file() else None


def derive_module() -> Any:
    """``scripts/tf2_releases.py`` as a module (its reader is the one tests use)."""
    spec = importlib.util.spec_from_file_location("tf2_releases", ROOT / "scripts/tf2_releases.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["tf2_releases"] = module
    spec.loader.exec_module(module)
    return module


# -- npu_device.py with TensorFlow replaced -------------------------------------------------
@dataclass
class Backend:
    """What the stand-in ``_npu_device_backends`` was asked: the real calls' record."""

    opened: list[tuple[int, dict[str, str]]] = field(default_factory=list)
    loop_sizes: list[object] = field(default_factory=list)

    def module(self) -> types.ModuleType:
        backend = types.ModuleType("npu_device._npu_device_backends")

        def open_device(
            ctx: object, name: str, device_id: int, options: dict[str, str], dev: dict[str, str]
        ) -> str:
            if not isinstance(device_id, int):  # pybind11's int argument
                raise TypeError("Open(): incompatible function arguments")
            self.opened.append((device_id, dict(options)))
            return ""

        def set_loop_size(loop_size: object) -> None:
            if not isinstance(loop_size, int) or isinstance(loop_size, bool):
                raise TypeError("SetNpuLoopSize(): incompatible function arguments")
            self.loop_sizes.append(loop_size)

        backend.Open = open_device  # type: ignore[attr-defined]
        backend.SetNpuLoopSize = set_loop_size  # type: ignore[attr-defined]
        backend.Close = lambda: None  # type: ignore[attr-defined]
        backend.WatchOpRegister = lambda: None  # type: ignore[attr-defined]
        backend.StopWatchOpRegister = lambda: None  # type: ignore[attr-defined]
        return backend


class _Context:
    """``tensorflow.python.eager.context.Context``: enough for ``open()``."""

    def __init__(self) -> None:
        self._handle = object()

    def ensure_initialized(self) -> None:
        pass


def _tensorflow() -> dict[str, types.ModuleType]:
    """The TensorFlow modules ``npu_device.py`` imports, as stand-ins."""

    def module(name: str, **attrs: object) -> types.ModuleType:
        made = types.ModuleType(name)
        made.__dict__.update(attrs)
        return made

    state: dict[str, object] = {"ctx": _Context()}

    def set_context(ctx: object) -> None:
        state["ctx"] = ctx

    context = module(
        "tensorflow.python.eager.context",
        Context=_Context,
        context=lambda: state["ctx"],
        _set_context=set_context,
        device=lambda name: contextlib.nullcontext(),
    )
    function_cls = type("Function", (), {"__call__": lambda self, *a, **k: None})
    def_function = module(
        "tensorflow.python.eager.def_function",
        function=lambda *a, **k: a[0] if a and callable(a[0]) else (lambda f: f),
        Function=function_cls,
    )
    tf = module(
        "tensorflow",
        load_op_library=lambda path: module("ops_library"),
        function=lambda f=None, **k: f if f is not None else (lambda g: g),
        constant=lambda value: value,
        py_function=lambda *a, **k: None,
        compat=module("tensorflow.compat", v1=module("tensorflow.compat.v1")),
    )
    device_spec = type("DeviceSpec", (), {"from_string": staticmethod(lambda text: text)})
    return {
        "tensorflow": tf,
        "tensorflow.python": module("tensorflow.python"),
        "tensorflow.python.eager": module("tensorflow.python.eager"),
        "tensorflow.python.eager.context": context,
        "tensorflow.python.eager.def_function": def_function,
        "tensorflow.python.framework": module("tensorflow.python.framework"),
        "tensorflow.python.framework.device": module(
            "tensorflow.python.framework.device", DeviceSpec=device_spec
        ),
        "tensorflow.python.framework.ops": module(
            "tensorflow.python.framework.ops", device=lambda *a: None
        ),
        "tensorflow.python.ops": module("tensorflow.python.ops"),
        "tensorflow.python.ops.script_ops": module(
            "tensorflow.python.ops.script_ops", EagerFunc=type("EagerFunc", (), {})
        ),
        "tensorflow.python.util": module("tensorflow.python.util"),
        "tensorflow.python.util.tf_contextlib": module(
            "tensorflow.python.util.tf_contextlib", contextmanager=contextlib.contextmanager
        ),
        "absl": module("absl"),
        "absl.logging": module("absl.logging", info=lambda *a, **k: None),
    }


@contextlib.contextmanager
def real_npu_device(package: Path) -> Iterator[tuple[types.ModuleType, Backend]]:
    """``npu_device`` with its real ``npu_device.py`` and configs over stand-ins, importable
    as ``import npu_device`` for the duration; the backend records what it was given."""
    backend = Backend()
    saved = {
        n: m
        for n, m in sys.modules.items()
        if n.split(".")[0] in ("npu_device", "tensorflow", "absl")
    }
    for name in saved:
        del sys.modules[name]
    stand_ins = _tensorflow()
    top = types.ModuleType("npu_device")
    top.__path__ = [str(package)]
    configs = types.ModuleType("npu_device.configs")
    configs.__path__ = [str(package / "configs")]
    sys.modules.update(stand_ins)
    sys.modules.update({"npu_device": top, "npu_device.configs": configs})
    sys.modules["npu_device._npu_device_backends"] = backend.module()
    # as_default() converts TensorFlow APIs (npu_device.train): nothing to convert here
    train = types.ModuleType("npu_device.train")
    train.__path__ = []
    convert = types.ModuleType("npu_device.train.npu_convert")
    convert.npu_convert_api = lambda: None  # type: ignore[attr-defined]
    train.npu_convert = convert  # type: ignore[attr-defined]
    sys.modules.update({"npu_device.train": train, "npu_device.train.npu_convert": convert})
    top._npu_device_backends = sys.modules["npu_device._npu_device_backends"]  # type: ignore[attr-defined]
    try:
        real = importlib.import_module("npu_device.npu_device")
        for name in ("open", "global_options", "set_npu_loop_size", "npu_run_context"):
            setattr(top, name, getattr(real, name))
        yield top, backend
    finally:
        for name in [
            n for n in sys.modules if n.split(".")[0] in ("npu_device", "tensorflow", "absl")
        ]:
            del sys.modules[name]
        sys.modules.update(saved)


def run_snippet(
    package: Path, code: str, env: dict[str, str] | None = None
) -> tuple[Backend, dict[str, Any]]:
    """Execute ``code`` (an exported TF2 snippet) against the real ``npu_device``."""
    with real_npu_device(package) as (_, backend):
        namespace: dict[str, Any] = {"__name__": "__tf2_snippet__"}
        saved_env = dict(os.environ)
        try:
            os.environ.update(env or {})
            exec(compile(code, "<tf2 export>", "exec"), namespace)
        finally:
            os.environ.clear()
            os.environ.update(saved_env)
        return backend, namespace
