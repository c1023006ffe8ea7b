"""Private stays private, deleted stays deleted, a refused call stores nothing (issue 9, items 1-7, 19-23)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import ApiClient

SHARED_TURN = {"id": "t1", "content": "I live in Berlin.", "said_at": "2024-06-01T10:00:00Z"}


def _agent_key(api: ApiClient, agent: str, scope: str = "write") -> str:
    return str(api.post("/v1/keys", {"scope": scope, "agent_id": agent}, account=None).body["key"])


def _private(api: ApiClient, key: str, **fields: Any) -> str:
    body = {"content": "agent X's own note", "visibility": "private", **fields}
    reply = api.post("/v1/memory/append", body, key=key)
    assert reply.status == 201, reply
    return str(reply.body["memory_id"])


@pytest.fixture
def setting(api: ApiClient, backend: Any) -> dict[str, str]:
    """A shared Berlin (from a turn) and agent X's private 'not Berlin' and a private subject of its own."""
    api.post("/v1/memory/items", {"items": [SHARED_TURN]})
    backend.drain()
    x = _agent_key(api, "agentX")
    y = _agent_key(api, "agentY")
    not_berlin = _private(
        api, x, subject="user", attribute="home_city", value="Berlin", polarity=-1, created_at="2025-01-01T00:00:00Z"
    )
    secret = _private(
        api, x, subject="Project Nightjar", attribute="status", value="secret", content="Nightjar is secret"
    )
    return {"x": x, "y": y, "not_berlin": not_berlin, "secret": secret}


def test_history_and_known_show_another_agents_private_memory_to_nobody_else(
    api: ApiClient, setting: dict[str, str]
) -> None:
    for key in (api.key, setting["y"]):
        history = api.post("/v1/memory/history", {"subject": "user"}, key=key).body
        known = api.post("/v1/memory/known", {}, key=key).body
        named = api.post("/v1/memory/known", {"subjects": ["user"]}, key=key).body

        assert [a["polarity"] for a in history["assertions"]] == [1]
        assert setting["not_berlin"] not in str(history)
        assert "conflict" not in known["text"] and "conflict" not in named["text"]
        assert "Nightjar" not in known["text"].lower() and "nightjar" not in known["text"].lower()

    mine = api.post("/v1/memory/known", {}, key=setting["x"]).body
    assert "conflict" in mine["text"] and "nightjar" in mine["text"].lower()


def test_a_miss_does_not_name_or_count_a_subject_only_a_private_memory_holds(
    api: ApiClient, setting: dict[str, str]
) -> None:
    other = api.post("/v1/memory/history", {"subject": "project nightja"}).body
    mine = api.post("/v1/memory/history", {"subject": "project nightja"}, key=setting["x"]).body

    assert other["error"] == "nothing recorded"
    assert "project nightjar" not in other["subjects"] and other["recorded"] == 1
    assert "project nightjar" in mine["subjects"] and mine["recorded"] == 2
    hit = api.post("/v1/memory/history", {"subject": "Project Nightjar"}).body
    assert hit.get("error") == "nothing recorded"


def test_explain_contradictions_leave_out_a_private_memory(api: ApiClient, setting: dict[str, str]) -> None:
    berlin = api.post("/v1/memory/history", {"subject": "user"}).body["assertions"][0]["memory_id"]

    explained = api.get(f"/v1/memory/{berlin}/explain").body

    assert explained["contradictions"] == []
    assert setting["not_berlin"] not in str(explained["contradictions"])
    mine = api.get(f"/v1/memory/{berlin}/explain", key=setting["x"]).body
    assert [c["memory_id"] for c in mine["contradictions"]] == [setting["not_berlin"]]


def test_the_feed_leaves_out_another_agents_private_memories(api: ApiClient, setting: dict[str, str]) -> None:
    others = api.get("/v1/memory/changes?limit=500").body
    mine = api.get("/v1/memory/changes?limit=500", key=setting["x"]).body
    moved = api.get("/v1/memory/revisions").body

    assert setting["not_berlin"] not in str(others) and setting["secret"] not in str(others)
    assert {setting["not_berlin"], setting["secret"]} <= {c["memory_id"] for c in mine["changes"]}
    assert moved["changes"].get("ADD") == 1


