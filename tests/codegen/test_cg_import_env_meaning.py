"""Importers record what an environment change means, not a look-alike.

Bash cannot export arrays; ``os.environ.setdefault`` applies only when the name
is unset; a non-str value for ``os.environ`` raises TypeError in Python.
"""

from __future__ import annotations

import pytest

from ascend_studio.codegen import ImportResult, import_text


def _items(result: ImportResult, path: str) -> list[tuple[str, str]]:
    return [(i.kind, i.message.en) for i in result.report.items if i.path == path]


@pytest.mark.parametrize(
    "script",
    [
        "export ARR=(a b)\n",
        "declare -x ARR=(a 'b c')\n",
        "ARR=(a b)\nexport ARR\n",
        "export ARR=(a\n  b)\n",
    ],
)
def test_a_bash_array_is_not_an_environment_setting(script: str) -> None:
    result = import_text(script, "env.sh")
    (config,) = result.configs
    assert "ARR" not in config.profile.env
    assert any(
        kind == "ignored" and "bash cannot export arrays" in text
        for kind, text in _items(result, "env:ARR")
    )


def test_words_around_an_array_still_belong_to_the_export() -> None:
    result = import_text("export A=1 ARR=(x y) B=2\nC=3\n", "env.sh")
    (config,) = result.configs
    assert config.profile.env == {"A": "1", "B": "2"}


def test_an_array_does_not_hide_the_commands_after_it() -> None:
    result = import_text("ARR=(x y)\nexport ASCEND_GLOBAL_LOG_LEVEL=1\n", "env.sh")
    (config,) = result.configs
    assert config.profile.env == {"ASCEND_GLOBAL_LOG_LEVEL": "1"}


def test_setdefault_is_reported_as_applying_only_when_unset() -> None:
    result = import_text('import os\nos.environ.setdefault("K", "v")\n', "train.py")
    (config,) = result.configs
    assert config.profile.env == {"K": "v"}
    kinds = _items(result, "env:K")
    assert [k for k, _ in kinds] == ["conditional"]
    assert "only when K is not already set" in kinds[0][1]


def test_setdefault_after_the_script_set_the_name_changes_nothing() -> None:
    script = 'import os\nos.environ["K"] = "a"\nos.environ.setdefault("K", "v")\n'
    result = import_text(script, "train.py")
    (config,) = result.configs
    assert config.profile.env == {"K": "a"}
    assert any("leaves it unchanged" in text for _, text in _items(result, "env:K"))


@pytest.mark.parametrize(
    "line",
    [
        'os.environ["K"] = 1',
        'os.environ["K"] = True',
        'os.putenv("K", 2)',
        "os.environ.update(K=3)",
        'os.environ.setdefault("K", 4)',
    ],
)
def test_a_non_str_environment_value_is_flagged(line: str) -> None:
    result = import_text(f"import os\n{line}\n", "train.py")
    assert all("K" not in c.profile.env for c in result.configs)
    assert any("raises TypeError" in text for _, text in _items(result, "env:K"))
