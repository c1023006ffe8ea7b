"""An unnamed assistant's acknowledgement reads back what the user just said (extract/acknowledged.py).

Sentences of our own: values and names other than the dev sets'.
"""

from __future__ import annotations

from datetime import UTC, datetime

from twinmem.extract.rules import RulesExtractor

SAID = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)
X = RulesExtractor()

Fact = tuple[str, str, str, int]


def reply(text: str, replied: str | None) -> set[Fact]:
    got = X.read(text, SAID, "assistant", filed={}, things={}, replied=replied).statements
    return {(s.subject, s.attribute, s.value, s.polarity) for s in got}


def test_an_acknowledgement_files_what_the_user_just_said_of_a_thing() -> None:
    said = "reorg is done, ledger-api went over to the core team this morning"
    assert ("ledger-api", "owner", "core team", 1) in reply("Noted: ledger-api is now owned by the core team.", said)
    assert ("ledger-api", "owner", "core team", 1) in reply("Got it, the core team owns ledger-api now.", said)


def test_a_celebration_alone_acknowledges_the_sentence_after_it() -> None:
    said = "kestrel is live on the play store!! went public an hour ago"
    assert ("Kestrel", "status", "live", 1) in reply("Congrats! Kestrel is live.", said)


def test_a_number_said_by_its_last_digits_names_the_ticket() -> None:
    said = "7731 fixed, it was a stale cache key. closing"
    assert ("BUG-7731", "status", "fixed", 1) in reply("Great, marking BUG-7731 as fixed.", said)


def test_nothing_the_user_did_not_say_is_read_back() -> None:
    said = "can you remind me who owns ledger-api?"
    assert reply("Noted: ledger-api is now owned by the core team.", said) == set()  # the user said no owner
    said = "ledger-api went over to the core team"
    assert reply("Noted: ledger-api is now owned by the data team.", said) == set()  # not the value said
    assert reply("Noted: vault-sync is now owned by the core team.", said) == set()  # not the thing said


def test_a_claim_that_acknowledges_nothing_stays_the_assistant_s() -> None:
    said = "ledger-api went over to the core team"
    assert reply("Ledger-api is now owned by the core team.", said) == set()
    assert reply("Noted: ledger-api is now owned by the core team.", None) == set()


def test_the_assistant_s_own_i_is_never_filed() -> None:
    assert reply("Noted, I live in Leeds too.", "we moved to Leeds in May") == set()
    assert reply("Got it. My favourite city is Leeds as well.", "Leeds is my favourite city now") == set()
