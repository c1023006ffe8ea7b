"""A reply confirming the other speaker's check (extract/confirmed.py, via the rules extractor's read)."""

from __future__ import annotations

from datetime import UTC, datetime

from twinmem.extract.base import SELF
from twinmem.extract.confirmed import as_said, confirms
from twinmem.extract.rules import RulesExtractor

SAID = datetime(2024, 3, 5, 10, 0, tzinfo=UTC)
X = RulesExtractor()


def read(reply: str, asked: str, filed: dict[str, list[str]] | None = None) -> set[tuple[str, str, str, int]]:
    got = X.read(reply, SAID, "user", filed=filed or {}, things={}, asked=asked).statements
    return {(s.subject, s.attribute, s.value, s.polarity) for s in got}


def test_a_check_reads_as_the_confirming_speaker_s_own_words() -> None:
    assert as_said("Got it, so you're moving to Denver in May?") == "I'm moving to Denver in May."
    assert (
        as_said("So your allergy is to dust mites rather than cats.") == "My allergy is to dust mites rather than cats."
    )
    assert confirms("Yes cancelled.") and confirms("correct") and confirms("yep, 8443")
    assert not confirms("no") and not confirms("Yesterday was fun")


def test_a_bare_yes_takes_the_check_and_a_yes_with_a_value_takes_that_value() -> None:
    asked = "Congrats! So you're moving to Denver in May?"
    assert read("yep!", asked, {"home_city": ["Boston"]}) == {(SELF, "home_city", "Denver", 1)}
    assert read("Yes, Denver.", asked) == {(SELF, "home_city", "Denver", 1)}
    assert (SELF, "home_city", "Denver", 1) not in read("Yes, Leeds actually.", asked)  # not the value checked
    assert read("no", asked) == set()
    assert read("yep!", "Want me to draft the email to your landlord?") == set()  # nothing stated


def test_the_reply_is_the_evidence() -> None:
    got = X.read("correct", SAID, "user", filed={}, things={}, asked="So Checkout's owner is the Platform team?")
    assert [(s.subject, s.attribute, s.value, s.span) for s in got.statements] == [
        ("Checkout", "owner", "Platform team", (0, 7))
    ]
