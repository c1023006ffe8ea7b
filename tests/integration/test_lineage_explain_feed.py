"""A memory walked through three relocations and a correction: lineage from every id, explain, the feed."""

from __future__ import annotations

from typing import Any

from tests.conftest import ApiClient

MOVES = [
    {"id": "m1", "content": "I live in Seoul.", "said_at": "2026-03-02T09:00:00Z"},
    {"id": "m2", "content": "I moved to Busan last month.", "said_at": "2026-06-11T09:00:00Z"},
    {"id": "m3", "content": "We relocated to Tokyo.", "said_at": "2026-08-20T09:00:00Z"},
    {"id": "m4", "content": "I moved to Osaka.", "said_at": "2026-10-01T09:00:00Z"},
]


def _walk(api: ApiClient, backend: Any) -> list[str]:
    """Four relocations, then the third corrected as read wrongly. Returns the memory ids, oldest first."""
    for move in MOVES:
        api.post("/v1/memory/items", {"items": [move]})
        backend.drain()
    history = api.post("/v1/memory/history", {"subject": "me", "attribute": "home_city"}).body
    assert [a["value"] for a in history["assertions"]] == ["Seoul", "Busan", "Tokyo", "Osaka"]
    corrected = api.post(
        "/v1/memory/corrections",
        {"subject": "user", "attribute": "home_city", "value": "Tokyo", "reason": "misheard: it was a trip"},
    )
    assert corrected.status == 201
    return [a["memory_id"] for a in history["assertions"]]


def test_lineage_is_the_same_chain_from_every_id(api: ApiClient, backend: Any) -> None:
    ids = _walk(api, backend)

    chains = [api.post("/v1/memory/lineage", {"memory_id": mid}).body for mid in ids]

    for mid, reply in zip(ids, chains, strict=True):
        assert reply["memory_id"] == mid
        assert reply["chain"] == chains[0]["chain"]
    chain = chains[0]["chain"]
    assert chains[0]["count"] == 4 and chains[0]["truncated"] is False
    assert [s["memory_id"] for s in chain] == ids
    assert [s["action"] for s in chain] == ["replaced", "replaced", "corrected", None]
    assert [s["is_current"] for s in chain] == [False, False, False, True]
    assert [s["superseded_by"] for s in chain] == [ids[1], ids[2], ids[3], None]
    assert chain[0]["changed_at"] is not None and chain[3]["changed_at"] is None
    assert all(0 <= s["confidence"] <= 1 for s in chain[:3])
    assert chain[1]["content"] == "I moved to Busan last month."
    assert chain[1]["valid_from"] == "2026-05-01T00:00:00Z"


def test_lineage_truncates_to_the_oldest_steps(api: ApiClient, backend: Any) -> None:
    ids = _walk(api, backend)

    reply = api.post("/v1/memory/lineage", {"memory_id": ids[-1], "max_steps": 2}).body

    assert reply["truncated"] is True and reply["count"] == 2
    assert [s["memory_id"] for s in reply["chain"]] == ids[:2]


def test_history_hides_the_correction_unless_asked(api: ApiClient, backend: Any) -> None:
    _walk(api, backend)

    hidden = api.post("/v1/memory/history", {"subject": "user", "attribute": "home_city"}).body
    shown = api.post(
        "/v1/memory/history", {"subject": "user", "attribute": "home_city", "include_retracted": True}
    ).body
    known = api.post("/v1/memory/known", {"subjects": ["user"]}).body["lines"]

    assert [a["value"] for a in hidden["assertions"]] == ["Seoul", "Busan", "Osaka"]
    assert [a["value"] for a in shown["assertions"]] == ["Seoul", "Busan", "Tokyo", "Osaka"]
    assert [a.get("retracted") for a in shown["assertions"]] == [None, None, True, None]
    assert known == ["- user · home_city: Osaka [said 2026-10-01]; Busan [said 2026-06-11]; Seoul [said 2026-03-02]"]


