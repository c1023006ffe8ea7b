"""DynamoDB faults injected under the real handlers (botocore `before-send` hooks, as the service's own client
sees them): throttling, transaction conflicts, 500s and connection resets.

Every route retries with backoff (botocore standard mode), then answers 503 with Retry-After, never a 500,
and leaves nothing half-written (the table is scanned before and after). The stream consumer under the same
faults: partial batch responses name exactly the failed records, a poison record goes to the on-failure
destination, a redelivery leaves the table byte-for-byte as it was, and an extraction cut short between two
writes is completed by the next delivery.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from infra.local.pump import LambdaContext
from tests.conftest import ApiClient, stream_records

WRITES = {"PutItem", "UpdateItem", "DeleteItem", "TransactWriteItems", "BatchWriteItem"}
READS = {"GetItem", "Query", "BatchGetItem", "Scan", "TransactGetItems"}
KINDS = ["throttle", "conflict", "500", "reset"]


class _Raw:
    def stream(self, **kwargs: Any) -> Iterator[bytes]:
        yield b""


def _response(request: Any, status: int, body: dict[str, Any]) -> Any:
    from botocore.awsrequest import AWSResponse

    response = AWSResponse(request.url, status, {"x-amzn-requestid": "fault"}, _Raw())
    response._content = json.dumps(body).encode()
    return response


def _fault(kind: str, op: str, request: Any) -> Any:
    """What DynamoDB (or the network) answers for one injected fault of this kind."""
    prefix = "com.amazonaws.dynamodb.v20120810#"
    if kind == "throttle":
        return _response(
            request,
            400,
            {
                "__type": prefix + "ProvisionedThroughputExceededException",
                "message": "The level of configured provisioned throughput was exceeded",
            },
        )
    if kind == "500":
        return _response(request, 500, {"__type": prefix + "InternalServerError", "message": "Internal server error"})
    if kind == "reset":
        from botocore.exceptions import ConnectionClosedError

        raise ConnectionClosedError(endpoint_url=request.url)
    if op == "TransactWriteItems":  # a conflict with another transaction cancels this one
        n = len(json.loads(request.body or b"{}").get("TransactItems", [])) or 1
        return _response(
            request,
            400,
            {
                "__type": prefix + "TransactionCanceledException",
                "Message": "Transaction cancelled, please refer cancellation reasons for specific reasons",
                "CancellationReasons": [
                    {"Code": "TransactionConflict", "Message": "Transaction is ongoing for the item"}
                ]
                + [{"Code": "None"}] * (n - 1),
            },
        )
    return _response(
        request,
        400,
        {"__type": prefix + "TransactionConflictException", "message": "Transaction is ongoing for the item"},
    )


@dataclass
class Faults:
    """Injects faults into the service's DynamoDB client; `attempts` counts the calls each one met."""

    attempts: list[str] = field(default_factory=list)
    delays: list[float] = field(default_factory=list)  # the backoff botocore chose before each retry
    _hooks: list[Callable[..., Any]] = field(default_factory=list)

    def inject(
        self, kind: str, ops: set[str], *, times: int | None = None, when: Callable[[Any], bool] = lambda request: True
    ) -> None:
        """Fail every call of `ops` (only the first `times` when given; only requests `when` admits)."""
        from twinmem.aws import store

        left = [times]

        def hook(request: Any, event_name: str = "", **kwargs: Any) -> Any:
            op = event_name.rsplit(".", 1)[-1]
            request.faulted = False
            if op not in ops or not when(request) or left[0] == 0:
                return None
            if left[0] is not None:
                left[0] -= 1
            self.attempts.append(op)
            request.faulted = True  # the request never reaches the table (see `faults`)
            return _fault(kind, op, request)

        store.client().meta.events.register_first("before-send.dynamodb", hook)
        self._hooks.append(hook)

    def clear(self) -> None:
        from twinmem.aws import store

        for hook in self._hooks:
            store.client().meta.events.unregister("before-send.dynamodb", hook)
        self._hooks.clear()


