"""Pets told in pieces: a pet filed by its kind takes the name said with it or a sentence later ("a greyhound last
week; his name is Pilot"), and one told by its kind, then named, is one pet."""

from __future__ import annotations

import re
from functools import cache

from twinmem.extract.base import Statement
from twinmem.extract.table import grammar

__all__ = ["pet_named", "pet_patterns", "pets_joined"]

_NAME_NEXT = re.compile(
    r"\s*(?:(?:his|her|its|their)\s+name(?:'s|\s+is)|(?:he|she|they|we|i|the\s+kids?)\s+(?:named|called)\s+(?:him|her|it))"
    r"\s+(?P<n>(?-i:[A-Z][a-z]+))\b",
    re.I,
)


@cache
def pet_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    m = grammar().macros
    species = re.compile(rf"(?:[\w-]+\s+)?(?:{m['SPECIES']})", re.I)
    named = re.compile(
        rf"(?i:(?:his|her|its|their)\s+name(?:'s|\s+is)|(?:named|called)(?:\s+(?:him|her|it|them))?)\s+"
        rf"(?P<n>{m['NAMETOK']})(?!\s*(?-i:[A-Z]))"
    )
    return species, named


def pet_named(st: Statement, norm: str) -> Statement:
    """A pet filed by its species takes the name said with it ("a greyhound last week; his name is Pilot"), a
    name said outright even where it is also a word."""
    species, named = pet_patterns()
    if st.attribute != "pet" or st.polarity != 1 or not species.fullmatch(st.value):
        return st
    after = norm[st.span[0] :]
    end = re.search(r"[.!?](?:\s|$)", after)
    cut = end.end() if end else len(after)
    found = named.search(after[: min(cut, 120)]) or _NAME_NEXT.match(after, cut)  # "...greyhound! her name's Biscuit"
    return st.model_copy(update={"value": found.group("n"), "qualifier": st.qualifier or st.value}) if found else st


def pets_joined(found: list[Statement], species: re.Pattern[str]) -> list[Statement]:
    """A pet told by its kind, then named in a later sentence ("got a cockapoo puppy. She's called it Maple"): one
    pet, the name with its kind."""
    kinds: dict[str, Statement] = {}
    joined: set[int] = set()
    out = []
    for s in found:
        is_pet = s.attribute == "pet" and s.polarity == 1
        kind = kinds.pop(s.subject, None) if is_pet and not s.qualifier and not species.fullmatch(s.value) else None
        if kind is not None:
            joined.add(id(kind))
            s = s.model_copy(update={"qualifier": kind.value})
        elif is_pet and species.fullmatch(s.value):
            kinds[s.subject] = s
        out.append(s)
    return [s for s in out if id(s) not in joined]
