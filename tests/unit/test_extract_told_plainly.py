"""Changes told plainly in ordinary grammar (passive voice, the value first, a dash, a replaced old value).

Sentences of our own: names, places and values other than the dev sets'.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from twinmem.extract.base import SELF
from twinmem.extract.rules import RulesExtractor

SAID = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)  # a Thursday
X = RulesExtractor()

Fact = tuple[str, str, str, int]


def read(text: str, filed: dict[str, list[str]] | None = None) -> set[Fact]:
    got = X.read(text, SAID, "user", filed=filed or {}, things={}).statements
    return {(s.subject, s.attribute, s.value, s.polarity) for s in got}


@pytest.mark.parametrize(
    ("text", "filed", "expected"),
    [
        ("Since last Friday I'm officially Irish — the ceremony was in Dublin.", {}, (SELF, "nationality", "Irish", 1)),
        ("Leeds's been home since spring.", {}, (SELF, "home_city", "Leeds", 1)),
        ("Oslo's home now — the movers came Monday.", {"home_city": ["Bergen"]}, (SELF, "home_city", "Oslo", 1)),
        ("Guess who lives in Kraków now? Me, the offer was too good.", {}, (SELF, "home_city", "Kraków", 1)),
        ("Well, this term I'm a student at Trinity College Dublin.", {}, (SELF, "school", "Trinity College Dublin", 1)),
        ("My trainer talked me into going pescatarian.", {}, (SELF, "diet", "pescatarian", 1)),
        ("Odile was appointed head of logistics last week.", {}, ("Odile", "job_title", "head of logistics", 1)),
        ("I got poached by Personio in June.", {}, (SELF, "employer", "Personio", 1)),
        ("So we're Portugal-based now.", {}, (SELF, "home_country", "Portugal", 1)),
        ("Since my shoulder op, sketching has replaced tennis as my main hobby.", {}, (SELF, "hobby", "sketching", 1)),
        ("Our only pet these days is a rescue lurcher named Moss.", {}, (SELF, "pet", "Moss", 1)),
        ("The kitten we fostered last month is our only pet now.", {}, (SELF, "pet", "kitten", 1)),
        ("Traded in the Golf for a Skoda Octavia over the summer.", {}, (SELF, "car", "Skoda Octavia", 1)),
        (
            "These days I'm all about mustard yellow.",
            {"favorite_color": ["navy"]},
            (SELF, "favorite_color", "mustard yellow", 1),
        ),
        (
            "Strange but The Count of Monte Cristo has become my all-time favourite.",
            {"favorite_book": ["Emma"]},
            (SELF, "favorite_book", "Count of Monte Cristo", 1),
        ),
        (
            "I've swapped pho for laksa as my favourite.",
            {"favorite_food": ["pho"]},
            (SELF, "favorite_food", "laksa", 1),
        ),
        (
            "My supervisor moved, so I'm finishing the PhD at Leiden University.",
            {"school": ["TU Delft"]},
            (SELF, "school", "Leiden University", 1),
        ),
        (
            "After all that, I ended up at Bocconi, lectures start Monday.",
            {"school": ["LUISS"]},
            (SELF, "school", "Bocconi", 1),
        ),
    ],
)
def test_a_change_told_plainly_is_read(text: str, filed: dict[str, list[str]], expected: Fact) -> None:
    assert expected in read(text, filed)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Facilities shipped build-agent-7 over to the Leipzig data centre in May.",
            ("build-agent-7", "location", "Leipzig", 1),
        ),
        (
            "The design studio's new address is 14 Canal Street, as of Monday.",
            ("design studio", "location", "14 Canal Street", 1),
        ),
        ("Priya fixed the cert, and SEC-881 is marked resolved.", ("SEC-881", "status", "resolved", 1)),
        (
            "We upgraded the search cluster to Elasticsearch 8 on Tuesday.",
            ("search cluster", "version", "Elasticsearch 8", 1),
        ),
        ("Change of plan: the team retreat's happening in Girona.", ("team retreat", "location", "Girona", 1)),
        ("The archive server sits in Vienna now rather than Graz.", ("archive server", "location", "Vienna", 1)),
    ],
)
def test_a_thing_s_change_told_plainly_is_read(text: str, expected: Fact) -> None:
    assert expected in read(text)


def test_what_plain_frames_leave_alone() -> None:
    assert not {f for f in read("Facilities shipped build-agent-7 over to Leipzig.") if f[1] == "status"}  # no status
    assert not {
        f for f in read("I'm in Lyon now — signed a lease in the Croix-Rousse District.") if f[2].endswith("District")
    }
    assert not {f for f in read("I'm in Lyon now, signed a lease last week.") if f[0] == "Lyon"}  # a place is nobody
    assert not {
        f
        for f in read("Since my shoulder op, sketching has replaced tennis as my main hobby.")
        if f[1].startswith("favorite")
    }


def test_over_the_weekend_said_in_the_past_is_the_weekend_gone() -> None:
    got = X.read("Traded in the Golf for a Skoda Octavia over the weekend.", SAID, "user", filed={}, things={})
    assert {s.valid_from.isoformat() for s in got.statements} == {"2026-09-26"}
    got = X.read("We're moving to Turku over the weekend.", SAID, "user", filed={}, things={})
    assert {s.valid_from.isoformat() for s in got.statements} == {"2026-10-03"}


def test_an_allergy_said_as_to_something_rather_than_another() -> None:
    assert (SELF, "allergy", "birch pollen", 1) in read("So my allergy is to birch pollen rather than grass.")


@pytest.mark.parametrize(
    ("text", "filed", "expected"),
    [
        (
            "there's a pho place by the office now and pho is officially my new favourite food",
            {"favorite_food": ["tacos"]},
            (SELF, "favorite_food", "pho", 1),
        ),
        (
            "I always said dumplings, but since that trip to Osaka it's okonomiyaki.",
            {"favorite_food": ["dumplings"]},
            (SELF, "favorite_food", "okonomiyaki", 1),
        ),
        (
            "Since that trip laksa has overtaken pho as my favourite food.",
            {"favorite_food": ["pho"]},
            (SELF, "favorite_food", "laksa", 1),
        ),
        ("Otto's moving again lol. Tallinn this time, for his wife's job.", {}, ("Otto", "home_city", "Tallinn", 1)),
    ],
)
def test_a_favourite_after_a_time_phrase_and_a_friend_s_move_told_in_two_sentences(
    text: str, filed: dict[str, list[str]], expected: Fact
) -> None:
    assert expected in read(text, filed)


def test_a_shop_at_a_numbered_street() -> None:
    assert ("Fennel & Fig", "location", "9 Quay Street", 1) in read("Fennel & Fig is now at 9 Quay Street!")
