"""The data-access layer: the only module that talks to DynamoDB.

Owns every query, condition expression and item shape; takes and returns domain models.
Keys come from twinmem.keys. The client is created on first use and cached (moto must be
active before that, and importing this module creates nothing).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from datetime import date, datetime
from decimal import Decimal
from functools import wraps
from typing import Any, TypeVar

from twinmem import keys
from twinmem.config import settings
from twinmem.errors import AlreadyDone, Unavailable
from twinmem.models import Account, ApiKey, Event, EventVersion, Memory, iso

_client: Any = None
_serializer: Any = None
_deserializer: Any = None

THROTTLE_CODES = {
    "ProvisionedThroughputExceededException",
    "ThrottlingException",
    "RequestLimitExceeded",
    "LimitExceededException",
}

F = TypeVar("F", bound=Callable[..., Any])


def client() -> Any:
    """The DynamoDB client, built once per container on first use."""
    global _client
    if _client is None:
        import boto3
        from botocore.config import Config

        _client = boto3.client(
            "dynamodb",
            region_name=settings().region,
            endpoint_url=os.environ.get("AWS_ENDPOINT_URL_DYNAMODB") or None,
            config=Config(retries={"mode": "standard", "max_attempts": 4}, connect_timeout=2, read_timeout=5),
        )
    return _client


def reset() -> None:
    """Forget the cached client (tests switch moto on and off)."""
    global _client
    _client = None


def table() -> str:
    return settings().table_name


def _ser() -> Any:
    global _serializer, _deserializer
    if _serializer is None:
        from boto3.dynamodb.types import TypeDeserializer, TypeSerializer

        _serializer, _deserializer = TypeSerializer(), TypeDeserializer()
    return _serializer


def to_attrs(plain: dict[str, Any]) -> dict[str, Any]:
    """A plain dict (JSON-able, floats allowed) to DynamoDB attribute values; None values dropped."""
    ser = _ser()
    clean = json.loads(json.dumps({k: v for k, v in plain.items() if v is not None}), parse_float=Decimal)
    # empty strings, lists and maps are left out of items (smaller), kept as expression values
    return {
        k: ser.serialize(v) for k, v in clean.items() if k.startswith(":") or k == "content" or v not in ("", [], {})
    }


def from_attrs(item: dict[str, Any]) -> dict[str, Any]:
    _ser()
    out = {k: _deserializer.deserialize(v) for k, v in item.items()}
    return _plain(out)


def _plain(value: Any) -> Any:
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | set | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, bytes | bytearray):
        return bytes(value)
    return value


def _code(exc: Exception) -> str:
    response = getattr(exc, "response", None) or {}
    return str(response.get("Error", {}).get("Code", ""))


def guarded(fn: F) -> F:
    """Turn throttling that survived botocore's retries into a 503 the client can retry."""

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except Exception as exc:
            if _code(exc) in THROTTLE_CODES:
                raise Unavailable("at capacity, retry later", retry_after=2) from exc
            raise

    return wrapper  # type: ignore[return-value]


# ---------------------------------------------------------------- counting (bench and tests)

_listeners: list[Callable[[str, dict[str, Any]], None]] = []


def on_call(listener: Callable[[str, dict[str, Any]], None]) -> Callable[[], None]:
    """Register a listener called with (operation, params) before each DynamoDB call; returns remove."""
    _listeners.append(listener)
    return lambda: _listeners.remove(listener)


def _call(operation: str, **params: Any) -> Any:
    for listener in _listeners:
        listener(operation, params)
    return getattr(client(), operation)(**params)


# ---------------------------------------------------------------- items <-> models


def _memory_to_item(tenant: str, account: str, m: Memory) -> dict[str, Any]:
    data = m.model_dump(mode="json", exclude={"embedding"})
    data["assertion_valid_from"] = m.assertion_valid_from.isoformat() if m.assertion_valid_from else None
    if m.is_assertion:
        assert m.subject is not None and m.attribute is not None and m.assertion_valid_from is not None
        pk = keys.subject_pk(tenant, account, m.subject)
        sk = keys.assertion_sk(
            m.attribute, m.assertion_valid_from.isoformat(), iso(m.said_at or m.created_at) or "", m.memory_id
        )
    else:
        pk, sk = keys.notes_pk(tenant, account), m.memory_id
    item = {
        "pk": pk,
        "sk": sk,
        "type": "MEMORY",
        "g1pk": keys.memories_index_pk(tenant, account),
        "g1sk": m.memory_id,
        **data,
    }
    if m.expires_at is not None:
        item["ttl"] = int(m.expires_at.timestamp())
    attrs = to_attrs(item)
    if m.embedding:
        attrs.update(_embedding_attrs(m.embedding))
    return attrs


VECTOR_INDEX = "memvec"


