"""What the shell importer has seen so far, and how a setting is recorded."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ascend_studio._shellword import shell_word_problem
from ascend_studio.codegen._compose import composes, fold, references
from ascend_studio.codegen._report import DEVICE_VARS, ReportItem, ReportKind, msg, severity_of
from ascend_studio.codegen._sh_resolve import resolve_kept, script_variables
from ascend_studio.codegen._shlex import (
    Command,
    Lookup,
    ShellSyntaxError,
    Word,
    read_word,
    shell_quote,
)
from ascend_studio.profile import env_name_problem

__all__ = ["DEVICE_VARS", "MAX_REPORT_INFO", "State", "split_assignment", "word_value"]

#: Information lines kept in one report; a generated file with a million exports
#: would otherwise hold a million "recognized" lines.
MAX_REPORT_INFO = 5000
_ASSIGN = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)=")


def word_value(word_text: str, lookup: Lookup | None = None) -> tuple[str, bool]:
    """(value, verbatim) of the value part of ``NAME=value``; with ``lookup``, the
    variables the script itself defined are expanded (``$A``, ``${A:-1}``)."""
    try:
        word = read_word(word_text, lookup)
    except ShellSyntaxError:
        return word_text, True
    return (word.value, False) if word.value is not None else (word_text, True)


def split_assignment(word: Word) -> tuple[str, str] | None:
    """``NAME=value`` -> (NAME, value source text)."""
    match = _ASSIGN.match(word.text)
    return (match.group(1), word.text[match.end() :]) if match else None


@dataclass
class State:
    """Variables a shell script has set so far (exported or not), with their lines."""

    env: dict[str, tuple[str | None, bool, int]] = field(default_factory=dict)
    shell: dict[str, tuple[str, bool, int]] = field(default_factory=dict)
    exported: set[str] = field(default_factory=set)
    items: list[ReportItem] = field(default_factory=list)
    blocks: list[str] = field(default_factory=list)
    allexport: bool = False
    loop_header: bool = False
    pending_function: str | None = None
    #: Bash arrays assigned so far (``A=(x y)``): never environment settings.
    arrays: set[str] = field(default_factory=set)
    #: Inside ``A=( ... )``: the command words before it (``export -x``), else None.
    array_head: list[Word] | None = None
    #: After ``)``: (command head, line) to continue ``export A=(x) B=1`` with.
    resume: tuple[list[Word], int] | None = None
    #: Variables last assigned inside a branch, loop, function or subshell: their
    #: value depends on the run, so they are not expanded.
    unsure: set[str] = field(default_factory=set)
    #: The line of the last command that starts a program (``python3 train.py``): a
    #: variable set again after it is the next launch's value, not a conflict.
    last_launch: int = 0
    #: The line of the first ``cd``/``pushd``/``popd`` (0: none yet): before it, the
    #: script runs in the folder it was started in.
    first_cd: int = 0
    #: The ``if`` arms the current command is in: (line of the ``if``, arm number).
    arms: list[tuple[int, int]] = field(default_factory=list)
    #: The arms each variable was last set in.
    env_arms: dict[str, tuple[tuple[int, int], ...]] = field(default_factory=dict)

    def known(self, name: str) -> str | None:
        """The literal value the script gave ``name`` so far, None when not known.

        A per-device variable is never known: its value is the launcher's at run
        time (a default set above a loop is not what each process sees), so a
        reference to it stays a reference.
        """
        if name in self.unsure or name in DEVICE_VARS:
            return None
        entry = self.env.get(name) if name in self.env else self.shell.get(name)
        if entry is None or entry[1] or entry[0] is None:
            return None
        return entry[0]

    def value_of(self, text: str, name: str, cmd: Command) -> tuple[str, bool]:
        """(value, verbatim) of ``name=text``, expanding what the script defined."""
        value, verbatim = word_value(text, self.known)
        written = text
        if verbatim:
            text, read = self._resolved(name, text, cmd.line)
            if read is not None:  # (None: the same text, read above)
                value, verbatim = read
        self.composing = name if composes(name, text) else None
        if verbatim and self.composing:
            value, verbatim = self._composed(name, text, cmd.line)
        if self.context(cmd) is None and cmd.after not in ("|",):
            self.unsure.discard(name)
        else:
            self.unsure.add(name)
        if not verbatim and "$" in written and value != written:
            self.add(
                "converted",
                f"{name}={written}：展开为 {value!r}（所用变量由本脚本在前面设置）。",
                f"{name}={written}: expanded to {value!r} (the variables it uses are set earlier "
                "in this script).",
                cmd.line,
                f"env:{name}",
            )
        return value, verbatim

    def _resolved(self, name: str, text: str, line: int) -> tuple[str, tuple[str, bool] | None]:
        """``text`` with the script's own variables filled in or carried (``_sh_resolve``),
        and its :func:`word_value` when it changed; what was done is said if ``name``
        turns out to be an environment setting."""
        resolved, filled, carried = resolve_kept(self, name, text)
        self.resolution = None
        if resolved == text:
            return resolved, None
        read = word_value(resolved, self.known)
        if not read[1]:
            return resolved, read  # (a literal now: the "expanded to" line says so)
        zh, en = [], []
        if filled:
            zh.append(f"代入了本脚本前面给 {', '.join(filled)} 设置的值")
            en.append(f"the values this script gave {', '.join(filled)} are filled in")
        for n in carried:
            at = self.shell[n][2]
            zh.append(f"{n} 是本脚本自己的变量（第 {at} 行，未 export），以其文本代入")
            en.append(
                f"{n} is this script's own variable (line {at}, not exported): its text "
                "takes its place"
            )
        self.resolution = (
            name,
            f"{name}={text}：保留为 {resolved}（{'；'.join(zh)}），导出后含义不变。",
            f"{name}={text}: kept as {resolved} ({'; '.join(en)}), so that it means the "
            "same in an export.",
        )
        return resolved, read

    def _said(self, name: str, value: str | None, verbatim: bool, line: int) -> None:
        """How the script's own variables in ``name``'s kept text were handled."""
        done, self.resolution = self.resolution, None
        if done is not None and done[0] == name:
            self.add("converted", done[1], done[2], line, f"env:{name}")
        if not verbatim or value is None:
            return
        for variable, at, why in script_variables(self, name, value):
            self.add(
                "verbatim",
                f"{name} 的值用到 {variable}，它由本脚本第 {at} 行设置但未 export，且无法代入"
                f"（{why}）：按引用保留；在导出文件被 source 的地方，{variable} 取那里的值"
                "（未设置则为空）。",
                f"{name}: its value uses {variable}, which this script sets on line {at} "
                f"without exporting it and which cannot be carried over ({why}): it stays a "
                f"reference, so where an export is sourced {variable} has that shell's value "
                "(empty if it is not set there).",
                line,
                f"env:{name}",
            )

    def _composed(self, name: str, text: str, line: int) -> tuple[str, bool]:
        """``name=text`` that adds to the value ``name`` has so far (``X=/a:$X``): one
        composition with the earlier steps of this script; the caller's value when
        the script did not set it before."""
        entry = self.env.get(name) if name in self.env else self.shell.get(name)
        if entry is None or name in self.unsure:
            return text, True
        earlier, kept, at = entry
        previous = "''" if earlier is None else earlier if kept else shell_quote(earlier)
        later = {r.name for r in references(previous) if r.name != name}
        moved = any((self.env.get(r) or self.shell.get(r) or ("", False, 0))[2] > at for r in later)
        folded = None if moved else fold(name, text, previous)
        if folded is None:  # (even the same text twice: each step adds again)
            self.add(
                "conflict",
                f"{name}={text}：在第 {at} 行的值上追加，但无法与之合为一个组合值；"
                f"配置只保留这一行，第 {at} 行加上的部分在导出中会丢失。",
                f"{name}={text}: adds to its value from line {at} in a form this tool cannot "
                f"combine with it; the profile keeps this line's step only (what line {at} "
                "adds is lost in exports).",
                line,
                f"env:{name}",
            )
            return text, True
        self.add(
            "converted",
            f"{name}={text}：在第 {at} 行的值上追加，合为一个组合值 {folded}。",
            f"{name}={text}: adds to its value from line {at}; kept as one composition {folded}.",
            line,
            f"env:{name}",
        )
        return word_value(folded, self.known)

    #: The name whose value being set refers to its own earlier value (a composition).
    composing: str | None = None
    #: (name, zh, en): how the script's own variables in the kept text just read were
    #: filled in or carried; said when that name is an environment setting.
    resolution: tuple[str, str, str] | None = None
    #: Information lines left out past :data:`MAX_REPORT_INFO` (errors never are).
    omitted: int = 0

    def add(
        self, kind: ReportKind, zh: str, en: str, line: int | None, path: str | None = None
    ) -> None:
        if len(self.items) >= MAX_REPORT_INFO and severity_of(kind) == "info":
            self.omitted += 1
        else:
            self.items.append(ReportItem(kind, msg(zh, en), line, path, None, 0 if path else None))

    def close(self) -> None:
        """Say how many information lines were left out of a huge report."""
        if self.omitted:
            text = msg(
                f"另有 {self.omitted} 条提示未列出（报告过长）。",
                f"{self.omitted} more information lines not listed (the report is too long).",
            )
            self.items.append(ReportItem("info", text))
            self.omitted = 0

    @property
    def in_loop(self) -> bool:
        return "loop" in self.blocks

    def context(self, cmd: Command) -> str | None:
        if self.in_loop:
            return "a loop"
        if any(b.startswith("if") or b == "case" for b in self.blocks) or cmd.after in ("&&", "||"):
            return "a condition"
        if any(b.startswith("function") for b in self.blocks):
            return "a function"
        if "subshell" in self.blocks:
            return "a subshell"
        return None

    def add_array(self, name: str, line: int) -> None:
        """``name=( ... )``: bash cannot export an array, so it never reaches the environment."""
        self.arrays.add(name)
        self.shell.pop(name, None)
        self.add(
            "ignored",
            f"{name}=(...) 是 bash 数组；数组无法 export 到环境中，不是环境变量设置。",
            f"{name}=(...) is a bash array; bash cannot export arrays, so it is not an "
            "environment setting.",
            line,
            f"env:{name}",
        )

    def set_env(self, name: str, value: str | None, verbatim: bool, cmd: Command) -> None:
        line, path = cmd.line, f"env:{name}"
        if not self._writable(name, value, verbatim, line):
            return
        if self.in_loop and name in DEVICE_VARS:
            self.add(
                "device_loop",
                f"{name} 在循环中按设备设置（每个设备一个进程）；这是启动逻辑，未作为环境值导入。",
                f"{name} is set per device in a loop (one process per device); that is launcher "
                "logic and is not imported as a value.",
                line,
                path,
            )
            return
        where = self.context(cmd)
        if where == "a subshell":
            self.add(
                "ignored",
                f"{name} 在子 shell 中设置，不影响外部环境。",
                f"{name} is set in a subshell and does not affect the environment.",
                line,
                path,
            )
            return
        old = self.env.get(name)
        composing, self.composing = self.composing == name, None  # adds to it: no conflict
        differs = old is not None and (old[0], old[1]) != (value, verbatim) and not composing
        if old is not None and differs and self.last_launch > old[2]:
            self.add(
                "info",
                f"{name} 在第 {self.last_launch} 行启动程序后于第 {line} 行重新设置：每次启动使用它之前设置的值（第 {old[2]} 行与第 {line} 行）；这里检查的是最后的值。",
                f"{name} is set again on line {line}, after the launch on line "
                f"{self.last_launch}: each launch gets the value set before it (lines {old[2]} "
                f"and {line}); the value checked here is the last one.",
                line,
                path,
            )
        elif old is not None and differs and self._other_arm(name):
            self.add(
                "info",
                f"{name} 在同一 if 的另一分支中也被设置（第 {old[2]} 行与第 {line} 行）：两者只有一个会执行；这里检查的是第 {line} 行的值。",
                f"{name} is set in two arms of one if (lines {old[2]} and {line}): only one of "
                f"them runs; the value checked here is line {line}'s.",
                line,
                path,
            )
        elif old is not None and differs and old[0] is not None:
            self.add(  # (an unset before a new value only clears it: no conflict)
                "conflict",
                f"{name} 被多次设置（第 {old[2]} 行与第 {line} 行），以最后一次为准。",
                f"{name} is set more than once (lines {old[2]} and {line}); the last one wins.",
                line,
                path,
            )
        self._said(name, value, verbatim, line)
        self.env[name] = (value, verbatim, line)
        self.env_arms[name] = tuple(self.arms)
        if value is None:  # unset also drops the export: a later NAME=x stays the shell's
            self.exported.discard(name)
        else:
            self.exported.add(name)
        self._describe(name, value, verbatim, where, line)

    def _writable(self, name: str, value: str | None, verbatim: bool, line: int) -> bool:
        """A name no shell can export, or kept text that is not one word, is reported
        and left out (a profile holds neither: every writer would have to refuse it)."""
        problem = env_name_problem(name)
        if problem is None and value is not None and "\0" in value:
            problem = "a NUL character cannot be part of an environment value"
        elif problem is None and value is not None and verbatim:
            problem = shell_word_problem(value)
        if problem is None:
            return True
        self.add(
            "ignored",
            f"{name[:60]!r}：无法作为环境变量设置保存（{problem}），未导入。",
            f"{name[:60]!r}: cannot be kept as an environment setting ({problem}); not imported.",
            line,
        )
        return False

    def _other_arm(self, name: str) -> bool:
        """``name`` was last set in another arm of an ``if`` the current command is in."""
        before = self.env_arms.get(name, ())
        return any(a[0] == b[0] and a[1] != b[1] for a, b in zip(before, self.arms, strict=False))

    def _describe(
        self, name: str, value: str | None, verbatim: bool, where: str | None, line: int
    ) -> None:
        path = f"env:{name}"
        if where is not None:
            zh_where = {"a loop": "循环", "a condition": "条件分支", "a function": "函数"}[where]
            self.add(
                "conditional",
                f"{name} 在{zh_where}中设置，不一定总会生效。",
                f"{name} is set inside {where}; it may not always apply.",
                line,
                path,
            )
        if value is None:
            self.add("recognized", f"unset {name}", f"unset {name}", line, path)
        elif verbatim:
            self.add(
                "verbatim",
                f"{name}={value}：引用了其他变量或命令，按 shell 文本保留，导出时原样写回。",
                f"{name}={value}: refers to other variables or runs a command; kept as shell "
                "text and re-emitted unchanged.",
                line,
                path,
            )
        else:
            self.add("recognized", f"{name} = {value!r}", f"{name} = {value!r}", line, path)
