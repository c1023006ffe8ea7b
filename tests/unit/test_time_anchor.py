"""Relative time anchored to the day a turn was said (extract.time_anchor.mentions)."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from twinmem.extract.time_anchor import mentions

SAID = datetime(2023, 5, 8, 14, 30, tzinfo=UTC)  # a Monday


def found(text: str, said: datetime | date = SAID) -> list[tuple[str, str]]:
    return [(m.text, m.date.isoformat()) for m in mentions(text, said)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I went to a support group yesterday.", [("yesterday", "2023-05-07")]),
        ("We got the keys the day before yesterday.", [("the day before yesterday", "2023-05-06")]),
        ("Last night was loud.", [("Last night", "2023-05-07")]),
        ("We moved here two years ago.", [("two years ago", "2021-05-08")]),
        ("It happened a few weeks ago.", [("a few weeks ago", "2023-04-17")]),
        ("Last Saturday I ran a 10K.", [("Last Saturday", "2023-05-06")]),
        ("I'm seeing her on Friday.", [("on Friday", "2023-05-05")]),
        ("The launch is next Friday.", [("next Friday", "2023-05-12")]),
        ("See you this weekend.", [("this weekend", "2023-05-13")]),
        ("We hiked last weekend.", [("last weekend", "2023-05-06")]),
        ("I start next month.", [("next month", "2023-06-01")]),
        ("Last week was rough.", [("Last week", "2023-05-01")]),
        ("In May we went camping.", [("In May", "2023-05-01")]),
        ("Since 2019 I've played bass.", [("Since 2019", "2019-01-01")]),
        ("My exam is on 12 June 2023.", [("12 June 2023", "2023-06-12")]),
        ("The deadline was 2023-01-02.", [("2023-01-02", "2023-01-02")]),
        ("I'll know in three days.", [("in three days", "2023-05-11")]),
        ("Tomorrow is the party and today I bake.", [("Tomorrow", "2023-05-09"), ("today", "2023-05-08")]),
    ],
)
def test_each_phrase_resolves_against_said_at(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


def test_modal_may_and_plain_words_are_no_dates() -> None:
    assert found("I may go hiking, we'll see what the weather does.") == []
    assert found("Painting is my thing lately.") == []


def test_several_phrases_in_order_without_overlap() -> None:
    text = "Two weeks ago I joined Netflix, and yesterday I met the team; next month I move."
    assert found(text) == [("Two weeks ago", "2023-04-24"), ("yesterday", "2023-05-07"), ("next month", "2023-06-01")]


def test_the_same_text_said_another_day_points_elsewhere() -> None:
    assert found("yesterday", date(2024, 1, 1)) == [("yesterday", "2023-12-31")]


def test_for_a_length_of_time_dates_only_what_is_still_going_on() -> None:
    said = datetime(2023, 1, 30, tzinfo=UTC)
    assert [(m.text, m.date.isoformat()) for m in mentions("I've lived here for two years.", said)] == [
        ("for two years", "2021-01-30")
    ]
    assert [(m.text, m.date.isoformat()) for m in mentions("vegan for two years now", said)] == [
        ("for two years", "2021-01-30")
    ]
    assert mentions("Marco's gone on parental leave for six months.", said) == []
