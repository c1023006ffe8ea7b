"""Who a statement is filed under (the item's `name`), what a memory carries of it, and the known line's ties."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from twinmem import subjects
from twinmem.extract.rules import RulesExtractor
from twinmem.http import views
from twinmem.ingest import memory_from_statement
from twinmem.models import Account, Event, Evidence, Memory
from twinmem.subjects import SELF

X = RulesExtractor()
SAID = datetime(2023, 5, 8, 12, 0, tzinfo=UTC)  # a Monday
ACC = Account(tenant="t", account="a", created_at=SAID)


def read(
    text: str,
    *,
    name: str | None = None,
    role: str = "user",
    acc: Account = ACC,
    said: datetime = SAID,
    event: str = "ev_0000000000000001",
) -> list[Memory]:
    ev = Event(event_id=event, role=role, content=text, said_at=said, recorded_at=said, name=name)
    return [memory_from_statement(acc, ev, i, st, X, said) for i, st in enumerate(X.extract(text, said, role, name))]


def test_first_person_is_filed_under_the_speakers_name() -> None:
    (m,) = read("I got a beagle named Rex yesterday.", name="Maya Patel")
    assert (m.subject, m.subject_display, m.attribute, m.value) == ("maya patel", "Maya Patel", "pet", "Rex")
    assert m.content == "Maya Patel: I got a beagle named Rex yesterday."  # the name is found by retrieve
    assert [(x.text, x.date) for x in m.mentions] == [("yesterday", date(2023, 5, 7))]


def test_two_speakers_of_one_conversation_never_share_a_subject() -> None:
    maya = read("I love hiking and I live in Leeds.", name="Maya")
    jon = read("I love hiking and I live in Bath.", name="Jon")
    assert {m.subject for m in maya} == {"maya"} and {m.subject for m in jon} == {"jon"}


def test_without_a_name_the_first_person_is_the_end_user() -> None:
    (m,) = read("I live in Leeds.")
    assert (m.subject, m.subject_display, m.content) == (SELF, None, "I live in Leeds.")


def test_a_speaker_named_like_the_profile_is_the_end_user() -> None:
    acc = ACC.model_copy(update={"name": "Maya Patel"})
    (m,) = read("I live in Leeds.", name="maya  patel", acc=acc)
    assert m.subject == SELF
    assert subjects.file_under(acc, SELF, speaker="User") == SELF


def test_third_parties_stay_third_parties_whoever_speaks() -> None:
    (m,) = read("My sister Carol lives in Rome.", name="Maya")
    assert (m.subject, m.subject_display) == ("carol", "Carol")


def test_an_assistant_restatement_is_the_users_and_the_assistant_itself_is_never_filed() -> None:
    (m,) = read("You mentioned you live in Denver.", role="assistant")
    assert (m.subject, m.source_kind) == (SELF, "agent")
    assert read("I live in the cloud and I work at Anthropic.", role="assistant") == []


def _memory(value: str, polarity: int, said: datetime, start: int, attribute: str = "employer") -> Memory:
    return Memory(
        memory_id=f"mem_{abs(hash((value, said, start))):016x}"[:20],
        content=value,
        subject=SELF,
        attribute=attribute,
        value=value,
        polarity=polarity,
        said_at=said,
        created_at=said,
        observed_at=said,
        valid_from=said,
        recorded_at=said,
        updated_at=said,
        evidence=[Evidence(event_id="ev_1", span=(start, start + 5))],
    )


def test_one_turn_that_drops_the_old_value_and_states_the_new_one_puts_the_new_one_first() -> None:
    lines = views.lines_for("user", read("I don't work at Spotify anymore, I joined Netflix."))
    assert lines == ["- user · employer: Netflix [said 2023-05-08]; not Spotify [said 2023-05-08]"]
    lines = views.lines_for("user", read("I joined Netflix, I don't work at Spotify anymore."))
    assert lines == ["- user · employer: Netflix [said 2023-05-08]; not Spotify [said 2023-05-08]"]


def test_ties_on_the_date_break_by_the_turn_then_the_place_in_it() -> None:
    morning, evening = SAID, SAID + timedelta(hours=6)
    ms = [_memory("Acme", 1, morning, 40), _memory("Globex", 1, morning, 0), _memory("Initech", 1, evening, 0)]
    assert [e.shown for e in views.attribute_entries(ms)["employer"]] == ["Initech", "Acme", "Globex"]


def test_a_value_whose_newest_statement_is_not_ranks_after_values_that_hold() -> None:
    ms = [_memory("Netflix", 1, SAID, 0), _memory("Spotify", -1, SAID + timedelta(days=3), 0)]
    (line,) = views.lines_for("user", ms)
    assert line == "- user · employer: Netflix [said 2023-05-08]; not Spotify [said 2023-05-11]"


def test_a_value_said_again_after_its_not_holds_again() -> None:
    ms = [
        _memory("Berlin", 1, SAID, 0, "home_city"),
        _memory("Berlin", -1, SAID + timedelta(days=1), 0, "home_city"),
        _memory("Paris", 1, SAID + timedelta(days=2), 0, "home_city"),
        _memory("Berlin", 1, SAID + timedelta(days=3), 0, "home_city"),
    ]
    assert [e.shown for e in views.attribute_entries(ms)["home_city"]] == ["Berlin", "Paris"]


def test_a_value_named_again_in_fewer_words_is_the_same_value_said_again() -> None:
    ms = [
        _memory("Honda Civic", 1, SAID, 0, "car"),
        _memory("Toyota Prius", 1, SAID + timedelta(days=30), 0, "car"),
        _memory("Honda Civic", 1, SAID + timedelta(days=31), 0, "car"),  # "the civic was sold" aside
        _memory("prius", 1, SAID + timedelta(days=40), 0, "car"),
    ]
    (line,) = views.lines_for("user", ms)
    assert line == "- user · car: Toyota Prius [said 2023-06-17]; Honda Civic [said 2023-06-08]"


def test_a_title_without_its_rank_is_another_title() -> None:
    ms = [
        _memory("junior data analyst", 1, SAID, 0, "job_title"),
        _memory("data analyst", 1, SAID + timedelta(days=90), 0, "job_title"),
    ]
    assert [e.shown for e in views.attribute_entries(ms)["job_title"]] == ["data analyst", "junior data analyst"]
