"""Readings filed under another attribute, in light of what the speaker has filed: a move to a firm, a city-state
that is a country too, an employer parted with, a place of work that is a school.

Pure: `filed` (attribute -> values filed for the speaker, newest said first) is data the caller read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from twinmem.extract import context
from twinmem.extract.base import SELF, Statement
from twinmem.extract.checks import STREET, is_known_place
from twinmem.extract.lexicon import city_states, gender_of
from twinmem.extract.text import sentence_of
from twinmem.values import fold

__all__ = ["as_country_told", "as_said_in_full", "as_thing_place", "as_work_told", "studies", "with_denied"]


_A_THINGS = frozenset("location port version status owner price".split())


def as_thing_place(
    found: list[Statement], things: Mapping[str, Mapping[str, Sequence[str]]] | None, text: str = ""
) -> list[Statement]:
    """A home told of a thing is its location: "The Sea Wren lives in Dartmouth now" (a boat filed with a place),
    "Lighthouse, our staging cluster, lives in Frankfurt" (a name said with what it is)."""
    kept = {  # a thing: no person's first name, nowhere it lives filed (a boat, not Lucia)
        name
        for name, filed in (things or {}).items()
        if _A_THINGS & set(filed) and not {"home_city", "home_country"} & set(filed) and gender_of(name) is None
    }
    placed = {(st.subject, fold(st.value)) for st in found if st.attribute == "location"}
    homes = [
        st
        for st in found
        if st.attribute in ("home_city", "home_country")
        and (st.subject in kept or _said_as_a_thing(st.subject, text))  # (the text searched for a home only)
    ]
    found = _not_ours({fold(st.value) for st in homes}, found)
    return [st for st in found if st not in homes] + [
        st.model_copy(update={"attribute": "location"}) for st in homes if (st.subject, fold(st.value)) not in placed
    ]


def _not_ours(its: set[str], found: list[Statement]) -> list[Statement]:
    """Without the speaker's homes that are a thing's place ("our staging cluster ... lives in Frankfurt")."""
    return [
        st for st in found if not (st.subject == SELF and st.attribute.startswith("home_") and fold(st.value) in its)
    ]


def _said_as_a_thing(name: str, text: str) -> bool:
    """A name said with a lower-case account of what it is: "Lighthouse, our staging cluster," (no person)."""
    return (
        name != SELF
        and gender_of(name) is None
        and re.search(
            rf"\b{re.escape(name)},\s+(?:our|my|the|their|a|an)\s+(?-i:[a-z][\w-]*)(?:\s+(?-i:[a-z][\w-]*)){{0,2}},",
            text,
        )
        is not None
    )


def as_said_in_full(found: list[Statement], text: str) -> list[Statement]:
    """A car said by its make alone where the turn names it in full: "The Subaru Outback. We ... got the Subaru"."""
    out = []
    for st in found:
        full = (
            re.search(rf"\b{re.escape(st.value)}\s+(?-i:[A-Z][\w-]*|[a-z]*\d[\w-]*)\b", text, re.I)
            if st.attribute == "car" and " " not in st.value
            else None
        )
        out.append(st.model_copy(update={"value": full.group(0)}) if full else st)
    return out


def as_country_told(found: list[Statement], filed: Mapping[str, Sequence[str]]) -> list[Statement]:
    """A city-state the speaker now calls home, as a country too when their home so far was told as a country
    ("Still getting used to Singapore being home" after "I live in the Netherlands")."""
    if not filed.get("home_country") or filed.get("home_city"):
        return []
    have = {(st.subject, st.attribute, fold(st.value)) for st in found}
    return [
        st.model_copy(update={"attribute": "home_country"})
        for st in found
        if st.attribute == "home_city"
        and re.sub(r"^the\s+", "", fold(st.value)) in city_states()
        and (st.subject, "home_country", fold(st.value)) not in have
    ]


def as_work_told(found: list[Statement], filed: Mapping[str, Sequence[str]], text: str) -> list[Statement]:
    """A move to somewhere no gazetteer knows, in a turn naming the speaker's employer so far, is a move of
    employer: "After a year at Monzo I moved to Starling" (not a town called Starling). An employer filed, said
    as the one the speaker "parted ways" with, is the employer left, not a partner: "Shopify and I parted ways"."""
    employers = {fold(v) for v in filed.get("employer", ())}
    found = [
        st.model_copy(update={"attribute": "employer"})
        if st.attribute == "partner" and st.subject == SELF and fold(st.value) in employers
        else st
        for st in found
    ]
    named = [v for v in filed.get("employer", ())[:2] if re.search(rf"\b{re.escape(v)}\b", text, re.I)]
    if not named:
        return found
    return [
        st.model_copy(update={"attribute": "employer"})
        if st.attribute == "home_city"
        and st.polarity == 1
        and not is_known_place(st.value)
        and not re.search(STREET, fold(st.value))
        else st
        for st in found
    ]


def studies(text: str, filed: Mapping[str, Sequence[str]], found: list[Statement]) -> list[Statement]:
    """A place of work read where the speaker has a school filed and none of work, from a sentence about
    studying, is their new school: "I transferred to ETH Zurich for the second year of my master's"."""
    if not filed.get("school") or filed.get("employer"):
        return found
    norm = text.replace("’", "'")
    studying = context.table().cues["school"]
    return [
        s.model_copy(update={"attribute": "school"})
        if s.subject == SELF and s.attribute == "employer" and studying.search(sentence_of(norm, s.span))
        else s
        for s in found
    ]


def with_denied(
    filed: Mapping[str, Sequence[str]],
    things: Mapping[str, Mapping[str, Sequence[str]]] | None,
    found: list[Statement],
) -> tuple[dict[str, Sequence[str]], dict[str, Mapping[str, Sequence[str]]]]:
    """What is filed, with the values the turn says no longer hold added where nothing was filed: "I quit the
    Portuguese lessons ... now I've swapped to Japanese" reads Japanese as the new language even when Portuguese
    was never filed. (The speaker's, then everyone else's.)"""
    if not any(st.polarity == -1 for st in found):
        return dict(filed), dict(things or {})
    mine: dict[str, Sequence[str]] = dict(filed)
    theirs: dict[str, Mapping[str, Sequence[str]]] = {n: dict(f) for n, f in (things or {}).items()}
    for st in found:
        if st.polarity != -1:
            continue
        if st.subject == SELF:
            mine.setdefault(st.attribute, [st.value])
        elif st.subject in theirs:
            theirs[st.subject] = {st.attribute: [st.value], **theirs[st.subject]}
    return mine, theirs
