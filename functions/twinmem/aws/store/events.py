"""Items (turns and notes) and their earlier versions."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from twinmem.aws import tablekeys
from twinmem.aws.store.base import (
    batch_get,
    call,
    cancellation_reasons,
    from_attrs,
    guarded,
    key,
    query_prefix,
    strip,
    to_attrs,
)
from twinmem.aws.store.shapes import embedding_attrs
from twinmem.aws.store.tenants import account_item, create_account
from twinmem.aws.store.writes import (
    CONDITION_FAILED,
    MAX_ACTIONS,
    NEW,
    put,
    put_if_absent,
    put_unless_newer,
    transact,
    update,
)
from twinmem.models import Account, Event, EventVersion, LastTurn, iso


def event_item(tenant: str, account: str, ev: Event) -> dict[str, Any]:
    """An item's table item. It is also its own retrieve index entry (an episode): it carries the account's
    gsi1 keys beside the memories', so indexing a turn costs no write beyond the item itself."""
    data = ev.model_dump(mode="json", exclude={"versions"})
    return {
        "pk": tablekeys.account_pk(tenant, account),
        "sk": tablekeys.event_sk(ev.event_id),
        "type": "EVENT",
        "tenant": tenant,
        "account": account,
        "g1pk": tablekeys.memories_index_pk(tenant, account),
        "g1sk": ev.event_id,
        **data,
        **({"asked": ev.asked} if ev.asked else {}),
        **({"spoken_of": ev.spoken_of} if ev.spoken_of else {}),
        **({"relatives": ev.relatives} if ev.relatives else {}),
        **({"replied": ev.replied} if ev.replied else {}),
    }


# TransactWriteItems takes at most 100 actions and 4 MB in all: a call's items go in one transaction
# unless they are larger than this (a body near the 4 MiB limit), then in as few as fit
TRANSACTION_BYTES = 3_500_000


@guarded
def put_events(
    tenant: str,
    account: str,
    events: list[Event],
    vectors: list[list[float] | None],
    new_account: Account | None = None,
) -> None:
    """Store a call's new items, and the end user's record when it is new, all or nothing.

    One TransactWriteItems of conditional puts (one PutItem for a lone item of a known end user), so
    a call refused part way (throttled, a connection lost) stores nothing. An item whose id already
    exists (a re-sent client id) fails its condition: it is left out and the rest written again. (A new
    end user's first call of 100 items leaves no room for its record: that is created first, and stays
    should the items then be refused.)
    """
    puts: list[dict[str, Any]] = []
    if new_account is not None and len(events) >= MAX_ACTIONS:  # no room beside 100 items: created first
        create_account(new_account)
    elif new_account is not None:
        puts.append(put(account_item(new_account), NEW))
    for ev, vector in zip(events, vectors, strict=True):
        attrs = to_attrs(event_item(tenant, account, ev))
        if vector:
            attrs.update(embedding_attrs(vector))
        puts.append(put(attrs, NEW))
    for chunk in _by_size(puts):
        _put_all(chunk)


