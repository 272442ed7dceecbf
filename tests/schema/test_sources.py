"""Sources as data: every citation names an entry of the sources table, and no text a
user can see (nor any file of the package or its data) uses private shorthand."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tfa_source import SKIP_REASON, checkout

from ascend_studio.doctor import CHECKS
from ascend_studio.paths import load_artifacts
from ascend_studio.profile import Profile
from ascend_studio.rules import RULES, evaluate, explain
from ascend_studio.schema import Text, citation_id, shipped_catalog
from ascend_studio.schema._sources import split_citations

ROOT = Path(__file__).resolve().parents[2]
#: The reviewers' hook, exactly: it must find nothing in the package or its data.
HOOK = re.compile(r"seed00[02]|NOTES(\.md)? ?§")
#: Wider: any name of our research notes or of "the seed" pages.
SHORTHAND = re.compile(r"seed ?0\d\d|\bNOTES\b|§|(?<!随机)种子|\b[Tt]he seed\b|\bseed page\b")
CATALOG = shipped_catalog()
#: Citations merged from another branch that spell the public page out (title and
#: URL) instead of naming its id: public, but not yet rendered from the table.
WRITTEN_OUT = ('CANN environment variables, page "ASCEND_WORK_PATH"', "the ASCEND_WORK_PATH page (")


def _files() -> Iterator[Path]:
    for folder in ("ascend_studio", "resources"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in {".py", ".toml", ".ts", ".md", ".json"}:
                yield path


def test_the_hook_finds_nothing_in_the_package_or_its_data() -> None:
    hits = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}"
        for path in _files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if HOOK.search(line)
    ]
    assert not hits, "\n".join(hits)


def _texts(value: Any, where: str) -> Iterator[tuple[str, str]]:
    """Every string inside a model, list or dict, with where it sits."""
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, Text):
        yield f"{where}.zh", value.zh
        yield f"{where}.en", value.en
    elif dataclasses.is_dataclass(value):
        for field in dataclasses.fields(value):
            yield from _texts(getattr(value, field.name), f"{where}.{field.name}")
    elif hasattr(value, "model_dump"):
        for name in type(value).model_fields:
            yield from _texts(getattr(value, name), f"{where}.{name}")
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from _texts(item, f"{where}[{index}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _texts(item, f"{where}.{key}")


def _user_texts() -> Iterator[tuple[str, str]]:
    for rule in RULES:
        yield from _texts(rule.message, f"rule {rule.id}.message")
        yield from _texts(rule.fix, f"rule {rule.id}.fix")
        yield f"rule {rule.id}.source", rule.source
    yield from _texts(CATALOG, "catalog")
    yield from _texts(load_artifacts(), "artifacts")


def test_no_rule_or_catalog_text_uses_private_shorthand() -> None:
    texts = list(_user_texts())
    assert len(texts) > 3000  # messages, fixes, sources, labels, descriptions, zh and en
    hits = [f"{where}: {text[:100]!r}" for where, text in texts if SHORTHAND.search(text)]
    assert not hits, "\n".join(hits)


def _cited() -> Iterator[tuple[str, str]]:
    for rule in RULES:
        for part in split_citations(rule.source):
            if not part.startswith(WRITTEN_OUT):
                yield f"rule {rule.id}", part
    for param in CATALOG.params:
        yield from ((param.path, c) for c in param.sources)
    for env in CATALOG.env_vars:
        yield from ((f"env {env.name}", c) for c in env.sources)
    for release in CATALOG.releases:
        yield from ((f"release {release.id}", c) for c in release.sources)
    for option in CATALOG.tf2.options:
        cited = (*option.sources, *([option.doc] if option.doc else []))
        yield from ((f"tf2 {option.path}", c) for c in cited)
    for call in CATALOG.tf2.calls:
        yield from ((f"tf2 {call.name}()", c) for c in call.sources)
    artifacts = load_artifacts()
    for where, text in _texts(artifacts, "artifacts"):
        if ".sources[" in where:
            yield where, text
    for check in CHECKS.values():  # doctor and launch-check
        yield from ((f"check {check.id}", c) for c in split_citations(check.source))


def test_every_citation_names_a_source_of_the_table() -> None:
    cited = list(_cited())
    assert len(cited) > 500
    unknown = [f"{where}: {c!r}" for where, c in cited if CATALOG.cited_source(c) is None]
    assert not unknown, "\n".join(unknown)
    used = {CATALOG.cited_source(c).id for _, c in cited}  # type: ignore[union-attr]
    assert used == {s.id for s in CATALOG.sources}, "a source nobody cites"


def test_every_source_has_a_public_location() -> None:
    ids = [s.id for s in CATALOG.sources]
    assert len(ids) == len(set(ids))
    for source in CATALOG.sources:
        if source.kind == "data":
            assert source.path.startswith("resources/")
            continue
        assert source.url.startswith("https://"), source.id
        if source.kind in {"file", "folder"}:
            assert source.path, source.id


@pytest.mark.parametrize(
    "profile",
    [
        Profile(values={"precision_mode": "bogus", "hccl_timeout": 5}),
        Profile(env={"ASCEND_DEVICE_ID": "x", "RANK_SIZE": "2", "CM_WORKER_SIZE": "2"}),
        Profile(values={"aoe_config_file": "/a.json", "op_debug_level": 3}),
    ],
)
def test_diagnostics_and_explanations_show_rendered_sources(profile: Profile) -> None:
    ids = {s.id.rstrip("/") for s in CATALOG.sources if s.kind != "file"}
    found = evaluate(profile)
    assert found
    for diag in found:
        assert not any(re.search(rf"(^|; ){re.escape(i)}\b", diag.source) for i in ids), diag
        assert not SHORTHAND.search(diag.source)
    for path in profile.values:
        for link in explain(profile, path).rules:
            assert "npurunconfig-page" not in link.source and not SHORTHAND.search(link.source)


def test_a_catalog_citing_an_unknown_source_is_refused(tmp_path: Path) -> None:
    import shutil

    from ascend_studio.schema import CatalogError, load_catalog

    base = tmp_path / "catalog"
    shutil.copytree(ROOT / "resources" / "catalog", base)
    env = base / "env.toml"
    text = env.read_text(encoding="utf-8")
    env.write_text(text.replace('"ascend-work-path-page', '"my-notes', 1), encoding="utf-8")
    with pytest.raises(CatalogError, match="cites unknown source 'my-notes"):
        load_catalog(base)


def test_rendering_names_titles_and_locations() -> None:
    cite = CATALOG.cite
    assert cite("npu_attrs.cc:GetDeviceID") == (
        "hicann/tensorflow tf_adapter/util/npu_attrs.cc:GetDeviceID"
    )
    page = cite("npurunconfig-page:功能调试")
    assert page.startswith("NPURunConfig配置参数说明 (https://www.hiascend.com/") and page.endswith(
        "› 功能调试"
    )
    doc = "docs/en/tfadapter_1/apiref/npu_config/npurunconfig_constructor/AOE.md"
    assert cite(doc) == f"hicann/tensorflow {doc}"
    assert cite("a; b") == "a; b"  # not citations: left as written
    assert citation_id("npu_config.py:NPURunConfig.__init__ (x)") == "npu_config.py"


def test_the_seed_headers_give_the_page_urls() -> None:
    """The two page ids carry the title and URL from the reference pages' headers."""
    pages = {s.id: s for s in CATALOG.sources if s.kind == "page"}
    assert pages["npurunconfig-page"].title == "NPURunConfig配置参数说明"
    assert pages["ascend-work-path-page"].title == "ASCEND_WORK_PATH"


