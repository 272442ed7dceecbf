"""ASCEND_WORK_PATH in a profile's or script's environment: checked like the path view.

Shell text (``$VAR``, backticks) is known only when the job runs and is never
an error here.
"""

from __future__ import annotations

from collections.abc import Mapping

from ascend_studio.rules._context import Ctx
from ascend_studio.rules._model import Rule, rule, txt
from ascend_studio.rules._workpath_text import text_issues

__all__ = ["WORKPATH_RULES", "WORK_PATH_PAGE"]

#: The CANN environment variable reference page (its public address).
WORK_PATH_PAGE = (
    'CANN environment variables, page "ASCEND_WORK_PATH" (https://www.hiascend.com/document/'
    "detail/zh/canncommercial/latest/maintenref/envvar/envref_07_0007.html)"
)


def _invalid(c: Ctx) -> Mapping[str, object] | None:
    value = c.env_value("ASCEND_WORK_PATH")
    if value is None or "$" in value or "`" in value:
        return None
    errors = [i for i in text_issues(value) if i.severity == "error"]
    if not errors:
        return None
    zh, en = (" ".join(i.message.get(lang) for i in errors) for lang in ("zh", "en"))
    return {"problem": txt(zh, en)}


WORKPATH_RULES: tuple[Rule, ...] = (
    rule(
        "env.ascend_work_path.invalid",
        "error",
        "env",
        ("env:ASCEND_WORK_PATH",),
        _invalid,
        message=(
            "ASCEND_WORK_PATH={env:ASCEND_WORK_PATH} 不符合文档要求：{problem}",
            "ASCEND_WORK_PATH={env:ASCEND_WORK_PATH} breaks the documented rules: {problem}",
        ),
        source=WORK_PATH_PAGE + " (path characters; last segment identifies the machine)",
        fix=(
            "只用字母、数字、_ - . 和中文，最后一段标识本机，例如 /repo/task001/172.16.1.12_01_03。",
            "Use only letters, digits, _ - . and Chinese characters, with a last segment that "
            "names the machine, e.g. /repo/task001/172.16.1.12_01_03.",
        ),
    ),
)
