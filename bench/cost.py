"""Per-call cost: DynamoDB calls by operation and capacity units priced from item sizes, against the floor.

The floor of a read is what a single Query (or Get) of exactly the items the answer is made of costs.
Calls are measured warm (right after a warm-up call: the API key and the account record are cached
per container) and cold (those caches cleared, as in a new container).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bench import units
from bench.harness import (
    Bench,
    Cost,
    Recorder,
    deliver,
    floor_query,
    memory_requests,
    new_container,
    seed_account,
    write_all,
)

ACCOUNT = "cost"


@dataclass
class Row:
    name: str
    cold: Cost
    warm: Cost
    floor: float | None = None  # RCU (reads) or WCU (writes) the result alone needs
    per: str = ""  # what the figures are divided by, for writes ("per turn", "per assertion")
    divisor: int = 1
    budget: str = ""
    met: bool | None = None
    note: str = ""

    @property
    def ratio(self) -> float | None:
        if not self.floor:
            return None
        return (self.warm.wcu if self.per else self.warm.rcu) / self.floor


def _pk(*parts: str) -> dict[str, Any]:
    return {":p": {"S": parts[0]}, **({":a": {"S": parts[1]}} if len(parts) > 1 else {})}


def _api(
    bench: Bench, rec: Recorder, path: str, body: Any, account: str = ACCOUNT, method: str = "POST"
) -> tuple[Cost, Cost, Any]:
    new_container()
    cold, _ = rec.measure(bench.ok, method, path, body, account)
    warm, out = rec.measure(bench.ok, method, path, body, account)
    return cold, warm, out


def _only(cost: Cost, ops: dict[str, int]) -> bool:
    return dict(cost.ops) == ops


def reads(bench: Bench, rec: Recorder) -> list[Row]:
    from twinmem.aws import tablekeys

    placed = seed_account(bench, ACCOUNT, 100)
    subject_pk = tablekeys.subject_pk("local", ACCOUNT, "alice chen")
    alice = {"KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": _pk(subject_pk)}
    rows: list[Row] = []

    cold, warm, out = _api(bench, rec, "/v1/memory/history", {"subject": "Alice Chen"})
    floor = floor_query(bench, **alice)
    ok = warm.rcu <= 1.2 * floor and _only(warm, {"query": 1})
    rows.append(
        Row(f"history hit ({out['count']} assertions)", cold, warm, floor, budget="≤ 1.2× floor, 1 Query", met=ok)
    )

    cold, warm, out = _api(bench, rec, "/v1/memory/history", {"subject": "Alice Chen", "attribute": "home_city"})
    floor = floor_query(
        bench,
        KeyConditionExpression="pk = :p AND begins_with(sk, :a)",
        ExpressionAttributeValues=_pk(subject_pk, tablekeys.attribute_prefix("home_city")),
    )
    ok = warm.rcu <= 1.2 * floor and _only(warm, {"query": 1})
    rows.append(
        Row(f"history hit, one attribute ({out['count']})", cold, warm, floor, budget="≤ 1.2× floor, 1 Query", met=ok)
    )

    cold, warm, out = _api(bench, rec, "/v1/memory/history", {"subject": "Nobody Known"})
    listing = [c for c in warm.calls if c.op == "query"][-1]  # the subjects the answer names
    floor = units.read_units(listing.read_sizes, consistent=bool(listing.params.get("ConsistentRead")))
    rows.append(
        Row(
            f"history miss ({out['recorded']} subjects)",
            cold,
            warm,
            floor,
            note="floor: the subject listing the miss answer is built from",
        )
    )

    cold, warm, out = _api(bench, rec, "/v1/memory/known", {"subjects": ["Alice Chen"]})
    floor = floor_query(bench, **alice)
    ok = warm.rcu <= 1.2 * floor and _only(warm, {"query": 1})
    rows.append(Row("known, one subject", cold, warm, floor, budget="≤ 1.2× floor", met=ok))

    memory_id = placed["alice chen"][0]
    cold, warm, out = _api(bench, rec, "/v1/memory/lineage", {"memory_id": memory_id})
    floor = floor_query(
        bench,
        KeyConditionExpression="pk = :p AND begins_with(sk, :a)",
        ExpressionAttributeValues=_pk(subject_pk, tablekeys.attribute_prefix("home_city")),
    )
    rows.append(
        Row(
            f"lineage ({out['count']} steps)",
            cold,
            warm,
            floor,
            budget="≤ 1.2× floor",
            met=warm.rcu <= 1.2 * floor,
            note="floor: one Query of the subject's attribute",
        )
    )

    ids, requests = memory_requests(bench, ACCOUNT, "carol long", 320)  # 40 of each attribute
    write_all(bench, requests)
    cold, warm, out = _api(bench, rec, "/v1/memory/lineage", {"memory_id": ids[0]})
    floor = floor_query(
        bench,
        KeyConditionExpression="pk = :p AND begins_with(sk, :a)",
        ExpressionAttributeValues=_pk(
            tablekeys.subject_pk("local", ACCOUNT, "carol long"), tablekeys.attribute_prefix("home_city")
        ),
    )
    rows.append(
        Row(
            f"lineage, a long chain ({out['count']} steps)",
            cold,
            warm,
            floor,
            budget="≤ 1.2× floor",
            met=warm.rcu <= 1.2 * floor,
            note="floor: one Query of the subject's attribute",
        )
    )

    cold, warm, out = _api(bench, rec, f"/v1/memory/{memory_id}/explain", None, method="GET")
    sizes = [units.item_size(item) for item in _items(bench, subject_pk, "home_city")]
    floor = units.read_units(sizes)
    rows.append(
        Row(
            "explain",
            cold,
            warm,
            floor,
            note="floor: the chain's Query; explain also reads the memory, its evidence, links, settings",
        )
    )

    cold, warm, out = _api(bench, rec, "/v1/memory/retrieve", {"query": "where does alice live", "limit": 10})
    got = [c for c in warm.calls if c.op == "batch_get_item"]
    floor = units.read_units(got[0].read_sizes, per_item=True) if got else 0.5
    held = bench.raw.query(
        TableName="twinmem-bench",
        IndexName="gsi1",
        KeyConditionExpression="g1pk = :p",
        ExpressionAttributeValues=_pk(tablekeys.memories_index_pk("local", ACCOUNT)),
        Select="COUNT",
    )
    rows.append(
        Row(
            f"retrieve (limit 10, {held['Count']} memories and turns)",
            cold,
            warm,
            floor,
            note="floor: a BatchGet of the memories returned; retrieve reads all of gsi1",
        )
    )
    return rows


def _items(bench: Bench, pk: str, attribute: str) -> list[dict[str, Any]]:
    from twinmem.aws import tablekeys

    out = bench.raw.query(
        TableName="twinmem-bench",
        KeyConditionExpression="pk = :p AND begins_with(sk, :a)",
        ExpressionAttributeValues=_pk(pk, tablekeys.attribute_prefix(attribute)),
    )
    return list(out.get("Items", []))


def writes(bench: Bench, rec: Recorder) -> list[Row]:
    """POST /items per turn, and what the stream consumer writes per turn and per assertion."""
    rows: list[Row] = []
    account = "cost-writes"
    turn = {"content": "I had a long day at work, nothing new.", "said_at": "2026-10-01T09:00:00Z"}
    new_container()
    cold, _ = rec.measure(bench.ok, "POST", "/v1/memory/items", {"items": [turn]}, account)
    warm, _ = rec.measure(bench.ok, "POST", "/v1/memory/items", {"items": [turn]}, account)
    ok = _only(warm, {"put_item": 1})
    rows.append(
        Row(
            "items, 1 turn",
            cold,
            warm,
            1.0,
            per="turn",
            budget="≤ 1 write/turn + key check",
            met=ok,
            note="cold: a new account's first item (creates the account)",
        )
    )
    warm10, _ = rec.measure(bench.ok, "POST", "/v1/memory/items", {"items": [turn] * 10}, account)
    ok = _only(warm10, {"put_item": 10})
    rows.append(
        Row(
            "items, 10 turns",
            warm10,
            warm10,
            10.0,
            per="turn",
            divisor=10,
            budget="≤ 1 write/turn + key check",
            met=ok,
            note="warm only",
        )
    )
    deliver(bench, 12)

    cases = [
        ("nothing to read", "Thanks, that helps a lot."),
        ("a new subject", "Priya Nair moved to Lisbon last week."),
        ("a known subject", "Priya Nair moved to Porto in 2025."),
        ("a known subject", "Priya Nair works at Acme as a data engineer."),
    ]
    for name, text in cases:
        bench.ok("POST", "/v1/memory/items", {"items": [{"content": text, "said_at": "2026-10-01T09:00:00Z"}]}, account)
        cost, _ = rec.measure(deliver, bench, 1)
        ops = [
            next(iter(op.values()))
            for c in cost.calls
            if c.op == "transact_write_items"
            for op in c.params["TransactItems"]
        ]
        memories = [op["Item"] for op in ops if "g1pk" in op.get("Item", {})]  # memories carry the gsi1 keys
        n = len(memories)
        listed = sum("g2pk" in m for m in memories)  # a memory that also lists a new subject
        others = len(ops) - n - 1
        note = (
            (
                f"{len(ops)} items in one transaction: the record + {n} memor{'y' if n == 1 else 'ies'}"
                + (f" ({listed} also listing a new subject)" if listed else "")
                + (f" + {others} other" if others else "")
            )
            if ops
            else "nothing written"
        )
        if n == 0:
            rows.append(Row(f"extraction, {name}", cost, cost, None, per="turn", note=note))
            continue
        rows.append(
            Row(
                f"extraction, {n} assertion(s), {name}",
                cost,
                cost,
                float(n),
                per="assertion",
                divisor=n,
                budget="≤ 2 writes/assertion",
                met=len(ops) <= 2 * n,
                note=note,
            )
        )
    return rows


def retrieve_growth(bench: Bench, rec: Recorder, accounts: dict[int, str]) -> list[tuple[int, Cost]]:
    """RCU of one retrieve as the account grows (the same accounts latency timed)."""
    out = []
    for size, account in sorted(accounts.items()):
        cost, _ = rec.measure(bench.ok, "POST", "/v1/memory/retrieve", {"query": "where does alice live"}, account)
        out.append((size, cost))
    return out


def run(bench: Bench) -> tuple[list[Row], list[str]]:
    """The rows, and the calls the recorder could not price (none, when all is well)."""
    rec = Recorder(bench)
    rows = reads(bench, rec) + writes(bench, rec)
    return rows, rec.errors
