"""The catalog as TF Adapter 2.x users see it: what the form shows on the tf2 surface.

One parameter per leaf of the newest release's ``global_options()`` tree, under the
profile path its value is kept under: a catalog parameter with the 2.x class's
default and list of accepted values (a list of ``True``/``False`` makes it a switch),
the 2.x-only options as parameters of their own, the two parameters the
``npu_device`` functions set (``open``, ``set_npu_loop_size``), and the sub-config
holders the fields sit under. Each description ends with how a TF2 script sets it.
The rules keep reading the whole catalog; only the views use this one.
"""

from __future__ import annotations

from dataclasses import replace
from threading import Lock

from ascend_studio.schema._catalog import Catalog
from ascend_studio.schema._models import Checks, EnumValue, Kind, Parameter, PyType, Scalar, Text
from ascend_studio.schema._tf2 import TF2_PREFIX, Tf2Call, Tf2Facts, Tf2Option

__all__ = ["tf2_catalog", "tf2_parameter"]

_MADE: dict[int, tuple[Catalog, Catalog]] = {}
_LOCK = Lock()


def tf2_catalog(catalog: Catalog) -> Catalog:
    """``catalog`` as seen from TF Adapter 2.x's newest release (made once per catalog)."""
    found = _MADE.get(id(catalog))
    if found is not None and found[0] is catalog:
        return found[1]
    made = _view(catalog)
    with _LOCK:
        _MADE[id(catalog)] = (catalog, made)
    return made


def _view(catalog: Catalog) -> Catalog:
    tf2 = catalog.tf2
    by_key: dict[str, Parameter] = {}
    for option in tf2.in_release():
        facts = option.facts_in(tf2.newest)
        assert facts is not None
        by_key[option.key] = tf2_parameter(catalog, option, facts)
    for call in tf2.calls:
        if catalog.has(call.param):
            by_key[call.param] = _called(catalog.param(call.param), call)
    holders = {p.path for p in catalog.params if p.kind == "subconfig"}
    for key in list(by_key):
        head = key.rpartition(".")[0]
        while head:
            if head in holders and head not in by_key:
                by_key[head] = catalog.param(head)
            head = head.rpartition(".")[0]
    order = {p.path: p.order for p in catalog.params}
    params = sorted(by_key.values(), key=lambda p: (order.get(p.path, p.order), p.path))
    return replace(catalog, params=tuple(params))


def _note(text: Text, zh: str, en: str) -> Text:
    return Text.of(f"{text.zh}\n\nTF Adapter 2.x：{zh}", f"{text.en}\n\nTF Adapter 2.x: {en}")


def _literal(value: Scalar | None) -> str:
    return repr(value) if not isinstance(value, str) else f'"{value}"'


def _choices(
    param: Parameter | None, facts: Tf2Facts
) -> tuple[Kind, PyType, tuple[EnumValue, ...]]:
    """(kind, py_type, values) for an option's list of accepted values."""
    listed = facts.values or ()
    if set(map(repr, listed)) == {"True", "False"}:
        return "bool", "bool", ()
    values: list[EnumValue] = []
    for value in listed:
        known = param.value_info(value) if param is not None else None
        values.append(
            known
            or EnumValue(
                value=value,
                description=Text.of(
                    "TF Adapter 2.x 接受的取值。", "A value TF Adapter 2.x accepts."
                ),
            )
        )
    py_type: PyType = "int" if all(isinstance(v, int) for v in listed) else "str"
    return "enum", py_type, tuple(values)


def tf2_parameter(catalog: Catalog, option: Tf2Option, facts: Tf2Facts) -> Parameter:
    """The parameter a 2.x option is, in the 2.x view (see the module docstring)."""
    base = catalog.param(option.param) if option.param is not None else _own(option)
    kind, py_type, values = base.kind, base.py_type, base.values
    if facts.values is not None:
        kind, py_type, values = _choices(base, facts)
    shown = f"{TF2_PREFIX}.{option.path}"
    example = f"{shown} = {_literal(facts.default if facts.default is not None else (facts.values or ('...',))[0])}"
    return replace(
        base,
        kind=kind,
        py_type=py_type,
        values=values,
        open_enum=False if kind != base.kind else base.open_enum,
        default=facts.default,
        doc_default=base.doc_default if facts.default is None else (),
        scenario="both",
        checks=Checks(),
        example=example,
        description=_note(
            base.description,
            f"在脚本中写作 {shown}。",
            f"a script sets it as {shown}.",
        ),
    )


def _own(option: Tf2Option) -> Parameter:
    """A 2.x-only option as a parameter of its own (path: the option's)."""
    assert option.kind and option.py_type and option.category and option.section
    assert option.label is not None and option.description is not None
    return Parameter(
        name=option.path,
        kind=option.kind,
        py_type=option.py_type,
        category=option.category,
        section=option.section,
        values=option.values,
        unit=option.unit,
        label=option.label,
        description=option.description,
        example=option.example,
        sources=option.sources,
        documented=False,
        order=10_000,
    )


def _called(param: Parameter, call: Tf2Call) -> Parameter:
    shown = f"npu_device.{call.name}({call.argument})"
    return replace(
        param,
        scenario="both",
        env_fallback=(call.env,) if call.env else (),
        env=(call.env,) if call.env else (),
        example=f"npu_device.{call.name}({param.default if param.default is not None else 0})",
        description=_note(call.note, f"在脚本中写作 {shown}。", f"a script sets it as {shown}."),
    )
