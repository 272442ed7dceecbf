"""Shell conditions decided by their text alone: ``false``, ``[ 1 -eq 0 ]``.

A value set only in an arm that cannot run is not a value (``if false; then export
ASCEND_DEVICE_ID=abc; fi`` sets nothing). Only literal tests are decided: anything
that reads a variable, a command or a file is left to the run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ascend_studio.codegen._shlex import Word

__all__ = ["DEAD", "arm", "static_truth"]

#: Block labels of an ``if`` arm that cannot run (``if false``), and of the arms after
#: one that always runs (``if true ... else``).
DEAD = frozenset({"if-never", "if-done"})

_INT_TESTS: dict[str, Callable[[int, int], bool]] = {
    "-eq": lambda a, b: a == b,
    "-ne": lambda a, b: a != b,
    "-lt": lambda a, b: a < b,
    "-le": lambda a, b: a <= b,
    "-gt": lambda a, b: a > b,
    "-ge": lambda a, b: a >= b,
}
_STR_TESTS: dict[str, Callable[[str, str], bool]] = {
    "=": lambda a, b: a == b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}


def _literal(word: Word) -> str | None:
    """The word's text when nothing in it is expanded at run time."""
    value = word.value
    if value is None or "$" in word.text or "`" in word.text:
        return None
    return value


def _test(args: Sequence[str]) -> bool | None:
    if len(args) == 2 and args[0] in ("-n", "-z"):
        return bool(args[1]) is (args[0] == "-n")
    if len(args) != 3:
        return None
    left, op, right = args
    if op in _STR_TESTS:
        return _STR_TESTS[op](left, right)
    if op in _INT_TESTS:
        try:
            return _INT_TESTS[op](int(left), int(right))
        except ValueError:
            return None
    return None


def static_truth(words: Sequence[Word]) -> bool | None:
    """Whether the condition ``words`` (after ``if``/``elif``) holds, when its text
    alone decides it; None otherwise."""
    texts = [_literal(w) for w in words]
    if not texts or None in texts:
        return None
    args = [t for t in texts if t is not None]
    if args in (["false"], [":"]) or args == ["true"]:
        return args[0] != "false"
    if args[0] == "test":
        return _test(args[1:])
    if (args[0], args[-1]) in (("[", "]"), ("[[", "]]")):
        return _test(args[1:-1])
    return None


def arm(head: str, previous: str | None, words: Sequence[Word]) -> str:
    """The block label of the ``if``/``elif``/``else`` arm that ``head`` opens:
    ``if`` (may run), ``if-always``, or one of :data:`DEAD`."""
    if head != "if" and previous in ("if-always", "if-done"):
        return "if-done"
    truth = None if head == "else" else static_truth(words)
    if truth is False:
        return "if-never"
    return "if-always" if truth and (head == "if" or previous == "if-never") else "if"