def test_explain_answers_every_section(api: ApiClient, backend: Any) -> None:
    ids = _walk(api, backend)
    api.put("/v1/settings", {"trust": {"authority": {"user": 0.5}}}, account=None)
    derived = api.post("/v1/memory/append", {"content": "Plans trips around Osaka", "derived_from": [ids[3]]})
    api.post("/v1/memory/feedback", {"memory_id": ids[3], "outcome": "used"})

    busan = api.get(f"/v1/memory/{ids[1]}/explain").body
    osaka = api.get(f"/v1/memory/{ids[3]}/explain").body
    tokyo = api.get(f"/v1/memory/{ids[2]}/explain").body

    assert busan["memory"]["memory_id"] == ids[1] and busan["memory"]["status"] == "superseded"
    assert busan["memory"]["superseded_at"] is not None
    assert set(busan["trust"]) == {
        "confidence",
        "evidence",
        "freshness",
        "utility",
        "source_authority",
        "contradiction_risk",
        "score",
    }
    assert busan["trust"]["source_authority"] == 0.5
    assert busan["lineage"]["supersedes"] == ids[0] and busan["lineage"]["superseded_by"] == ids[2]
    assert [s["memory_id"] for s in busan["lineage"]["chain"]] == ids
    (ev,) = busan["evidence"]
    assert ev["text"] == "I moved to Busan last month."
    assert ev["passage"] == ev["text"][ev["span"][0] : ev["span"][1]]
    assert ev["extraction_method"] == "rule" and ev["event_id"].startswith("ev_")
    assert [h["event"] for h in busan["history"]] == ["ADD", "SUPERSEDED"]
    assert [h["event"] for h in tokyo["history"]] == ["ADD", "CORRECTED"]
    assert tokyo["history"][1]["reason"] == "misheard: it was a trip"
    assert tokyo["trust"]["confidence"] == 0
    assert osaka["usage"] == {"retrieved": 0, "used": 1, "ignored": 0}
    assert osaka["dependents"]["count"] == 1
    assert osaka["dependents"]["examples"][0]["memory_id"] == derived.body["memory_id"]
    assert osaka["contradictions"] == []


def test_explain_shows_a_deleted_source_and_redacts_a_private_one(api: ApiClient, backend: Any) -> None:
    api.post("/v1/memory/items", {"items": [{"content": "hello"}]})
    agent_key = api.post("/v1/keys", {"scope": "write", "agent_id": "planner"}, account=None).body["key"]
    private = api.post(
        "/v1/memory/append", {"content": "planner's scratch note", "visibility": "private"}, key=agent_key
    ).body["memory_id"]
    gone = api.post("/v1/memory/append", {"content": "to be forgotten"}).body["memory_id"]
    child = api.post("/v1/memory/append", {"content": "summary", "derived_from": [private, gone]}).body["memory_id"]
    api.delete(f"/v1/memory/{gone}")

    mine = api.get(f"/v1/memory/{child}/explain").body
    hidden = api.get(f"/v1/memory/{private}/explain")

    assert {"memory_id": private, "redacted": True} in mine["lineage"]["derived_from"]
    assert any(x["memory_id"] == gone and x.get("deleted") for x in mine["lineage"]["derived_from"])
    assert "DEPENDENT_STALE" in [h["event"] for h in mine["history"]]
    assert mine["memory"]["status"] == "stale"
    assert hidden.status == 404
    assert api.get(f"/v1/memory/{private}/explain", key=agent_key).status == 200


def test_a_repeat_merges_evidence(api: ApiClient, backend: Any) -> None:
    api.post(
        "/v1/memory/items",
        {
            "items": [
                {"content": "I live in NYC.", "said_at": "2026-01-01T09:00:00Z"},
                {"content": "I live in New York City.", "said_at": "2026-02-01T09:00:00Z"},
            ]
        },
    )
    backend.drain()
    first, second = (a["memory_id"] for a in api.post("/v1/memory/history", {"subject": "me"}).body["assertions"])

    chain = api.post("/v1/memory/lineage", {"memory_id": first}).body["chain"]
    explained = api.get(f"/v1/memory/{second}/explain").body
    known = api.post("/v1/memory/known", {}).body["lines"]

    assert [s["action"] for s in chain] == ["repeated", None]
    assert "MERGE" in [h["event"] for h in explained["history"]]
    assert explained["trust"]["evidence"] == 0.75  # said twice: 1 - 0.5 ** 2
    assert known == ["- user · home_city: New York City [said 2026-02-01]"]


