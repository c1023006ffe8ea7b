"""Domain functions over plain models, no AWS: lineage, known lines, ranking, visibility, trust."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from twinmem import chains, ranking
from twinmem.explain import trust
from twinmem.http import views
from twinmem.http.schemas import RetrieveRequest
from twinmem.models import Correction, Memory, Revision
from twinmem.retrieve import visible_at

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def mem(
    mid: str,
    value: str,
    said: str,
    *,
    attribute: str = "home_city",
    polarity: int = 1,
    subject: str = "alice chen",
    qualifier: str | None = None,
    **extra: object,
) -> Memory:
    at = datetime.fromisoformat(said).replace(tzinfo=UTC)
    fields: dict[str, object] = dict(
        memory_id=mid,
        content=f"{attribute} {value}",
        subject=subject,
        subject_display="Alice Chen",
        attribute=attribute,
        value=value,
        polarity=polarity,
        qualifier=qualifier,
        assertion_valid_from=at.date(),
        said_at=at,
        created_at=at,
        observed_at=at,
        valid_from=at,
        recorded_at=at + timedelta(minutes=1),
        updated_at=at,
    )
    fields.update(extra)
    return Memory.model_validate(fields)


def test_a_chain_links_each_memory_to_the_next_with_its_relation() -> None:
    ms = [
        mem("m1", "Seoul", "2026-03-02"),
        mem("m2", "Busan", "2026-06-11"),
        mem("m3", "Haeundae, Busan", "2026-07-01"),
        mem("m4", "Haeundae, Busan", "2026-08-01"),
        mem("m5", "Haeundae, Busan", "2026-09-01", polarity=-1),
    ]

    (chain,) = chains.build_chains(list(reversed(ms)))

    assert [s.memory.memory_id for s in chain.steps] == ["m1", "m2", "m3", "m4", "m5"]
    assert [s.action for s in chain.steps] == ["replaced", "refined", "repeated", "retracted", None]
    assert [s.is_current for s in chain.steps] == [False, False, False, False, True]
    assert chain.steps[0].changed_at == ms[1].recorded_at and chain.steps[0].superseded_by == "m2"


def test_multi_valued_attributes_start_a_chain_per_value() -> None:
    ms = [
        mem("p1", "8080", "2026-01-01", attribute="port", qualifier="local"),
        mem("p2", "443", "2026-01-02", attribute="port", qualifier="production"),
        mem("p3", "8081", "2026-01-03", attribute="port", qualifier="local"),
    ]

    built = chains.build_chains(ms)

    assert sorted(c.memory_ids() for c in built) == [["p1"], ["p2"], ["p3"]]
    assert all(c.steps[0].is_current for c in built)


def test_a_corrected_or_deleted_memory_ends_its_link_and_is_never_current() -> None:
    corrected = mem("m2", "Tokyo", "2026-02-01", retracted=Correction(at=T0, by="key_1", reason="trip"))
    deleted = mem("m3", "Kyoto", "2026-03-01", deleted_at=T0 + timedelta(days=90))
    (chain,) = chains.build_chains([mem("m1", "Osaka", "2026-01-01"), corrected, deleted])

    assert [s.action for s in chain.steps] == [None, "corrected", "deleted"]
    assert [s.is_current for s in chain.steps] == [True, False, False]


def test_closed_revisions_are_steps_of_their_memory() -> None:
    m = mem("n1", "x", "2026-01-01", revision=3)
    revs = [
        Revision(memory_id="n1", n=1, content="v1", opened_at=T0, closed_at=T0 + timedelta(hours=1)),
        Revision(
            memory_id="n1", n=2, content="v2", opened_at=T0 + timedelta(hours=1), closed_at=T0 + timedelta(hours=2)
        ),
    ]

    chain = chains.note_chain(m, revs)

    assert [(s.content, s.action, s.is_current) for s in chain.steps] == [
        ("v1", "updated", False),
        ("v2", "updated", False),
        ("home_city x", None, True),
    ]


def test_known_collapses_repeats_in_other_words_and_names_conflicts() -> None:
    ms = [
        mem("a", "NYC", "2025-01-01"),
        mem("b", "New York City", "2026-02-01"),
        mem("c", "Berlin", "2024-06-01"),
        mem("d", "vegetarian", "2026-01-05", attribute="diet"),
        mem("e", "vegetarian", "2026-09-01", attribute="diet", polarity=-1),
        mem("f", "Paris", "2023-01-01", polarity=-1),
    ]

    lines = views.lines_for("Alice Chen", ms)

    assert lines == [
        "- Alice Chen · diet: vegetarian [conflict: said 2026-01-05, said not 2026-09-01]",
        "- Alice Chen · home_city: New York City [said 2026-02-01]; Berlin [said 2024-06-01]; "
        "not Paris [said 2023-01-01]",
    ]
    assert views.text_of(lines).startswith(views.HEADER + "\n- Alice Chen")


def test_bm25_prefers_the_document_with_the_rarer_query_word() -> None:
    docs = [ranking.tokens("tea with milk"), ranking.tokens("coffee with milk"), ranking.tokens("milk")]
    scores = ranking.bm25("tea milk", docs)
    assert scores[0] > scores[1] and scores[0] > scores[2]
    assert ranking.tokens("She lives in Lisbon") == ranking.tokens("she live lisbon")


def test_recency_halves_every_ninety_days() -> None:
    assert ranking.recency(T0, T0) == 1.0
    assert abs(ranking.recency(T0, T0 + timedelta(days=90)) - 0.5) < 1e-9


def test_visibility_on_each_axis() -> None:
    now = datetime(2026, 11, 29, tzinfo=UTC)
    future = mem("f", "a", "2026-11-01", valid_from=now + timedelta(days=30))
    ended = mem("e", "b", "2026-01-01", valid_to=now - timedelta(days=10))
    expired = mem("x", "c", "2026-01-01", expires_at=now - timedelta(seconds=1))
    live = mem("l", "d", "2026-01-01")
    pool = [future, ended, expired, live]

    def ids(**req: object) -> set[str]:
        return {m.memory_id for m in visible_at(pool, RetrieveRequest.model_validate(req), now, {}, {})}

    assert ids() == {"l"}
    assert ids(as_of=(now + timedelta(days=40)).isoformat()) == {"f", "l"}
    assert ids(as_of="2026-06-01T00:00:00+00:00") == {"e", "l"}
    assert ids(as_of="2026-06-01T00:00:00+00:00", as_of_axis="transaction") == {"e", "l"}


def test_trust_score_follows_its_formula() -> None:
    m = mem("m", "Lisbon", date.today().isoformat(), extraction_method="rule")

    t = trust(
        m, evidence_n=2, usage={"retrieved": 0, "used": 1, "ignored": 0}, authority={"user": 0.9}, contradicted=False
    )

    assert t["confidence"] == 0.8 and t["evidence"] == 0.75 and t["utility"] == round(2 / 3, 4)
    expected = 0.30 * 0.8 + 0.20 * 0.75 + 0.15 * t["freshness"] + 0.10 * (2 / 3) + 0.25 * 0.9
    assert abs(t["score"] - expected) < 1e-3
    assert trust(m, 2, {"retrieved": 0, "used": 1, "ignored": 0}, {"user": 0.9}, True)["score"] < t["score"]


def test_tokens_drop_possessives_and_stopwords_and_meet_inflections() -> None:
    assert ranking.tokens("What breed is Maya's dog?") == ["breed", "maya", "dog"]
    assert ranking.tokens("hobbies running studied") == ranking.tokens("hobby run study")
    assert ranking.tokens("spring dress breeds") == ["spring", "dress", "breed"]


def test_bm25_over_counted_documents_scores_as_over_token_lists() -> None:
    from collections import Counter

    docs = [ranking.tokens(t) for t in ("Maya got a beagle", "Jon got a cat", "a beagle, a beagle!")]
    q = ranking.tokens("beagle Maya")
    assert ranking.bm25("beagle Maya", docs) == ranking.bm25_counted(q, [(Counter(d), len(d)) for d in docs])
    assert ranking.bm25("beagle Maya", docs)[0] > ranking.bm25("beagle Maya", docs)[2] > 0


def test_the_last_turn_keeps_the_names_said_latest_last_and_carries_them_past_a_turn_naming_none() -> None:
    from twinmem.items import last_turn_of
    from twinmem.models import Event

    said = datetime(2024, 3, 1, tzinfo=UTC)

    def event(content: str, spoken_of: str | None = None) -> Event:
        return Event(event_id="ev_1", content=content, said_at=said, recorded_at=said, spoken_of=spoken_of)

    first = last_turn_of(event("My cousin Ama lives in Accra."))
    assert first.spoken_of == "Ama Accra"
    reply = last_turn_of(event("That's lovely. How is she?", first.spoken_of))  # "That's" opens, names no one
    assert reply.spoken_of == "Ama Accra"
    later = last_turn_of(event("Kofi visited Ama.", reply.spoken_of))
    assert later.spoken_of == "Accra Kofi Ama"
    assert last_turn_of(event("we shipped ferry-api today")).spoken_of == "ferry-api"  # an identifier is a name
    assert last_turn_of(event("we pin quillmark 1.8.4 for now")).spoken_of == "quillmark"  # named with its version
    assert last_turn_of(event("The mobile app is on 2.3.0.")).spoken_of == "mobile app"  # a thing said by what it is
