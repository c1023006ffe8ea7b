"""What each route sends and how its answer is read, once, for `Client` and `AsyncClient` alike.

A route's function here builds a `Call` (method, path, body, query, whether it acts on an end user, and
the function that reads its JSON into the API's model); `Routes` declares each as a method of both
clients (`route`), and each client only sends: `Client` with httpx.Client, `AsyncClient` with
httpx.AsyncClient. Reading an answer (its JSON, the error class of its status, how long a 503 asks to
wait) is here too.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Generic, Literal, ParamSpec, Self, TypeVar, overload

import httpx
from pydantic import BaseModel
from pydantic_core import to_jsonable_python

from twinmem_client import models as m
from twinmem_client.errors import Unavailable, error_for

if TYPE_CHECKING:
    from twinmem_client.aio import AsyncClient
    from twinmem_client.client import Client

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")
P = ParamSpec("P")
Item = m.ItemIn | Mapping[str, Any]
Time = datetime | str

USER_AGENT = "twinmem-client/0.1.0"


@dataclass(frozen=True)
class Call(Generic[T]):
    """One request, as either client sends it, and how its JSON answer is read."""

    method: str
    path: str
    parse: Callable[[Any], T]
    json: Any = None
    params: Mapping[str, Any] | None = None
    end_user: bool = True


# ---------------------------------------------------------------------- reading an answer


def payload(resp: httpx.Response) -> Any:
    """The answer's JSON (its text when it is not JSON; None when empty)."""
    try:
        return resp.json() if resp.content else None
    except ValueError:
        return resp.text


def retry_delay(resp: httpx.Response, error: Unavailable, max_wait: float) -> float:
    """How long a 503 asks to wait (Retry-After, else its body's retry_after, else 1 s), at most max_wait."""
    try:
        wait = float(resp.headers.get("Retry-After", ""))
    except ValueError:
        wait = error.retry_after if error.retry_after is not None else 1.0
    return max(0.0, min(wait, max_wait))


def answer(resp: httpx.Response, attempt: int, max_retries: int, max_wait: float) -> tuple[Any, float | None]:
    """(JSON, None) on success; (None, seconds to wait) for a 503 to retry; else the status's error is raised."""
    data = payload(resp)
    if resp.is_success:
        return data, None
    error = error_for(resp.status_code, data, resp.headers.get("X-Request-Id"))
    if not isinstance(error, Unavailable) or attempt >= max_retries:
        raise error
    return None, retry_delay(resp, error, max_wait)


def account_header(account: str | None, end_user: bool) -> dict[str, str]:
    if not end_user:
        return {}
    if not account:
        raise ValueError("this call acts on an end user: pass account= (or set TWINMEM_ACCOUNT)")
    return {"X-Twin-Account": account}


def from_env(base_url: str | None, key: str | None, account: str | None) -> tuple[str, str, str | None]:
    """Arguments given win; else TWINMEM_URL (default http://127.0.0.1:3000), TWINMEM_KEY, TWINMEM_ACCOUNT."""
    url = base_url or os.environ.get("TWINMEM_URL") or "http://127.0.0.1:3000"
    secret = key or os.environ.get("TWINMEM_KEY")
    if not secret:
        raise ValueError("no key: pass key= or set TWINMEM_KEY (a tm_… key the service issued)")
    return url, secret, account or os.environ.get("TWINMEM_ACCOUNT") or None


def batches(items: Iterable[Item], size: int) -> Iterator[list[Item]]:
    """Items in lists of `size` (a call takes at most 100)."""
    chunk: list[Item] = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def next_page(page: m.ChangesOut, cursor: str | None) -> tuple[str | None, bool]:
    """The cursor to read on from (the last change seen, or the page's next_cursor) and whether a page follows."""
    if page.changes:
        cursor = page.changes[-1].cursor
    if page.next_cursor is not None:
        return page.next_cursor, True
    return cursor, False


# ---------------------------------------------------------------------- building a body


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


def _history_answer(data: Any) -> m.HistoryHit | m.HistoryMiss:
    if isinstance(data, dict) and "error" in data:
        return m.HistoryMiss.model_validate(data)
    return m.HistoryHit.model_validate(data)


def _document(data: Any) -> dict[str, Any]:
    return data if isinstance(data, dict) else {}


# ---------------------------------------------------------------------- the routes


def create_key(
    scope: Literal["read", "write", "admin"], name: str = "", agent_id: str | None = None
) -> Call[m.KeyCreated]:
    """Mint a key (admin). The secret (`.key`) is shown only this once."""
    body = _body(scope=scope, name=name, agent_id=agent_id)
    return Call("POST", "/v1/keys", m.KeyCreated.model_validate, body, end_user=False)


