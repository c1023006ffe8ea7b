"""Contractions typed without their apostrophe read as written with it; spans still point into the typed text."""

from __future__ import annotations

from datetime import UTC, datetime

from twinmem.extract.base import SELF
from twinmem.extract.casual import with_apostrophes
from twinmem.extract.rules import RulesExtractor

SAID = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)


def test_bare_contractions_get_their_apostrophe_and_offsets_map_back() -> None:
    typed = "wes laid off but hes at Orbital now, isnt that great. her names wren. its fine, well see"
    text, back = with_apostrophes(typed)
    assert text == "wes laid off but he's at Orbital now, isn't that great. her name's wren. its fine, well see"
    for word in ("Orbital", "great", "wren", "see"):
        start = text.index(word)
        assert typed[back(start) : back(start + len(word))] == word


def test_a_turn_typed_without_apostrophes_is_read_and_its_span_is_in_the_typed_text() -> None:
    typed = "my sister Ana doesnt live in Leeds anymore. and im seeing someone new, her names Wren"
    got = RulesExtractor().read(typed, SAID, "user", filed={}).statements
    assert {(s.subject, s.attribute, s.value, s.polarity) for s in got} == {
        ("Ana", "home_city", "Leeds", -1),
        (SELF, "partner", "Wren", 1),
    }
    for s in got:
        assert s.value in typed[s.span[0] : s.span[1]]


def test_words_that_are_also_words_are_left_alone() -> None:
    for typed in ("its collar is red", "well, we were there", "ill be late", "the lets are done"):
        assert with_apostrophes(typed)[0] == typed