def _embedding_attrs(vector: list[float]) -> dict[str, Any]:
    """`vec` (a list of numbers, what the vector index reads) or `embedding` (packed float32, 4 B each)."""
    if settings().retrieval_backend == "vector":
        return {"vec": {"L": [{"N": f"{x:.7g}"} for x in vector]}}
    import array

    return {"embedding": {"B": array.array("f", vector).tobytes()}}


def _item_to_memory(item: dict[str, Any]) -> Memory:
    data = from_attrs(item)
    emb = data.pop("embedding", None)
    vec = data.pop("vec", None)
    for k in ("pk", "sk", "type", "g1pk", "g1sk", "ttl", "g2pk", "g2sk"):
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


def memory_key(tenant: str, account: str, m: Memory) -> dict[str, Any]:
    item = _memory_to_item(tenant, account, m)
    return {"pk": item["pk"], "sk": item["sk"]}


# ---------------------------------------------------------------- API keys


@guarded
def put_api_key(key: ApiKey, secret_hash: str) -> None:
    item = {
        "pk": keys.key_pk(secret_hash),
        "sk": keys.KEY_SK,
        "type": "APIKEY",
        "g1pk": keys.tenant_keys_index_pk(key.tenant),
        "g1sk": key.key_id,
        **key.model_dump(mode="json"),
    }
    _call("put_item", TableName=table(), Item=to_attrs(item), ConditionExpression="attribute_not_exists(pk)")


@guarded
def get_api_key(secret_hash: str) -> ApiKey | None:
    out = _call("get_item", TableName=table(), Key=to_attrs({"pk": keys.key_pk(secret_hash), "sk": keys.KEY_SK}))
    if "Item" not in out:
        return None
    return ApiKey.model_validate(_strip(from_attrs(out["Item"])))


@guarded
def list_api_keys(tenant: str) -> list[tuple[ApiKey, dict[str, Any]]]:
    """The tenant's keys, each with its table key (for revocation)."""
    items = _query_all(
        IndexName="gsi1",
        KeyConditionExpression="g1pk = :p",
        ExpressionAttributeValues=to_attrs({":p": keys.tenant_keys_index_pk(tenant)}),
    )
    out = []
    for item in items:
        data = from_attrs(item)
        out.append((ApiKey.model_validate(_strip(dict(data))), {"pk": item["pk"], "sk": item["sk"]}))
    return out


@guarded
def revoke_api_key(table_key: dict[str, Any], at: datetime) -> None:
    _call(
        "update_item",
        TableName=table(),
        Key=table_key,
        UpdateExpression="SET revoked_at = if_not_exists(revoked_at, :t)",
        ExpressionAttributeValues=to_attrs({":t": iso(at)}),
    )


def _strip(data: dict[str, Any]) -> dict[str, Any]:
    for k in ("pk", "sk", "type", "g1pk", "g1sk", "g2pk", "g2sk", "ttl"):
        data.pop(k, None)
    return data


# ---------------------------------------------------------------- accounts and tenants


@guarded
def get_account(tenant: str, account: str) -> Account | None:
    out = _call(
        "get_item",
        TableName=table(),
        Key=to_attrs({"pk": keys.account_pk(tenant, account), "sk": keys.ACCOUNT_SK}),
        ConsistentRead=True,
    )
    if "Item" not in out:
        return None
    return Account.model_validate(_strip(from_attrs(out["Item"])))


@guarded
def create_account(acc: Account) -> None:
    """Create the end user's record if absent (a no-op when it exists)."""
    item = {"pk": keys.account_pk(acc.tenant, acc.account), "sk": keys.ACCOUNT_SK, "type": "ACCOUNT",
            "g1pk": keys.tenant_accounts_index_pk(acc.tenant), "g1sk": acc.account}
    try:
        _call(
            "put_item",
            TableName=table(),
            Item=to_attrs({**item, **acc.model_dump(mode="json")}),
            ConditionExpression="attribute_not_exists(pk)",
        )
    except Exception as exc:
        if _code(exc) != "ConditionalCheckFailedException":
            raise


@guarded
def set_account_name(tenant: str, account: str, name: str, *, only_if_unset: bool) -> bool:
    """Name the end user. Returns False when only_if_unset and a name was already set."""
    condition = "attribute_exists(pk)"
    if only_if_unset:
        condition += " AND attribute_not_exists(#n)"
    try:
        _call(
            "update_item",
            TableName=table(),
            Key=to_attrs({"pk": keys.account_pk(tenant, account), "sk": keys.ACCOUNT_SK}),
            UpdateExpression="SET #n = :n",
            ConditionExpression=condition,
            ExpressionAttributeNames={"#n": "name"},
            ExpressionAttributeValues=to_attrs({":n": name}),
        )
        return True
    except Exception as exc:
        if _code(exc) == "ConditionalCheckFailedException":
            return False
        raise


