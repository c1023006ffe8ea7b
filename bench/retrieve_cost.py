"""Retrieve's cost per indexed entry (memories and items together) at 1,000 and 10,000 entries: RCU priced
from what it reads, and in-function µs (the handler's time outside DynamoDB calls), in a new container
and in a warm one.

Each account holds 60 % turns (items: episodes) and 40 % memories, copies of what POST /items and
extraction wrote for real turns, with their own words, speakers and dates, written straight to the table.
Moto spends ~4 ms per item a Query returns, so the gsi1 Query is answered from those same entries by a
botocore before-call hook, in the pages DynamoDB would return (≤ 1 MB each): the handler runs its real
code over the real entries, the entries are priced as DynamoDB prices them, and the time inside DynamoDB
calls is left out of the in-function figure, as on Lambda. The BatchGetItem and the retrieval log go to moto.
In-function time is CPU time (the process's, less the part inside DynamoDB calls), so other work on a
shared machine does not inflate it.

Run alone: PYTHONPATH=functions:. python -m bench.retrieve_cost
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from bench import units
from bench.harness import (
    TABLE,
    Bench,
    DbClock,
    Recorder,
    deliver,
    median,
    memory_requests,
    new_container,
    say,
    write_all,
)

SIZES = (1_000, 10_000)
TURN_SHARE = 0.6
BUDGET_US = 50.0
QUERIES = (
    "where does alice live",
    "what did Maya say about the concert",
    "Jon hiking trip last weekend",
    "beagle puppy",
    "which books does Priya like",
)
WORDS = (
    "concert hiking trip weekend beagle puppy garden kitchen painting recipe coffee morning office project "
    "deadline vacation beach mountain river bike marathon training book novel library museum sister "
    "brother mother friend neighbour birthday party dinner lunch restaurant pasta sushi guitar piano "
    "lesson school class teacher exam movie series game football team match city train flight hotel "
    "camera photo dog cat park walk rain snow summer winter spring autumn music festival job interview "
    "promotion meeting client launch release bug server deploy dashboard"
).split()
SPEAKERS = ("Maya", "Jon", "Priya", "Alice Chen")


@dataclass
class Figure:
    entries: int
    memories: int
    turns: int
    pages: int
    index_rcu: float
    total_rcu: float
    calls: str
    cold_us: float  # in-function CPU µs per entry, a new container (every cache empty), median of 3 queries
    warm_us: float  # the same, warm container: median of 3 calls of each of 5 queries
    wall_ms: float  # warm, handler wall (moto's BatchGet included, the replayed Query not)

    @property
    def rcu_per_entry(self) -> float:
        return self.total_rcu / self.entries

    @property
    def met(self) -> bool:
        return self.cold_us <= BUDGET_US and self.warm_us <= BUDGET_US


def _turn_items(bench: Bench, account: str, n: int, rng: random.Random) -> list[dict[str, Any]]:
    """n item copies of a real EVENT item, each with its own id, speaker, words and day."""
    from twinmem import ids
    from twinmem.aws import tablekeys

    bench.ok("POST", "/v1/memory/items", {"items": [{"content": "Setting up.", "name": "Maya"}]}, account)
    found = bench.raw.query(
        TableName=TABLE,
        KeyConditionExpression="pk = :p AND begins_with(sk, :e)",
        ExpressionAttributeValues={
            ":p": {"S": tablekeys.account_pk("local", account)},
            ":e": {"S": tablekeys.EVENT_PREFIX},
        },
    )["Items"]
    template = found[0]
    assert "g1pk" in template, "an item is its own retrieve index entry"
    base = datetime(2023, 1, 1, 9, tzinfo=UTC)
    out = []
    for i in range(n):
        event_id = ids.derive_id("ev_", account, str(i))
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 30))).capitalize() + "."
        said = (base + timedelta(minutes=17 * i)).strftime("%Y-%m-%dT%H:%M:%SZ")
        out.append(
            {
                **template,
                "sk": {"S": tablekeys.event_sk(event_id)},
                "g1sk": {"S": event_id},
                "event_id": {"S": event_id},
                "content": {"S": text},
                "name": {"S": SPEAKERS[i % len(SPEAKERS)]},
                "said_at": {"S": said},
                "recorded_at": {"S": said},
            }
        )
    return out


def seed(bench: Bench, account: str, size: int) -> list[dict[str, Any]]:
    """The account's entries, written to the table; returns them (the items themselves)."""
    rng = random.Random(size)
    turns = _turn_items(bench, account, int(size * TURN_SHARE), rng)
    requests = [{"PutRequest": {"Item": t}} for t in turns]
    left, n = size - len(turns), 0
    while left > 0:
        subject = "alice chen" if n == 0 else f"person {n:05d}"
        _, reqs = memory_requests(bench, account, subject, min(10, left))
        requests += reqs
        left -= len(reqs)
        n += 1
    write_all(bench, requests)
    return [r["PutRequest"]["Item"] for r in requests]


