"""A new favourite said in context (extract/favourites.py via context.changes), and what is left alone."""

from __future__ import annotations

from datetime import datetime

import pytest

from twinmem.extract import context
from twinmem.extract.rules import RulesExtractor

SAID = datetime(2024, 3, 5, 10, 0)


def changed(text: str, filed: dict[str, list[str]], asked: str | None = None) -> list[tuple[str, str]]:
    return [(s.attribute, s.value) for s in context.changes(text, SAID, filed, asked=asked)]


@pytest.mark.parametrize(
    ("text", "filed", "asked", "want"),
    [
        (
            "An iced chai these days. I gave up coffee in the spring.",
            {"favorite_drink": ["espresso"]},
            "Your usual espresso?",
            "iced chai",
        ),
        (
            "After Oaxaca, I'd say mole has overtaken curry as my number one.",
            {"favorite_food": ["curry"]},
            None,
            "mole",
        ),
        (
            "Laksa is the dish I'd order over anything, green curry is old news.",
            {"favorite_food": ["green curry"]},
            None,
            "Laksa",
        ),
        ("I've switched to rooibos, my go-to every evening.", {"favorite_drink": ["Earl Grey"]}, None, "rooibos"),
        ("Middlemarch now, honestly. My old favourite can wait.", {"favorite_book": ["Dune"]}, None, "Middlemarch"),
    ],
)
def test_a_new_favourite_is_read_where_the_passage_is_about_it(
    text: str, filed: dict[str, list[str]], asked: str | None, want: str
) -> None:
    assert changed(text, filed, asked) == [(next(iter(filed)), want)]


@pytest.mark.parametrize(
    ("text", "filed"),
    [
        ("Rooibos these days.", {}),  # nothing filed
        ("Rooibos these days, it's cheaper.", {"favorite_drink": ["Earl Grey"]}),  # nothing says it is a favourite
        ("My sister's switched to rooibos, her new favourite.", {"favorite_drink": ["Earl Grey"]}),  # someone else's
        ("Should I switch to rooibos instead of Earl Grey?", {"favorite_drink": ["Earl Grey"]}),  # a question
    ],
)
def test_left_alone(text: str, filed: dict[str, list[str]]) -> None:
    assert changed(text, filed) == []


def test_a_new_number_one_takes_the_place_of_the_favourite_filed() -> None:
    got = RulesExtractor().read(
        "Sorry ramen, khachapuri is number one for me now.",
        datetime(2026, 10, 1),
        "user",
        filed={"favorite_food": ["ramen"]},
    )
    assert [(s.attribute, s.value) for s in got.statements] == [("favorite_food", "khachapuri")]


@pytest.mark.parametrize(
    ("text", "filed", "want"),
    [
        ("Finally read Kindred. I think it's dethroned Emma for good.", {"favorite_book": ["Emma"]}, "Kindred"),
        (
            "Heard Big Thief live in May. They've knocked Wilco off the top spot for me.",
            {"favorite_band": ["Wilco"]},
            "Big Thief",
        ),
    ],
)
def test_it_that_took_a_favourites_place_is_the_name_said_before(
    text: str, filed: dict[str, list[str]], want: str
) -> None:
    got = RulesExtractor().read(text, datetime(2026, 10, 1), "user", filed=filed).statements
    assert [(s.attribute, s.value) for s in got if s.attribute.startswith("favorite_")] == [(next(iter(filed)), want)]


def test_a_new_favourite_that_took_the_crown_or_completely_replaced_the_old() -> None:
    got = RulesExtractor().read(
        "Sorry pho, Hainanese chicken rice has taken the crown.",
        datetime(2026, 10, 1),
        "user",
        filed={"favorite_food": ["pho"]},
    )
    assert [(s.attribute, s.value) for s in got.statements] == [("favorite_food", "Hainanese chicken rice")]
    got = RulesExtractor().read(
        "Found Velvet Moth on a playlist. They've completely replaced Wilco for me.",
        datetime(2026, 10, 1),
        "user",
        filed={"favorite_band": ["Wilco"]},
    )
    assert [(s.attribute, s.value) for s in got.statements if s.attribute == "favorite_band"] == [
        ("favorite_band", "Velvet Moth")
    ]


def test_it_is_the_new_number_one_names_the_new_title_not_the_old() -> None:
    got = RulesExtractor().read(
        "Finished A Song for Arbonne last night. Nothing beat Emma for me, but this did, it's the new #1.",
        datetime(2026, 10, 1),
        "user",
        filed={"favorite_book": ["Emma"]},
    )
    assert [(s.attribute, s.value) for s in got.statements] == [("favorite_book", "A Song for Arbonne")]
