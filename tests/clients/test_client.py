"""twinmem_client.Client: every route against the local server, typed with the API's models; errors by class."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from twinmem_client import (
    BadAccount,
    Client,
    Conflict,
    ConnectionFailed,
    Forbidden,
    InvalidBody,
    NotFound,
    PayloadTooLarge,
    ServerError,
    Unauthorized,
    Unavailable,
    UnsupportedMediaType,
    models,
)

from tests.clients.conftest import ADMIN, Seeded, seed

pytestmark = pytest.mark.e2e


def test_reads_are_typed_with_the_api_models(seeded: Seeded) -> None:
    with seeded.client() as tm:
        hit = tm.history("User")
        assert isinstance(hit, models.HistoryHit)
        assert [(a.value, a.said_at) for a in hit.assertions] == [("Berlin", "2024-06-01"), ("Lisbon", "2026-10-01")]
        known = tm.known()
        assert isinstance(known, models.KnownOut)
        assert known.lines == ["- user · home_city: Lisbon [said 2026-10-01]; Berlin [said 2024-06-01]"]
        found = tm.retrieve("where do I live", limit=5)
        assert isinstance(found, models.RetrieveOut) and "Lisbon" in found.brief
        assert all(isinstance(r, models.Retrieved) for r in found.memories)
        chain = tm.lineage(seeded.berlin)
        assert [s.memory_id for s in chain.chain] == [seeded.berlin, seeded.lisbon]
        assert [s.is_current for s in chain.chain] == [False, True] and chain.chain[0].action == "replaced"
        why = tm.explain(seeded.lisbon)
        assert isinstance(why, models.ExplainOut) and why.memory.memory_id == seeded.lisbon
        assert why.evidence[0]["text"] == "I moved to Lisbon."
        miss = tm.history("nobody at all")
        assert isinstance(miss, models.HistoryMiss) and miss.subjects == ["user"]
        past = tm.retrieve("where do I live", as_of=datetime(2025, 1, 1, tzinfo=UTC), as_of_axis="valid")
        assert "Lisbon" not in past.brief and "Berlin" in past.brief
        assert tm.revisions(0).revision > 0


def test_writes_items_memories_profile_feedback(server: str, write_key: str) -> None:
    s = seed(server, write_key)
    with s.client() as tm:
        assert tm.set_profile("Alice Chen").name == "Alice Chen"
        assert isinstance(tm.history("alice chen"), models.HistoryHit)
        again = tm.add(
            [{"id": "t1", "role": "user", "content": "I live in Berlin.", "said_at": "2024-06-01T10:00:00Z"}]
        )  # a client id sent again adds nothing
        item = tm.get_item(again.event_ids[0])
        assert item.content == "I live in Berlin."
        edited = tm.edit_item(item.event_id, "I live in Hamburg.")
        assert edited.version == 2 and [v.content for v in edited.versions] == ["I live in Berlin."]
        mem = tm.append(
            "Prefers window seats",
            subject="Alice Chen",
            attribute="seat",
            value="window",
            valid_from=datetime(2026, 1, 1, tzinfo=UTC),
        )
        assert tm.revise(mem.memory_id, "Prefers aisle seats").content == "Prefers aisle seats"
        assert tm.feedback(mem.memory_id, "used").usage.used == 1
        assert tm.correct("Alice Chen", "seat", "window", reason="misheard").count == 1
        assert tm.delete(mem.memory_id).status == "deleted"
        with pytest.raises(ValueError, match="timezone"):
            tm.retrieve("x", as_of=datetime(2026, 1, 1))


def test_keys_settings_and_rebuild_with_an_admin_key(admin: Client, write_key: str) -> None:
    minted = admin.create_key("read", "reader")
    assert minted.key.startswith("tm_") and minted.scope == "read"
    assert minted.id in {k.id for k in admin.list_keys().keys}
    assert admin.revoke_key(minted.id).revoked_at
    with pytest.raises(Unauthorized, match="not a key this service issued"):
        Client(admin.base_url, minted.key, "a").known()
    assert admin.put_settings({"user": 0.8}).trust.authority == {"user": 0.8}
    assert admin.get_settings().retention_days is None
    admin.put_settings()
    assert admin.openapi()["openapi"].startswith("3.")


def test_the_change_feed_is_read_by_cursor(seeded: Seeded) -> None:
    with seeded.client() as tm:
        everything = list(tm.iter_changes(limit=1))  # one change a page: every page's cursor is followed
        mine = [c for c in everything if c.memory_id]  # SETTINGS changes (the tenant's) show in every feed
        assert [c.kind for c in mine] == ["ADD", "ADD", "SUPERSEDED"]
        assert {c.memory_id for c in mine} == {seeded.berlin, seeded.lisbon}
        assert list(tm.iter_changes(everything[0].cursor)) == everything[1:]
        assert tm.changes(everything[-1].cursor).next_cursor is None


def test_each_error_status_raises_its_class_with_the_contract_message(server: str, seeded: Seeded) -> None:
    with pytest.raises(NotFound, match="no memory for end user 'never_seen' yet"):
        Client(server, seeded.key, "never_seen").known()
    with pytest.raises(Unauthorized) as unauthorized:
        Client(server, "tm_not_a_key_0000000000000", seeded.account).known()
    assert unauthorized.value.status == 401 and unauthorized.value.request_id
    with pytest.raises(BadAccount, match="X-Twin-Account"):
        Client(server, seeded.key, "no spaces allowed").known()
    with pytest.raises(Forbidden) as forbidden:
        seeded.client().rebuild()
    assert (forbidden.value.needs, forbidden.value.scope) == ("admin", "write")
    with pytest.raises(InvalidBody) as invalid:
        seeded.client().retrieve("x", limit=500)
    assert invalid.value.field == "limit" and "less than or equal to 50" in (invalid.value.why or "")
    with pytest.raises(PayloadTooLarge, match="body too large"):
        seeded.client().add([{"content": "€" * 32_000}] * 50)  # 4.8 MB in UTF-8
    with pytest.raises(ConnectionFailed):
        Client("http://127.0.0.1:1", seeded.key, "a", timeout=2).known()


def _answer(status: int, body: Any, headers: dict[str, str] | None = None) -> httpx.Response:
    return httpx.Response(
        status, headers={"Content-Type": "application/json", **(headers or {})}, content=json.dumps(body).encode()
    )


@pytest.mark.parametrize(
    ("status", "cls", "body"),
    [
        (400, BadAccount, {"error": "missing X-Twin-Account"}),
        (401, Unauthorized, {"error": "not a key this service issued"}),
        (403, Forbidden, {"error": "this call needs a write key", "needs": "write", "scope": "read"}),
        (404, NotFound, {"error": "no memory for end user 'u' yet"}),
        (409, Conflict, {"error": "it changed meanwhile: read it again and retry"}),
        (413, PayloadTooLarge, {"error": "body too large"}),
        (415, UnsupportedMediaType, {"error": "send the body as application/json", "content_type": "text/plain"}),
        (422, InvalidBody, {"error": "invalid body", "field": "items.0.content", "why": "too long"}),
        (503, Unavailable, {"error": "this end user is being rebuilt", "retry_after": 1}),
        (500, ServerError, {"error": "internal error", "request_id": "req_1"}),
    ],
)
def test_every_status_has_its_class(status: int, cls: type[Exception], body: dict[str, Any]) -> None:
    transport = httpx.MockTransport(lambda _: _answer(status, body, {"Retry-After": "1"}))
    client = Client("http://twinmem.test", ADMIN, "u", transport=transport, sleep=lambda _: None)
    with pytest.raises(cls) as raised:
        client.known()
    assert raised.value.message == body["error"]  # type: ignore[attr-defined]


def test_503_is_retried_after_retry_after_and_bounded() -> None:
    calls: list[httpx.Request] = []
    answers = [_answer(503, {"error": "at capacity, retry later", "retry_after": 2}, {"Retry-After": "2"})] * 2 + [
        _answer(200, {"lines": [], "text": "Values as stated, newest said first:"})
    ]

    def handler(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        return answers[len(calls) - 1]

    slept: list[float] = []
    client = Client("http://twinmem.test", ADMIN, "u", transport=httpx.MockTransport(handler), sleep=slept.append)
    assert client.known().lines == []
    assert slept == [2.0, 2.0] and len(calls) == 3

    slept.clear()
    always = httpx.MockTransport(lambda _: _answer(503, {"error": "at capacity, retry later"}, {"Retry-After": "600"}))
    bounded = Client(
        "http://twinmem.test", ADMIN, "u", transport=always, sleep=slept.append, max_retries=2, max_retry_wait=5
    )
    with pytest.raises(Unavailable, match="at capacity"):
        bounded.known()
    assert slept == [5.0, 5.0]  # never longer than max_retry_wait, never more than max_retries
