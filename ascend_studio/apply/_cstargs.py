"""Add, change and remove keyword arguments of one libcst ``Call``, in its own style.

A call written on one line stays on one line; a call with one argument per
line gets one new line per new argument, at the same indent. A keyword the edit
changes or drops that the call gives twice (Python refuses such a script) is
left once, where it was given last. A trailing comma
and whatever sits before the closing parenthesis (a comment, a newline) stay
where they were; a comment on an argument's line stays on that line.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

__all__ = ["CallEdit", "edit_args"]

_NONE = cst.SimpleWhitespace("")
Ws = cst.BaseParenthesizableWhitespace


@dataclass
class CallEdit:
    """Keyword -> new source text; keywords to drop; (keyword, source) to append;
    keyword -> new name (the value and its place kept)."""

    change: dict[str, str] = field(default_factory=dict)
    drop: set[str] = field(default_factory=set)
    add: list[tuple[str, str]] = field(default_factory=list)
    rename: dict[str, str] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.change or self.drop or self.add or self.rename)


def edit_args(call: cst.Call, edit: CallEdit) -> cst.Call:
    args = list(call.args)
    for name in (*edit.change, *edit.drop, *edit.rename):
        # a keyword given twice: Python refuses the whole script; the last one stays
        while sum(1 for a in args if a.keyword is not None and a.keyword.value == name) > 1:
            call, args = _remove(call, args, name)
    args = [_renamed(_changed(arg, edit.change), edit.rename) for arg in args]
    for name in edit.drop:
        call, args = _remove(call, args, name)
    if edit.add:
        new = [_new_arg(args, name, text) for name, text in edit.add]
        # new keywords go before a ``**mapping`` (where a reader expects them)
        cut = next((i for i, a in enumerate(args) if a.star == "**"), len(args))
        head, tail = args[:cut], args[cut:]
        args = (_append(call, head, new) if head else _on_one_line(new, bool(tail))) + tail
    if not args:
        return call.with_changes(args=(), whitespace_before_args=_NONE)
    return call.with_changes(args=tuple(args))


def _changed(arg: cst.Arg, new: dict[str, str]) -> cst.Arg:
    if arg.keyword is None or arg.keyword.value not in new:
        return arg
    value = cst.parse_expression(new[arg.keyword.value])
    return arg.with_changes(value=value)


def _renamed(arg: cst.Arg, new: dict[str, str]) -> cst.Arg:
    if arg.keyword is None or arg.keyword.value not in new:
        return arg
    return arg.with_changes(keyword=arg.keyword.with_changes(value=new[arg.keyword.value]))


def _new_arg(args: list[cst.Arg], name: str, text: str) -> cst.Arg:
    styled = next((a.equal for a in args if isinstance(a.equal, cst.AssignEqual)), None)
    equal = styled or cst.AssignEqual(whitespace_before=_NONE, whitespace_after=_NONE)
    return cst.Arg(value=cst.parse_expression(text), keyword=cst.Name(name), equal=equal)


def _trail(arg: cst.Arg) -> Ws:
    """What follows an argument up to the next one or the closing parenthesis."""
    if isinstance(arg.comma, cst.Comma):
        return arg.comma.whitespace_after
    return arg.whitespace_after_arg


def _closing(trail: Ws) -> Ws:
    """``trail`` without its comment: the whitespace before ``)`` on a new last line."""
    if isinstance(trail, cst.ParenthesizedWhitespace):
        return cst.ParenthesizedWhitespace(indent=trail.indent, last_line=trail.last_line)
    return trail


def _separator(call: cst.Call, args: list[cst.Arg]) -> Ws:
    """The whitespace that leads from one argument to the next in this call."""
    leads = [_trail(a) for a in args[:-1]] + [call.whitespace_before_args]
    for lead in leads:
        if isinstance(lead, cst.ParenthesizedWhitespace):
            return cst.ParenthesizedWhitespace(indent=lead.indent, last_line=lead.last_line)
    return cst.SimpleWhitespace(" ")


def _with_trail(arg: cst.Arg, trail: Ws, before: cst.BaseParenthesizableWhitespace) -> cst.Arg:
    if isinstance(arg.comma, cst.Comma):
        return arg.with_changes(comma=arg.comma.with_changes(whitespace_after=trail))
    comma = cst.Comma(whitespace_before=before, whitespace_after=trail)
    return arg.with_changes(comma=comma, whitespace_after_arg=_NONE)


def _append(call: cst.Call, args: list[cst.Arg], new: list[cst.Arg]) -> list[cst.Arg]:
    last = args[-1]
    trail = _trail(last)
    sep = _separator(call, args)
    if isinstance(trail, cst.ParenthesizedWhitespace) and isinstance(
        sep, cst.ParenthesizedWhitespace
    ):
        # one per line: the last argument keeps its comment, new lines take the indent
        joined: Ws = trail.with_changes(indent=sep.indent, last_line=sep.last_line)
        end = _closing(trail)
    else:
        joined, end = sep, trail
    spacing = last.whitespace_after_arg if not isinstance(last.comma, cst.Comma) else _NONE
    head = _with_trail(
        last, joined, spacing if isinstance(spacing, cst.SimpleWhitespace) else _NONE
    )
    middle = [a.with_changes(comma=cst.Comma(whitespace_after=sep)) for a in new[:-1]]
    if isinstance(last.comma, cst.Comma):
        tail = new[-1].with_changes(comma=last.comma.with_changes(whitespace_after=end))
    else:
        tail = new[-1].with_changes(whitespace_after_arg=end)
    return [*args[:-1], head, *middle, tail]


def _on_one_line(new: list[cst.Arg], more: bool = False) -> list[cst.Arg]:
    sep = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    return [a.with_changes(comma=sep) for a in new[:-1]] + [
        new[-1].with_changes(comma=sep) if more else new[-1]
    ]


def _carried(lead: Ws, gone: Ws) -> Ws:
    """The whitespace that led to a removed argument, now leading past it: the comment
    lines that stood between it and the next argument stay (a comment on the removed
    argument's own line goes with it)."""
    if not isinstance(gone, cst.ParenthesizedWhitespace):
        return lead
    if isinstance(lead, cst.ParenthesizedWhitespace):
        return lead.with_changes(empty_lines=(*lead.empty_lines, *gone.empty_lines))
    return gone  # it ended a line the argument before it shares: the line break stays


def _remove(call: cst.Call, args: list[cst.Arg], name: str) -> tuple[cst.Call, list[cst.Arg]]:
    """``call`` and ``args`` without the keyword ``name`` (its first occurrence)."""
    index = next(
        (i for i, a in enumerate(args) if a.keyword is not None and a.keyword.value == name),
        None,
    )
    if index is None:
        return call, args
    gone = args[index]
    if index < len(args) - 1:
        rest = args[:index] + args[index + 1 :]
        if index == 0:
            lead = _carried(call.whitespace_before_args, _trail(gone))
            return call.with_changes(whitespace_before_args=lead), rest
        before = rest[index - 1]
        rest[index - 1] = _with_trail(before, _carried(_trail(before), _trail(gone)), _NONE)
        return call, rest
    if index == 0:
        return call, []
    return call, [*args[: index - 1], _last_removed(args[index - 1], gone)]


def _last_removed(before: cst.Arg, gone: cst.Arg) -> cst.Arg:
    """``before``, now the last argument in place of ``gone``."""
    own, end_ws = _trail(before), _trail(gone)
    trail = end_ws
    if isinstance(own, cst.ParenthesizedWhitespace) and isinstance(
        end_ws, cst.ParenthesizedWhitespace
    ):
        trail = own.with_changes(
            empty_lines=(*own.empty_lines, *end_ws.empty_lines),
            indent=end_ws.indent,
            last_line=end_ws.last_line,
        )
    if isinstance(gone.comma, cst.Comma) or _has_comment(own):
        return _with_trail(before, trail, _NONE)
    return before.with_changes(comma=cst.MaybeSentinel.DEFAULT, whitespace_after_arg=trail)


def _has_comment(ws: Ws) -> bool:
    return isinstance(ws, cst.ParenthesizedWhitespace) and ws.first_line.comment is not None
