"""Rebuild jobs: the REBUILD item, the account's generation and the 503 gate."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from twinmem.aws import tablekeys
from twinmem.aws.store.base import call, from_attrs, guarded, strip, table, to_attrs
from twinmem.models import iso


def _rebuild_key(tenant: str, account: str) -> dict[str, Any]:
    return to_attrs({"pk": tablekeys.account_pk(tenant, account), "sk": tablekeys.REBUILD_SK})


@guarded
def get_rebuild(tenant: str, account: str) -> dict[str, Any] | None:
    out = call("get_item", TableName=table(), Key=_rebuild_key(tenant, account), ConsistentRead=True)
    return strip(from_attrs(out["Item"])) if "Item" in out else None


@guarded
def start_rebuild(tenant: str, account: str, generation: int, at: datetime) -> dict[str, Any]:
    """Open the gate (503), bump the generation and write the job, in one transaction."""
    job = {
        "type": "REBUILD",
        "status": "running",
        "generation": generation,
        "started_at": iso(at),
        "updated_at": iso(at),
        "items_read": 0,
        "tenant": tenant,
        "account": account,
    }
    call(
        "transact_write_items",
        TransactItems=[
            {
                "Update": {
                    "TableName": table(),
                    "Key": to_attrs({"pk": tablekeys.account_pk(tenant, account), "sk": tablekeys.ACCOUNT_SK}),
                    "UpdateExpression": "SET rebuilding_since = :t, generation = :g",
                    "ConditionExpression": "attribute_exists(pk)",
                    "ExpressionAttributeValues": to_attrs({":t": iso(at), ":g": generation}),
                }
            },
            {"Put": {"TableName": table(), "Item": {**_rebuild_key(tenant, account), **to_attrs(job)}}},
        ],
    )
    return job


@guarded
def save_rebuild_cursor(
    tenant: str, account: str, generation: int, cursor: str | None, items_read: int, at: datetime
) -> None:
    """Save progress; the write is a MODIFY on the stream, which delivers the job again to continue it."""
    values: dict[str, Any] = {":g": generation, ":n": items_read, ":t": iso(at), ":r": "running"}
    expr = "SET items_read = :n, updated_at = :t"
    if cursor:
        expr += ", #c = :c"
        values[":c"] = cursor
    call(
        "update_item",
        TableName=table(),
        Key=_rebuild_key(tenant, account),
        UpdateExpression=expr,
        ConditionExpression="generation = :g AND #s = :r",
        ExpressionAttributeNames={"#s": "status", **({"#c": "cursor"} if cursor else {})},
        ExpressionAttributeValues=to_attrs(values),
    )


@guarded
def finish_rebuild(tenant: str, account: str, generation: int, items_read: int, at: datetime) -> None:
    call(
        "transact_write_items",
        TransactItems=[
            {
                "Update": {
                    "TableName": table(),
                    "Key": _rebuild_key(tenant, account),
                    "UpdateExpression": "SET #s = :d, finished_at = :t, updated_at = :t, items_read = :n",
                    "ConditionExpression": "generation = :g",
                    "ExpressionAttributeNames": {"#s": "status"},
                    "ExpressionAttributeValues": to_attrs(
                        {":d": "done", ":t": iso(at), ":n": items_read, ":g": generation}
                    ),
                }
            },
            {
                "Update": {
                    "TableName": table(),
                    "Key": to_attrs({"pk": tablekeys.account_pk(tenant, account), "sk": tablekeys.ACCOUNT_SK}),
                    "UpdateExpression": "REMOVE rebuilding_since",
                    "ConditionExpression": "generation = :g",
                    "ExpressionAttributeValues": to_attrs({":g": generation}),
                }
            },
        ],
    )
