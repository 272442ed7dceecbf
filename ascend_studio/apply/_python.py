"""Apply a profile to one configuration of a Python training script.

The script is read by the importer (never run), the differences between what
it configures and the profile are planned (:mod:`._pyplan`) and carried out on
libcst's concrete syntax tree (:mod:`._cst`), so every comment, blank line,
quote and unrelated line is written back byte for byte. A script with Python 2
lines is edited through the importer's Python 3 reading of it; an edit that
would touch such a line is refused.
"""

from __future__ import annotations

import difflib

import libcst as cst

from ascend_studio._words import say
from ascend_studio.apply._chunks import statements
from ascend_studio.apply._cst import run_plan
from ascend_studio.apply._locate import Located, locate
from ascend_studio.apply._pyextras import changed_extras, plan_extras, plan_renames
from ascend_studio.apply._pyplan import Planner
from ascend_studio.apply._result import ApplyError, ApplyNote, ApplyResult, NoSuchConfig, note
from ascend_studio.apply._tf2 import Tf2Planner
from ascend_studio.codegen import ImportedConfig, import_python
from ascend_studio.codegen._kinds import ConversionError, coerce
from ascend_studio.codegen._layout import HOLDER_OWNER, is_bare_call
from ascend_studio.codegen._member import release_member
from ascend_studio.codegen._pyobjs import source_lines
from ascend_studio.codegen._release import key_lacking, keyword_lacking, target_release
from ascend_studio.codegen._spelling import release_spellings, spelled_for_release
from ascend_studio.profile import Expr, Profile, Value
from ascend_studio.schema import Catalog, Release, shipped_catalog

__all__ = ["apply_python", "changed_values", "pick_config"]


def pick_config(configs: tuple[ImportedConfig, ...], config: int, source: str) -> ImportedConfig:
    if not configs:
        raise ApplyError(f"{source}: no configuration found to apply to")
    if not 1 <= config <= len(configs):
        english = "{source}: --config must be 1..{count}, got {config}"
        fields = {"source": source, "config": config, "count": len(configs)}
        raise NoSuchConfig(say(english, "en", **fields), say(english, "zh", **fields))
    return configs[config - 1]


