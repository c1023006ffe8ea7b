"""`Client(base_url, key, account)`: one method per route of the twinmem API, typed with the API's models.

What each route sends and how its answer is read is declared once, in `twinmem_client.calls`, for this
client and for `AsyncClient` (twinmem_client.aio); this one sends with httpx.Client.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, ParamSpec, TypeVar

import httpx

from twinmem_client import calls
from twinmem_client import models as m
from twinmem_client.calls import Call, Item, Routes
from twinmem_client.errors import ConnectionFailed, TwinmemError

T = TypeVar("T")
P = ParamSpec("P")

__all__ = ["Client", "wait_for"]


class Client(Routes):
    """A twinmem end user's memory, over HTTP.

    `key` is a `tm_…` secret the service issued; `account` is the end user (X-Twin-Account) the
    `/v1/memory/*` calls act on. Any of the three may come from TWINMEM_URL, TWINMEM_KEY and
    TWINMEM_ACCOUNT (`Client.from_env()`). A 503 is retried after its Retry-After delay, at most
    `max_retries` times and never waiting more than `max_retry_wait` seconds at once; every other
    error raises its own `TwinmemError` subclass at once.
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
        transport: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        headers = self._connect(base_url, key, account, max_retries, max_retry_wait)
        self._sleep = sleep
        self._http = httpx.Client(base_url=self.base_url, timeout=timeout, transport=transport, headers=headers)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ the one place a call is made

    def request(
        self,
        method: str,
        path: str,
        *,
        json: Any = None,
        params: Mapping[str, Any] | None = None,
        end_user: bool = True,
    ) -> Any:
        """Send one call and return its JSON; raise the status's exception, retrying 503 as described above."""
        headers = calls.account_header(self.account, end_user)
        attempt = 0
        while True:
            try:
                resp = self._http.request(method, path, json=json, params=params, headers=headers)
            except httpx.TransportError as exc:
                raise ConnectionFailed(f"cannot reach {self.base_url}: {exc}") from exc
            data, wait = calls.answer(resp, attempt, self.max_retries, self.max_retry_wait)
            if wait is None:
                return data
            attempt += 1
            self._sleep(wait)

    def send(self, call: Call[T]) -> T:
        """Send a built call (twinmem_client.calls) and read its answer."""
        return call.parse(
            self.request(call.method, call.path, json=call.json, params=call.params, end_user=call.end_user)
        )

    def bind(self, build: Callable[P, Call[T]]) -> Callable[P, T]:
        """A route of `Routes` as a method of this client: build the call, send it, read the answer."""

        def method(*args: P.args, **kwargs: P.kwargs) -> T:
            return self.send(build(*args, **kwargs))

        method.__doc__, method.__name__ = build.__doc__, build.__name__
        return method

    # ------------------------------------------------------------------ what is more than one call

    def add_all(
        self, items: Iterable[Item], batch: int = 100, progress: Callable[[int], None] | None = None
    ) -> list[str]:
        """Post any number of items in calls of `batch` (≤ 100); the event ids in order."""
        ids: list[str] = []
        for chunk in calls.batches(items, batch):
            ids += self.add(chunk).event_ids
            if progress:
                progress(len(ids))
        return ids

    def iter_changes(
        self, cursor: str | None = None, *, limit: int = 100, follow: bool = False, poll_interval: float = 1.0
    ) -> Iterator[m.Change]:
        """Every change after `cursor`, page by page until `next_cursor` is null; with `follow`, keep
        polling from the last change seen (stop by breaking out of the loop)."""
        while True:
            page = self.changes(cursor, limit)
            yield from page.changes
            cursor, more = calls.next_page(page, cursor)
            if more:
                continue
            if not follow:
                return
            self._sleep(poll_interval)


def wait_for(check: Callable[[], bool], timeout: float = 10.0, interval: float = 0.2) -> bool:
    """Poll `check` until it holds or `timeout` passes (extraction runs in the background: a second or so)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if check():
                return True
        except TwinmemError:
            pass
        if time.monotonic() >= deadline:
            return False
        time.sleep(interval)
