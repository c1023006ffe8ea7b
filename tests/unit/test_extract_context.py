"""Context-aware change detection (extract/context.py): sentences of our own, and ones it must leave alone."""

from __future__ import annotations

from datetime import datetime

import pytest

from twinmem.extract import context
from twinmem.extract.base import SELF, read_turn
from twinmem.extract.rules import RulesExtractor

SAID = datetime(2024, 3, 5, 10, 0)


def changed(text: str, filed: dict[str, list[str]], asked: str | None = None) -> list[tuple[str, str]]:
    return [(s.attribute, s.value) for s in context.changes(text, SAID, filed, asked=asked)]


@pytest.mark.parametrize(
    ("text", "filed", "want"),
    [
        ("That lease ended. The new job dragged us to Leeds, keys on Friday.", {"home_city": ["York"]}, "Leeds"),
        ("We've been settling into Norway slowly.", {"home_country": ["Spain"]}, "Norway"),
        (
            "Cleaned up my inbox: I'm on pella.r@quayside.io for everything now.",
            {"email": ["p@old.org"]},
            "pella.r@quayside.io",
        ),
        ("New SIM, so my number is 020 7946 0321 now.", {"phone": ["020 7946 0000"]}, "020 7946 0321"),
        (  # "old one's" is nobody's; "can you" asks the assistant
            "switched carriers and got a new number, 737-555-0129, old one's dead. can you update the block",
            {"phone": ["512-555-0184"]},
            "737-555-0129",
        ),
        ("Cardiologist said so: I'm strictly low-fat these days.", {"diet": ["keto"]}, "low-fat"),
        (
            "Had the allergy test: it's not tree nuts after all, I'm allergic to sesame.",
            {"allergy": ["tree nuts"]},
            "sesame",
        ),
        (
            "Yellow, actually. A proper mustard yellow; I've gone off green.",
            {"favorite_color": ["green"]},
            "mustard yellow",
        ),
        ("I got engaged to Rosalind in May!", {"partner": ["Tamsin"]}, "Rosalind"),
        (
            "It came through. I've been at Oyelaran Consulting since August.",
            {"employer": ["Northgate"]},
            "Oyelaran Consulting",
        ),
        ("Teal. I've gone right off the yellow.", {"favorite_color": ["mustard yellow"]}, "Teal"),
        (
            "Dont use k@yahoo.com anymore, it got hacked. it's kwesi.m@zoho.com now",
            {"email": ["k@yahoo.com"]},
            "kwesi.m@zoho.com",
        ),
        (
            "didn't bother porting, I just got a new number with Play: +48 698 120 447.",
            {"phone": ["+48 512 334 901"]},
            "+48 698 120 447",
        ),
        (
            "results: it's not peanuts at all, it's cashews! so peanut sauce is back.",
            {"allergy": ["peanuts"]},
            "cashews",
        ),
        (
            "Retested: it's not peanuts after all, I'm allergic to tree nuts. Cashews, walnuts, the lot.",
            {"allergy": ["peanuts"]},
            "tree nuts",  # the fragment after says more of it
        ),
        (
            "I'm not a data engineer anymore: engineering manager as of Monday.",
            {"job_title": ["data engineer"]},
            "engineering manager",
        ),
        ("My first week at Pemberly went fine, the work is fun.", {"employer": ["Tillcorp"]}, "Pemberly"),
    ],
)
def test_a_new_value_of_a_known_type_is_filed(text: str, filed: dict[str, list[str]], want: str) -> None:
    assert changed(text, filed) == [(next(iter(filed)), want)]


