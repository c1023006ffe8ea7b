"""The change feed (gsi2): the account's entries merged with its tenant's."""

from __future__ import annotations

from typing import Any

from twinmem.aws import tablekeys
from twinmem.aws.store.base import call, from_attrs, guarded, to_attrs


@guarded
def query_feed(tenant: str, account: str, after: str | int | None, until_ms: int, limit: int) -> list[dict[str, Any]]:
    """Feed entries from a position (inclusive: an entry's `g2sk`) or after a time (ms), up to a settle point
    (ms), oldest first (gsi2); each entry carries its time as `ms`.

    Merges the account's feed with the tenant's (setting changes): one Query each.
    """
    entries: list[dict[str, Any]] = []
    until_sk = tablekeys.feed_after(until_ms)
    after_sk = tablekeys.feed_after(after) if isinstance(after, int) else after
    if after_sk is not None and after_sk > until_sk:
        return entries  # past the settled end (DynamoDB refuses BETWEEN bounds in the wrong order)
    for feed_pk in (tablekeys.feed_index_pk(tenant, account), tablekeys.tenant_feed_pk(tenant)):
        values = {":p": feed_pk, ":u": until_sk}
        cond = "g2pk = :p AND g2sk <= :u"
        if after_sk:
            cond = "g2pk = :p AND g2sk BETWEEN :a AND :u"
            values[":a"] = after_sk
        out = call(
            "query",
            IndexName="gsi2",
            KeyConditionExpression=cond,
            ExpressionAttributeValues=to_attrs(values),
            Limit=limit,
        )
        entries += [{**from_attrs(i), "ms": tablekeys.feed_ms(i["g2sk"]["S"])} for i in out.get("Items", [])]
    return sorted(entries, key=lambda e: e["g2sk"])[:limit]
