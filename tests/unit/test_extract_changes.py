"""The ordinary ways people say a value changed, hobbies as things, and speakers kept apart.

Phrasings of our own, one family of frames per test: each holds over other verbs, tenses, subjects
and values than the dev set's (which the frames were never copied from).
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from twinmem.extract.base import SELF
from twinmem.extract.rules import RulesExtractor

SAID = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)  # a Thursday
X = RulesExtractor()

Fact = tuple[str, str, str, int]


def facts(text: str, role: str = "user", speaker: str | None = None) -> set[Fact]:
    return {(s.subject, s.attribute, s.value, s.polarity) for s in X.extract(text, SAID, role, speaker)}


CHANGES: list[tuple[str, set[Fact]]] = [
    # moving again and being moved
    ("We've moved again, this time to Valencia.", {(SELF, "home_city", "Valencia", 1)}),
    ("I relocated once more to Tallinn.", {(SELF, "home_city", "Tallinn", 1)}),
    ("We sold the flat and moved to Leipzig in March.", {(SELF, "home_city", "Leipzig", 1)}),
    ("My company transferred me to Singapore.", {(SELF, "home_city", "Singapore", 1)}),
    ("I'm living in Porto now.", {(SELF, "home_city", "Porto", 1)}),
    # transferring and starting school
    ("My son transferred to Lincoln High School in January.", set()),  # an unnamed son is nobody we can file
    ("I'm transferring to Boston University.", {(SELF, "school", "Boston University", 1)}),
    (
        "I transferred from Rutgers to Cornell University.",
        {(SELF, "school", "Rutgers", -1), (SELF, "school", "Cornell University", 1)},
    ),
    ("She started her PhD at Imperial College this autumn.", set()),  # "she": nobody named yet
    ("Lena started her PhD at Imperial College this autumn.", {("Lena", "school", "Imperial College", 1)}),
    # leaving one for another
    ("I left Deloitte for KPMG.", {(SELF, "employer", "Deloitte", -1), (SELF, "employer", "KPMG", 1)}),
    (
        "Rafa quit Oracle to join Salesforce.",
        {("Rafa", "employer", "Oracle", -1), ("Rafa", "employer", "Salesforce", 1)},
    ),
    (
        "We left Canada for Mexico last year.",
        {(SELF, "home_country", "Canada", -1), (SELF, "home_country", "Mexico", 1)},
    ),
    ("I switched over to Figma in the spring.", {(SELF, "employer", "Figma", 1)}),
    (
        "I'm not at Siemens any more, I joined Bosch.",
        {(SELF, "employer", "Siemens", -1), (SELF, "employer", "Bosch", 1)},
    ),
    (
        "I don't work at Spotify anymore, I joined Netflix.",
        {(SELF, "employer", "Spotify", -1), (SELF, "employer", "Netflix", 1)},
    ),
    # promotions
    ("I got promoted to principal engineer.", {(SELF, "job_title", "principal engineer", 1)}),
    (
        "Since June I'm director of sales at Wix.",
        {(SELF, "job_title", "director of sales", 1), (SELF, "employer", "Wix", 1)},
    ),
    ("I'm head of design now.", {(SELF, "job_title", "head of design", 1)}),
    # new contact details
    ("Please use kim@lowtide.dev from now on.", {(SELF, "email", "kim@lowtide.dev", 1)}),
    ("I changed my email to kim.o@proton.me.", {(SELF, "email", "kim.o@proton.me", 1)}),
    ("My new email address is kim@north.io.", {(SELF, "email", "kim@north.io", 1)}),
    ("I have a new number: +44 7700 900123.", {(SELF, "phone", "+44 7700 900123", 1)}),
    ("I changed my phone number to 020 7946 0018.", {(SELF, "phone", "020 7946 0018", 1)}),
    # things change
    ("We changed the gateway's port to 8443.", {("gateway", "port", "8443", 1)}),
    ("I moved redis over to port 6380.", {("redis", "port", "6380", 1)}),
    ("After the clash, so kibana is now on port 5602.", {("kibana", "port", "5602", 1)}),
    ("We upgraded the API to 4.2.1 yesterday.", {("API", "version", "4.2.1", 1)}),
    ("We bumped Postgres to 16.", {("Postgres", "version", "16", 1)}),
    ("We shipped Hoverboard 3.0 today.", {("Hoverboard", "version", "3.0", 1)}),
    ("Lumen 5.1 is now available.", {("Lumen", "version", "5.1", 1)}),
    ("We deployed v7.2 of search-indexer to staging.", {("search-indexer", "version", "v7.2", 1)}),
    ("The nightly job is now paused.", {("nightly job", "status", "paused", 1)}),
    ("Issue 881 is closed.", {("Issue 881", "status", "closed", 1)}),
    ("We migrated the reports bucket to Stockholm.", {("reports bucket", "location", "Stockholm", 1)}),
    (
        "Ownership of the billing service passed to the finance team.",
        {("billing service", "owner", "finance team", 1)},
    ),
    ("We lowered the price of the Basic tier to $9.", {("Basic tier", "price", "$9", 1)}),
    # a destination said after its move, a city-state, a value said as "it"
    ("We've moved house again! Hobart this time.", {(SELF, "home_city", "Hobart", 1)}),
    (
        "We emigrated to Singapore last spring.",
        {(SELF, "home_city", "Singapore", 1), (SELF, "home_country", "Singapore", 1)},
    ),
    ("I live in Monaco.", {(SELF, "home_city", "Monaco", 1)}),
    ("I moved to Armenia.", {(SELF, "home_country", "Armenia", 1)}),
    ("I finally saw Arrival and it's my new favourite film.", {(SELF, "favorite_movie", "Arrival", 1)}),
    ("It is my favourite film.", set()),
    # from one to another, by another's hand, passive and product-named versions, trades, replacements
    ("I switched from Adobe to Canva in March.", {(SELF, "employer", "Adobe", -1), (SELF, "employer", "Canva", 1)}),
    (
        "I transferred from Ohio State to Michigan State University.",
        {(SELF, "school", "Ohio State", -1), (SELF, "school", "Michigan State University", 1)},
    ),
    ("I left Yale for Google.", {(SELF, "school", "Yale", -1), (SELF, "employer", "Google", 1)}),
    ("They made me team lead last week.", {(SELF, "job_title", "team lead", 1)}),
    ("Acme let me go in May.", {(SELF, "employer", "Acme", -1)}),
    ("The API was bumped to 2.3 yesterday.", {("API", "version", "2.3", 1)}),
    ("We upgraded to Django 5.0.", {("Django", "version", "5.0", 1)}),
    ("I moved to Denver 3 days ago.", {(SELF, "home_city", "Denver", 1)}),
    ("We moved the API from 8080 to 9090.", {("API", "port", "9090", 1)}),
    ("I traded my Civic for a Tesla Model Y.", {(SELF, "car", "Civic", -1), (SELF, "car", "Tesla Model Y", 1)}),
    ("Dune replaced Middlemarch as my favourite book.", {(SELF, "favorite_book", "Dune", 1)}),
    # moves made, offers taken, teams joined, titles and numbers changed
    ("I finally made the move to Tokyo last month.", {(SELF, "home_city", "Tokyo", 1)}),
    ("I accepted an offer from Airbnb.", {(SELF, "employer", "Airbnb", 1)}),
    ("I've joined the team at Figma.", {(SELF, "employer", "Figma", 1)}),
    ("My title changed to staff engineer.", {(SELF, "job_title", "staff engineer", 1)}),
    ("I got a new job as a nurse.", {(SELF, "job_title", "nurse", 1)}),
    ("I started at Columbia this fall.", {(SELF, "school", "Columbia", 1)}),
    ("I started at Shopify.", {(SELF, "employer", "Shopify", 1)}),
    ("I start with the Quebec City team on Monday.", set()),
    ("My number changed to 555-0199.", {(SELF, "phone", "555-0199", 1)}),
    ("New number: 07700 900456.", {(SELF, "phone", "07700 900456", 1)}),
    ("My favourite band these days is Wet Leg.", {(SELF, "favorite_band", "Wet Leg", 1)}),
    ("Work relocated me to Cambridge.", {(SELF, "home_city", "Cambridge", 1)}),
    ("I stopped eating meat.", set()),
    # the new value in the next sentence, after a subordinate clause, or said as an update
    ("We just relocated again - Austin now.", {(SELF, "home_city", "Austin", 1)}),
    ("We're in Seattle now after the move.", {(SELF, "home_city", "Seattle", 1)}),
    ("I've left Spotify. I'm at Netflix now.", {(SELF, "employer", "Spotify", -1), (SELF, "employer", "Netflix", 1)}),
    ("I left Berlin. I'm at the beach now.", {(SELF, "home_city", "Berlin", -1)}),
    (
        "After leaving Spotify I joined Netflix in March.",
        {(SELF, "employer", "Spotify", -1), (SELF, "employer", "Netflix", 1)},
    ),
    (
        "I quit my job at Spotify and started at Netflix.",
        {(SELF, "employer", "Spotify", -1), (SELF, "employer", "Netflix", 1)},
    ),
    ("Please update my email to dan@newco.com.", {(SELF, "email", "dan@newco.com", 1)}),
    ("My email changed to dan@newco.com.", {(SELF, "email", "dan@newco.com", 1)}),
    ("I changed numbers, it's now 415-555-0100.", {(SELF, "phone", "415-555-0100", 1)}),
    ("We changed the port for the auth service to 8443.", {("auth service", "port", "8443", 1)}),
    ("auth-service moved to port 8443.", {("auth-service", "port", "8443", 1)}),
    ("Version 3.2 of Pocketlog shipped yesterday.", {("Pocketlog", "version", "3.2", 1)}),
    # a version said as a product's number, no dot
    ("We upgraded to Debian 13 over the weekend.", {("Debian", "version", "13", 1)}),
    ("I moved to Denver 3 days ago.", {(SELF, "home_city", "Denver", 1)}),  # a count of days, not a version
    # an aside between a name and its verb says what it is, not what it holds
    ("Orion, our scheduling app, is live for everyone.", {("Orion", "status", "live", 1)}),
    ("My gastroenterologist put me on low-FODMAP.", {(SELF, "diet", "low-FODMAP", 1)}),
    ("inventory-sync was handed over to Dmitri last week.", {("inventory-sync", "owner", "Dmitri", 1)}),
    ("Big news: Lumen Health finally hired me!", {(SELF, "employer", "Lumen Health", 1)}),
    ("Fine, it happened. Tofu the leopard gecko has taken over the den.", {(SELF, "pet", "Tofu", 1)}),
    ("We got a bunny for the kids, her name is Clover.", {(SELF, "pet", "Clover", 1)}),
    ("We adopted a retired greyhound; his name is Pilot.", {(SELF, "pet", "Pilot", 1)}),  # a name, though a word
    ("I became Singaporean in February.", {(SELF, "nationality", "Singaporean", 1)}),
    (
        "I typed it wrong: my birthday isn't 14 May, it's 4 August.",
        {(SELF, "birthday", "14 May", -1), (SELF, "birthday", "4 August", 1)},
    ),
    ("Since Tbilisi my favourite food has been khachapuri.", {(SELF, "favorite_food", "khachapuri", 1)}),
    (
        "Piranesi has become my favourite book, so would it make a good gift?",
        {(SELF, "favorite_book", "Piranesi", 1)},
    ),
    ("The studio shut, so bouldering is my thing now.", {(SELF, "hobby", "bouldering", 1)}),
    ("My friend Marisol is dating a guy called Bruno.", {("Marisol", "partner", "Bruno", 1)}),
    ("Not really, she switched jobs. She's a product manager now.", set()),  # "Not" is nobody
    ("New favourite book: Piranesi by Susanna Clarke.", {(SELF, "favorite_book", "Piranesi", 1)}),
    ("The lake cabin belongs to my uncle Wiremu.", {("lake cabin", "owner", "Wiremu", 1)}),
    ("My cousin Aroha bought the lake cabin from Wiremu.", {("lake cabin", "owner", "Aroha", 1)}),
    ("Ugh, the veg box went up again.", set()),  # a price rising is no status
    ("we adopted a retired greyhound! her name's Biscuit.", {(SELF, "pet", "Biscuit", 1)}),
    ("Tamarind Dental is on Karangahape Road now.", {("Tamarind Dental", "location", "Karangahape Road", 1)}),
    ("I'm allergic to peanuts, can you check this recipe?", {(SELF, "allergy", "peanuts", 1)}),
    (
        "she got it!! Ifeoma's officially a clinical nurse educator now.",
        {("Ifeoma", "job_title", "clinical nurse educator", 1)},
    ),
    # words in quotes are not the speaker's
    ("Translate this: 'My name is John and I live in Chicago.'", set()),
    ('The article opens with "I moved to Lisbon and never looked back".', set()),
    ("Once we upgrade to Django 5 we can drop the middleware.", set()),  # a plan
    ("Finished the upgrade to Postgres 16 over the weekend.", {("Postgres", "version", "16", 1)}),
    ("My daughter Amara started at Westfield Primary this month.", {("Amara", "school", "Westfield Primary", 1)}),
    # a tag question asks the whole sentence, and a question's opening verb is nobody's name
    ("Could Oskar help? He's an electrician, right?", set()),
    # a relative named at the head of a sentence is whom "his" and "her" refer to
    ("My sister Oona and her husband Bram came over.", {("Oona", "partner", "Bram", 1)}),
]


@pytest.mark.parametrize(("text", "expected"), CHANGES, ids=[t for t, _ in CHANGES])
def test_a_change_said_in_ordinary_words(text: str, expected: set[Fact]) -> None:
    assert facts(text) == expected


def test_a_turn_in_lower_case_reads_the_names_it_knows() -> None:
    got = X.read("lorenzo and i broke up. i'm fine.", SAID, "user", filed={"partner": ["Lorenzo"]}, things={})
    assert [(s.attribute, s.value, s.polarity) for s in got.statements] == [("partner", "Lorenzo", -1)]


def test_an_unnamed_assistant_files_only_what_it_restates_of_the_user() -> None:
    text = "Sparrow VPN is now $101.88 a year, and you live in Leeds. Django 5.0 is out."
    assert facts(text, role="assistant") == {(SELF, "home_city", "Leeds", 1)}
    assert ("Sparrow VPN", "price", "$101.88", 1) in facts(text, role="assistant", speaker="Ava")  # a person


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I love playing chess.", {(SELF, "hobby", "chess", 1)}),
        ("Lately I've been improving my painting.", {(SELF, "hobby", "painting", 1)}),
        ("I really enjoy playing the cello.", {(SELF, "hobby", "cello", 1)}),
        ("Omar is hooked on playing padel.", {("Omar", "hobby", "padel", 1)}),
        ("I've been practising my calligraphy every evening.", {(SELF, "hobby", "calligraphy", 1)}),
        ("I love reading.", {(SELF, "hobby", "reading", 1)}),
        ("I love playing with my nephews.", set()),
        ("I've been caring for my dad.", set()),
        ("I started interviewing elsewhere.", set()),
    ],
)
def test_a_hobby_is_the_thing_itself_never_a_bare_verb(text: str, expected: set[Fact]) -> None:
    got = facts(text)
    assert got == expected
    assert not {v for _s, a, v, _p in got if a == "hobby"} & {"playing", "improving", "caring", "practising"}


def test_a_partner_named_after_someone_new() -> None:
    assert facts("I'm dating someone new, his name is Theo.") == {(SELF, "partner", "Theo", 1)}
    assert facts("Her name is Ana.") == set()  # nobody's partner, and not the speaker's name


def test_first_person_belongs_to_the_named_speaker_whatever_the_role() -> None:
    # a named speaker: "I" is them (SELF, filed under the name by ingest); "you" is the other party
    assert facts("I live in Leeds and you work at Boots.", speaker="Priya") == {(SELF, "home_city", "Leeds", 1)}
    assert facts("I live in Leeds.", role="assistant", speaker="Marcus") == {(SELF, "home_city", "Leeds", 1)}


def test_assistant_turns_restate_the_user_and_never_speak_for_the_assistant() -> None:
    assert facts("You mentioned you live in Denver.", role="assistant") == {(SELF, "home_city", "Denver", 1)}
    assert facts("Earlier you said you lived in Boston.", role="assistant") == {(SELF, "home_city", "Boston", -1)}
    assert facts("I work at Anthropic and I live in the cloud.", role="assistant") == set()
    assert facts("You live in Denver.", role="user") == set()


def test_a_turn_naming_a_person_makes_them_whom_she_refers_to() -> None:
    got = facts("Nadia changed teams this month, she's at Ridgeway College now.")
    assert got == {("Nadia", "school", "Ridgeway College", 1)}


def test_valid_from_of_a_change_follows_its_own_time_words() -> None:
    (st,) = X.extract("We relocated to Gdansk two weeks ago.", SAID, "user")
    assert st.valid_from == date(2026, 9, 17)
