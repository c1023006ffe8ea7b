"""The client distribution (clients/python) against the local server: one server for these tests, as `make run`."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from twinmem_client import Client, models, wait_for

from tests.e2e.test_local_server import ADMIN, _serve


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    yield from _serve({})


@pytest.fixture(scope="session")
def admin(server: str) -> Iterator[Client]:
    with Client(server, ADMIN, "client_tests") as client:
        yield client


@pytest.fixture(scope="session")
def write_key(admin: Client) -> str:
    return admin.create_key("write", "client-tests").key


@dataclass
class Seeded:
    server: str
    key: str
    account: str
    berlin: str  # the superseded memory
    lisbon: str  # the current one

    def client(self) -> Client:
        return Client(self.server, self.key, self.account)


def seed(server: str, key: str, account: str | None = None) -> Seeded:
    """An end user who lived in Berlin and moved to Lisbon, read by extraction."""
    account = account or f"acct_{uuid.uuid4().hex[:8]}"
    with Client(server, key, account) as tm:
        tm.add(
            [
                {"id": "t1", "role": "user", "content": "I live in Berlin.", "said_at": "2024-06-01T10:00:00Z"},
                {"id": "t2", "role": "user", "content": "I moved to Lisbon.", "said_at": "2026-10-01T09:00:00Z"},
            ]
        )
        assert wait_for(lambda: getattr(tm.history("user", "home_city"), "count", 0) == 2, timeout=30)
        hit = tm.history("user", "home_city")
        assert isinstance(hit, models.HistoryHit)
        berlin, lisbon = (a.memory_id for a in hit.assertions)
    return Seeded(server, key, account, berlin, lisbon)


@pytest.fixture(scope="session")
def seeded(server: str, write_key: str) -> Seeded:
    return seed(server, write_key)
