"""infra.local.motofix: moto costs what the work costs, and answers exactly as unpatched moto does.

Every scenario runs twice in fresh moto instances, once with the patches and once without; the
transcripts (each call's answer or error with its CancellationReasons, then the whole table and every
stream record with its sequence number) must be identical.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest
from botocore.exceptions import ClientError
from moto import mock_aws

from infra import template
from infra.local import concurrency, motofix

ROOT = Path(__file__).resolve().parents[2]
TABLE = "twinmem-moto"
REGION = "us-east-1"


class Moto:
    def __init__(self, hold: bool = True) -> None:
        self.ddb = boto3.client("dynamodb", region_name=REGION)
        self.streams = boto3.client(
            "dynamodbstreams", region_name=REGION, endpoint_url=f"https://streams.dynamodb.{REGION}.amazonaws.com"
        )
        template.create_table(self.ddb, TABLE)
        self.arn = self.ddb.describe_table(TableName=TABLE)["Table"]["LatestStreamArn"]
        self.shard = self.streams.describe_stream(StreamArn=self.arn)["StreamDescription"]["Shards"][0]["ShardId"]
        # a reader that never reads: with it open, nothing is trimmed (transcripts show every record)
        if hold:
            self.streams.get_shard_iterator(StreamArn=self.arn, ShardId=self.shard, ShardIteratorType="TRIM_HORIZON")

    def table(self) -> list[dict[str, Any]]:
        items = self.ddb.scan(TableName=TABLE)["Items"]
        return sorted(items, key=lambda i: (i["pk"]["S"], i["sk"]["S"]))

    def stream(self) -> list[dict[str, Any]]:
        it = self.streams.get_shard_iterator(StreamArn=self.arn, ShardId=self.shard, ShardIteratorType="TRIM_HORIZON")[
            "ShardIterator"
        ]
        out: list[dict[str, Any]] = []
        while True:
            page = self.streams.get_records(ShardIterator=it, Limit=1000)
            if not page["Records"]:
                return out
            for r in page["Records"]:
                d = dict(r["dynamodb"])
                d.pop("ApproximateCreationDateTime", None)  # wall clock
                d.pop("SizeBytes", None)  # moto counts the wall clock's text in it
                out.append({"eventName": r["eventName"], **d})  # eventID is random: left out
            it = page["NextShardIterator"]

    def state(self) -> dict[str, Any]:
        return {"table": self.table(), "stream": self.stream()}


def outcome(call: Callable[[], Any]) -> dict[str, Any]:
    try:
        out = call()
    except ClientError as e:
        return {
            "error": e.response["Error"],
            "reasons": e.response.get("CancellationReasons"),
            "status": e.response["ResponseMetadata"]["HTTPStatusCode"],
        }
    out.pop("ResponseMetadata", None)
    return {"ok": out}


Scenario = Callable[[Moto], list[dict[str, Any]]]


def run_both(scenario: Scenario) -> tuple[list[Any], list[Any]]:
    """(patched transcript, unpatched transcript): each step's outcome, then the final state."""
    runs = []
    for patched in (True, False):
        with mock_aws():
            if patched:
                motofix.apply()
                steps = scenario(Moto())
            else:
                with motofix.unpatched():
                    steps = scenario(Moto())
            runs.append(steps)
    return runs[0], runs[1]


def S(v: str) -> dict[str, str]:
    return {"S": v}


def item(pk: str, sk: str, **attrs: Any) -> dict[str, Any]:
    return {"pk": S(pk), "sk": S(sk), **{k: (v if isinstance(v, dict) else S(str(v))) for k, v in attrs.items()}}


def put(m: Moto, it: dict[str, Any], **kw: Any) -> dict[str, Any]:
    return {"Put": {"TableName": TABLE, "Item": it, **kw}}


def key(pk: str, sk: str) -> dict[str, Any]:
    return {"pk": S(pk), "sk": S(sk)}


def seed(m: Moto) -> None:
    m.ddb.put_item(TableName=TABLE, Item=item("A", "1", type="MEMORY", n={"N": "1"}, g1pk="G#A", g1sk="1"))
    m.ddb.put_item(TableName=TABLE, Item=item("A", "2", type="MEMORY", n={"N": "2"}, g1pk="G#A", g1sk="2"))
    m.ddb.put_item(TableName=TABLE, Item=item("B", "1", type="EVENT", tags={"L": [S("x"), S("y")]}))


