"""PySide6 6.12.0 drops a reference to None on every call of a void method.

On Python 3.11 (None is not immortal there) the interpreter then aborts with
"none_dealloc" at exit, after any real GUI session. This guard fails with a
clear message instead of a crash; the fix is pinning PySide6 != 6.12.0.
"""

from __future__ import annotations

import sys

import pytest
from PySide6.QtWidgets import QLabel


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="None is immortal from 3.12")
def test_void_calls_keep_none_alive(qtbot: object) -> None:
    label = QLabel()
    before = sys.getrefcount(None)
    for _ in range(500):
        label.setText("x")
    after = sys.getrefcount(None)
    assert after >= before - 50, (
        f"None lost {before - after} references over 500 QLabel.setText calls: this PySide6 "
        "build corrupts None's reference count (known for 6.12.0 on Python 3.11)"
    )
