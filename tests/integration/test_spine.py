"""The spine, through the real handlers and the real stream: keys, items in, history out."""

from __future__ import annotations

from typing import Any

from infra.local.pump import LambdaContext
from tests.conftest import ApiClient, stream_records

TURNS = [
    {"id": "t1", "role": "user", "content": "I live in Berlin.", "said_at": "2024-06-01T10:00:00Z"},
    {"id": "t2", "role": "user", "content": "I moved to Lisbon.", "said_at": "2026-10-01T09:00:00Z"},
]


def test_turns_posted_appear_in_history_in_the_seed_shape(api: ApiClient, backend: Any) -> None:
    added = api.post("/v1/memory/items", {"items": TURNS})
    assert added.status == 202
    assert added.body["count"] == 2
    backend.drain()

    reply = api.post("/v1/memory/history", {"subject": "user"})

    assert reply.status == 200
    assert reply.body["subject"] == "user"
    assert reply.body["count"] == 2
    values = [
        (a["attribute"], a["value"], a["valid_from"], a["said_at"], a["polarity"]) for a in reply.body["assertions"]
    ]
    assert values == [
        ("home_city", "Berlin", "2024-06-01", "2024-06-01", 1),
        ("home_city", "Lisbon", "2026-10-01", "2026-10-01", 1),
    ]
    first = reply.body["assertions"][0]
    assert first["subject"] == "user"
    assert first["source_turn_ids"] == [added.body["event_ids"][0]]
    assert first["memory_id"].startswith("mem_")


def test_resending_an_item_id_returns_the_same_event_and_adds_nothing(api: ApiClient, backend: Any) -> None:
    first = api.post("/v1/memory/items", {"items": TURNS[:1]})
    again = api.post("/v1/memory/items", {"items": TURNS[:1]})
    backend.drain()

    assert again.body["event_ids"] == first.body["event_ids"]
    assert api.post("/v1/memory/history", {"subject": "me"}).body["count"] == 1


def test_a_redelivered_stream_batch_leaves_the_table_as_once(api: ApiClient, backend: Any) -> None:
    api.post("/v1/memory/items", {"items": TURNS})
    records = stream_records(backend)
    pump = backend.pumps[0]

    pump.handler({"Records": records}, LambdaContext("ExtractionFunction"))
    once = _scan(backend)
    result = pump.handler({"Records": records}, LambdaContext("ExtractionFunction"))

    assert result == {"batchItemFailures": []}
    assert _scan(backend) == once


def _scan(backend: Any) -> list[dict[str, Any]]:
    items = backend.dynamodb.scan(TableName=backend.table_name)["Items"]
    return sorted(items, key=lambda i: (i["pk"]["S"], i["sk"]["S"]))
