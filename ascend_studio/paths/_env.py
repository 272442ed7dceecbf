"""The environment a job will see, with where each value came from.

Several sources stack, lowest first: this process's environment, imported env
scripts (in the order given), the profile's own ``env`` table, then values typed
by the user. A higher source replaces a lower one; ``None`` means the source
unsets the variable, which also hides the lower values. Every replaced value is
kept so a view can show what was overridden.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Literal

from ascend_studio.profile import Profile
from ascend_studio.schema import Text

__all__ = ["EnvSource", "EnvValue", "Environment"]

SourceKind = Literal["process", "script", "profile", "typed"]


@dataclass(frozen=True, slots=True)
class EnvSource:
    """Where a set of environment values comes from."""

    kind: SourceKind
    #: The file name of an env script, or a label for typed values.
    detail: str = ""

    @property
    def origin(self) -> str:
        """Stable English label, e.g. ``env script run.sh`` (also used in JSON)."""
        if self.kind == "script":
            return f"env script {self.detail}".rstrip()
        if self.kind == "typed":
            return self.detail or "typed value"
        return {"process": "process environment", "profile": "profile environment"}[self.kind]

    @property
    def label(self) -> Text:
        """The origin in both languages, for messages shown to users."""
        if self.kind == "script":
            return Text(zh=f"环境脚本 {self.detail}".rstrip(), en=self.origin)
        if self.kind == "typed":
            return Text(zh=self.detail or "手工输入的值", en=self.origin)
        zh = {"process": "本进程环境", "profile": "配置中的环境变量"}[self.kind]
        return Text(zh=zh, en=self.origin)

    @classmethod
    def process(cls) -> EnvSource:
        return cls("process")

    @classmethod
    def script(cls, name: str) -> EnvSource:
        return cls("script", name)

    @classmethod
    def profile(cls) -> EnvSource:
        return cls("profile")

    @classmethod
    def typed(cls, label: str = "") -> EnvSource:
        return cls("typed", label)


@dataclass(frozen=True, slots=True)
class EnvValue:
    """The effective value of one variable; ``value is None``: explicitly unset."""

    value: str | None
    source: EnvSource
    #: What this value replaced, nearest first.
    overridden: tuple[tuple[str | None, EnvSource], ...] = ()

    @property
    def origin(self) -> str:
        return self.source.origin


@dataclass(frozen=True)
class Environment:
    """An immutable stack of environment sources."""

    layers: tuple[tuple[EnvSource, Mapping[str, str | None]], ...] = ()
    _table: dict[str, EnvValue] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        table: dict[str, EnvValue] = {}
        for source, values in self.layers:
            for name, value in values.items():
                below = table.get(name)
                history = ((below.value, below.source), *below.overridden) if below else ()
                table[name] = EnvValue(value, source, history)
        object.__setattr__(self, "_table", table)

    # -- building ------------------------------------------------------------------
    def with_layer(self, source: EnvSource, values: Mapping[str, str | None]) -> Environment:
        """A new environment with ``values`` stacked on top."""
        return Environment((*self.layers, (source, dict(values))))

    @classmethod
    def build(
        cls,
        *,
        profile: Profile | None = None,
        scripts: Iterable[tuple[str, Mapping[str, str | None]]] = (),
        process: Mapping[str, str] | bool = False,
        typed: Mapping[str, str | None] | None = None,
    ) -> Environment:
        """Stack the usual sources in their fixed order (process lowest, typed highest).

        ``process=True`` reads ``os.environ``; a mapping stands in for it (tests).
        """
        env = cls()
        if process:
            proc = os.environ if process is True else process
            env = env.with_layer(EnvSource.process(), dict(proc))
        for name, values in scripts:
            env = env.with_layer(EnvSource.script(name), values)
        if profile is not None and profile.env:
            env = env.with_layer(EnvSource.profile(), profile.env)
        if typed:
            env = env.with_layer(EnvSource.typed(), typed)
        return env

    # -- reading -------------------------------------------------------------------
    def get(self, name: str) -> EnvValue | None:
        """The effective entry, or ``None`` when no source mentions ``name``."""
        return self._table.get(name)

    def value(self, name: str) -> str | None:
        """The effective value; ``None`` when unset or never mentioned."""
        entry = self._table.get(name)
        return entry.value if entry else None

    def __contains__(self, name: object) -> bool:
        return name in self._table

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._table))

    def as_dict(self) -> dict[str, str | None]:
        return {name: entry.value for name, entry in sorted(self._table.items())}