@guarded
def set_rebuilding(tenant: str, account: str, since: datetime | None) -> None:
    if since is None:
        expr, values = "REMOVE rebuilding_since", None
    else:
        expr, values = "SET rebuilding_since = :t", to_attrs({":t": iso(since)})
    params: dict[str, Any] = {
        "TableName": table(),
        "Key": to_attrs({"pk": keys.account_pk(tenant, account), "sk": keys.ACCOUNT_SK}),
        "UpdateExpression": expr,
    }
    if values:
        params["ExpressionAttributeValues"] = values
    _call("update_item", **params)


@guarded
def get_settings(tenant: str) -> dict[str, Any]:
    out = _call("get_item", TableName=table(), Key=to_attrs({"pk": keys.tenant_pk(tenant), "sk": keys.SETTINGS_SK}))
    if "Item" not in out:
        return {}
    return dict(_strip(from_attrs(out["Item"])).get("settings", {}))


@guarded
def put_settings(tenant: str, value: dict[str, Any], at: datetime) -> None:
    """Store the tenant's settings and put the change on the tenant's feed (every account's feed shows it)."""
    item = {"pk": keys.tenant_pk(tenant), "sk": keys.SETTINGS_SK, "type": "SETTINGS", "settings": value,
            "tenant": tenant}
    if value.get("retention_days"):
        item.update(g1pk=keys.RETENTION_INDEX_PK, g1sk=tenant)
    unique = f"settings.{_ms(at)}"
    change = {"pk": keys.tenant_pk(tenant), "sk": f"CHG#{unique}", "type": "CHANGE",
              "g2pk": keys.tenant_feed_pk(tenant), "g2sk": keys.feed_sk(_ms(at), unique),
              "changes": [{"kind": "SETTINGS"}], "at": iso(at)}
    _call("transact_write_items", TransactItems=[
        {"Put": {"TableName": table(), "Item": to_attrs(item)}},
        {"Put": {"TableName": table(), "Item": to_attrs(change)}},
    ])


# ---------------------------------------------------------------- subjects


@guarded
def list_subjects(tenant: str, account: str) -> list[tuple[str, str]]:
    """(normalised, display) of every subject recorded for the account."""
    items = _query_all(
        KeyConditionExpression="pk = :p AND begins_with(sk, :s)",
        ExpressionAttributeValues=to_attrs({":p": keys.account_pk(tenant, account), ":s": keys.SUBJECT_PREFIX}),
    )
    return [(d["subject"], d.get("display") or d["subject"]) for d in map(from_attrs, items)]


def _subject_update(tenant: str, account: str, subject: str, display: str, at: datetime) -> dict[str, Any]:
    return {
        "Update": {
            "TableName": table(),
            "Key": to_attrs({"pk": keys.account_pk(tenant, account), "sk": keys.subject_sk(subject)}),
            "UpdateExpression": "SET #t = :t, subject = :s, display = if_not_exists(display, :d), "
            "first_at = if_not_exists(first_at, :a)",
            "ExpressionAttributeNames": {"#t": "type"},
            "ExpressionAttributeValues": to_attrs({":t": "SUBJECT", ":s": subject, ":d": display, ":a": iso(at)}),
        }
    }


# ---------------------------------------------------------------- events (items)


def _event_item(tenant: str, account: str, ev: Event) -> dict[str, Any]:
    data = ev.model_dump(mode="json", exclude={"versions"})
    return {"pk": keys.account_pk(tenant, account), "sk": keys.event_sk(ev.event_id), "type": "EVENT",
            "tenant": tenant, "account": account, **data}


@guarded
def put_event(tenant: str, account: str, ev: Event) -> bool:
    """Store a new item; False when an item with this id already exists (nothing is written)."""
    try:
        _call(
            "put_item",
            TableName=table(),
            Item=to_attrs(_event_item(tenant, account, ev)),
            ConditionExpression="attribute_not_exists(pk)",
        )
        return True
    except Exception as exc:
        if _code(exc) == "ConditionalCheckFailedException":
            return False
        raise


def event_from_item(data: dict[str, Any]) -> tuple[str, str, Event]:
    """(tenant, account, event) from a plain EVENT item (as the stream delivers it)."""
    data = _strip(dict(data))
    tenant, account = data.pop("tenant"), data.pop("account")
    return tenant, account, Event.model_validate(data)


@guarded
def get_event(tenant: str, account: str, event_id: str, *, with_versions: bool = False) -> Event | None:
    out = _call(
        "get_item",
        TableName=table(),
        Key=to_attrs({"pk": keys.account_pk(tenant, account), "sk": keys.event_sk(event_id)}),
        ConsistentRead=True,
    )
    if "Item" not in out:
        return None
    ev = event_from_item(from_attrs(out["Item"]))[2]
    if with_versions:
        items = _query_all(
            KeyConditionExpression="pk = :p AND begins_with(sk, :s)",
            ExpressionAttributeValues=to_attrs(
                {":p": keys.account_pk(tenant, account), ":s": keys.event_versions_prefix(event_id)}
            ),
        )
        ev.versions = [EventVersion.model_validate(_strip(from_attrs(i))) for i in items]
    return ev