def _same(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b


def _normal(values: dict[str, Value]) -> dict[str, Value]:
    """Drop ``DumpConfig()``-style holders whose fields are set: the fields define them."""
    out = dict(values)
    for holder, owner in HOLDER_OWNER.items():
        held = out.get(holder)
        fields = any(p.startswith(holder + ".") for p in out)
        if isinstance(held, Expr) and is_bare_call(held, owner) and fields:
            del out[holder]
    return out


def changed_values(before: Profile, after: Profile) -> dict[str, Value | None]:
    """Parameter path -> new value (None: removed) where ``after`` differs."""
    old, new = _normal(before.values), _normal(after.values)
    return {
        path: new.get(path)
        for path in sorted({*old, *new})
        if not _same(old.get(path), new.get(path))
    }


def _env_note(before: Profile, after: Profile) -> list[ApplyNote]:
    names = sorted(
        n for n in {*before.env, *after.env} if before.env.get(n, "") != after.env.get(n, "")
    )
    if not names:
        return []
    shown = ", ".join(names)
    return [
        note(
            "info",
            f"环境变量（{shown}）不会写入 Python 脚本；请把同一配置应用到 env 或启动 shell 脚本。",
            f"Environment changes ({shown}) are not written into a Python script; apply the "
            "profile to your env or launch shell script as well.",
        )
    ]


def _map_back(original: str, recovered: str, edited: str) -> str:
    """Carry edits made on the importer's Python 3 reading back onto the original text."""
    if original == recovered:
        return edited
    old, mid, new = source_lines(original), source_lines(recovered), source_lines(edited)
    if len(old) != len(mid):
        raise ApplyError("the script's Python 2 lines could not be matched; nothing changed")
    out: list[str] = []
    matcher = difflib.SequenceMatcher(None, mid, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal" and old[i1:i2] != mid[i1:i2]:
            raise ApplyError(
                f"the change would touch line {i1 + 1}, which is Python 2 syntax; fix that "
                "line first"
            )
        out += old[i1:i2] if tag == "equal" else new[j1:j2]
    return "".join(out)


def _ending(line: str) -> str:
    return line[len(line.rstrip("\r\n")) :]


def _ends_back(original: str, edited_lf: str) -> str:
    """``edited_lf`` (made on ``original`` with every line end turned into LF) with the
    original line ends: lines it kept have theirs, lines it wrote the file's usual one."""
    old = source_lines(original)
    mid = [row[: len(row) - len(_ending(row))] + ("\n" if _ending(row) else "") for row in old]
    new = source_lines(edited_lf)
    endings = [_ending(row) for row in old if _ending(row)]
    usual = max(set(endings), key=endings.count) if endings else "\n"
    out: list[str] = []
    matcher = difflib.SequenceMatcher(None, mid, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            out += old[i1:i2]
            continue
        count = j2 - j1
        for k, row in enumerate(new[j1:j2]):  # rewritten lines keep the ends they had
            at = i2 - 1 if k == count - 1 and i2 > i1 else i1 + k
            end = _ending(old[at]) if at < i2 else usual
            out.append(row[:-1] + (end or usual) if row.endswith("\n") else row)
    for index in range(len(out) - 1):  # a CR before an LF would join two line ends
        if out[index].endswith("\r") and out[index + 1].startswith("\n"):
            out[index] = out[index][:-1] + "\n"
    return "".join(out)


def apply_python(
    text: str,
    profile: Profile,
    config: int = 1,
    catalog: Catalog | None = None,
    source: str = "<script>",
    *,
    as_written: bool = False,
) -> ApplyResult:
    """``text`` with configuration ``config`` (1-based) changed to match ``profile``.

    ``as_written``: ``profile`` was made from the values as the script writes them
    (``validate --fix``), not as the importer converts them (``aoe_mode=2`` read as
    ``"2"``), so a fix writing ``"2"`` is a change. Raises :class:`ApplyError` when
    nothing can be applied (no such configuration, the script does not parse, the
    edit would lose it); never executes the script. Line ends other than LF (CR only,
    CRLF, mixed) are kept: the edit is made on the text with LF ends, and every line
    it did not write gets its own end back.
    """
    if "\r" in text:
        lf = "".join(
            row[: len(row) - len(_ending(row))] + ("\n" if _ending(row) else "")
            for row in source_lines(text)
        )
        done = _apply_python(lf, profile, config, catalog, source, as_written=as_written)
        after = text if done.unchanged else _ends_back(text, done.after)
        return ApplyResult(text, after, done.notes, done.changed)
    return _apply_python(text, profile, config, catalog, source, as_written=as_written)


def _apply_python(
    text: str,
    profile: Profile,
    config: int,
    catalog: Catalog | None,
    source: str,
    *,
    as_written: bool,
) -> ApplyResult:
    catalog = catalog or shipped_catalog()
    respelled = _respelled_notes(profile, catalog)
    profile = spelled_for_release(profile, catalog)
    imported = pick_config(import_python(text, source, catalog).configs, config, source)
    before = imported.profile_as_written() if as_written else imported.profile
    located = locate(text, catalog)
    if before.surface == "tf2":
        return _apply_tf2(
            text, located, before, profile, catalog=catalog, source=source, config=config
        )
    site = located.sites[config - 1] if config - 1 < len(located.sites) else None
    planner = Planner(located, site, catalog)
    planner.release = target_release(profile, catalog)
    before = plan_renames(planner, before, profile, catalog)
    skipped = _plan_values(planner, before, profile, catalog)
    if site is not None and site.runconfig is not None:
        planner.finish_holders()
    plan_extras(planner, before, profile)
    notes = [*respelled, *planner.notes, *planner.repeated(), *_env_note(before, profile)]
    notes += [_lacking_note(path, profile) for path in skipped]
    if not planner.plan:
        return ApplyResult(text, text, tuple(notes), tuple(planner.changed))
    try:
        every = [stmt for stmt, _ in planner.statements]
        edited = run_plan(located.parsed.text, planner.plan, every)
    except cst.ParserSyntaxError as exc:
        raise ApplyError(f"{source}: cannot be edited safely ({exc.message})") from None
    after = _map_back(text, located.parsed.text, edited)
    notes += _check(
        after, profile, config, catalog, source=source, paths=planner.changed, written=as_written
    )
    return ApplyResult(text, after, tuple(notes), tuple(planner.changed))


def _plan_values(
    planner: Planner, before: Profile, profile: Profile, catalog: Catalog
) -> list[str]:
    """Plan every changed value; what the profile's target release lacks on this surface
    (its constructors' keywords for an NPURunConfig call, its C++'s keys for a
    parameter_map) is not written, and returned. A removal is always written."""
    release = target_release(profile, catalog)
    site = planner.site
    lacking = keyword_lacking if site is not None and site.runconfig is not None else key_lacking
    skipped = []
    for path, value in changed_values(before, profile).items():
        if path in profile.values and lacking(path, catalog, release):
            skipped.append(path)
            continue
        planner.value(path, value)
    return skipped


def _respelled_notes(profile: Profile, catalog: Catalog) -> list[ApplyNote]:
    where = f"TF Adapter {profile.release}"
    return [
        note(
            "info",
            f"{path}：按 {where} 接受的写法写为 {now!r}（配置中为 {was!r}）。",
            f"{path}: written {now!r}, as {where} spells it (the profile has {was!r}).",
            None,
            path,
        )
        for path, (was, now) in release_spellings(profile, catalog).items()
    ]


def _lacking_note(path: str, profile: Profile) -> ApplyNote:
    return note(
        "warning",
        f"{path}：目标版本 TF Adapter {profile.release} 没有它，未写入脚本。",
        f"{path}: TF Adapter {profile.release} (the target release) does not have it; not "
        "written into the script.",
        None,
        path,
    )


def _apply_tf2(
    text: str,
    located: Located,
    before: Profile,
    profile: Profile,
    *,
    catalog: Catalog,
    source: str,
    config: int,
) -> ApplyResult:
    """The TF Adapter 2.x configuration changed to match ``profile`` (see ``_tf2``)."""
    assert located.scanner is not None  # the importer found the configuration in it
    planner = Tf2Planner(located.scanner, located.source, catalog, located.parsed.tree)
    for path, value in changed_values(before, profile).items():
        planner.value(path, value)
    planner.finish()
    for (owner, name), _ in changed_extras(before, profile).items():
        planner.cannot(
            name,
            None,
            f"{owner} 的未知选项 {name}：无法写入脚本，请手动修改。",
            f"{name}, not an option of {owner}: cannot be written into the script; edit it "
            "by hand.",
        )
    notes = [*planner.notes, *_env_note(before, profile)]
    if not planner.plan:
        return ApplyResult(text, text, tuple(notes), tuple(planner.changed))
    try:
        every = (
            [stmt for stmt, _ in statements(located.parsed.tree)] if located.parsed.tree else None
        )
        edited = run_plan(located.parsed.text, planner.plan, every)
    except cst.ParserSyntaxError as exc:
        raise ApplyError(f"{source}: cannot be edited safely ({exc.message})") from None
    after = _map_back(text, located.parsed.text, edited)
    notes += _check(after, profile, config, catalog, source=source, paths=planner.changed)
    return ApplyResult(text, after, tuple(notes), tuple(planner.changed))


def _check(
    after: str,
    profile: Profile,
    config: int,
    catalog: Catalog,
    *,
    source: str,
    paths: list[str],
    written: bool = False,
) -> list[ApplyNote]:
    """Read the result back: say which planned values did not land."""
    again = import_python(after, source, catalog).configs
    if len(again) < config:
        raise ApplyError(
            f"{source}: the configuration would be gone after the edit (this tool could not "
            "edit it safely); nothing changed"
        )
    read = again[config - 1]
    back = read.profile_as_written() if written else read.profile
    got = changed_values(back, profile)
    release = target_release(profile, catalog)
    got = {p: v for p, v in got.items() if not _landed(catalog, release, p, v, back.values.get(p))}
    return [
        note(
            "warning",
            f"{path}：修改后脚本读回的值与配置不同，请检查这一处。",
            f"{path}: the edited script does not read back as the profile; check this place.",
            None,
            path,
        )
        for path in paths
        if path in got
    ]


def _landed(
    catalog: Catalog, release: Release | None, path: str, wanted: Value | None, read: Value | None
) -> bool:
    """The value landed in another form than the profile's: in the member the target
    release reads (``"false"`` written ``.b = False`` for r1.10.0), or spelled as the
    import spells it (a case no release lists reads back in the catalog's case)."""
    if wanted is None or not catalog.has(path):
        return False
    param = catalog.param(path)
    moved = release_member(param, wanted, catalog, release)
    if isinstance(moved, tuple) and type(moved[1]) is type(read) and moved[1] == read:
        return True
    try:
        return isinstance(wanted, str) and coerce(param, wanted) == read
    except ConversionError:
        return False
