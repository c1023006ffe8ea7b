"""Usage: which facts a retrieve returned (a log the stream applies exactly once), used and ignored.

Counters are small items of their own (`tablekeys.usage_pk`), so counting never rewrites a memory.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from twinmem.aws import tablekeys
from twinmem.aws.store.base import call, from_attrs, guarded, key, ms, to_attrs
from twinmem.aws.store.writes import EXISTS, delete, transact_once, update
from twinmem.models import Memory


@guarded
def log_retrieval(tenant: str, account: str, memories: list[Memory], at: datetime) -> None:
    """One small item naming the memories a retrieve returned; the stream adds it to their counters."""
    if not memories:
        return
    import secrets

    item = {
        "pk": tablekeys.account_pk(tenant, account),
        "sk": tablekeys.retrieval_sk(ms(at), secrets.token_hex(4)),
        "type": "RETRIEVAL",
        "tenant": tenant,
        "account": account,
        "ttl": int(at.timestamp()) + 7 * 86400,
        "memory_ids": [m.memory_id for m in memories],
    }
    call("put_item", Item=to_attrs(item))


def retrieval_log(image: dict[str, Any]) -> tuple[str, str, str, list[str]]:
    """(tenant, account, log sk, memory ids) of a RETRIEVAL log as the stream delivers it (plain image)."""
    ids = image.get("memory_ids") or [str(k["sk"]).rsplit("#", 1)[-1] for k in image.get("memory_keys", [])]
    return image["tenant"], image["account"], image["sk"], [str(i) for i in ids]


@guarded
def apply_retrieval(tenant: str, account: str, log_sk: str, memory_ids: list[str]) -> int:
    """Count one retrieval on each memory and delete the log, in one transaction: exactly once.

    The counters are small items of their own (`tablekeys.usage_pk`), so the cost is one write unit each
    whatever the memory's size: 2 × (memories + 1) WCU as a transaction, at most 102 at limit 50.
    A log already applied (a redelivered record) is not applied again. Returns how many were counted.
    """
    ids = list(dict.fromkeys(memory_ids))[:99]
    ops = [delete(key(tablekeys.account_pk(tenant, account), log_sk), EXISTS)]
    ops += [
        update(
            key(tablekeys.usage_pk(tenant, account), mid),
            "SET #k = :k ADD retrieved :one",
            {":one": 1, ":k": "USAGE"},
            names={"#k": "type"},
        )
        for mid in ids
    ]
    if not transact_once(ops):
        return 0  # already applied (a redelivered record)
    return len(ids)


@guarded
def count_outcome(tenant: str, account: str, memory_id: str, outcome: str) -> dict[str, int]:
    """Add one to the memory's `used` or `ignored` counter (one UpdateItem); returns its counters."""
    out = call(
        "update_item",
        Key=key(tablekeys.usage_pk(tenant, account), memory_id),
        UpdateExpression="SET #k = :k ADD #o :one",
        ExpressionAttributeNames={"#o": outcome, "#k": "type"},
        ExpressionAttributeValues=to_attrs({":one": 1, ":k": "USAGE"}),
        ReturnValues="ALL_NEW",
    )
    return _counters(from_attrs(out.get("Attributes", {})))


@guarded
def get_usage(tenant: str, account: str, memory_id: str) -> dict[str, int]:
    """How often a memory was retrieved, used and ignored (one GetItem of its counter item)."""
    out = call("get_item", Key=key(tablekeys.usage_pk(tenant, account), memory_id))
    return _counters(from_attrs(out.get("Item", {})))


def _counters(data: dict[str, Any]) -> dict[str, int]:
    return {k: int(data.get(k, 0)) for k in ("retrieved", "used", "ignored")}
