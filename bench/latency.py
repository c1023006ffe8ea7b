"""Latency in-process on moto: each endpoint at 10 … 10,000 memories in one account, beside the raw
boto3 Query of the same items in the same run (the handler's overhead over the floor).

Most memories belong to other subjects, so 'alice chen' is a realistic history page (20 assertions plus
the seed turn's) however big the account; at 10,000 one subject ('bob stone') holds 1,000 by itself.
Moto spends ~4 ms per item it returns (deep copies, serialisation), so reads of a whole account are
slow here; 'in DynamoDB' is the part of each call spent in DynamoDB calls (client + moto).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench.harness import TABLE, Bench, Cost, DbClock, Recorder, median, say, seed_account

SIZES = (10, 100, 1000, 10_000)
BIG = ("bob stone", 1000)


@dataclass
class Cell:
    endpoint: str
    size: int
    runs: int
    handler_ms: float
    db_ms: float
    raw_ms: float | None  # the same items read by a raw boto3 Query (None: not run, see note)
    note: str = ""

    @property
    def ratio(self) -> float | None:
        return self.handler_ms / self.raw_ms if self.raw_ms else None


def sample(
    fn: Callable[[], Any], *, reps: int = 15, budget_s: float = 2.0, warmup: int = 1, least: int = 3
) -> tuple[int, float, float]:
    """(runs, median seconds, median seconds inside DynamoDB calls)."""
    for _ in range(warmup):
        fn()
    totals: list[float] = []
    dbs: list[float] = []
    deadline = time.perf_counter() + budget_s
    while len(totals) < reps and (len(totals) < least or time.perf_counter() < deadline):
        with DbClock() as clock:
            t = time.perf_counter()
            fn()
            totals.append(time.perf_counter() - t)
        dbs.append(clock.seconds)
    return len(totals), median(totals), median(dbs)


def raw_query(bench: Bench, **params: Any) -> Callable[[], int]:
    def run() -> int:
        p = {"TableName": TABLE, **params}
        n = 0
        while True:
            out = bench.raw.query(**p)
            n += len(out["Items"])
            if "LastEvaluatedKey" not in out:
                return n
            p["ExclusiveStartKey"] = out["LastEvaluatedKey"]

    return run


def run(bench: Bench) -> tuple[list[Cell], dict[int, Cost], dict[int, float]]:
    """The latency cells, the priced retrieve of each account size, and the seconds each seeding took."""
    from twinmem.aws import tablekeys

    rec = Recorder(bench)
    cells: list[Cell] = []
    retrieves: dict[int, Cost] = {}
    seeded: dict[int, float] = {}
    for size in SIZES:
        account = f"lat{size}"
        t = time.perf_counter()
        placed = seed_account(bench, account, size, big=BIG if size >= 10_000 else None)
        seeded[size] = time.perf_counter() - t
        total = sum(len(v) for v in placed.values())
        say(f"  latency: seeded {total} memories in {seeded[size]:.1f} s")

        def api(method: str, path: str, body: Any, _account: str = account) -> Callable[[], Any]:
            return lambda: bench.ok(method, path, body, _account)

        def subject_q(subject: str, attribute: str | None = None, _account: str = account) -> dict[str, Any]:
            values = {":p": {"S": tablekeys.subject_pk("local", _account, subject)}}
            cond = "pk = :p"
            if attribute:
                cond += " AND begins_with(sk, :a)"
                values[":a"] = {"S": tablekeys.attribute_prefix(attribute)}
            return {"KeyConditionExpression": cond, "ExpressionAttributeValues": values}

        alice = subject_q("alice chen")
        every = {
            "IndexName": "gsi1",
            "KeyConditionExpression": "g1pk = :p",
            "ExpressionAttributeValues": {":p": {"S": tablekeys.memories_index_pk("local", account)}},
        }
        memory_id = placed["alice chen"][0]
        plan: list[tuple[str, Callable[[], Any], dict[str, Any] | None]] = [
            ("history", api("POST", "/v1/memory/history", {"subject": "Alice Chen"}), alice),
            ("known (one subject)", api("POST", "/v1/memory/known", {"subjects": ["Alice Chen"]}), alice),
            (
                "lineage",
                api("POST", "/v1/memory/lineage", {"memory_id": memory_id}),
                subject_q("alice chen", "home_city"),
            ),
            ("items (1 turn)", api("POST", "/v1/memory/items", {"items": [{"content": "Just checking in."}]}), None),
        ]
        if size >= 10_000:
            plan.insert(
                1,
                (
                    f"history ({BIG[1]}-assertion subject)",
                    api("POST", "/v1/memory/history", {"subject": BIG[0]}),
                    subject_q(BIG[0]),
                ),
            )
        if size <= 1000:
            plan.append(("retrieve", call_retrieve(bench, account), every))
        # explain reads the memory, its chain, its evidence and its links: it does not grow with the account
        plan.append(
            ("explain", api("GET", f"/v1/memory/{memory_id}/explain", None), subject_q("alice chen", "home_city"))
        )
        raw_seen: dict[str, float] = {}
        for name, call, raw in plan:
            slow = (size >= 1000 and name == "retrieve") or "-assertion" in name
            budget = 1.0 if name == "retrieve" else 2.0
            if name == "retrieve" and slow:  # one call: time it and price it
                with DbClock() as clock:
                    t = time.perf_counter()
                    retrieves[total], _ = rec.measure(call)
                    runs, handler_s, db_s = 1, time.perf_counter() - t, clock.seconds
            else:
                runs, handler_s, db_s = sample(call, least=1 if slow else 3, warmup=0 if slow else 1, budget_s=budget)
            raw_ms = None
            if raw is not None:
                key = repr(raw)
                if key not in raw_seen:
                    _, raw_s, _ = sample(
                        raw_query(bench, **raw), least=1 if slow else 3, warmup=0 if slow else 1, budget_s=budget
                    )
                    raw_seen[key] = raw_s * 1000
                raw_ms = raw_seen[key]
            cells.append(
                Cell(
                    name,
                    total,
                    runs,
                    handler_s * 1000,
                    db_s * 1000,
                    raw_ms,
                    "raw: a PutItem of the item" if raw is None else "",
                )
            )
        if size < 1000:
            retrieves[total], _ = rec.measure(call_retrieve(bench, account))
        elif size >= 10_000:
            with DbClock() as clock:
                t = time.perf_counter()
                retrieves[total], _ = rec.measure(call_retrieve(bench, account))
                spent = time.perf_counter() - t
            cells.append(
                Cell(
                    "retrieve",
                    total,
                    1,
                    spent * 1000,
                    clock.seconds * 1000,
                    None,
                    "one call; raw Query of 10k items not run (moto: ~4 ms per item)",
                )
            )
    _items_raw(bench, cells)
    return cells, retrieves, seeded


def call_retrieve(bench: Bench, account: str) -> Callable[[], Any]:
    return lambda: bench.ok("POST", "/v1/memory/retrieve", {"query": "where does alice live"}, account)


def _items_raw(bench: Bench, cells: list[Cell]) -> None:
    """The floor of POST /items: one raw PutItem of an item of the same shape (a copy of one it stored)."""
    from twinmem.aws import tablekeys

    out = bench.raw.query(
        TableName=TABLE,
        KeyConditionExpression="pk = :p AND begins_with(sk, :e)",
        ExpressionAttributeValues={
            ":p": {"S": tablekeys.account_pk("local", f"lat{SIZES[0]}")},
            ":e": {"S": tablekeys.EVENT_PREFIX},
        },
        Limit=1,
    )
    item = {**out["Items"][0], "sk": {"S": tablekeys.event_sk("ev_0000000000000000")}}
    _, raw_s, _ = sample(lambda: bench.raw.put_item(TableName=TABLE, Item=item))
    for c in cells:
        if c.endpoint.startswith("items"):
            c.raw_ms = raw_s * 1000
