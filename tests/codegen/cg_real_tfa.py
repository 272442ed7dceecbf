"""The real TF Adapter Python code, run without TensorFlow: for differential tests.

Given a hicann/tensorflow checkout (``$ASCEND_STUDIO_TF_ADAPTER``), this loads
the real ``npu_config.py`` (NPURunConfig and its sub-configs) and the real
``NPUEstimator`` loaders from ``npu_estimator.py``, with TensorFlow replaced by
small stand-ins, except the protocol buffers: ``ConfigProto``, ``RewriterConfig``
and ``AttrValue`` are real protobuf messages (built at test time with the field
names, numbers and types of TensorFlow's ``config.proto``,
``rewriter_config.proto`` and ``attr_value.proto``), so a ``str`` given to a
``bytes`` field fails exactly as it does on a real machine.
"""

from __future__ import annotations

import ast
import json
import os
import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import cg_standins as standins
from cg_estimator_source import tf_adapter_dir

__all__ = ["RealTfa", "load", "parameter_map"]

_NPU = "python/npu_bridge/estimator/npu"


def _field(msg: Any, name: str, number: int, kind: int, **extra: Any) -> None:
    msg.field.add(name=name, number=number, type=kind, label=1, **extra)  # 1: optional


def _attr_value(proto: Any, fdp: Any) -> None:
    """attr_value.proto: the scalar members of the ``value`` oneof."""
    attr = proto.message_type.add(name="AttrValue")
    attr.oneof_decl.add(name="value")
    for name, number, kind in (
        ("s", 2, fdp.TYPE_BYTES),
        ("i", 3, fdp.TYPE_INT64),
        ("f", 4, fdp.TYPE_FLOAT),
        ("b", 5, fdp.TYPE_BOOL),
        ("placeholder", 9, fdp.TYPE_STRING),
    ):
        _field(attr, name, number, kind, oneof_index=0)


def _rewriter(proto: Any, fdp: Any) -> None:
    """rewriter_config.proto: Toggle, CustomGraphOptimizer and the fields NPU code sets."""
    rewriter = proto.message_type.add(name="RewriterConfig")
    toggle = rewriter.enum_type.add(name="Toggle")
    for name, number in (("DEFAULT", 0), ("ON", 1), ("OFF", 2), ("AGGRESSIVE", 3)):
        toggle.value.add(name=name, number=number)
    custom = rewriter.nested_type.add(name="CustomGraphOptimizer")
    _field(custom, "name", 1, fdp.TYPE_STRING)
    entry = custom.nested_type.add(name="ParameterMapEntry")
    entry.options.map_entry = True
    _field(entry, "key", 1, fdp.TYPE_STRING)
    _field(entry, "value", 2, fdp.TYPE_MESSAGE, type_name=".tensorflow.AttrValue")
    custom.field.add(
        name="parameter_map",
        number=2,
        type=fdp.TYPE_MESSAGE,
        label=fdp.LABEL_REPEATED,
        type_name=".tensorflow.RewriterConfig.CustomGraphOptimizer.ParameterMapEntry",
    )
    toggle_type = ".tensorflow.RewriterConfig.Toggle"
    _field(rewriter, "memory_optimization", 4, fdp.TYPE_ENUM, type_name=toggle_type)
    _field(rewriter, "remapping", 14, fdp.TYPE_ENUM, type_name=toggle_type)
    rewriter.field.add(
        name="optimizers", number=100, type=fdp.TYPE_STRING, label=fdp.LABEL_REPEATED
    )
    rewriter.field.add(
        name="custom_optimizers",
        number=200,
        type=fdp.TYPE_MESSAGE,
        label=fdp.LABEL_REPEATED,
        type_name=".tensorflow.RewriterConfig.CustomGraphOptimizer",
    )


def _config(proto: Any, fdp: Any) -> None:
    """config.proto: OptimizerOptions, GraphOptions and ConfigProto (the fields used)."""
    optimizer = proto.message_type.add(name="OptimizerOptions")
    level = optimizer.enum_type.add(name="GlobalJitLevel")
    for name, number in (("DEFAULT", 0), ("OFF", -1), ("ON_1", 1), ("ON_2", 2)):
        level.value.add(name=name, number=number)
    level_type = ".tensorflow.OptimizerOptions.GlobalJitLevel"
    _field(optimizer, "global_jit_level", 5, fdp.TYPE_ENUM, type_name=level_type)
    graph = proto.message_type.add(name="GraphOptions")
    options = ".tensorflow.OptimizerOptions"
    _field(graph, "optimizer_options", 3, fdp.TYPE_MESSAGE, type_name=options)
    _field(graph, "rewrite_options", 10, fdp.TYPE_MESSAGE, type_name=".tensorflow.RewriterConfig")
    config = proto.message_type.add(name="ConfigProto")
    _field(config, "allow_soft_placement", 7, fdp.TYPE_BOOL)
    _field(config, "log_device_placement", 8, fdp.TYPE_BOOL)
    _field(config, "graph_options", 10, fdp.TYPE_MESSAGE, type_name=".tensorflow.GraphOptions")


