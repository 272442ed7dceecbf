"""A rule about one parameter's value, as catalog data.

A fact that concerns one parameter alone is not code: a syntax its reader checks, a
bool the constructor insists on, a value the docs advise against, a unit easily
mixed up, a clamp the runtime applies. It is a ``[[param.rules]]`` table of the
parameter's catalog entry: the rule id users see, its severity, the test on the set
value (from a fixed vocabulary, below), where it holds (products, scenario,
surfaces), its message, source and fixes as edits. The rules engine makes one rule of
each (``rules/_param_rules.py``); a rule that involves several parameters is written
in Python (``rules/_rules_*.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ascend_studio.schema._base import Applies, Scalar, Scoped, Text, _Frozen

__all__ = ["ParamRule", "RuleFix"]

#: What in the parameter's set value makes the rule fire:
#: set / unset: given or not (an explicit None is not given);
#: equals / not_equals: the set literal is (not) one of ``values``, compared by type
#: (``True`` is not the int ``1``), but a bool among ``values`` matches the number equal
#: to it (``1``, ``0.0``: the bool the constructor makes of it);
#: between: a set int (not a bool) strictly between ``above`` and ``below``;
#: not_bool: set to something other than True/False;
#: not_int: set to something other than an int (a bool is one: Python's ``int``);
#: format: text that breaks the parameter's ``format`` (template value ``problem``);
#: repeated: a comma-separated list, well formed, naming an item twice (``twice``);
#: clamped: an int the runtime brings into range (``effective``; ``top`` its maximum).
Test = Literal[
    "set",
    "unset",
    "equals",
    "not_equals",
    "between",
    "not_bool",
    "not_int",
    "format",
    "repeated",
    "clamped",
]
#: A fix as data, applied to the rule's parameter:
#: set: ``value``; remove: the parameter; as_bool: 1/0 and "true"/"False" as the bool
#: they mean; replace: ``old`` written as ``new`` when that makes the text well formed;
#: pack: whitespace removed when that makes it well formed; dedupe: each list item
#: once, in its first place; times: the number multiplied by ``value`` (when positive);
#: as_runtime: the value the runtime makes of it (the test's ``effective``).
Edit = Literal["set", "remove", "as_bool", "replace", "pack", "dedupe", "times", "as_runtime"]
_VALUED: tuple[Edit, ...] = ("set", "times")


@dataclass(frozen=True, kw_only=True)
class RuleFix(_Frozen):
    """One fix of a catalog rule: the edit and how safe applying it is."""

    edit: Edit
    #: safe: changes nothing the job does (``--fix`` applies it); unsafe: on request.
    applicability: Literal["safe", "unsafe", "display"] = "unsafe"
    value: Scalar | None = None
    old: str | None = None
    new: str | None = None

    def __post_init__(self) -> None:
        if (self.value is not None) != (self.edit in _VALUED):
            raise ValueError(f"fix {self.edit}: a value is given exactly for set and times")
        if (self.old is not None or self.new is not None) != (self.edit == "replace"):
            raise ValueError(f"fix {self.edit}: old and new are given exactly for replace")


@dataclass(frozen=True, kw_only=True)
class ParamRule(Scoped, _Frozen):
    """One rule about its parameter's value; holds on ``products`` in ``scenario``."""

    id: str
    severity: Literal["error", "warning", "info"]
    #: Where the fact lives (``rules._model.Kind``): the Python constructor, the C++
    #: reader, the docs, the companion file, advice for particular networks.
    kind: Literal["python", "runtime", "docs", "file", "advice"]
    test: Test = "set"
    values: tuple[Scalar, ...] = ()
    above: float | None = None
    below: float | None = None
    products: tuple[str, ...] | None = None
    scenario: Applies = "both"
    #: The surfaces the fact holds on (None: those of its kind).
    surfaces: tuple[Literal["constructor", "estimator", "session", "tf2", "environment"], ...] | (
        None
    ) = None
    message: Text
    source: str
    fix: Text | None = None
    also: Text | None = None
    fixes: tuple[RuleFix, ...] = ()

    def __post_init__(self) -> None:
        valued = self.test in ("equals", "not_equals")
        if valued != bool(self.values):
            raise ValueError(f"{self.id}: values are given exactly for equals and not_equals")
        if (self.test == "between") != (self.above is not None or self.below is not None):
            raise ValueError(f"{self.id}: above/below are given exactly for between")
        if not self.source:
            raise ValueError(f"{self.id}: a rule needs its source")