def test_a_feed_page_of_only_hidden_entries_still_moves_on(api: ApiClient, setting: dict[str, str]) -> None:
    pages = [api.get("/v1/memory/changes?limit=1").body]
    while pages[-1]["next_cursor"] is not None and len(pages) < 10:
        pages.append(api.get(f"/v1/memory/changes?limit=1&cursor={pages[-1]['next_cursor']}").body)

    assert pages[-1]["next_cursor"] is None  # read to its end, moving past the two private entries
    assert [len(p["changes"]) for p in pages] == [1] + [0] * (len(pages) - 1)


def test_a_key_bound_to_an_agent_writes_as_that_agent_only(api: ApiClient, setting: dict[str, str]) -> None:
    forged = api.post(
        "/v1/memory/append", {"content": "x", "agent_id": "agentX", "visibility": "private"}, key=setting["y"]
    )
    own = api.post("/v1/memory/append", {"content": "x", "agent_id": "agentY"}, key=setting["y"])

    assert forged.status == 403
    assert own.status == 201


def test_a_correction_touches_only_what_the_caller_can_see(api: ApiClient, setting: dict[str, str]) -> None:
    unbound_write = api.post("/v1/keys", {"scope": "write"}, account=None).body["key"]

    reply = api.post(
        "/v1/memory/corrections",
        {"subject": "Project Nightjar", "attribute": "status", "value": "secret", "reason": "guess"},
        key=unbound_write,
    )

    assert reply.status == 404
    assert api.get(f"/v1/memory/{setting['secret']}/explain", key=setting["x"]).body["memory"]["status"] == "active"


def test_feedback_needs_a_write_key(api: ApiClient, setting: dict[str, str]) -> None:
    read = api.post("/v1/keys", {"scope": "read"}, account=None).body["key"]
    mid = api.post("/v1/memory/append", {"content": "shared note"}).body["memory_id"]

    refused = api.post("/v1/memory/feedback", {"memory_id": mid, "outcome": "used"}, key=read)

    assert refused.status == 403 and refused.body["needs"] == "write"
    assert api.get(f"/v1/memory/{mid}/explain").body["usage"]["used"] == 0


def test_a_memory_type_is_its_own_and_never_the_items(api: ApiClient, backend: Any) -> None:
    api.post("/v1/memory/items", {"items": [{"content": "hello"}]})
    decision = api.post("/v1/memory/append", {"content": "we chose Postgres", "type": "decision"}).body["memory_id"]
    event = api.post("/v1/memory/append", {"content": "an event", "type": "EVENT"}).body["memory_id"]
    api.put(f"/v1/memory/{event}", {"content": "an edited event"})  # a change of the item: on the stream

    backend.drain()

    assert api.get(f"/v1/memory/{decision}/explain").body["memory"]["type"] == "decision"
    assert api.get(f"/v1/memory/{event}/explain").body["memory"]["type"] == "EVENT"
    assert [f for pump in backend.pumps for f in pump.failures] == []  # the consumer never read it as an item
    items = backend.dynamodb.scan(TableName=backend.table_name)["Items"]
    memory_items = [i for i in items if i.get("memory_id", {}).get("S") in (decision, event)]
    assert {i["type"]["S"] for i in memory_items} == {"MEMORY", "REVISION"}  # the item kinds, never the client's