@pytest.fixture
def faults(monkeypatch: pytest.MonkeyPatch) -> Iterator[Faults]:
    """Faults to inject, with botocore's backoff kept (its delays recorded) but slept 1/100 as long."""
    from botocore.retries import standard
    from moto.core.botocore_stubber import BotocoreStubber

    from twinmem.aws import store

    # botocore runs every before-send handler, moto's too, even after one answered: a faulted request must
    # not reach moto's table (a fault here is a request DynamoDB never received)
    stub = BotocoreStubber.__call__
    monkeypatch.setattr(
        BotocoreStubber,
        "__call__",
        lambda self, event_name, request, **kw: (
            None if getattr(request, "faulted", False) else stub(self, event_name, request, **kw)
        ),
    )
    f = Faults()
    original = standard.ExponentialBackoff.delay_amount

    def shortened(self: Any, context: Any) -> float:
        f.delays.append(original(self, context))
        return f.delays[-1] / 100

    monkeypatch.setattr(standard.ExponentialBackoff, "delay_amount", shortened)
    try:
        yield f
    finally:
        f.clear()
        store.reset()


@pytest.fixture
def seeded(api: ApiClient, backend: Any) -> dict[str, str]:
    """An end user with items read, an appended memory revised once, a correction, a key: every route has data."""
    added = api.post(
        "/v1/memory/items",
        {
            "items": [
                {"id": "t1", "content": "I live in Berlin.", "said_at": "2024-06-01T10:00:00Z"},
                {"id": "t2", "content": "I work at Acme.", "said_at": "2024-06-02T10:00:00Z"},
            ]
        },
    )
    backend.drain()
    mem = api.post("/v1/memory/append", {"content": "tea with milk"}).body["memory_id"]
    assert api.put(f"/v1/memory/{mem}", {"content": "tea with oat milk"}).status == 200
    fact = api.post("/v1/memory/history", {"subject": "user"}).body["assertions"][0]["memory_id"]
    key = api.post("/v1/keys", {"scope": "read", "name": "r"}, account=None).body["id"]
    return {"ev": added.body["event_ids"][0], "mem": mem, "fact": fact, "key": key}


# (method, path, body, end user): {ev}, {mem}, {fact}, {key} filled from `seeded`
WRITE_ROUTES: list[tuple[str, str, Any, str | None]] = [
    (
        "POST",
        "/v1/memory/items",
        {"items": [{"content": "I moved to Lisbon."}, {"content": "I speak Dutch."}]},
        "user_42",
    ),
    ("POST", "/v1/memory/items", {"items": [{"id": "n1", "content": "I live in Oslo."}]}, "a_new_user"),
    (
        "POST",
        "/v1/memory/items",
        {"items": [{"id": "t1", "content": "I live in Berlin."}, {"id": "t3", "content": "I have a cat."}]},
        "user_42",
    ),
    ("PUT", "/v1/memory/items/{ev}", {"content": "I live in Hamburg."}, "user_42"),
    (
        "POST",
        "/v1/memory/append",
        {"content": "likes jazz", "subject": "Bob", "attribute": "hobby", "value": "jazz"},
        "user_42",
    ),
    ("PUT", "/v1/memory/{mem}", {"content": "tea, black"}, "user_42"),
    ("DELETE", "/v1/memory/{mem}", None, "user_42"),
    (
        "POST",
        "/v1/memory/corrections",
        {"subject": "user", "attribute": "employer", "value": "Acme", "reason": "misread"},
        "user_42",
    ),
    ("PUT", "/v1/memory/profile", {"name": "Alice Chen"}, "user_42"),
    ("POST", "/v1/memory/feedback", {"memory_id": "{fact}", "outcome": "used"}, "user_42"),
    ("POST", "/v1/memory/rebuild", None, "user_42"),
    ("POST", "/v1/keys", {"scope": "read", "name": "another"}, None),
    ("DELETE", "/v1/keys/{key}", None, None),
    ("PUT", "/v1/settings", {"trust": {"authority": {"user": 0.8}}, "retention_days": None}, None),
]
READ_ROUTES: list[tuple[str, str, Any, str | None]] = [
    ("POST", "/v1/memory/history", {"subject": "user"}, "user_42"),
    ("POST", "/v1/memory/known", {}, "user_42"),
    ("POST", "/v1/memory/retrieve", {"query": "where do I live"}, "user_42"),
    ("POST", "/v1/memory/lineage", {"memory_id": "{fact}"}, "user_42"),
    ("GET", "/v1/memory/{fact}/explain", None, "user_42"),
    ("GET", "/v1/memory/changes", None, "user_42"),
    ("GET", "/v1/memory/revisions?since=0", None, "user_42"),
    ("GET", "/v1/memory/items/{ev}", None, "user_42"),
    ("GET", "/v1/memory/rebuild", None, "user_42"),
    ("GET", "/v1/keys", None, None),
    ("GET", "/v1/settings", None, None),
]