class Replay:
    """Answers the account's gsi1 Query from its entries, in ≤ 1 MB pages, as DynamoDB would."""

    def __init__(self, bench: Bench, account: str, items: list[dict[str, Any]]) -> None:
        from twinmem.aws import tablekeys

        index = bench.indexes["gsi1"]
        entries = [e for e in (units.index_entry(i, index, ("pk", "sk")) for i in items) if e]
        self.pk = tablekeys.memories_index_pk("local", account)
        self.entries = sorted(entries, key=lambda e: e["g1sk"]["S"])
        self.pages: list[list[dict[str, Any]]] = [[]]  # cut as DynamoDB cuts: a page ends past 1 MB read
        size = 0
        for e in self.entries:
            if size >= 1_048_576:
                self.pages.append([])
                size = 0
            self.pages[-1].append(e)
            size += units.item_size(e)
        self.served = 0

    def page(self, params: dict[str, Any]) -> dict[str, Any]:
        start = params.get("ExclusiveStartKey", {}).get("g1sk", {}).get("S", "")
        n = next(i for i, p in enumerate(self.pages) if not start or p[0]["g1sk"]["S"] > start)
        self.served += 1
        answer: dict[str, Any] = {"Items": self.pages[n], "Count": len(self.pages[n])}
        if n + 1 < len(self.pages):
            last = self.pages[n][-1]
            answer["LastEvaluatedKey"] = {k: last[k] for k in ("g1pk", "g1sk", "pk", "sk")}
        return answer

    def __call__(self, params: dict[str, Any], **_: Any) -> Any:
        from botocore.awsrequest import AWSResponse

        body = json.loads(params["body"])
        if body.get("IndexName") != "gsi1" or body["ExpressionAttributeValues"][":p"]["S"] != self.pk:
            return None
        return AWSResponse("https://replay/", 200, {}, None), {
            **self.page(body),
            "ResponseMetadata": {"HTTPStatusCode": 200},
        }


def _clear_caches() -> None:
    """What a new container does not have: keys, accounts, chain locations, parsed entries and words."""
    from twinmem import ranking, retrieve, values
    from twinmem.aws.store import index

    new_container()
    retrieve._documents.clear()
    index._models.clear()
    ranking._stems.clear()
    for fn in (values.value_key, values.is_refinement):
        fn.cache_clear()


class CpuClock(DbClock):
    """CPU seconds of this process inside DynamoDB calls (moto is embedded: its work is ours too)."""

    def _start(self, op: str, params: dict[str, Any]) -> None:
        self._t0 = time.process_time()

    def _stop(self, **_: Any) -> None:
        self.seconds += time.process_time() - self._t0
        self.calls += 1


def _timed(bench: Bench, account: str, query: str) -> tuple[float, float]:
    """(in-function CPU seconds, wall seconds) of one retrieve. CPU time, not wall: the figure is the
    function's own work, which other load on a shared machine would otherwise inflate."""
    with CpuClock() as clock:
        t, cpu = time.perf_counter(), time.process_time()
        bench.ok("POST", "/v1/memory/retrieve", {"query": query, "limit": 10}, account)
        wall, cpu = time.perf_counter() - t, time.process_time() - cpu
    return cpu - clock.seconds, wall