def _tf_adapter_root() -> Path | None:
    """The hicann/tensorflow checkout the tests compare with (``tfa_source``)."""
    return checkout()


ANCHOR = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*")


def test_cited_files_and_functions_exist_in_the_public_repository() -> None:
    """Every hicann/tensorflow file or folder cited exists there, and a ``file:Name``
    anchor (a function, class or constant) is written in that file."""
    root = _tf_adapter_root()
    if root is None:
        pytest.skip(SKIP_REASON)
    missing: list[str] = []
    for where, citation in _cited():
        source = CATALOG.cited_source(citation)
        assert source is not None
        if source.title != "hicann/tensorflow":
            continue
        if source.kind == "folder":
            path = citation.split()[0].split(":")[0]
            present = (root / path.split("/")[0]).is_dir()  # an export may hold part of it
            if present and path.endswith((".md", ".py", ".cc")) and not (root / path).is_file():
                missing.append(f"{where}: {path}")
            continue
        text = (root / source.path).read_text(encoding="utf-8", errors="replace")
        head = citation_id(citation)
        rest = citation[len(head) :]
        match = ANCHOR.match(rest[1:]) if rest.startswith(":") else None
        if match is not None:
            name = match.group().rpartition(".")[2]
            if name not in text:
                missing.append(f"{where}: {citation!r} ({name} not in {source.path})")
    assert not missing, "\n".join(missing)