def _fill(value: Any, ids: dict[str, str]) -> Any:
    return None if value is None else json.loads(json.dumps(value).replace("{fact}", ids["fact"]))


def _call(api: ApiClient, route: tuple[str, str, Any, str | None], ids: dict[str, str]) -> Any:
    method, path, body, account = route
    return api.call(method, path.format(**ids), _fill(body, ids), account=account)


def _scan(backend: Any) -> list[dict[str, Any]]:
    out = backend.dynamodb.scan(TableName=backend.table_name)
    items = out["Items"]
    while "LastEvaluatedKey" in out:
        out = backend.dynamodb.scan(TableName=backend.table_name, ExclusiveStartKey=out["LastEvaluatedKey"])
        items += out["Items"]
    return sorted(items, key=lambda i: (i["pk"]["S"], i["sk"]["S"]))


def _ident(route: tuple[str, str, Any, str | None]) -> str:
    return f"{route[0]} {route[1]}" + (f" ({route[3]})" if route[3] not in ("user_42", None) else "")


def _refused(reply: Any, faults: Faults) -> None:
    assert reply.status == 503, reply
    assert reply.headers["Retry-After"].isdigit()
    assert reply.body["retry_after"] == int(reply.headers["Retry-After"])
    assert faults.attempts, "no fault met"


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("route", WRITE_ROUTES, ids=[_ident(r) for r in WRITE_ROUTES])
def test_a_write_route_that_dynamodb_keeps_refusing_is_a_503_and_writes_nothing(
    api: ApiClient,
    backend: Any,
    seeded: dict[str, str],
    faults: Faults,
    route: tuple[str, str, Any, str | None],
    kind: str,
) -> None:
    before = _scan(backend)
    faults.inject(kind, WRITES)

    reply = _call(api, route, seeded)

    _refused(reply, faults)
    assert _scan(backend) == before  # the first write was refused: nothing of the call is stored
    if kind != "conflict":  # botocore retries what may pass (a conflicting transaction is the caller's to retry)
        assert len(faults.attempts) == 4 and faults.attempts.count(faults.attempts[0]) == 4
        assert len(faults.delays) == 3
    faults.clear()
    assert _call(api, route, seeded).status < 300  # and once DynamoDB answers, the same call goes through


@pytest.mark.parametrize("kind", ["throttle", "500", "reset"])
@pytest.mark.parametrize("route", READ_ROUTES, ids=[_ident(r) for r in READ_ROUTES])
def test_a_read_route_that_dynamodb_keeps_refusing_is_a_503(
    api: ApiClient, seeded: dict[str, str], faults: Faults, route: tuple[str, str, Any, str | None], kind: str
) -> None:
    faults.inject(kind, READS)

    reply = _call(api, route, seeded)

    _refused(reply, faults)
    assert len(faults.attempts) == 4  # the first read met 4 tries (botocore standard mode), then the 503


@pytest.mark.parametrize("kind", ["throttle", "500", "reset"])
@pytest.mark.parametrize("route", WRITE_ROUTES + READ_ROUTES, ids=[_ident(r) for r in WRITE_ROUTES + READ_ROUTES])
def test_faults_that_pass_within_the_retries_are_not_seen_by_the_client(
    api: ApiClient, seeded: dict[str, str], faults: Faults, route: tuple[str, str, Any, str | None], kind: str
) -> None:
    faults.inject(kind, WRITES | READS, times=2)

    reply = _call(api, route, seeded)

    assert reply.status < 300, reply
    assert faults.attempts == faults.attempts[:1] * 2  # one call failed twice, then passed on its third try
    assert len(faults.delays) == 2
    if kind == "throttle":  # throttling backs off from 1 s (jittered: rand × 1, rand × 2)
        assert all(0 <= d <= 2**i for i, d in enumerate(faults.delays))