def measure(bench: Bench, size: int) -> Figure:
    from twinmem.aws import store

    account = f"rc{size}"
    items = seed(bench, account, size)
    replay = Replay(bench, account, items)
    events = store.client().meta.events
    events.register("before-call.dynamodb.Query", replay, unique_id="bench-retrieve-replay")
    try:
        bench.ok("POST", "/v1/memory/retrieve", {"query": "where does Maya live"}, "rc-warmup")  # code, not caches
        colds = []
        for query in QUERIES[:3]:
            _clear_caches()
            colds.append(_timed(bench, account, query)[0])
        cold_s = median(colds)
        rec = Recorder(bench)
        cost, _ = rec.measure(bench.ok, "POST", "/v1/memory/retrieve", {"query": QUERIES[0], "limit": 10}, account)
        warm = [_timed(bench, account, q) for q in QUERIES for _ in range(3)]
    finally:
        events.unregister("before-call.dynamodb.Query", unique_id="bench-retrieve-replay")
    index_rcu = sum(c.rcu for c in cost.calls if c.op == "query")
    turns = sum(1 for i in items if "event_id" in i)
    return Figure(
        size,
        size - turns,
        turns,
        len(replay.pages),
        index_rcu,
        cost.rcu,
        cost.ops_text(),
        cold_s / size * 1e6,
        median([w for w, _ in warm]) / size * 1e6,
        median([wall for _, wall in warm]) * 1000,
    )


def run(bench: Bench) -> list[Figure]:
    bench.ok("POST", "/v1/memory/items", {"items": [{"content": "I live in Lisbon.", "name": "Maya"}]}, "rc-warmup")
    deliver(bench, 1)  # a fact and an episode: every model and code path a retrieve uses is built before timing
    figures = []
    for size in SIZES:
        say(f"  retrieve cost: {size:,} entries …")
        figures.append(measure(bench, size))
    return figures


def section(figures: list[Figure]) -> str:
    rows = [
        f"| {f.entries:,} | {f.memories:,} / {f.turns:,} | {f.calls} | {f.pages} | {f.index_rcu:g} | "
        f"{f.total_rcu:g} | {f.rcu_per_entry:.3f} | {f.cold_us:.1f} | {f.warm_us:.1f} | {f.wall_ms:,.0f} | "
        f"{'met' if f.met else '**missed**'} |"
        for f in figures
    ]
    return "\n".join(
        [
            "| entries | memories / turns | calls | gsi1 pages | gsi1 RCU | RCU | RCU per entry | µs per entry, "
            "new container | µs per entry, warm | warm ms (wall) | ≤ 50 µs per entry |",
            "|---|---|---|---|---|---|---|---|---|---|---|",
            *rows,
        ]
    )


def markdown(figures: list[Figure]) -> str:
    """The PERFORMANCE.md section."""
    return f"""## Retrieve per indexed entry (facts and episodes)

`bench/retrieve_cost.py`. Retrieve reads the account's whole retrieve index (gsi1: every memory and every
item, an item being its own entry), ranks, and reads in full only the top facts. Each account here holds
{TURN_SHARE:.0%} turns and {1 - TURN_SHARE:.0%} memories, copies of real items and extracted memories with
their own words, speakers and dates. The gsi1 Query is answered from those entries by a before-call hook,
in DynamoDB's ≤ 1 MB pages (moto would spend ~40 s returning 10,000 items); everything else is the real
handler on moto. *µs per entry* is the handler's CPU time outside DynamoDB calls, divided by the entries:
in a new container (every cache empty: the key, the account, parsed entries, tokenised words; median of 3
queries) and in a warm one (median of 3 calls of each of {len(QUERIES)} queries). RCU are priced from the
entries read (0.5 per 4 KB, a page rounded up once) plus the BatchGetItem of the facts shown.

{section(figures)}

- Only the entries a query matches are decoded into models (and the rest of the chains they sit in, for
  the time axes); the other entries are read as far as their words. A warm container tokenises a text
  once and decodes an entry once (keyed by its id and what changes when it changes).
- The cost still grows with the account (one gsi1 Query reads every entry): ~{figures[-1].rcu_per_entry:.3f}
  RCU per entry, ~{figures[-1].rcu_per_entry * 100_000:,.0f} RCU at 100,000 entries. Past ~10,000 entries,
  `RetrievalBackend=vector` reads a bounded pool instead (docs/decisions.md).
"""


def budget_rows(figures: list[Figure]) -> list[list[str]]:
    return [
        [
            f"retrieve, in-function per entry ({f.entries:,} entries)",
            f"{f.cold_us:.1f} µs new container, {f.warm_us:.1f} µs warm; {f.rcu_per_entry:.3f} RCU per entry",
            f"≤ {BUDGET_US:.0f} µs per entry",
            "met" if f.met else "**missed**",
        ]
        for f in figures
    ]


def main() -> None:
    from bench.harness import quiet

    with quiet():
        bench = Bench()
        try:
            figures = run(bench)
        finally:
            bench.stop()
    print(section(figures))


if __name__ == "__main__":
    main()
