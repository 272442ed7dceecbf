"""Where a script builds each configuration the importer finds.

The importer's own scanner is run (never the script) so that configuration
``N`` here is configuration ``N`` of ``ascend-studio import``: the
``NPURunConfig(...)`` call with the sub-config calls it is given, or the
``ConfigProto`` whose NpuOptimizer ``parameter_map`` lines a sess.run script
writes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ascend_studio.codegen._import_py import _configurations
from ascend_studio.codegen._pymap import MapBuilder
from ascend_studio.codegen._pyobjs import ProtoObj, Source, SubConfigObj
from ascend_studio.codegen._pyscan import Scanner
from ascend_studio.codegen._recover import Parsed, parse_script
from ascend_studio.schema import Catalog

__all__ = ["Located", "Site", "locate"]


@dataclass(frozen=True)
class Site:
    """One configuration: its NPURunConfig call, or only its ConfigProto(s)."""

    runconfig: SubConfigObj | None
    protos: tuple[ProtoObj, ...]


@dataclass
class Located:
    parsed: Parsed
    scanner: Scanner | None
    sites: list[Site] = field(default_factory=list)

    @property
    def source(self) -> Source:
        return Source(self.parsed.text)


def locate(text: str, catalog: Catalog) -> Located:
    """The configurations of ``text`` in import order (never executes it)."""
    parsed = parse_script(text)
    if parsed.tree is None:
        return Located(parsed, None)
    src = Source(parsed.text)
    scanner = Scanner(src, catalog.signatures)
    scanner.run(parsed.tree)
    builder = MapBuilder(catalog, src)
    found = _configurations(builder, scanner)
    sites: list[Site] = []
    for call in scanner.runconfigs:
        protos = tuple(p for p in scanner.protos if p.used_by_runconfig and _given_to(call, p))
        sites.append(Site(call, protos))
    standalone = [
        p for p in scanner.protos if not p.used_by_runconfig and any(op.writes for op in p.ops)
    ]
    sites += [Site(None, (proto,)) for proto in standalone]
    assert len(sites) == len(found)
    return Located(parsed, scanner, sites)


def _given_to(call: SubConfigObj, proto: ProtoObj) -> bool:
    """Whether ``proto`` is one of the call's arguments (its session config)."""
    return any(value is proto for _, value, _ in call.args.values())