def test_a_new_end_users_first_items_refused_leave_no_end_user(api: ApiClient, backend: Any, faults: Faults) -> None:
    faults.inject("throttle", {"TransactWriteItems"})

    reply = api.post(
        "/v1/memory/items", {"items": [{"content": "I live in Oslo."}, {"content": "hi"}]}, account="fresh"
    )

    _refused(reply, faults)
    faults.clear()
    assert api.post("/v1/memory/history", {"subject": "user"}, account="fresh").status == 404
    assert not [i for i in _scan(backend) if "fresh" in i["pk"]["S"]]


def test_a_delete_cut_short_after_its_tombstone_never_shows_the_content_again(
    api: ApiClient, backend: Any, seeded: dict[str, str], faults: Faults
) -> None:
    mem = seeded["mem"]
    faults.inject("500", {"BatchWriteItem"})  # the tombstone commits; erasing the closed revisions fails

    reply = api.delete(f"/v1/memory/{mem}")

    _refused(reply, faults)
    explained = api.get(f"/v1/memory/{mem}/explain").body
    assert explained["memory"]["deleted_at"] and explained["memory"]["content"] == ""
    assert "tea" not in json.dumps(explained)  # no closed revision shows through the tombstone
    assert "tea" not in json.dumps(api.post("/v1/memory/retrieve", {"query": "tea milk"}).body)
    faults.clear()
    assert api.delete(f"/v1/memory/{mem}").status == 200  # the retry finishes the erasure
    assert not [i for i in _scan(backend) if "tea" in json.dumps(i)]


# ------------------------------------------------------------------------------------------- stream consumer


def _deliver(backend: Any, records: list[dict[str, Any]]) -> list[str]:
    """Invoke the extraction function once with these records; the sequence numbers it reported failed.

    When every record fails, Powertools raises instead (a function error): Lambda retries the whole batch,
    as it would for a report naming every record, so that reads as all of them."""
    from aws_lambda_powertools.utilities.batch.exceptions import BatchProcessingError

    try:
        result = backend.pumps[0].handler({"Records": records}, LambdaContext("ExtractionFunction"))
    except BatchProcessingError:
        return [_seq(r) for r in records]
    return [f["itemIdentifier"] for f in result["batchItemFailures"]]


def _seq(record: dict[str, Any]) -> str:
    return str(record["dynamodb"]["SequenceNumber"])


def _mentions(event_id: str) -> Callable[[Any], bool]:
    return lambda request: event_id.encode() in (request.body or b"")


THREE = [{"content": "I live in Oslo."}, {"content": "I work at Acme."}, {"content": "I speak Norwegian."}]


def _values(api: ApiClient, subject: str = "user") -> list[str]:
    return sorted(a["value"] for a in api.post("/v1/memory/history", {"subject": subject}).body["assertions"])


@pytest.mark.parametrize("kind", KINDS)
def test_partial_batch_response_names_exactly_the_failed_records(
    api: ApiClient, backend: Any, faults: Faults, kind: str
) -> None:
    ids = api.post("/v1/memory/items", {"items": THREE}).body["event_ids"]
    records = stream_records(backend)
    assert len(records) == 3
    faults.inject(kind, {"TransactWriteItems"}, when=_mentions(ids[1]))

    failed = _deliver(backend, records)

    assert failed == [_seq(records[1])]
    assert _values(api) == ["Norwegian", "Oslo"]
    faults.clear()
    assert _deliver(backend, records[1:]) == []  # Lambda retries from the first failure
    assert _values(api) == ["Acme", "Norwegian", "Oslo"]


def test_two_failed_records_are_both_named_and_a_function_error_fails_none_silently(
    api: ApiClient, backend: Any, faults: Faults
) -> None:
    ids = api.post("/v1/memory/items", {"items": THREE}).body["event_ids"]
    records = stream_records(backend)
    faults.inject(
        "throttle", {"TransactWriteItems"}, when=lambda r: ids[0].encode() in r.body or ids[2].encode() in r.body
    )

    assert _deliver(backend, records) == [_seq(records[0]), _seq(records[2])]
    assert _values(api) == ["Acme"]


