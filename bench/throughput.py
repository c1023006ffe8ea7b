"""Throughput of the local server (infra.local.server.make_server over moto, as `make run` builds it) under
a bounded load from a second process, on 127.0.0.1 only.

The server runs without its stream pump: the pump invokes extraction under the same lock as the API, so
with it on, item posts would measure extraction (timed on its own in bench.extraction) more than the API.

`python -m bench.throughput serve` is the server process: it seeds an account, prints
{"port": …, "key": …} on its first stdout line, and serves until it is terminated.
"""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.harness import median, pct

ROOT = Path(__file__).resolve().parent.parent
ACCOUNT = "load"


@dataclass
class Load:
    endpoint: str
    concurrency: int
    seconds: float
    requests: int
    errors: int
    p50_ms: float
    p99_ms: float
    first_error: str = ""

    @property
    def rps(self) -> float:
        return self.requests / self.seconds


def serve() -> None:
    from bench.harness import Bench, quiet, seed_account
    from infra.local.server import make_server

    with quiet():
        bench = Bench()
        seed_account(bench, ACCOUNT, 100)
        server = make_server(bench.gateway, "127.0.0.1", 0)
        out = sys.__stdout__
        assert out is not None
        out.write(json.dumps({"port": server.server_address[1], "key": bench.key}) + "\n")
        out.flush()
        server.serve_forever(poll_interval=0.2)


def _worker(port: int, key: str, path: str, body: bytes, deadline: float, lat: list[float], errors: list[str]) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"authorization": f"Bearer {key}", "x-twin-account": ACCOUNT, "content-type": "application/json"}
    while time.perf_counter() < deadline:
        t = time.perf_counter()
        try:
            conn.request("POST", path, body=body, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 300:
                errors.append(f"{resp.status} {data[:200]!r}")
        except Exception as exc:  # a dropped connection is an error too; reconnect and go on
            errors.append(repr(exc))
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        lat.append(time.perf_counter() - t)
    conn.close()


def load(port: int, key: str, name: str, path: str, body: dict, seconds: float, concurrency: int) -> Load:
    lat: list[float] = []
    errors: list[str] = []
    data = json.dumps(body).encode()
    start = time.perf_counter()
    deadline = start + seconds
    threads = [
        threading.Thread(target=_worker, args=(port, key, path, data, deadline, lat, errors))
        for _ in range(concurrency)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - start
    return Load(
        name,
        concurrency,
        elapsed,
        len(lat),
        len(errors),
        median(lat) * 1000,
        pct(lat, 99) * 1000,
        errors[0] if errors else "",
    )


def run(seconds: float = 10.0, concurrency: int = 4) -> list[Load]:
    with tempfile.TemporaryFile(mode="w+") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "bench.throughput", "serve"], cwd=ROOT, stdout=subprocess.PIPE, stderr=log, text=True
        )
        try:
            assert proc.stdout is not None
            line = proc.stdout.readline()
            if not line:
                log.seek(0)
                raise RuntimeError("the server process did not start: " + log.read()[-1500:])
            hello = json.loads(line)
            port, key = hello["port"], hello["key"]
            return [
                load(port, key, "history", "/v1/memory/history", {"subject": "Alice Chen"}, seconds, concurrency),
                load(
                    port,
                    key,
                    "items (1 turn)",
                    "/v1/memory/items",
                    {"items": [{"content": "I moved to Lisbon last week and I work at Acme."}]},
                    seconds,
                    concurrency,
                ),
            ]
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


if __name__ == "__main__" and sys.argv[1:] == ["serve"]:
    serve()


# ---------------------------------------------------------------- extraction


@dataclass
class Extraction:
    turns: int
    memories: int
    wall_s: float  # stream read + filter + handler, as the pump delivers
    cpu_s: float
    handler_s: float  # inside extraction.app.handler
    db_s: float  # of which inside DynamoDB calls (moto)

    @property
    def per_core(self) -> float:
        return self.turns / self.cpu_s


def extraction(bench: Any, turns: int = 150) -> Extraction:
    """Turns per second through the stream consumer (rules extractor), with labelled turns as the traffic."""
    from bench.harness import DbClock, deliver

    rows = [json.loads(line) for line in (ROOT / "tests" / "data" / "extraction_labelled.jsonl").open()]
    items = [
        {
            "content": rows[i % len(rows)]["text"],
            "role": rows[i % len(rows)]["role"],
            "said_at": rows[i % len(rows)]["said_at"],
        }
        for i in range(turns)
    ]
    for s in range(0, len(items), 100):
        bench.ok("POST", "/v1/memory/items", {"items": items[s : s + 100]}, "extract")
    pump = bench.backend.pumps[0]
    inner, spent = pump.handler, [0.0]

    def timed_handler(event: dict, context: Any) -> Any:
        t = time.perf_counter()
        try:
            return inner(event, context)
        finally:
            spent[0] += time.perf_counter() - t

    pump.handler = timed_handler
    try:
        with DbClock() as clock:
            cpu = time.process_time()
            wall = deliver(bench, turns)
            cpu = time.process_time() - cpu
    finally:
        pump.handler = inner
    out = bench.raw.query(
        TableName="twinmem-bench",
        IndexName="gsi1",
        KeyConditionExpression="g1pk = :p",
        FilterExpression="attribute_exists(memory_id)",  # the items share the index
        ExpressionAttributeValues={":p": {"S": "T#local#A#extract#M"}},
        Select="COUNT",
    )
    return Extraction(turns, int(out["Count"]), wall, cpu, spent[0], clock.seconds)