def test_delete_erases_every_revision_whatever_their_number(api: ApiClient, backend: Any) -> None:
    api.post("/v1/memory/items", {"items": [{"content": "hello"}]})
    mid = api.post("/v1/memory/append", {"content": "draft 0"}).body["memory_id"]
    for n in range(1, 121):
        assert api.put(f"/v1/memory/{mid}", {"content": f"draft {n}"}).status == 200

    assert api.delete(f"/v1/memory/{mid}").status == 200

    lineage = api.post("/v1/memory/lineage", {"memory_id": mid, "max_steps": 500}).body
    explained = api.get(f"/v1/memory/{mid}/explain").body
    assert "draft" not in str(lineage) and "draft" not in str(explained)
    items = backend.dynamodb.scan(TableName=backend.table_name)["Items"]
    assert not [i for i in items if "draft" in str(i.get("content", ""))]


def test_a_revise_that_read_before_a_delete_cannot_write_back(api: ApiClient, backend: Any) -> None:
    from twinmem import errors
    from twinmem.aws import store

    api.post("/v1/memory/items", {"items": [{"content": "hello"}]})
    mid = api.post("/v1/memory/append", {"content": "the first text"}).body["memory_id"]
    api.put(f"/v1/memory/{mid}", {"content": "the second text"})
    tenant = "local"
    stale = store.get_memory(tenant, "user_42", mid)  # a PUT read it ...
    assert stale is not None
    assert api.delete(f"/v1/memory/{mid}").status == 200  # ... then the DELETE committed

    with pytest.raises(errors.Conflict):
        store.revise_memory(tenant, "user_42", stale, "the third text", stale.updated_at)

    items = backend.dynamodb.scan(TableName=backend.table_name)["Items"]
    assert not [i for i in items if "text" in str(i.get("content", ""))]


@pytest.mark.parametrize(
    "bad",
    [
        {"id": "a", "content": "dup"},
        {"id": "c", "content": "far future", "said_at": "9999-12-31T23:59:59-14:00"},
    ],
)
def test_a_refused_items_call_stores_nothing(api: ApiClient, backend: Any, bad: dict[str, Any]) -> None:
    body = {"items": [{"id": "a", "content": "I live in Oslo."}, {"id": "b", "content": "I work at Acme."}, bad]}

    reply = api.post("/v1/memory/items", body, account="fresh_user")
    backend.drain()

    assert 400 <= reply.status < 500
    assert api.post("/v1/memory/history", {"subject": "user"}, account="fresh_user").status == 404
    items = backend.dynamodb.scan(TableName=backend.table_name)["Items"]
    assert "fresh_user" not in str([i["pk"] for i in items])


def test_evidence_count_counts_confirmations(api: ApiClient, backend: Any) -> None:
    api.post(
        "/v1/memory/items",
        {
            "items": [
                {"id": "r1", "content": "I live in Porto.", "said_at": "2026-01-01T09:00:00Z"},
                {"id": "r2", "content": "I live in Porto.", "said_at": "2026-02-01T09:00:00Z"},
                {"id": "r3", "content": "I still live in Porto.", "said_at": "2026-03-01T09:00:00Z"},
            ]
        },
    )
    backend.drain()
    ids = [a["memory_id"] for a in api.post("/v1/memory/history", {"subject": "user"}).body["assertions"]]

    newest = api.get(f"/v1/memory/{ids[-1]}/explain").body
    found = api.post("/v1/memory/retrieve", {"query": "Porto"}).body["memories"]

    assert newest["memory"]["evidence_count"] == 3
    assert [m["evidence_count"] for m in found if m["memory_id"] == ids[-1]] == [3]


def test_a_replaced_value_ends_on_the_same_day_everywhere(api: ApiClient, backend: Any) -> None:
    api.post(
        "/v1/memory/items",
        {
            "items": [
                {"id": "h1", "content": "I live in Seoul.", "said_at": "2026-03-02T09:00:00Z"},
                {"id": "h2", "content": "I moved to Busan.", "said_at": "2026-06-11T09:00:00Z"},
            ]
        },
    )
    backend.drain()
    seoul = api.post("/v1/memory/history", {"subject": "user"}).body["assertions"][0]["memory_id"]

    by_valid = api.post("/v1/memory/retrieve", {"query": "Seoul", "as_of": "2026-04-01T00:00:00Z"}).body
    explained = api.get(f"/v1/memory/{seoul}/explain").body
    lineage = api.post("/v1/memory/lineage", {"memory_id": seoul}).body

    shown = next(m for m in by_valid["memories"] if m.get("memory_id") == seoul)
    assert shown["valid_to"] is not None
    assert explained["memory"]["valid_to"] == shown["valid_to"]
    assert lineage["chain"][0]["valid_to"] == shown["valid_to"]