def test_a_poison_record_goes_to_the_on_failure_destination_and_the_shard_moves_on(
    api: ApiClient, backend: Any, faults: Faults
) -> None:
    ids = api.post("/v1/memory/items", {"items": THREE}).body["event_ids"]
    records = stream_records(backend)
    faults.inject("500", {"TransactWriteItems"}, when=_mentions(ids[1]))
    pump = backend.pumps[0]

    pump._deliver(records, pump.mapping.max_retries)  # as the event source mapping delivers a batch

    (failure,) = pump.failures
    info = failure["DDBStreamBatchInfo"]
    faults.clear()
    assert info["batchSize"] == 1 and info["startSequenceNumber"] == info["endSequenceNumber"] == _seq(records[1])
    assert failure["requestContext"]["condition"] == "RetryAttemptsExhausted"
    assert _values(api) == ["Norwegian", "Oslo"]  # the records around it were read
    assert pump.invocations >= 1 + pump.mapping.max_retries  # retried as configured before giving up
    assert api.get(f"/v1/memory/items/{ids[1]}").status == 200  # the item itself is kept, to be read again


@pytest.mark.parametrize("kind", KINDS)
def test_redelivery_after_failures_leaves_the_table_byte_for_byte_identical(
    api: ApiClient, backend: Any, faults: Faults, kind: str
) -> None:
    ids = api.post("/v1/memory/items", {"items": THREE}).body["event_ids"]
    api.put(f"/v1/memory/items/{ids[0]}", {"content": "I live in Bergen."})
    records = stream_records(backend)
    faults.inject(kind, {"TransactWriteItems"}, when=_mentions(ids[0]))
    failed = _deliver(backend, records)
    assert failed == [_seq(records[0]), _seq(records[3])]  # the item and its edit
    faults.clear()
    assert _deliver(backend, records) == []  # Lambda retries from the first failure: the whole batch here
    done = _scan(backend)

    for _ in range(2):
        assert _deliver(backend, records) == []
        assert _scan(backend) == done
    assert _values(api) == ["Acme", "Bergen", "Norwegian"]


def test_an_extraction_cut_short_after_naming_the_end_user_is_completed_by_the_next_delivery(
    api: ApiClient, backend: Any, faults: Faults
) -> None:
    api.post("/v1/memory/items", {"items": [{"content": "My name is Alice Chen and I live in Oslo."}]})
    records = stream_records(backend)
    faults.inject("reset", {"TransactWriteItems"})  # set_account_name (UpdateItem) passes, the filing fails

    assert _deliver(backend, records) == [_seq(records[0])]
    named = [i for i in _scan(backend) if i["type"]["S"] == "ACCOUNT"]
    assert named[0]["name"]["S"] == "Alice Chen"
    assert not [i for i in _scan(backend) if i["type"]["S"] == "EXTRACTION"]  # nothing filed: all or nothing
    faults.clear()

    assert _deliver(backend, records) == []
    done = _scan(backend)
    assert "Oslo" in _values(api, "Alice Chen")
    assert _deliver(backend, records) == [] and _scan(backend) == done


def test_a_filing_that_fails_once_is_retried_by_botocore_within_the_same_delivery(
    api: ApiClient, backend: Any, faults: Faults
) -> None:
    api.post("/v1/memory/items", {"items": THREE})
    records = stream_records(backend)
    faults.inject("500", {"TransactWriteItems"}, times=1)

    assert _deliver(backend, records) == []
    assert faults.attempts == ["TransactWriteItems"]
    assert _values(api) == ["Acme", "Norwegian", "Oslo"]


def test_a_retrieval_count_that_fails_is_redelivered_and_counted_once(
    api: ApiClient, backend: Any, seeded: dict[str, str], faults: Faults
) -> None:
    assert api.post("/v1/memory/retrieve", {"query": "where do I live Berlin"}).body["memories"]
    (record,) = [r for r in stream_records(backend) if r["dynamodb"]["NewImage"]["type"]["S"] == "RETRIEVAL"]
    counted = [v["S"] for v in record["dynamodb"]["NewImage"]["memory_ids"]["L"]]
    faults.inject("throttle", {"TransactWriteItems"})

    assert _deliver(backend, [record]) == [_seq(record)]
    faults.clear()
    assert _deliver(backend, [record]) == []
    done = _scan(backend)
    assert _deliver(backend, [record]) == [] and _scan(backend) == done
    for mid in counted:
        assert api.get(f"/v1/memory/{mid}/explain").body["usage"]["retrieved"] == 1
