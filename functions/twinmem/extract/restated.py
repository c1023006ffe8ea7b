"""A value said not to hold, then the one that does, in the same turn: "I'm not allergic to shellfish. The
test was clear. It's peanuts." With the speaker's values filed, a value of theirs named after "not" is one
such: "turns out it's NOT cats at all, it's dust mites" after "I'm allergic to cats".

The right value opens a clause that starts "it's" (or "it is", "it was", "it turned out to be") within a
short reach after the negated one, and has the attribute's type (data/context.toml): a different value of the
same kind, about the same subject. Pure; reads only the statements the turn already gave.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import cache

from twinmem.extract.base import SELF, Statement
from twinmem.extract.context import shaped_values
from twinmem.extract.lexicon import words
from twinmem.extract.named import kind_of
from twinmem.extract.table import grammar
from twinmem.values import value_key

__all__ = ["corrected", "day_corrected", "put_right", "restated"]

REACH = 160  # characters after the negated statement in which "it's <value>" still answers it
_IT_IS = re.compile(
    r"(?:^|[.!?;,:—–-])\s*(?:(?:and|but|so)\s+)?(?:it|that)(?:['’]s|\s+is|\s+was|\s+turned\s+out\s+to\s+be)\s+"
    r"(?:actually\s+|really\s+|just\s+|only\s+)?(?:the\s+)?",
    re.I,
)


# a pastime no list names, said as what it is now: "it's woodturning now" (a gerund, never "it's boring now")
_GERUND = re.compile(r"(?-i:[a-z]+ing)(?=\s*(?:now|these\s+days|instead)?\s*(?:$|[,.;!?—–-]))")


# or a clause that is the value and "now": "I'm not vegetarian anymore ..., so pescatarian now"
_BARE_NOW = re.compile(r"(?:^|[.!?;,:—–-])\s*(?:(?:and|but|so)\s+)?(?=[\w-]+(?:\s+[\w-]+)?\s+(?:now|instead)\b)", re.I)


def _right_value(norm: str, start: int, kind: str) -> tuple[str, int] | None:
    """The value of this type that an "it's ..." clause (or a bare "<value> now") soon after `start` opens
    with, and where."""
    m = _IT_IS.search(norm, start, start + REACH) or _BARE_NOW.search(norm, start + 1, start + REACH)
    shaped = shaped_values(norm[m.end() : m.end() + 60], kind) if m else []
    if m and kind == "hobby" and not shaped and (g := _GERUND.match(norm, m.end())):
        shaped = [] if g.group(0).lower() in words("not_hobbies") else [(g.group(0), 0)]
    if not m or not shaped or shaped[0][1] != 0:
        return None
    return shaped[0][0], m.end()


def restated(norm: str, found: list[Statement]) -> list[Statement]:
    """The value each negated statement is corrected to, when the turn goes on to say it."""
    have = {(st.subject, st.attribute, value_key(st.attribute, st.value)) for st in found}
    out: list[Statement] = []
    for st in found:
        kind = kind_of(st.attribute) if st.polarity == -1 else None
        right = _right_value(norm, st.span[1], kind) if kind else None
        if right is None:
            continue
        value, at = right
        key = (st.subject, st.attribute, value_key(st.attribute, value))
        if key in have:
            continue
        have.add(key)
        out.append(st.model_copy(update={"value": value, "polarity": 1, "span": (at, at + len(value))}))
    return out


def corrected(
    norm: str, said_at: datetime, filed: Mapping[str, Sequence[str]], found: list[Statement]
) -> list[Statement]:
    """A value the speaker has filed, said after "not", and the value of its type said right after it: the
    old value negated and the new one stated ("it's NOT cats at all, it's dust mites")."""
    have = {(st.attribute, value_key(st.attribute, st.value)) for st in found if st.subject == SELF}
    out: list[Statement] = []
    for attribute, values in filed.items():
        kind = kind_of(attribute)
        for old in values[:3] if kind else ():
            m = re.search(
                rf"(?:\bnot|n't|\bnever|\bno\s+longer)\s+(?:really\s+|actually\s+|even\s+)?(?:the\s+|a\s+|an\s+)?{re.escape(old)}\b",
                norm,
                re.I,
            )
            right = _right_value(norm, m.end(), kind) if m and kind else None
            if m is None or right is None or value_key(attribute, right[0]) == value_key(attribute, old):
                continue
            value, at = right
            if (attribute, value_key(attribute, value)) in have:
                continue
            have.add((attribute, value_key(attribute, value)))
            day = said_at.date()
            out.append(
                Statement(subject=SELF, attribute=attribute, value=old, polarity=-1, valid_from=day, span=m.span())
            )
            out.append(
                Statement(subject=SELF, attribute=attribute, value=value, valid_from=day, span=(at, at + len(value)))
            )
    return out


@cache
def _day_put_right() -> re.Pattern[str]:
    date = grammar().macros["DATE_NP"]
    return re.compile(
        rf"(?P<new>{date})\s*,?\s*(?:and\s+)?not\s+(?:on\s+)?(?:the\s+)?(?P<old>{date}|\d{{1,2}}(?:st|nd|rd|th)?)\b",
        re.I,
    )


def _day(text: str) -> str | None:
    found = re.findall(r"\b(\d{1,2})(?:st|nd|rd|th)?\b(?!-)", re.sub(r"\b\d{4}\b", "", text))
    return str(int(found[0])) if found else None


def day_corrected(norm: str, said_at: datetime, filed: Mapping[str, Sequence[str]]) -> list[Statement]:
    """A birthday put right: "it says 13 March, not the 3rd" after March 3 filed (the day said not to be it is
    the filed one's day)."""
    days = {_day(v) for v in filed.get("birthday", ())} - {None}
    for m in _day_put_right().finditer(norm) if days else ():
        if _day(m.group("old")) in days and _day(m.group("new")) not in days:
            new = re.sub(r"^the\s+", "", m.group("new").strip(), flags=re.I)
            return [
                Statement(subject=SELF, attribute="birthday", value=new, valid_from=said_at.date(), span=m.span("new"))
            ]
    return []


def _unlike(new: str, old: str) -> bool:
    """A value typed unlike the old one: "fine" for a film filed as "Heat" is no title."""
    return old[:1].isupper() and not new[:1].isupper()


def put_right(
    norm: str, said_at: datetime, filed: Mapping[str, Sequence[str]], found: list[Statement]
) -> list[Statement]:
    """A filed value put right by naming the right one first: "It's Spirited Away, not Heat." after favourite
    movie Heat; "it's Porto, not Lisbon". The new value is the words between "it's" and "not <old>" (of the
    attribute's type, when it has one; at most five words)."""
    have = {(st.attribute, value_key(st.attribute, st.value)) for st in found if st.subject == SELF}
    for attribute, values in filed.items():
        kind = kind_of(attribute)
        for old in values[:3]:
            m = re.search(
                rf"\b(?:it's|it\s+is|it\s+was|that's)\s+(?:actually\s+|really\s+)?(?P<new>[^,.;!?]{{1,50}}?)\s*,?\s+"
                rf"(?:and\s+)?not\s+(?:the\s+|a\s+|an\s+)?{re.escape(old)}\b",
                norm,
                re.I,
            )
            new = m.group("new").strip() if m else ""
            shaped = shaped_values(new, kind) if kind and new else []
            value = shaped[0][0] if shaped and shaped[0][1] == 0 else ("" if kind or _unlike(new, old) else new)
            if not m or not value or len(value.split()) > 5 or value_key(attribute, value) == value_key(attribute, old):
                continue
            if (attribute, value_key(attribute, value)) in have:
                continue
            day, at = said_at.date(), m.start("new")
            return [
                Statement(subject=SELF, attribute=attribute, value=old, polarity=-1, valid_from=day, span=m.span()),
                Statement(subject=SELF, attribute=attribute, value=value, valid_from=day, span=(at, at + len(value))),
            ]
    return []
