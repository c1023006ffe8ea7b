"""A value said not to hold, then the right one, in one turn (extract/restated.py)."""

from __future__ import annotations

from datetime import UTC, datetime

from twinmem.extract.base import SELF
from twinmem.extract.rules import RulesExtractor

SAID = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)
X = RulesExtractor()


def read(text: str, filed: dict[str, list[str]] | None = None) -> set[tuple[str, str, str, int]]:
    got = X.read(text, SAID, "user", filed=filed, things={}).statements
    return {(s.subject, s.attribute, s.value, s.polarity) for s in got}


def test_a_negated_value_then_it_s_the_right_one() -> None:
    text = "Turns out I'm not allergic to shellfish at all. The skin-prick test was clear. It's peanuts."
    assert read(text) == {(SELF, "allergy", "shellfish", -1), (SELF, "allergy", "peanuts", 1)}
    lyon = {(SELF, "home_city", "Paris", -1), (SELF, "home_city", "Lyon", 1)}
    assert read("I don't live in Paris, it's Lyon.") == lyon


def test_a_filed_value_after_not_is_corrected_by_the_value_said_next() -> None:
    text = "finally got proper allergy testing. turns out it's NOT cats at all, it's dust mites!!"
    assert read(text) == set()  # nothing filed: "cats" could be anything's
    assert read(text, {"allergy": ["cats"]}) == {(SELF, "allergy", "cats", -1), (SELF, "allergy", "dust mites", 1)}


def test_no_right_value_far_away_or_of_another_kind() -> None:
    far = "I'm not allergic to shellfish. " + "We talked for ages about the trip. " * 6 + "It's peanuts."
    assert (SELF, "allergy", "peanuts", 1) not in read(far)
    assert read("I don't live in Paris, it's too expensive.") == {(SELF, "home_city", "Paris", -1)}


def test_a_clause_opening_on_someone_recorded_holds_their_value_not_the_speaker_s() -> None:
    text = "Hiroshi stuck with Spanish and is now trying to convert me back, ha."
    got = X.read(text, SAID, "user", filed={"language": ["Korean"]}, things={"Hiroshi": {}}).statements
    assert [(s.subject, s.value) for s in got if s.attribute == "language"] == []
    unknown = X.read(text, SAID, "user", filed={"language": ["Korean"]}, things={}).statements
    assert [(s.subject, s.value) for s in unknown if s.attribute == "language"] == [(SELF, "Spanish")]  # as before


def test_a_name_given_as_the_aside_is_the_thing_and_live_said_of_a_thing_is_no_home() -> None:
    assert read("Our sales dashboard, Atlas, is owned by Marco Bianchi.") == {("Atlas", "owner", "Marco Bianchi", 1)}
    assert read("My sister, Anna, lives in Paris.") == {("Anna", "home_city", "Paris", 1)}
    assert read("Orion, our scheduling app, is live for everyone.", {}) == {("Orion", "status", "live", 1)}


def test_a_new_partner_told_through_an_anniversary_or_time_together() -> None:
    """With no partner filed (a breakup read before), a name said with the couple's own words is the partner."""
    assert ("@self", "partner", "Rafael", 1) in read("Rafael took me out for our six-month anniversary.", {})
    text = "valentine's plans help: Kwame (4 months together!!) loves Ghanaian food but I'm a terrible cook"
    assert read(text, {}) == {(SELF, "partner", "Kwame", 1)}  # and a terrible cook is no job
    assert read("Dinner is on me for our anniversary.", {}) == set()
    assert read("My sister Ana and her husband Tom celebrated their anniversary.", {}) == {("Ana", "partner", "Tom", 1)}


def test_a_fragment_naming_a_thing_after_an_article_still_continues_the_speaker_s_frame() -> None:
    text = "oh the jazz is gone, traded it in back in july. it's a 2020 Kia Niro now"
    assert (SELF, "car", "Kia Niro", 1) in read(text, {"car": ["Honda Jazz"]})
    assert (SELF, "car", "Kia Niro", 1) not in read("Marta says it's a 2020 Kia Niro now.", {"car": ["Honda Jazz"]})


def test_a_hobby_word_naming_a_place_or_kit_is_not_the_hobby() -> None:
    text = "I gave up pottery. Bouldering has taken over my life and I'm at the climbing wall three times a week."
    assert (SELF, "hobby", "climbing", 1) not in read(text, {"hobby": ["pottery"]})
