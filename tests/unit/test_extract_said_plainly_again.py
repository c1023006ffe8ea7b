"""Fourteenth-session readings: contractions typed bare in place, polite requests, a day after a value, versions
cut or deployed, prices paid for, and favourites said as won over or as the new number one."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.unit.readings import read
from twinmem.extract.base import SELF
from twinmem.extract.casual import with_apostrophes
from twinmem.extract.rules import RulesExtractor

SAID = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("typed", "want"),
    [
        ("so were in Tromso now, north of everything", "so we're in Tromso now, north of everything"),
        ("its the best one yet", "it's the best one yet"),
        ("gave up on cello, its Banjo now", "gave up on cello, it's Banjo now"),
        ("we were in Oslo then", "we were in Oslo then"),  # "were" after its subject stays
        ("were you in Oslo?", "were you in Oslo?"),  # a question stays
        ("the cat and its bowl", "the cat and its bowl"),  # a possessive stays
    ],
)
def test_its_and_were_get_an_apostrophe_only_where_nothing_else_could_be_meant(typed: str, want: str) -> None:
    assert with_apostrophes(typed)[0] == want


def test_a_move_typed_without_apostrophes_is_read() -> None:
    assert (SELF, "home_city", "Tromsø", 1) in read(
        "ok so were officially Tromsø people now, boxes everywhere", {"home_city": ["Bergen"]}
    )


def test_a_polite_request_after_the_news_does_not_make_it_a_supposition() -> None:
    text = "The wiki box has been moved to port 9420; I should be grateful if you would update your notes."
    assert ("wiki box", "port", "9420", 1) in read(text, things={"wiki box": {"port": ["9400"]}})


def test_a_day_said_after_a_value_is_when_it_happened_not_part_of_it() -> None:
    assert (SELF, "car", "Honda Civic", 1) in read(
        "Sold the Polo, picked up a Honda Civic Thursday.", {"car": ["Polo"]}
    )
    assert not any(a == "hobby" for _s, a, _v, _p in read("Traded in the Polo, picked up a Honda Civic Thursday.", {}))


@pytest.mark.parametrize(
    ("text", "things", "want"),
    [
        ("Patch 4.1.3 deployed to prod this morning, errors gone.", {"ledger-api": {"version": ["4.1.1"]}}, "4.1.3"),
        ("Quick update: we cut 2.0.0 on Friday.", {"Marlin": {"version": ["1.9.2"]}}, "2.0.0"),
    ],
)
def test_a_version_cut_or_deployed_is_the_version_of_the_one_thing_with_versions(
    text: str, things: dict[str, dict[str, list[str]]], want: str
) -> None:
    (name,) = things
    assert (name, "version", want, 1) in read(text, things=things)


def test_a_first_version_said_after_the_name_and_a_release_tagged_later() -> None:
    assert ("Quillpad", "version", "0.4.2", 1) in read("I help with an editor called Quillpad, currently at 0.4.2.")
    assert ("Quillpad", "version", "0.5.0", 1) in read("Busy week, and Quillpad finally tagged 0.5.0 on Monday.")


def test_a_price_paid_for_and_a_price_announced() -> None:
    assert ("Lumo Plus", "price", "$6.50", 1) in read("I pay for Lumo Plus at $6.50 a month, worth it.")
    text = "Lumo Plus isn't $6.50 any more, it's going to be $8 a month from June."
    assert ("Lumo Plus", "price", "$8", 1) in read(text, things={"Lumo Plus": {"price": ["$6.50"]}})


def test_a_thing_that_works_is_no_employer() -> None:
    assert not any(a == "employer" for _s, a, _v, _p in read("I pay for Lumo Plus because the thing just works.", {}))


@pytest.mark.parametrize(
    ("text", "filed", "want"),
    [
        ("Honestly nano is done for me. Micro won me over last month.", {"favorite_editor": ["nano"]}, "Micro"),
        ("New number one: khao soi from the stall by the station.", {"favorite_food": ["pho"]}, "khao soi"),
        ("Emma was my favourite; that honour now belongs to Evelina.", {"favorite_book": ["Emma"]}, "Evelina"),
        ("Been reading Mary Oliver's poems and she has overtaken Keats.", {"favorite_poet": ["Keats"]}, "Mary Oliver"),
        (
            "A neighbour gave me Genmaicha at Christmas; it is my favourite now.",
            {"favorite_tea": ["Assam"]},
            "Genmaicha",
        ),
        ("Saw Wet Leg live and they're my number one band now.", {"favorite_band": ["Blur"]}, "Wet Leg"),
    ],
)
def test_a_new_favourite_won_over_or_named_number_one(text: str, filed: dict[str, list[str]], want: str) -> None:
    (attribute,) = filed
    assert (SELF, attribute, want, 1) in read(text, filed)


def test_a_friend_and_her_partner_named_together_are_partners_of_each_other_not_of_the_speaker() -> None:
    got = read("my bff Noor and her girlfriend Elif are coming saturday", {})
    assert ("Noor", "partner", "Elif", 1) in got
    assert not any(s == SELF and a == "partner" for s, a, _v, _p in got)


def test_an_offer_from_a_firm_that_shares_a_citys_name_is_an_employer() -> None:
    assert ("Anil", "employer", "Geneva", 1) in read("Anil accepted an offer from Geneva, the biotech.", {})


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("The library has taken me on instead as an archive assistant.", "archive assistant"),
        ("They've promoted me to deputy head.", "deputy head"),
    ],
)
def test_a_new_title_given_by_an_employer(text: str, want: str) -> None:
    assert (SELF, "job_title", want, 1) in read(text, {"job_title": ["volunteer"]})


@pytest.mark.parametrize(
    ("text", "attribute", "want"),
    [
        ("Breakfast must be Assam, which has been my favourite tea since school.", "favorite_tea", "Assam"),
        ("I love my tulips, which are and always have been my favourite flower.", "favorite_flower", "tulips"),
        ("We read Keats in sixth form and he has remained my favourite poet ever since.", "favorite_poet", "Keats"),
        ("Mahler is my favourite composer without question.", "favorite_composer", "Mahler"),
        ("Favourite editor: Kakoune, no contest.", "favorite_editor", "Kakoune"),
    ],
)
def test_a_first_favourite_said_in_a_relative_clause_or_as_a_label(text: str, attribute: str, want: str) -> None:
    assert (SELF, attribute, want, 1) in read(text, {})


def test_a_name_with_a_colour_word_in_it_is_no_favourite_colour() -> None:
    got = read("It has to be Earl Grey, which has been my favourite tea for years.", {})
    assert (SELF, "favorite_tea", "Earl Grey", 1) in got
    assert not any(a == "favorite_color" for _s, a, _v, _p in got)


def test_it_is_not_the_language_a_book_was_written_in() -> None:
    got = read("Dubliners is the best thing written in the English language, and it remains my favourite book.", {})
    assert not any(v == "English" for _s, _a, v, _p in got)


def test_the_place_left_then_where_they_are_now_in_one_sentence() -> None:
    got = read("Ines left Brightwave; she's at Copperleaf now and loves it.", {})
    assert ("Ines", "employer", "Copperleaf", 1) in got
    assert ("Ines", "employer", "Brightwave", -1) in got


def test_it_relocated_is_the_thing_not_the_place_it_left() -> None:
    text = "Update the inventory: build-cache is no longer in rack-b4, it was quietly moved to rack-c1 on Friday."
    got = read(text, things={"build-cache": {"location": ["rack-b4"]}})
    assert ("build-cache", "location", "rack-c1", 1) in got
    assert not any(s == "rack-b4" for s, _a, _v, _p in got)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Had to skip the crab shack, shellfish allergy.", {(SELF, "allergy", "shellfish", 1)}),
        ("I outgrew my egg allergy.", {(SELF, "allergy", "egg", -1)}),
    ],
)
def test_an_allergy_given_as_the_reason_and_one_outgrown(text: str, want: set[tuple[str, str, str, int]]) -> None:
    assert read(text, {}) == want


def test_a_filed_allergy_said_not_to_be_it_and_the_one_that_is() -> None:
    got = read("Test results: it isn't wheat at all, it's soy.", {"allergy": ["wheat"]})
    assert {(SELF, "allergy", "wheat", -1), (SELF, "allergy", "soy", 1)} <= got


@pytest.mark.parametrize(
    ("text", "filed", "asked", "want"),
    [
        (
            "Leaving Outlook behind. Point everything at kit@larchmail.org from now on.",
            {"email": ["kit@old.net"]},
            None,
            ("email", "kit@larchmail.org"),
        ),
        (
            "Doctor's orders. Adding dairy back, so vegetarian from here on.",
            {"diet": ["vegan"]},
            None,
            ("diet", "vegetarian"),
        ),
        (
            "0161 496 0777. Priya's is the same as before.",
            {"phone": ["0161 496 0000"]},
            "And the new number?",
            ("phone", "0161 496 0777"),
        ),
        (
            "Lately I have been quite carried away by bookbinding.",
            {"hobby": ["knitting"]},
            None,
            ("hobby", "bookbinding"),
        ),
    ],
)
def test_the_speakers_new_value_said_without_a_first_person(
    text: str, filed: dict[str, list[str]], asked: str | None, want: tuple[str, str]
) -> None:
    got = RulesExtractor().read(text, SAID, "user", filed=filed, things={}, asked=asked).statements
    assert (SELF, *want) in {(s.subject, s.attribute, s.value) for s in got if s.polarity == 1}


@pytest.mark.parametrize(
    ("text", "filed", "want"),
    [
        ("Shrinking. pretty sure it's my favorite now, Lost got too long", {"favorite_show": ["Lost"]}, "Shrinking"),
        ("My fav snack is no longer the pretzels, its a flapjack now.", {"favorite_snack": ["pretzels"]}, "flapjack"),
        (
            "Rewatched Amelie and, sorry Rick, it's taken the top spot for me.",
            {"favorite_movie": ["Casablanca"]},
            "Amelie",
        ),
        (
            "Late nights ruined tea for me. Cocoa is my drink now.",
            {"favorite_drink": ["green tea"]},
            "Cocoa",
        ),
    ],
)
def test_a_new_favourite_said_as_it_or_as_my_drink_now(text: str, filed: dict[str, list[str]], want: str) -> None:
    (attribute,) = filed
    got = read(text, filed)
    assert (SELF, attribute, want, 1) in got
    assert not any(p == 1 and v.lower().startswith(("no longer", "pretty", "taken")) for _s, _a, v, p in got)


def test_someone_spoken_to_is_not_what_it_stands_for() -> None:
    got = read("went to the Wet Leg show. sorry Damon. they're my favorite band now", {"favorite_band": ["Blur"]})
    assert not any(v == "Damon" for _s, _a, v, _p in got)


def test_a_go_to_without_its_hyphen_and_a_favourite_asked_about_is_no_value() -> None:
    assert (SELF, "favorite_drink", "chai latte", 1) in read("chai latte is my go to drink, every single day", {})
    asked = read("my sister asked what my favourite food is so she can cook, I said it's paella", {})
    assert not any(v.startswith("so ") for _s, _a, v, _p in asked)
    assert read("I go to work at nine", {}) == set()


@pytest.mark.parametrize(
    ("text", "things", "want"),
    [
        (
            "ci-runner-7 isn't in lon2 any more. We migrated it to Madrid last sprint.",
            {"ci-runner-7": {"location": ["lon2"]}},
            ("ci-runner-7", "Madrid"),
        ),
        (
            "Rack shuffle done, ci-runner-7 got shipped to par3 and is healthy.",
            {"ci-runner-7": {"location": ["lon2"]}},
            ("ci-runner-7", "par3"),
        ),
        ("The piano has been carried up to room 12 on the top floor.", {}, ("piano", "room 12")),
    ],
)
def test_a_thing_taken_to_its_new_place(
    text: str, things: dict[str, dict[str, list[str]]], want: tuple[str, str]
) -> None:
    assert (want[0], "location", want[1], 1) in read(text, things=things)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Tobi quit again lol, Wayfair this time, said the commute was brutal", "Wayfair"),
        ("Tobi's job-hopping again. Zalando this time, he started Monday.", "Zalando"),
        ("Brightwave folded, so Tobi is back in retail, Harrods this time.", "Harrods"),
    ],
)
def test_someone_elses_new_employer_said_as_this_time(text: str, want: str) -> None:
    assert ("Tobi", "employer", want, 1) in read(text, things={"Tobi": {"employer": ["Brightwave"]}})


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Uncle Bo finally sold Hazelmere! his neighbour Tamsin bought it", ("Hazelmere", "Tamsin")),
        (
            "Uncle Bo finally sold the Kittiwake. Rory Quinn from the sailing club bought her",
            ("Kittiwake", "Rory Quinn"),
        ),
    ],
)
def test_the_buyer_of_what_was_just_sold_owns_it(text: str, want: tuple[str, str]) -> None:
    got = read(text, {})
    assert (want[0], "owner", want[1], 1) in got
    assert not any(s == want[1].split()[0] for s, _a, _v, _p in got)
