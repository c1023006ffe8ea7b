"""Whether somebody else comes between a subject and the value said after it: "Mirela says Tom joined ...",
"her best friend from school is at ...". A place or a firm ("at Dunmore Bank") and a pet's kind are nobody."""

from __future__ import annotations

import re
from functools import lru_cache

from twinmem.extract.lexicon import gender_of, words
from twinmem.extract.table import grammar
from twinmem.extract.text import SPECIES

__all__ = ["blanked", "kin", "someone_between"]

_NAME = re.compile(r"(?-i:(?<![.!?]\s)\b[A-Z][a-z]+\b)")
_PLACED = re.compile(
    r"\b(?:at|for|with|from|to|in|of)\s+(?:the\s+)?(?-i:[A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*)*)"
    r"|\bon\s+(?-i:[A-Z][\w+#-]*)(?=\s+v?\d|\s*$)",  # "it's on Postgres 16": a product, nobody
    re.I,
)
_SOMEONE = re.compile(  # (and "gave me the job of": the speaker's; "in your notes": the assistant's, nobody's;
    # "my plan goes up to $15": the thing's own price)
    r"\b(?:my(?!\s+(?:monthly\s+|annual\s+|yearly\s+)?(?:plan|subscription|membership|bill|rate|fee|price|renewal|tier)\b)|"
    r"your(?!\s+(?:notes|memory|records?|list|summary|files?|info|data)\b)|our|says|said|told|tells)\b|"
    r"\b(?:gave|give|gives|offered|made|named|appointed|promoted|hired)\s+(?:me|us)\b",
    re.I,
)
_THIRD = re.compile(r"\b(?:he|she|his|him|hers)\b", re.I)  # the one person named, or someone else


@lru_cache(maxsize=1)
def _relative() -> re.Pattern[str]:
    m = grammar().macros  # a partner word says whose partner the value is ("Juho's new girlfriend is Minna")
    return re.compile(rf"\b(?!(?:{m['PARTNER_RELS']})s?\b)(?:{m['REL']})s?\b", re.I)


@lru_cache(maxsize=1)
def kin() -> re.Pattern[str]:
    return re.compile(rf"\s*(?:[\w-]+\s+)?(?:{grammar().macros['REL']})s?\b", re.I)


def someone_between(between: str, named: list[tuple[int, str]]) -> bool:
    """Somebody else comes between a subject and its value: "Mirela says Tom joined ...", "he" after two people
    named (a place or a firm, "at Dunmore Bank", was blanked: nobody)."""
    if _SOMEONE.search(between) or any(_a_name(m) for m in _NAME.finditer(between)):
        return True
    if any(not _OBJECT_OF.search(between, 0, m.start()) for m in _relative().finditer(between)):
        return True  # "her best friend from school is at ...": the friend's (not "rehomed it with a friend")
    return bool(_THIRD.search(between)) and len({n for _p, n in named}) > 1


_OBJECT_OF = re.compile(r"\b(?:with|to|from|for|by)\s+(?:a|an|the|some)\s+(?:[\w-]+\s+)?$", re.I)


def _a_name(m: re.Match[str]) -> bool:
    """A capitalised word that names someone; a word opening a phrase set off by a comma only if it is a given
    name ("Happy ending though, Pinecrest Bank hired him": nobody)."""
    w = m.group(0)
    if not m.string[: m.start()].strip() and re.search(r"(?:ing|ed)$", w) and gender_of(w) is None:
        return False  # "Marking it archived ...": a verb opening the sentence
    aside = not m.string[: m.start()].strip() and "," in m.string[m.end() :]  # an opening phrase, then a comma
    return w.lower() not in words("not_names") and (not aside or gender_of(w) is not None)


def blanked(between: str) -> str:
    """The words between, places, firms and pets' kinds blanked ("a Maine Coon named": nobody)."""
    return SPECIES.sub(" ", _PLACED.sub(" ", between))