@guarded
def replace_event_content(tenant: str, account: str, ev: Event, content: str, at: datetime) -> Event:
    """Keep the current text as a version and store the new one (one transaction, guarded by version)."""
    pk = keys.account_pk(tenant, account)
    old = {"pk": pk, "sk": keys.event_version_sk(ev.event_id, ev.version), "type": "EVENT_VERSION",
           "version": ev.version, "content": ev.content, "recorded_at": iso(ev.recorded_at)}
    new_version = ev.version + 1
    _call(
        "transact_write_items",
        TransactItems=[
            {"Put": {"TableName": table(), "Item": to_attrs(old), "ConditionExpression": "attribute_not_exists(pk)"}},
            {
                "Update": {
                    "TableName": table(),
                    "Key": to_attrs({"pk": pk, "sk": keys.event_sk(ev.event_id)}),
                    "UpdateExpression": "SET content = :c, version = :n, recorded_at = :t",
                    "ConditionExpression": "version = :v",
                    "ExpressionAttributeValues": to_attrs(
                        {":c": content, ":n": new_version, ":t": iso(at), ":v": ev.version}
                    ),
                }
            },
        ],
    )
    return ev.model_copy(update={"content": content, "version": new_version, "recorded_at": at})


@guarded
def iter_events(tenant: str, account: str, start_after: str | None = None, page: int = 100) -> Iterator[Event]:
    """The account's items in id order, resumable after an event id."""
    params: dict[str, Any] = {
        "TableName": table(),
        "KeyConditionExpression": "pk = :p AND begins_with(sk, :s)",
        "ExpressionAttributeValues": to_attrs({":p": keys.account_pk(tenant, account), ":s": keys.EVENT_PREFIX}),
        "Limit": page,
    }
    if start_after:
        params["ExclusiveStartKey"] = to_attrs(
            {"pk": keys.account_pk(tenant, account), "sk": keys.event_sk(start_after)}
        )
    while True:
        out = _call("query", **params)
        for item in out.get("Items", []):
            yield event_from_item(from_attrs(item))[2]
        if "LastEvaluatedKey" not in out:
            return
        params["ExclusiveStartKey"] = out["LastEvaluatedKey"]


# ---------------------------------------------------------------- extraction writes


