"""What every section shares: a moto backend from template.yaml, an API client that speaks API Gateway v2,
a recorder of DynamoDB calls (with what they returned and the items they wrote), and fast seeding.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Any

from bench import units

for _k, _v in {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_REGION": "us-east-1",
    "POWERTOOLS_LOG_LEVEL": "WARNING",
    "POWERTOOLS_SERVICE_NAME": "twinmem",
    "POWERTOOLS_METRICS_NAMESPACE": "twinmem",
}.items():
    os.environ.setdefault(_k, _v)

TABLE = "twinmem-bench"


def say(*parts: Any) -> None:
    """Progress on stderr (stdout carries the handlers' metric lines while a section runs, then the table)."""
    print(*parts, file=sys.stderr, flush=True)


@contextlib.contextmanager
def quiet() -> Iterator[None]:
    """Send stdout (Powertools prints a metrics line per invocation, as Lambda would) to /dev/null."""
    with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
        yield


class Bench:
    """A moto backend, the local admin key and a gateway that invokes the real handlers."""

    def __init__(self) -> None:
        from infra.local import environment
        from infra.local.server import Gateway

        self.backend = environment.start(table_name=TABLE, embedded=True)
        self.key = environment.ensure_admin_key(None)
        self.gateway = Gateway(lock=self.backend.lock)
        self.raw = self.backend.dynamodb  # a client of its own: its calls are never counted
        self.indexes = {
            i["IndexName"]: i for i in self.raw.describe_table(TableName=TABLE)["Table"]["GlobalSecondaryIndexes"]
        }

    def call(self, method: str, path: str, body: Any = None, account: str = "bench") -> tuple[int, Any]:
        headers = {"authorization": f"Bearer {self.key}", "x-twin-account": account, "content-type": "application/json"}
        data = json.dumps(body).encode() if body is not None else b""
        status, _, payload = self.gateway.invoke(method, path, headers, data)
        return status, json.loads(payload) if payload else None

    def ok(self, method: str, path: str, body: Any = None, account: str = "bench") -> Any:
        status, out = self.call(method, path, body, account)
        if status >= 300:
            raise RuntimeError(f"{method} {path} -> {status} {out}")
        return out

    def stop(self) -> None:
        self.backend.stop()


def new_container() -> None:
    """Forget what a warm container keeps (key, account and chain-location caches): the next call is cold."""
    from twinmem import accounts, keys, lineage

    keys.clear_cache()
    accounts.clear_cache()
    lineage.forget_locations()


# ---------------------------------------------------------------- counting calls and units


@dataclass
class Call:
    op: str
    params: dict[str, Any]
    response: dict[str, Any] | None = None
    rcu: float = 0.0
    wcu: float = 0.0
    gsi_wcu: float = 0.0
    items_written: int = 0
    read_sizes: list[int] = field(default_factory=list)


@dataclass
class Cost:
    calls: list[Call]

    @property
    def ops(self) -> Counter[str]:
        return Counter(c.op for c in self.calls)

    @property
    def rcu(self) -> float:
        return sum(c.rcu for c in self.calls)

    @property
    def wcu(self) -> float:
        return sum(c.wcu for c in self.calls)

    @property
    def gsi_wcu(self) -> float:
        return sum(c.gsi_wcu for c in self.calls)

    @property
    def items_written(self) -> int:
        return sum(c.items_written for c in self.calls)

    def ops_text(self) -> str:
        names = {
            "get_item": "Get",
            "query": "Query",
            "batch_get_item": "BatchGet",
            "put_item": "Put",
            "update_item": "Update",
            "delete_item": "Delete",
            "transact_write_items": "TxWrite",
        }
        return " ".join(f"{n}×{names.get(op, op)}" for op, n in sorted(self.ops.items())) or "-"


class Recorder:
    """Counts every DynamoDB call twinmem.aws.store makes and prices it from the items it read and wrote.

    store.on_call gives (operation, params) before each call, when the items a write replaces are
    read (with the bench's own client); botocore's after-call event gives what the call returned,
    when the items a write left are read. Reads are priced on the whole item (or whole index entry)
    even when a ProjectionExpression returned less, as DynamoDB prices them.
    """

    def __init__(self, bench: Bench) -> None:
        self.bench = bench
        self.calls: list[Call] = []
        self.errors: list[str] = []  # calls the recorder could not price (shown in the report)
        self._before: dict[int, list[dict[str, Any] | None]] = {}

    @contextlib.contextmanager
    def recording(self) -> Iterator[list[Call]]:
        from twinmem.aws import store

        start = len(self.calls)
        events = store.client().meta.events
        remove = store.on_call(self._on_call)
        events.register("after-call.dynamodb", self._after_call, unique_id="bench-recorder")
        try:
            yield self.calls
        finally:
            remove()
            events.unregister("after-call.dynamodb", unique_id="bench-recorder")
        del self.calls[:start]

    def measure(self, fn: Any, *args: Any, **kwargs: Any) -> tuple[Cost, Any]:
        with self.recording():
            out = fn(*args, **kwargs)
            cost = Cost(list(self.calls))
        self.calls.clear()
        return cost, out

    # -- the two hooks (they never raise into the service: a failure is kept in `errors`)

    def _on_call(self, op: str, params: dict[str, Any]) -> None:
        call = Call(op, params)
        self.calls.append(call)
        try:
            self._before[id(call)] = [self._get(k) for k in self._write_keys(call)]
        except Exception as exc:
            self.errors.append(f"{op}: {exc!r}")

    def _after_call(self, http_response: Any, parsed: dict[str, Any], model: Any, **_: Any) -> None:
        call = next((c for c in reversed(self.calls) if c.response is None), None)
        if call is None:
            return
        call.response = parsed
        try:
            if call.op in ("get_item", "query", "batch_get_item"):
                self._price_read(call)
            else:
                self._price_write(call, failed="Error" in parsed)
        except Exception as exc:
            self.errors.append(f"{call.op}: {exc!r}")

    # -- pricing

    def _price_write(self, call: Call, failed: bool) -> None:
        before = self._before.pop(id(call), [])
        after = [self._get(k) for k in self._write_keys(call)]
        transactional = call.op == "transact_write_items"
        for old, new in zip(before, after, strict=True):
            size = max(units.item_size(old) if old else 0, units.item_size(new) if new else 0)
            call.wcu += units.write_units(size, transactional=transactional)
            call.items_written += 1
            if failed:
                continue
            for index in self.bench.indexes.values():
                entries = [units.index_entry(i, index, ("pk", "sk")) for i in (old, new) if i]
                sizes = [units.item_size(e) for e in entries if e]
                if sizes:
                    call.gsi_wcu += units.write_units(max(sizes))

    def _price_read(self, call: Call) -> None:
        """Reads are priced on whole items (or whole index entries): a read that projected fewer
        attributes is read again without its projection, with the bench's own client."""
        p, out = call.params, call.response or {}
        consistent = bool(p.get("ConsistentRead"))
        if call.op == "get_item":
            item = out.get("Item")
            if item is not None and "ProjectionExpression" in p:
                item = self._get(p["Key"])
            call.read_sizes = [units.item_size(item)] if item else []
            call.rcu = units.read_units(call.read_sizes, consistent=consistent, per_item=True)
        elif call.op == "query":
            items = out.get("Items", [])
            if "ProjectionExpression" in p:
                items = self.bench.raw.query(**_unprojected(p)).get("Items", [])
            index = p.get("IndexName")
            if index is not None:
                items = [units.index_entry(i, self.bench.indexes[index], ("pk", "sk")) or i for i in items]
            call.read_sizes = [units.item_size(i) for i in items]
            call.rcu = units.read_units(call.read_sizes, consistent=consistent)
        else:  # batch_get_item
            for table, items in out.get("Responses", {}).items():
                spec = p["RequestItems"].get(table, {})
                if "ProjectionExpression" in spec:
                    items = [self._get({"pk": k["pk"], "sk": k["sk"]}) or {} for k in spec["Keys"]]
                sizes = [units.item_size(i) for i in items if i]
                call.read_sizes += sizes
                call.rcu += units.read_units(sizes, consistent=bool(spec.get("ConsistentRead")), per_item=True)

    # -- helpers

    def _get(self, key: dict[str, Any]) -> dict[str, Any] | None:
        out = self.bench.raw.get_item(TableName=TABLE, Key=key, ConsistentRead=True)
        return out.get("Item")

    @staticmethod
    def _write_keys(call: Call) -> list[dict[str, Any]]:
        def key_of(op: dict[str, Any]) -> dict[str, Any]:
            source = op.get("Key") or op["Item"]
            return {"pk": source["pk"], "sk": source["sk"]}

        if call.op in ("put_item", "update_item", "delete_item"):
            return [key_of(call.params)]
        if call.op == "transact_write_items":
            return [key_of(next(iter(t.values()))) for t in call.params["TransactItems"]]
        return []


def _unprojected(params: dict[str, Any]) -> dict[str, Any]:
    """The same Query without its ProjectionExpression (and the names only the projection used)."""
    out = {k: v for k, v in params.items() if k != "ProjectionExpression"}
    used = " ".join(str(params.get(k, "")) for k in ("KeyConditionExpression", "FilterExpression"))
    names = {k: v for k, v in params.get("ExpressionAttributeNames", {}).items() if k in used}
    out.pop("ExpressionAttributeNames", None)
    if names:
        out["ExpressionAttributeNames"] = names
    return out


class DbClock:
    """Seconds spent inside DynamoDB calls (request building, moto, response parsing) while a block runs."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.calls = 0
        self._t0 = 0.0

    def __enter__(self) -> DbClock:
        from twinmem.aws import store

        self._remove = store.on_call(self._start)
        store.client().meta.events.register("after-call.dynamodb", self._stop, unique_id="bench-clock")
        return self

    def __exit__(self, *exc: Any) -> None:
        from twinmem.aws import store

        self._remove()
        store.client().meta.events.unregister("after-call.dynamodb", unique_id="bench-clock")

    def _start(self, op: str, params: dict[str, Any]) -> None:
        self._t0 = time.perf_counter()

    def _stop(self, **_: Any) -> None:
        self.seconds += time.perf_counter() - self._t0
        self.calls += 1


def floor_query(bench: Bench, **params: Any) -> float:
    """RCU of a single Query returning exactly these items (one page per 1 MB, as DynamoDB pages)."""
    total = 0.0
    params = {"TableName": TABLE, **params}
    while True:
        out = bench.raw.query(**params)
        index = params.get("IndexName")
        sizes = [
            units.item_size(units.index_entry(i, bench.indexes[index], ("pk", "sk")) or i)
            if index
            else units.item_size(i)
            for i in out.get("Items", [])
        ]
        total += units.read_units(sizes)
        if "LastEvaluatedKey" not in out:
            return total
        params["ExclusiveStartKey"] = out["LastEvaluatedKey"]


# ---------------------------------------------------------------- timing


def timed(fn: Any, *, reps: int, budget_s: float, warmup: int = 1, least: int = 3) -> list[float]:
    """Seconds per call: `warmup` untimed calls, then up to `reps` timed ones within `budget_s` (at least `least`)."""
    for _ in range(warmup):
        fn()
    out: list[float] = []
    deadline = time.perf_counter() + budget_s
    while len(out) < reps and (len(out) < least or time.perf_counter() < deadline):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def median(xs: list[float]) -> float:
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def pct(xs: list[float], p: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, round(p / 100 * (len(s) - 1)))]


# ---------------------------------------------------------------- seeding


ATTRS = [
    ("home_city", ["Lisbon", "Berlin", "Porto", "Seoul", "Toronto"]),
    ("employer", ["Acme", "Globex", "Initech"]),
    ("job_title", ["data engineer", "manager"]),
    ("pet", ["Rex", "Tom"]),
    ("diet", ["vegetarian", "vegan"]),
    ("language", ["French", "German", "Korean"]),
    ("hobby", ["climbing", "chess", "piano"]),
    ("favorite_food", ["ramen", "pasta"]),
]


def _turns(n: int) -> list[dict[str, Any]]:
    return [
        {
            "content": f"Alice Chen moved to Lisbon in 2024. She works at Acme now (turn {i}).",
            "said_at": "2026-10-01T09:00:00Z",
        }
        for i in range(n)
    ]


def deliver(bench: Bench, records: int, timeout_s: float = 120.0) -> float:
    """Pump the stream until `records` more items reached the extraction handler; returns the seconds taken.

    (A pump round that reads only filtered-out records, e.g. seeded memories, delivers nothing, so
    Backend.drain() can stop early behind a backlog; this keeps polling.)
    """
    pump = bench.backend.pumps[0]
    target = pump.delivered + records
    t = time.perf_counter()
    while pump.delivered < target:
        if time.perf_counter() - t > timeout_s:
            raise TimeoutError(f"stream: {target - pump.delivered} records not delivered in {timeout_s} s")
        pump.poll_once()
    return time.perf_counter() - t


def skip_stream(bench: Bench) -> None:
    """Move the pump past everything on the stream now (records another process already handled, or
    turns posted only to time the API).

    Redelivering them would be harmless on DynamoDB (the extraction record makes it a no-op), but on
    moto the failed transaction restores a deep copy of the table, stream shard included, which
    leaves the pump's iterator on a shard that no longer grows.
    """
    for pump in bench.backend.pumps:
        pump.skip_to_latest()


def template_memory(bench: Bench, account: str) -> dict[str, Any]:
    """A memory item exactly as extraction writes it (one real turn through POST /items and the stream):
    the one that lists its subject for the account, when the layout lists subjects on a memory.
    """
    from twinmem.aws import tablekeys

    skip_stream(bench)  # turns other sections posted are not this one's to read (and cost moto time)
    bench.ok("POST", "/v1/memory/items", {"items": _turns(1)}, account)
    deliver(bench, 1)
    found = bench.raw.query(
        TableName=TABLE,
        KeyConditionExpression="pk = :p",
        ExpressionAttributeValues={":p": {"S": tablekeys.subject_pk("local", account, SEED_SUBJECT)}},
    )
    items = found["Items"]
    assert items, "the rules extractor read nothing from the seed turn"
    return dict(next((i for i in items if "g2pk" in i), items[0]))


SEED_SUBJECT = "alice chen"


def _iso(at: datetime) -> dict[str, str]:
    return {"S": at.strftime("%Y-%m-%dT%H:%M:%SZ")}


def memory_requests(bench: Bench, account: str, subject: str, n: int) -> tuple[list[str], list[dict[str, Any]]]:
    """n assertion-bearing memories for `subject` as PutRequests: copies of the item extraction wrote for
    the seed turn, with their own id, subject, attribute, value, text and dates.

    Values cycle through a small vocabulary, so lineage finds real chains; said dates advance a day each.
    The subject is listed for the account as extraction lists it: on its first memory (gsi2) when the
    seed's memory carries such a listing, else by a SUBJ# record.
    """
    from twinmem import ids as minted
    from twinmem.aws import tablekeys

    tpl = _templates.get(account) or template_memory(bench, account)
    _templates[account] = tpl
    lists_on_memory = "g2pk" in tpl
    plain = {k: v for k, v in tpl.items() if k not in ("g2pk", "g2sk")}
    base = datetime(2024, 1, 1, 9, tzinfo=UTC)
    requests, ids = [], []
    for i in range(n):
        attr, values = ATTRS[i % len(ATTRS)]
        value = values[(i // len(ATTRS)) % len(values)]
        said = base + timedelta(days=i // len(ATTRS), minutes=i % len(ATTRS))
        day = date(said.year, said.month, said.day).isoformat()
        mid = minted.derive_id("mem_", account, subject, str(i))
        item = {
            **plain,
            "memory_id": {"S": mid},
            "subject": {"S": subject},
            "subject_display": {"S": subject.title()},
            "attribute": {"S": attr},
            "value": {"S": value},
            "content": {"S": f"{subject.title()} {attr.replace('_', ' ')}: {value}."},
            "assertion_valid_from": {"S": day},
            "said_at": _iso(said),
            "created_at": _iso(said),
            "observed_at": _iso(said),
            "valid_from": _iso(said),
            "recorded_at": _iso(said),
            "updated_at": _iso(said),
            "g1sk": {"S": mid},
            "pk": {"S": tablekeys.subject_pk("local", account, subject)},
            "sk": {"S": tablekeys.assertion_sk(attr, day, _iso(said)["S"], mid)},
        }
        if i == 0 and lists_on_memory and subject != SEED_SUBJECT:
            assert tpl["g2sk"]["S"] == tablekeys.enc(SEED_SUBJECT), "the subject listing changed shape"
            item.update(g2pk=tpl["g2pk"], g2sk={"S": tablekeys.enc(subject)})
        requests.append({"PutRequest": {"Item": item}})
        ids.append(mid)
    if not lists_on_memory and subject != SEED_SUBJECT:
        subj_sk = tablekeys.subject_sk(subject)  # type: ignore[attr-defined]  # the earlier layout
        requests.append(
            {
                "PutRequest": {
                    "Item": {
                        "pk": {"S": tablekeys.account_pk("local", account)},
                        "sk": {"S": subj_sk},
                        "type": {"S": "SUBJECT"},
                        "subject": {"S": subject},
                        "display": {"S": subject.title()},
                        "first_at": {"S": "2024-01-01T09:00:00Z"},
                    }
                }
            }
        )
    return ids, requests


_templates: dict[str, Any] = {}


def write_all(bench: Bench, requests: list[dict[str, Any]]) -> None:
    """BatchWriteItem, 25 at a time, straight to the table (seeding is not what is measured)."""
    with bench.backend.lock:
        for s in range(0, len(requests), 25):
            pending: dict[str, Any] = {TABLE: requests[s : s + 25]}
            while pending:
                pending = bench.raw.batch_write_item(RequestItems=pending).get("UnprocessedItems") or {}


def seed_account(
    bench: Bench, account: str, total: int, *, subject_size: int = 20, big: tuple[str, int] | None = None
) -> dict[str, list[str]]:
    """An account of about `total` memories: 'alice chen' holds `subject_size`, an optional big subject holds
    its count, the rest spread over other subjects of 10 each (an account knows many people and things).
    The one real turn that gives the memories their shape adds its own one or two memories.
    """
    plan = [("alice chen", min(total, subject_size))]
    left = total - plan[0][1]
    if big is not None:
        plan.append(big)
        left -= big[1]
    n = 0
    while left > 0:
        plan.append((f"person {n:05d}", min(10, left)))
        left -= plan[-1][1]
        n += 1
    placed: dict[str, list[str]] = {}
    requests: list[dict[str, Any]] = []
    for subject, count in plan:
        placed[subject], reqs = memory_requests(bench, account, subject, count)
        requests += reqs
    write_all(bench, requests)
    return placed
