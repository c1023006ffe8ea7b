"""Rebuild jobs: the REBUILD item, the account's generation and the 503 gate."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from twinmem.aws import tablekeys
from twinmem.aws.store.base import call, from_attrs, guarded, key, strip, to_attrs
from twinmem.aws.store.writes import EXISTS, put, transact, update
from twinmem.models import iso


def _rebuild_key(tenant: str, account: str) -> dict[str, Any]:
    return key(tablekeys.account_pk(tenant, account), tablekeys.REBUILD_SK)


@guarded
def get_rebuild(tenant: str, account: str) -> dict[str, Any] | None:
    out = call("get_item", Key=_rebuild_key(tenant, account), ConsistentRead=True)
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
    account_key = key(tablekeys.account_pk(tenant, account), tablekeys.ACCOUNT_SK)
    transact(
        [
            update(
                account_key, "SET rebuilding_since = :t, generation = :g", {":t": iso(at), ":g": generation}, EXISTS
            ),
            put({**_rebuild_key(tenant, account), **to_attrs(job)}),
        ]
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
        Key=_rebuild_key(tenant, account),
        UpdateExpression=expr,
        ConditionExpression="generation = :g AND #s = :r",
        ExpressionAttributeNames={"#s": "status", **({"#c": "cursor"} if cursor else {})},
        ExpressionAttributeValues=to_attrs(values),
    )


@guarded
def finish_rebuild(tenant: str, account: str, generation: int, items_read: int, at: datetime) -> None:
    done = {":d": "done", ":t": iso(at), ":n": items_read, ":g": generation}
    transact(
        [
            update(
                _rebuild_key(tenant, account),
                "SET #s = :d, finished_at = :t, updated_at = :t, items_read = :n",
                done,
                "generation = :g",
                names={"#s": "status"},
            ),
            update(
                key(tablekeys.account_pk(tenant, account), tablekeys.ACCOUNT_SK),
                "REMOVE rebuilding_since",
                {":g": generation},
                "generation = :g",
            ),
        ]
    )