def mixed_ops(m: Moto, fail: str | None = None, old: bool = False) -> list[dict[str, Any]]:
    """Put (new) / Update (existing) / Delete (existing) / ConditionCheck / Update (new item), one may fail."""
    cond_check: dict[str, Any] = {
        "TableName": TABLE,
        "Key": key("B", "1"),
        "ConditionExpression": "attribute_exists(pk)" if fail != "check" else "attribute_not_exists(pk)",
    }
    if old:
        cond_check["ReturnValuesOnConditionCheckFailure"] = "ALL_OLD"
    update: dict[str, Any] = {
        "TableName": TABLE,
        "Key": key("A", "1"),
        "UpdateExpression": "SET n = n + :one, w = :w",
        "ExpressionAttributeValues": {
            ":one": {"N": "1"},
            ":w": S("new"),
            ":want": {"N": "1" if fail != "update" else "9"},
        },
        "ConditionExpression": "n = :want",
    }
    if old:
        update["ReturnValuesOnConditionCheckFailure"] = "ALL_OLD"
    return [
        put(m, item("C", "1", type="MEMORY", g1pk="G#A", g1sk="3"), ConditionExpression="attribute_not_exists(pk)"),
        {"Update": update},
        {
            "Delete": {
                "TableName": TABLE,
                "Key": key("A", "2"),
                **({"ConditionExpression": "attribute_not_exists(pk)"} if fail == "delete" else {}),
            }
        },
        {"ConditionCheck": cond_check},
        {
            "Update": {
                "TableName": TABLE,
                "Key": key("D", "1"),
                "UpdateExpression": "SET c = if_not_exists(c, :z)",
                "ExpressionAttributeValues": {":z": {"N": "0"}},
            }
        },
    ]


def scenario_tx(fail: str | None, old: bool = False) -> Scenario:
    def run(m: Moto) -> list[dict[str, Any]]:
        seed(m)
        before = m.state()
        steps = [outcome(lambda: m.ddb.transact_write_items(TransactItems=mixed_ops(m, fail, old)))]
        after = m.state()
        if fail:
            assert after == before, "a cancelled transaction left the table or the stream changed"
        steps.append(after)
        # the stream goes on: the next write's sequence number follows the last kept record
        m.ddb.put_item(TableName=TABLE, Item=item("E", "1"))
        steps.append(m.state())
        return steps

    return run


