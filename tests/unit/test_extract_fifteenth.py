"""Fifteenth-session readings: a recurring price said with the name of what it is paid to."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.unit.readings import read
from twinmem.extract.base import SELF
from twinmem.extract.rules import RulesExtractor

SAID = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "thing", "price"),
    [
        ("Our allotment at Greenbank Gardens runs us £14 a month, which is a steal.", "Greenbank Gardens", "£14"),
        ("I pay $75 a month at Northside Climbing and go twice a week.", "Northside Climbing", "$75"),
        ("We use Tallyho, the invoicing app, at $12 per seat a month.", "Tallyho", "$12"),
        ("Our bikes live at Dockside Storage. $40 a month for the small unit.", "Dockside Storage", "$40"),
        ("Is Brightpath Pro worth $9 a month for one person?", "Brightpath Pro", "$9"),
        ("We get the Hollow Oak veg box, $26 a week, and it's mostly kale.", "Hollow Oak veg box", "$26"),
    ],
)
def test_a_recurring_price_belongs_to_what_it_is_paid_to(text: str, thing: str, price: str) -> None:
    assert (thing, "price", price, 1) in read(text)


@pytest.mark.parametrize(
    "text",
    [
        "I spent $60 a week at Fresco Market over the summer.",  # spending is no price of the shop
        "I pay Dana $50 a week to walk the dog.",  # a person paid is not a thing with a price
        "We stayed in Lisbon for $90 a night.",  # a place is not what was paid
        "Would Brightpath Pro be cheaper at $9 a month if we paid yearly?",  # a question that supposes
    ],
)
def test_money_that_is_no_price_of_a_named_thing_files_none(text: str) -> None:
    assert not {s for s in read(text) if s[1] == "price"}


def test_a_cleft_names_the_allergen_without_its_that() -> None:
    got = read("Had the tests done. It's walnuts that I react to, not almonds.", {"allergy": ["almonds"]})
    assert (SELF, "allergy", "walnuts", 1) in got
    assert not {s for s in got if s[2].endswith("that")}


def test_someone_new_named_in_the_next_sentence_with_an_accented_name() -> None:
    got = read("I've been seeing someone new for a couple of months. Her name is Inés, she teaches piano.")
    assert (SELF, "partner", "Inés", 1) in got


def test_a_version_in_a_sentence_naming_nothing_goes_to_the_thing_the_sentence_before_named() -> None:
    things = {"Lattice": {"version": ["4.1.0"]}}
    got = read("Lattice finally had its big release. Everything in prod has been on 5.0.0 since Monday.", things=things)
    assert ("Lattice", "version", "5.0.0", 1) in got
    # a sentence naming another thing keeps its value
    other = read("We upgraded Lattice. Grafana sits on 10.4.1 beside it.", things=things)
    assert ("Lattice", "version", "10.4.1", 1) not in other


def test_running_out_of_a_place_is_where_a_thing_is_not_where_it_left() -> None:
    things = {"Birch": {"location": ["Paris"]}}
    got = read("The ops team moved Birch last month, and it's running out of Madrid now.", things=things)
    assert ("Birch", "location", "Madrid", 1) in got


def test_the_live_version_is_the_versioned_thing_spoken_of() -> None:
    things = {"Kestrel": {"version": ["2.0.1"]}}
    got = read("The live version is 2.2.0. We've shipped two releases since 2.0.1.", things=things)
    assert ("Kestrel", "version", "2.2.0", 1) in got
    assert not {s for s in got if s[0] == "since"}  # "releases since 2.0.1" names nothing


def test_now_with_someone_whose_name_no_list_has_said_as_a_person() -> None:
    got = read("I'm now with Ayo, a guy I met at the climbing wall.")
    assert (SELF, "partner", "Ayo", 1) in got
    assert not {s for s in read("I'm now with Stripe, which is great.") if s[1] == "partner"}


def test_no_opening_an_answer_does_not_hide_whom_she_is() -> None:
    things = {"Mira": {"job_title": ["staff nurse"]}}
    got = (
        RulesExtractor()
        .read(
            "No, she's the ward manager now.",
            SAID,
            "user",
            filed={},
            things=things,
            asked="Is she still a staff nurse?",
        )
        .statements
    )
    assert ("Mira", "job_title", "ward manager") in {(s.subject, s.attribute, s.value) for s in got}


def test_a_price_said_without_a_name_after_the_thing_named_before() -> None:
    got = read(
        "Cloudnest emailed about prices. From March I pay $18 every month, same 2 TB.",
        things={"Cloudnest": {"price": ["$14"]}},
    )
    assert ("Cloudnest", "price", "$18", 1) in got


def test_an_upgrade_after_a_time_phrase_is_the_things_named_before() -> None:
    things = {"Pylon": {"version": ["3.2"]}}
    got = read("Pylon is not on 3.2 anymore, last week we upgraded to 3.4 everywhere.", things=things)
    assert ("Pylon", "version", "3.4", 1) in got


def test_my_number_one_is_a_favourite() -> None:
    assert (SELF, "favorite_food", "gnocchi", 1) in read(
        "After Rome my number one is gnocchi.", {"favorite_food": ["paella"]}
    )


def test_a_new_owner_said_without_the_thing_after_the_old_one_let_go() -> None:
    things = {"ledger-db": {"owner": ["Iker"]}}
    got = read("Iker no longer owns ledger-db. Sanna is the owner now.", things=things)
    assert ("ledger-db", "owner", "Sanna", 1) in got


def test_gave_me_the_job_is_the_speakers_title_not_the_one_spoken_of() -> None:
    got = read("They gave me the job of shift lead.", things={"Noor": {"job_title": ["cashier"]}})
    assert (SELF, "job_title", "shift lead", 1) in got
    assert not {s for s in got if s[0] == "Noor"}


def test_he_in_a_turn_that_names_no_one_is_the_one_person_spoken_of() -> None:
    got = read("Yes. He adopted a greyhound last month.", things={"Omar": {"home_city": ["Leeds"]}})
    assert ("Omar", "pet", "greyhound", 1) in got


@pytest.mark.parametrize(
    ("text", "filed", "want"),
    [
        ("i'm Scottish so burns night is a big deal here", {}, (SELF, "nationality", "Scottish", 1)),
        ("ok so my passport is Canadian, not American", {}, (SELF, "nationality", "Canadian", 1)),
        ("day 45 of learning Korean on an app", {}, (SELF, "language", "Korean", 1)),
        ("First day at Larchfield Analytics today! Long but good.", {}, (SELF, "employer", "Larchfield Analytics", 1)),
        (
            "first week at Harlow State University and i'm already lost",
            {},
            (SELF, "school", "Harlow State University", 1),
        ),
        ("been seeing this guy Felix since june, he's lovely", {}, (SELF, "partner", "Felix", 1)),
        ("soooo niamh and i are official now", {}, (SELF, "partner", "Niamh", 1)),
        ("honestly fine 😌 been dating this guy Felix since june", {}, (SELF, "partner", "Felix", 1)),
        ("ngl it's pad thai now, sorry pizza", {"favorite_food": ["pizza"]}, (SELF, "favorite_food", "pad thai", 1)),
        (
            "my number one band has officially shifted, it's Wet Leg now",
            {"favorite_band": ["Blur"]},
            (SELF, "favorite_band", "Wet Leg", 1),
        ),
    ],
)
def test_texted_and_terse_ways_of_saying_a_value(
    text: str, filed: dict[str, list[str]], want: tuple[str, str, str, int]
) -> None:
    assert want in read(text, filed)


def test_a_partner_typed_in_lower_case_is_read_only_where_a_name_opens_the_clause() -> None:
    got = read("finished the book last night and i think i loved it")
    assert not {s for s in got if s[1] == "partner"}


def test_a_value_with_a_domain_is_kept_whole_and_is_no_owner() -> None:
    got = read("We moved Quokka to Fly.io last week.", things={"Quokka": {"location": ["Railway"]}})
    assert ("Quokka", "location", "Fly.io", 1) in got
    assert not {s for s in got if s[1] == "owner"}


def test_a_thing_that_sits_with_a_team_is_owned_by_it_and_a_team_that_no_longer_owns_is_not() -> None:
    things = {"search-api": {"owner": ["Core team"]}}
    got = read("Reorg: Core no longer owns search-api. It sits with the Discovery team now.", things=things)
    assert ("search-api", "owner", "Discovery team", 1) in got
    assert ("search-api", "owner", "Core", 1) not in got


def test_a_purpose_clause_is_no_condition() -> None:
    got = read("Dropped Wayfarer to $7 to see if it sells better.", things={"Wayfarer": {"price": ["$10"]}})
    assert ("Wayfarer", "price", "$7", 1) in got
    assert not read("If we drop Wayfarer to $7 it might sell.", things={"Wayfarer": {"price": ["$10"]}})


def test_a_bracketed_description_between_a_name_and_its_verb_is_an_aside() -> None:
    assert ("Harbor", "owner", "Yusuf", 1) in read("Harbor (our billing dashboard) is Yusuf's, he owns it.")


def test_everything_on_a_version_after_the_thing_is_named_is_the_things() -> None:
    things = {"tern": {"version": ["1.0.0"]}}
    assert ("tern", "version", "1.2.0", 1) in read("Rolled tern forward: everything's on 1.2.0 now.", things=things)


def test_a_third_partys_new_job_said_plainly() -> None:
    assert ("Sunniva", "employer", "Equinor", 1) in read(
        "Sunniva isn't at Statkraft anymore; she jumped to Equinor in May.",
        things={"Sunniva": {"employer": ["Statkraft"]}},
    )
    assert ("Ilse", "employer", "Zalando", 1) in read("Ilse started her new gig at Zalando last week.")
    kept = read(
        "Jonah passed the bar! The firm kept him on as a junior associate.", things={"Jonah": {"job_title": ["clerk"]}}
    )
    assert ("Jonah", "job_title", "junior associate", 1) in kept


def test_been_named_is_no_part_of_a_title() -> None:
    got = read("And now Marta's been named head gardener at the estate.", things={"Marta": {"job_title": ["gardener"]}})
    assert ("Marta", "job_title", "head gardener", 1) in got


def test_a_title_said_of_whoever_holds_it_is_not_the_one_spoken_of() -> None:
    things = {"Aiden": {"job_title": ["porter"]}}
    got = read("Aiden got promoted to shift lead! He covers when the night manager is off.", things=things)
    assert ("Aiden", "job_title", "shift lead", 1) in got
    assert ("Aiden", "job_title", "night manager", 1) not in got


def test_a_comfort_food_is_a_favourite() -> None:
    assert (SELF, "favorite_food", "Dal", 1) in read("Dal is my comfort food, always has been.")


def test_it_is_the_one_thing_the_turn_names() -> None:
    got = read("We tagged Marlin 1.0 and it's officially stable now.", things={"Marlin": {"status": ["in beta"]}})
    assert ("Marlin", "status", "stable", 1) in got


def test_an_accepted_transfer_names_the_new_school() -> None:
    got = read("they accepted my transfer to Kessler State University!!", {"school": ["Dunmore College"]})
    assert (SELF, "school", "Kessler State University", 1) in got


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Gnocchi is hands-down my favourite food.", ("favorite_food", "Gnocchi")),
        ("My favourite film is, without question, Paddington 2.", ("favorite_movie", "Paddington 2")),
        ("My favourite book has long been Persuasion.", ("favorite_book", "Persuasion")),
        ("Nothing beats a good plate of dumplings, it's my favourite food.", ("favorite_food", "dumplings")),
        ("I'm craving laksa, my all-time favourite food.", ("favorite_food", "laksa")),
        ("Favourite album of all time? Blue, easily.", ("favorite_album", "Blue")),
        ("If I had to eat one thing forever it would be dumplings, no contest.", ("favorite_food", "dumplings")),
    ],
)
def test_a_first_favourite_said_with_emphasis(text: str, want: tuple[str, str]) -> None:
    assert (SELF, *want, 1) in read(text)


def test_a_condition_is_still_no_favourite() -> None:
    assert not read("If I move to Oslo it would be great.")
    assert not {s for s in read("If we had to pick one thing it would be the Lisbon flat.") if s[1].startswith("fav")}


@pytest.mark.parametrize(
    ("text", "filed", "want"),
    [
        (
            "The patch test was clear for latex. What actually sets me off is nickel.",
            {"allergy": ["latex"]},
            ("allergy", "nickel"),
        ),
        (
            "Went hybrid: sold the Corolla and picked up a Honda Jazz on Friday.",
            {"car": ["Toyota Corolla"]},
            ("car", "Honda Jazz"),
        ),
        (
            "My wife's job took us over the border to Austria in June.",
            {"home_country": ["Germany"]},
            ("home_country", "Austria"),
        ),
        (
            "I dropped the Italian lessons and my Monday sessions are in Korean now.",
            {"language": ["Italian"]},
            ("language", "Korean"),
        ),
        ("These days my weekends are spent kayaking on the lake instead.", {"hobby": ["golf"]}, ("hobby", "kayaking")),
        (
            "The board asked me to step up as finance director.",
            {"job_title": ["accountant"]},
            ("job_title", "finance director"),
        ),
        ("Plot twist: I've got a new girlfriend, Maren, and she's lovely.", {"partner": ["Jo"]}, ("partner", "Maren")),
        ("Harlan Timber down the road hired me instead.", {"employer": ["Pine & Co"]}, ("employer", "Harlan Timber")),
        (
            "Rex went to my parents' farm. We adopted a cat instead, Pickle, she's tiny.",
            {"pet": ["Rex"]},
            ("pet", "Pickle"),
        ),
    ],
)
def test_a_change_said_in_passing(text: str, filed: dict[str, list[str]], want: tuple[str, str]) -> None:
    assert (SELF, *want, 1) in read(text, filed)


def test_a_question_word_opening_a_statement_or_a_name_after_no_more_is_read_as_it_is() -> None:
    assert not read("What is your favourite colour?")
    assert not {s for s in read("no more Rex here, he lives on the farm now.", {"pet": ["Rex"]}) if s[1] == "name"}
    assert not {s for s in read("Plot twist, it rained all day.") if s[1] in ("partner", "pet", "name")}


def test_a_project_cancelled_as_it_is_the_one_named_before() -> None:
    got = read(
        "Heron isn't on hold anymore; leadership cancelled it outright.", things={"Heron": {"status": ["on hold"]}}
    )
    assert ("Heron", "status", "cancelled", 1) in got


@pytest.mark.parametrize(
    ("text", "thing", "price"),
    [
        ("We're looking at the Elm Row duplex, listed at $380,000.", "Elm Row duplex", "$380,000"),
        ("Quillmate, our invoicing tool, sells for $19 a month.", "Quillmate", "$19"),
        ("Our best seller, the Alder side table, retails at $240.", "Alder side table", "$240"),
    ],
)
def test_a_price_a_thing_is_listed_or_sold_at(text: str, thing: str, price: str) -> None:
    assert (thing, "price", price, 1) in read(text)


def test_a_version_the_speaker_is_on_after_the_thing_was_named() -> None:
    got = read("I track my runs in an app called Stridely. I'm on version 4.2.0 and it's fine.")
    assert ("Stridely", "version", "4.2.0", 1) in got


def test_it_is_a_business_named_by_what_it_is() -> None:
    got = read("Copper Kettle Cafe does the best scones around. Ines Marr owns it; she bakes at dawn.")
    assert ("Copper Kettle Cafe", "owner", "Ines Marr", 1) in got


def test_a_saints_name_is_kept_whole_and_a_child_dropped_off_at_school() -> None:
    assert ("Riverside Choir", "location", "St. Anne", 1) in read("The Riverside Choir meets in St. Anne's hall.")
    assert ("Milo", "school", "Penn State", 1) in read("We dropped our son Milo off at Penn State yesterday.")
    assert not {s for s in read("We dropped Mia off at Heathrow.") if s[1] == "school"}


def test_a_name_then_that_it_is_a_favourite_and_a_new_spot() -> None:
    assert (SELF, "favorite_restaurant", "Casa Azul", 1) in read(
        "We always go to Casa Azul; it's my favorite restaurant in town."
    )
    said = read("Sorry, Casa Azul, my favourite restaurant is now Saffron.")
    assert (SELF, "favorite_restaurant", "Casa Azul", 1) not in said
    moved = read(
        "Casa Azul isn't our favorite anymore. Our new spot is Saffron House.", {"favorite_restaurant": ["Casa Azul"]}
    )
    assert (SELF, "favorite_restaurant", "Saffron House", 1) in moved
    top = read("New top spot: Hanami Ramen opened near the office.", {"favorite_restaurant": ["Casa Azul"]})
    assert (SELF, "favorite_restaurant", "Hanami Ramen", 1) in top


def test_more_changes_said_in_passing() -> None:
    assert (SELF, "allergy", "soy", 1) in read(
        "Finally had proper allergy testing. Dairy isn't the problem at all, it's soy.", {"allergy": ["dairy"]}
    )
    owner = read("Iker moved to mobile, and Sanna has picked up ledger-db.", things={"ledger-db": {"owner": ["Iker"]}})
    assert ("ledger-db", "owner", "Sanna", 1) in owner
    pet = read("Chloe's since gotten a cockatiel who whistles.", things={"Chloe": {"pet": ["ferret"]}})
    assert ("Chloe", "pet", "cockatiel", 1) in pet
    job = read(
        "Ines sent a card. After two decades she's gone to Decathlon, of all places.",
        things={"Ines": {"employer": ["Michelin"]}},
    )
    assert ("Ines", "employer", "Decathlon", 1) in job
    partner = read("He's with a lovely Danish man called Anders now.", things={"Theo": {"partner": ["Lucy"]}})
    assert ("Theo", "partner", "Anders", 1) in partner


def test_where_a_thing_is_kept_and_a_default_port_said_after_a_comma() -> None:
    assert ("Kestrel", "location", "Ely Marina", 1) in read("We keep the club boat, the Kestrel, at Ely Marina.")
    assert ("orders-db", "port", "5432", 1) in read("orders-db listens on the default Postgres port, 5432.")
    assert not {s for s in read("Anna moved to Baker Street.") if s[1] == "location"}


def test_a_whos_aside_between_a_buyer_and_the_verb() -> None:
    got = read("Tom Reyes, who's run the ovens for years, bought Crumb Corner from her.")
    assert ("Crumb Corner", "owner", "Tom Reyes", 1) in got
