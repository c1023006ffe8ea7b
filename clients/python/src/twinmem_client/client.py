"""`Client(base_url, key, account)`: one method per route of the twinmem API, typed with the API's models."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import datetime
from typing import Any, Literal, TypeVar

import httpx
from pydantic import BaseModel
from pydantic_core import to_jsonable_python

from twinmem_client import models as m
from twinmem_client.errors import ConnectionFailed, TwinmemError, Unavailable, error_for

M = TypeVar("M", bound=BaseModel)
Item = m.ItemIn | Mapping[str, Any]
Time = datetime | str

__all__ = ["Client"]

USER_AGENT = "twinmem-client/0.1.0"


def _time(value: Time | None) -> str | None:
    """An RFC 3339 time with an offset (the API refuses one without)."""
    if value is None or isinstance(value, str):
        return value
    if value.tzinfo is None:
        raise ValueError("give times with a timezone (datetime(..., tzinfo=UTC)): the API refuses naive times")
    return value.isoformat()


def _body(**fields: Any) -> dict[str, Any]:
    """A request body without the fields left unset (None): the service's defaults apply."""
    return {k: to_jsonable_python(v) for k, v in fields.items() if v is not None}


def _item(item: Item) -> dict[str, Any]:
    if isinstance(item, BaseModel):
        return item.model_dump(mode="json", exclude_unset=True, exclude_none=True)
    return {k: to_jsonable_python(v) for k, v in item.items() if v is not None}


