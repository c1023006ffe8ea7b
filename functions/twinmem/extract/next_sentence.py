"""Values said in the sentence after the news of their change: "We've moved again! Columbus this time.",
"I've left Spotify. I'm at Netflix now.", "Mateus is engaged! To Carolina."."""

from __future__ import annotations

import re

from twinmem.extract import cues
from twinmem.extract.base import Statement
from twinmem.extract.checks import check
from twinmem.extract.favourites import asked_self
from twinmem.extract.lexicon import words
from twinmem.extract.pairs import clean, favorite_of, resolve_place_or_org
from twinmem.extract.table import grammar
from twinmem.extract.time_anchor import find_time
from twinmem.extract.turn import Subject, Turn

__all__ = ["favourite_answered", "follow_up", "promoted_to", "someone_named", "wed_to"]


def follow_up(prev: str, sent: str, offset: int, turn: Turn) -> list[Statement]:
    """A value said in the sentence after its change: "We've moved again! Columbus this time." (a
    place), "I've left Spotify. I'm at Netflix now." (a school or an employer)."""
    speaker = turn.speaker()
    for before, after, family in (
        (cues.FOLLOW_MOVE, cues.FOLLOW_PLACE, "home"),
        (cues.FOLLOW_LEAVE, cues.FOLLOW_AT, "change"),
    ):
        change, said = before.search(prev), after.match(sent)
        who = change.groupdict().get("who") if change else None
        owner = turn.person(who) if who else speaker
        if not (change and said and owner) or cues.HEDGE.search(prev[change.start() :]):
            continue
        value = clean("home", said.group("val"))
        if not check("place" if family == "home" else "org", value):
            continue
        when = find_time(sent, turn.said) or find_time(prev, turn.said)
        span = (offset + said.start(), offset + len(sent.rstrip()))
        return [
            Statement(
                subject=owner.display,
                attribute=a,
                value=value,
                polarity=1,
                valid_from=when[0] if when else turn.said.date(),
                span=span,
            )
            for a in resolve_place_or_org(family, value)
        ]
    return []


def wed_to(prev: str, sent: str, offset: int, turn: Turn) -> list[Statement]:
    """Whom someone married or got engaged to, said in the sentence after the news: "Mateus is engaged! To
    Carolina.", "Tavi got married! Not to Ruben, but to Joaquín." (the one not married to is no partner)."""
    news, to = cues.FOLLOW_WED.search(prev), cues.FOLLOW_TO.match(sent)
    if not (news and to) or cues.HEDGE.search(prev[news.start() :]):
        return []
    who = _named_before(prev, news.start("who")) if news.group("who").lower() in ("he", "she") else None
    who = who or turn.person(news.group("who"))
    name = to.group("val")
    if who is None or not check("notname", name) or name.lower() in words("not_names"):
        return []
    span = (offset + to.start("val"), offset + to.end("val"))
    return [Statement(subject=who.display, attribute="partner", value=name, valid_from=turn.said.date(), span=span)]


def _named_before(prev: str, at: int) -> Subject | None:
    """The person last named before a "he" or "she" in the sentence: "Big news about Teodor: he's engaged!"."""
    names = [n for n in re.findall(grammar().macros["NAMETOK"], prev[:at]) if n.lower() not in words("not_names")]
    return Subject(names[-1], "person") if names else None


def favourite_answered(prev: str, sent: str, offset: int, turn: Turn) -> list[Statement]:
    """The speaker's favourite, asked by themselves and answered next: "Favourite book? Piranesi, easily."."""
    found = asked_self(prev, sent)
    speaker = turn.speaker()
    if found is None or speaker is None:
        return []
    thing, value, at = found
    return [
        Statement(
            subject=speaker.display,
            attribute=attribute,
            value=v,
            valid_from=turn.said.date(),
            span=(offset + at, offset + at + len(value)),
        )
        for attribute, v, _q in favorite_of(thing, value)
    ]


_SOMEONE = re.compile(
    r"\b(?:seeing|dating|met|going\s+out\s+with)\s+(?:someone|somebody|a\s+(?:guy|girl|woman|man))\b", re.I
)
_NAME_IS = re.compile(
    r"^\W*(?:(?:and|so)\s+)?(?:her|his|their)\s+name(?:['’]s|\s+is)\s+(?P<val>(?-i:[A-Z][^\W\d_A-Z]+))\b", re.I
)


def someone_named(prev: str, sent: str, offset: int, turn: Turn) -> list[Statement]:
    """The speaker's new partner, named in the sentence after they say they are seeing someone: "I've been
    seeing someone new!! Her name's Priyanka."."""
    seeing, named = _SOMEONE.search(prev), _NAME_IS.match(sent)
    speaker = turn.speaker()
    if not (seeing and named and speaker) or cues.HEDGE.search(prev[seeing.start() :]):
        return []
    span = (offset + named.start("val"), offset + named.end("val"))
    value = named.group("val")
    return [
        Statement(subject=speaker.display, attribute="partner", value=value, valid_from=turn.said.date(), span=span)
    ]


_PROMOTED = re.compile(r"(?:^|\b(?:i|i've|i\s+have|just|finally)\s+)(?:got\s+|been\s+|was\s+)?promoted\W*$", re.I)


def promoted_to(prev: str, sent: str, offset: int, turn: Turn) -> list[Statement]:
    """The speaker's new title, said in the sentence after the news: "got promoted!!! analytics manager as of
    monday."."""
    title = re.match(
        rf"^\W*(?:(?:now|officially)\s+)?(?:an?\s+)?(?P<val>{grammar().macros['TITLE_NP']})\s*"
        r"(?:,|!|\.|$|\s+(?:as\s+of|from|starting|since|now|effective)\b)",
        sent,
        re.I,
    )
    speaker = turn.speaker()
    if not (_PROMOTED.search(prev) and title and speaker):
        return []
    span = (offset + title.start("val"), offset + title.end("val"))
    day = when[0] if (when := find_time(sent, turn.said)) else turn.said.date()  # "as of monday"
    return [
        Statement(subject=speaker.display, attribute="job_title", value=title.group("val"), valid_from=day, span=span)
    ]
