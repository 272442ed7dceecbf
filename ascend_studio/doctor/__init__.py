"""On the NPU machine: ``doctor`` for the live environment, ``launch-check`` for launchers.

Qt-free. ``doctor`` reads the machine (:mod:`ascend_studio.machine`), resolves every
artifact with the real environment and working directory (:mod:`ascend_studio.paths`)
and checks each folder on the real file system; ``launch-check`` expands a
multi-card launch script per rank (never running it) and checks the ranks against
each other and against the rank table. Both report :class:`Finding` objects whose
checks are declared, with their evidence, in :data:`CHECKS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ascend_studio._lazy import lazy_attributes

if TYPE_CHECKING:
    from ascend_studio.doctor._document import (
        DoctorDocument,
        PathEntry,
        live_document,
        read_document,
        read_document_file,
    )
    from ascend_studio.doctor._inputs import InputError, Inputs, read_inputs
    from ascend_studio.doctor._launch import LaunchReport, launch_check
    from ascend_studio.doctor._model import CHECKS, Check, Finding, Severity, counts, worst
    from ascend_studio.doctor._render import report_json, report_text
    from ascend_studio.doctor._run import DoctorReport, run_doctor, watched_variables

__all__ = [
    "CHECKS",
    "Check",
    "DoctorDocument",
    "DoctorReport",
    "Finding",
    "InputError",
    "Inputs",
    "LaunchReport",
    "PathEntry",
    "Severity",
    "counts",
    "launch_check",
    "live_document",
    "read_document",
    "read_document_file",
    "read_inputs",
    "report_json",
    "report_text",
    "run_doctor",
    "watched_variables",
    "worst",
]

_WHERE = {
    "CHECKS": "_model",
    "Check": "_model",
    "DoctorDocument": "_document",
    "DoctorReport": "_run",
    "Finding": "_model",
    "InputError": "_inputs",
    "Inputs": "_inputs",
    "LaunchReport": "_launch",
    "PathEntry": "_document",
    "Severity": "_model",
    "counts": "_model",
    "launch_check": "_launch",
    "live_document": "_document",
    "read_document": "_document",
    "read_document_file": "_document",
    "read_inputs": "_inputs",
    "report_json": "_render",
    "report_text": "_render",
    "run_doctor": "_run",
    "watched_variables": "_run",
    "worst": "_model",
}

if not TYPE_CHECKING:
    __getattr__ = lazy_attributes(__name__, _WHERE)