def _protos() -> dict[str, Any]:
    """AttrValue, RewriterConfig, OptimizerOptions and ConfigProto as real protobuf classes."""
    from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

    fdp = descriptor_pb2.FieldDescriptorProto
    proto = descriptor_pb2.FileDescriptorProto(
        name="ascend_studio_tf_subset.proto", package="tensorflow", syntax="proto3"
    )
    _attr_value(proto, fdp)
    _rewriter(proto, fdp)
    _config(proto, fdp)
    pool = descriptor_pool.DescriptorPool()
    pool.Add(proto)
    names = ("AttrValue", "RewriterConfig", "OptimizerOptions", "ConfigProto")
    # protobuf 3.20 (what TF 1.15 ran on) has only the factory; 4.x and later the function.
    make = getattr(message_factory, "GetMessageClass", None)
    if make is None:
        make = message_factory.MessageFactory(pool).GetPrototype
    return {n: make(pool.FindMessageTypeByName(f"tensorflow.{n}")) for n in names}


def parameter_map(config: Any) -> dict[str, tuple[str, Any]]:
    """Every NpuOptimizer key of a real ConfigProto: key -> (field, value)."""
    found: dict[str, tuple[str, Any]] = {}
    for op in config.graph_options.rewrite_options.custom_optimizers:
        if op.name == "NpuOptimizer":
            for key, value in op.parameter_map.items():
                which = value.WhichOneof("value")
                found[key] = (which, getattr(value, which)) if which else ("", None)
    return found


class _ClusterSpec:
    def __init__(self, cluster: Any) -> None:
        self._cluster = dict(cluster or {})

    def __bool__(self) -> bool:
        return bool(self._cluster)


def _as_bytes(value: Any) -> bytes:
    if isinstance(value, bytearray | bytes):
        return bytes(value)
    if isinstance(value, str):
        return value.encode("utf-8")
    raise TypeError(f"Expected binary or unicode string, got {value!r}")


def _module(name: str, **attrs: Any) -> types.ModuleType:
    module = types.ModuleType(name)
    for key, value in attrs.items():
        setattr(module, key, value)
    return module


