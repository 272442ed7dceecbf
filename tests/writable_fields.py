"""Hypothesis strategies for the profile fields that reach generated code.

A profile refuses environment names that are not shell names, kept shell text
that is not one word, kept expressions that are not one Python expression, and
keyword names that are not identifiers. Tests that want arbitrary valid profiles
draw these fields from here.
"""

from __future__ import annotations

import keyword

from hypothesis import strategies as st

from ascend_studio._shellword import shell_word_problem
from ascend_studio.profile._fields import expr_problem

TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=30)
#: Text an environment value may hold (anything but NUL).
ENV_TEXT = TEXT.map(lambda s: s.replace("\0", ""))
#: Python identifiers that are not keywords.
IDENTIFIERS = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,12}", fullmatch=True).filter(
    lambda s: not keyword.iskeyword(s)
)
#: Shell names (what an environment name must be).
ENV_NAMES = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,12}", fullmatch=True)
#: Kept Python expressions: a literal, a name, a call, an attribute, some texts.
EXPRESSIONS = st.one_of(
    st.sampled_from(["None", "args.x", "f()", "os.getenv('X')", "[1, 2]", "a if b else c"]),
    TEXT.map(repr),
    st.integers().map(str),
    IDENTIFIERS,
    TEXT.map(lambda s: f"os.path.join(root, {s!r})"),
).filter(lambda s: expr_problem(s) is None)
#: Kept shell text that is one word.
SHELL_WORDS = st.one_of(
    st.sampled_from(["$HOME/x", "${install_path}/lib:$PATH", "$(hostname)", "'a b'", '"$A"x']),
    # the regex can make an unterminated ``${``, which a profile refuses: drawn words are
    # what a profile keeps, so those are left out here (the refusal has its own tests)
    st.from_regex(r"[A-Za-z0-9_/:.${}-]{1,12}", fullmatch=True).filter(
        lambda s: shell_word_problem(s) is None
    ),
)
