"""A short answer to the question just asked: "Who owns Harbor now?" "Tobias."; "What did you name the puppy?"
"Juniper. She's already chewed a shoe."; "What's her title going to be?" "associate attorney, same firm".

The question names the attribute (data/asks.toml) and whose it is: the speaker when it says "you", a recorded
subject it names, or, for "he", "she", "it" or "they", the subject spoken of that has the attribute filed. The
answer is the reply's opening phrase, a few words before the first stop or comma, and it must be a value of the
attribute's type (data/context.toml). Pure; reads only the question, the reply and what is filed.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import cache
from pathlib import Path

from twinmem.extract import cues
from twinmem.extract.base import SELF, Statement
from twinmem.extract.checks import check
from twinmem.extract.context import shaped_values, table
from twinmem.extract.lexicon import words
from twinmem.extract.named import ASKS_OF_SOMEONE, kind_of, mentions
from twinmem.extract.text import readable
from twinmem.extract.time_anchor import find_time

__all__ = ["answered", "asks_for"]

DATA = Path(__file__).parent / "data" / "asks.toml"
MAX_WORDS = 5  # an answer longer than this is a sentence of its own, read by the rules

_YOU = re.compile(r"\b(?:you|your|you're|you've|you'll|yours)\b", re.I)
# what may come before the value: "Oh, Tobias.", "It's 9273.", "Probably ..." is a hedge (cues.HEDGE)
_LEAD_IN = re.compile(
    r"\W*(?:(?:oh|well|so|um|uh|ah|yes|yeah|yep|yup|ok|okay|finally|officially|now|just|it's|it\s+is|it'll\s+be|"
    r"that's|that'd\s+be|that\s+would\s+be|we're\s+on|they're\s+on|she's|he's|on|at|to|in|the|down|up|over|out|"
    r"back)\b\W*|"
    r"(?:i|we)\s+(?:did|transferred|moved|switched|changed|went|left|stayed|decided|got\s+in)(?:\s+\w+)?\s*[.!:;—–]\s*|"
    r"(?-i:[a-z]+ed)(?:\s+(?!(?:to|from|on|at)\b)[\w']+){0,3}\s*,\s*)*",  # "unpinned last week, we're on 1.14"
    re.I,
)
_PHRASE_END = re.compile(r"\s*(?:[.!?](?=\s|$)|[;,:()—–]|\s-\s|$)")
_NO = re.compile(r"\W*(?:no|nope|nah|not|none|nobody|no\s+one|nothing|dunno|unsure|not\s+sure)\b", re.I)
_CAPITALISED = re.compile(r"(?-i:(?:the\s+)?[A-Z][\w&'.-]*(?:\s+(?:of\s+|&\s+)?[A-Z][\w&'.-]*){0,3}(?:\s+team)?)")
# a name in the question, recorded or not yet: "Compass", "search-indexer" (not the word that opens a sentence)
_NAMED = re.compile(r"(?<![.!?]\s)(?<!^)(?<![\w-])((?-i:[A-Z][\w-]+)|[a-z][a-z0-9]*(?:-[a-z0-9]+)+)(?![\w-])")
_ASKING = frozenset({"Who", "What", "Where", "Which", "How", "When", "Why", "Is", "Are", "Did", "Does", "So", "And"})
_TWINS = {"home_city": "location", "location": "home_city"}  # where a person lives, where a thing is
_NUMBER = re.compile(r"\d{2,5}\b")


@cache
def _asks() -> dict[str, re.Pattern[str]]:
    """data/asks.toml, validated: every attribute has a value type, every question shape compiles."""
    raw = tomllib.loads(DATA.read_text(encoding="utf-8")).get("asks", {})
    typed = table().types
    unknown = [a for a in raw if a not in typed]
    if unknown or not raw:
        raise ValueError(f"asks.toml: attributes without a value type {unknown}" if unknown else "asks.toml: empty")
    return {a: re.compile(p, re.I) for a, p in raw.items()}


def asks_for(question: str) -> str | None:
    """The attribute a question asks for, when it asks for one (the first in data/asks.toml's order)."""
    return next((a for a, p in _asks().items() if p.search(question)), None)


def _whose(question: str, attribute: str, things: Mapping[str, Mapping[str, Sequence[str]]]) -> str | None:
    """Whom the question asks about: a subject it names, the speaker ("you"), or the one spoken of with the
    attribute filed ("he", "it")."""
    named = mentions(question, list(things))
    if named:
        return named[-1]
    said = [n for n in _NAMED.findall(question) if n.lower() not in words("not_names") and n not in _ASKING]
    if said and not _YOU.search(question):  # "Where did Compass end up being hosted?": recorded or not
        return said[-1]
    if _YOU.search(question) and not ASKS_OF_SOMEONE.search(question.replace("it's", "")):
        return SELF
    if ASKS_OF_SOMEONE.search(question):
        holding = [n for n, filed in things.items() if filed.get(attribute)]
        return holding[-1] if holding else (next(iter(things)) if len(things) == 1 else None)
    return None


# "Is billing-api still on 8080?", "Are you still at Acme?": whether a value filed still holds
_STILL = re.compile(r"\bstill\b", re.I)
_DENIED = re.compile(r"\W*(?:no|nope|nah|not\s+any\s*more|not\s+now|not\s+since\s+\w+)\b[\s,;:.!—–-]*", re.I)


def _still_asked(
    asked: str, things: Mapping[str, Mapping[str, Sequence[str]]], filed: Mapping[str, Sequence[str]]
) -> tuple[str, str] | None:
    """(whose, attribute) when the question asks whether a value filed, named in it, still holds."""
    if not _STILL.search(asked):
        return None
    mine = [(SELF, filed)] if _YOU.search(asked) else []
    for whose, values in [*mine, *((n, f) for n, f in things.items() if n in mentions(asked, [n]))]:
        for attribute, said in values.items():
            if said and kind_of(attribute) and re.search(rf"(?<![\w.]){re.escape(said[0])}(?![\w.])", asked, re.I):
                return whose, attribute
    return None


def _asked(
    asked: str, norm: str, things: Mapping[str, Mapping[str, Sequence[str]]], filed: Mapping[str, Sequence[str]]
) -> tuple[str, str, str] | None:
    """(whose, attribute, the reply from its value on) for a reply that answers the question."""
    still, denied = _still_asked(asked, things, filed), _DENIED.match(norm)
    if still and denied:  # "Is billing-api still on 8080?" "Nope, 8443 now."
        whose: str | None = still[0]
        attribute = still[1]
        norm = " " * denied.end() + norm[denied.end() :]
    elif (attribute := asks_for(asked) or "") and not _NO.match(norm):
        whose = _whose(asked, attribute, things)
    else:
        return None
    return None if whose is None or cues.HEDGE.search(norm[:80]) else (whose, attribute, norm)


def _value(phrase: str, attribute: str) -> str | None:
    """The value the phrase is, when the phrase is one of the attribute's type (and nothing much else)."""
    kind = kind_of(attribute)
    if kind is None or not phrase:
        return None
    if kind.startswith(("name", "org", "job")) and len(phrase.split()) > MAX_WORDS:
        return None
    if kind.startswith(("name", "org")):
        m = _CAPITALISED.match(phrase)
        value = re.sub(r"^the\s+", "", m.group(0)) if m else ""
        ok = value and check("notname", value) and value.lower() not in words("not_names")
        return value if ok else None
    if kind == "port":
        m = _NUMBER.match(phrase)
        return m.group(0) if m else None
    found = shaped_values(phrase, kind)
    if kind == "job" and found and phrase.endswith(found[-1][0]):  # "site reliability engineer": the whole phrase
        return re.sub(r"^(?:an?|the)\s+", "", phrase, flags=re.I)
    return found[0][0] if found and found[0][1] <= 4 else None


def answered(
    text: str,
    said_at: datetime,
    asked: str | None,
    things: Mapping[str, Mapping[str, Sequence[str]]],
    already: Sequence[Statement] = (),
    filed: Mapping[str, Sequence[str]] | None = None,
) -> list[Statement]:
    """The value a reply opens with, as the answer to the question it follows (nothing when it is not one); a
    question whether an old value still holds is answered by a denial and the new value."""
    asks = _asked(asked, readable(text), things, filed or {}) if asked else None
    if asks is None:
        return []
    whose, attribute, norm = asks
    theirs = things.get(whose, {})
    if not theirs.get(attribute) and theirs.get(twin := _TWINS.get(attribute, "")):
        attribute = twin  # "Where did Kestrel move to?": a boat's location, not a home city
    if any(s.subject == whose and s.attribute == attribute for s in already):
        return []
    start = _LEAD_IN.match(norm).end()  # type: ignore[union-attr]  # (matches the empty string at worst)
    end = _PHRASE_END.search(norm, start)
    phrase = norm[start : end.start() if end else len(norm)]
    value = _value(phrase, attribute)
    if value is None:
        return []
    when = find_time(norm[: end.end() if end else len(norm)], said_at)
    span = (0, end.end() if end else len(norm))
    return [
        Statement(
            subject=whose,
            attribute=attribute,
            value=value,
            valid_from=when[0] if when else said_at.date(),
            span=span,
        )
    ]
