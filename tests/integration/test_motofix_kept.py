"""infra.local.motofix keeps what a Query derives from an item (size, sort key, projection, response form)
on the item from one Query to the next, and reads AttributeValues on the client directly: the answers
must stay exactly moto's and botocore's, however the items change in between.

Each scenario runs twice in fresh moto instances, patched and unpatched (see test_local_moto.run_both);
the transcripts (every page of every Query and Scan, every write's answer, then the table and the
stream) must be identical.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from typing import Any

import pytest
from botocore.parsers import create_parser
from moto import mock_aws

from infra.local import motofix
from tests.integration.test_local_moto import TABLE, Moto, S, item, key, outcome, run_both

OTHER = "twinmem-moto-shapes"  # a table with an ALL, a KEYS_ONLY and a local index besides


def _pages(m: Moto, table: str, **params: Any) -> list[dict[str, Any]]:
    """Every page of a Query (or a Scan, with scan=True), each with what moto answered besides the items."""
    scan = params.pop("scan", False)
    pages, start = [], None
    while True:
        kw = dict(params, TableName=table)
        if start:
            kw["ExclusiveStartKey"] = start
        out = (m.ddb.scan if scan else m.ddb.query)(**kw)
        pages.append({k: out.get(k) for k in ("Items", "Count", "ScannedCount", "LastEvaluatedKey")})
        start = out.get("LastEvaluatedKey")
        if not start:
            return pages
        assert len(pages) < 100, "pagination does not end"


GSI1 = {"IndexName": "gsi1", "KeyConditionExpression": "g1pk = :p"}
READS: list[dict[str, Any]] = [
    {**GSI1, "ExpressionAttributeValues": {":p": S("G#0")}},
    {**GSI1, "ExpressionAttributeValues": {":p": S("G#0")}, "Limit": 4},
    {**GSI1, "ExpressionAttributeValues": {":p": S("G#1")}, "ScanIndexForward": False, "Limit": 3},
    {
        **GSI1,
        "KeyConditionExpression": "g1pk = :p AND g1sk BETWEEN :a AND :b",
        "ExpressionAttributeValues": {":p": S("G#0"), ":a": S("002"), ":b": S("030")},
    },
    {
        **GSI1,
        "FilterExpression": "contains(content, :c) OR attribute_exists(doc.a)",
        "ExpressionAttributeValues": {":p": S("G#1"), ":c": S("changed")},
        "Limit": 5,
    },
    {**GSI1, "ProjectionExpression": "g1sk, content, doc.a", "ExpressionAttributeValues": {":p": S("G#0")}},
    {**GSI1, "Select": "COUNT", "ExpressionAttributeValues": {":p": S("G#0")}},
    {"IndexName": "gsi2", "KeyConditionExpression": "g2pk = :p", "ExpressionAttributeValues": {":p": S("F#0")}},
    {"KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": S("P1")}, "Limit": 4},
    {"IndexName": "gsi1", "scan": True, "Limit": 7},
]


def _read_all(m: Moto) -> list[Any]:
    return [_pages(m, TABLE, **dict(r)) for r in READS]


def _seed(m: Moto, n: int = 24) -> None:
    for i in range(n):
        m.ddb.put_item(
            TableName=TABLE,
            Item=item(
                f"P{i % 3}",
                f"{i:03d}",
                type="MEMORY",
                g1pk=f"G#{i % 2}",
                g1sk=f"{(i * 7) % 40:03d}",
                g2pk=f"F#{i % 2}",
                g2sk=f"{i:03d}",
                content=f"text {i}",
                subject="Alice",
                secret="not projected",
                blob={"B": bytes([i, 0, 255])},
                words={"SS": ["x", f"w{i}"]},
                nums={"NS": ["1", str(i)]},
                doc={"M": {"a": {"L": [{"N": "1.50"}, {"NULL": True}]}, "e": S("")}},
                revision={"N": "1"},
            ),
        )


def _update(m: Moto, k: dict[str, Any], expr: str, values: dict[str, Any] | None = None, **kw: Any) -> Any:
    extra = {"ExpressionAttributeValues": values} if values else {}
    return outcome(lambda: m.ddb.update_item(TableName=TABLE, Key=k, UpdateExpression=expr, **extra, **kw))


def _changes(m: Moto) -> list[Callable[[], Any]]:
    """Every way moto changes an item in place (update_item, in a transaction or not, legacy or not, one
    that fails its condition, one cancelled with the rest of its transaction) or replaces it."""
    tx_update = {
        "Update": {
            "TableName": TABLE,
            "Key": key("P1", "004"),
            "UpdateExpression": "SET content = :c",
            "ExpressionAttributeValues": {":c": S("changed in a transaction")},
        }
    }
    cancelled = [
        {**tx_update, "Update": {**tx_update["Update"], "ExpressionAttributeValues": {":c": S("never")}}},
        {
            "ConditionCheck": {
                "TableName": TABLE,
                "Key": key("P0", "000"),
                "ConditionExpression": "attribute_not_exists(pk)",
            }
        },
    ]
    return [
        lambda: _update(
            m,
            key("P0", "000"),
            "SET content = :c, revision = revision + :one",
            {":c": S("changed"), ":one": {"N": "1"}},
        ),
        lambda: _update(m, key("P1", "001"), "SET doc.a[0] = :n, doc.f = :s", {":n": {"N": "2"}, ":s": S("new")}),
        lambda: _update(m, key("P2", "002"), "REMOVE content, doc.e"),
        lambda: _update(
            m, key("P0", "003"), "ADD words :w, revision :one", {":w": {"SS": ["added"]}, ":one": {"N": "5"}}
        ),
        lambda: _update(m, key("P0", "003"), "DELETE words :w", {":w": {"SS": ["x"]}}),
        lambda: _update(m, key("P1", "007"), "SET g1sk = :k", {":k": S("001")}),  # moves within the index
        lambda: _update(m, key("P2", "008"), "SET g1pk = :p", {":p": S("G#1")}),  # moves to another partition
        lambda: _update(m, key("P0", "009"), "REMOVE g1pk"),  # leaves the index
        lambda: _update(
            m, key("P1", "010"), "SET content = :c", {":c": S("x"), ":no": S("y")}, ConditionExpression="content = :no"
        ),
        lambda: outcome(
            lambda: m.ddb.update_item(
                TableName=TABLE,
                Key=key("P2", "011"),
                AttributeUpdates={
                    "content": {"Action": "PUT", "Value": S("changed, legacy")},
                    "secret": {"Action": "DELETE"},
                },
            )
        ),
        lambda: outcome(lambda: m.ddb.transact_write_items(TransactItems=[tx_update])),
        lambda: outcome(lambda: m.ddb.transact_write_items(TransactItems=cancelled)),
        lambda: outcome(
            lambda: m.ddb.put_item(TableName=TABLE, Item=item("P0", "012", g1pk="G#0", g1sk="000", content="replaced"))
        ),
        lambda: outcome(lambda: m.ddb.delete_item(TableName=TABLE, Key=key("P1", "013"))),
        lambda: outcome(
            lambda: m.ddb.execute_statement(
                Statement=f"UPDATE \"{TABLE}\" SET content='changed by PartiQL' WHERE pk='P2' AND sk='014'"
            )
        ),
        lambda: outcome(
            lambda: m.ddb.batch_write_item(
                RequestItems={
                    TABLE: [{"PutRequest": {"Item": item("P0", "015", g1pk="G#1", g1sk="100", content="batch")}}]
                }
            )
        ),
    ]


def test_queries_after_every_kind_of_change_answer_as_unpatched_moto() -> None:
    def run(m: Moto) -> list[Any]:
        _seed(m)
        steps = [_read_all(m), _read_all(m)]  # the second time from what the first kept (patched)
        if motofix.applied():
            assert _kept(), "nothing was kept: the test does not exercise the memo"
        for change in _changes(m):
            steps.append(change())
            steps.append(_read_all(m))
        steps.append(m.state())
        return steps

    patched, unpatched = run_both(run)
    assert patched == unpatched


def _kept() -> int:
    from moto.dynamodb.models import dynamodb_backends

    table = dynamodb_backends["123456789012"]["us-east-1"].get_table(TABLE)
    return sum(1 for part in table.items.values() for it in part.values() if motofix._MEMO in it.__dict__)


def test_an_item_changed_in_place_is_projected_anew() -> None:
    with mock_aws():
        motofix.apply()
        m = Moto(hold=False)
        _seed(m, 4)
        q = {**GSI1, "ExpressionAttributeValues": {":p": S("G#0")}}
        first = _pages(m, TABLE, **q)
        assert _kept() == 2
        _update(m, key("P0", "000"), "SET content = :c", {":c": S("changed")})
        assert _kept() == 1  # the changed item's memo is gone, the other's stays
        again = _pages(m, TABLE, **q)
        assert first != again and [i["content"] for i in again[0]["Items"]] == [S("changed"), S("text 2")]


def test_other_index_shapes_and_a_local_index_answer_as_unpatched_moto() -> None:
    def run(m: Moto) -> list[Any]:
        attrs = [{"AttributeName": n, "AttributeType": "S"} for n in ("pk", "sk", "a", "b", "l")]
        m.ddb.create_table(
            TableName=OTHER,
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
            AttributeDefinitions=attrs,
            BillingMode="PAY_PER_REQUEST",
            GlobalSecondaryIndexes=[
                {
                    "IndexName": "all",
                    "KeySchema": [{"AttributeName": "a", "KeyType": "HASH"}],
                    "Projection": {"ProjectionType": "ALL"},
                },
                {
                    "IndexName": "keys",
                    "KeySchema": [
                        {"AttributeName": "b", "KeyType": "HASH"},
                        {"AttributeName": "a", "KeyType": "RANGE"},
                    ],
                    "Projection": {"ProjectionType": "KEYS_ONLY"},
                },
            ],
            LocalSecondaryIndexes=[
                {
                    "IndexName": "local",
                    "KeySchema": [
                        {"AttributeName": "pk", "KeyType": "HASH"},
                        {"AttributeName": "l", "KeyType": "RANGE"},
                    ],
                    "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["x"]},
                }
            ],
        )
        for i in range(12):
            m.ddb.put_item(
                TableName=OTHER,
                Item={
                    "pk": S(f"P{i % 2}"),
                    "sk": S(f"{i:02d}"),
                    "a": S(f"A{i % 3}"),
                    "b": S("B"),
                    "l": S(f"{(i * 5) % 12:02d}"),
                    "x": {"N": str(i)},
                    "y": S("y"),
                },
            )
        reads = [
            {
                "IndexName": "all",
                "KeyConditionExpression": "a = :v",
                "ExpressionAttributeValues": {":v": S("A1")},
                "Limit": 2,
            },
            {
                "IndexName": "keys",
                "KeyConditionExpression": "b = :v",
                "ExpressionAttributeValues": {":v": S("B")},
                "Limit": 5,
            },
            {
                "IndexName": "local",
                "KeyConditionExpression": "pk = :v",
                "ExpressionAttributeValues": {":v": S("P0")},
                "ScanIndexForward": False,
            },
        ]
        steps: list[Any] = []
        for round_ in range(3):
            steps.append([_pages(m, OTHER, **dict(r)) for r in reads])
            for i in range(0, 12, 3):
                steps.append(
                    outcome(
                        lambda i=i, r=round_: m.ddb.update_item(  # type: ignore[misc]
                            TableName=OTHER,
                            Key={"pk": S(f"P{i % 2}"), "sk": S(f"{i:02d}")},
                            UpdateExpression="SET x = :x, a = :a, l = :l",
                            ExpressionAttributeValues={
                                ":x": {"N": str(100 + r)},
                                ":a": S(f"A{r}"),
                                ":l": S(f"{r:02d}"),
                            },
                        )
                    )
                )
        steps.append(m.ddb.scan(TableName=OTHER)["Items"])
        return steps

    patched, unpatched = run_both(run)
    assert patched == unpatched


# ---------------------------------------------------------------- the client's reading


def _av_cases() -> list[Any]:
    b64 = base64.b64encode(b"\x00\xffbin").decode()
    good = [
        {"S": "text"},
        {"S": ""},
        {"N": "1.50"},
        {"B": b64},
        {"SS": ["a", "b"]},
        {"NS": ["1", "2"]},
        {"BS": [b64, b64]},
        {"NULL": True},
        {"BOOL": False},
        {"M": {}},
        {"L": []},
        {"M": {"a": {"L": [{"N": "1"}, {"NULL": True}, {"M": {"b": {"B": b64}}}]}, "c": {"SS": []}}},
        {"L": [{"S": "x"}, None, {"L": [{"BOOL": True}]}]},
        {"M": {"a": None}},
    ]
    odd = [
        {},
        {"S": None},
        {"S": "x", "N": "1"},  # two members: botocore keeps both, in model order
        {"N": "1", "S": "x"},
        {"X": "unknown"},
        {"X": ["unknown"]},
        {"S": 5},
        {"SS": "notalist"},
        {"BS": [None, b64]},
        {"M": ["not", "a", "map"]},
        {"L": {"not": "a list"}},
        {"L": ["not an attribute value"]},
        {"M": {"a": "not an attribute value"}},
        {"SS": None, "S": "x"},
        "not a structure",
        None,
    ]
    return good + odd


def _parse(operation: str, body: dict[str, Any]) -> Any:
    import botocore.session

    model = botocore.session.get_session().get_service_model("dynamodb").operation_model(operation)
    response = {"body": json.dumps(body).encode(), "headers": {}, "status_code": 200}
    try:
        return create_parser("json").parse(response, model.output_shape)
    except Exception as e:  # the same failure, of the same kind
        return {"raised": type(e).__name__}


@pytest.mark.parametrize("case", range(len(_av_cases())))
def test_the_client_reads_every_attribute_value_as_botocore_does(case: int) -> None:
    value = _av_cases()[case]
    bodies = [
        ("Query", {"Items": [{"a": value, "k": {"S": "1"}}], "Count": 1, "LastEvaluatedKey": {"k": value}}),
        ("GetItem", {"Item": {"a": value}}),
        ("Query", {"Items": [value], "Count": 1}),  # an item that is not a map
    ]
    motofix.apply()
    patched = [_parse(op, body) for op, body in bodies]
    with motofix.unpatched():
        unpatched = [_parse(op, body) for op, body in bodies]
    assert patched == unpatched
    assert json.dumps(patched, default=repr) == json.dumps(unpatched, default=repr)  # key order too
