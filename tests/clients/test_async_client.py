"""twinmem_client.AsyncClient against the local server: the sync Client's routes, awaited, with the same answers."""

from __future__ import annotations

import asyncio
import inspect
import json
import uuid
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import httpx
import pytest
from twinmem_client import (
    AsyncClient,
    Client,
    ConnectionFailed,
    InvalidBody,
    NotFound,
    Unauthorized,
    Unavailable,
    models,
)
from twinmem_client.calls import Routes, route

from tests.clients.conftest import ADMIN, Seeded

pytestmark = pytest.mark.e2e
T = TypeVar("T")


def run(make: Callable[[], Awaitable[T]]) -> T:
    return asyncio.run(make())  # type: ignore[arg-type]


def test_reads_are_the_sync_clients_answers(seeded: Seeded) -> None:
    async def reads() -> tuple[Any, ...]:
        async with AsyncClient(seeded.server, seeded.key, seeded.account) as tm:
            return await asyncio.gather(  # at once, on one connection pool
                tm.history("User"),
                tm.known(),
                tm.lineage(seeded.berlin),
                tm.explain(seeded.lisbon),
                tm.history("nobody at all"),
                tm.retrieve("where do I live", limit=5),
            )

    hit, known, chain, why, miss, found = run(reads)

    assert isinstance(hit, models.HistoryHit) and [a.value for a in hit.assertions] == ["Berlin", "Lisbon"]
    assert isinstance(miss, models.HistoryMiss) and miss.subjects == ["user"]
    assert [s.memory_id for s in chain.chain] == [seeded.berlin, seeded.lisbon]
    assert isinstance(why, models.ExplainOut) and why.evidence[0]["text"] == "I moved to Lisbon."
    assert isinstance(found, models.RetrieveOut) and "Lisbon" in found.brief
    with seeded.client() as sync:
        assert hit == sync.history("User")
        assert known == sync.known()
        assert chain == sync.lineage(seeded.berlin)
        assert why.trust == sync.explain(seeded.lisbon).trust


def test_writes_the_feed_and_another_end_user(server: str, write_key: str) -> None:
    account = f"async_{uuid.uuid4().hex[:8]}"
    turns = [
        {"role": "user", "content": f"Note {i}.", "said_at": f"2025-01-{i + 1:02d}T10:00:00Z"} for i in range(5)
    ] + [{"role": "user", "content": "I live in Porto.", "said_at": "2025-02-01T10:00:00Z"}]

    async def scenario() -> None:
        async with AsyncClient(server, write_key, account) as tm:
            counted: list[int] = []
            ids = await tm.add_all(turns, batch=2, progress=counted.append)
            assert len(ids) == 6 and counted == [2, 4, 6]
            assert (await tm.get_item(ids[0])).content == "Note 0."
            memory = await tm.append("Prefers window seats.", subject="user", attribute="seat", value="window")
            assert (await tm.revise(memory.memory_id, "Prefers aisle seats.")).content == "Prefers aisle seats."
            assert (await tm.feedback(memory.memory_id, "used")).usage.used == 1
            for _ in range(150):  # extraction runs in the background
                hit = await tm.history("user", "home_city")
                if isinstance(hit, models.HistoryHit):
                    break
                await asyncio.sleep(0.2)
            assert isinstance(hit, models.HistoryHit) and hit.assertions[0].value == "Porto"
            feed = [c async for c in tm.iter_changes(limit=1)]
            assert {c.memory_id for c in feed if c.kind == "ADD"} == {memory.memory_id, hit.assertions[0].memory_id}
            assert (await tm.changes(feed[-1].cursor)).changes == []
            other = tm.for_account(f"{account}_other")
            with pytest.raises(NotFound, match="no memory for end user"):
                await other.known()
            assert tm.account == account  # for_account leaves this one as it was

    run(scenario)


def test_errors_raise_the_sync_clients_classes(server: str, seeded: Seeded) -> None:
    async def errors() -> None:
        with pytest.raises(Unauthorized):
            await AsyncClient(server, "tm_not_a_key_0000000000000", seeded.account).known()
        async with AsyncClient(server, seeded.key, seeded.account) as tm:
            with pytest.raises(InvalidBody) as invalid:
                await tm.retrieve("x", limit=500)
            assert invalid.value.field == "limit"
            with pytest.raises(ValueError, match="acts on an end user"):
                await AsyncClient(server, seeded.key).known()
        with pytest.raises(ConnectionFailed):
            await AsyncClient("http://127.0.0.1:1", seeded.key, "a", timeout=2).known()

    run(errors)


def test_503_is_retried_after_retry_after_without_blocking_and_bounded() -> None:
    answers = [503, 503, 200]
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        status = answers[min(len(seen), len(answers)) - 1]
        body = {"lines": [], "text": "x"} if status == 200 else {"error": "at capacity, retry later", "retry_after": 2}
        return httpx.Response(status, headers={"Retry-After": "2"}, content=json.dumps(body).encode())

    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    async def scenario() -> None:
        tm = AsyncClient("http://twinmem.test", ADMIN, "u", transport=httpx.MockTransport(handler), sleep=sleep)
        assert (await tm.known()).lines == []
        assert slept == [2.0, 2.0] and len(seen) == 3
        assert seen[0].headers["X-Twin-Account"] == "u" and seen[0].headers["Authorization"] == f"Bearer {ADMIN}"
        answers[:] = [503]
        slept.clear()
        bounded = AsyncClient(
            "http://twinmem.test", ADMIN, "u", transport=httpx.MockTransport(handler), sleep=sleep, max_retries=1
        )
        with pytest.raises(Unavailable):
            await bounded.known()
        assert slept == [2.0]

    run(scenario)


def test_both_clients_have_every_route_and_the_same_extras() -> None:
    routes = {name for name, value in vars(Routes).items() if isinstance(value, route)}
    public = lambda cls: {n for n in dir(cls) if not n.startswith("_")}  # noqa: E731

    assert len(routes) == 24
    assert public(Client) == (public(AsyncClient) - {"aclose"}) | {"close"}
    tm = AsyncClient("http://twinmem.test", ADMIN, "u")
    assert all(inspect.iscoroutinefunction(getattr(tm, name)) for name in routes | {"add_all", "request", "send"})
    assert inspect.isasyncgenfunction(tm.iter_changes)
    assert Client.history.__doc__ == AsyncClient.history.__doc__ and "HistoryMiss" in (Client.history.__doc__ or "")
