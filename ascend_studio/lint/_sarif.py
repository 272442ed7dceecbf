"""SARIF 2.1.0 output, what GitHub and GitLab code scanning read.

One run; the tool's rules are those the results use, each with its message,
fix and source citation as help text. Fixes are given as text (in the message
and the result's properties): a SARIF ``fix`` object is a concrete edit of the
file, and ours are advice, not edits.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ascend_studio import __version__
from ascend_studio.lint._batch import Batch
from ascend_studio.lint._check import Finding
from ascend_studio.lint._select import IMPORT_PREFIX
from ascend_studio.rules import RULES_BY_ID
from ascend_studio.schema import Text, shipped_catalog

__all__ = ["SARIF_SCHEMA", "sarif_document"]

SARIF_SCHEMA = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
_LEVEL = {"error": "error", "warning": "warning", "info": "note"}
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][\w.:]*)\}")

#: What the findings that are not rules say, for the rule metadata.
_OTHER: dict[str, str] = {
    "import.syntax_error": "The file, or part of it, does not parse; that part was not checked.",
    "import.call_error": "A configuration call or command the real code rejects "
    "(Python's TypeError; bash's 'not a valid identifier', 'command not found').",
    "import.unreadable": "The file cannot be read (missing, no permission, binary).",
    "import.internal_error": "The importer failed on this file; please report it.",
    "import.unknown_key": "A parameter_map key that TF Adapter does not read.",
    "import.wrong_field": "A parameter_map value written to the wrong field (.s/.i/.b) for its key.",
    "import.conflict": "One parameter is set twice; the report says which setting wins.",
    "import.device_loop": "A per-device loop sets device variables; each device gets its own value.",
    "suppression.unused": "A suppression comment that silenced nothing.",
    "suppression.unknown_rule": "A suppression comment naming no known rule id or family.",
    "internal.rule_failed": "A rule failed internally; please report it.",
}


def _template(text: str) -> str:
    return _PLACEHOLDER.sub(lambda m: f"<{m.group(1)}>", text)


def _descriptor(rule_id: str, lang: str) -> dict[str, Any]:
    rule = RULES_BY_ID.get(rule_id)
    if rule is None:
        summary = _OTHER.get(rule_id, f"Finding {rule_id} of ascend-studio.")
        help_lines = [summary]
        level = "error" if rule_id.startswith(IMPORT_PREFIX) else "warning"
        tags, source = [rule_id.split(".", maxsplit=1)[0]], None
    else:
        summary = _template(rule.message.get(lang))
        source = _template(shipped_catalog().cite(rule.source))  # titles and public places
        help_lines = [summary]
        if rule.fix is not None:
            help_lines.append(f"Fix: {_template(rule.fix.get(lang))}")
        help_lines.append(f"Source: {source}")
        level, tags = _LEVEL[rule.severity], [rule.kind]
    descriptor: dict[str, Any] = {
        "id": rule_id,
        "shortDescription": {"text": summary},
        "fullDescription": {"text": " ".join(help_lines)},
        "help": {"text": "\n".join(help_lines)},
        "defaultConfiguration": {"level": level},
        "properties": {"tags": ["ascend-studio", *tags]},
    }
    if source is not None:
        descriptor["properties"]["source"] = source
    return descriptor


def _uri(shown: str) -> dict[str, str]:
    if Path(shown).is_absolute():
        return {"uri": Path(shown).as_uri()}
    return {"uri": quote(shown), "uriBaseId": "%SRCROOT%"}


def _message(f: Finding, lang: str) -> str:
    text = f.message.get(lang)
    if f.fix is not None:
        text += f" Fix: {f.fix.get(lang)}"
    return text


def _related(f: Finding) -> list[dict[str, Any]]:
    """The other places a finding concerns (another parameter it is about, or where the
    script names the file it is in), each with the parameter's path as its message."""
    return [
        {
            "id": number,
            "physicalLocation": {
                "artifactLocation": _uri(place.path),
                "region": {"startLine": place.line, "startColumn": place.column},
            },
            "message": {"text": place.param},
        }
        for number, place in enumerate(f.related)
    ]


def _result(f: Finding, lang: str, rule_index: int, artifact: int) -> dict[str, Any]:
    location = {**_uri(f.path), "index": artifact}
    props: dict[str, Any] = {"params": list(f.params)}
    for key, value in (("fix", f.fix), ("source", f.source), ("configuration", f.config)):
        if value is not None:
            props[key] = value.get(lang) if isinstance(value, Text) else value
    related = {"relatedLocations": _related(f)} if f.related else {}
    return {
        "ruleId": f.rule_id,
        "ruleIndex": rule_index,
        "level": _LEVEL[f.severity],
        "message": {"text": _message(f, lang)},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": location,
                    "region": {"startLine": f.line, "startColumn": f.column},
                }
            }
        ],
        **related,
        "properties": props,
    }


def sarif_document(batch: Batch, lang: str = "en") -> dict[str, Any]:
    findings = batch.findings
    rule_ids = sorted({f.rule_id for f in findings})
    paths = sorted({f.path for f in findings})
    rule_index = {rule_id: i for i, rule_id in enumerate(rule_ids)}
    artifact_index = {path: i for i, path in enumerate(paths)}
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": "ascend-studio",
                "version": __version__,
                "semanticVersion": __version__,
                "rules": [_descriptor(rule_id, lang) for rule_id in rule_ids],
            }
        },
        "originalUriBaseIds": {"%SRCROOT%": {"uri": Path.cwd().as_uri().rstrip("/") + "/"}},
        "artifacts": [{"location": _uri(path)} for path in paths],
        "results": [
            _result(f, lang, rule_index[f.rule_id], artifact_index[f.path]) for f in findings
        ],
        "columnKind": "unicodeCodePoints",
    }
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}
