"""End to end through `make run`'s server: a separate process, real HTTP, the stream pumped in the background."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ADMIN = "tm_e2e_admin_secret_0123456789"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """`make run` as a user starts it: embedded moto."""
    yield from _serve({})


@pytest.fixture(scope="module")
def server_on_a_table() -> Iterator[str]:
    """The same server told to use a table at an endpoint (a DynamoDB-compatible one: moto's server here)."""
    from moto.server import ThreadedMotoServer

    port = _free_port()
    endpoint = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    endpoint.start()
    try:
        url = f"http://127.0.0.1:{port}"
        yield from _serve(
            {
                "TWINMEM_TABLE": "twinmem-e2e",
                "AWS_ENDPOINT_URL_DYNAMODB": url,
                "AWS_ENDPOINT_URL_DYNAMODB_STREAMS": url,
                "AWS_ACCESS_KEY_ID": "testing",
                "AWS_SECRET_ACCESS_KEY": "testing",
                "AWS_REGION": "us-east-1",
            }
        )
    finally:
        endpoint.stop()


def _serve(extra_env: dict[str, str]) -> Iterator[str]:
    port = _free_port()
    env = {**os.environ, "PORT": str(port), "TWINMEM_ADMIN_KEY": ADMIN, "PYTHONPATH": f"{ROOT / 'functions'}:{ROOT}"}
    env.pop("TWINMEM_TABLE", None)
    env.update(extra_env)
    # the server's output goes to a file: a pipe nobody reads fills up (64 KiB of logs) and stalls the server
    with tempfile.TemporaryFile(mode="w+") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "infra.local.server"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            text=True,
        )
        yield from _until_stopped(proc, port, out)


def _until_stopped(proc: subprocess.Popen[str], port: int, out: Any) -> Iterator[str]:
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if proc.poll() is not None:
                    out.seek(0)
                    raise RuntimeError(out.read() or "server died") from None
                time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def call(
    base: str, method: str, path: str, body: Any = None, key: str = ADMIN, account: str | None = "user_42"
) -> tuple[int, dict[str, str], Any]:
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
    if account:
        headers["X-Twin-Account"] = account
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, dict(resp.headers), json.loads(resp.read() or b"null")
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), json.loads(err.read() or b"null")


@pytest.mark.e2e
def test_the_readme_walkthrough(server: str) -> None:
    walkthrough(server)


@pytest.mark.e2e
def test_the_walkthrough_against_a_table_at_an_endpoint(server_on_a_table: str) -> None:
    walkthrough(server_on_a_table)


def walkthrough(server: str) -> None:
    status, _, minted = call(server, "POST", "/v1/keys", {"scope": "write", "name": "app"}, account=None)
    assert status == 201
    key = minted["key"]
    status, _, added = call(
        server,
        "POST",
        "/v1/memory/items",
        {
            "items": [
                {"role": "user", "content": "I live in Berlin.", "said_at": "2024-06-01T10:00:00Z"},
                {"role": "user", "content": "I moved to Lisbon.", "said_at": "2026-10-01T09:00:00Z"},
            ]
        },
        key=key,
    )
    assert status == 202 and added["count"] == 2

    history: dict[str, Any] = {}
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        status, headers, history = call(server, "POST", "/v1/memory/history", {"subject": "user"}, key=key)
        if status == 200 and history.get("count") == 2:
            break
        time.sleep(0.1)

    assert [(a["value"], a["said_at"]) for a in history["assertions"]] == [
        ("Berlin", "2024-06-01"),
        ("Lisbon", "2026-10-01"),
    ]
    assert headers["X-Request-Id"]
    status, _, known = call(server, "POST", "/v1/memory/known", {}, key=key)
    assert known["lines"] == ["- user · home_city: Lisbon [said 2026-10-01]; Berlin [said 2024-06-01]"]


@pytest.mark.e2e
def test_unknown_routes_and_bad_keys_over_http(server: str) -> None:
    assert call(server, "GET", "/v1/nothing")[0] == 404
    assert call(server, "POST", "/v1/memory/history", {"subject": "x"}, key="tm_wrong")[0] == 401