def list_keys() -> Call[m.KeyList]:
    return Call("GET", "/v1/keys", m.KeyList.model_validate, end_user=False)


def revoke_key(key_id: str) -> Call[m.KeyInfo]:
    return Call("DELETE", f"/v1/keys/{key_id}", m.KeyInfo.model_validate, end_user=False)


def add(items: Iterable[Item]) -> Call[m.ItemsAdded]:
    """Post 1..100 items (turns or notes) in one call; extraction runs in the background."""
    return Call("POST", "/v1/memory/items", m.ItemsAdded.model_validate, {"items": [_item(i) for i in items]})


def get_item(event_id: str) -> Call[m.ItemOut]:
    return Call("GET", f"/v1/memory/items/{event_id}", m.ItemOut.model_validate)


def edit_item(event_id: str, content: str) -> Call[m.ItemOut]:
    """New text for an item: the old one is kept as a version, what it yielded is withdrawn."""
    return Call("PUT", f"/v1/memory/items/{event_id}", m.ItemOut.model_validate, {"content": content})


def history(
    subject: str, attribute: str | None = None, *, as_of: Time | None = None, include_retracted: bool | None = None
) -> Call[m.HistoryHit | m.HistoryMiss]:
    """A subject's assertions (a `HistoryMiss` with the nearest subjects when nothing is recorded)."""
    body = _body(subject=subject, attribute=attribute, as_of=_time(as_of), include_retracted=include_retracted)
    return Call("POST", "/v1/memory/history", _history_answer, body)


def known(subjects: Sequence[str] | None = None) -> Call[m.KnownOut]:
    """The known lines: values as stated, newest said first (all subjects when none are named)."""
    body = _body(subjects=list(subjects) if subjects is not None else None)
    return Call("POST", "/v1/memory/known", m.KnownOut.model_validate, body)


def retrieve(
    query: str = "",
    *,
    limit: int | None = None,
    as_of: Time | None = None,
    as_of_axis: Literal["valid", "transaction"] | None = None,
    subject: str | None = None,
    kinds: Sequence[Literal["fact", "episode"]] | None = None,
) -> Call[m.RetrieveOut]:
    """Facts and turns ranked for a query, the known lines it touches, and the `brief` to paste in a prompt."""
    body = _body(
        query=query,
        limit=limit,
        as_of=_time(as_of),
        as_of_axis=as_of_axis,
        subject=subject,
        kinds=list(kinds) if kinds is not None else None,
    )
    return Call("POST", "/v1/memory/retrieve", m.RetrieveOut.model_validate, body)


def lineage(memory_id: str, max_steps: int | None = None) -> Call[m.LineageOut]:
    """The chain a memory belongs to, oldest first (any id in it gives the same chain)."""
    body = _body(memory_id=memory_id, max_steps=max_steps)
    return Call("POST", "/v1/memory/lineage", m.LineageOut.model_validate, body)


def explain(memory_id: str) -> Call[m.ExplainOut]:
    """How the service knows it: trust, lineage, evidence (the source turns), history, usage."""
    return Call("GET", f"/v1/memory/{memory_id}/explain", m.ExplainOut.model_validate)


def append(content: str, **fields: Any) -> Call[m.MemoryId]:
    """Append a memory (optional fields as in the API: type, valid_from, subject/attribute/value, …)."""
    times = {k: _time(v) if k.endswith("_at") or k in ("valid_from", "valid_to") else v for k, v in fields.items()}
    return Call("POST", "/v1/memory/append", m.MemoryId.model_validate, _body(content=content, **times))


def revise(memory_id: str, content: str) -> Call[m.MemoryOut]:
    return Call("PUT", f"/v1/memory/{memory_id}", m.MemoryOut.model_validate, {"content": content})


def delete(memory_id: str) -> Call[m.MemoryOut]:
    return Call("DELETE", f"/v1/memory/{memory_id}", m.MemoryOut.model_validate)


def correct(subject: str, attribute: str, value: str, reason: str = "") -> Call[m.CorrectionsOut]:
    """Take back a value read wrongly (history hides it unless include_retracted)."""
    body = _body(subject=subject, attribute=attribute, value=value, reason=reason)
    return Call("POST", "/v1/memory/corrections", m.CorrectionsOut.model_validate, body)


def set_profile(name: str) -> Call[m.ProfileOut]:
    """Name the end user: first-person statements are filed under this name."""
    return Call("PUT", "/v1/memory/profile", m.ProfileOut.model_validate, {"name": name})


