"""Shared fixtures: a moto backend built from template.yaml, and a client that speaks API Gateway v2."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

os.environ.setdefault("AWS_ACCESS_KEY_ID", "testing")
os.environ.setdefault("AWS_SECRET_ACCESS_KEY", "testing")
os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")
os.environ.setdefault("AWS_REGION", "us-east-1")
os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "WARNING")
os.environ.setdefault("POWERTOOLS_METRICS_NAMESPACE", "twinmem")
os.environ.setdefault("TWINMEM_FEED_SETTLE_SECONDS", "0")  # one test checks the settle window itself
os.environ.pop("TWINMEM_TABLE", None)


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: Any

    def __repr__(self) -> str:
        return f"Reply({self.status}, {self.body!r})"


class ApiClient:
    """Calls the real handlers with real API Gateway HTTP API v2 events (routes from template.yaml)."""

    def __init__(self, gateway: Any, key: str, account: str | None = "user_42") -> None:
        self.gateway = gateway
        self.key = key
        self.account = account

    def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        key: str | None = None,
        account: str | None = "",
        headers: dict[str, str] | None = None,
        raw: bytes | None = None,
    ) -> Reply:
        h = {"content-type": "application/json"}
        secret = self.key if key is None else key
        if secret:
            h["authorization"] = f"Bearer {secret}"
        acc = self.account if account == "" else account
        if acc is not None:
            h["x-twin-account"] = acc
        h.update(headers or {})
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else b"")
        status, out_headers, payload = self.gateway.invoke(method, path, h, data)
        try:
            parsed = json.loads(payload) if payload else None
        except ValueError:
            parsed = payload.decode()
        return Reply(status, out_headers, parsed)

    def post(self, path: str, body: Any = None, **kw: Any) -> Reply:
        return self.call("POST", path, body, **kw)

    def get(self, path: str, **kw: Any) -> Reply:
        return self.call("GET", path, **kw)

    def put(self, path: str, body: Any = None, **kw: Any) -> Reply:
        return self.call("PUT", path, body, **kw)

    def delete(self, path: str, **kw: Any) -> Reply:
        return self.call("DELETE", path, **kw)


@pytest.fixture
def backend() -> Iterator[Any]:
    from infra.local import environment

    b = environment.start(table_name="twinmem-test", embedded=True)
    try:
        yield b
    finally:
        b.stop()


@pytest.fixture
def admin_key(backend: Any) -> str:
    from infra.local import environment

    return environment.ensure_admin_key(None)


@pytest.fixture
def api(backend: Any, admin_key: str) -> ApiClient:
    from infra.local.server import Gateway

    return ApiClient(Gateway(lock=backend.lock), admin_key)


@pytest.fixture
def calls() -> Iterator[list[tuple[str, dict[str, Any]]]]:
    """Every DynamoDB call the service makes while the test runs: (operation, params)."""
    from twinmem.aws import store

    seen: list[tuple[str, dict[str, Any]]] = []
    remove = store.on_call(lambda op, params: seen.append((op, params)))
    try:
        yield seen
    finally:
        remove()


def stream_records(backend: Any) -> list[dict[str, Any]]:
    """What the table's stream holds for the extraction function now: read and filtered, not delivered."""
    pump = backend.pumps[0]
    records: list[dict[str, Any]] = []
    original = pump._deliver
    pump._deliver = lambda batch, retries: records.extend(batch)  # capture instead of invoking
    try:
        pump.drain()
    finally:
        pump._deliver = original
    return records
