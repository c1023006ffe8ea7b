"""A value said as "it" in the sentence after the speaker names its attribute as theirs."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from twinmem.extract.base import SELF
from twinmem.extract.rules import RulesExtractor

SAID = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("How long until my birthday? It's August 21.", {(SELF, "birthday", "August 21")}),
        ("Please fix my email in the footer. It's now lu@harrow.dev.", {(SELF, "email", "lu@harrow.dev")}),
        ("Can you add my mobile number? It's 0411 222 333.", {(SELF, "phone", "0411 222 333")}),
        ("What should I get for my sister's birthday? It's August 21.", set()),  # hers, not mine
        ("Any plans for my birthday? It's going to be great.", set()),  # no date
    ],
)
def test_a_value_said_as_it_after_the_speaker_names_its_attribute(text: str, want: set[tuple[str, str, str]]) -> None:
    got = RulesExtractor().extract(text, SAID, "user")
    assert {(s.subject, s.attribute, s.value) for s in got} == want


def test_an_assistant_saying_it_files_nothing() -> None:
    assert RulesExtractor().extract("When is my birthday? It's August 21.", SAID, "assistant") == []