def _by_size(puts: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    chunks: list[list[dict[str, Any]]] = [[]]
    size = 0
    for action in puts:
        n = len(json.dumps(action["Put"]["Item"]))
        if chunks[-1] and (size + n > TRANSACTION_BYTES or len(chunks[-1]) == MAX_ACTIONS):
            chunks.append([])
            size = 0
        chunks[-1].append(action)
        size += n
    return chunks


def _put_all(puts: list[dict[str, Any]]) -> None:
    """Write the Puts together; those whose item is already there (their condition failed) are left out
    and the rest written again, and a last one alone is a conditional put."""
    while len(puts) > 1:
        try:
            transact(puts)
            return
        except Exception as exc:
            reasons = cancellation_reasons(exc)
            if (
                len(reasons) != len(puts)
                or CONDITION_FAILED not in reasons
                or not set(reasons) <= {CONDITION_FAILED, "None"}
            ):
                raise
            puts = [p for p, r in zip(puts, reasons, strict=True) if r != CONDITION_FAILED]  # already there
    for p in puts:
        put_if_absent(p["Put"]["Item"])


def event_from_item(data: dict[str, Any]) -> tuple[str, str, Event]:
    """(tenant, account, event) from a plain EVENT item (as the stream delivers it)."""
    data = strip(dict(data))
    tenant, account = data.pop("tenant"), data.pop("account")
    return tenant, account, Event.model_validate(data)


@guarded
def last_turn(tenant: str, account: str, conversation_id: str | None) -> LastTurn | None:
    """The item posted last in this conversation (one strongly consistent GetItem), if any."""
    sk = tablekeys.last_turn_sk(conversation_id)
    out = call("get_item", Key=key(tablekeys.account_pk(tenant, account), sk), ConsistentRead=True)
    if "Item" not in out:
        return None
    data = strip(from_attrs(out["Item"]))
    data.pop("said_ms", None)
    return LastTurn.model_validate(data)


@guarded
def put_last_turn(tenant: str, account: str, conversation_id: str | None, turn: LastTurn) -> None:
    """Record the conversation's last item, unless one said later is recorded (a backfill of older turns)."""
    item = {
        "pk": tablekeys.account_pk(tenant, account),
        "sk": tablekeys.last_turn_sk(conversation_id),
        "type": "LAST_TURN",
        "said_ms": int(turn.said_at.timestamp() * 1000),
        **turn.model_dump(mode="json", exclude_none=True),
    }
    put_unless_newer(to_attrs(item), "said_ms")


@guarded
def get_event(tenant: str, account: str, event_id: str, *, with_versions: bool = False) -> Event | None:
    out = call(
        "get_item", Key=key(tablekeys.account_pk(tenant, account), tablekeys.event_sk(event_id)), ConsistentRead=True
    )
    if "Item" not in out:
        return None
    ev = event_from_item(from_attrs(out["Item"]))[2]
    if with_versions:
        items = query_prefix(tablekeys.account_pk(tenant, account), tablekeys.event_versions_prefix(event_id))
        ev.versions = [EventVersion.model_validate(strip(from_attrs(i))) for i in items]
    return ev


@guarded
def replace_event_content(
    tenant: str, account: str, ev: Event, content: str, at: datetime, embedding: list[float] | None = None
) -> Event:
    """Keep the current text as a version and store the new one (one transaction, guarded by version).

    The item is its own index entry, so retrieve finds the new text from now on (an item stored before
    items were indexed joins the index here); `first_recorded_at` keeps when version 1 was recorded
    (transaction-time reads), and a new embedding replaces the old one.
    """
    pk = tablekeys.account_pk(tenant, account)
    old = {
        "pk": pk,
        "sk": tablekeys.event_version_sk(ev.event_id, ev.version),
        "type": "EVENT_VERSION",
        "version": ev.version,
        "content": ev.content,
        "recorded_at": iso(ev.recorded_at),
    }
    new_version = ev.version + 1
    values = {
        ":c": content,
        ":n": new_version,
        ":t": iso(at),
        ":v": ev.version,
        ":f": iso(ev.recorded_at),
        ":g": tablekeys.memories_index_pk(tenant, account),
        ":i": ev.event_id,
    }
    set_vector, vector = "", {}
    if embedding:
        ((attr, value),) = embedding_attrs(embedding).items()
        set_vector, vector = f", {attr} = :e", {":e": value}
    expression = (
        "SET content = :c, version = :n, recorded_at = :t, g1pk = :g, g1sk = :i, "
        "first_recorded_at = if_not_exists(first_recorded_at, :f)" + set_vector
    )
    transact(
        [
            put(to_attrs(old), NEW),
            update(key(pk, tablekeys.event_sk(ev.event_id)), expression, values, "version = :v", encoded=vector),
        ]
    )
    return ev.model_copy(update={"content": content, "version": new_version, "recorded_at": at})


@guarded
def iter_events(tenant: str, account: str, start_after: str | None = None, page: int = 100) -> Iterator[Event]:
    """The account's items in id order, resumable after an event id."""
    params: dict[str, Any] = {
        "KeyConditionExpression": "pk = :p AND begins_with(sk, :s)",
        "ExpressionAttributeValues": to_attrs(
            {":p": tablekeys.account_pk(tenant, account), ":s": tablekeys.EVENT_PREFIX}
        ),
        "Limit": page,
    }
    if start_after:
        params["ExclusiveStartKey"] = key(tablekeys.account_pk(tenant, account), tablekeys.event_sk(start_after))
    while True:
        out = call("query", **params)
        for item in out.get("Items", []):
            yield event_from_item(from_attrs(item))[2]
        if "LastEvaluatedKey" not in out:
            return
        params["ExclusiveStartKey"] = out["LastEvaluatedKey"]


@guarded
def get_events(tenant: str, account: str, event_ids: list[str]) -> dict[str, Event]:
    """Items by id (BatchGetItem); missing ids are absent from the result."""
    pk = tablekeys.account_pk(tenant, account)
    wanted = [to_attrs({"pk": pk, "sk": tablekeys.event_sk(e)}) for e in dict.fromkeys(event_ids)]
    found = (event_from_item(from_attrs(item))[2] for item in batch_get(wanted))
    return {ev.event_id: ev for ev in found}