def refused(m: Moto, ops: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A transaction that must fail: its answer, and the state, checked unchanged."""
    before = m.state()
    steps = [outcome(lambda: m.ddb.transact_write_items(TransactItems=ops))]
    assert m.state() == before, "a refused transaction changed the table or the stream"
    steps.append(before)
    return steps


@pytest.mark.parametrize("fail", [None, "update", "delete", "check"])
def test_a_transaction_answers_and_writes_as_unpatched_moto(fail: str | None) -> None:
    patched, unpatched = run_both(scenario_tx(fail))
    assert patched == unpatched
    if fail is None:
        assert "ok" in patched[0]
    else:
        assert patched[0]["error"]["Code"] == "TransactionCanceledException"


def test_cancellation_reasons_in_order_with_the_old_items_when_asked() -> None:
    patched, unpatched = run_both(scenario_tx("check", old=True))
    assert patched == unpatched
    reasons = patched[0]["reasons"]
    assert [r["Code"] for r in reasons] == ["None", "None", "None", "ConditionalCheckFailed", "None"]
    assert reasons[3]["Item"]["pk"] == S("B")


def test_several_failures_each_named_in_order() -> None:
    def run(m: Moto) -> list[dict[str, Any]]:
        seed(m)
        ops = [
            put(
                m,
                item("A", "1"),
                ConditionExpression="attribute_not_exists(pk)",
                ReturnValuesOnConditionCheckFailure="ALL_OLD",
            ),
            put(m, item("Z", "1")),
            {
                "Delete": {
                    "TableName": TABLE,
                    "Key": key("A", "2"),
                    "ConditionExpression": "n = :x",
                    "ExpressionAttributeValues": {":x": {"N": "5"}},
                }
            },
            {
                "Update": {
                    "TableName": TABLE,
                    "Key": key("Z", "2"),
                    "UpdateExpression": "SET a = :a",
                    "ExpressionAttributeValues": {":a": S("b")},
                }
            },
        ]
        return refused(m, ops)

    patched, unpatched = run_both(run)
    assert patched == unpatched
    assert [r["Code"] for r in patched[0]["reasons"]] == [
        "ConditionalCheckFailed",
        "None",
        "ConditionalCheckFailed",
        "None",
    ]


def test_the_same_item_twice_is_the_same_validation_error_and_changes_nothing() -> None:
    def run(m: Moto) -> list[dict[str, Any]]:
        seed(m)
        ops = [
            put(m, item("N", "1")),
            {
                "Update": {
                    "TableName": TABLE,
                    "Key": key("A", "1"),
                    "UpdateExpression": "SET z = :z",
                    "ExpressionAttributeValues": {":z": S("z")},
                }
            },
            {"Delete": {"TableName": TABLE, "Key": key("A", "1")}},
        ]
        return refused(m, ops)

    patched, unpatched = run_both(run)
    assert patched == unpatched
    assert patched[0]["error"]["Code"] == "ValidationException"


def test_other_failures_too() -> None:
    """An item over 400 KB (a validation error: rolled back, raised), a missing table, too many operations."""

    def run(m: Moto) -> list[dict[str, Any]]:
        seed(m)
        big = item("Q", "1", blob="x" * 410_000)
        steps = [outcome(lambda: m.ddb.transact_write_items(TransactItems=[put(m, item("N", "1")), put(m, big)]))]
        steps.append(
            outcome(
                lambda: m.ddb.transact_write_items(
                    TransactItems=[
                        put(m, item("N", "2")),
                        {"Put": {"TableName": "no-such-table", "Item": item("N", "3")}},
                    ]
                )
            )
        )
        steps.append(
            outcome(lambda: m.ddb.transact_write_items(TransactItems=[put(m, item("M", str(i))) for i in range(101)]))
        )
        steps.append(m.state())
        return steps

    patched, unpatched = run_both(run)
    assert patched == unpatched
    codes = [s.get("error", {}).get("Code") for s in patched[:3]]
    assert codes == ["ValidationException", "ResourceNotFoundException", "ValidationException"], codes


def test_many_transactions_in_a_row_match() -> None:
    """Alternating successes and failures over a growing table: the same table and stream at the end."""

    def run(m: Moto) -> list[dict[str, Any]]:
        steps = []
        for i in range(30):
            ops = [
                put(m, item(f"P{i % 4}", f"{i:03d}", v=i), ConditionExpression="attribute_not_exists(pk)"),
                {
                    "Update": {
                        "TableName": TABLE,
                        "Key": key("COUNT", "0"),
                        "UpdateExpression": "ADD n :one",
                        "ExpressionAttributeValues": {":one": {"N": "1"}},
                    }
                },
            ]
            if i % 3 == 2:  # a key written before: this one is cancelled
                ops[0] = put(m, item(f"P{(i - 1) % 4}", f"{i - 1:03d}"), ConditionExpression="attribute_not_exists(pk)")
            steps.append(outcome(lambda ops=ops: m.ddb.transact_write_items(TransactItems=ops)))  # type: ignore[misc]
        steps.append(m.state())
        return steps

    patched, unpatched = run_both(run)
    assert patched == unpatched


# ---------------------------------------------------------------- Query


def test_queries_return_the_same_items_in_the_same_pages() -> None:
    def run(m: Moto) -> list[dict[str, Any]]:
        for i in range(60):
            m.ddb.put_item(
                TableName=TABLE,
                Item=item(
                    f"P{i % 3}",
                    f"{(i * 7) % 60:03d}",
                    type="MEMORY",
                    g1pk=f"G#{i % 2}",
                    g1sk=f"{(i * 13) % 50:03d}",
                    content=f"text {i}",
                    secret="not projected",
                    blob={"B": bytes([i, 0, 255])},
                    blobs={"BS": [b"a", bytes([i])]},
                    words={"SS": ["x", f"w{i}"]},
                    nums={"NS": ["1", str(i)]},
                    doc={"M": {"a": {"L": [{"N": "1.50"}, {"NULL": True}, {"BOOL": i % 2 == 0}]}, "e": {"S": ""}}},
                    empty={"L": []},
                ),
            )
        steps = []
        for params in (
            {"KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": S("P1")}},
            {
                "KeyConditionExpression": "pk = :p AND begins_with(sk, :s)",
                "ExpressionAttributeValues": {":p": S("P2"), ":s": S("0")},
                "ScanIndexForward": False,
            },
            {"KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": S("nobody")}},
            {"IndexName": "gsi1", "KeyConditionExpression": "g1pk = :p", "ExpressionAttributeValues": {":p": S("G#0")}},
            {
                "IndexName": "gsi1",
                "KeyConditionExpression": "g1pk = :p AND g1sk > :s",
                "ExpressionAttributeValues": {":p": S("G#1"), ":s": S("020")},
                "ScanIndexForward": False,
            },
            {
                "IndexName": "gsi1",
                "KeyConditionExpression": "g1pk = :p",
                "FilterExpression": "contains(content, :c)",
                "ExpressionAttributeValues": {":p": S("G#1"), ":c": S("1")},
            },
            {
                "KeyConditionExpression": "pk = :p",
                "ProjectionExpression": "sk, content",
                "ExpressionAttributeValues": {":p": S("P0")},
            },
        ):
            for limit in (None, 7):
                pages = []
                start = None
                while True:
                    kw = dict(params)
                    if limit:
                        kw["Limit"] = limit
                    if start:
                        kw["ExclusiveStartKey"] = start
                    out = m.ddb.query(TableName=TABLE, **kw)
                    pages.append({k: out.get(k) for k in ("Items", "Count", "ScannedCount", "LastEvaluatedKey")})
                    start = out.get("LastEvaluatedKey")
                    if not start:
                        break
                steps.append(pages)
        return steps

    patched, unpatched = run_both(run)
    assert patched == unpatched
    assert any(len(p) > 1 for p in patched)  # pagination was exercised


def test_a_projection_is_moto_s_own() -> None:
    """Item.project, patched, against moto's for every kind of value, top-level and nested paths."""
    from moto.dynamodb.models.dynamo_type import DynamoType
    from moto.dynamodb.models.dynamo_type import Item as MotoItem

    attrs = item(
        "P",
        "1",
        s="text",
        e="",
        n={"N": "1.50"},
        big={"N": "1e2"},
        b={"B": b"\x00\xff"},
        ss={"SS": ["b", "a"]},
        ns={"NS": ["2", "10"]},
        bs={"BS": [b"x"]},
        t={"BOOL": True},
        z={"NULL": True},
        m={"M": {"a": {"L": [{"N": "1"}, {"S": "x"}, {"M": {}}]}, "b": {"NULL": True}}},
        lst={"L": [{"S": "y"}, {"N": "-0.0"}]},
    )
    it = MotoItem(DynamoType(attrs["pk"]), DynamoType(attrs["sk"]), attrs)
    paths = [
        [
            ["pk"],
            ["sk"],
            ["s"],
            ["e"],
            ["n"],
            ["big"],
            ["b"],
            ["ss"],
            ["ns"],
            ["bs"],
            ["t"],
            ["z"],
            ["m"],
            ["lst"],
            ["missing"],
            ["s"],
        ],
        [["m", "a"], ["lst[1]"], ["s"]],
        [["sk"], ["pk"]],
    ]
    motofix.apply()
    patched = [it.project(p).to_json() for p in paths]
    with motofix.unpatched():
        unpatched = [it.project(p).to_json() for p in paths]
    assert patched == unpatched
    assert [list(p["Attributes"]) for p in patched] == [list(u["Attributes"]) for u in unpatched]
    small = MotoItem(DynamoType(attrs["pk"]), None, {"x": {"S": "é"}, "l": {"L": [{"SS": ["ab"]}, {"B": b"12"}]}})
    sizes = [it.size(), it.project(paths[0]).size(), small.size()]
    with motofix.unpatched():
        assert sizes == [it.size(), it.project(paths[0]).size(), small.size()]


# ---------------------------------------------------------------- the stream


@pytest.fixture
def moto() -> Iterator[Moto]:
    with mock_aws():
        motofix.apply()
        yield Moto(hold=False)


def _backend() -> Any:
    from moto.dynamodbstreams.models import dynamodbstreams_backends

    return dynamodbstreams_backends["123456789012"][REGION]


def _shard() -> Any:
    from moto.dynamodb.models import dynamodb_backends

    return dynamodb_backends["123456789012"][REGION].get_table(TABLE).stream_shard


def test_records_are_trimmed_once_every_reader_is_past_them(moto: Moto, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(motofix, "TRIM_KEEP", 0)
    it = moto.streams.get_shard_iterator(StreamArn=moto.arn, ShardId=moto.shard, ShardIteratorType="TRIM_HORIZON")[
        "ShardIterator"
    ]
    for i in range(150):
        moto.ddb.put_item(TableName=TABLE, Item=item("T", f"{i:04d}"))
    first = moto.streams.get_records(ShardIterator=it, Limit=100)
    seqs = [int(r["dynamodb"]["SequenceNumber"]) for r in first["Records"]]
    assert len(seqs) == 100 and seqs == list(range(seqs[0], seqs[0] + 100))
    assert len(_shard().items) == 50  # the 100 read are gone: the only open iterator is past them
    rest = moto.streams.get_records(ShardIterator=first["NextShardIterator"], Limit=1000)
    assert [int(r["dynamodb"]["SequenceNumber"]) for r in rest["Records"]] == list(range(seqs[0] + 100, seqs[0] + 150))
    assert len(_shard().items) == 0
    moto.ddb.put_item(TableName=TABLE, Item=item("T", "9999"))
    more = moto.streams.get_records(ShardIterator=rest["NextShardIterator"], Limit=1000)
    assert int(more["Records"][0]["dynamodb"]["SequenceNumber"]) == seqs[0] + 150  # numbering goes on
    # the shard is described as it always was
    desc = moto.streams.describe_stream(StreamArn=moto.arn)["StreamDescription"]["Shards"][0]
    assert int(desc["SequenceNumberRange"]["StartingSequenceNumber"]) == seqs[0]
    # reading again from a used iterator whose records are gone: DynamoDB's error for trimmed data
    with pytest.raises(ClientError) as err:
        moto.streams.get_records(ShardIterator=it)
    assert err.value.response["Error"]["Code"] == "TrimmedDataAccessException"
    # a new TRIM_HORIZON reader starts at the oldest record kept
    th = moto.streams.get_shard_iterator(StreamArn=moto.arn, ShardId=moto.shard, ShardIteratorType="TRIM_HORIZON")[
        "ShardIterator"
    ]
    assert moto.streams.get_records(ShardIterator=th)["Records"] == []  # all read and trimmed (the last one too)


def test_the_latest_records_read_stay_readable(moto: Moto, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(motofix, "TRIM_KEEP", 30)
    it = moto.streams.get_shard_iterator(StreamArn=moto.arn, ShardId=moto.shard, ShardIteratorType="TRIM_HORIZON")
    for i in range(100):
        moto.ddb.put_item(TableName=TABLE, Item=item("T", f"{i:04d}"))
    moto.streams.get_records(ShardIterator=it["ShardIterator"])
    assert [r["Keys"]["sk"]["S"] for r in moto.stream()] == [f"{i:04d}" for i in range(70, 100)]


def test_an_open_iterator_holds_its_records(moto: Moto) -> None:
    slow = moto.streams.get_shard_iterator(StreamArn=moto.arn, ShardId=moto.shard, ShardIteratorType="TRIM_HORIZON")[
        "ShardIterator"
    ]
    fast = moto.streams.get_shard_iterator(StreamArn=moto.arn, ShardId=moto.shard, ShardIteratorType="TRIM_HORIZON")[
        "ShardIterator"
    ]
    for i in range(100):
        moto.ddb.put_item(TableName=TABLE, Item=item("T", f"{i:04d}"))
    moto.streams.get_records(ShardIterator=fast)
    assert len(_shard().items) == 100  # the slow reader has read nothing yet
    assert len(moto.streams.get_records(ShardIterator=slow)["Records"]) == 100


def test_nothing_is_trimmed_when_nobody_reads(moto: Moto) -> None:
    for i in range(100):
        moto.ddb.put_item(TableName=TABLE, Item=item("T", f"{i:04d}"))
    assert len(moto.stream()) == 100


def test_idle_polls_leave_no_iterators_behind(moto: Moto) -> None:
    it = moto.streams.get_shard_iterator(StreamArn=moto.arn, ShardId=moto.shard, ShardIteratorType="LATEST")[
        "ShardIterator"
    ]
    before = len(_backend().shard_iterators)
    for _ in range(50):
        out = moto.streams.get_records(ShardIterator=it)
        assert out["Records"] == [] and out["NextShardIterator"] == it
    assert len(_backend().shard_iterators) == before


def test_iterators_expire(moto: Moto, monkeypatch: pytest.MonkeyPatch) -> None:
    it = moto.streams.get_shard_iterator(StreamArn=moto.arn, ShardId=moto.shard, ShardIteratorType="LATEST")[
        "ShardIterator"
    ]
    monkeypatch.setattr(motofix, "ITERATOR_TTL_S", -1)
    with pytest.raises(ClientError) as err:
        moto.streams.get_records(ShardIterator=it)
    assert err.value.response["Error"]["Code"] == "ExpiredIteratorException"


def test_a_failed_transaction_keeps_the_shard_and_its_readers(moto: Moto) -> None:
    it = moto.streams.get_shard_iterator(StreamArn=moto.arn, ShardId=moto.shard, ShardIteratorType="LATEST")[
        "ShardIterator"
    ]
    shard = _shard()
    with pytest.raises(ClientError):
        moto.ddb.transact_write_items(
            TransactItems=[
                put(moto, item("X", "1")),
                put(moto, item("X", "2"), ConditionExpression="attribute_exists(pk)"),
            ]
        )
    assert _shard() is shard
    moto.ddb.put_item(TableName=TABLE, Item=item("Y", "1"))
    assert [r["dynamodb"]["Keys"]["pk"] for r in moto.streams.get_records(ShardIterator=it)["Records"]] == [S("Y")]


# ---------------------------------------------------------------- cost


def test_a_transaction_costs_the_same_on_a_big_table() -> None:
    """O(touched items), not O(table): 1,500 items more barely change a transaction's time."""
    with mock_aws():
        motofix.apply()
        m = Moto()

        def tx_time() -> float:
            best = 9.0
            for i in range(5):
                t = time.perf_counter()
                m.ddb.transact_write_items(TransactItems=[put(m, item("TX", f"{i}-{k}")) for k in range(3)])
                best = min(best, time.perf_counter() - t)
            return best

        small = tx_time()
        from moto.dynamodb.models import dynamodb_backends
        from moto.dynamodb.models.dynamo_type import DynamoType
        from moto.dynamodb.models.dynamo_type import Item as MotoItem

        table = dynamodb_backends["123456789012"][REGION].get_table(TABLE)
        for i in range(1500):  # straight into moto: seeding is not what is measured
            attrs = item(f"BIG{i % 50}", f"{i:05d}", content="y" * 500)
            table.items[DynamoType(attrs["pk"])][DynamoType(attrs["sk"])] = MotoItem(
                DynamoType(attrs["pk"]), DynamoType(attrs["sk"]), attrs
            )
        big = tx_time()
    assert big < small * 3 + 0.01, (small, big)


def test_queries_leave_nothing_behind() -> None:
    """moto registers every Item it makes (copies and projections included) for good; patched, it does not:
    what is left is each table item and its projection into the index (kept for the next Query, see
    test_motofix_kept), however many Queries ran."""
    import gc

    from moto.dynamodb.models.dynamo_type import Item as MotoItem

    def live_items_after_queries(rounds: int) -> int:
        with mock_aws():
            m = Moto(hold=False)
            for i in range(50):
                m.ddb.put_item(TableName=TABLE, Item=item("P", f"{i:03d}", type="MEMORY", g1pk="G", g1sk=f"{i:03d}"))
            for _ in range(rounds):
                m.ddb.query(
                    TableName=TABLE,
                    IndexName="gsi1",
                    KeyConditionExpression="g1pk = :p",
                    ExpressionAttributeValues={":p": S("G")},
                )
                m.ddb.query(
                    TableName=TABLE,
                    KeyConditionExpression="pk = :p",
                    ProjectionExpression="sk",
                    ExpressionAttributeValues={":p": S("P")},
                )
            gc.collect()
            return sum(isinstance(o, MotoItem) for o in gc.get_objects())

    motofix.apply()
    patched = [live_items_after_queries(10), live_items_after_queries(30)]
    with motofix.unpatched():
        unpatched = live_items_after_queries(10)
    assert patched[0] == patched[1] <= 2 * 50 + 10 and unpatched >= 1000, (patched, unpatched)


# ---------------------------------------------------------------- turns


def test_a_long_invocation_lets_another_function_in_at_each_moto_call() -> None:
    with mock_aws():
        motofix.apply()
        m = Moto()
        m.ddb.put_item(TableName=TABLE, Item=item("A", "1"))
        long_done = threading.Event()
        inside = threading.Event()
        short_done = threading.Event()
        served_while_long_ran: list[bool] = []

        def long_job() -> None:
            # long enough to outlast any scheduling delay: until the short read is served, or 20,000 calls
            # (what it comes to if the lock never lets the short read in)
            with concurrency.invocation("ExtractionFunction"):
                inside.set()
                for _ in range(20_000):
                    m.ddb.get_item(TableName=TABLE, Key=key("A", "1"))
                    if short_done.is_set():
                        break
            long_done.set()

        def short_read() -> None:
            inside.wait(5)
            with concurrency.invocation("HistoryFunction"):
                m.ddb.get_item(TableName=TABLE, Key=key("A", "1"))
            served_while_long_ran.append(not long_done.is_set())
            short_done.set()

        threads = [threading.Thread(target=long_job), threading.Thread(target=short_read)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
    assert served_while_long_ran == [True]


def test_one_function_runs_one_invocation_at_a_time() -> None:
    active: list[int] = []
    overlap: list[bool] = []

    def one() -> None:
        with concurrency.invocation("SameFunction"):
            active.append(1)
            overlap.append(len(active) > 1)
            with concurrency.LOCK.turn():  # a yield point, as a moto call would be
                time.sleep(0.01)
            active.pop()

    threads = [threading.Thread(target=one) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert overlap == [False] * 8


def test_the_turn_lock_is_reentrant_and_keeps_its_depth() -> None:
    lock = concurrency.TurnLock()
    other_ran = threading.Event()
    with lock:
        with lock:
            t = threading.Thread(target=lambda: (lock.acquire(), other_ran.set(), lock.release()))
            t.start()
            while lock.waiting() == 0:
                time.sleep(0.001)
            with lock.turn():
                assert other_ran.is_set() and lock.held()
        assert lock.held()
    assert not lock.held()
    t.join(5)


# ---------------------------------------------------------------- the pinned version


def test_another_moto_version_fails_loudly() -> None:
    code = (
        "import importlib.metadata as md; real = md.version; "
        "md.version = lambda name: '5.0.0' if name == 'moto' else real(name); "
        "import infra.local.motofix"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode != 0
    assert "moto 5.0.0 is installed" in proc.stderr


def test_the_local_backend_installs_the_patches(backend: Any) -> None:
    assert motofix.applied()
    assert backend.lock is concurrency.LOCK


def test_the_pump_reads_on_with_its_iterators_and_trims_what_it_delivered(
    api: Any, backend: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(motofix, "TRIM_KEEP", 0)
    pump = backend.pumps[0]
    assert not pump.fresh_iterators
    for n in range(5):
        r = api.post(
            "/v1/memory/items",
            {
                "items": [
                    {"role": "user", "content": f"I live in Town{n} now.", "said_at": f"2025-0{n + 1}-01T10:00:00Z"}
                ]
            },
        )
        assert r.status == 202, r
        backend.drain()
    iterators = len(_backend().shard_iterators)
    for _ in range(20):
        backend.drain()  # idle polls
    assert len(_backend().shard_iterators) == iterators
    assert len(_shard_of(backend)) < 10  # what was delivered is gone
    hist = api.post("/v1/memory/history", {"subject": "user"})
    assert hist.status == 200 and hist.body["count"] == 5, json.dumps(hist.body)[:500]


def _shard_of(backend: Any) -> list[Any]:
    from moto.dynamodb.models import dynamodb_backends

    return list(dynamodb_backends["123456789012"][REGION].get_table(backend.table_name).stream_shard.items)