def test_a_transaction_axis_read_shows_the_memory_as_it_was(api: ApiClient, backend: Any) -> None:
    import time

    api.post("/v1/memory/items", {"items": [{"content": "hello"}]})
    mid = api.post("/v1/memory/append", {"content": "quarterly plan alpha"}).body["memory_id"]
    time.sleep(0.02)
    from datetime import UTC, datetime

    between = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    time.sleep(0.02)
    api.put(f"/v1/memory/{mid}", {"content": "quarterly plan beta"})

    then = api.post(
        "/v1/memory/retrieve", {"query": "quarterly plan", "as_of": between, "as_of_axis": "transaction"}
    ).body["memories"]

    shown = next(m for m in then if m.get("memory_id") == mid)
    assert shown["content"] == "quarterly plan alpha"
    assert shown["revision"] == 1
    assert shown["updated_at"] <= between
    assert shown["status"] == "active" and shown["superseded_at"] is None


def test_an_as_of_brief_leaves_out_values_said_after_it(api: ApiClient, backend: Any) -> None:
    api.post(
        "/v1/memory/items",
        {
            "items": [
                {"id": "k1", "content": "I live in Seoul.", "said_at": "2026-03-02T09:00:00Z"},
                {"id": "k2", "content": "I moved to Busan.", "said_at": "2026-06-11T09:00:00Z"},
            ]
        },
    )
    backend.drain()

    then = api.post(
        "/v1/memory/retrieve", {"query": "where do I live", "subject": "user", "as_of": "2026-04-01T00:00:00Z"}
    ).body

    assert "Busan" not in " ".join(then["known"]) and "Busan" not in then["brief"]
    assert "Seoul" in " ".join(then["known"])


def test_the_feed_says_null_once_read_to_its_end(api: ApiClient, backend: Any) -> None:
    api.post("/v1/memory/items", {"items": [{"content": "hello"}]})
    api.post("/v1/memory/append", {"content": "one"})

    page = api.get("/v1/memory/changes?limit=50").body

    assert len(page["changes"]) == 1 and page["next_cursor"] is None


def test_a_cursor_past_the_newest_entry_is_an_empty_page(api: ApiClient, backend: Any) -> None:
    """Real DynamoDB refuses `BETWEEN :a AND :b` with a > b (moto answers 200): emulate it, the feed must not ask."""
    from botocore.exceptions import ClientError

    from twinmem import feed
    from twinmem.aws import store

    api.post("/v1/memory/items", {"items": [{"content": "hello"}]})
    api.post("/v1/memory/append", {"content": "one"})

    def as_dynamodb_does(params: dict[str, Any], **kwargs: Any) -> None:
        values = params.get("ExpressionAttributeValues", {})
        if "BETWEEN" in params.get("KeyConditionExpression", "") and values[":a"]["S"] > values[":u"]["S"]:
            raise ClientError(
                {
                    "Error": {
                        "Code": "ValidationException",
                        "Message": "Invalid KeyConditionExpression:"
                        " the BETWEEN operator requires upper bound to be greater than or equal"
                        " to lower bound",
                    }
                },
                "Query",
            )

    store.client().meta.events.register_first("before-parameter-build.dynamodb.Query", as_dynamodb_does)
    try:
        reply = api.get(f"/v1/memory/changes?cursor={feed._encode('9999999999999#zzz', 0)}")
        moved = api.get("/v1/memory/revisions?since=99999999999999")
    finally:
        store.reset()

    assert reply.status == 200 and reply.body["changes"] == [] and reply.body["next_cursor"] is None
    assert moved.status == 200 and moved.body["changes"] == {}
