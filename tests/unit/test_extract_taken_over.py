"""Thirteenth session: firms that buy a thing or hire someone, a thing named with "&" and "the", favourites
said as "the favourite", "my #1" and "first place", one favourite's cue kept from another's, and the hired."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from twinmem.extract.base import SELF
from twinmem.extract.rules import RulesExtractor

SAID = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)
X = RulesExtractor()

Fact = tuple[str, str, str]


def read(text: str, filed: dict[str, list[str]], things: dict[str, dict[str, list[str]]] | None = None) -> set[Fact]:
    got = X.read(text, SAID, "user", filed=filed, things=things or {}).statements
    return {(s.subject, s.attribute, s.value) for s in got if s.polarity == 1}


@pytest.mark.parametrize(
    ("text", "things", "expected"),
    [
        (
            "Nobody at the Quayside Bakery knows Ines any more, Granary Collective bought her out.",
            {"Quayside Bakery": {"owner": ["Ines"]}},
            ("Quayside Bakery", "owner", "Granary Collective"),
        ),
        (
            "Moss Lane Allotments changed hands, so Bertie Osei's in charge of them now.",
            {"Moss Lane Allotments": {"owner": ["Pat"]}},
            ("Moss Lane Allotments", "owner", "Bertie Osei"),
        ),
        (
            "Petra got bored of the agency. Halden Analytics snapped her up in March.",
            {"Petra": {"employer": ["Brightwire"]}},
            ("Petra", "employer", "Halden Analytics"),
        ),
        (
            "Yannick is off the rota, so Amira has taken the wiki over for good.",
            {"wiki": {"owner": ["Yannick"]}},
            ("wiki", "owner", "Amira"),
        ),
    ],
)
def test_a_firm_that_buys_a_thing_or_hires_someone_is_read_whole(
    text: str, things: dict[str, dict[str, list[str]]], expected: Fact
) -> None:
    assert expected in read(text, {}, things)


def test_a_thing_named_with_an_ampersand_and_the_is_the_thing_it_refers_to() -> None:
    got = read("The Rose & Crown's been our local for years, it's owned by Marston Inns.", {})
    assert ("Rose & Crown", "owner", "Marston Inns") in got


@pytest.mark.parametrize(
    ("text", "filed", "expected"),
    [
        (
            "Long nights did it: iced tea is the favourite now, cocoa's too heavy.",
            {"favorite_drink": ["cocoa"]},
            (SELF, "favorite_drink", "iced tea"),
        ),
        (
            "Autumn league settled it, squash took the first place, I play twice a week.",
            {"favorite_sport": ["golf"]},
            (SELF, "favorite_sport", "squash"),
        ),
        (
            "Honestly the Strat's my #1 now. The Gibson sits in its case.",
            {"favorite_guitar": ["Gibson SG"]},
            (SELF, "favorite_guitar", "Strat"),
        ),
        (
            "Lentil dal is the favourite dish now, for the record.",
            {"favorite_dish": ["lasagne"], "favorite_band": ["Muse"]},
            (SELF, "favorite_dish", "Lentil dal"),
        ),
    ],
)
def test_a_new_favourite_said_as_the_favourite_my_number_one_or_first_place(
    text: str, filed: dict[str, list[str]], expected: Fact
) -> None:
    assert expected in read(text, filed)


def test_a_top_spot_that_names_no_thing_is_no_other_favourite_s() -> None:
    filed = {"favorite_food": ["lasagne"], "favorite_drink": ["cocoa"], "favorite_band": ["Muse"]}
    got = read("Risotto has taken the top spot over lasagne.", filed)
    assert (SELF, "favorite_food", "Risotto") in got
    assert not {f for f in got if f[1] in ("favorite_drink", "favorite_band")}
    assert not read("Risotto has taken the top spot.", filed)  # three favourites, none named: no guess


def test_someone_hired_as_a_title_holds_it() -> None:
    assert ("Omar", "job_title", "junior architect") in read(
        "Omar finished his exams and got hired as a junior architect.", {}
    )
    assert (SELF, "job_title", "sous chef") in read("I was finally taken on as a sous chef.", {})


def test_an_allergen_said_in_a_turn_without_stops_is_the_allergen_alone() -> None:
    got = read("put it in my file I am allergic to latex found out at the dentist years ago", {})
    assert (SELF, "allergy", "latex") in got
    assert (SELF, "allergy", "peanut butter") in read("I'm allergic to peanut butter.", {})  # one word more: kept


def test_a_release_rolled_back_from_canary() -> None:
    things = {"thumbnailer": {"status": ["in canary"]}}
    got = read("thumbnailer is not in canary any more, it's rolled back until the fix lands", {}, things)
    assert ("thumbnailer", "status", "rolled back") in {(s.lower(), a, v) for s, a, v in got}  # one subject, any case


def test_a_name_said_with_its_version_holds_it_unless_it_is_what_a_thing_runs() -> None:
    assert ("Kestrel", "version", "3.1.4") in read("the new Kestrel 3.1.4 wiped my saved layouts", {})
    assert ("Postgres", "version", "16.2") in read("We're on Postgres 16.2 since the migration.", {})
    assert not {f for f in read("My router is on OpenWrt 23.05.2, never touched it.", {}) if f[0] == "OpenWrt"}
    assert not read("Meeting 5.30 tomorrow, see Chapter 3.2 first.", {})


def test_the_speaker_raising_a_price_is_no_thing_and_a_price_ends_before_its_comma() -> None:
    things = {"Saltmarsh": {"price": ["40 euro"]}, "Fenfest": {"price": ["$70"]}}
    got = read("I reworked the Saltmarsh lessons, so I raised the price to 55 euro.", {}, things)
    assert ("Saltmarsh", "price", "55 euro") in got
    assert not {f for f in got if f[0] in ("I", "price")}
    assert ("Fenfest", "price", "$85") in read("tiers sold out, Fenfest day passes jumped to $85, grab one", {}, things)


def test_a_new_rate_from_a_date_in_the_sentence_after_the_thing_is_named() -> None:
    things = {"Paws Club": {"price": ["$30"]}}
    got = read("Paws Club sent a letter. new rate from september is $36 a day, sigh", {}, things)
    assert ("Paws Club", "price", "$36") in got
