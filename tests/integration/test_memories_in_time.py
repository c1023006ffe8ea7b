"""Memories in time: known lines, append and revisions, retrieve with as-of on both axes."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from typing import Any

from tests.conftest import ApiClient


def _now() -> datetime:
    return datetime.now(UTC)


def _iso(dt: datetime) -> str:
    return dt.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _tick() -> datetime:
    time.sleep(0.02)
    at = _now()
    time.sleep(0.02)
    return at


def _append(api: ApiClient, content: str, **fields: Any) -> str:
    reply = api.post("/v1/memory/append", {"content": content, **fields})
    assert reply.status == 201, reply
    return str(reply.body["memory_id"])


def _ids(reply: Any) -> list[str]:
    assert reply.status == 200, reply
    return [m["memory_id"] for m in reply.body["memories"]]


def test_known_lines_state_values_newest_first_and_name_conflicts(api: ApiClient, backend: Any) -> None:
    api.put("/v1/memory/profile", {"name": "Alice Chen"})
    api.post(
        "/v1/memory/items",
        {
            "items": [
                {"content": "I live in Berlin.", "said_at": "2024-06-01T10:00:00Z"},
                {"content": "I moved to Lisbon.", "said_at": "2026-10-01T09:00:00Z"},
                {"content": "I work at Acme.", "said_at": "2026-10-01T09:05:00Z"},
                {"content": "I'm vegetarian.", "said_at": "2026-01-05T09:00:00Z"},
                {"content": "I'm not vegetarian any more.", "said_at": "2026-09-01T09:00:00Z"},
                {"content": "I live in Lisbon, I love it.", "said_at": "2026-10-20T09:00:00Z"},
            ]
        },
    )
    backend.drain()

    reply = api.post("/v1/memory/known", {"subjects": ["Alice Chen"]})

    assert reply.status == 200
    lines = reply.body["lines"]
    assert "- Alice Chen · home_city: Lisbon [said 2026-10-20]; Berlin [said 2024-06-01]" in lines
    assert "- Alice Chen · employer: Acme [said 2026-10-01]" in lines
    assert "- Alice Chen · diet: vegetarian [conflict: said 2026-01-05, said not 2026-09-01]" in lines
    assert reply.body["text"].startswith("Values as stated, newest said first:\n- Alice Chen")
    assert "replaced" not in reply.body["text"]


def test_known_for_all_subjects_and_a_value_said_only_not_to_hold(api: ApiClient, backend: Any) -> None:
    api.post(
        "/v1/memory/items",
        {
            "items": [
                {"content": "I don't work at Initech any more.", "said_at": "2026-03-01T09:00:00Z"},
                {"content": "My sister Carol lives in Paris.", "said_at": "2026-04-01T09:00:00Z"},
            ]
        },
    )
    backend.drain()

    lines = api.post("/v1/memory/known", {}).body["lines"]

    assert "- user · employer: not Initech [said 2026-03-01]" in lines
    assert "- Carol · home_city: Paris [said 2026-04-01]" in lines


def test_append_keeps_every_time_field(api: ApiClient) -> None:
    api.post("/v1/memory/items", {"items": [{"content": "hello"}]})
    mid = _append(
        api,
        "From the start of 2027 the Enterprise fee uses the new rate card",
        validFrom="2027-01-01T00:00:00Z",
        sourceKind="document",
        sourceRef="pricing-policy-v4",
        runId="pricing-7",
        created_at="2026-11-01T12:00:00Z",
    )

    explained = api.get(f"/v1/memory/{mid}/explain").body["memory"]

    assert explained["valid_from"] == "2027-01-01T00:00:00Z"
    assert explained["created_at"] == "2026-11-01T12:00:00Z"
    assert explained["observed_at"] == "2026-11-01T12:00:00Z"
    assert explained["valid_to"] is None and explained["superseded_at"] is None
    assert explained["recorded_at"].startswith(str(_now().year))
    assert (explained["source_kind"], explained["source_ref"], explained["run_id"]) == (
        "document",
        "pricing-policy-v4",
        "pricing-7",
    )
    assert explained["source_verified"] is False


def test_each_axis_with_future_ended_expired_revised_and_deleted_memories(api: ApiClient) -> None:
    api.post("/v1/memory/items", {"items": [{"content": "hello"}]})
    now = _now()
    future = _append(api, "pricing rule takes effect", valid_from=_iso(now + timedelta(days=30)))
    ended = _append(
        api,
        "pricing rule for the summer sale",
        valid_from=_iso(now - timedelta(days=60)),
        valid_to=_iso(now - timedelta(days=10)),
    )
    expired = _append(api, "pricing promo code SAVE10", expires_at=_iso(now + timedelta(seconds=1)))
    revised = _append(api, "pricing v1: 10 dollars")
    deleted = _append(api, "pricing secret to forget")
    t1 = _tick()
    assert api.put(f"/v1/memory/{revised}", {"content": "pricing v2: 12 dollars"}).status == 200
    t2 = _tick()
    assert api.put(f"/v1/memory/{revised}", {"content": "pricing v3: 15 dollars"}).status == 200
    t3 = _tick()
    assert api.delete(f"/v1/memory/{deleted}").status == 200
    time.sleep(1.1)  # the promo code expires

    default = _ids(api.post("/v1/memory/retrieve", {"query": "pricing", "limit": 20}))
    assert revised in default
    assert not {future, ended, expired, deleted} & set(default)

    in_future = _ids(
        api.post(
            "/v1/memory/retrieve", {"query": "pricing", "as_of": _iso(now + timedelta(days=40)), "as_of_axis": "valid"}
        )
    )
    assert future in in_future and ended not in in_future
    in_summer = _ids(
        api.post(
            "/v1/memory/retrieve", {"query": "pricing", "asOf": _iso(now - timedelta(days=30)), "asOfAxis": "valid"}
        )
    )
    assert ended in in_summer and future not in in_summer and expired not in in_summer

    contents = []
    for at in (t1, t2, t3):
        reply = api.post("/v1/memory/retrieve", {"query": "pricing", "as_of": _iso(at), "as_of_axis": "transaction"})
        shown = {m["memory_id"]: m["content"] for m in reply.body["memories"]}
        assert deleted not in shown and expired not in shown
        contents.append(shown[revised])
    assert contents == ["pricing v1: 10 dollars", "pricing v2: 12 dollars", "pricing v3: 15 dollars"]

    before = _ids(
        api.post(
            "/v1/memory/retrieve",
            {"query": "pricing", "as_of": _iso(now - timedelta(seconds=5)), "as_of_axis": "transaction"},
        )
    )
    assert revised not in before  # not yet recorded then


def test_transaction_axis_finds_by_current_content_only(api: ApiClient) -> None:
    api.post("/v1/memory/items", {"items": [{"content": "hello"}]})
    mid = _append(api, "the office is in Oslo")
    t1 = _tick()
    api.put(f"/v1/memory/{mid}", {"content": "the office is in Bergen"})

    by_old_word = _ids(
        api.post("/v1/memory/retrieve", {"query": "Oslo", "as_of": _iso(t1), "as_of_axis": "transaction"})
    )
    by_new_word = api.post("/v1/memory/retrieve", {"query": "Bergen", "as_of": _iso(t1), "as_of_axis": "transaction"})

    assert by_old_word == []
    assert [m["content"] for m in by_new_word.body["memories"]] == ["the office is in Oslo"]


def test_a_replaced_value_is_no_longer_valid_but_known_keeps_both(api: ApiClient, backend: Any) -> None:
    api.post(
        "/v1/memory/items",
        {
            "items": [
                {"content": "I live in Berlin.", "said_at": "2024-06-01T10:00:00Z"},
                {"content": "I moved to Lisbon.", "said_at": "2026-10-01T09:00:00Z"},
            ]
        },
    )
    backend.drain()

    now = api.post("/v1/memory/retrieve", {"query": "where do I live", "kinds": ["fact"]}).body
    in_2025 = api.post(
        "/v1/memory/retrieve", {"query": "live", "as_of": "2025-01-01T00:00:00Z", "kinds": ["fact"]}
    ).body

    assert [m["value"] for m in now["memories"]] == ["Lisbon"]
    assert now["known"] == ["- user · home_city: Lisbon [said 2026-10-01]; Berlin [said 2024-06-01]"]
    assert [m["value"] for m in in_2025["memories"]] == ["Berlin"]
    assert in_2025["memories"][0]["valid_to"] == "2026-10-01T00:00:00Z"
    assert "Values as stated" in now["brief"] and "I moved to Lisbon." in now["brief"]


def test_retrieve_ranks_by_relevance_and_narrows_to_a_subject(api: ApiClient, backend: Any) -> None:
    api.post(
        "/v1/memory/items",
        {
            "items": [
                {"content": "My sister Carol lives in Paris.", "said_at": "2026-04-01T09:00:00Z"},
                {"content": "I work at Acme.", "said_at": "2026-05-01T09:00:00Z"},
            ]
        },
    )
    backend.drain()
    _append(api, "Carol prefers window seats on trains")

    ranked = api.post("/v1/memory/retrieve", {"query": "where does Carol live", "kinds": ["fact"]}).body["memories"]
    narrowed = api.post("/v1/memory/retrieve", {"query": "", "subject": "user", "kinds": ["fact"]}).body["memories"]

    assert ranked[0]["value"] == "Paris" and 0 < ranked[0]["score"] <= 1
    assert [m["value"] for m in narrowed] == ["Acme"]


def test_expires_at_sets_the_ttl_attribute_dynamodb_deletes_by(api: ApiClient, backend: Any) -> None:
    api.post("/v1/memory/items", {"items": [{"content": "hello"}]})
    mid = _append(api, "temporary", expires_at="2030-01-01T00:00:00Z")

    items = backend.dynamodb.scan(TableName=backend.table_name)["Items"]
    (item,) = [i for i in items if i.get("memory_id", {}).get("S") == mid]

    assert item["ttl"]["N"] == str(int(datetime(2030, 1, 1, tzinfo=UTC).timestamp()))


def test_retrieve_counts_usage_in_one_write(api: ApiClient, backend: Any, calls: list[Any]) -> None:
    api.post("/v1/memory/items", {"items": [{"content": "hello"}]})
    a, b = _append(api, "tea with milk"), _append(api, "tea without sugar")
    calls.clear()

    api.post("/v1/memory/retrieve", {"query": "tea"})
    api.post("/v1/memory/retrieve", {"query": "tea"})
    writes = [op for op, _ in calls if op in ("update_item", "put_item", "transact_write_items", "batch_write_item")]
    backend.drain()  # the stream adds each retrieval to the memories' counters
    backend.drain()  # a redelivered log counts nothing twice
    api.post("/v1/memory/feedback", {"memory_id": a, "outcome": "ignored"})

    assert writes == ["put_item", "put_item"]  # one small write per retrieve call
    assert api.get(f"/v1/memory/{a}/explain").body["usage"] == {"retrieved": 2, "used": 0, "ignored": 1}
    assert api.get(f"/v1/memory/{b}/explain").body["usage"]["retrieved"] == 2
    leftover = [
        i for i in backend.dynamodb.scan(TableName=backend.table_name)["Items"] if i["type"]["S"] == "RETRIEVAL"
    ]
    assert leftover == []


def test_a_retrieval_log_delivered_twice_counts_once(api: ApiClient, backend: Any) -> None:
    from infra.local.pump import LambdaContext

    api.post("/v1/memory/items", {"items": [{"content": "hello"}]})
    mid = _append(api, "tea with milk")
    backend.drain()
    api.post("/v1/memory/retrieve", {"query": "tea"})
    pump = backend.pumps[0]
    captured: list[Any] = []
    original = pump._deliver
    pump._deliver = lambda batch, retries: captured.extend(batch)
    try:
        pump.drain()
    finally:
        pump._deliver = original

    for _ in range(2):
        assert pump.handler({"Records": captured}, LambdaContext("ExtractionFunction")) == {"batchItemFailures": []}

    assert api.get(f"/v1/memory/{mid}/explain").body["usage"]["retrieved"] == 1


def test_a_concurrent_revision_is_a_409_not_a_500(api: ApiClient, monkeypatch: Any) -> None:
    from twinmem.aws import store

    api.post("/v1/memory/items", {"items": [{"content": "hello"}]})
    mid = _append(api, "first")
    stale = store.get_memory("local", "user_42", mid)  # read before someone else revises it
    api.put(f"/v1/memory/{mid}", {"content": "second"})
    original = store.get_memory
    monkeypatch.setattr(store, "get_memory", lambda t, a, m: stale if m == mid else original(t, a, m))

    reply = api.put(f"/v1/memory/{mid}", {"content": "third"})

    monkeypatch.undo()
    assert reply.status == 409
    assert reply.body["error"] == "it changed meanwhile: read it again and retry"
    assert api.get(f"/v1/memory/{mid}/explain").body["memory"]["content"] == "second"
