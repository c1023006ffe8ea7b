"""Seventeenth-session readings: who owns a value said beside another's, values said before their verb or
after an aside, a favourite said of "it" or alone, and the order of a list's items."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.unit.readings import read, values
from twinmem.extract.base import SELF
from twinmem.extract.rules import RulesExtractor

SAID = datetime(2026, 5, 11, 9, 0, tzinfo=UTC)


# ---------------------------------------------------------------- someone else's, or not


@pytest.mark.parametrize(
    ("text", "firm"),
    [
        ("Halden Foods shut its Leeds plant, and Priya ended up landing at Corwen Textiles.", "Corwen Textiles"),
        ("Priya isn't at Halden Foods anymore, she jumped to a fintech startup, Ledgerly, in May.", "Ledgerly"),
    ],
)
def test_a_new_firm_landed_at_or_jumped_to(text: str, firm: str) -> None:
    assert ("Priya", "employer", firm, 1) in read(text, things={"Priya": {"employer": ["Halden Foods"]}})


def test_a_colleague_who_talked_the_speaker_into_it_owns_nothing() -> None:
    text = "I gave up on French. A colleague talked me into Japanese and I'm loving it."
    assert ("@self", "language", "Japanese", 1) in read(text, filed={"language": ["French"]})


def test_the_assistants_notes_are_nobody_between_a_thing_and_its_value() -> None:
    text = "Corvus is out of date in your notes, we upgraded it to 1.3.0 on Friday."
    assert ("Corvus", "version", "1.3.0", 1) in read(text, things={"Corvus": {"version": ["1.2.0"]}})


def test_my_plan_is_the_things_own_price() -> None:
    text = "Streamly sent a notice that my plan goes up to $11 a month from March."
    assert ("Streamly", "price", "$11", 1) in read(text, things={"Streamly": {"price": ["$9"]}})


def test_a_place_someone_else_went_to_and_the_speaker_followed() -> None:
    text = "My wife got a job at the hospital in Leeds and we moved up in May."
    assert values(text, "home_city", filed={"home_city": ["Bristol"]}) == ["Leeds"]


def test_a_new_pet_said_after_a_colon_is_the_named_persons() -> None:
    text = "Farid has big news: a tabby kitten called Miso."
    assert ("Farid", "pet", "Miso", 1) in read(text, things={"Farid": {"pet": ["Pepper"]}})


def test_loving_where_one_lives_is_living_there() -> None:
    assert ("Ingrid", "home_city", "Bergen", 1) in read("My cousin Ingrid loves living in Bergen.")


# ---------------------------------------------------------------- what holds, and what does not


def test_a_trip_word_said_instead_of_is_no_trip() -> None:
    text = "When the contract ended, instead of heading home I set myself up in Chile."
    assert values(text, "home_country", filed={"home_country": ["Canada"]}) == ["Chile"]


def test_home_is_the_speakers_even_after_the_company_is_named() -> None:
    text = "The firm asked me to run the new Lyon office, so from June home is France."
    assert values(text, "home_country", filed={"home_country": ["Spain"]}) == ["France"]


def test_as_you_can_imagine_supposes_nothing() -> None:
    text = "The transfer went through and I'm now a senior at Tufts, which, as you can imagine, is a relief."
    assert values(text, "school", filed={"school": ["Bunker Hill Community College"]}) == ["Tufts"]


def test_a_short_stay_a_company_sends_one_on_is_no_home() -> None:
    assert values("My company is sending me to Oslo for three weeks in April.", "home_city") == []
    assert values("My company is sending me to Oslo.", "home_city") == ["Oslo"]


def test_a_food_back_on_the_menu_is_no_allergy() -> None:
    text = "Turns out it was never shellfish: the skin test showed sesame. So prawns are back on the menu."
    assert values(text, "allergy", filed={"allergy": ["shellfish"]}) == ["sesame"]


def test_mine_is_the_speakers_own_after_someone_elses_was_named() -> None:
    text = "I had that backwards. Peanuts are my brother's allergy, not mine. Mine is sesame."
    assert "sesame" in values(text, "allergy", filed={"allergy": ["peanuts"]})


def test_a_list_of_new_allergens_gives_its_first_item() -> None:
    text = "The allergy panel came back and flagged walnuts, pecans and almonds."
    assert values(text, "allergy", filed={"allergy": ["peanuts"]}) == ["walnuts"]


def test_a_school_one_is_going_to_is_attended() -> None:
    text = "No, the other offer won, so I'm going to the University of Bristol."
    got = read(text, filed={"school": ["UCL"]}, asked="Still set on UCL?")
    assert ("@self", "school", "University of Bristol", 1) in got
    assert not any(v.startswith("I") and a == "school" for _s, a, v, _p in got)


# ---------------------------------------------------------------- values and their shapes


def test_a_club_of_no_pastime_is_no_hobby_and_the_pastime_said_is() -> None:
    text = "I joined the yacht club on the reservoir and I'm sailing every Sunday now."
    assert values(text, "hobby", filed={"hobby": ["climbing"]}) == ["sailing"]


def test_someone_who_dragged_the_speaker_along_owns_nothing() -> None:
    text = "A neighbour dragged me to a spin class and now cycling has taken over my evenings."
    assert values(text, "hobby") == ["cycling"]


def test_a_language_done_on_an_app() -> None:
    assert values("I've been doing Greek on Babbel every evening since January.", "language") == ["Greek"]


def test_a_place_with_a_reason_after_it_is_the_place() -> None:
    text = "ledger-db now lives in eu-central-1 to keep latency down."
    assert ("ledger-db", "location", "eu-central-1", 1) in read(text, things={"ledger-db": {"location": ["us-east-1"]}})


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("The taco truck is at Harbor Plaza on weekdays now.", "Harbor Plaza"),
        ("The taco truck packed up and reopened inside Westfield Mall.", "Westfield Mall"),
    ],
)
def test_a_named_site(text: str, place: str) -> None:
    things = {"taco truck": {"location": ["Main Street"]}}
    assert place in values(text, "location", things=things)


def test_a_car_that_arrived_is_the_new_car() -> None:
    text = "Sold the Focus. There's a Mazda MX-5 in the driveway now."
    assert values(text, "car", filed={"car": ["Ford Focus"]}) == ["Mazda MX-5"]


def test_a_car_said_by_its_make_is_the_model_the_turn_names() -> None:
    text = "We're taking the Volvo XC60. We sold the Fiesta in June and got the Volvo."
    assert values(text, "car", filed={"car": ["Ford Fiesta"]}) == ["Volvo XC60"]


def test_a_thing_set_off_by_its_kind_then_that() -> None:
    text = "I sail on Petrel, a 28-foot yawl that belongs to Dorothy."
    assert ("Petrel", "owner", "Dorothy", 1) in read(text)


def test_a_place_then_its_part_gives_the_place() -> None:
    text = "We left Porto and have a flat in Lisbon now, in Belém, right by the river."
    assert values(text, "home_city", filed={"home_city": ["Porto"]}) == ["Lisbon"]
    assert ("Ana", "home_city", "Lisbon", 1) in read(
        "Ana left Porto and has a flat in Lisbon now, in Belém.", things={"Ana": {"home_city": ["Porto"]}}
    )


# ---------------------------------------------------------------- favourites


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        (
            "Nothing beats a hot bowl of ramen after a long shift, it's been my favourite food for years.",
            "food",
            "ramen",
        ),
        ("The flat white from the kiosk by the station is my favourite drink.", "drink", "flat white"),
        ("Finished Beloved again last night. Still my favourite book.", "book", "Beloved"),
    ],
)
def test_a_first_favourite_said_of_it_with_where_from_or_alone(text: str, attribute: str, value: str) -> None:
    assert (SELF, f"favorite_{attribute}", value, 1) in read(text)


def test_a_new_favourite_said_as_a_kind_of_person() -> None:
    text = "Lent broke me of espresso and I came out of it a matcha person; it's my favourite drink now."
    assert values(text, "favorite_drink", filed={"favorite_drink": ["espresso"]}) == ["matcha"]


def test_a_new_favourite_with_an_aside_before_its_verb() -> None:
    text = "Honestly? Bibimbap, the sizzling stone-bowl version, is my number one now."
    assert values(text, "favorite_food", filed={"favorite_food": ["pizza"]}) == ["Bibimbap"]


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("Iced americano is basically my whole personality at this point.", "favorite_drink", "Iced americano"),
        ("Honestly, nothing beats ramen after a long shift.", "favorite_food", "ramen"),
        ("I'm a tea person through and through: builder's, two sugars.", "favorite_drink", "tea"),
        ("Running on chai and spite this week.", "favorite_drink", "chai"),
    ],
)
def test_a_dish_or_a_drink_loved_above_all_without_the_word_favourite(text: str, attribute: str, value: str) -> None:
    assert (SELF, attribute, value, 1) in read(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm a morning person, so book the early slot.",  # no dish or drink
        "Nothing beats a long walk on the beach.",
        "My sister is a tea person.",  # hers
    ],
)
def test_no_favourite_of_what_is_neither_eaten_nor_drunk_or_is_someone_elses(text: str) -> None:
    assert not [a for _s, a, _v, _p in read(text) if a.startswith("favorite_")]


def test_a_new_favourite_drink_with_none_filed_is_known_by_what_it_is() -> None:
    text = "Cut out caffeine on my doctor's orders. Rooibos is my go-to now."
    assert values(text, "favorite_drink") == ["Rooibos"]
    assert values("I've switched to Korean lessons on Tuesdays, my go-to now.", "favorite_drink") == []


def test_a_phrase_after_a_favourites_name_ends_before_a_new_clause() -> None:
    text = "Watched Aftersun at the cinema last week and it's my new favourite movie."
    assert values(text, "favorite_movie") == ["Aftersun"]


# ---------------------------------------------------------------- things: first values and owners


def test_it_sold_is_the_thing_said_to_be_someones_no_longer() -> None:
    text = "Big news: Comet isn't Ruth's anymore. She sold it to her nephew Callum in March."
    assert ("Comet", "owner", "Callum", 1) in read(text)


def test_a_family_named_with_the_is_no_thing() -> None:
    text = "So Lark Cottage isnt the Hendersons anymore, they sold it to the Okafors over the winter."
    assert ("Lark Cottage", "owner", "Okafors", 1) in read(text)


def test_a_product_acquired_by_a_firm_is_the_firms() -> None:
    assert ("Ledgerly", "owner", "Finwise", 1) in read("Heads up: Ledgerly has been acquired by Finwise.")


def test_a_place_after_an_adverb_or_set_off_by_a_relative_clause() -> None:
    text = "Hollis Timber, where we buy all our oak, is out at Sharpness, so it's a long drive."
    assert ("Hollis Timber", "location", "Sharpness", 1) in read(text)
    assert ("build-farm", "location", "eu-north-1", 1) in read("Our runners, build-farm, are all in eu-north-1 now.")
    assert not [a for _s, a, _v, _p in read("The meeting is at Noon.") if a == "location"]


def test_someone_known_from_a_group_is_the_one_who_works_there() -> None:
    assert ("Dmitri", "employer", "Vostok Games", 1) in read("Dmitri from my chess club works at Vostok Games.")
    assert ("Dmitri", "employer", "Vostok Games", 1) in read(
        "My friend Dmitri from the chess club works at Vostok Games."
    )


def test_an_offer_one_could_not_refuse_was_taken() -> None:
    text = "Kemal left Arbor Data in May. Lindqvist Bank made him an offer he couldn't refuse, so he's there now."
    assert ("Kemal", "employer", "Lindqvist Bank", 1) in read(text, things={"Kemal": {"employer": ["Arbor Data"]}})


def test_a_title_said_as_proper_is_the_title() -> None:
    text = "Thea qualified! She's a proper solicitor now."
    assert ("Thea", "job_title", "solicitor", 1) in read(text, things={"Thea": {"job_title": ["trainee solicitor"]}})


# ---------------------------------------------------------------- texting, and English as a second language


def test_names_with_letters_of_latin_extended_a() -> None:
    assert ("@self", "partner", "Radovan", 1) not in read("My boyfriend Radoslav is lovely.")
    assert (SELF, "partner", "Jiří", 1) in read("My boyfriend Jiří cooks very well.")
    assert (SELF, "partner", "Łukasz", 1) in read("I'm together with Łukasz now, three months already.")


@pytest.mark.parametrize(
    ("text", "filed", "attribute", "value"),
    [
        (
            "so im done w Harlow Freight, first day at Quayside Labs today",
            {"employer": ["Harlow Freight"]},
            "employer",
            "Quayside Labs",
        ),
        ("insurance paid out, ended up w a used Kia Niro", {"car": ["Ford Focus"]}, "car", "Kia Niro"),
        ("my bf Anselm is taking me to the coast this wk", {}, "partner", "Anselm"),
    ],
)
def test_texting_short_words_and_clauses_with_no_subject(
    text: str, filed: dict[str, list[str]], attribute: str, value: str
) -> None:
    assert (SELF, attribute, value, 1) in read(text, filed=filed)


def test_texting_spans_map_back_to_the_typed_text() -> None:
    text = "my bf Anselm is taking me to the coast"
    (st,) = [s for s in RulesExtractor().read(text, SAID, "user", filed={}, things={}).statements]
    assert text[st.span[0] : st.span[1]].startswith("my bf Anselm")


def test_with_a_firm_is_working_there_and_with_a_person_is_a_partner() -> None:
    text = "Harlow was short story for me. Since this month I am with Bosch, in Stuttgart."
    assert values(text, "employer", filed={"employer": ["Harlow"]}) == ["Bosch"]
    assert values("These days I am with Meera.", "employer", filed={"employer": ["Harlow"], "partner": ["Tom"]}) == []


def test_a_title_said_without_its_article() -> None:
    text = "Good news, Ilse got promoted, she is senior lecturer from September."
    assert ("Ilse", "job_title", "senior lecturer", 1) in read(text, things={"Ilse": {"job_title": ["lecturer"]}})
    assert not [a for _s, a, _v, _p in read("He is lead on this one.") if a == "job_title"]


def test_a_state_said_after_its_word_and_one_said_first_in_a_turn() -> None:
    text = "We rolled back the change and edge-cache is fine again, status healthy, closing the ticket."
    assert ("edge-cache", "status", "healthy", 1) in read(text, things={"edge-cache": {"status": ["degraded"]}})
    text = "healthy since the failover at 6, lag is back under 1s"
    assert ("edge-cache", "status", "healthy", 1) in read(text, things={"edge-cache": {"status": ["degraded"]}})


def test_texting_its_after_turns_out_is_it_is() -> None:
    text = "ya turns out its sesame not peanuts, so pb is back on the menu"
    assert values(text, "allergy", filed={"allergy": ["peanuts"]}) == ["sesame"]


def test_a_price_that_went_up_is_no_trip() -> None:
    text = "leeds rent went mental so we packed up again, York since last wk"
    assert values(text, "home_city", filed={"home_city": ["Leeds"]}) == ["York"]


def test_a_pastime_said_to_be_ones_whole_personality() -> None:
    text = "havent touched the wheel in months tbh, climbing 3x a wk is my whole personality now"
    assert values(text, "hobby", filed={"hobby": ["pottery"]}) == ["climbing"]


def test_a_short_word_after_an_article_is_left_as_typed() -> None:
    from twinmem.extract.casual import with_apostrophes

    assert with_apostrophes("busy rn, done w work")[0] == "busy right now, done with work"
    assert with_apostrophes("im an rn at st marys")[0] == "I'm an rn at st marys"  # a registered nurse
