"""Sixteenth-session readings: whose a value is when the sentence names its subject once, or not at all."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.unit.readings import read
from twinmem.extract.base import SELF
from twinmem.extract.rules import RulesExtractor

SAID = datetime(2026, 4, 7, 9, 0, tzinfo=UTC)


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
        ("After the reorg Lena is the new owner of search-api.", "Lena"),
        ("search-api now sits with the data team, and Lena is the new owner.", "Lena"),
        ("search-api now sits with the data guild, and Lena is its owner on paper.", "Lena"),
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


@pytest.mark.parametrize(
    ("text", "who", "city"),
    [
        ("Had a late call with my colleague Anika in Ottawa; she was fading.", "Anika", "Ottawa"),
        ("Anika moved countries and works from Lisbon now.", "Anika", "Lisbon"),
    ],
)
def test_someone_named_with_the_town_they_are_in(text: str, who: str, city: str) -> None:
    assert (who, "home_city", city, 1) in read(text)


@pytest.mark.parametrize(
    "text",
    [
        "I met my cousin Bea in Lyon for lunch.",  # a meeting somewhere: no home
        "My friend Ana in Paris last week was a delight.",  # a time after the town: a visit
    ],
)
def test_someone_met_somewhere_has_no_home_there(text: str) -> None:
    assert not {s for s in read(text) if s[1] == "home_city"}


def test_a_favourite_in_the_entire_world() -> None:
    assert (SELF, "favorite_food", "laksa", 1) in read("My favourite food in the entire world is laksa, no question.")


def test_where_a_food_truck_parks() -> None:
    got = read("Tandoor Turtle, the wrap van, parks outside the Elmwood bus depot on weekdays.")
    assert ("Tandoor Turtle", "location", "Elmwood bus depot", 1) in got


@pytest.mark.parametrize(
    ("text", "who", "firm"),
    [
        ("My neighbour Kofi does sound design at Brightwave Studios, which sounds fun.", "Kofi", "Brightwave Studios"),
        ("I do the accounts for Marsh Lane Dairy three days a week.", SELF, "Marsh Lane Dairy"),
    ],
)
def test_a_trade_done_at_a_firm_is_work_there(text: str, who: str, firm: str) -> None:
    assert (who, "employer", firm, 1) in read(text)


@pytest.mark.parametrize("text", ["We did some shopping at Lidl.", "I do my grocery shopping at Lidl."])
def test_errands_done_at_a_shop_are_no_job(text: str) -> None:
    assert not {s for s in read(text) if s[1] == "employer"}


def test_being_a_title_that_does_something_to_the_speaker() -> None:
    assert (SELF, "job_title", "night porter", 1) in read("Being a night porter means I sleep through every lunch.")
    assert not read("Being a night porter must be lonely.")


def test_a_role_offered_and_said_yes_to() -> None:
    text = "The head chef offered me the pastry chef role on Friday. I said yes on the spot."
    assert (SELF, "job_title", "pastry chef", 1) in read(text, {"job_title": ["commis chef"]})


def test_a_team_someone_joined_is_no_new_owner() -> None:
    things = {"style-guide": {"owner": ["Amir"]}}
    got = read(
        "Noa is the owner of style-guide now, Amir handed it over when he joined the growth team.", things=things
    )
    assert ("style-guide", "owner", "growth team", 1) not in got


def test_a_service_named_by_its_identifier_and_kind_is_the_identifier() -> None:
    assert ("price-watcher", "status", "offline", 1) in read("My price-watcher bot is offline again, the API changed.")


def test_a_home_told_of_a_thing_with_a_place_is_its_location() -> None:
    things = {"Kittiwake": {"location": ["Oban"]}}
    got = read("We sailed her north in May. Kittiwake lives in Ullapool now, right by the ferry.", things=things)
    assert ("Kittiwake", "location", "Ullapool", 1) in got
    assert not {s for s in got if s[1] == "home_city"}


def test_a_drink_i_actually_crave() -> None:
    got = read("Two months in, the chai latte is the drink I actually crave.", {"favorite_drink": ["espresso"]})
    assert (SELF, "favorite_drink", "chai latte", 1) in got


@pytest.mark.parametrize(
    ("text", "things", "who", "attribute", "value"),
    [
        (
            "Oskar got poached. After six years at Vell Partners he's gone over to Driftline Labs.",
            {"Oskar": {"employer": ["Vell Partners"]}},
            "Oskar",
            "employer",
            "Driftline Labs",
        ),
        (
            "Mira's on the move again — a new lab took her all the way south to Adelaide.",
            {"Mira": {"home_city": ["Darwin"]}},
            "Mira",
            "home_city",
            "Adelaide",
        ),
    ],
)
def test_he_or_she_later_in_the_sentence_is_the_one_named_before(
    text: str, things: dict[str, dict[str, list[str]]], who: str, attribute: str, value: str
) -> None:
    assert (who, attribute, value, 1) in read(text, things=things)


def test_a_pronoun_of_the_other_gender_is_not_the_one_named_before() -> None:
    things = {"Oskar": {"employer": ["Vell Partners"]}}
    got = read("Oskar got poached. At the party she said she's gone over to Driftline Labs.", things=things)
    assert ("Oskar", "employer", "Driftline Labs", 1) not in got


def test_a_news_heading_is_nobody() -> None:
    got = read("Family news: Ivo isn't with Petra any more. He's been dating a guy named Rui since spring.")
    assert ("Ivo", "partner", "Rui", 1) in got
    assert not {s for s in got if s[0] == "Family"}


def test_a_pastime_all_i_think_about() -> None:
    assert (SELF, "hobby", "kitesurfing", 1) in read("Now kitesurfing is all I think about, every windy day.")


def test_someone_took_a_thing_on() -> None:
    things = {"Quasar": {"owner": ["Hana"]}}
    assert ("Quasar", "owner", "Bruno", 1) in read("Hana left, so Bruno volunteered to take Quasar on.", things=things)


def test_that_makes_me_a_diet_is_no_guess() -> None:
    got = read("I've started eating fish again. I guess that makes me pescatarian now.", {"diet": ["vegan"]})
    assert (SELF, "diet", "pescatarian", 1) in got


def test_a_thing_named_then_set_beside_its_kind_then_which() -> None:
    got = read("I spent Sunday varnishing Puffin, my old clinker dinghy, which is kept in Looe over winter.")
    assert ("Puffin", "location", "Looe", 1) in got


def test_the_speakers_number_set_beside_another() -> None:
    got = read("I gave them my sister on 07700 900111, and for myself 07700 900222, my old one.")
    assert (SELF, "phone", "07700 900222", 1) in got


def test_an_answer_to_an_either_or_status_question() -> None:
    asked = "So is feed-poller back online, or still offline?"
    got = RulesExtractor().read(
        "Online again since Tuesday.",
        SAID,
        "user",
        filed={},
        things={"feed-poller": {"status": ["offline"]}},
        asked=asked,
    )
    assert [(s.subject, s.attribute, s.value.lower()) for s in got.statements] == [("feed-poller", "status", "online")]


def test_an_answer_to_who_is_taking_a_thing_over() -> None:
    things = {"Halyard": {"owner": ["Maud"]}}
    got = read("Kwabena volunteered. He starts Monday.", things=things, asked="Do you know who's taking Halyard over?")
    assert ("Halyard", "owner", "Kwabena", 1) in got


def test_a_firm_with_an_ampersand_is_whole() -> None:
    things = {"Ines": {"employer": ["Porto Ferries"]}}
    got = read("Big news: Ines has taken a job at Hale & Moreno, a design studio in town.", things=things)
    assert ("Ines", "employer", "Hale & Moreno", 1) in got


def test_an_answer_after_a_short_i_did() -> None:
    asked = "Did you stay on at Millbrook or transfer somewhere for the degree?"
    got = read("I transferred. Lakeshore State University, at last.", {"school": ["Millbrook College"]}, asked=asked)
    assert (SELF, "school", "Lakeshore State University", 1) in got


def test_production_running_a_version_and_the_ones_skipped() -> None:
    things = {"Lark": {"version": ["4.2.0"]}}
    text = (
        "We finally jumped on Lark, production has been running 5.0.2 since Monday, after we skipped 5.0.0 and 5.0.1."
    )
    got = {s for s in read(text, things=things) if s[0] == "Lark" and s[1] == "version"}
    assert got == {("Lark", "version", "5.0.2", 1)}


def test_seeing_someone_named_by_what_they_do() -> None:
    things = {"Mei": {"partner": ["Joss"]}}
    got = read("Mei and Joss split up, and since May she's been seeing a violinist named Aurelio.", things=things)
    assert ("Mei", "partner", "Aurelio", 1) in got
    assert not {s for s in read("I work with a developer named Jo.") if s[1] == "partner"}


def test_left_a_firm_in_a_season_for_another() -> None:
    things = {"Ines": {"employer": ["Lumen Biotech"]}}
    got = read("Old news, she left Lumen in the spring for Castellan Pharma.", things=things)
    assert ("Ines", "employer", "Castellan Pharma", 1) in got


def test_my_real_favourite() -> None:
    got = read("Scratch that. My real favourite is bibimbap, the rice bowl.", {"favorite_food": ["pizza"]})
    assert (SELF, "favorite_food", "bibimbap", 1) in got


def test_a_firm_interviewed_at_is_no_employer() -> None:
    things = {"Marek": {"employer": ["Corvid Robotics"]}}
    got = read("yeah, he interviewed at Heliograph too but turned down their offer.", things=things)
    assert not {s for s in got if s[2] == "Heliograph"}


def test_a_place_went_to_after_the_old_home_is_said_to_be_over_is_a_move() -> None:
    things = {"Piotr": {"home_city": ["Gdańsk"]}}
    got = read("Piotr isn't in Gdańsk anymore, he took a job and went to Vienna in May.", things=things)
    assert ("Piotr", "home_city", "Vienna", 1) in got
    assert not {s for s in read("Piotr went to Vienna for a week.", things=things) if s[1] == "home_city"}


@pytest.mark.parametrize(
    ("asked", "reply", "things", "want"),
    [
        (
            "Is ledger-api still on port 8080?",
            "Nope, 9443 since the TLS work.",
            {"ledger-api": {"port": ["8080"]}},
            ("ledger-api", "port", "9443", 1),
        ),
        (
            "Where's Puffin kept now?",
            "Down in Poole.",
            {"Puffin": {"location": ["Looe"]}},
            ("Puffin", "location", "Poole", 1),
        ),
    ],
)
def test_an_answer_to_whether_an_old_value_still_holds(
    asked: str, reply: str, things: dict[str, dict[str, list[str]]], want: tuple[str, str, str, int]
) -> None:
    assert want in read(reply, things=things, asked=asked)


def test_a_yes_to_whether_an_old_value_still_holds_files_nothing_new() -> None:
    things = {"ledger-api": {"port": ["8080"]}}
    got = read("Yes, 8080 for now, 9443 maybe later.", things=things, asked="Is ledger-api still on port 8080?")
    assert not {s for s in got if s[2] == "9443"}


def test_a_value_said_to_be_over_puts_its_attribute_in_play() -> None:
    got = read("I gave up Italian in June, and now I've moved on to Greek with a tutor on Mondays.", {})
    assert (SELF, "language", "Greek", 1) in got


def test_a_moved_thing_goes_to_a_place_and_to_a_team_is_owned() -> None:
    place = read("We moved the Kestrel to Port Isaac.", things={"Kestrel": {"location": ["Padstow"]}})
    assert not {s for s in place if s[1] == "owner"}
    team = read("We moved billing-api over to the payments team.", things={"billing-api": {"owner": ["Ana"]}})
    assert ("billing-api", "owner", "payments team", 1) in team


def test_someone_from_a_club_who_works_somewhere_is_not_the_speaker() -> None:
    got = read("Anouk from my climbing club works at Vostok Games, and she's offered to look at my CV.")
    assert not {s for s in got if s[0] == SELF and s[1] == "employer"}


def test_a_list_stops_where_a_new_clause_starts() -> None:
    got = read("The allergist says I'm allergic to sesame, and the curry that set me off was made with tahini.")
    assert {s[2] for s in got if s[1] == "allergy"} == {"sesame"}
