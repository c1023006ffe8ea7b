"""Values said in the sentence after the news of their change: "We've moved again! Columbus this time.",
"I've left Spotify. I'm at Netflix now.", "Mateus is engaged! To Carolina."."""

from __future__ import annotations

from twinmem.extract import cues
from twinmem.extract.base import Statement
from twinmem.extract.checks import check
from twinmem.extract.favourites import asked_self
from twinmem.extract.lexicon import words
from twinmem.extract.pairs import clean, favorite_of, resolve_place_or_org
from twinmem.extract.time_anchor import find_time
from twinmem.extract.turn import Turn

__all__ = ["favourite_answered", "follow_up", "wed_to"]


def follow_up(prev: str, sent: str, offset: int, turn: Turn) -> list[Statement]:
    """A value said in the sentence after its change: "We've moved again! Columbus this time." (a
    place), "I've left Spotify. I'm at Netflix now." (a school or an employer)."""
    speaker = turn.speaker()
    for before, after, family in (
        (cues.FOLLOW_MOVE, cues.FOLLOW_PLACE, "home"),
        (cues.FOLLOW_LEAVE, cues.FOLLOW_AT, "change"),
    ):
        change, said = before.search(prev), after.match(sent)
        if not (change and said and speaker) or cues.HEDGE.search(prev[change.start() :]):
            continue
        value = clean("home", said.group("val"))
        if not check("place" if family == "home" else "org", value):
            continue
        when = find_time(sent, turn.said) or find_time(prev, turn.said)
        span = (offset + said.start(), offset + len(sent.rstrip()))
        return [
            Statement(
                subject=speaker.display,
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
    who = turn.person(news.group("who"))
    name = to.group("val")
    if who is None or not check("notname", name) or name.lower() in words("not_names"):
        return []
    span = (offset + to.start("val"), offset + to.end("val"))
    return [Statement(subject=who.display, attribute="partner", value=name, valid_from=turn.said.date(), span=span)]


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