def feedback(memory_id: str, outcome: Literal["used", "ignored"]) -> Call[m.FeedbackOut]:
    body = {"memory_id": memory_id, "outcome": outcome}
    return Call("POST", "/v1/memory/feedback", m.FeedbackOut.model_validate, body)


def changes(cursor: str | None = None, limit: int | None = None) -> Call[m.ChangesOut]:
    """One page of the change feed, oldest first (ids and kinds, never content)."""
    return Call("GET", "/v1/memory/changes", m.ChangesOut.model_validate, params=_body(cursor=cursor, limit=limit))


def revisions(since: int = 0) -> Call[m.RevisionsOut]:
    """How much the store moved since revision `since` (cheap: tells a cached brief is stale)."""
    return Call("GET", "/v1/memory/revisions", m.RevisionsOut.model_validate, params={"since": since})


def rebuild() -> Call[m.RebuildOut]:
    """Re-read every item of the end user with the current extractor (admin); reads answer 503 meanwhile."""
    return Call("POST", "/v1/memory/rebuild", m.RebuildOut.model_validate)


def rebuild_status() -> Call[m.RebuildOut]:
    return Call("GET", "/v1/memory/rebuild", m.RebuildOut.model_validate)


def get_settings() -> Call[m.SettingsOut]:
    return Call("GET", "/v1/settings", m.SettingsOut.model_validate, end_user=False)


def put_settings(
    authority: Mapping[str, float] | None = None, retention_days: int | None = None
) -> Call[m.SettingsOut]:
    """Replace the tenant's settings whole (admin): what is left out returns to the default."""
    body: dict[str, Any] = {"trust": {"authority": dict(authority or {})}, "retention_days": retention_days}
    return Call("PUT", "/v1/settings", m.SettingsOut.model_validate, body, end_user=False)


def openapi() -> Call[dict[str, Any]]:
    """The service's OpenAPI document."""
    return Call("GET", "/openapi.json", _document, end_user=False)


# ---------------------------------------------------------------------- one declaration, two clients


class route(Generic[P, T]):
    """A route as a method: on a `Client` it returns the answer, on an `AsyncClient` an awaitable of it."""

    def __init__(self, build: Callable[P, Call[T]]) -> None:
        self.build = build
        self.__doc__ = build.__doc__

    @overload
    def __get__(self, obj: None, owner: type) -> route[P, T]: ...
    @overload
    def __get__(self, obj: Client, owner: type) -> Callable[P, T]: ...
    @overload
    def __get__(self, obj: AsyncClient, owner: type) -> Callable[P, Awaitable[T]]: ...
    def __get__(self, obj: Any, owner: type) -> Any:
        if obj is None:
            return self
        return obj.bind(self.build)


class Routes:
    """Every route of the API, declared once for both clients (the functions above say what each sends)."""

    base_url: str
    key: str
    account: str | None
    max_retries: int
    max_retry_wait: float

    def _connect(
        self, base_url: str, key: str, account: str | None, max_retries: int, max_retry_wait: float
    ) -> dict[str, str]:
        """Keep the connection's settings; the headers every call sends."""
        self.base_url, self.key, self.account = base_url.rstrip("/"), key, account
        self.max_retries, self.max_retry_wait = max_retries, max_retry_wait
        return {"Authorization": f"Bearer {key}", "User-Agent": USER_AGENT}

    @classmethod
    def from_env(
        cls, base_url: str | None = None, key: str | None = None, account: str | None = None, **options: Any
    ) -> Self:
        """Arguments given win; else TWINMEM_URL (default http://127.0.0.1:3000), TWINMEM_KEY, TWINMEM_ACCOUNT."""
        return cls(*from_env(base_url, key, account), **options)  # type: ignore[call-arg]

    def for_account(self, account: str) -> Self:
        """The same connection, acting on another end user."""
        other = copy.copy(self)
        other.account = account
        return other

    create_key = route(create_key)
    list_keys = route(list_keys)
    revoke_key = route(revoke_key)
    add = route(add)
    get_item = route(get_item)
    edit_item = route(edit_item)
    history = route(history)
    known = route(known)
    retrieve = route(retrieve)
    lineage = route(lineage)
    explain = route(explain)
    append = route(append)
    revise = route(revise)
    delete = route(delete)
    correct = route(correct)
    set_profile = route(set_profile)
    feedback = route(feedback)
    changes = route(changes)
    revisions = route(revisions)
    rebuild = route(rebuild)
    rebuild_status = route(rebuild_status)
    get_settings = route(get_settings)
    put_settings = route(put_settings)
    openapi = route(openapi)