@pytest.mark.parametrize(
    ("text", "attribute", "want"),
    [
        ("Boxes unpacked, I'm officially a Milwaukee resident now.", "home_city", "Milwaukee"),
        (
            "Leaving Utrecht was harder than I thought, but the new flat in Rotterdam is lovely.",
            "home_city",
            "Rotterdam",
        ),
        ("Please use dana.kowal@fastpost.net for me going forward.", "email", "dana.kowal@fastpost.net"),
        ("Dropped my phone in the lake. New SIM, new number: 415-555-0178.", "phone", "415-555-0178"),
        ("I accepted the offer, from next week I'm on the data team at Quillfield.", "employer", "Quillfield"),
        ("As a senior data analyst I spend half my life fixing SQL.", "job_title", "senior data analyst"),
        ("Allergy clinic today. The skin test says sesame, not peanuts.", "allergy", "sesame"),
        ("I am now head of science at the school.", "job_title", "head of science"),
        ("Hobart is where we've ended up!", "home_city", "Hobart"),
        ("It's official: signed with Corvid Health. Pellucid gets my notice tomorrow.", "employer", "Corvid Health"),
        ("I gave up bouldering. Thursday evenings are pottery now, I've made two bowls.", "hobby", "pottery"),
        ("Canva onboarding is smoother than anything I sat through before. Week one done.", "employer", "Canva"),
        ("update: signed with Klarna, started Monday. mostly remote.", "employer", "Klarna"),
        ("We finally got the keys to the new place in Norwich last week.", "home_city", "Norwich"),
        ("Traded in the van; I'm driving a second-hand Mazda CX-5 now.", "car", "Mazda CX-5"),
    ],
)
def test_with_nothing_filed_a_value_needs_its_own_state_cue(text: str, attribute: str, want: str) -> None:
    assert (attribute, want) in changed(text, {})


@pytest.mark.parametrize(
    ("text", "filed"),
    [
        ("We're spending a week in Leeds in June.", {"home_city": ["York"]}),  # a trip
        ("My sister lives in Leeds now and loves it.", {"home_city": ["York"]}),  # someone else's
        ("My parents moved to Leeds last month.", {"home_city": ["York"]}),
        ("Have you ever been to Leeds?", {"home_city": ["York"]}),  # a question
        ("Maybe we'll move to Leeds one day.", {"home_city": ["York"]}),  # a hypothetical
        ("If I got the job I'd be in Leeds.", {"home_city": ["York"]}),
        ("I'm thinking about Leeds for next year.", {"home_city": ["York"]}),
        ("We're not in Leeds, thank goodness.", {"home_city": ["York"]}),  # negated
        ("I still miss Hull sometimes.", {"home_city": ["York", "Hull"]}),  # a home filed before
        ("His email is dev.k@quayside.io if you need him.", {"email": ["p@old.org"]}),
        ("My partner is gluten-free so we cook twice.", {"diet": ["keto"]}),
        ("I love Leeds, what a city.", {}),  # nothing filed, and no cue that it is the speaker's home
        ("Dana, my roommate, moved out of Boston yesterday.", {}),  # nothing filed: someone else's
        ("My friend Omar lives in Dubai and works at Emirates.", {}),
        ("Our office moved to Dublin last month.", {}),  # a workplace's, not the speaker's
        ("We moved out of Leeds in May.", {}),  # the one left behind
        ("Alice Chen moved to Lisbon.", {}),  # somebody named, not the speaker
        ("The new flat Carol found is in Leeds.", {}),
        ("My friend Dana is a data engineer, I'm not.", {}),  # someone else's job
        ("Keto is over, my cholesterol went through the roof.", {}),  # a value said as over
        ("I gave up keto after a month, so cheese is back.", {"diet": ["paleo"]}),
        ("I love Leeds.", {"birthday": ["1990-05-01"]}),  # an attribute without a type
        ("My brother is obsessed with surfing these days.", {"hobby": ["chess"]}),  # someone else's pastime
        ("I gave up climbing in the spring.", {"hobby": ["chess"]}),  # the one left behind
        ("Funny, half my old team went to Optus after I left.", {"employer": ["Atlassian"]}),  # a team's move
        ("I've gone right off the yellow.", {"favorite_color": ["teal"]}),  # a colour given up
        ("We spent a week in Porto last summer.", {"home_city": ["Leeds"]}),  # a trip still
        ("We moved the backup NAS to a rack in Frankfurt over the weekend.", {"home_city": ["Leeds"]}),  # a thing
        ("Yes. My mum's number, +353 86 555 0144, can go as backup.", {"phone": ["+353 87 555 0193"]}),  # hers
        ("references: my old supervisor, efua.boateng@knust.edu.gh", {"email": ["k@yahoo.com"]}),  # a referee's
        ("my husband's allergic to shellfish, so keep the prawns out", {"allergy": ["cashews"]}),
        ("I'm a terrible cook, honestly.", {"job_title": ["teacher"]}),  # a judgement, not an occupation
        ("Bartek is now QA team lead so I take his old tasks.", {"job_title": ["QA tester"]}),  # a name's state
        ("I bought a yellow raincoat.", {"favorite_color": ["teal"]}),  # a colour said is no new favourite
        ("We got a dog!", {"allergy": ["cats"]}),  # nor an animal a new allergy
        ("Akua and Mireille are getting married!! Jonas and I do a reading.", {"partner": ["Jonas"]}),  # a couple
    ],
)
def test_left_alone(text: str, filed: dict[str, list[str]]) -> None:
    assert changed(text, filed) == []


