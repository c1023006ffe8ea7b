"""A bounded soak of `make run`'s server: mixed writes and reads from several processes on loopback, then the
invariants checked.

`SOAK_SECONDS` (default 60, so the suite stays fast; `make soak` runs 300) of items, appends, revisions,
deletes, retrieves, histories, known lines and the feed from SOAK_WORKERS processes (default 4), each with
its own end user and one shared by all. At the end: no 5xx; every accepted item stored once (each event id
reads back with its text, and a re-sent client id got the same event id); every assertion's source turns
resolve through GET /v1/memory/items/{id}; every feed ADD names a memory that explain answers for; and the
server's RSS at the end within a bound of its RSS after warm-up (read from /proc/<pid>/status).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_local_server import ADMIN, ROOT, _free_port, _until_stopped

SECONDS = float(os.environ.get("SOAK_SECONDS", "60"))
WORKERS = int(os.environ.get("SOAK_WORKERS", "4"))
SHARED = "soak_shared"
# RSS after the run may exceed RSS after warm-up by this much, plus what the data stored needs (see below)
RSS_SLACK_MB = 60.0
RSS_PER_ITEM_KB = 64.0  # moto holds every item, its stream record and the memories read from it in memory

CITIES = ["Lisbon", "Berlin", "Oslo", "Porto", "Madrid", "Vienna", "Prague", "Dublin", "Tokyo", "Lima"]
EMPLOYERS = ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Stark Industries"]
LANGUAGES = ["Spanish", "German", "Japanese", "Portuguese", "French"]
COLORS = ["green", "blue", "red", "teal", "orange"]
TURNS = [
    lambda r: f"I live in {r.choice(CITIES)}.",
    lambda r: f"I moved to {r.choice(CITIES)} last month.",
    lambda r: f"I work at {r.choice(EMPLOYERS)}.",
    lambda r: f"I speak {r.choice(LANGUAGES)}.",
    lambda r: f"My favorite color is {r.choice(COLORS)}.",
    lambda r: f"I don't live in {r.choice(CITIES)} any more.",
    lambda r: "What a week it has been, honestly.",
]

pytestmark = pytest.mark.e2e


def _call(base: str, method: str, path: str, account: str, body: Any = None) -> tuple[int, Any]:
    headers = {"Authorization": f"Bearer {ADMIN}", "Content-Type": "application/json", "X-Twin-Account": account}
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, json.loads(resp.read() or b"null")
    except urllib.error.HTTPError as err:
        raw = err.read()
        try:
            return err.code, json.loads(raw or b"null")
        except ValueError:
            return err.code, raw.decode(errors="replace")


def worker(base: str, index: int, until: float) -> dict[str, Any]:
    """One client process: a random mix of calls until `until` (time.time()); what it saw, to check after."""
    r = random.Random(index)
    mine = f"soak_w{index}"
    statuses: Counter[str] = Counter()
    errors: list[str] = []
    latencies: list[float] = []
    accepted: dict[str, tuple[str, str]] = {}  # event id -> (end user, text)
    sent: dict[str, tuple[str, list[dict[str, Any]], list[str]]] = {}  # batch key -> (account, items, ids)
    memories: dict[str, list[str]] = {mine: [], SHARED: []}
    n = 0

    def call(route: str, method: str, path: str, account: str, body: Any = None) -> tuple[int, Any]:
        start = time.perf_counter()
        status, out = _call(base, method, path, account, body)
        latencies.append(time.perf_counter() - start)
        statuses[f"{route} {status}"] += 1
        if status >= 500:
            errors.append(f"{method} {path} ({account}): {status} {str(out)[:300]}")
        return status, out

    while time.time() < until:
        n += 1
        account = SHARED if r.random() < 0.3 else mine
        op = r.choices(
            ["items", "resend", "append", "revise", "delete", "retrieve", "history", "known", "feed"],
            weights=[30, 3, 8, 5, 3, 14, 14, 10, 8],
        )[0]
        if op == "resend" and sent:
            acc, items, ids = sent[r.choice(sorted(sent))]
            status, out = call("items", "POST", "/v1/memory/items", acc, {"items": items})
            if status == 202 and out["event_ids"] != ids:
                errors.append(f"a re-sent batch got other event ids: {ids} then {out['event_ids']}")
        elif op in ("items", "resend"):
            items = [
                {
                    "id": f"w{index}-{n}-{k}",
                    "role": "user",
                    "content": r.choice(TURNS)(r),
                    "said_at": f"202{r.randint(0, 6)}-0{r.randint(1, 9)}-1{r.randint(0, 9)}T10:00:00Z",
                }
                for k in range(r.choice([1, 1, 2, 3]))
            ]
            status, out = call("items", "POST", "/v1/memory/items", account, {"items": items})
            if status == 202:
                sent[f"{n}"] = (account, items, out["event_ids"])
                accepted.update({ev: (account, it["content"]) for ev, it in zip(out["event_ids"], items, strict=True)})
        elif op == "append":
            status, out = call(
                "append",
                "POST",
                "/v1/memory/append",
                account,
                {"content": f"note {n}: prefers {r.choice(COLORS)} tea", "source_kind": "agent"},
            )
            if status == 201:
                memories[account].append(out["memory_id"])
        elif op == "revise" and memories[account]:
            mid = r.choice(memories[account])
            call("revise", "PUT", f"/v1/memory/{mid}", account, {"content": f"note {n}: revised"})
        elif op == "delete" and memories[account]:
            mid = memories[account].pop(r.randrange(len(memories[account])))
            call("delete", "DELETE", f"/v1/memory/{mid}", account)
        elif op == "retrieve":
            call(
                "retrieve",
                "POST",
                "/v1/memory/retrieve",
                account,
                {"query": f"where do I live {r.choice(CITIES)}", "limit": 5},
            )
        elif op == "history":
            call("history", "POST", "/v1/memory/history", account, {"subject": "user"})
        elif op == "known":
            call("known", "POST", "/v1/memory/known", account, {})
        elif op == "feed":
            call("feed", "GET", "/v1/memory/changes?limit=50", account)
    return {
        "statuses": dict(statuses),
        "errors": errors,
        "latencies": latencies,
        "accepted": {ev: list(v) for ev, v in accepted.items()},
    }


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def _settled(base: str, accounts: list[str], timeout: float) -> float:
    """Wait until the stream has caught up (every account's revision unchanged over 4 s: the feed settles 2 s
    behind); how long that took."""
    started = time.monotonic()
    last: list[Any] = []
    while time.monotonic() < started + timeout:
        now = [_call(base, "GET", "/v1/memory/revisions?since=0", a)[1] for a in accounts]
        if now == last:
            return time.monotonic() - started
        last = now
        time.sleep(4)
    raise AssertionError(f"the stream did not catch up in {timeout:.0f} s")


def _feed(base: str, account: str) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    cursor = ""
    while True:
        status, out = _call(base, "GET", f"/v1/memory/changes?limit=200&cursor={cursor}", account)
        assert status == 200, out
        entries += out["changes"]
        if not out.get("next_cursor") or not out["changes"]:
            return entries
        cursor = out["next_cursor"]


def test_soak(tmp_path: Path) -> None:
    port = _free_port()
    env = {**os.environ, "PORT": str(port), "TWINMEM_ADMIN_KEY": ADMIN, "PYTHONPATH": f"{ROOT / 'functions'}:{ROOT}"}
    env.pop("TWINMEM_TABLE", None)
    with tempfile.TemporaryFile(mode="w+") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "infra.local.server"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for base in _until_stopped(proc, port, log):
            _soak(base, proc.pid)


def _soak(base: str, pid: int) -> None:
    warmup = min(15.0, SECONDS / 5)
    started = time.time()
    until = started + SECONDS
    rss: list[tuple[float, float]] = []
    with ProcessPoolExecutor(WORKERS, mp_context=get_context("spawn")) as pool:
        futures = [pool.submit(worker, base, i, until) for i in range(WORKERS)]
        time.sleep(warmup)
        warm = _rss_mb(pid)
        while not all(f.done() for f in futures):
            rss.append((time.time() - started, _rss_mb(pid)))
            time.sleep(2)
        results = [f.result() for f in futures]
    elapsed = time.time() - started
    accounts = [SHARED] + [f"soak_w{i}" for i in range(WORKERS)]
    catch_up = _settled(base, accounts, timeout=max(120.0, 2 * SECONDS))
    end = _rss_mb(pid)

    statuses: Counter[str] = Counter()
    for res in results:
        statuses.update(res["statuses"])
    errors = [e for res in results for e in res["errors"]]
    latencies = sorted(x for res in results for x in res["latencies"])
    accepted = {ev: v for res in results for ev, v in res["accepted"].items()}
    requests = sum(statuses.values())

    # every accepted item stored once, with its text
    missing = []
    for ev, (account, content) in accepted.items():
        status, out = _call(base, "GET", f"/v1/memory/items/{ev}", account)
        if status != 200 or out["content"] != content:
            missing.append((ev, status))
    # every assertion points at an existing event; every feed ADD at an existing memory
    dangling, assertions, adds, unexplained = [], 0, 0, []
    for account in accounts:
        status, out = _call(base, "POST", "/v1/memory/history", account, {"subject": "user"})
        assert status == 200, out
        for row in out["assertions"]:
            assertions += 1
            for ev in row["source_turn_ids"]:
                if _call(base, "GET", f"/v1/memory/items/{ev}", account)[0] != 200:
                    dangling.append((account, row["memory_id"], ev))
        for entry in _feed(base, account):
            if entry["kind"] == "ADD":
                adds += 1
                if _call(base, "GET", f"/v1/memory/{entry['memory_id']}/explain", account)[0] != 200:
                    unexplained.append((account, entry["memory_id"]))

    fives = {k: v for k, v in statuses.items() if int(k.rsplit(" ", 1)[1]) >= 500}
    peak = max([warm, end] + [m for _, m in rss])
    bound = warm + RSS_SLACK_MB + len(accepted) * RSS_PER_ITEM_KB / 1024
    summary = {
        "seconds": round(elapsed, 1),
        "workers": WORKERS,
        "requests": requests,
        "requests_per_s": round(requests / elapsed, 1),
        "latency_ms": {
            "p50": round(1000 * statistics.median(latencies), 1),
            "p99": round(1000 * latencies[int(0.99 * (len(latencies) - 1))], 1),
            "max": round(1000 * latencies[-1], 1),
        },
        "statuses": dict(sorted(statuses.items())),
        "5xx": sum(fives.values()),
        "stream_caught_up_s": round(catch_up, 1),
        "items_accepted": len(accepted),
        "items_lost": len(missing),
        "assertions_checked": assertions,
        "dangling_sources": len(dangling),
        "feed_adds_checked": adds,
        "feed_adds_unexplained": len(unexplained),
        "rss_mb": {
            "after_warmup": round(warm, 1),
            "end": round(end, 1),
            "peak": round(peak, 1),
            "bound": round(bound, 1),
            "samples": [(round(t), round(m, 1)) for t, m in rss[::5]],
        },
    }
    print("\nsoak:", json.dumps(summary))
    if os.environ.get("SOAK_REPORT"):
        Path(os.environ["SOAK_REPORT"]).write_text(json.dumps(summary, indent=2) + "\n")

    assert not errors and not fives, errors[:10]
    assert accepted and not missing, missing[:10]
    assert assertions and not dangling, dangling[:10]
    assert adds and not unexplained, unexplained[:10]
    assert end <= bound, f"RSS {end:.0f} MB at the end, {warm:.0f} MB after warm-up (bound {bound:.0f} MB)"
