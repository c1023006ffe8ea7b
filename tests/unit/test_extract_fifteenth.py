"""Fifteenth-session readings: a recurring price said with the name of what it is paid to."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from twinmem.extract.rules import RulesExtractor

SAID = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def read(
    text: str, filed: dict[str, list[str]] | None = None, things: dict[str, dict[str, list[str]]] | None = None
) -> set[tuple[str, str, str, int]]:
    got = RulesExtractor().read(text, SAID, "user", filed=filed or {}, things=things or {}).statements
    return {(s.subject, s.attribute, s.value, s.polarity) for s in got}


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