@guarded
def write_extraction(
    tenant: str,
    account: str,
    event_id: str,
    version: int,
    generation: int,
    memories: list[Memory],
    new_subjects: list[tuple[str, str]],
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
    withdrawn = [(mid, k) for rec in previous for mid, k in zip(rec["memory_ids"], rec["memory_keys"], strict=True)]
    changes = [{"kind": "ADD", "memory_id": m.memory_id} for m in memories]
    changes += extra_changes or []
    changes += [{"kind": "WITHDRAWN", "memory_id": mid} for mid, _ in withdrawn]
    record = {
        "pk": keys.account_pk(tenant, account),
        "sk": keys.extraction_sk(event_id, version, generation),
        "type": "EXTRACTION",
        "event_id": event_id,
        "version": version,
        "generation": generation,
        "memory_ids": [m.memory_id for m in memories],
        "at": iso(at),
    }
    attrs = to_attrs(record)
    attrs["memory_keys"] = {"L": [{"M": k} for k in (memory_key(tenant, account, m) for m in memories)]}
    if changes:
        attrs.update(to_attrs({"g2pk": keys.feed_index_pk(tenant, account),
                               "g2sk": keys.feed_sk(_ms(at), f"{event_id}.{version}.{generation}"),
                               "changes": changes}))
    ops: list[dict[str, Any]] = [
        {"Put": {"TableName": table(), "Item": attrs, "ConditionExpression": "attribute_not_exists(pk)"}}
    ]
    ops += [
        {
            "Put": {
                "TableName": table(),
                "Item": _memory_to_item(tenant, account, m),
                "ConditionExpression": "attribute_not_exists(pk)",
            }
        }
        for m in memories
    ]
    ops += [
        {
            "Update": {
                "TableName": table(),
                "Key": key,
                "UpdateExpression": "SET withdrawn_at = if_not_exists(withdrawn_at, :t), updated_at = :t",
                "ConditionExpression": "attribute_exists(pk)",
                "ExpressionAttributeValues": to_attrs({":t": iso(at)}),
            }
        }
        for _, key in withdrawn
    ]
    ops += [
        {
            "Update": {
                "TableName": table(),
                "Key": to_attrs({"pk": keys.account_pk(tenant, account), "sk": rec["sk"]}),
                "UpdateExpression": "SET superseded_at = :t",
                "ConditionExpression": "attribute_not_exists(superseded_at)",
                "ExpressionAttributeValues": to_attrs({":t": iso(at)}),
            }
        }
        for rec in previous
    ]
    ops += [_subject_update(tenant, account, s, d, at) for s, d in new_subjects]
    if len(ops) > 100:
        raise ValueError("one item yields at most 100 writes")  # extractors cap statements per turn
    try:
        _call("transact_write_items", TransactItems=ops)
    except Exception as exc:
        reasons = getattr(exc, "response", {}).get("CancellationReasons", [])
        if reasons and reasons[0].get("Code") == "ConditionalCheckFailed":
            raise AlreadyDone(f"{event_id} v{version} g{generation}") from exc
        raise


@guarded
def extraction_records(tenant: str, account: str, event_id: str) -> list[dict[str, Any]]:
    """Every extraction record of one item (all versions and generations), each with its sk."""
    items = _query_all(
        KeyConditionExpression="pk = :p AND begins_with(sk, :s)",
        ExpressionAttributeValues=to_attrs({":p": keys.account_pk(tenant, account),
                                            ":s": keys.extractions_prefix(event_id)}),
        ConsistentRead=True,
    )
    out = []
    for item in items:
        data = from_attrs({k: v for k, v in item.items() if k != "memory_keys"})
        data["memory_keys"] = [entry["M"] for entry in item.get("memory_keys", {}).get("L", [])]
        data["memory_ids"] = data.get("memory_ids", [])
        out.append(data)
    return out


def _ms(at: datetime) -> int:
    return int(at.timestamp() * 1000)


# ---------------------------------------------------------------- memory reads


@guarded
def query_subject(tenant: str, account: str, subject: str, attribute: str | None = None) -> list[Memory]:
    """Every assertion-bearing memory of one subject, in history order: one Query per 1 MB page."""
    values = {":p": keys.subject_pk(tenant, account, subject)}
    cond = "pk = :p"
    if attribute is not None:
        cond += " AND begins_with(sk, :a)"
        values[":a"] = keys.attribute_prefix(attribute)
    items = _query_all(KeyConditionExpression=cond, ExpressionAttributeValues=to_attrs(values))
    return [_item_to_memory(i) for i in items]


def _query_all(**params: Any) -> list[dict[str, Any]]:
    params.setdefault("TableName", table())
    items: list[dict[str, Any]] = []
    while True:
        out = _call("query", **params)
        items.extend(out.get("Items", []))
        if "LastEvaluatedKey" not in out:
            return items
        params["ExclusiveStartKey"] = out["LastEvaluatedKey"]


@guarded
def get_memory(tenant: str, account: str, memory_id: str) -> Memory | None:
    """A memory by id: its index entry names the item (gsi1), then the full item."""
    found = _call(
        "query",
        TableName=table(),
        IndexName="gsi1",
        KeyConditionExpression="g1pk = :p AND g1sk = :m",
        ExpressionAttributeValues=to_attrs({":p": keys.memories_index_pk(tenant, account), ":m": memory_id}),
        ProjectionExpression="pk, sk",
    ).get("Items", [])
    if not found:
        return None
    out = _call("get_item", TableName=table(), Key={"pk": found[0]["pk"], "sk": found[0]["sk"]})
    return _item_to_memory(out["Item"]) if "Item" in out else None


@guarded
def get_memories(tenant: str, account: str, memories: list[Memory]) -> list[Memory]:
    """Full items for memories read from the index (BatchGetItem, 100 at a time), same order."""
    wanted = {m.memory_id: memory_key(tenant, account, m) for m in memories}
    got: dict[str, Memory] = {}
    pending = list(wanted.values())
    while pending:
        batch, pending = pending[:100], pending[100:]
        request: dict[str, Any] = {table(): {"Keys": batch}}
        while request:
            out = _call("batch_get_item", RequestItems=request)
            for item in out.get("Responses", {}).get(table(), []):
                mem = _item_to_memory(item)
                got[mem.memory_id] = mem
            request = out.get("UnprocessedKeys") or {}
    return [got[m.memory_id] for m in memories if m.memory_id in got]


@guarded
def list_memories(tenant: str, account: str) -> list[Memory]:
    """Every memory of the account as its index projection holds it (small: no evidence or provenance)."""
    items = _query_all(
        IndexName="gsi1",
        KeyConditionExpression="g1pk = :p",
        ExpressionAttributeValues=to_attrs({":p": keys.memories_index_pk(tenant, account)}),
    )
    return [_item_to_memory(i) for i in items]


# ---------------------------------------------------------------- memory writes


def _change_item(tenant: str, account: str, kind: str, memory_id: str | None, at: datetime, unique: str) -> dict:
    return {
        "Put": {
            "TableName": table(),
            "Item": to_attrs(
                {
                    "pk": keys.changes_pk(tenant, account),
                    "sk": unique,
                    "type": "CHANGE",
                    "g2pk": keys.feed_index_pk(tenant, account),
                    "g2sk": keys.feed_sk(_ms(at), unique),
                    "changes": [{"kind": kind, "memory_id": memory_id}],
                    "at": iso(at),
                }
            ),
        }
    }


@guarded
def put_memory(tenant: str, account: str, m: Memory, new_subjects: list[tuple[str, str]]) -> None:
    """A new memory (append), with its change entry, in one transaction."""
    ops = [
        {"Put": {"TableName": table(), "Item": _memory_to_item(tenant, account, m),
                 "ConditionExpression": "attribute_not_exists(pk)"}},
        _change_item(tenant, account, "ADD", m.memory_id, m.recorded_at, f"{m.memory_id}.add"),
    ]
    ops += [_subject_update(tenant, account, s, d, m.recorded_at) for s, d in new_subjects]
    _call("transact_write_items", TransactItems=ops)


@guarded
def revise_memory(tenant: str, account: str, m: Memory, content: str, at: datetime,
                  embedding: list[float] | None = None) -> None:
    """Close the open revision (kept as an item) and open a new one; guarded by the revision number."""
    opened = m.revision_opened[-1] if m.revision_opened else m.recorded_at
    values = to_attrs({":c": content, ":n": m.revision + 1, ":t": iso(at), ":r": m.revision, ":e": [],
                       ":o": [iso(at)]})
    set_vector = ""
    if embedding:  # the new content's embedding replaces the old one
        ((attr, value),) = _embedding_attrs(embedding).items()
        set_vector, values[":v"] = f", {attr} = :v", value
    rev = {
        "pk": keys.revisions_pk(tenant, account),
        "sk": keys.revision_sk(m.memory_id, m.revision),
        "type": "REVISION",
        "memory_id": m.memory_id,
        "n": m.revision,
        "content": m.content,
        "opened_at": iso(opened),
        "closed_at": iso(at),
    }
    _call(
        "transact_write_items",
        TransactItems=[
            {"Put": {"TableName": table(), "Item": to_attrs(rev), "ConditionExpression": "attribute_not_exists(pk)"}},
            {
                "Update": {
                    "TableName": table(),
                    "Key": memory_key(tenant, account, m),
                    "UpdateExpression": "SET content = :c, revision = :n, updated_at = :t, "
                    "revision_opened = list_append(if_not_exists(revision_opened, :e), :o)" + set_vector,
                    "ConditionExpression": "revision = :r",
                    "ExpressionAttributeValues": values,
                }
            },
            _change_item(tenant, account, "UPDATE", m.memory_id, at, f"{m.memory_id}.rev{m.revision + 1}"),
        ],
    )


@guarded
def get_revisions(tenant: str, account: str, memory_id: str) -> list[dict[str, Any]]:
    items = _query_all(
        KeyConditionExpression="pk = :p AND begins_with(sk, :s)",
        ExpressionAttributeValues=to_attrs({":p": keys.revisions_pk(tenant, account), ":s": f"{memory_id}#"}),
    )
    return [_strip(from_attrs(i)) for i in items]


@guarded
def delete_memory(tenant: str, account: str, m: Memory, at: datetime) -> None:
    """Forget: erase content and value, keep a tombstone for lineage; closed revisions are deleted."""
    revisions = get_revisions(tenant, account, m.memory_id)
    ops: list[dict[str, Any]] = [
        {
            "Update": {
                "TableName": table(),
                "Key": memory_key(tenant, account, m),
                "UpdateExpression": "SET content = :e, deleted_at = :t, updated_at = :t REMOVE embedding, vec",
                "ConditionExpression": "attribute_not_exists(deleted_at)",
                "ExpressionAttributeValues": to_attrs({":e": "", ":t": iso(at)}),
            }
        },
        _change_item(tenant, account, "DELETE", m.memory_id, at, f"{m.memory_id}.del"),
    ]
    ops += [
        {"Delete": {"TableName": table(), "Key": to_attrs({"pk": keys.revisions_pk(tenant, account),
                                                           "sk": keys.revision_sk(m.memory_id, r["n"])})}}
        for r in revisions
    ]
    _call("transact_write_items", TransactItems=ops[:100])


@guarded
def retract_memories(tenant: str, account: str, memories: list[Memory], correction: dict[str, Any], at: datetime,
                     record_sk: str | None) -> None:
    """Mark readings as taken back (kept, hidden from history); a new correction is kept for rebuild."""
    ops: list[dict[str, Any]] = []
    if record_sk is not None:
        record = {"pk": keys.account_pk(tenant, account), "sk": record_sk, "type": "CORRECTION", **correction}
        ops.append({"Put": {"TableName": table(), "Item": to_attrs(record),
                            "ConditionExpression": "attribute_not_exists(pk)"}})
    for m in memories:
        ops.append(
            {
                "Update": {
                    "TableName": table(),
                    "Key": memory_key(tenant, account, m),
                    "UpdateExpression": "SET retracted = :c, updated_at = :t",
                    "ExpressionAttributeValues": to_attrs(
                        {":c": {"at": iso(at), "by": correction["by"], "reason": correction["reason"]},
                         ":t": iso(at)}
                    ),
                }
            }
        )
        ops.append(_change_item(tenant, account, "CORRECTED", m.memory_id, at, f"{m.memory_id}.cor.{_ms(at)}"))
    for start in range(0, len(ops), 100):
        _call("transact_write_items", TransactItems=ops[start : start + 100])


@guarded
def list_corrections(tenant: str, account: str) -> list[dict[str, Any]]:
    items = _query_all(
        KeyConditionExpression="pk = :p AND begins_with(sk, :s)",
        ExpressionAttributeValues=to_attrs({":p": keys.account_pk(tenant, account), ":s": keys.CORRECTION_PREFIX}),
    )
    return [_strip(from_attrs(i)) for i in items]


# ---------------------------------------------------------------- change feed


@guarded
def query_feed(tenant: str, account: str, after_sk: str | None, until_sk: str, limit: int) -> list[dict[str, Any]]:
    """Feed entries after a cursor (inclusive) and up to a settle point, oldest first (gsi2).

    Merges the account's feed with the tenant's (setting changes): one Query each.
    """
    entries: list[dict[str, Any]] = []
    for feed_pk in (keys.feed_index_pk(tenant, account), keys.tenant_feed_pk(tenant)):
        values = {":p": feed_pk, ":u": until_sk}
        cond = "g2pk = :p AND g2sk <= :u"
        if after_sk:
            cond = "g2pk = :p AND g2sk BETWEEN :a AND :u"
            values[":a"] = after_sk
        out = _call("query", TableName=table(), IndexName="gsi2", KeyConditionExpression=cond,
                    ExpressionAttributeValues=to_attrs(values), Limit=limit)
        entries += [from_attrs(i) for i in out.get("Items", [])]
    return sorted(entries, key=lambda e: e["g2sk"])[:limit]


def as_date(value: str | date) -> date:
    return value if isinstance(value, date) else date.fromisoformat(value)


# ---------------------------------------------------------------- usage (retrieved / used / ignored)


@guarded
def count_usage(tenant: str, account: str, kind: str, memory_ids: list[str]) -> None:
    """Add one to `kind` (retrieved, used, ignored) of each memory: a single UpdateItem per call."""
    if not memory_ids:
        return
    names = {f"#m{i}": f"{kind[0]}_{mid}" for i, mid in enumerate(dict.fromkeys(memory_ids))}
    _call(
        "update_item",
        TableName=table(),
        Key=to_attrs({"pk": keys.account_pk(tenant, account), "sk": keys.USAGE_SK}),
        UpdateExpression="ADD " + ", ".join(f"{n} :one" for n in names),
        ExpressionAttributeNames=names,
        ExpressionAttributeValues=to_attrs({":one": 1}),
    )


@guarded
def get_usage(tenant: str, account: str, memory_id: str) -> dict[str, int]:
    names = {"#r": f"r_{memory_id}", "#u": f"u_{memory_id}", "#i": f"i_{memory_id}"}
    out = _call(
        "get_item",
        TableName=table(),
        Key=to_attrs({"pk": keys.account_pk(tenant, account), "sk": keys.USAGE_SK}),
        ProjectionExpression="#r, #u, #i",
        ExpressionAttributeNames=names,
    )
    data = from_attrs(out.get("Item", {}))
    return {"retrieved": int(data.get(names["#r"], 0)), "used": int(data.get(names["#u"], 0)),
            "ignored": int(data.get(names["#i"], 0))}


@guarded
def get_events(tenant: str, account: str, event_ids: list[str]) -> dict[str, Event]:
    """Items by id (BatchGetItem); missing ids are absent from the result."""
    out: dict[str, Event] = {}
    pk = keys.account_pk(tenant, account)
    wanted = [to_attrs({"pk": pk, "sk": keys.event_sk(e)}) for e in dict.fromkeys(event_ids)]
    for start in range(0, len(wanted), 100):
        request: dict[str, Any] = {table(): {"Keys": wanted[start : start + 100]}}
        while request:
            res = _call("batch_get_item", RequestItems=request)
            for item in res.get("Responses", {}).get(table(), []):
                ev = event_from_item(from_attrs(item))[2]
                out[ev.event_id] = ev
            request = res.get("UnprocessedKeys") or {}
    return out


# ---------------------------------------------------------------- rebuild jobs


def _rebuild_key(tenant: str, account: str) -> dict[str, Any]:
    return to_attrs({"pk": keys.account_pk(tenant, account), "sk": keys.REBUILD_SK})


@guarded
def get_rebuild(tenant: str, account: str) -> dict[str, Any] | None:
    out = _call("get_item", TableName=table(), Key=_rebuild_key(tenant, account), ConsistentRead=True)
    return _strip(from_attrs(out["Item"])) if "Item" in out else None


@guarded
def start_rebuild(tenant: str, account: str, generation: int, at: datetime) -> dict[str, Any]:
    """Open the gate (503), bump the generation and write the job, in one transaction."""
    job = {"type": "REBUILD", "status": "running", "generation": generation, "started_at": iso(at),
           "updated_at": iso(at), "items_read": 0, "tenant": tenant, "account": account}
    _call(
        "transact_write_items",
        TransactItems=[
            {
                "Update": {
                    "TableName": table(),
                    "Key": to_attrs({"pk": keys.account_pk(tenant, account), "sk": keys.ACCOUNT_SK}),
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
def save_rebuild_cursor(tenant: str, account: str, generation: int, cursor: str | None, items_read: int,
                        at: datetime) -> None:
    """Save progress; the write is a MODIFY on the stream, which delivers the job again to continue it."""
    values: dict[str, Any] = {":g": generation, ":n": items_read, ":t": iso(at), ":r": "running"}
    expr = "SET items_read = :n, updated_at = :t"
    if cursor:
        expr += ", #c = :c"
        values[":c"] = cursor
    _call(
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
    _call(
        "transact_write_items",
        TransactItems=[
            {
                "Update": {
                    "TableName": table(),
                    "Key": _rebuild_key(tenant, account),
                    "UpdateExpression": "SET #s = :d, finished_at = :t, updated_at = :t, items_read = :n",
                    "ConditionExpression": "generation = :g",
                    "ExpressionAttributeNames": {"#s": "status"},
                    "ExpressionAttributeValues": to_attrs({":d": "done", ":t": iso(at), ":n": items_read,
                                                           ":g": generation}),
                }
            },
            {
                "Update": {
                    "TableName": table(),
                    "Key": to_attrs({"pk": keys.account_pk(tenant, account), "sk": keys.ACCOUNT_SK}),
                    "UpdateExpression": "REMOVE rebuilding_since",
                    "ConditionExpression": "generation = :g",
                    "ExpressionAttributeValues": to_attrs({":g": generation}),
                }
            },
        ],
    )


# ---------------------------------------------------------------- vector index (RetrievalBackend=vector)


@guarded
def search_vectors(tenant: str, account: str, vector: list[float], top_k: int) -> list[tuple[dict[str, Any], float]]:
    """The account's nearest memories by the vector index: (table key, cosine distance), nearest first."""
    out = _call(
        "search_vectors",
        TableName=table(),
        IndexName=VECTOR_INDEX,
        SearchVector=[{"N": f"{x:.7g}"} for x in vector],
        TopK=top_k,
        SearchConditionExpression="g1pk = :p",
        ExpressionAttributeValues=to_attrs({":p": keys.memories_index_pk(tenant, account)}),
        ProjectionExpression="pk, sk",
    )
    return [({"pk": r["Item"]["pk"], "sk": r["Item"]["sk"]}, float(r["Score"])) for r in out.get("SearchResults", [])]


@guarded
def get_memories_by_key(table_keys: list[dict[str, Any]]) -> list[Memory]:
    """Full memory items by table key (BatchGetItem), in the order given."""
    got: dict[tuple[str, str], Memory] = {}
    for start in range(0, len(table_keys), 100):
        request: dict[str, Any] = {table(): {"Keys": table_keys[start : start + 100]}}
        while request:
            res = _call("batch_get_item", RequestItems=request)
            for item in res.get("Responses", {}).get(table(), []):
                got[(item["pk"]["S"], item["sk"]["S"])] = _item_to_memory(item)
            request = res.get("UnprocessedKeys") or {}
    return [got[(k["pk"]["S"], k["sk"]["S"])] for k in table_keys if (k["pk"]["S"], k["sk"]["S"]) in got]


# ---------------------------------------------------------------- maintenance


@guarded
def tenants_with_retention() -> list[tuple[str, int]]:
    """(tenant, retention_days) of every tenant that set an age-based retention (gsi1)."""
    items = _query_all(IndexName="gsi1", KeyConditionExpression="g1pk = :p",
                       ExpressionAttributeValues=to_attrs({":p": keys.RETENTION_INDEX_PK}))
    out = []
    for data in map(from_attrs, items):
        days = (data.get("settings") or {}).get("retention_days")
        if days:
            out.append((str(data["tenant"]), int(days)))
    return out


@guarded
def list_accounts(tenant: str) -> list[str]:
    items = _query_all(IndexName="gsi1", KeyConditionExpression="g1pk = :p",
                       ExpressionAttributeValues=to_attrs({":p": keys.tenant_accounts_index_pk(tenant)}))
    return [str(from_attrs(i)["g1sk"]) for i in items]
