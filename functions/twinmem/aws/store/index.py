"""The account's retrieve index (gsi1): its memories and its items (episodes) under one key.

A memory's item and an item (EVENT) both carry `g1pk = T#…#A#…#M`; `g1sk` is the memory id or the
event id. So retrieve reads facts and turns with one Query, and a turn is indexed without a write of
its own. Rows are told apart by the id they carry (`memory_id` or `event_id`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from twinmem.aws import tablekeys
from twinmem.aws.store.base import batch_get, from_attrs, guarded, query_all, query_prefix, strip, to_attrs
from twinmem.aws.store.shapes import item_to_memory
from twinmem.models import Episode, EventVersion, Memory

M = TypeVar("M", Memory, Episode)

_NOT_EPISODE_FIELDS = ("vec", "embedding", "tenant", "account")


def is_event(item: dict[str, Any]) -> bool:
    """An item's own entry (an episode) rather than a memory's, from its attribute values."""
    return "memory_id" not in item and "event_id" in item


def episode_from_item(item: dict[str, Any]) -> Episode:
    """An episode from an EVENT item or its gsi1 entry (the embedding, if any, is not decoded)."""
    data = strip(from_attrs({k: v for k, v in item.items() if k not in _NOT_EPISODE_FIELDS}))
    return Episode.model_validate(data)


def split(items: list[dict[str, Any]]) -> tuple[list[Memory], list[Episode]]:
    memories: list[Memory] = []
    episodes: list[Episode] = []
    for item in items:
        if is_event(item):
            episodes.append(episode_from_item(item))
        else:
            memories.append(item_to_memory(item))
    return memories, episodes


@guarded
def read_index(tenant: str, account: str) -> tuple[list[Memory], list[Episode]]:
    """Every memory and every item of the account as gsi1 projects them: one Query per 1 MB page."""
    return split(index_items(tenant, account))


def _s(item: dict[str, Any], name: str) -> str | None:
    value = item.get(name)
    return value.get("S") if value is not None else None


# decoded models by (id, what changes when the entry changes): a warm container decodes an entry once.
# Every write that changes a memory's projected fields sets updated_at (and an item's, version).
MAX_CACHED_MODELS = 50_000
_models: dict[str, Any] = {}


def _stamp(item: dict[str, Any]) -> tuple[Any, ...]:
    g = item.get
    return (
        g("g1pk"),
        g("memory_id") or g("event_id"),
        g("updated_at"),
        g("recorded_at"),
        g("version"),
        g("revision"),
        g("deleted_at"),
        g("withdrawn_at"),
        g("retracted"),
        g("expires_at"),
    )


def _cached(item: dict[str, Any], decode: Callable[[dict[str, Any]], M]) -> M:
    key = repr(_stamp(item))
    model: M | None = _models.get(key)
    if model is None:
        if len(_models) >= MAX_CACHED_MODELS:
            _models.clear()
        model = _models[key] = decode(item)
    return model


class IndexRow:
    """One gsi1 entry, read only as far as ranking needs: its words and who may see it. The whole model
    (decoded and validated) is built on demand, for the few entries a query matches, and kept for the
    container's next calls (models are never mutated)."""

    __slots__ = (
        "agent_id",
        "attribute",
        "content",
        "conversation",
        "ident",
        "is_event",
        "item",
        "name",
        "role",
        "said",
        "subject",
        "subject_display",
        "value",
        "version",
        "visibility",
    )

    def __init__(self, item: dict[str, Any]) -> None:
        # read per entry per call: plain lookups (a function call per attribute showed at 10,000 entries)
        self.item = item
        g = item.get
        content = g("content")
        self.content = content["S"] if content is not None else ""
        event = g("event_id")
        self.is_event = False
        self.name = self.subject = self.subject_display = self.attribute = self.value = None
        self.visibility = self.agent_id = self.conversation = None
        self.role, self.said, self.version = "user", "", 1
        if event is not None and "memory_id" not in item:
            self.is_event, self.ident = True, event["S"]
            name, role = g("name"), g("role")
            self.name = name["S"] if name is not None else None
            self.role = role["S"] if role is not None else "user"
            self.conversation, self.said = _s(item, "conversation_id"), _s(item, "said_at") or ""
            version = g("version")
            self.version = int(version["N"]) if version is not None else 1
            return
        ident = g("memory_id")
        self.ident = ident["S"] if ident is not None else ""
        if "subject" in item:
            self.subject, self.subject_display = item["subject"]["S"], _s(item, "subject_display")
            self.attribute, self.value = _s(item, "attribute"), _s(item, "value")
        visibility = g("visibility")
        if visibility is not None and visibility["S"] == "private":
            self.visibility, self.agent_id = "private", _s(item, "agent_id")

    def memory(self) -> Memory:
        return _cached(self.item, item_to_memory)

    def episode(self) -> Episode:
        return _cached(self.item, episode_from_item)


@guarded
def read_index_rows(tenant: str, account: str) -> list[IndexRow]:
    """Every entry of the account's retrieve index (memories and items), undecoded: one Query per 1 MB page."""
    return [IndexRow(item) for item in index_items(tenant, account)]


def index_items(tenant: str, account: str) -> list[dict[str, Any]]:
    return query_all(
        IndexName="gsi1",
        KeyConditionExpression="g1pk = :p",
        ExpressionAttributeValues=to_attrs({":p": tablekeys.memories_index_pk(tenant, account)}),
    )


@guarded
def get_entries_by_key(table_keys: list[dict[str, Any]]) -> tuple[list[Memory], list[Episode]]:
    """Memories and items by table key (one BatchGetItem per 100), each list in the order given."""
    got = {(item["pk"]["S"], item["sk"]["S"]): item for item in batch_get(table_keys)}
    return split([got[(k["pk"]["S"], k["sk"]["S"])] for k in table_keys if (k["pk"]["S"], k["sk"]["S"]) in got])


@guarded
def nearest(
    tenant: str, account: str, vector: list[float], top_k: int
) -> tuple[list[Memory], list[Episode], dict[str, float]]:
    """The account's nearest memories and items by the vector index, with each one's cosine distance by id
    (memory id or event id): one SearchVectors and one BatchGetItem. A hit whose item is gone is left out."""
    from twinmem.aws.store.memories import search_vectors

    hits = search_vectors(tenant, account, vector, top_k)
    distance = {(k["pk"]["S"], k["sk"]["S"]): d for k, d in hits}
    got = {(i["pk"]["S"], i["sk"]["S"]): i for i in batch_get([k for k, _ in hits])}
    items = [got[(k["pk"]["S"], k["sk"]["S"])] for k, _ in hits if (k["pk"]["S"], k["sk"]["S"]) in got]
    by_id = {
        str(from_attrs({"i": i.get("memory_id") or i["event_id"]})["i"]): distance[(i["pk"]["S"], i["sk"]["S"])]
        for i in items
    }
    memories, episodes = split(items)
    return memories, episodes, by_id


@guarded
def event_versions(tenant: str, account: str) -> dict[str, list[EventVersion]]:
    """Every earlier version of the account's items, by event id, oldest first (one Query of `EVV#`)."""
    out: dict[str, list[EventVersion]] = {}
    for item in query_prefix(tablekeys.account_pk(tenant, account), tablekeys.EVENT_VERSION_PREFIX):
        event_id = item["sk"]["S"].split("#")[1]
        out.setdefault(event_id, []).append(EventVersion.model_validate(strip(from_attrs(item))))
    return out
