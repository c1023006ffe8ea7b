"""Memories and assertions: extraction writes, reads by subject and id, revisions, corrections, usage, vectors."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from twinmem.access import private_to
from twinmem.aws import tablekeys
from twinmem.aws.store.base import (
    batch_get,
    call,
    from_attrs,
    guarded,
    key,
    ms,
    query_all,
    query_prefix,
    strip,
    table,
    to_attrs,
)
from twinmem.aws.store.shapes import (
    VECTOR_INDEX,
    change_item,
    embedding_attrs,
    item_to_memory,
    memory_key,
    memory_to_item,
)
from twinmem.aws.store.writes import EXISTS, MAX_ACTIONS, NEW, put, transact, transact_once, update
from twinmem.errors import AlreadyDone
from twinmem.models import Memory, iso


@guarded
def list_subjects(
    tenant: str, account: str, visible: Callable[[str | None, str | None], bool]
) -> list[tuple[str, str]]:
    """(normalised, display) of every subject recorded for the account that `visible(visibility, agent_id)`
    admits: one gsi2 Query (the subjects' registrations carry the registering memory's visibility)."""
    items = query_all(
        IndexName="gsi2",
        KeyConditionExpression="g2pk = :p",
        ExpressionAttributeValues=to_attrs({":p": tablekeys.subjects_index_pk(tenant, account)}),
    )
    found = {
        d["subject"]: d.get("subject_display") or d["subject"]
        for d in map(from_attrs, items)
        if visible(d.get("visibility"), d.get("agent_id"))
    }
    return sorted(found.items())


@guarded
def subject_is_new(tenant: str, account: str, subject: str) -> bool:
    """True when no shared memory is filed under the subject yet (usually a Query of one key)."""
    params: dict[str, Any] = {
        "KeyConditionExpression": "pk = :p",
        "Limit": 25,
        "ProjectionExpression": "visibility",
        "ExpressionAttributeValues": to_attrs({":p": tablekeys.subject_pk(tenant, account, subject)}),
    }
    while True:
        out = call("query", **params)
        if any(from_attrs(i).get("visibility") != "private" for i in out.get("Items", [])):
            return False
        if "LastEvaluatedKey" not in out:
            return True
        params["ExclusiveStartKey"] = out["LastEvaluatedKey"]


@guarded
def write_extraction(
    tenant: str,
    account: str,
    event_id: str,
    version: int,
    generation: int,
    memories: list[Memory],
    firsts: set[str],
    previous: list[dict[str, Any]],
    at: datetime,
    extra_changes: list[dict[str, str]] | None = None,
) -> None:
    """All that one item version yields, in one transaction; raises AlreadyDone on redelivery.

    The extraction record (XR) is conditional, so a redelivered stream record writes nothing.
    It doubles as the change-feed entry (gsi2). `previous` are earlier records of the same item
    (an edit, or a rebuild): their memories are withdrawn (kept, marked, hidden) and the records
    marked superseded, in the same transaction.
    """
    ops = [
        _extraction_record(tenant, account, event_id, version, generation, memories, previous, at, extra_changes or [])
    ]
    ops += [put(memory_to_item(tenant, account, m, first_of_subject=m.memory_id in firsts), NEW) for m in memories]
    stamp = {":t": iso(at)}
    withdraw = "SET withdrawn_at = if_not_exists(withdrawn_at, :t), updated_at = :t"
    ops += [update(k, withdraw, stamp, EXISTS) for rec in previous for k in rec["memory_keys"]]
    ops += [
        update(
            key(tablekeys.account_pk(tenant, account), rec["sk"]),
            "SET superseded_at = :t",
            stamp,
            "attribute_not_exists(superseded_at)",
        )
        for rec in previous
    ]
    if len(ops) > MAX_ACTIONS:
        raise ValueError("one item yields at most 100 writes")  # extractors cap statements per turn
    if not transact_once(ops):
        raise AlreadyDone(f"{event_id} v{version} g{generation}")


def _extraction_record(
    tenant: str,
    account: str,
    event_id: str,
    version: int,
    generation: int,
    memories: list[Memory],
    previous: list[dict[str, Any]],
    at: datetime,
    extra_changes: list[dict[str, str]],
) -> dict[str, Any]:
    """The record (XR) of what one item version yielded; it doubles as its change-feed entry (gsi2)."""
    changes = [{"kind": "ADD", "memory_id": m.memory_id} for m in memories]
    changes += extra_changes
    changes += [{"kind": "WITHDRAWN", "memory_id": mid} for rec in previous for mid in rec["memory_ids"]]
    record = {
        "pk": tablekeys.account_pk(tenant, account),
        "sk": tablekeys.extraction_sk(event_id, version, generation),
        "type": "EXTRACTION",
        "event_id": event_id,
        "version": version,
        "generation": generation,
        "memory_ids": [m.memory_id for m in memories],
        "at": iso(at),
    }
    attrs = to_attrs(record)
    attrs["memory_keys"] = {"L": [{"M": memory_key(tenant, account, m)} for m in memories]}
    if changes:
        attrs.update(
            to_attrs(
                {
                    "g2pk": tablekeys.feed_index_pk(tenant, account),
                    "g2sk": tablekeys.feed_sk(ms(at), f"{event_id}.{version}.{generation}"),
                    "changes": changes,
                }
            )
        )
    return put(attrs, NEW)


@guarded
def extraction_records(tenant: str, account: str, event_id: str) -> list[dict[str, Any]]:
    """Every extraction record of one item (all versions and generations), each with its sk."""
    items = query_prefix(
        tablekeys.account_pk(tenant, account), tablekeys.extractions_prefix(event_id), ConsistentRead=True
    )
    out = []
    for item in items:
        data = from_attrs({k: v for k, v in item.items() if k != "memory_keys"})
        data["memory_keys"] = [entry["M"] for entry in item.get("memory_keys", {}).get("L", [])]
        data["memory_ids"] = data.get("memory_ids", [])
        out.append(data)
    return out


@guarded
def query_subject(tenant: str, account: str, subject: str, attribute: str | None = None) -> list[Memory]:
    """Every assertion-bearing memory of one subject, in history order: one Query per 1 MB page."""
    values = {":p": tablekeys.subject_pk(tenant, account, subject)}
    cond = "pk = :p"
    if attribute is not None:
        cond += " AND begins_with(sk, :a)"
        values[":a"] = tablekeys.attribute_prefix(attribute)
    items = query_all(KeyConditionExpression=cond, ExpressionAttributeValues=to_attrs(values))
    return [item_to_memory(i) for i in items]


@guarded
def filed_values(tenant: str, account: str, subject: str) -> dict[str, list[str]]:
    """attribute -> the values that hold for one subject (not withdrawn, retracted or deleted), newest said
    first: what extraction reads changes against. One Query of the subject's partition, projected to seven
    small attributes (no content, evidence or embedding)."""
    items = query_all(
        KeyConditionExpression="pk = :p",
        ExpressionAttributeValues=to_attrs({":p": tablekeys.subject_pk(tenant, account, subject)}),
        ProjectionExpression="#a, #v, #p, #s, #d, #w, #r",
        ExpressionAttributeNames={
            "#a": "attribute",
            "#v": "value",
            "#p": "polarity",
            "#s": "said_at",
            "#d": "deleted_at",
            "#w": "withdrawn_at",
            "#r": "retracted",
        },
    )
    rows = [
        d
        for d in map(from_attrs, items)
        if d.get("attribute")
        and d.get("value") is not None
        and d.get("polarity", 1) == 1
        and not (d.get("deleted_at") or d.get("withdrawn_at") or d.get("retracted"))
    ]
    out: dict[str, list[str]] = {}
    for d in sorted(rows, key=lambda r: str(r.get("said_at") or ""), reverse=True):
        out.setdefault(str(d["attribute"]), []).append(str(d["value"]))
    return out


@guarded
def _index_entry(tenant: str, account: str, memory_id: str) -> dict[str, Any] | None:
    found = call(
        "query",
        IndexName="gsi1",
        KeyConditionExpression="g1pk = :p AND g1sk = :m",
        ExpressionAttributeValues=to_attrs({":p": tablekeys.memories_index_pk(tenant, account), ":m": memory_id}),
    ).get("Items", [])
    return found[0] if found and "memory_id" in found[0] else None  # an item's entry is no memory


@guarded
def locate_memory(tenant: str, account: str, memory_id: str) -> Memory | None:
    """A memory by id as its gsi1 entry holds it (no evidence or provenance): one index Query."""
    entry = _index_entry(tenant, account, memory_id)
    return item_to_memory(entry) if entry else None


@guarded
def get_memory(tenant: str, account: str, memory_id: str) -> Memory | None:
    """A memory by id, whole: its index entry names the item (gsi1), then the item itself."""
    entry = _index_entry(tenant, account, memory_id)
    if entry is None:
        return None
    out = call("get_item", Key={"pk": entry["pk"], "sk": entry["sk"]})
    return item_to_memory(out["Item"]) if "Item" in out else None


@guarded
def get_memories(tenant: str, account: str, memories: list[Memory]) -> list[Memory]:
    """Full items for memories read from the index (BatchGetItem), in the same order."""
    return get_memories_by_key([memory_key(tenant, account, m) for m in memories])


@guarded
def list_memories(tenant: str, account: str) -> list[Memory]:
    """Every memory of the account as its index projection holds it (small: no evidence or provenance)."""
    items = query_all(
        IndexName="gsi1",
        KeyConditionExpression="g1pk = :p",
        ExpressionAttributeValues=to_attrs({":p": tablekeys.memories_index_pk(tenant, account)}),
    )
    return [item_to_memory(i) for i in items if "memory_id" in i]  # the account's items share the index


@guarded
def put_memory(tenant: str, account: str, m: Memory, first_of_subject: bool) -> None:
    """A new memory (append), with its change entry and its reverse links, in one transaction."""
    ops = [
        put(memory_to_item(tenant, account, m, first_of_subject=first_of_subject), NEW),
        change_item(tenant, account, "ADD", m.memory_id, m.recorded_at, f"{m.memory_id}.add", private_to(m)),
    ]
    ops += [
        put(
            to_attrs(
                {
                    "pk": tablekeys.links_pk(tenant, account),
                    "sk": tablekeys.link_sk(source, m.memory_id),
                    "type": "LINK",
                    "source": source,
                    "dependent": m.memory_id,
                }
            )
        )
        for source in m.derived_from
    ]
    transact(ops)


@guarded
def dependents_of(tenant: str, account: str, memory_id: str) -> list[str]:
    """Ids of the memories derived from this one (its reverse links: one Query)."""
    items = query_prefix(
        tablekeys.links_pk(tenant, account), tablekeys.links_prefix(memory_id), ProjectionExpression="dependent"
    )
    return [str(from_attrs(i)["dependent"]) for i in items]


@guarded
def revise_memory(
    tenant: str, account: str, m: Memory, content: str, at: datetime, embedding: list[float] | None = None
) -> None:
    """Close the open revision (kept as an item) and open a new one; guarded by the revision number."""
    opened = m.revision_opened[-1] if m.revision_opened else m.recorded_at
    values = {":c": content, ":n": m.revision + 1, ":t": iso(at), ":r": m.revision, ":e": [], ":o": [iso(at)]}
    set_vector, vector = "", {}
    if embedding:  # the new content's embedding replaces the old one
        ((attr, value),) = embedding_attrs(embedding).items()
        set_vector, vector = f", {attr} = :v", {":v": value}
    rev = {
        "pk": tablekeys.revisions_pk(tenant, account),
        "sk": tablekeys.revision_sk(m.memory_id, m.revision),
        "type": "REVISION",
        "memory_id": m.memory_id,
        "n": m.revision,
        "content": m.content,
        "opened_at": iso(opened),
        "closed_at": iso(at),
    }
    expression = (
        "SET content = :c, revision = :n, updated_at = :t, "
        "revision_opened = list_append(if_not_exists(revision_opened, :e), :o)" + set_vector
    )
    # a delete that committed since the read fails this revise (its content stays erased)
    condition = "revision = :r AND attribute_not_exists(deleted_at)"
    transact(
        [
            put(to_attrs(rev), NEW),
            update(memory_key(tenant, account, m), expression, values, condition, encoded=vector),
            change_item(
                tenant, account, "UPDATE", m.memory_id, at, f"{m.memory_id}.rev{m.revision + 1}", private_to(m)
            ),
        ]
    )


@guarded
def get_revisions(tenant: str, account: str, memory_id: str) -> list[dict[str, Any]]:
    items = query_prefix(tablekeys.revisions_pk(tenant, account), tablekeys.revisions_prefix(memory_id))
    return [strip(from_attrs(i)) for i in items]


@guarded
def delete_memory(tenant: str, account: str, m: Memory, at: datetime) -> None:
    """Forget: erase content and keep a tombstone for lineage (one conditional transaction with its change
    entry), then erase every closed revision in pages. Reads honour the tombstone meanwhile, and a revise
    that read the memory before the tombstone fails its condition."""
    erase = "SET content = :e, deleted_at = :t, updated_at = :t REMOVE embedding, vec"
    transact(
        [
            update(
                memory_key(tenant, account, m), erase, {":e": "", ":t": iso(at)}, "attribute_not_exists(deleted_at)"
            ),
            change_item(tenant, account, "DELETE", m.memory_id, at, f"{m.memory_id}.del", private_to(m)),
        ]
    )
    erase_revisions(tenant, account, m.memory_id)


@guarded
def erase_revisions(tenant: str, account: str, memory_id: str) -> int:
    """Delete every closed revision of a memory (BatchWriteItem, 25 a call, unprocessed ones sent again)."""
    pk = tablekeys.revisions_pk(tenant, account)
    found = query_prefix(pk, tablekeys.revisions_prefix(memory_id), ProjectionExpression="pk, sk", ConsistentRead=True)
    for start in range(0, len(found), 25):
        request: dict[str, Any] = {
            table(): [{"DeleteRequest": {"Key": {"pk": i["pk"], "sk": i["sk"]}}} for i in found[start : start + 25]]
        }
        while request:
            request = call("batch_write_item", RequestItems=request).get("UnprocessedItems") or {}
    return len(found)


@guarded
def retract_memories(
    tenant: str, account: str, memories: list[Memory], correction: dict[str, Any], at: datetime, *, keep: bool
) -> None:
    """Mark readings as taken back (kept, hidden from history); a new correction is kept for rebuild (`keep`)."""
    ops: list[dict[str, Any]] = []
    if keep:
        sk = tablekeys.correction_sk(
            correction["subject"], correction["attribute"], correction["value_key"], correction["at"]
        )
        record = {"pk": tablekeys.account_pk(tenant, account), "sk": sk, "type": "CORRECTION", **correction}
        ops.append(put(to_attrs(record), NEW))
    retracted = {"at": iso(at), "by": correction["by"], "reason": correction["reason"]}
    for m in memories:
        ops.append(
            update(
                memory_key(tenant, account, m), "SET retracted = :c, updated_at = :t", {":c": retracted, ":t": iso(at)}
            )
        )
        ops.append(
            change_item(tenant, account, "CORRECTED", m.memory_id, at, f"{m.memory_id}.cor.{ms(at)}", private_to(m))
        )
    for start in range(0, len(ops), MAX_ACTIONS):
        transact(ops[start : start + MAX_ACTIONS])


@guarded
def list_corrections(tenant: str, account: str) -> list[dict[str, Any]]:
    items = query_prefix(tablekeys.account_pk(tenant, account), tablekeys.CORRECTION_PREFIX)
    return [strip(from_attrs(i)) for i in items]


@guarded
def search_vectors(tenant: str, account: str, vector: list[float], top_k: int) -> list[tuple[dict[str, Any], float]]:
    """The account's nearest memories by the vector index: (table key, cosine distance), nearest first."""
    out = call(
        "search_vectors",
        IndexName=VECTOR_INDEX,
        SearchVector=[{"N": f"{x:.7g}"} for x in vector],
        TopK=top_k,
        SearchConditionExpression="g1pk = :p",
        ExpressionAttributeValues=to_attrs({":p": tablekeys.memories_index_pk(tenant, account)}),
        ProjectionExpression="pk, sk",
    )
    return [({"pk": r["Item"]["pk"], "sk": r["Item"]["sk"]}, float(r["Score"])) for r in out.get("SearchResults", [])]


@guarded
def get_memories_by_key(table_keys: list[dict[str, Any]]) -> list[Memory]:
    """Full memory items by table key (BatchGetItem), in the order given."""
    got = {(item["pk"]["S"], item["sk"]["S"]): item_to_memory(item) for item in batch_get(table_keys)}
    return [got[(k["pk"]["S"], k["sk"]["S"])] for k in table_keys if (k["pk"]["S"], k["sk"]["S"]) in got]
