"""A short answer to the question just asked (extract/answered.py): the question names the attribute and whose
it is, the reply opens on the value. Sentences of our own."""

from __future__ import annotations

from datetime import datetime

import pytest

from twinmem.extract.answered import answered, asks_for
from twinmem.extract.base import SELF
from twinmem.extract.rules import RulesExtractor

SAID = datetime(2025, 2, 10, 9, 0)


@pytest.mark.parametrize(
    ("question", "attribute"),
    [
        ("Who's picking up the billing-worker now?", "owner"),
        ("Which version did the router end up on?", "version"),
        ("What port is it on these days?", "port"),
        ("How much are they charging now?", "price"),
        ("What's his new title?", "job_title"),
        ("Aww! What did you call the kitten?", "pet"),
        ("Where did you end up moving?", "home_city"),
        ("Which company made the offer?", "employer"),
        ("Which university did she transfer to?", "school"),
        ("Where is the build server hosted now?", "location"),
        ("So where does the audit stand?", "status"),
        ("What's your new email?", "email"),
        ("What's the new number?", "phone"),
        ("Who's the lucky guy?", "partner"),
        ("How was your weekend?", None),
        ("Do you want the recipe?", None),
    ],
)
def test_the_question_names_the_attribute_it_asks_for(question: str, attribute: str | None) -> None:
    assert asks_for(question) == attribute


def _answer(
    reply: str, asked: str, things: dict[str, dict[str, list[str]]] | None = None
) -> list[tuple[str, str, str]]:
    return [(s.subject, s.attribute, s.value) for s in answered(reply, SAID, asked, things or {})]


def test_a_name_that_opens_the_reply_answers_whom_the_question_names() -> None:
    things = {"billing-worker": {"owner": ["Ines"]}}
    got = _answer("Rafferty. Ines went back to the data team.", "Who's picking up billing-worker now?", things)
    assert got == [("billing-worker", "owner", "Rafferty")]


def test_he_or_it_in_the_question_is_the_one_spoken_of_with_that_attribute_filed() -> None:
    things = {"Mirela": {"home_city": ["Cluj"]}, "router": {"version": ["4.1"]}}
    assert _answer("4.2.3, after the reboot.", "Which version is it on now?", things) == [
        ("router", "version", "4.2.3")
    ]
    assert _answer("Brasov, near her sister.", "Where did she end up moving?", things) == [
        ("Mirela", "home_city", "Brasov")
    ]


def test_you_in_the_question_is_the_speaker() -> None:
    assert _answer("Biscuit! He already owns the sofa.", "What did you name the kitten?") == [(SELF, "pet", "Biscuit")]
    assert _answer("site reliability engineer, from March", "What's your new title?") == [
        (SELF, "job_title", "site reliability engineer")
    ]
    assert _answer("It's 7443 now.", "Which port did you move it to?", {"gateway": {"port": ["7000"]}}) == [
        ("gateway", "port", "7443")
    ]


@pytest.mark.parametrize(
    ("reply", "asked"),
    [
        ("No idea yet, they haven't decided.", "Who's taking over the billing-worker?"),
        ("Probably Rafferty, but nothing's settled.", "Who's taking over the billing-worker?"),
        ("Honestly the handover has been a mess and nobody wants it.", "Who's taking over the billing-worker?"),
        ("Thanks, it was lovely.", "How was the trip?"),
        ("hmm, not sure", "What's his new title?"),
    ],
)
def test_a_reply_that_is_no_value_of_the_kind_asked_files_nothing(reply: str, asked: str) -> None:
    assert _answer(reply, asked, {"billing-worker": {"owner": ["Ines"]}}) == []


def test_the_rules_read_the_answer_with_the_question_and_not_without_it() -> None:
    rules = RulesExtractor()
    things = {"Dov": {"job_title": ["sous chef"]}}
    asked = "Congrats to him! What's his role going to be?"
    with_q = rules.read("head chef, at the new place", SAID, "user", filed={}, things=things, asked=asked)
    alone = rules.read("head chef, at the new place", SAID, "user", filed={}, things=things)
    assert [(s.subject, s.attribute, s.value) for s in with_q.statements] == [("Dov", "job_title", "head chef")]
    assert alone.statements == []


def test_a_thing_named_in_the_question_but_not_recorded_yet_and_where_it_is_hosted() -> None:
    got = _answer("Oslo. Stockholm was too pricey.", "Nice. Where did Ledgerly end up being hosted?")
    assert got == [("Ledgerly", "location", "Oslo")]
    got = _answer("Kraków, finally.", "Where did Maja end up moving?")
    assert got == [("Maja", "home_city", "Kraków")]
