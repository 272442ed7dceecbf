"""Test doubles shared by the part-2 view tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["WORK", "Dialogs"]

#: An ``ASCEND_WORK_PATH`` as a cluster job sets it (node address and device ids).
WORK = "/data/wp/172.16.1.12_01_03"


class Dialogs:
    """Scripted answers for ``ascend_studio.ui._dialogs``; an unexpected dialog fails.

    Messages too: a test expecting ``show_error`` queues ``answer("show_error", None)``.
    """

    def __init__(self) -> None:
        self.answers: dict[str, list[Any]] = {}
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def answer(self, name: str, *values: Any) -> None:
        self.answers.setdefault(name, []).extend(values)

    def make(self, name: str) -> Callable[..., Any]:
        def fake(*args: Any, **_kwargs: Any) -> Any:
            self.calls.append((name, args))
            if not self.answers.get(name):
                raise AssertionError(f"unexpected dialog {name}{args[1:]}")
            return self.answers[name].pop(0)

        return fake
