"""The extraction trigger under real conditions: edits, poison records, large items, rebuilds, cost."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest

from tests.conftest import ApiClient
from twinmem.extract.base import Statement


def _values(api: ApiClient, **body: Any) -> list[str]:
    reply = api.post("/v1/memory/history", {"subject": "user", **body})
    assert reply.status == 200, reply
    return [a["value"] for a in reply.body.get("assertions", [])]


def test_a_history_call_for_a_subject_costs_one_query(api: ApiClient, backend: Any, calls: list[Any]) -> None:
    api.post(
        "/v1/memory/items",
        {
            "items": [
                {"content": "Alice Chen lives in Berlin.", "said_at": "2024-06-01T10:00:00Z"},
                {"content": "Alice Chen moved to Lisbon.", "said_at": "2026-10-01T09:00:00Z"},
                {"content": "Alice Chen works at Acme.", "said_at": "2026-10-01T09:00:00Z"},
            ]
        },
    )
    backend.drain()
    api.post("/v1/memory/history", {"subject": "Alice Chen"})  # a warm container: key and account cached
    calls.clear()

    reply = api.post("/v1/memory/history", {"subject": "alice  CHEN"})

    assert reply.body["count"] == 3
    assert [a["subject"] for a in reply.body["assertions"]] == ["alice chen"] * 3
    assert [(a["attribute"], a["value"]) for a in reply.body["assertions"]] == [
        ("employer", "Acme"),
        ("home_city", "Berlin"),
        ("home_city", "Lisbon"),
    ]
    assert [op for op, _ in calls] == ["query"]
    assert "FilterExpression" not in calls[0][1]


def test_the_attribute_filter_is_a_key_condition(api: ApiClient, backend: Any, calls: list[Any]) -> None:
    api.post("/v1/memory/items", {"items": [{"content": "I live in Oslo and I work at Equinor."}]})
    backend.drain()
    api.post("/v1/memory/history", {"subject": "user"})
    calls.clear()

    assert _values(api, attribute="employer") == ["Equinor"]
    ((op, params),) = calls
    assert op == "query" and "begins_with(sk, :a)" in params["KeyConditionExpression"]


def test_a_miss_names_the_nearest_recorded_subjects(api: ApiClient, backend: Any) -> None:
    api.post(
        "/v1/memory/items",
        {
            "items": [
                {"content": "Alice Chen lives in Berlin."},
                {"content": "Bob Stone works at Initech."},
            ]
        },
    )
    backend.drain()

    reply = api.post("/v1/memory/history", {"subject": "Alice"})

    assert reply.status == 200
    assert reply.body["error"] == "nothing recorded" and reply.body["subject"] == "Alice"
    assert reply.body["subjects"][0] == "alice chen" and reply.body["recorded"] == 2


def test_as_of_shows_only_what_was_recorded_by_then(api: ApiClient, backend: Any) -> None:
    api.post("/v1/memory/items", {"items": [{"content": "I live in Oslo."}]})
    backend.drain()
    between = datetime.now().astimezone().isoformat()
    api.post("/v1/memory/items", {"items": [{"content": "I moved to Bergen."}]})
    backend.drain()

    assert _values(api, as_of=between) == ["Oslo"]
    assert _values(api) == ["Oslo", "Bergen"]


def test_editing_an_item_withdraws_what_the_old_text_said(api: ApiClient, backend: Any) -> None:
    event_id = api.post("/v1/memory/items", {"items": [{"content": "I work at Initech."}]}).body["event_ids"][0]
    backend.drain()

    edited = api.put(f"/v1/memory/items/{event_id}", {"content": "I work at Globex."})
    backend.drain()
    item = api.get(f"/v1/memory/items/{event_id}").body

    assert edited.status == 200 and item["version"] == 2
    assert [v["content"] for v in item["versions"]] == ["I work at Initech."]
    assert _values(api) == ["Globex"]
    assert _values(api, include_retracted=True) == ["Globex"]  # withdrawn is not retracted: kept, not shown
    changes = api.get("/v1/memory/revisions").body["changes"]
    assert changes.get("WITHDRAWN") == 1


class Crashing:
    """The rules extractor, except that it crashes on one turn (a poison record)."""

    name, version, method, model = "rules", "1", "rule", None

    def __init__(self, poison: str) -> None:
        from twinmem.extract.rules import RulesExtractor

        self.inner, self.poison = RulesExtractor(), poison

    def extract(self, text: str, said_at: datetime, role: str) -> list[Statement]:
        if self.poison in text:
            raise RuntimeError("extractor bug")
        return self.inner.extract(text, said_at, role)


@pytest.fixture
def extractor(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    """Swap the configured extractor: set holder['x'] to the one to use."""
    from twinmem import extract

    holder: dict[str, Any] = {}
    monkeypatch.setattr(extract, "configured", lambda: holder["x"])
    yield holder


def test_a_poison_record_neither_blocks_the_shard_nor_loses_the_item(
    api: ApiClient, backend: Any, extractor: dict[str, Any]
) -> None:
    extractor["x"] = Crashing("POISON")
    api.post(
        "/v1/memory/items",
        {
            "items": [
                {"content": "I live in Oslo."},
                {"content": "POISON I work at Acme."},
                {"content": "I speak Norwegian."},
            ]
        },
    )

    backend.drain()

    assert _values(api) == ["Oslo", "Norwegian"]  # home_city, then language
    (failure,) = backend.pumps[0].failures
    assert failure["DDBStreamBatchInfo"]["batchSize"] == 1
    assert api.get("/v1/memory/changes").status == 200
    items = backend.dynamodb.scan(TableName=backend.table_name)["Items"]
    assert any("POISON" in i.get("content", {}).get("S", "") for i in items)  # the item is kept


def test_a_largest_item_goes_through_and_a_larger_one_is_refused(api: ApiClient, backend: Any) -> None:
    big = "I live in Lisbon. " + "é" * (32_000 - 18)

    ok = api.post("/v1/memory/items", {"items": [{"content": big}]})
    too_big = api.post("/v1/memory/items", {"items": [{"content": big + "x"}]})
    backend.drain()

    assert ok.status == 202
    assert too_big.status == 422 and too_big.body["field"] == "items.0.content"
    assert _values(api) == ["Lisbon"]


FIRST = ["Ana", "Ben", "Cara", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun"]
LAST = ["Smith", "Okafor", "Berg", "Tanaka", "Silva", "Novak", "Haddad", "Kowal", "Moreau", "Lund"]
PEOPLE = [f"{f} {last}" for f in FIRST for last in LAST]


def test_a_hundred_items_in_one_call(api: ApiClient, backend: Any) -> None:
    turns = [{"id": f"t{i}", "content": f"{name} lives in Oslo."} for i, name in enumerate(PEOPLE)]

    reply = api.post("/v1/memory/items", {"items": turns})
    backend.drain()

    assert reply.status == 202 and len(set(reply.body["event_ids"])) == 100
    assert api.post("/v1/memory/history", {"subject": "Ben Tanaka"}).body["count"] == 1


class Upgraded:
    """A newer extractor: reads what the rules do, and also a hobby the rules never read."""

    name, version, method, model = "rules", "2", "rule", None

    def __init__(self) -> None:
        from twinmem.extract.rules import RulesExtractor

        self.inner = RulesExtractor()

    def extract(self, text: str, said_at: datetime, role: str) -> list[Statement]:
        found = self.inner.extract(text, said_at, role)
        if "weekends" in text:
            found.append(
                Statement(
                    subject="@self",
                    attribute="hobby",
                    value="climbing",
                    polarity=1,
                    valid_from=said_at.date(),
                    span=(0, len(text)),
                )
            )
        return found


def test_rebuild_rereads_every_item_gates_reads_and_keeps_corrections(
    api: ApiClient, backend: Any, extractor: dict[str, Any]
) -> None:
    from twinmem.extract.rules import RulesExtractor

    extractor["x"] = RulesExtractor()
    api.post(
        "/v1/memory/items",
        {
            "items": [
                {"content": "I live in Oslo.", "said_at": "2026-01-01T09:00:00Z"},
                {"content": "On weekends I go to the crag.", "said_at": "2026-02-01T09:00:00Z"},
                {"content": "I work at Initech.", "said_at": "2026-03-01T09:00:00Z"},
            ]
        },
    )
    backend.drain()
    api.post(
        "/v1/memory/corrections",
        {"subject": "me", "attribute": "employer", "value": "Initech", "reason": "that was my brother"},
    )
    assert _values(api) == ["Oslo"]

    extractor["x"] = Upgraded()
    started = api.post("/v1/memory/rebuild")
    again = api.post("/v1/memory/rebuild")
    gated = api.post("/v1/memory/history", {"subject": "user"})
    backend.drain()
    done = api.get("/v1/memory/rebuild").body

    assert started.status == 202 and started.body["status"] == "running"
    assert again.body["generation"] == started.body["generation"]
    assert gated.status == 503 and gated.body["error"] == "this end user is being rebuilt"
    assert int(gated.headers["Retry-After"]) > 0
    assert done["status"] == "done" and done["items_read"] == 3
    assert _values(api) == ["climbing", "Oslo"]  # the new reading; the correction survived
    assert "Initech" in _values(api, include_retracted=True)
    assert len(_values(api, include_retracted=True)) == 3  # earlier generations are withdrawn, not doubled


def test_rebuild_resumes_after_running_out_of_time(
    api: ApiClient, backend: Any, monkeypatch: Any, extractor: dict[str, Any]
) -> None:
    from twinmem import rebuild
    from twinmem.extract.rules import RulesExtractor

    extractor["x"] = RulesExtractor()
    api.post("/v1/memory/items", {"items": [{"content": f"{name} lives in Oslo."} for name in PEOPLE[:5]]})
    backend.drain()
    invocations: list[int] = []
    original = rebuild.run

    def one_item_per_invocation(tenant: str, account: str, job: Any, ex: Any, remaining: Any, page: int = 25) -> bool:
        invocations.append(1)
        return original(tenant, account, job, ex, lambda: 0, page)  # always "out of time" after one item

    monkeypatch.setattr(rebuild, "run", one_item_per_invocation)
    api.post("/v1/memory/rebuild")
    backend.drain()

    assert api.get("/v1/memory/rebuild").body["status"] == "done"
    assert len(invocations) >= 5
    assert api.post("/v1/memory/history", {"subject": PEOPLE[3]}).body["count"] == 1


TRICKY = ["alice#chen", "a/b", "Zoë Ça", "x" * 512, "S#bob", "日本語"]


def test_subjects_with_separators_unicode_or_512_characters_stay_apart(api: ApiClient) -> None:
    api.post("/v1/memory/items", {"items": [{"content": "hello"}]})
    for i, subject in enumerate(TRICKY):
        reply = api.post(
            "/v1/memory/append", {"content": f"fact {i}", "subject": subject, "attribute": "status", "value": f"v{i}"}
        )
        assert reply.status == 201, reply

    for i, subject in enumerate(TRICKY):
        reply = api.post("/v1/memory/history", {"subject": subject})
        assert [a["value"] for a in reply.body["assertions"]] == [f"v{i}"], subject
    assert api.post("/v1/memory/history", {"subject": "alice"}).body["error"] == "nothing recorded"
    assert api.post("/v1/memory/history", {"subject": "bob"}).body["error"] == "nothing recorded"
    assert api.post("/v1/memory/history", {"subject": "x" * 513}).status == 422


def test_extraction_writes_at_most_two_items_per_assertion(api: ApiClient, backend: Any, calls: list[Any]) -> None:
    api.post("/v1/memory/items", {"items": [{"content": "Nice weather today!"}]})
    calls.clear()
    backend.drain()
    nothing = [op for op, _ in calls if op in ("put_item", "update_item", "transact_write_items")]
    api.post("/v1/memory/items", {"items": [{"content": "Dana Okafor lives in Accra."}]})
    calls.clear()
    backend.drain()
    writes = [(op, p) for op, p in calls if op in ("put_item", "update_item", "transact_write_items")]

    assert nothing == []  # a turn that states nothing writes nothing
    ((op, params),) = writes
    assert op == "transact_write_items" and len(params["TransactItems"]) == 2  # the memory and the record
    assert api.post("/v1/memory/history", {"subject": "Dana"}).body["subjects"] == ["dana okafor"]


def test_extraction_keeps_reading_after_a_failed_transaction(api: ApiClient, backend: Any) -> None:
    """moto restores the table (its stream shard included) when a transaction fails: the pump reads on."""
    api.post("/v1/memory/items", {"items": [{"content": "I live in Oslo."}]})
    backend.drain()
    mid = api.post("/v1/memory/append", {"content": "a note"}).body["memory_id"]
    api.delete(f"/v1/memory/{mid}")
    from twinmem.aws import store
    from twinmem.errors import Conflict

    m = store.get_memory("local", "user_42", mid)
    assert m is not None
    with pytest.raises(Conflict):  # already deleted: the transaction fails its condition
        store.delete_memory("local", "user_42", m.model_copy(update={"deleted_at": None}), m.updated_at)
    api.post("/v1/memory/items", {"items": [{"content": "I moved to Bergen."}]})

    backend.drain()

    assert _values(api) == ["Oslo", "Bergen"]
