"""A value said as "it" in the sentence after the speaker names its attribute: "How many days until my
birthday? It's June 9.", "Can you update my email? It's ana@fernway.io now."

Only attributes whose values have a shape of their own (a day of the year, an address, a number), so what
"it" is cannot be mistaken. Pure; the rules extractor calls it for a sentence no rule read.
"""

from __future__ import annotations

import re
from datetime import date
from functools import cache

from twinmem.extract.base import Statement
from twinmem.extract.table import grammar

__all__ = ["said_as_it"]

_OWNED = re.compile(
    r"\bmy\s+(?:own\s+|new\s+|actual\s+|real\s+)?(?P<a>birthday|bday|b-day|email(?:\s+address)?|e-mail|"
    r"(?:phone|mobile|cell)(?:\s+number)?|number)\b",
    re.I,
)
_ATTRIBUTE = {"birthday": "birthday", "bday": "birthday", "b-day": "birthday", "email": "email", "e-mail": "email"}


@cache
def _values() -> dict[str, re.Pattern[str]]:
    m = grammar().macros
    opening = r"^\W*(?:(?:oh|ok|and|so|btw)\W+)?(?:it['’]s|it\s+is|its)\s+(?:actually\s+|now\s+)?(?:on\s+)?"
    return {
        "birthday": re.compile(rf"{opening}(?P<v>{m['DATE_NP']})", re.I),
        "email": re.compile(rf"{opening}(?P<v>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)", re.I),
        "phone": re.compile(rf"{opening}(?P<v>\+?\(?\d[\d\s().-]{{5,}}\d)", re.I),
    }


def said_as_it(prev: str, sent: str, offset: int, said: date, speaker: str | None) -> list[Statement]:
    """The speaker's value of the attribute the sentence before named as theirs, said as "it's ..."."""
    owned = list(_OWNED.finditer(prev)) if speaker else []
    if not owned:
        return []
    word = owned[-1].group("a").lower().split()[0]
    attribute = _ATTRIBUTE.get(word, "phone")
    m = _values()[attribute].match(sent)
    if m is None or speaker is None:
        return []
    value = re.sub(r"^the\s+", "", m.group("v").strip(), flags=re.I)
    return [
        Statement(
            subject=speaker,
            attribute=attribute,
            value=value,
            valid_from=said,
            span=(offset + m.start("v"), offset + m.end("v")),
        )
    ]
