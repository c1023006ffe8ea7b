"""People named once by relation and name ("my sister Maren", "my mum, Rosalind"), then by relation alone.

A turn that says "Another trip to see my sister! She moved up to Tromsø" is about Maren when an earlier
turn of the conversation said "my sister Maren". `said_in` reads the pairs a turn names; they travel from
item to item with the conversation's last turn (items.py), like the names said (`spoken_of`), at most
MAX_KEPT, the latest pair for a relation winning. `named_in` reads a turn with each relation said alone
given its name ("my sister Maren! She moved ..."), and `unshift` puts a span read there back on the
turn as said. Family relations, one's manager, and the one landlord, therapist, dentist, accountant, lawyer or vet
one has only: "my friend" or "my colleague" is one of many,
and a partner may have changed since (a new one is named anew). Pure: strings in, strings out.
"""

from __future__ import annotations

import re

__all__ = ["MAX_KEPT", "merged", "named_in", "parse", "said_in", "unshift"]

MAX_KEPT = 8
_RELATIONS = (
    "sister|brother|mum|mom|mother|dad|father|son|daughter|aunt|uncle|cousin|niece|nephew|grandma|grandpa|"
    "grandmother|grandfather|granny|nan|stepmum|stepmom|stepdad|stepsister|stepbrother|manager|boss|landlord|"
    "landlady|therapist|dentist|accountant|lawyer|vet"
)
_NAME = r"(?-i:[A-Z][a-z]+(?:-[A-Z][a-z]+)?)"
_ADJ = r"(?:(?:little|big|older|younger|twin|baby|eldest|youngest|oldest|kid|old|former)\s+)?"
_PAIRS = (
    re.compile(rf"\b(?:my|our)\s+{_ADJ}(?P<rel>{_RELATIONS})\s*,?\s+(?P<name>{_NAME})\b", re.I),
    re.compile(rf"\b(?P<name>{_NAME})\s*,\s*(?:my|our)\s+{_ADJ}(?P<rel>{_RELATIONS})\b", re.I),
)
_NOT_NAMES = frozenset("i and but so the a is was has had who which that this just".split())
# a relation said alone: "my sister", "our mum", or mum/mom/dad as a name ("Mum's budgie died", "for mum")
_ALONE = re.compile(
    rf"\b(?:(?:my|our)\s+{_ADJ}(?P<rel>{_RELATIONS})|(?-i:(?P<bare>[Mm]um|[Mm]om|[Dd]ad|Mama|Papa|Granny|Nan)))\b"
    rf"(?!\s*,?\s+{_NAME})",
    re.I,
)
_SAME = {"mom": "mum", "mother": "mum", "mama": "mum", "father": "dad", "papa": "dad", "granny": "grandma"}


def _key(relation: str) -> str:
    rel = relation.lower()
    return _SAME.get(rel, rel)


def said_in(text: str) -> list[tuple[str, str]]:
    """(relation, name) pairs a turn names, in order."""
    found = sorted((m.start(), _key(m.group("rel")), m.group("name")) for p in _PAIRS for m in p.finditer(text))
    return [(rel, name) for _at, rel, name in found if name.lower() not in _NOT_NAMES]


def parse(kept: str | None) -> dict[str, str]:
    """The kept pairs ("sister=Maren mum=Rosalind") as relation -> name."""
    return dict(p.split("=", 1) for p in (kept or "").split() if "=" in p)


def merged(kept: str | None, text: str) -> str | None:
    """The pairs kept after a turn: the ones before, then the turn's own (the latest for a relation wins)."""
    pairs = parse(kept)
    for rel, name in said_in(text):
        pairs.pop(rel, None)
        pairs[rel] = name
    return " ".join(f"{r}={n}" for r, n in list(pairs.items())[-MAX_KEPT:]) or None


def named_in(text: str, kept: str | None) -> tuple[str, list[tuple[int, int]]]:
    """The turn with each relation said alone followed by its name, and where names were put in
    (offset in the turn as said, characters added)."""
    pairs = parse(kept)
    if not pairs:
        return text, []
    out, shifts, last = [], [], 0
    for m in _ALONE.finditer(text):
        name = pairs.get(_key(m.group("rel") or m.group("bare")))
        if name is None or re.search(rf"\b{re.escape(name)}\b", text):
            continue  # unknown, or named in the turn already
        out.append(text[last : m.end()] + f" {name}")
        shifts.append((m.end(), len(name) + 1))
        last = m.end()
    return "".join(out) + text[last:], shifts


def unshift(span: tuple[int, int], shifts: list[tuple[int, int]]) -> tuple[int, int]:
    """A span of the turn read with names put in, on the turn as said (a name put in maps to where it was)."""

    def back(n: int) -> int:
        for at, added in shifts:
            if n <= at:
                break
            n = max(at, n - added)
        return n

    return back(span[0]), back(span[1])