def test_the_extractor_reads_in_context_only_when_given_what_was_filed() -> None:
    text = "The new job dragged us to Leeds, keys on Friday."
    rules = RulesExtractor()
    alone = read_turn(rules, text, SAID, "user")
    read = read_turn(rules, text, SAID, "user", filed={"home_city": ["York"]})
    assert [s for s in alone.statements if s.attribute == "home_city"] == []
    assert [(s.subject, s.attribute, s.value) for s in read.statements] == [(SELF, "home_city", "Leeds")]


def test_an_unnamed_assistant_turn_is_nobody_s_change() -> None:
    got = read_turn(RulesExtractor(), "We ended up in Leeds.", SAID, "assistant", filed={"home_city": ["York"]})
    assert got.statements == []


def test_an_ended_value_does_not_keep_the_new_one_out() -> None:
    rules = RulesExtractor()
    text = "Keto is over. No more meat, and I've dropped fish as well, so vegetarian from here on."
    got = read_turn(rules, text, SAID, "user", filed={"diet": ["keto"]})
    assert (SELF, "diet", "vegetarian", 1) in [(s.subject, s.attribute, s.value, s.polarity) for s in got.statements]


@pytest.mark.parametrize(
    ("asked", "answer", "want"),
    [
        ("Where are you living these days?", "Tucson, since May.", [("home_city", "Tucson")]),
        ("What's your favourite colour now?", "Yellow, actually.", [("favorite_color", "Yellow")]),
        ("Where is your sister living?", "Tucson.", []),  # somebody else's
        ("Any plans for the weekend?", "Tucson, probably.", []),  # no question about a home
    ],
)
def test_a_short_answer_reads_with_the_question_it_answers(
    asked: str, answer: str, want: list[tuple[str, str]]
) -> None:
    assert changed(answer, {}, asked) == want
    assert changed(answer, {}) == []  # alone it says nothing


def test_a_workplace_read_while_studying_is_the_new_school() -> None:
    rules = RulesExtractor()
    text = "I transferred to ETH Zurich for the second year of my master's."
    read = read_turn(rules, text, SAID, "user", filed={"school": ["TU Delft"]}, things={})
    assert [(s.attribute, s.value) for s in read.statements] == [("school", "ETH Zurich")]
    read = read_turn(rules, text, SAID, "user", filed={"school": ["TU Delft"], "employer": ["Arup"]}, things={})
    # works and studies: the year of study says which ("for the second year")
    assert [(s.attribute, s.value) for s in read.statements] == [("school", "ETH Zurich")]
    text = "I transferred to Arup's Zurich office in May."
    read = read_turn(rules, text, SAID, "user", filed={"school": ["TU Delft"], "employer": ["Arup"]}, things={})
    assert ("school", "Arup") not in [(s.attribute, s.value) for s in read.statements]


def test_a_clause_without_a_subject_of_its_own_is_the_one_before_it() -> None:
    text = "My brother finished at KU Leuven and starts a PhD at EPFL next month."
    assert changed(text, {"school": ["TU Delft"]}) == []


def test_the_table_is_validated() -> None:
    t = context.table()
    assert set(t.types.values()) <= context._TYPES
    assert {"first_person", "trip"} <= set(t.cues)


def test_a_colour_is_a_new_favourite_when_the_turn_names_the_one_filed() -> None:
    text = (
        "confession: I've been buying everything in mustard yellow lately. I think green's been replaced in my heart."
    )
    assert changed(text, {"favorite_color": ["green"]}) == [("favorite_color", "mustard yellow")]


def test_an_allergen_or_a_colour_filed_changes_with_words_of_its_own_kind() -> None:
    assert changed("The skin prick test says dust mites.", {"allergy": ["cats"]}) == [("allergy", "dust mites")]
    assert changed("I had peanuts at lunch.", {"allergy": ["cats"]}) == []
    assert changed("I'm obsessed with mustard yellow lately.", {"favorite_color": ["teal"]}) == [
        ("favorite_color", "mustard yellow")
    ]
