"""Sixteenth-session readings: whose a value is when the sentence names its subject once, or not at all."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from twinmem.extract.base import SELF
from twinmem.extract.rules import RulesExtractor

SAID = datetime(2026, 4, 7, 9, 0, tzinfo=UTC)


def read(
    text: str,
    filed: dict[str, list[str]] | None = None,
    things: dict[str, dict[str, list[str]]] | None = None,
    asked: str | None = None,
) -> set[tuple[str, str, str, int]]:
    got = RulesExtractor().read(text, SAID, "user", filed=filed or {}, things=things or {}, asked=asked).statements
    return {(s.subject, s.attribute, s.value, s.polarity) for s in got}


def test_a_firm_that_hires_someone_just_spoken_of_after_an_opening_word() -> None:
    things = {"Tomasz": {"employer": ["Baltic Freight"]}}
    text = "Tomasz was let go in March. Good news though, Harbourline Insurance hired him last week."
    assert ("Tomasz", "employer", "Harbourline Insurance", 1) in read(text, things=things)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Fees went up, so we sailed Petrel south. She's at a marina in Beaufort now.", "Beaufort"),
        ("The rent doubled, so this year we found Petrel a new berth in Falmouth.", "Falmouth"),
        ("Fees doubled, so Petrel moved on; she is kept at a boatyard in Mylor now.", "Mylor"),
    ],
)
def test_a_thing_moved_to_a_site_in_a_town(text: str, place: str) -> None:
    things = {"Petrel": {"location": ["Penzance"]}}
    assert ("Petrel", "location", place, 1) in read(text, things=things)


def test_a_pseudo_cleft_carries_the_version_on() -> None:
    things = {"Quill": {"version": ["2.3.0"]}}
    text = "Quill isn't stuck on 2.3.0 any more, what's shipping to customers now is 2.4.1."
    assert ("Quill", "version", "2.4.1", 1) in read(text, things=things)


def test_a_status_said_as_what_was_done_to_it() -> None:
    things = {"audit-db": {"status": ["archived"]}}
    text = "audit-db isn't archived any more: we retired it last night."
    assert ("audit-db", "status", "retired", 1) in read(text, things=things)


@pytest.mark.parametrize(
    ("text", "owner"),
    [
        ("search-api is no longer the infra team's, the billing team has taken it over.", "billing team"),
        ("Rosa got promoted and passed search-api along to Kwame, who started in May.", "Kwame"),
        ("search-api now sits with the data team, and Lena is the new owner.", "Lena"),
    ],
)
def test_a_new_owner_handed_a_thing(text: str, owner: str) -> None:
    things = {"search-api": {"owner": ["infra team"]}}
    assert ("search-api", "owner", owner, 1) in read(text, things=things)


@pytest.mark.parametrize(
    ("text", "name", "kind"),
    [
        (
            "Noor gave the rabbits away before her move; all she keeps now is a little canary called Pip.",
            "Pip",
            "canary",
        ),
        ("Noor rehomed the rabbits with a friend, and adopted a huge Maine Coon named Duke.", "Duke", "maine coon"),
    ],
)
def test_a_pet_named_with_its_kind_is_the_pet_not_the_other_names(text: str, name: str, kind: str) -> None:
    things = {"Noor": {"pet": ["rabbits"]}}
    got = RulesExtractor().read(text, SAID, "user", filed={}, things=things).statements
    pets = [s for s in got if s.subject == "Noor" and s.attribute == "pet" and s.polarity == 1]
    assert [(s.value, s.qualifier) for s in pets] == [(name, kind)]


def test_a_contraction_is_never_a_name() -> None:
    things = {"Anders": {"partner": ["Mette"]}}
    got = read("He is, with a teacher called Ylva. They've been together since June.", things=things)
    assert not {s for s in got if s[2].lower().startswith("they")}


def test_a_title_called_by_a_name_is_that_persons_job_not_the_subjects() -> None:
    things = {"Anders": {"partner": ["Mette"]}}
    got = read("He is, a teacher called Ylva.", things=things, asked="Is Anders seeing anyone?")
    assert not {s for s in got if s[1] == "job_title"}


def test_lessons_quit_are_no_employer_and_a_new_tutor_is_no_job() -> None:
    got = read(
        "I quit the Italian lessons and now I've switched to Greek with a new tutor who is lovely.",
        {"language": ["Italian"]},
    )
    assert (SELF, "language", "Greek", 1) in got
    assert not {s for s in got if s[1] in ("employer", "job_title")}


def test_my_allergy_names_no_allergen() -> None:
    got = read("I skip the prawn curry because of my allergy, so no seafood for me.")
    assert not {s for s in got if s[1] == "allergy" and s[2] == "my"}


@pytest.mark.parametrize(
    "text",
    ["Apparently I'm allergic to sesame.", "The allergist says I'm allergic to sesame, not shellfish."],
)
def test_an_allergy_a_doctor_found_or_news_of_it_is_the_speakers(text: str) -> None:
    assert (SELF, "allergy", "sesame", 1) in read(text, {"allergy": ["shellfish"]})


def test_a_friend_saying_im_allergic_stays_unread() -> None:
    assert not read("My flatmate says I'm allergic to sesame but I doubt it.")


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("Since the Seville trip, gazpacho is my favourite thing to eat.", "favorite_food", "gazpacho"),
        ("My favourite thing to drink these days is hibiscus tea.", "favorite_drink", "hibiscus tea"),
        ("Honestly, birding is my favourite thing.", "hobby", "birding"),
    ],
)
def test_a_favourite_thing_to_eat_is_a_dish_not_a_hobby(text: str, attribute: str, value: str) -> None:
    assert (SELF, attribute, value, 1) in read(text)


def test_a_new_all_time_favourite_when_one_favourite_is_filed() -> None:
    got = read("I have a new all-time favourite: Circe. Read it in two days.", {"favorite_book": ["Dune"]})
    assert (SELF, "favorite_book", "Circe", 1) in got


def test_a_band_with_an_initialism_takes_that_spot_after_a_gig() -> None:
    got = read(
        "Not any more. The B.E.T.H. Collective took that spot after I saw them live.", {"favorite_band": ["Wet Leg"]}
    )
    assert (SELF, "favorite_band", "The B.E.T.H. Collective", 1) in got or (
        SELF,
        "favorite_band",
        "B.E.T.H. Collective",
        1,
    ) in got
