"""`AsyncClient(base_url, key, account)`: the same routes as `Client`, awaited (httpx.AsyncClient).

    async with AsyncClient("http://127.0.0.1:3000", "tm_…", "user_42") as tm:
        await tm.add([{"role": "user", "content": "I moved to Lisbon last week."}])
        print((await tm.known()).text)

What each route sends and how its answer is read is `Client`'s (twinmem_client.calls): only sending
differs. A 503 is retried after Retry-After (bounded) with `asyncio.sleep`, not blocking the loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping
from typing import Any, ParamSpec, TypeVar

import httpx

from twinmem_client import calls
from twinmem_client import models as m
from twinmem_client.calls import Call, Item, Routes
from twinmem_client.errors import ConnectionFailed

T = TypeVar("T")
P = ParamSpec("P")

__all__ = ["AsyncClient"]


class AsyncClient(Routes):
    """A twinmem end user's memory, over HTTP, for asyncio: every route method of `Client`, as a coroutine.

    Arguments as `Client`'s; `transport` is an httpx.AsyncBaseTransport and `sleep` a coroutine function.
    """

    def __init__(
        self,
        base_url: str,
        key: str,
        account: str | None = None,
        *,
        timeout: float = 30.0,
        max_retries: int = 3,
        max_retry_wait: float = 30.0,
        transport: httpx.AsyncBaseTransport | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        headers = self._connect(base_url, key, account, max_retries, max_retry_wait)
        self._sleep = sleep
        self._http = httpx.AsyncClient(base_url=self.base_url, timeout=timeout, transport=transport, headers=headers)

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def request(
        self,
        method: str,
        path: str,
        *,
        json: Any = None,
        params: Mapping[str, Any] | None = None,
        end_user: bool = True,
    ) -> Any:
        """Send one call and return its JSON; raise the status's exception, retrying 503 after Retry-After."""
        headers = calls.account_header(self.account, end_user)
        attempt = 0
        while True:
            try:
                resp = await self._http.request(method, path, json=json, params=params, headers=headers)
            except httpx.TransportError as exc:
                raise ConnectionFailed(f"cannot reach {self.base_url}: {exc}") from exc
            data, wait = calls.answer(resp, attempt, self.max_retries, self.max_retry_wait)
            if wait is None:
                return data
            attempt += 1
            await self._sleep(wait)

    async def send(self, call: Call[T]) -> T:
        """Send a built call (twinmem_client.calls) and read its answer."""
        data = await self.request(call.method, call.path, json=call.json, params=call.params, end_user=call.end_user)
        return call.parse(data)

    def bind(self, build: Callable[P, Call[T]]) -> Callable[P, Awaitable[T]]:
        """A route of `Routes` as a coroutine method of this client."""

        async def method(*args: P.args, **kwargs: P.kwargs) -> T:
            return await self.send(build(*args, **kwargs))

        method.__doc__, method.__name__ = build.__doc__, build.__name__
        return method

    # ------------------------------------------------------------------ what is more than one call

    async def add_all(
        self, items: Iterable[Item], batch: int = 100, progress: Callable[[int], None] | None = None
    ) -> list[str]:
        """Post any number of items in calls of `batch` (≤ 100), one after the other; the event ids in order."""
        ids: list[str] = []
        for chunk in calls.batches(items, batch):
            ids += (await self.add(chunk)).event_ids
            if progress:
                progress(len(ids))
        return ids

    async def iter_changes(
        self, cursor: str | None = None, *, limit: int = 100, follow: bool = False, poll_interval: float = 1.0
    ) -> AsyncIterator[m.Change]:
        """Every change after `cursor` (`async for`), as `Client.iter_changes`; with `follow`, keep polling."""
        while True:
            page = await self.changes(cursor, limit)
            for change in page.changes:
                yield change
            cursor, more = calls.next_page(page, cursor)
            if more:
                continue
            if not follow:
                return
            await self._sleep(poll_interval)
