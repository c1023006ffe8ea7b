"""General frames of state and change: typed values with first-person cues, values told without a
verb of their own, and changes told as news.

Sentences of our own, one family per test, with other verbs, values and subjects than the dev
dialogs (eval/dev/updates*.jsonl), which the frames were never copied from. Each family also holds
a sentence the frame must leave alone (someone else's value, a value sent rather than given).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from twinmem.extract.base import SELF
from twinmem.extract.rules import RulesExtractor

SAID = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)
X = RulesExtractor()

Fact = tuple[str, str, str, int]


def facts(text: str) -> set[Fact]:
    return {(s.subject, s.attribute, s.value, s.polarity) for s in X.extract(text, SAID, "user")}


def only(text: str, attribute: str) -> set[Fact]:
    return {f for f in facts(text) if f[1] == attribute}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Heads up, I switched my invoices over to ops@larchwood.dev.", {(SELF, "email", "ops@larchwood.dev", 1)}),
        ("Mine is j.ortiz@pinecrest.org now.", {(SELF, "email", "j.ortiz@pinecrest.org", 1)}),
        ("I forwarded the draft to kim@harbor.io.", set()),  # sent, not given
        ("My manager uses lee@harbor.io for everything.", set()),  # someone else's
        ("I got a new SIM, so the number is 0455 321 908.", {(SELF, "phone", "0455 321 908", 1)}),
        ("I called the clinic on 0299 555 0101.", set()),
        ("My brother's cell is 0455 111 222.", set()),
    ],
)
def test_an_address_or_number_the_speaker_gives_is_theirs(text: str, expected: set[Fact]) -> None:
    attrs = {"email", "phone"}
    assert {f for f in facts(text) if f[1] in attrs and f[0] == SELF} == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We finally settled in Nantes after a year of subletting.", {(SELF, "home_city", "Nantes", 1)}),
        ("I've been in Kraków since the spring.", {(SELF, "home_city", "Kraków", 1)}),
        ("Chile has been home for a year now.", {(SELF, "home_country", "Chile", 1)}),
        ("My new flat is in Bergen.", {(SELF, "home_city", "Bergen", 1)}),
        ("We bought a little house in Bilbao.", {(SELF, "home_city", "Bilbao", 1)}),
        ("I ended up in Hospital Street.", set()),  # not a place the lexicon knows
        ("The Louvre has been home to the painting for years.", set()),
    ],
)
def test_a_home_told_without_a_verb_of_living(text: str, expected: set[Fact]) -> None:
    assert {f for f in facts(text) if f[1] in ("home_city", "home_country")} == expected


@pytest.mark.parametrize(
    ("text", "attribute", "expected"),
    [
        ("Nordlicht hired me after the interview in May.", "employer", {(SELF, "employer", "Nordlicht", 1)}),
        ("These days I'm with Vantor, on the data team.", "employer", {(SELF, "employer", "Vantor", 1)}),
        ("Iowa State accepted my application!", "school", {(SELF, "school", "Iowa State", 1)}),
        (
            "They bumped me up to lead designer.",
            "job_title",
            {(SELF, "job_title", "lead designer", 1)},
        ),  # read since 2026-12-01
        ("I got bumped up to lead designer.", "job_title", {(SELF, "job_title", "lead designer", 1)}),
    ],
)
def test_a_new_employer_school_or_title_told_as_news(text: str, attribute: str, expected: set[Fact]) -> None:
    assert only(text, attribute) == expected


def test_things_change_port_version_owner_place_status() -> None:
    assert only("Since the ingress rework, ledger-api answers on 7443.", "port") == {("ledger-api", "port", "7443", 1)}
    assert only("The proxy ended up on 8181 after all.", "port") == {("proxy", "port", "8181", 1)}
    assert only("After the audit, Quarry had to go up to 2.4.1.", "version") == {("Quarry", "version", "2.4.1", 1)}
    assert only("We pin Quarry at 2.3 for now.", "version") == {("Quarry", "version", "2.3", 1)}
    got = only("Infra handed the billing service over to the payments squad.", "owner")
    assert got == {("billing service", "owner", "payments squad", 1)}
    got = only("The board meeting will be in Lyon instead.", "location")
    assert got == {("board meeting", "location", "Lyon", 1)}
    assert only("Invoice 88 shipped on Monday.", "status") == {("Invoice 88", "status", "shipped", 1)}
    got = only("The redesign is back in progress.", "status")
    assert got == {("redesign", "status", "in progress", 1)}


def test_a_person_value_told_through_what_happened() -> None:
    assert only("I'm seeing someone new, Elif.", "partner") == {(SELF, "partner", "Elif", 1)}
    assert only("Lately I react badly to sesame.", "allergy") == {(SELF, "allergy", "sesame", 1)}
    assert only("I've grown out of the egg allergy.", "allergy") == {(SELF, "allergy", "egg", -1)}
    assert only("My actual birthday is June 9th.", "birthday") == {(SELF, "birthday", "June 9th", 1)}
    assert only("I started studying Korean in the autumn.", "language") == {(SELF, "language", "Korean", 1)}
    assert only("I gave up on Italian.", "language") == {(SELF, "language", "Italian", -1)}
    assert only("I picked up archery to get outside more.", "hobby") == {(SELF, "hobby", "archery", 1)}
    assert only("Pescatarian since the summer.", "diet") == {(SELF, "diet", "Pescatarian", 1)}
    got = only("I traded it in for a Volvo XC40.", "car")
    assert (SELF, "car", "Volvo XC40", 1) in got
    assert only("I get around in a used Skoda Fabia now.", "car") == {(SELF, "car", "Skoda Fabia", 1)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Lately, teal has overtaken red as my favourite colour.", {(SELF, "favorite_color", "teal", 1)}),
        ("Dumplings have taken curry's place as my favourite food.", {(SELF, "favorite_food", "Dumplings", 1)}),
        (
            "I read Kindred again and it has dethroned Emma as my favourite book.",
            {(SELF, "favorite_book", "Kindred", 1)},
        ),
    ],
)
def test_a_new_favourite_takes_the_old_ones_place(text: str, expected: set[Fact]) -> None:
    assert {f for f in facts(text) if f[1].startswith("favorite_")} == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Baking a cake for my cousin Renata, her favourite colour is lilac.",
            {("Renata", "favorite_color", "lilac", 1)},
        ),
        ("Booked a table with my friend Ilias; he's vegetarian these days.", {("Ilias", "diet", "vegetarian", 1)}),
    ],
)
def test_he_or_she_is_the_one_relative_named_earlier_in_the_sentence(text: str, expected: set[Fact]) -> None:
    assert {f for f in facts(text) if f[0] != SELF} == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We moved Theo over to Brookfield Academy in January.", {("Theo", "school", "Brookfield Academy", 1)}),
        ("Last day of term for Nadia at Elm Grove Primary!", set()),  # not a first day
        ("First week of kindergarten for Nadia at Elm Grove Primary.", {("Nadia", "school", "Elm Grove Primary", 1)}),
        ("We enrolled her at Hollins Academy.", set()),  # nobody named for "her"
    ],
)
def test_someone_the_speaker_puts_into_a_school(text: str, expected: set[Fact]) -> None:
    assert only(text, "school") == expected


def test_a_favourite_film_is_a_favourite_movie_and_stops_at_the_conjunction() -> None:
    assert only("Jaws is my favourite film and always will be.", "favorite_movie") == {
        (SELF, "favorite_movie", "Jaws", 1)
    }
    assert not any(f[1].startswith("favorite_film") for f in facts("Jaws is my favourite film and always will be."))


def test_it_that_replaced_a_favourite_is_the_name_said_in_the_sentence_before() -> None:
    got = facts("Watched Paper Moon on Sunday. Honestly it has replaced Alien as my favourite movie.")
    assert {f for f in got if f[1] == "favorite_movie"} == {(SELF, "favorite_movie", "Paper Moon", 1)}


def test_an_offer_taken_is_the_new_employer() -> None:
    assert only("Took the Ravelin offer in the end.", "employer") == {(SELF, "employer", "Ravelin", 1)}
    assert only("I accepted their offer from Ravelin.", "employer") == {(SELF, "employer", "Ravelin", 1)}
    assert only("My cousin took the Ravelin offer.", "employer") == set()


def test_a_colleague_named_by_their_firm_is_someone_else() -> None:
    got = X.read("My old Brightwave manager just joined Ravelin.", SAID, "user", filed={"employer": ["Brightwave"]})
    assert [s for s in got.statements if s.subject == SELF] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Anyway, mine's (617) 555-0143.", {(SELF, "phone", "(617) 555-0143", 1)}),
        ("Got a local number too: (503) 555-0110.", {(SELF, "phone", "(503) 555-0110", 1)}),
        ("Got a UK # now - 07700 900456.", {(SELF, "phone", "07700 900456", 1)}),
        ("Her number is 0400 111 222 and mine is private.", set()),
    ],
)
def test_a_number_said_as_mine_or_as_one_got(text: str, expected: set[Fact]) -> None:
    assert {f for f in facts(text) if f[0] == SELF and f[1] == "phone"} == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Honestly olive is just my colour now.", {(SELF, "favorite_color", "olive", 1)}),
        ("Burnt orange is my colour.", {(SELF, "favorite_color", "Burnt orange", 1)}),
        ("That is my colour.", set()),
        ("His jacket is my colour.", set()),
    ],
)
def test_a_colour_said_to_be_ones_colour(text: str, expected: set[Fact]) -> None:
    assert only(text, "favorite_color") == expected


def test_a_first_job_as_a_title() -> None:
    got = only("Started my first job as a physician assistant in March.", "job_title")
    assert got == {(SELF, "job_title", "physician assistant", 1)}


def test_a_pet_named_after_it_was_got_takes_its_name() -> None:
    assert only("We rescued a greyhound and called him Pilot.", "pet") == {(SELF, "pet", "Pilot", 1)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("my 2015 mazda 3 finally needs new brakes", {(SELF, "car", "mazda 3", 1)}),
        ("Drove home a Hyundai Kona this afternoon!", {(SELF, "car", "Hyundai Kona", 1)}),
        ("My Ford app logged me out again.", set()),  # an app, not a car
        ("I scrapped my Fiat Panda.", {(SELF, "car", "Fiat Panda", -1)}),
    ],
)
def test_a_car_named_by_its_make_as_ones_own(text: str, expected: set[Fact]) -> None:
    assert only(text, "car") == expected


def test_a_favourite_named_after_a_but_is_only_the_name() -> None:
    got = X.read(
        "ok dont laugh but mitski has overtaken bjork for me", SAID, "user", filed={"favorite_band": ["bjork"]}
    )
    assert [(s.attribute, s.value) for s in got.statements] == [("favorite_band", "mitski")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Turns out I had Farida's birthday wrong, it's actually June 2.", {("Farida", "birthday", "June 2", 1)}),
        ("Not the 9th. Mine is October 19.", {(SELF, "birthday", "October 19", 1)}),
        ("Mine is May 13 at 10:30.", set()),  # a time of day: an appointment, not a birthday
    ],
)
def test_a_birthday_put_right_or_said_as_mine(text: str, expected: set[Fact]) -> None:
    assert only(text, "birthday") == expected


def test_a_reason_after_since_is_its_own_clause() -> None:
    got = X.read("I switched to Korean since we're moving to Busan.", SAID, "user", filed={"language": ["Thai"]})
    assert ("language", "Korean", 1) in {(s.attribute, s.value, s.polarity) for s in got.statements}


def test_a_persons_old_value_said_over_does_not_hide_their_new_one() -> None:
    got = X.read(
        "tomasz gave up running, he's become a climbing addict.",
        SAID,
        "user",
        filed={},
        things={"Tomasz": {"hobby": ["running"]}},
    )
    assert ("Tomasz", "hobby", "climbing", 1) in {(s.subject, s.attribute, s.value, s.polarity) for s in got.statements}


def test_he_after_a_name_said_as_owner_is_that_person_but_not_after_their_relative() -> None:
    got = facts("Noor's visa came through because she's not at Aramco anymore, she joined Deloitte.")
    assert ("Noor", "employer", "Deloitte", 1) in got
    assert only("Noor's brother said he moved to Oslo.", "home_city") == set()


def test_a_month_is_no_location() -> None:
    assert only("Heard Big Thief live in May.", "location") == set()
    assert only("The spare router is in the garage.", "location") == {("spare router", "location", "garage", 1)}


def test_an_address_said_to_be_the_one_to_use() -> None:
    assert only("From now on mo.ali@fernway.net is the one for everything.", "email") == {
        (SELF, "email", "mo.ali@fernway.net", 1)
    }
    assert only("ops@fernway.net is the one my team uses.", "email") == set()


def test_a_favourite_said_hands_down_and_a_pet_adopted_after_fostering() -> None:
    assert only("Bibimbap is hands down my favourite food.", "favorite_food") == {
        (SELF, "favorite_food", "Bibimbap", 1)
    }
    got = X.read(
        "Signed the adoption papers today, Juniper's staying with me for good.", SAID, "user", filed={"pet": ["Ziggy"]}
    )
    assert [(s.attribute, s.value) for s in got.statements] == [("pet", "Juniper")]
    got = X.read("My sister's staying in Leeds now.", SAID, "user", filed={"home_city": ["York"]})
    assert got.statements == []  # her stay, not mine


def test_a_shop_named_with_its_street_and_a_pet_got_for_someone() -> None:
    assert only("Loaf Society on Kings Road does great rye.", "location") == {
        ("Loaf Society", "location", "Kings Road", 1)
    }
    assert only("We got Tomas a hamster; he named him Pip.", "pet") == {("Tomas", "pet", "Pip", 1)}


def test_a_price_being_raised_to() -> None:
    assert only("They're hiking Gymbox Flex to £49 in June.", "price") == {("Gymbox Flex", "price", "£49", 1)}


def test_a_title_told_as_news_and_the_only_one_of_a_diet() -> None:
    assert only("Passed the bar!!! Officially a lawyer.", "job_title") == {(SELF, "job_title", "lawyer", 1)}
    assert only("At the wedding I'll be the only pescatarian.", "diet") == {(SELF, "diet", "pescatarian", 1)}


def test_a_thing_said_to_be_someones_charge_or_to_have_gone_to_them() -> None:
    assert only("From Monday the booking site is the payments squad's problem.", "owner") == {
        ("booking site", "owner", "payments squad", 1)
    }
    assert only("After the reorg, pager-relay went to Ines on SRE.", "owner") == {("pager-relay", "owner", "Ines", 1)}
    assert only("Last summer Ines went to Lisbon.", "owner") == set()


def test_a_firms_head_office_is_the_firms_place() -> None:
    assert only("Tallow's head office is in Bristol, the warehouse is in Hull.", "location") >= {
        ("Tallow", "location", "Bristol", 1)
    }


def test_a_birthday_put_right_by_its_day() -> None:
    got = X.read("The certificate says 21 June, not the 12th.", SAID, "user", filed={"birthday": ["June 12"]})
    assert [(s.attribute, s.value) for s in got.statements] == [("birthday", "21 June")]
    got = X.read("The meeting is 21 June, not the 14th.", SAID, "user", filed={"birthday": ["June 12"]})
    assert got.statements == []  # another day than the one filed: not the birthday put right


def test_he_is_my_boyfriend_after_his_name_was_said_and_an_address_given_with_ones_name() -> None:
    got = facts("I've been seeing someone! His name is Oren, and he's officially my boyfriend now.")
    assert (SELF, "partner", "Oren", 1) in got
    assert only("For the RSVP: I'm Ada Brook, ada.brook@quillmail.org, no allergies.", "email") == {
        (SELF, "email", "ada.brook@quillmail.org", 1)
    }
    assert only("Got a bearded dragon, his name is Pesto.", "pet") == {(SELF, "pet", "Pesto", 1)}


def test_a_value_said_for_the_listener_is_not_hedged_and_a_reason_is_not_the_value() -> None:
    assert only("My own address is lu@harrow.dev in case you need it.", "email") == {
        (SELF, "email", "lu@harrow.dev", 1)
    }
    assert only("I might move to Oslo in case you wondered.", "home_city") == set()  # hedged before it
    assert only("I want it sage because sage is my favourite colour.", "favorite_color") == {
        (SELF, "favorite_color", "sage", 1)
    }
    assert only("Picked up a second hand Skoda Octavia.", "car") == {(SELF, "car", "Skoda Octavia", 1)}


def test_a_passport_given_up_or_surrendered_is_a_nationality_that_ended() -> None:
    text = "Since Kenya doesn't allow dual citizenship I had to give up my Kenyan passport."
    assert only(text, "nationality") == {(SELF, "nationality", "Kenyan", -1)}
    assert only("I surrendered my Kenyan passport at the embassy.", "nationality") == {
        (SELF, "nationality", "Kenyan", -1)
    }
    assert only("I decided to move to Porto in the end.", "home_city") == {(SELF, "home_city", "Porto", 1)}


def test_a_car_owned_in_apposition_and_an_upgrade_said_by_we() -> None:
    assert only("Dad caved at last. Piero Conti, owner of a Renault Zoe!", "car") == {
        ("Piero Conti", "car", "Renault Zoe", 1)
    }
    got = X.read(
        "We're not on Rails 6.1 anymore, we upgraded to 7.1.3 last sprint.",
        SAID,
        "user",
        filed={},
        things={"Rails": {"version": ["6.1"]}},
    )
    assert ("Rails", "version", "7.1.3", 1) in {(s.subject, s.attribute, s.value, s.polarity) for s in got.statements}


def test_a_title_with_of_the_is_read_whole_when_it_took_the_top_spot() -> None:
    got = X.read(
        "Read The Name of the Rose on holiday. It's knocked Dune off the top spot.",
        SAID,
        "user",
        filed={"favorite_book": ["Dune"]},
    )
    assert [(s.attribute, s.value) for s in got.statements] == [("favorite_book", "The Name of the Rose")]


def test_a_thing_named_after_what_it_is_and_moved_to_a_providers_site() -> None:
    assert only("Our CI runner heron sits in a Warsaw datacenter.", "location") == {("heron", "location", "Warsaw", 1)}
    got = X.read(
        "Cheaper deal, so heron was migrated to their Tallinn site over the weekend.",
        SAID,
        "user",
        filed={},
        things={"heron": {"location": ["Warsaw"]}},
    )
    assert ("heron", "location", "Tallinn", 1) in {
        (s.subject, s.attribute, s.value, s.polarity) for s in got.statements
    }


def test_a_project_killed_or_shelved() -> None:
    assert only("Leadership killed Bluebell yesterday.", "status") == {("Bluebell", "status", "cancelled", 1)}
    assert only("They shelved Project Wren in March.", "status") == {("Project Wren", "status", "on hold", 1)}
    assert only("I killed it at the gym today.", "status") == set()


def test_a_new_value_said_after_an_old_one_could_not_be_kept_and_one_done_with_a_tutor() -> None:
    got = X.read(
        "the carrier couldn't keep my old number so I've got 0400 555 777 now.",
        SAID,
        "user",
        filed={"phone": ["0400 111 222"]},
    )
    assert [(s.attribute, s.value) for s in got.statements] == [("phone", "0400 555 777")]
    got = X.read("I've been doing Welsh twice a week with a tutor.", SAID, "user", filed={"language": ["Greek"]})
    assert ("language", "Welsh") in {(s.attribute, s.value) for s in got.statements}
    got = X.read("My tutor speaks Welsh.", SAID, "user", filed={"language": ["Greek"]})
    assert got.statements == []


def test_someone_starting_as_a_title_a_car_with_a_diacritic_and_a_school_that_says_so() -> None:
    assert only("Ngozi's last lecture was today. She starts as dean in May.", "job_title") == {
        ("Ngozi", "job_title", "dean", 1)
    }
    assert only("My uncle Pavel drives a Škoda Fabia.", "car") == {("Pavel", "car", "Škoda Fabia", 1)}
    got = X.read(
        "Her first day at Birchwood Elementary went great!",
        SAID,
        "user",
        filed={},
        things={"Ada": {"school": ["Oak Primary"]}},
    )
    assert ("Ada", "school", "Birchwood Elementary") in {(s.subject, s.attribute, s.value) for s in got.statements}


def test_a_first_night_in_a_town_a_diet_told_as_news_and_a_shop_sold_to_someone_named_after() -> None:
    assert only("Movers done. First night in the Galway flat and it's so quiet.", "home_city") == {
        (SELF, "home_city", "Galway", 1)
    }
    assert only("So vegetarian, officially.", "diet") == {(SELF, "diet", "vegetarian", 1)}
    assert only("She sold Copper Kettle to one of her cooks, Anselm.", "owner") == {
        ("Copper Kettle", "owner", "Anselm", 1)
    }


def test_they_are_my_favourite_band_after_the_band_was_named() -> None:
    got = facts("Saw The Lanterns live last night, they're hands down my favourite band.")
    assert {f for f in got if f[1] == "favorite_band"} == {(SELF, "favorite_band", "Lanterns", 1)}
    assert facts("My parents are visiting, they're my favourite people.") == set()
    got = X.read(
        "The new Lanterns album is so flat that Vesper Moth is my number one now.",
        SAID,
        "user",
        filed={"favorite_band": ["The Lanterns"]},
    )
    assert [(s.attribute, s.value) for s in got.statements] == [("favorite_band", "Vesper Moth")]