class Client:
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
        self.base_url = base_url.rstrip("/")
        self.key = key
        self.account = account
        self.max_retries = max_retries
        self.max_retry_wait = max_retry_wait
        self._sleep = sleep
        self._http = httpx.Client(
            base_url=self.base_url,
            timeout=timeout,
            transport=transport,
            headers={"Authorization": f"Bearer {key}", "User-Agent": USER_AGENT},
        )

    @classmethod
    def from_env(
        cls, base_url: str | None = None, key: str | None = None, account: str | None = None, **options: Any
    ) -> Client:
        """Arguments given win; else TWINMEM_URL (default http://127.0.0.1:3000), TWINMEM_KEY, TWINMEM_ACCOUNT."""
        url = base_url or os.environ.get("TWINMEM_URL") or "http://127.0.0.1:3000"
        secret = key or os.environ.get("TWINMEM_KEY")
        if not secret:
            raise ValueError("no key: pass key= or set TWINMEM_KEY (a tm_… key the service issued)")
        return cls(url, secret, account or os.environ.get("TWINMEM_ACCOUNT") or None, **options)

    def for_account(self, account: str) -> Client:
        """The same connection, acting on another end user."""
        other = object.__new__(Client)
        other.__dict__.update(self.__dict__)
        other.account = account
        return other

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
        headers = {}
        if end_user:
            if not self.account:
                raise ValueError("this call acts on an end user: pass account= (or set TWINMEM_ACCOUNT)")
            headers["X-Twin-Account"] = self.account
        attempt = 0
        while True:
            try:
                resp = self._http.request(method, path, json=json, params=params, headers=headers)
            except httpx.TransportError as exc:
                raise ConnectionFailed(f"cannot reach {self.base_url}: {exc}") from exc
            try:
                payload = resp.json() if resp.content else None
            except ValueError:
                payload = resp.text
            if resp.is_success:
                return payload
            error = error_for(resp.status_code, payload, resp.headers.get("X-Request-Id"))
            if not isinstance(error, Unavailable) or attempt >= self.max_retries:
                raise error
            attempt += 1
            self._sleep(self._retry_delay(resp, error))

    def _retry_delay(self, resp: httpx.Response, error: Unavailable) -> float:
        try:
            wait = float(resp.headers.get("Retry-After", ""))
        except ValueError:
            wait = error.retry_after if error.retry_after is not None else 1.0
        return max(0.0, min(wait, self.max_retry_wait))

    def _call(self, model: type[M], method: str, path: str, **kwargs: Any) -> M:
        return model.model_validate(self.request(method, path, **kwargs))

    # ------------------------------------------------------------------ keys (admin; no end user)

    def create_key(
        self, scope: Literal["read", "write", "admin"], name: str = "", agent_id: str | None = None
    ) -> m.KeyCreated:
        """Mint a key (admin). The secret (`.key`) is shown only this once."""
        return self._call(
            m.KeyCreated, "POST", "/v1/keys", json=_body(scope=scope, name=name, agent_id=agent_id), end_user=False
        )

    def list_keys(self) -> m.KeyList:
        return self._call(m.KeyList, "GET", "/v1/keys", end_user=False)

    def revoke_key(self, key_id: str) -> m.KeyInfo:
        return self._call(m.KeyInfo, "DELETE", f"/v1/keys/{key_id}", end_user=False)

    # ------------------------------------------------------------------ items

    def add(self, items: Iterable[Item]) -> m.ItemsAdded:
        """Post 1..100 items (turns or notes) in one call; extraction runs in the background."""
        return self._call(m.ItemsAdded, "POST", "/v1/memory/items", json={"items": [_item(i) for i in items]})

    def add_all(
        self, items: Iterable[Item], batch: int = 100, progress: Callable[[int], None] | None = None
    ) -> list[str]:
        """Post any number of items in calls of `batch` (≤ 100); the event ids in order."""
        ids: list[str] = []
        chunk: list[Item] = []
        for item in items:
            chunk.append(item)
            if len(chunk) == batch:
                ids += self.add(chunk).event_ids
                chunk = []
                if progress:
                    progress(len(ids))
        if chunk:
            ids += self.add(chunk).event_ids
            if progress:
                progress(len(ids))
        return ids

    def get_item(self, event_id: str) -> m.ItemOut:
        return self._call(m.ItemOut, "GET", f"/v1/memory/items/{event_id}")

    def edit_item(self, event_id: str, content: str) -> m.ItemOut:
        """New text for an item: the old one is kept as a version, what it yielded is withdrawn."""
        return self._call(m.ItemOut, "PUT", f"/v1/memory/items/{event_id}", json={"content": content})

    # ------------------------------------------------------------------ reads

    def history(
        self,
        subject: str,
        attribute: str | None = None,
        *,
        as_of: Time | None = None,
        include_retracted: bool | None = None,
    ) -> m.HistoryHit | m.HistoryMiss:
        """A subject's assertions (a `HistoryMiss` with the nearest subjects when nothing is recorded)."""
        data = self.request(
            "POST",
            "/v1/memory/history",
            json=_body(subject=subject, attribute=attribute, as_of=_time(as_of), include_retracted=include_retracted),
        )
        if isinstance(data, dict) and "error" in data:
            return m.HistoryMiss.model_validate(data)
        return m.HistoryHit.model_validate(data)

    def known(self, subjects: Sequence[str] | None = None) -> m.KnownOut:
        """The known lines: values as stated, newest said first (all subjects when none are named)."""
        return self._call(
            m.KnownOut,
            "POST",
            "/v1/memory/known",
            json=_body(subjects=list(subjects) if subjects is not None else None),
        )

    def retrieve(
        self,
        query: str = "",
        *,
        limit: int | None = None,
        as_of: Time | None = None,
        as_of_axis: Literal["valid", "transaction"] | None = None,
        subject: str | None = None,
        kinds: Sequence[Literal["fact", "episode"]] | None = None,
    ) -> m.RetrieveOut:
        """Facts and turns ranked for a query, the known lines it touches, and the `brief` to paste in a prompt."""
        return self._call(
            m.RetrieveOut,
            "POST",
            "/v1/memory/retrieve",
            json=_body(
                query=query,
                limit=limit,
                as_of=_time(as_of),
                as_of_axis=as_of_axis,
                subject=subject,
                kinds=list(kinds) if kinds is not None else None,
            ),
        )

    def lineage(self, memory_id: str, max_steps: int | None = None) -> m.LineageOut:
        """The chain a memory belongs to, oldest first (any id in it gives the same chain)."""
        return self._call(
            m.LineageOut, "POST", "/v1/memory/lineage", json=_body(memory_id=memory_id, max_steps=max_steps)
        )

    def explain(self, memory_id: str) -> m.ExplainOut:
        """How the service knows it: trust, lineage, evidence (the source turns), history, usage."""
        return self._call(m.ExplainOut, "GET", f"/v1/memory/{memory_id}/explain")

    # ------------------------------------------------------------------ memories

    def append(self, content: str, **fields: Any) -> m.MemoryId:
        """Append a memory (optional fields as in the API: type, valid_from, subject/attribute/value, …)."""
        times = {k: _time(v) if k.endswith("_at") or k in ("valid_from", "valid_to") else v for k, v in fields.items()}
        return self._call(m.MemoryId, "POST", "/v1/memory/append", json=_body(content=content, **times))

    def revise(self, memory_id: str, content: str) -> m.MemoryOut:
        return self._call(m.MemoryOut, "PUT", f"/v1/memory/{memory_id}", json={"content": content})

    def delete(self, memory_id: str) -> m.MemoryOut:
        return self._call(m.MemoryOut, "DELETE", f"/v1/memory/{memory_id}")

    def correct(self, subject: str, attribute: str, value: str, reason: str = "") -> m.CorrectionsOut:
        """Take back a value read wrongly (history hides it unless include_retracted)."""
        return self._call(
            m.CorrectionsOut,
            "POST",
            "/v1/memory/corrections",
            json=_body(subject=subject, attribute=attribute, value=value, reason=reason),
        )

    def set_profile(self, name: str) -> m.ProfileOut:
        """Name the end user: first-person statements are filed under this name."""
        return self._call(m.ProfileOut, "PUT", "/v1/memory/profile", json={"name": name})

    def feedback(self, memory_id: str, outcome: Literal["used", "ignored"]) -> m.FeedbackOut:
        return self._call(
            m.FeedbackOut, "POST", "/v1/memory/feedback", json={"memory_id": memory_id, "outcome": outcome}
        )

    # ------------------------------------------------------------------ the feed

    def changes(self, cursor: str | None = None, limit: int | None = None) -> m.ChangesOut:
        """One page of the change feed, oldest first (ids and kinds, never content)."""
        return self._call(m.ChangesOut, "GET", "/v1/memory/changes", params=_body(cursor=cursor, limit=limit))

    def iter_changes(
        self, cursor: str | None = None, *, limit: int = 100, follow: bool = False, poll_interval: float = 1.0
    ) -> Iterator[m.Change]:
        """Every change after `cursor`, page by page until `next_cursor` is null; with `follow`, keep
        polling from the last change seen (stop by breaking out of the loop)."""
        while True:
            page = self.changes(cursor, limit)
            yield from page.changes
            if page.changes:
                cursor = page.changes[-1].cursor
            if page.next_cursor is not None:
                cursor = page.next_cursor
                continue
            if not follow:
                return
            self._sleep(poll_interval)

    def revisions(self, since: int = 0) -> m.RevisionsOut:
        """How much the store moved since revision `since` (cheap: tells a cached brief is stale)."""
        return self._call(m.RevisionsOut, "GET", "/v1/memory/revisions", params={"since": since})

    # ------------------------------------------------------------------ admin

    def rebuild(self) -> m.RebuildOut:
        """Re-read every item of the end user with the current extractor (admin); reads answer 503 meanwhile."""
        return self._call(m.RebuildOut, "POST", "/v1/memory/rebuild")

    def rebuild_status(self) -> m.RebuildOut:
        return self._call(m.RebuildOut, "GET", "/v1/memory/rebuild")

    def get_settings(self) -> m.SettingsOut:
        return self._call(m.SettingsOut, "GET", "/v1/settings", end_user=False)

    def put_settings(
        self, authority: Mapping[str, float] | None = None, retention_days: int | None = None
    ) -> m.SettingsOut:
        """Replace the tenant's settings whole (admin): what is left out returns to the default."""
        body: dict[str, Any] = {"trust": {"authority": dict(authority or {})}, "retention_days": retention_days}
        return self._call(m.SettingsOut, "PUT", "/v1/settings", json=body, end_user=False)

    def openapi(self) -> dict[str, Any]:
        """The service's OpenAPI document."""
        data = self.request("GET", "/openapi.json", end_user=False)
        return data if isinstance(data, dict) else {}


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
