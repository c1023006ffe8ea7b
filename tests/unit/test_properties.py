"""Property tests (hypothesis): the key encoding and the known-line format."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from twinmem.aws import tablekeys
from twinmem.http import views
from twinmem.models import Evidence, Memory

TEXT = st.text(max_size=300)  # any code points, surrogates and controls included
VOCABULARY = st.from_regex(r"[a-z][a-z0-9_]{0,40}", fullmatch=True)  # attribute names (favorite_<thing> too)
DAYS = st.dates(min_value=date(1, 1, 1), max_value=date(9999, 12, 31))


@settings(max_examples=400)
@given(TEXT, TEXT)
def test_enc_is_injective(a: str, b: str) -> None:
    if a != b:
        assert tablekeys.enc(a) != tablekeys.enc(b)


@settings(max_examples=200)
@given(st.text(min_size=60, max_size=400), st.text(min_size=60, max_size=400))
def test_enc_is_injective_for_long_strings_too(a: str, b: str) -> None:
    """Long components are a readable prefix and a digest: still distinct (and '!' is always escaped below)."""
    if a != b:
        assert tablekeys.enc(a) != tablekeys.enc(b)


@given(TEXT)
def test_enc_never_holds_the_separator(a: str) -> None:
    assert "#" not in tablekeys.enc(a)
    assert len(tablekeys.enc(a)) <= tablekeys.MAX_COMPONENT


@given(VOCABULARY, VOCABULARY)
def test_enc_keeps_the_order_of_attribute_names(a: str, b: str) -> None:
    """Order holds in the key for the vocabulary's names; not for any text: an escape (%2F) sorts before '-' while
    '/' sorts after it, so history puts the rows in order itself (test_history_answers_in_order_for_any_name)."""
    assert (a < b) == (tablekeys.enc(a) < tablekeys.enc(b))
    assert ("a-b" < "a/b") != (tablekeys.enc("a-b") < tablekeys.enc("a/b"))


@settings(max_examples=300)
@given(st.tuples(VOCABULARY, DAYS, DAYS), st.tuples(VOCABULARY, DAYS, DAYS))
def test_history_key_order_is_response_order(x: tuple[str, date, date], y: tuple[str, date, date]) -> None:
    """attribute, then valid_from, then said_at: the order a history Query returns is the order the contract says."""

    def sk(t: tuple[str, date, date]) -> str:
        return tablekeys.assertion_sk(t[0], t[1].isoformat(), t[2].isoformat(), "mem_0000000000000000")

    if x != y:
        assert (x < y) == (sk(x) < sk(y))


LINE = re.compile(r"^- (?P<subject>.*) · (?P<attribute>[^:]*): (?P<value>.*) \[said (?P<said>\d{4}-\d{2}-\d{2})\]$")


def _memory(subject: str, attribute: str, value: str, said: datetime) -> Memory:
    return Memory(
        memory_id="mem_0000000000000001",
        content=value,
        subject=subject,
        attribute=attribute,
        value=value,
        said_at=said,
        created_at=said,
        observed_at=said,
        valid_from=said,
        recorded_at=said,
        updated_at=said,
        evidence=[Evidence(event_id="ev_0000000000000001")],
    )


SAID = st.datetimes(min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30), timezones=st.just(UTC))


@settings(max_examples=400)
@given(st.text(min_size=1, max_size=80), st.text(min_size=1, max_size=80), SAID)
def test_no_value_forges_a_line(value: str, subject: str, said: datetime) -> None:
    lines = views.lines_for(subject, [_memory("s", "home_city", value, said)])
    text = views.text_of(lines)

    assert len(lines) == 1
    assert text.splitlines() == [views.HEADER, lines[0]]  # no value adds a line, whatever it holds
    assert lines[0].startswith("- ") and lines[0].endswith(f"[said {said.date().isoformat()}]")


BACKSLASHED = st.text(
    alphabet=st.sampled_from(["\\", "n", "u", "x", "0", "\n", "\u202e", "a"]), min_size=1, max_size=20
)


@settings(max_examples=400)
@given(
    st.one_of(st.text(alphabet=st.characters(exclude_categories=("Cs",)), min_size=1, max_size=80), BACKSLASHED), SAID
)
def test_any_value_round_trips(value: str, said: datetime) -> None:
    """The value reads back from its line: printable text as is, control characters and backslashes from their
    escapes (values made of backslashes, escape letters and real line breaks drawn on purpose)."""
    (line,) = views.lines_for("Alice Chen", [_memory("alice chen", "home_city", value, said)])
    m = LINE.match(line)

    assert m is not None, line
    shown = m["value"]
    read_back = shown.encode("latin-1", "backslashreplace").decode("unicode_escape") if "\\" in shown else shown
    assert read_back == value
    assert m["said"] == said.date().isoformat()


def test_a_typed_backslash_n_and_a_line_break_read_differently() -> None:
    assert views.one_line("a\\nb") == "a\\\\nb"  # typed: the backslash doubled
    assert views.one_line("a\nb") == "a\\nb"  # a line break: its escape
    assert views.one_line("C:\\new") != views.one_line("C:\new")


@settings(max_examples=300)
@given(st.lists(st.tuples(st.text(min_size=1, max_size=12), DAYS, DAYS), min_size=1, max_size=8))
def test_history_answers_in_order_for_any_name(rows: list[tuple[str, date, date]]) -> None:
    """Whatever the attribute names (and so whatever order their keys take), history answers attribute, then
    valid_from, then said_at, oldest first."""
    from twinmem.history import in_history_order

    stored = sorted(rows, key=lambda t: tablekeys.assertion_sk(t[0], t[1].isoformat(), t[2].isoformat(), "mem_0"))
    memories = []
    for attribute, valid, said in stored:
        at = datetime(said.year, said.month, said.day, tzinfo=UTC)
        m = _memory("s", attribute, "v", at)
        memories.append(m.model_copy(update={"assertion_valid_from": valid}))

    shown = [
        (m.attribute, m.assertion_valid_from, (m.said_at or m.created_at).date()) for m in in_history_order(memories)
    ]

    assert shown == sorted(rows)
