"""A turn typed in lower case: the place, firm, people and language names it types read as spelled."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from twinmem.extract.base import SELF
from twinmem.extract.rules import RulesExtractor
from twinmem.extract.text import places_recased, typed_recased

KNOWN = frozenset({"leeds", "new york", "bristol", "norway"})
SAID = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("we moved to leeds in may", "we moved to Leeds in may"),
        ("based in new york now", "based in New York now"),
        ("flying to norway, then bristol", "flying to Norway, then bristol"),  # "then" names no place
        ("leeds united lost again", "leeds united lost again"),  # no preposition of place
        ("my email is x@leeds.ac.uk", "my email is x@leeds.ac.uk"),
    ],
)
def test_a_place_typed_in_lower_case_after_a_preposition_of_place(text: str, want: str) -> None:
    got = places_recased(text, KNOWN)
    assert got == want and len(got) == len(text)


def test_the_extractor_reads_a_lower_case_home() -> None:
    got = RulesExtractor().read("honestly we just moved to bristol last week", SAID, "user", filed={}).statements
    assert [(s.subject, s.attribute, s.value) for s in got] == [(SELF, "home_city", "Bristol")]
    got = RulesExtractor().read("i'm in reading mode all week", SAID, "user", filed={}).statements
    assert got == []  # a big city named like an ordinary word stays a word


def test_a_spaced_dash_reads_as_a_comma_and_keeps_every_offset() -> None:
    from twinmem.extract.text import readable

    for said in ("I'm officially Swiss — the ceremony was Friday", "home now – we signed", "a - b", "x—y"):
        assert len(readable(said)) == len(said)
    assert readable("I'm officially Swiss — the ceremony") == "I'm officially Swiss , the ceremony"
    assert readable("well-known x—y") == "well-known x—y"  # hyphens and unspaced dashes stay


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("three yrs at zendrix now, platform team", "three yrs at Zendrix now, platform team"),  # a rare word after at
        ("joined brambleworks labs in may", "joined Brambleworks Labs in may"),  # with a firm's last word
        ("zendrix was fine tbh", "Zendrix was fine tbh"),  # opening a sentence, before its verb
        ("Nadia left zendrix last month", "Nadia left Zendrix last month"),  # a firm left, however typed
        ("Ines works at spotify now", "Ines works at Spotify now"),  # a firm: a word, but no everyday one
        ("I'm at uni till six", "I'm at uni till six"),  # never a name
        ("oksana moved to porto", "Oksana moved to Porto"),  # a first name before its verb
        ("ended up chatting with ingrid", "ended up chatting with Ingrid"),
        ("im slovak btw, learning norwegian", "im Slovak btw, learning Norwegian"),
        ("the pen pal from camp", "the pen pal from camp"),  # a first name that is a word where no name stands
        ("ate kiwi and pad thai", "ate kiwi and pad thai"),  # a nationality that is food
        ("my email is zendrix@mail.io", "my email is zendrix@mail.io"),
        ("ping notif-svc owners", "ping notif-svc owners"),  # an id stays as typed
    ],
)
def test_names_typed_in_lower_case_where_names_stand(text: str, want: str) -> None:
    got = typed_recased(text, [])
    assert got == want and len(got) == len(text)


def test_the_extractor_reads_a_firm_typed_in_lower_case() -> None:
    got = RulesExtractor().read("signed with zendrix last week, starting monday", SAID, "user", filed={}).statements
    assert [(s.subject, s.attribute, s.value) for s in got] == [(SELF, "employer", "Zendrix")]