def _functions(path: Path, wanted: set[str], namespace: dict[str, Any]) -> dict[str, Any]:
    """Run only the named top-level functions of a real source file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    body: list[ast.stmt] = [
        n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name in wanted
    ]
    module = ast.fix_missing_locations(ast.Module(body=body, type_ignores=[]))
    exec(compile(module, str(path), "exec"), namespace)
    return namespace


_UTIL = {
    "check_not_none",
    "check_positive_integer",
    "check_nonnegative_integer",
    "check_bool_type",
    "convert_bool_to_int",
    "format_string",
    "check_profiling_options",
    "check_path",
    "check_aoe_mode",
    "get_ranksize",
    "set_iteration_per_loop",
}


def _link_parents(stubs: dict[str, types.ModuleType]) -> None:
    """Give every stub its parent packages, each holding the child as an attribute."""
    for name in sorted(stubs, key=len):
        parts = name.split(".")
        for i in range(1, len(parts)):
            parent = ".".join(parts[:i])
            stubs.setdefault(parent, _module(parent))
            stubs[parent].__path__ = []  # type: ignore[attr-defined]
            child = ".".join(parts[: i + 1])
            if child in stubs:
                setattr(stubs[parent], parts[i], stubs[child])


class RealTfa:
    """The real npu_config classes and NPUEstimator loaders, with TF stubbed."""

    def __init__(self, root: Path) -> None:
        self.root = root
        pb = _protos()
        self.ConfigProto = pb["ConfigProto"]
        self.tf = _module(
            "tensorflow",
            ConfigProto=self.ConfigProto,
            compat=types.SimpleNamespace(
                as_bytes=_as_bytes, v1=types.SimpleNamespace(ConfigProto=self.ConfigProto)
            ),
        )
        six = types.SimpleNamespace(integer_types=(int,), string_types=(str,))
        util_ns = _functions(root / _NPU / "util.py", _UTIL, {"os": os, "six": six, "tf": self.tf})
        util_ns["set_iteration_per_loop"] = standins.set_iteration_per_loop  # graph code
        self.util = _module("npu_bridge.estimator.npu.util", **util_ns)
        self.stubs = self._stubs(pb)
        _link_parents(self.stubs)
        self.npu_config = self._load_npu_config()
        self.stubs["npu_bridge.estimator.npu.npu_config"] = self.npu_config
        self.stubs["npu_bridge.estimator.npu"].npu_config = self.npu_config  # type: ignore[attr-defined]
        names = ("NPURunConfig", "DumpConfig", "ProfilingConfig", "MemoryConfig")
        names += ("DynamicInputConfig",)  # an older release lacks some of them
        self.stubs["npu_bridge.npu_init"] = _module(
            "npu_bridge.npu_init",
            tf=self.tf,
            RewriterConfig=pb["RewriterConfig"],
            **{n: getattr(self.npu_config, n) for n in names if hasattr(self.npu_config, n)},
        )
        self._estimator = self._load_estimator()

    def _stubs(self, pb: dict[str, Any]) -> dict[str, types.ModuleType]:
        """The TensorFlow modules npu_config.py imports, and npu_bridge's util."""
        return {
            "tensorflow": self.tf,
            "tensorflow.core.protobuf.config_pb2": _module(
                "tensorflow.core.protobuf.config_pb2",
                ConfigProto=self.ConfigProto,
                OptimizerOptions=pb["OptimizerOptions"],
            ),
            "tensorflow.core.protobuf.rewriter_config_pb2": _module(
                "tensorflow.core.protobuf.rewriter_config_pb2",
                RewriterConfig=pb["RewriterConfig"],
            ),
            "tensorflow.python.estimator.run_config": _module(
                "tensorflow.python.estimator.run_config",
                RunConfig=standins.RunConfig,
                _TF_CONFIG_ENV="TF_CONFIG",
                _CLUSTER_KEY="cluster",
            ),
            "tensorflow.distribute.experimental": _module(
                "tensorflow.distribute.experimental",
                ParameterServerStrategy=standins.ParameterServerStrategy,
            ),
            "tensorflow.contrib.distribute": _module(
                "tensorflow.contrib.distribute",
                DistributeConfig=lambda *a: ("DistributeConfig", *a),
            ),
            "tensorflow.python.training.server_lib": _module(
                "tensorflow.python.training.server_lib", ClusterSpec=_ClusterSpec
            ),
            # imported (not used by the constructors) by the 2021-2022 releases
            "tensorflow.python.util.compat_internal": _module(
                "tensorflow.python.util.compat_internal"
            ),
            "tensorflow.python.platform.gfile": _module("tensorflow.python.platform.gfile"),
            "npu_bridge.estimator.npu": _module("npu_bridge.estimator.npu", util=self.util),
            "npu_bridge.estimator.npu.util": self.util,
        }

    @contextmanager
    def installed(self) -> Iterator[None]:
        saved = {name: sys.modules.get(name) for name in self.stubs}
        sys.modules.update(self.stubs)
        try:
            yield
        finally:
            for name, module in saved.items():
                if module is None:
                    sys.modules.pop(name, None)
                else:
                    sys.modules[name] = module

    def _load_npu_config(self) -> types.ModuleType:
        path = self.root / _NPU / "npu_config.py"
        module = types.ModuleType("npu_bridge.estimator.npu.npu_config")
        module.__file__ = str(path)
        with self.installed():
            exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), module.__dict__)
        return module

    def _load_estimator(self) -> Any:
        path = self.root / _NPU / "npu_estimator.py"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "NPUEstimator")
        methods: list[ast.stmt] = [
            f
            for f in cls.body
            if isinstance(f, ast.FunctionDef)
            and ("_load" in f.name or f.name == "__oo_constant_folding")
        ]
        shell = ast.ClassDef(
            name="NPUEstimator",
            bases=[],
            keywords=[],
            body=methods,
            decorator_list=[],
            type_params=[],
        )
        module = ast.fix_missing_locations(ast.Module(body=[shell], type_ignores=[]))
        namespace: dict[str, Any] = {"tf": self.tf, "json": json, "os": os}
        exec(compile(module, str(path), "exec"), namespace)
        return object.__new__(namespace["NPUEstimator"])

    def run(self, text: str, **names: Any) -> dict[str, Any]:
        """Execute exported code against the real classes; returns its namespace."""
        namespace: dict[str, Any] = {"__name__": "exported", **names}
        with self.installed():
            exec(compile(text, "<exported>", "exec"), namespace)
        return namespace

    def estimator_map(self, config: Any) -> dict[str, tuple[str, Any]]:
        """What the real ``NPUEstimator.__load_graph_optimizers`` writes for ``config``."""
        result = self._estimator._NPUEstimator__load_graph_optimizers(config)
        return parameter_map(result.session_config)


@cache
def _load(root: str) -> RealTfa:
    return RealTfa(Path(root))


def load() -> RealTfa | None:
    """The real code from ``$ASCEND_STUDIO_TF_ADAPTER``; None when it is not set."""
    root = tf_adapter_dir()
    return None if root is None else _load(str(root))
