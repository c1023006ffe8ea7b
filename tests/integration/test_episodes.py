"""Episodes: every turn can be found by retrieve, beside the facts read from it, on both time axes."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

from tests.conftest import ApiClient


def _post(api: ApiClient, *items: dict[str, Any]) -> list[str]:
    reply = api.post("/v1/memory/items", {"items": list(items)})
    assert reply.status == 202, reply
    return list(reply.body["event_ids"])


def _retrieve(api: ApiClient, query: str, **options: Any) -> dict[str, Any]:
    reply = api.post("/v1/memory/retrieve", {"query": query, **options})
    assert reply.status == 200, reply
    return dict(reply.body)


def _tick() -> str:
    time.sleep(0.02)
    at = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    time.sleep(0.02)
    return at


def test_a_turn_that_states_no_fact_is_found_as_an_episode(api: ApiClient, backend: Any) -> None:
    text = "The sunset over the lake was unreal, we stayed until dark."
    (ev,) = _post(api, {"content": text, "name": "Maya", "said_at": "2023-05-08T13:56:00Z", "conversation_id": "c1"})
    backend.drain()

    body = _retrieve(api, "What did Maya think of the sunset?")

    (ep,) = [m for m in body["memories"] if m["type"] == "episode"]
    assert ep["memory_id"] is None and ep["event_id"] == ev
    assert ep["content"] == text
    assert (ep["speaker"], ep["name"], ep["role"]) == ("Maya", "Maya", "user")
    assert ep["said_at"] == ep["created_at"] == "2023-05-08T13:56:00Z"
    assert ep["evidence"] == [{"event_id": ev, "span": [0, len(text)], "version": 1}]
    assert ep["source_turn_ids"] == [ev] and 0 < ep["score"] <= 1
    assert f"- [said 2023-05-08] Maya: {text}" in body["brief"]


def test_the_speakers_name_finds_their_turns(api: ApiClient, backend: Any) -> None:
    maya, _ = _post(
        api,
        {"content": "I spent the weekend repainting the kitchen.", "name": "Maya"},
        {"content": "I spent the weekend at a chess tournament.", "name": "Jon"},
    )

    body = _retrieve(api, "what did Maya do at the weekend", kinds=["episode"])

    assert body["memories"][0]["event_id"] == maya


def test_limit_counts_facts_and_episodes_and_kinds_narrows_them(api: ApiClient, backend: Any) -> None:
    _post(
        api,
        {"content": "I live in Lisbon.", "said_at": "2026-01-01T10:00:00Z"},
        *(
            {"content": f"Lisbon trams are lovely, day {i}.", "said_at": f"2026-01-0{i + 2}T10:00:00Z"}
            for i in range(5)
        ),
    )
    backend.drain()

    both = _retrieve(api, "where do I live? Lisbon", limit=4)["memories"]
    facts = _retrieve(api, "Lisbon", kinds=["fact"])["memories"]
    turns = _retrieve(api, "Lisbon", kinds=["episode"])["memories"]

    assert len(both) == 4 and {m["type"] for m in both} == {"fact", "episode"}
    assert [m["value"] for m in facts] == ["Lisbon"]
    assert len(turns) == 6 and {m["type"] for m in turns} == {"episode"}
    assert api.post("/v1/memory/retrieve", {"query": "x", "kinds": ["note"]}).status == 422
    assert api.post("/v1/memory/retrieve", {"query": "x", "kinds": []}).status == 422


def test_a_fact_beats_its_own_turn_and_they_take_one_slot(api: ApiClient, backend: Any) -> None:
    (ev,) = _post(api, {"content": "I work at Acme.", "said_at": "2026-05-01T09:00:00Z"})
    backend.drain()

    body = _retrieve(api, "where do I work Acme")

    (only,) = body["memories"]
    assert only["type"] == "fact" and only["value"] == "Acme"
    assert only["source_turn_ids"] == [ev] and only["evidence"][0]["event_id"] == ev
    assert _retrieve(api, "Acme", kinds=["episode"])["memories"][0]["event_id"] == ev


def test_an_edit_re_indexes_the_turn(api: ApiClient, backend: Any) -> None:
    (ev,) = _post(api, {"content": "Our offsite is in Porto this year.", "said_at": "2026-02-01T09:00:00Z"})
    edited = api.put(f"/v1/memory/items/{ev}", {"content": "Our offsite is in Granada this year."})
    backend.drain()

    by_old = _retrieve(api, "Porto offsite", kinds=["episode"])["memories"]
    by_new = _retrieve(api, "Granada", kinds=["episode"])["memories"]

    assert edited.status == 200
    assert [m["content"] for m in by_old] == ["Our offsite is in Granada this year."]  # "offsite" still matches
    assert [(m["event_id"], m["version"]) for m in by_new] == [(ev, 2)]
    assert _retrieve(api, "Porto", kinds=["episode"])["memories"] == []


def test_episodes_on_both_axes(api: ApiClient, backend: Any) -> None:
    (old,) = _post(api, {"content": "The harbour festival had fireworks.", "said_at": "2024-07-01T21:00:00Z"})
    t1 = _tick()
    (new,) = _post(api, {"content": "The harbour festival was cancelled.", "said_at": "2026-07-01T21:00:00Z"})
    t2 = _tick()
    api.put(f"/v1/memory/items/{old}", {"content": "The harbour festival had a regatta."})
    t3 = _tick()

    def ids(**options: Any) -> list[tuple[str, str]]:
        found = _retrieve(api, "harbour festival", kinds=["episode"], **options)["memories"]
        return sorted((m["event_id"], m["content"]) for m in found)

    fireworks, regatta = "The harbour festival had fireworks.", "The harbour festival had a regatta."
    cancelled = "The harbour festival was cancelled."
    assert ids() == sorted([(old, regatta), (new, cancelled)])
    assert ids(as_of="2025-01-01T00:00:00Z") == [(old, regatta)]  # valid axis: said by then
    assert ids(as_of=t1, as_of_axis="transaction") == [(old, fireworks)]  # recorded by then, text of then
    assert ids(as_of=t2, as_of_axis="transaction") == sorted([(old, fireworks), (new, cancelled)])
    assert ids(as_of=t3, as_of_axis="transaction") == sorted([(old, regatta), (new, cancelled)])
    assert ids(as_of="2020-01-01T00:00:00Z", as_of_axis="transaction") == []
    fireworks_then = _retrieve(api, "fireworks", kinds=["episode"], as_of=t2, as_of_axis="transaction")["memories"]
    assert [m["content"] for m in fireworks_then] == [fireworks]  # the text of then finds it then
    assert _retrieve(api, "fireworks", kinds=["episode"])["memories"] == []  # and no longer


def test_episodes_stay_out_of_history_known_lineage_and_the_maintenance_job(api: ApiClient, backend: Any) -> None:
    from twinmem import maintenance
    from twinmem.aws import store

    (ev,) = _post(api, {"content": "I live in Lisbon.", "name": "Maya", "said_at": "2026-01-01T10:00:00Z"})
    backend.drain()
    api.put("/v1/settings", {"retention_days": 1}, account=None)

    history = api.post("/v1/memory/history", {"subject": "Maya"}).body
    known = api.post("/v1/memory/known", {}).body["lines"]
    memory_id = history["assertions"][0]["memory_id"]
    chain = api.post("/v1/memory/lineage", {"memory_id": memory_id}).body["chain"]
    ran = maintenance.run()

    assert history["count"] == 1 and all(a["memory_id"].startswith("mem_") for a in history["assertions"])
    assert len(known) == 1 and "Lisbon" in known[0]
    assert [s["memory_id"] for s in chain] == [memory_id]
    assert api.get(f"/v1/memory/{ev}/explain").status == 404
    assert ran["past_retention"] == 1  # the memory; the item is no memory, and stays
    assert store.get_event("local", "user_42", ev) is not None


def test_retrieve_reads_one_index_query_and_one_batch_get(api: ApiClient, backend: Any, calls: list[Any]) -> None:
    _post(
        api,
        {"content": "I work at Acme.", "said_at": "2026-05-01T09:00:00Z"},
        {"content": "Acme's office has a rooftop garden.", "said_at": "2026-05-02T09:00:00Z"},
    )
    backend.drain()
    _retrieve(api, "Acme")
    calls.clear()

    body = _retrieve(api, "Acme")

    reads = [(op, p.get("IndexName")) for op, p in calls if op in ("query", "batch_get_item", "get_item", "scan")]
    assert reads == [("query", "gsi1"), ("batch_get_item", None)]
    (got,) = [p for op, p in calls if op == "batch_get_item"]
    assert len(got["RequestItems"][next(iter(got["RequestItems"]))]["Keys"]) == 1  # the fact; an episode is whole
    assert [m["type"] for m in body["memories"]] == ["fact", "episode"]


def test_an_episode_carries_its_time_words_resolved_and_the_brief_shows_them(api: ApiClient, backend: Any) -> None:
    _post(
        api,
        {
            "content": "We hiked up to the lake yesterday, Pebble loved it.",
            "name": "Maya",
            "said_at": "2023-05-08T13:56:00Z",
        },
    )

    body = _retrieve(api, "when did Maya hike to the lake", kinds=["episode"])

    (ep,) = body["memories"]
    assert ep["mentions"] == [{"text": "yesterday", "date": "2023-05-07"}]
    assert '- [said 2023-05-08; "yesterday" = 2023-05-07] Maya: We hiked up' in body["brief"]


def test_a_reply_is_found_by_the_question_it_answers(api: ApiClient, backend: Any) -> None:
    _, reply, *_ = _post(
        api,
        {"content": "Who's Luis?", "name": "Elena", "said_at": "2024-01-24T10:00:00Z"},
        {
            "content": "My husband. He runs a taco truck on Fourth Avenue.",
            "name": "Jonah",
            "said_at": "2024-01-24T10:01:00Z",
        },
        {"content": "Luis is the best cook I know.", "name": "Jonah", "said_at": "2024-01-25T10:00:00Z"},
        {"content": "Lovely. How is the weather?", "name": "Elena", "said_at": "2024-01-25T10:01:00Z"},
        {"content": "Sunny all week.", "name": "Jonah", "said_at": "2024-01-25T10:02:00Z"},
    )

    found = [m["event_id"] for m in _retrieve(api, "Luis", kinds=["episode"])["memories"]]
    weather = [m["content"] for m in _retrieve(api, "Luis weather", kinds=["episode"])["memories"]]

    assert reply in found
    assert "Sunny all week." in weather  # its question's words find it, ranked after the turns that say them


def test_subject_keeps_the_turns_said_by_or_naming_it(api: ApiClient, backend: Any) -> None:
    maya, jon_about_maya, _ = _post(
        api,
        {"content": "I painted all weekend.", "name": "Maya"},
        {"content": "Maya's painting is on the fridge now.", "name": "Jon"},
        {"content": "I painted the fence.", "name": "Jon"},
    )

    found = {m["event_id"] for m in _retrieve(api, "painted painting", subject="Maya", kinds=["episode"])["memories"]}

    assert found == {maya, jon_about_maya}
