"""Item shapes: how a memory, a subject registration and a change entry are laid out in the table."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from twinmem.aws import tablekeys
from twinmem.aws.store.base import from_attrs, ms, to_attrs
from twinmem.aws.store.writes import put
from twinmem.config import settings
from twinmem.models import Memory, iso


def memory_to_item(tenant: str, account: str, m: Memory, *, first_of_subject: bool = False) -> dict[str, Any]:
    """A memory's item; the first shared memory filed under a subject, and every private one, lists the subject
    (gsi2, with the memory's visibility and agent: a miss names to a caller only the subjects it may see)."""
    # counters: ADD only
    data = m.model_dump(mode="json", exclude={"embedding", "retrieved", "used", "ignored", "type"})
    data["memory_type"] = m.type  # the memory's own type; `type` is the item's kind, never the client's
    data["assertion_valid_from"] = m.assertion_valid_from.isoformat() if m.assertion_valid_from else None
    pk, sk = _place(tenant, account, m)
    item = {
        "pk": pk,
        "sk": sk,
        "type": "MEMORY",
        "g1pk": tablekeys.memories_index_pk(tenant, account),
        "g1sk": m.memory_id,
        **data,
    }
    if m.expires_at is not None:
        item["ttl"] = int(m.expires_at.timestamp())
    if m.subject is not None and (first_of_subject or m.visibility == "private"):
        item.update(g2pk=tablekeys.subjects_index_pk(tenant, account), g2sk=tablekeys.enc(m.subject))
    attrs = to_attrs(item)
    if m.embedding:
        attrs.update(embedding_attrs(m.embedding))
    return attrs


VECTOR_INDEX = "memvec"


def embedding_attrs(vector: list[float]) -> dict[str, Any]:
    """`vec` (a list of numbers, what the vector index reads) or `embedding` (packed float32, 4 B each)."""
    if settings().retrieval_backend == "vector":
        return {"vec": {"L": [{"N": f"{x:.7g}"} for x in vector]}}
    import array

    return {"embedding": {"B": array.array("f", vector).tobytes()}}


def item_to_memory(item: dict[str, Any]) -> Memory:
    data = from_attrs(item)
    emb = data.pop("embedding", None)
    vec = data.pop("vec", None)
    kind = data.pop("type", None)
    data["type"] = data.pop("memory_type", None) or (kind if kind not in (None, "MEMORY") else "fact")
    for k in ("pk", "sk", "g1pk", "g1sk", "ttl", "g2pk", "g2sk"):
        data.pop(k, None)
    memory = Memory.model_validate(data)
    if emb:
        import array

        vec = array.array("f")
        vec.frombytes(emb)
        memory.embedding = list(vec)
    elif vec:
        memory.embedding = [float(x) for x in vec]
    return memory


def _place(tenant: str, account: str, m: Memory) -> tuple[str, str]:
    """(pk, sk) of a memory: its subject partition in history order, or the notes partition."""
    if m.is_assertion:
        assert m.subject is not None and m.attribute is not None and m.assertion_valid_from is not None
        sk = tablekeys.assertion_sk(
            m.attribute, m.assertion_valid_from.isoformat(), iso(m.said_at or m.created_at) or "", m.memory_id
        )
        return tablekeys.subject_pk(tenant, account, m.subject), sk
    return tablekeys.notes_pk(tenant, account), m.memory_id


def memory_key(tenant: str, account: str, m: Memory) -> dict[str, Any]:
    pk, sk = _place(tenant, account, m)
    return {"pk": {"S": pk}, "sk": {"S": sk}}


def change_item(
    tenant: str,
    account: str,
    kind: str,
    memory_id: str | None,
    at: datetime,
    unique: str,
    private_to: str | None = None,
) -> dict:
    """A change-feed entry of its own (a Put for a transaction); `private_to` hides it from other agents."""
    change = {"kind": kind, "memory_id": memory_id}
    if private_to is not None:
        change["private_to"] = private_to
    return put(
        to_attrs(
            {
                "pk": tablekeys.changes_pk(tenant, account),
                "sk": unique,
                "type": "CHANGE",
                "g2pk": tablekeys.feed_index_pk(tenant, account),
                "g2sk": tablekeys.feed_sk(ms(at), unique),
                "changes": [change],
                "at": iso(at),
            }
        )
    )