def test_the_feed_lists_every_change_in_order_once(api: ApiClient, backend: Any) -> None:
    ids = _walk(api, backend)
    note = api.post("/v1/memory/append", {"content": "note"}).body["memory_id"]
    api.put(f"/v1/memory/{note}", {"content": "note, revised"})
    api.delete(f"/v1/memory/{note}")
    api.put("/v1/settings", {"trust": {"authority": {"document": 0.7}}}, account=None)

    seen: list[tuple[str, str | None]] = []
    cursor, last = None, ""
    for _ in range(20):
        page = api.get("/v1/memory/changes" + (f"?limit=3&cursor={cursor}" if cursor else "?limit=3")).body
        seen += [(c["kind"], c["memory_id"]) for c in page["changes"]]
        last = page["changes"][-1]["cursor"] if page["changes"] else last
        cursor = page["next_cursor"]
        if cursor is None:  # read to its end
            break
    again = api.get(f"/v1/memory/changes?cursor={last}").body  # a poller asks again from its last change

    assert seen == [
        ("ADD", ids[0]),
        ("ADD", ids[1]),
        ("SUPERSEDED", ids[0]),
        ("ADD", ids[2]),
        ("SUPERSEDED", ids[1]),
        ("ADD", ids[3]),
        ("SUPERSEDED", ids[2]),
        ("CORRECTED", ids[2]),
        ("ADD", note),
        ("UPDATE", note),
        ("DELETE", note),
        ("SETTINGS", None),
    ]
    assert again == {"changes": [], "next_cursor": None}
    assert "content" not in str(seen)


def test_revisions_says_how_much_moved(api: ApiClient, backend: Any) -> None:
    _walk(api, backend)

    everything = api.get("/v1/memory/revisions").body
    note = api.post("/v1/memory/append", {"content": "note"}).body["memory_id"]
    api.put(f"/v1/memory/{note}", {"content": "note 2"})
    since = api.get(f"/v1/memory/revisions?since={everything['revision']}").body

    assert everything["changes"] == {"ADD": 4, "SUPERSEDED": 3, "CORRECTED": 1}
    assert since["changes"] == {"ADD": 1, "UPDATE": 1} and since["revision"] > everything["revision"]


def test_the_feed_holds_back_entries_younger_than_the_settle_window(api: ApiClient, monkeypatch: Any) -> None:
    from twinmem import config

    api.post("/v1/memory/items", {"items": [{"content": "hello"}]})
    api.post("/v1/memory/append", {"content": "fresh"})
    monkeypatch.setenv("TWINMEM_FEED_SETTLE_SECONDS", "60")
    config.settings.cache_clear()
    held = api.get("/v1/memory/changes").body
    monkeypatch.setenv("TWINMEM_FEED_SETTLE_SECONDS", "0")
    config.settings.cache_clear()

    assert held == {"changes": [], "next_cursor": None}
    assert len(api.get("/v1/memory/changes").body["changes"]) == 1


def test_a_warm_container_reads_a_known_chain_with_one_query(api: ApiClient, backend: Any, calls: list[Any]) -> None:
    ids = _walk(api, backend)
    api.post("/v1/memory/lineage", {"memory_id": ids[0]})  # this container now knows where the chain lives
    calls.clear()

    reply = api.post("/v1/memory/lineage", {"memory_id": ids[2]})

    assert [s["memory_id"] for s in reply.body["chain"]] == ids
    assert [op for op, _ in calls] == ["query"]
