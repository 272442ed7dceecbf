"""Environment exports: a POSIX sh script, a docker env-file, docker -e args, k8s env.

A profile's ``env`` maps a name to its value (``None``: unset it). Values read
from a shell script that refer to other variables or run commands (``$HOME/x``,
``$(hostname)``) are kept as shell text; their names are listed in the
profile's ``env_verbatim`` field. Only the formats that are shell code can carry
those; the others raise :class:`ExportError`, as they do for any value the
format cannot hold (a newline in an env-file, for example).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ascend_studio._shellquote import shell_quote
from ascend_studio._words import say
from ascend_studio.codegen._compose import expanded_names
from ascend_studio.codegen._diag import Placed, comment_lines, place
from ascend_studio.codegen._env_owned import (
    SHELL_OWNED,
    left_out_compositions,
    left_out_owned,
    shell_owned_note,
)
from ascend_studio.codegen._env_wide import wide_note
from ascend_studio.codegen._format import ExportFormat
from ascend_studio.codegen._header import header_lines, is_env_key
from ascend_studio.codegen._options import ExportError, ExportOptions
from ascend_studio.profile import Profile, env_name_problem
from ascend_studio.schema import Catalog, Text

if TYPE_CHECKING:
    from ascend_studio.rules import Diagnostic

__all__ = [
    "ENV_FILE_LINE_LIMIT",
    "FORMATS",
    "SHELL_OWNED",
    "VERBATIM_FIELD",
    "export_docker",
    "export_env_file",
    "export_k8s",
    "export_sh",
    "k8s_escape",
    "shell_owned_note",
    "verbatim_names",
    "yaml_quote",
]

VERBATIM_FIELD = "env_verbatim"
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def verbatim_names(profile: Profile) -> frozenset[str]:
    """Env names whose value is shell text to re-emit unchanged."""
    return frozenset(profile.env_verbatim)


def _check_name(name: str) -> None:
    problem = env_name_problem(name)
    if problem is not None:
        raise ExportError(problem)


def _check_text(name: str, value: str) -> None:
    if "\0" in value:
        raise ExportError(f"{name}: a NUL character cannot be part of an environment value")
    if any(unicodedata.category(ch) == "Cs" for ch in value):
        raise ExportError(f"{name}: the value holds a lone surrogate, which is not text")


def _shell_word(name: str, value: str, verbatim: bool) -> str:
    if not verbatim:
        return shell_quote(value)
    # the shell reader (3-4 ms of regular expressions to import) only for kept shell text
    from ascend_studio.codegen._shlex import ShellSyntaxError, read_word

    try:
        read_word(value)
    except ShellSyntaxError as exc:
        raise ExportError(
            f"{name}: kept shell text {value!r} is not one word ({exc.message})"
        ) from None
    return value


def _items(profile: Profile) -> list[tuple[str, str | None, bool]]:
    verbatim = verbatim_names(profile)
    items = []
    for name, value in profile.env.items():
        _check_name(name)
        if value is not None:
            _check_text(name, value)
        items.append((name, value, value is not None and name in verbatim))
    return items


def _header(
    profile: Profile, catalog: Catalog, what: str, extra: list[str], lang: str
) -> list[str]:
    return header_lines(profile, catalog, what, extra, lang, written=is_env_key)


def env_diagnostics(
    profile: Profile, diagnostics: Sequence[Diagnostic], options: ExportOptions
) -> Placed:
    """Rule findings about environment variables, placed at the variable they concern."""
    if not options.diagnostics:
        return Placed()
    found = [d for d in diagnostics if any(p.startswith("env:") for p in d.params)]
    return place(found, {f"env:{name}" for name in profile.env})


def _notes(placed: Placed, name: str, lang: str) -> list[str]:
    return [line for d in placed.by_path.get(f"env:{name}", []) for line in comment_lines(d, lang)]


def _general(placed: Placed, lang: str) -> list[str]:
    return [line for d in placed.general for line in comment_lines(d, lang)]


_REFERENCE = re.compile(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)")


def _references(name: str, value: str | None, verbatim: bool, names: set[str]) -> set[str]:
    """Other profile variables a kept shell text expands (``$A``, ``${A}``, ``${A:-x}``)."""
    if not verbatim or value is None:
        return set()
    return {ref for ref in _REFERENCE.findall(value) if ref in names and ref != name}


def _dependency_order(
    items: list[tuple[str, str | None, bool]],
) -> list[tuple[str, str | None, bool]]:
    """``items`` with every variable a kept text refers to emitted before it.

    A saved profile keeps ``env`` sorted by name, which loses the script's order:
    ``ASCEND_PROCESS_LOG_PATH="${ASCEND_WORK_PATH}/log"`` would run before
    ``ASCEND_WORK_PATH`` is set and expand to ``/log``. Otherwise the order is
    kept; a reference cycle (which no order satisfies) keeps the given order.
    """
    names = {name for name, _, _ in items}
    needs = {name: _references(name, value, kept, names) for name, value, kept in items}
    pending = list(items)
    done: set[str] = set()
    ordered: list[tuple[str, str | None, bool]] = []
    while pending:
        ready = next((i for i in pending if needs[i[0]] <= done), pending[0])
        pending.remove(ready)
        done.add(ready[0])
        ordered.append(ready)
    return ordered


def export_sh(
    profile: Profile, catalog: Catalog, options: ExportOptions, diagnostics: Sequence[Diagnostic]
) -> str:
    placed = env_diagnostics(profile, diagnostics, options)
    body: list[str] = []
    set_here = {n for n, v in profile.env.items() if n not in SHELL_OWNED}
    for name, value, verbatim in _dependency_order(_items(profile)):
        body += _notes(placed, name, options.lang)
        body += _sh_lines(name, value, verbatim, set_here, options.lang)
    extra = [say("# Source it: . ./this-file.sh", options.lang), *_general(placed, options.lang)]
    header = _header(profile, catalog, "environment, POSIX sh", extra, options.lang)
    lines = ["#!/bin/sh", *header, ""]
    return "\n".join([*lines, *(body or _nothing_to_export(profile, options.lang))]) + "\n"


def _sh_lines(
    name: str, value: str | None, verbatim: bool, set_here: set[str], lang: str
) -> list[str]:
    """The lines that set (or unset, or leave out) one variable in the sh export."""
    if name in SHELL_OWNED:
        return [shell_owned_note(name, lang)]
    if value is None:
        return [f"unset {name}"]
    lines = wide_note(name, value, verbatim, lang)
    if not verbatim:
        return [*lines, *_literal_dollar(value), f"export {name}={shell_quote(value)}"]
    # Assign, then export: `export X=$(cmd)` would hide the command's status.
    outside = outside_names(name, value, set_here)
    lines += [*_outside_note(name, outside, lang), *_kept_text(value, outside)]
    return [*lines, f"{name}={_shell_word(name, value, True)}", f"export {name}"]


def _nothing_to_export(profile: Profile, lang: str) -> list[str]:
    """An environment export of a profile without variables says why it is empty."""
    if profile.env:
        return []
    return [
        say("# This profile sets no environment variables: there is nothing to export here.", lang),
        say(
            "# Its NPURunConfig settings are in the Python export "
            "(ascend-studio export PROFILE -f py).",
            lang,
        ),
    ]


def _literal_dollar(*values: str) -> list[str]:
    """Tell shellcheck that ``$``, backquotes and backslashes in single quotes are literal.

    SC2016: expressions do not expand in single quotes; SC1003: a backslash
    does not escape the closing quote. Both are the point of the quoting here.
    """
    codes = []
    if any("\\" in v for v in values):
        codes.append("SC1003")
    if any("$" in v or "`" in v for v in values):
        codes.append("SC2016")
    return [f"# shellcheck disable={','.join(codes)}"] if codes else []


def _kept_text(value: str, outside: Sequence[str] = ()) -> list[str]:
    """Shell text kept from the user's script is re-emitted as written; shellcheck may
    prefer ``$(...)`` to backquotes (SC2006), the user's choice. It flags a lower-case
    variable this file does not set (SC2154): the comment above says so already
    (:func:`_outside_note`), so the line is not repeated as a warning."""
    codes = []
    if "`" in value:
        codes.append("SC2006")
    if any(not n.isupper() for n in outside):
        codes.append("SC2154")
    return [f"# shellcheck disable={','.join(codes)}"] if codes else []


#: Variables every shell has (or its login sets): a kept text may use them freely.
_SHELL_GIVEN = frozenset(
    {"HOME", "PWD", "OLDPWD", "USER", "LOGNAME", "PATH", "SHELL", "HOSTNAME", "TMPDIR", "IFS"}
    | {"LANG", "LC_ALL", "TERM", "UID", "EUID", "PPID"}
)


def outside_names(name: str, value: str, set_here: set[str]) -> list[str]:
    """The variables kept text ``value`` uses that the file does not set: not
    ``name`` itself (a composition adds to the caller's value on purpose), not one
    the file sets (``set_here``), not one every shell has (``HOME``, ``PWD``)."""
    skip = set_here | _SHELL_GIVEN | {name}
    return [n for n in expanded_names(value) if n not in skip]


def _outside_note(name: str, outside: Sequence[str], lang: str) -> list[str]:
    """Say that a kept text uses variables this file does not set (a script's own
    variable such as ``cur_path`` the import could not carry, a launcher's ``RANK_ID``):
    they take the values of the shell that sources the file."""
    if not outside:
        return []
    return [
        say(
            "# {name} uses {names}, which this file does not set: taken from the shell "
            "this file runs in (empty where not set).",
            lang,
            name=name,
            names=", ".join(f"${n}" for n in outside),
        )
    ]


def _unset_note(names: list[str], how: str, lang: str) -> list[str]:
    if not names:
        return []
    return [
        say(
            "# Unset in the profile, which {how} cannot express: {names}.",
            lang,
            how=say(how, lang),
            names=", ".join(names),
        ),
        say("# Make sure the image does not set them.", lang),
    ]


def _no_verbatim(items: list[tuple[str, str | None, bool]], what: str) -> None:
    for name, value, verbatim in items:
        if verbatim:
            raise ExportError(
                f"{name}: its value {value!r} is shell text (it refers to variables or runs "
                f"a command), which {what} does not expand; use the sh or docker format"
            )


#: The longest env-file line docker accepts, in bytes without the newline. The
#: docker CLI reads env-files with Go's ``bufio.Scanner`` at its default token
#: size, ``bufio.MaxScanTokenSize`` = 64 KiB = 65,536 bytes, newline included
#: (docker/cli ``opts/file.go`` ``parseKeyValueFile``; its test
#: ``TestParseEnvFileLineTooLongFile`` expects a longer line to fail).
ENV_FILE_LINE_LIMIT = 65_535


def export_env_file(
    profile: Profile, catalog: Catalog, options: ExportOptions, diagnostics: Sequence[Diagnostic]
) -> str:
    placed = env_diagnostics(profile, diagnostics, options)
    items, owned = left_out_owned(_items(profile), options.lang)
    items, composed = left_out_compositions(items, "a docker env-file", options.lang)
    _no_verbatim(items, "a docker env-file")
    body: list[str] = []
    for name, value, _ in items:
        if value is None:
            continue
        if "\n" in value or value.endswith("\r"):
            raise ExportError(
                f"{name}: a docker env-file holds one line per variable; this value has a "
                "line break (use the sh, docker or k8s format)"
            )
        body += [*_notes(placed, name, options.lang), *wide_note(name, value, False, options.lang)]
        body.append(f"{name}={value}")
        if len(body[-1].encode()) > ENV_FILE_LINE_LIMIT:
            raise ExportError(
                f"{name}: the line {name}=... is {len(body[-1].encode()):,} bytes; "
                f"docker reads an env-file line of at most {ENV_FILE_LINE_LIMIT:,} bytes "
                "(longer ones fail with 'token too long'): use the docker or k8s format"
            )
    unset = [name for name, value, _ in items if value is None]
    extra = [
        say("# Use it: docker run --env-file this-file ...", options.lang),
        *_unset_note(unset, "an env-file", options.lang),
        *owned,
        *composed,
        *_general(placed, options.lang),
    ]
    lines = [*_header(profile, catalog, "environment, docker --env-file", extra, options.lang), ""]
    for line in lines:
        if len(line.encode()) > ENV_FILE_LINE_LIMIT:
            raise ExportError(
                f"a header line (the profile's notes) is {len(line.encode()):,} bytes; docker "
                f"reads an env-file line of at most {ENV_FILE_LINE_LIMIT:,} bytes (longer ones "
                "fail with 'token too long'): shorten that line of the notes"
            )
    return "\n".join([*lines, *(body or _nothing_to_export(profile, options.lang))]) + "\n"


_COPY = "_studio_"


def _to_copies(text: str, names: set[str]) -> str:
    """``text`` with ``$A``/``${A...}`` of each name in ``names`` read from ``$_studio_A``.

    Single-quoted and backslash-escaped dollars are literal in the shell, so
    they are left alone.
    """
    out: list[str] = []
    index, quoted_single, quoted_double = 0, False, False
    while index < len(text):
        ch = text[index]
        if ch == "\\" and not quoted_single:
            out.append(text[index : index + 2])
            index += 2
            continue
        if ch == "'" and not quoted_double:
            quoted_single = not quoted_single
        elif ch == '"' and not quoted_single:
            quoted_double = not quoted_double
        elif ch == "$" and not quoted_single:
            brace = "{" if text.startswith("{", index + 1) else ""
            match = _NAME.match(text, index + 1 + len(brace))
            if match and match.group() in names:
                out.append(f"${brace}{_COPY}{match.group()}")
                index = match.end()
                continue
        out.append(ch)
        index += 1
    return "".join(out)


def _docker_copies(items: list[tuple[str, str | None, bool]], lang: str = "en") -> list[str]:
    """Assignments of the ``_studio_`` copies that kept shell text expands.

    A kept text is expanded on the host before ``docker run``; a reference to
    another profile variable must see the profile's value (its copy), not the
    host's. Every variable such a text refers to gets a copy too, in dependency
    order; a reference to a variable assigned later (a cycle) stays the host's,
    as in the sh format.
    """
    names = {name for name, _, _ in items}
    referred = {ref for name, value, kept in items for ref in _references(name, value, kept, names)}
    lines: list[str] = []
    done: set[str] = set()
    unset: set[str] = set()
    for name, value, verbatim in _dependency_order(items):
        if value is None:
            lines += [f"unset {_COPY}{name}"] if name in referred else []
            unset.add(name)
        elif verbatim:
            # Expanded in an assignment first: as an argument it would be word-split.
            copies = done - {name}
            text = _to_copies(_shell_word(name, value, True), copies)
            reads_unset = sorted(copies & unset & _references(name, value, True, names))
            # A copy the profile unsets is read on purpose (it expands as unset):
            # shellcheck would call it "referenced but not assigned" (SC2154).
            on_purpose = say("unset on purpose: {names}", lang, names=", ".join(reads_unset))
            quiet = [f"# shellcheck disable=SC2154  # {on_purpose}"]
            outside = outside_names(name, value, names)
            lines += [*_outside_note(name, outside, lang), *_kept_text(value, outside)]
            lines += [*(quiet if reads_unset else []), f"{_COPY}{name}={text}"]
        elif name in referred:
            lines += [*_literal_dollar(value), f"{_COPY}{name}={shell_quote(value)}"]
        done.add(name)
    return lines


def export_docker(
    profile: Profile, catalog: Catalog, options: ExportOptions, diagnostics: Sequence[Diagnostic]
) -> str:
    placed = env_diagnostics(profile, diagnostics, options)
    items, owned = left_out_owned(_items(profile), options.lang)
    items, composed = left_out_compositions(items, "docker run -e", options.lang)
    pre = _docker_copies(items, options.lang)
    args: list[str] = []
    for name, value, verbatim in items:
        if value is None:
            continue
        if verbatim:
            args.append(f'  -e {name}="${_COPY}{name}" \\')
        else:
            args.append(f"  -e {shell_quote(name + '=' + value)} \\")
    unset = [name for name, value, _ in items if value is None]
    extra = [
        say(
            "# Run it as: sh this-file.sh IMAGE [COMMAND...] (or copy the -e lines).", options.lang
        ),
        *_unset_note(unset, "docker run", options.lang),
        *owned,
        *composed,
        *_general(placed, options.lang),
        *[line for name, _, _ in items for line in _notes(placed, name, options.lang)],
        *[line for name, v, kept in items for line in wide_note(name, v, kept, options.lang)],
    ]
    header = _header(profile, catalog, "environment, docker run -e", extra, options.lang)
    lines = ["#!/bin/sh", *header, ""]
    literal = _literal_dollar(*(v for _, v, verbatim in items if v is not None and not verbatim))
    return "\n".join([*lines, *pre, *literal, "docker run \\", *args, '  "$@"']) + "\n"


_YAML_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _yaml_char(ch: str) -> str:
    if ch in _YAML_ESCAPES:
        return _YAML_ESCAPES[ch]
    code = ord(ch)
    printable = (
        0x20 <= code <= 0x7E
        or 0xA0 <= code <= 0xD7FF
        or 0xE000 <= code <= 0xFFFD
        or code >= 0x10000
    )
    if printable and code not in (0x2028, 0x2029, 0xFEFF):
        return ch
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def yaml_quote(text: str) -> str:
    """A YAML double-quoted scalar holding exactly ``text``."""
    return '"' + "".join(_yaml_char(ch) for ch in text) + '"'


#: A ``$`` that Kubernetes would read as the start of ``$$`` or ``$(NAME)``.
_K8S_DOLLAR = re.compile(r"\$(?=[$(])")


def k8s_escape(value: str) -> str:
    """``value`` as a container env ``value`` that Kubernetes leaves exactly as ``value``.

    Kubernetes expands ``$(NAME)`` (an earlier variable of the container) and
    turns ``$$`` into ``$``; any other ``$`` is kept. So every ``$`` followed by
    ``$`` or ``(`` is doubled, and only those: ``$HOME`` stays readable.
    """
    return _K8S_DOLLAR.sub("$$", value)


def export_k8s(
    profile: Profile, catalog: Catalog, options: ExportOptions, diagnostics: Sequence[Diagnostic]
) -> str:
    placed = env_diagnostics(profile, diagnostics, options)
    items, owned = left_out_owned(_items(profile), options.lang)
    items, composed = left_out_compositions(items, "a container env list", options.lang)
    _no_verbatim(items, "Kubernetes")
    body = ["env:"] if any(v is not None for _, v, _ in items) else ["env: []"]
    escaped = False
    for name, value, _ in items:
        if value is not None:
            notes = [
                *_notes(placed, name, options.lang),
                *wide_note(name, value, False, options.lang),
            ]
            body += ["  " + line for line in notes]
            written = k8s_escape(value)
            escaped = escaped or written != value
            body += [f"  - name: {yaml_quote(name)}", f"    value: {yaml_quote(written)}"]
    unset = [name for name, value, _ in items if value is None]
    dollar = "# $$ is Kubernetes' escape for a literal $ (it would expand $(NAME))."
    extra = [
        say("# Paste under a container spec (containers[].env).", options.lang),
        *([say(dollar, options.lang)] * escaped),
        *_unset_note(unset, "a container env list", options.lang),
        *owned,
        *composed,
        *_general(placed, options.lang),
    ]
    what = "environment, Kubernetes container env"
    lines = [*_header(profile, catalog, what, extra, options.lang), ""]
    return "\n".join([*lines, *body]) + "\n"


FORMATS = (
    ExportFormat(
        id="sh",
        suffix=".sh",
        language="sh",
        label=Text.of("Shell 脚本", "Shell script"),
        summary="a POSIX shell script (sh)",
        export=export_sh,
        order=30,
    ),
    ExportFormat(
        id="env-file",
        suffix=".env",
        language="env",
        label=Text.of("env-file 文件", "env-file"),
        summary="a docker env-file",
        export=export_env_file,
        order=40,
    ),
    ExportFormat(
        id="docker",
        suffix=".txt",
        language="sh",
        label=Text.of("docker -e 参数", "docker -e"),
        summary="docker -e arguments",
        export=export_docker,
        preview=False,
        order=50,
    ),
    ExportFormat(
        id="k8s",
        suffix=".yaml",
        language="yaml",
        label=Text.of("Kubernetes 环境变量", "Kubernetes env"),
        summary="a Kubernetes env list (k8s)",
        export=export_k8s,
        preview=False,
        order=60,
    ),
)
