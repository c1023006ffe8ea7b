"""The client, item (de)serialisation, call counting and the throttling guard shared by the store."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from decimal import Decimal
from functools import wraps
from typing import Any, TypeVar

from twinmem import warm
from twinmem.config import settings
from twinmem.errors import Conflict, Unavailable

_client: Any = None
_serializer: Any = None


THROTTLE_CODES = {
    "ProvisionedThroughputExceededException",
    "ThrottlingException",
    "RequestLimitExceeded",
    "LimitExceededException",
}
# what DynamoDB (or a proxy before it) answers when the failure is on its side and a retry may pass
TRANSIENT_CODES = {
    "InternalServerError",
    "InternalFailure",
    "ServiceUnavailable",
    "RequestTimeout",
    "RequestTimeoutException",
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
            endpoint_url=settings().dynamodb_endpoint,
            # 4 tries in all (botocore's `max_attempts` counts retries: 4 there was 5 tries), read timeout 2 s:
            # a call that keeps timing out, or keeps being throttled (backoff ≤ 1 + 2 + 4 s), ends in a 503
            # well within the API functions' 10 s, never in a Lambda timeout (a 500 at API Gateway)
            config=Config(retries={"mode": "standard", "total_max_attempts": 4}, connect_timeout=1, read_timeout=2),
        )
    return _client


@warm.register
def reset() -> None:
    """Forget the cached client (tests switch moto on and off)."""
    global _client
    _client = None


def table() -> str:
    return settings().table_name


def _ser() -> Any:
    global _serializer
    if _serializer is None:
        from boto3.dynamodb.types import TypeSerializer

        _serializer = TypeSerializer()
    return _serializer


def to_attrs(plain: dict[str, Any]) -> dict[str, Any]:
    """A plain dict (JSON-able, floats allowed) to DynamoDB attribute values; None values dropped."""
    ser = _ser()
    clean = json.loads(json.dumps({k: v for k, v in plain.items() if v is not None}), parse_float=Decimal)
    # empty strings, lists and maps are left out of items (smaller), kept as expression values
    return {
        k: ser.serialize(v) for k, v in clean.items() if k.startswith(":") or k == "content" or v not in ("", [], {})
    }


def stream_image(record: dict[str, Any]) -> dict[str, Any]:
    """The new image of a DynamoDB stream record, as a plain dict (empty for a removal)."""
    return from_attrs(record.get("dynamodb", {}).get("NewImage") or {})


def from_attrs(item: dict[str, Any]) -> dict[str, Any]:
    """DynamoDB attribute values to plain Python: numbers as int or float, sets as lists, binary as bytes.

    Hand-written rather than boto3's TypeDeserializer (Decimals, then converted): ~10× faster, and
    retrieve decodes every index entry of the account."""
    return {k: _decode(v) for k, v in item.items()}


def _number(text: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        x = float(Decimal(text))
        return int(x) if x.is_integer() else x


def _decode(value: dict[str, Any]) -> Any:
    ((kind, x),) = value.items()
    if kind == "S":
        return x
    if kind == "N":
        return _number(x)
    if kind == "M":
        return {k: _decode(v) for k, v in x.items()}
    if kind == "L":
        return [_decode(v) for v in x]
    if kind == "BOOL":
        return bool(x)
    if kind == "NULL":
        return None
    if kind == "B":
        return bytes(x)
    if kind == "NS":
        return [_number(n) for n in x]
    if kind == "SS":
        return list(x)
    if kind == "BS":
        return [bytes(b) for b in x]
    raise ValueError(f"unknown DynamoDB type {kind}")


def error_code(exc: Exception) -> str:
    response = getattr(exc, "response", None) or {}
    return str(response.get("Error", {}).get("Code", ""))


def cancellation_reasons(exc: Exception) -> list[str]:
    """Why each action of a cancelled transaction failed, in the order of the actions (`None` for an
    action that did not); empty for any other error."""
    reasons = (getattr(exc, "response", None) or {}).get("CancellationReasons", [])
    return [str(r.get("Code")) for r in reasons]


def unavailable(exc: Exception) -> Unavailable | None:
    """The 503 a client should see for a DynamoDB failure that a later try can get past, else None.

    Throttling that survived botocore's retries, transaction conflicts, and transient failures that did
    too (a 5xx from DynamoDB, a connection reset or timed out): the call did not take effect, so the
    client retries after Retry-After. Nothing else (a bug stays a 500, with its log).
    """
    code = error_code(exc)
    reasons = set(cancellation_reasons(exc))
    if code in THROTTLE_CODES or reasons & {"ThrottlingError", "ProvisionedThroughputExceeded"}:
        return Unavailable("at capacity, retry later", retry_after=2)
    if code in ("TransactionConflictException", "TransactionInProgressException") or "TransactionConflict" in reasons:
        return Unavailable("busy with a concurrent change, retry", retry_after=1)
    status = (getattr(exc, "response", None) or {}).get("ResponseMetadata", {}).get("HTTPStatusCode", 0)
    if code in TRANSIENT_CODES or (isinstance(status, int) and status >= 500):
        return Unavailable("the database is briefly unavailable, retry", retry_after=1)
    if type(exc).__module__.startswith("botocore"):
        from botocore.exceptions import ConnectionError as BotoConnectionError
        from botocore.exceptions import HTTPClientError

        if isinstance(exc, HTTPClientError | BotoConnectionError):  # reset, closed, timed out, refused
            return Unavailable("the database is briefly unavailable, retry", retry_after=1)
    return None


def guarded(fn: F) -> F:
    """Map what DynamoDB says to what a client can act on.

    What a later try can get past (throttling, conflicts, transient failures: `unavailable`) becomes a
    503 to retry; a condition that failed (someone changed the item meanwhile) becomes a 409.
    """

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except Exception as exc:
            busy = unavailable(exc)
            if busy is not None:
                raise busy from exc
            failed = error_code(exc) == "ConditionalCheckFailedException"
            if failed or "ConditionalCheckFailed" in cancellation_reasons(exc):
                raise Conflict("it changed meanwhile: read it again and retry") from exc
            raise

    return wrapper  # type: ignore[return-value]


# calls are counted by listeners (bench and tests)
_listeners: list[Callable[[str, dict[str, Any]], None]] = []


def on_call(listener: Callable[[str, dict[str, Any]], None]) -> Callable[[], None]:
    """Register a listener called with (operation, params) before each DynamoDB call; returns remove."""
    _listeners.append(listener)
    return lambda: _listeners.remove(listener)


ONE_TABLE_OPERATIONS = {"get_item", "put_item", "update_item", "delete_item", "query", "search_vectors"}


def call(operation: str, **params: Any) -> Any:
    """One DynamoDB call, seen by the listeners first; an operation on one table is on this service's table."""
    if operation in ONE_TABLE_OPERATIONS:
        params.setdefault("TableName", table())
    for listener in _listeners:
        listener(operation, params)
    return getattr(client(), operation)(**params)


def query_all(**params: Any) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    while True:
        out = call("query", **params)
        items.extend(out.get("Items", []))
        if "LastEvaluatedKey" not in out:
            return items
        params["ExclusiveStartKey"] = out["LastEvaluatedKey"]


def batch_get(table_keys: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The items with these keys (BatchGetItem, 100 a call, unprocessed keys asked again); missing ones left out."""
    items: list[dict[str, Any]] = []
    for start in range(0, len(table_keys), 100):
        request: dict[str, Any] = {table(): {"Keys": table_keys[start : start + 100]}}
        while request:
            res = call("batch_get_item", RequestItems=request)
            items += res.get("Responses", {}).get(table(), [])
            request = res.get("UnprocessedKeys") or {}
    return items


def query_prefix(pk: str, prefix: str, **params: Any) -> list[dict[str, Any]]:
    """Every item of a partition whose sort key begins with a prefix (all pages)."""
    return query_all(
        KeyConditionExpression="pk = :p AND begins_with(sk, :s)",
        ExpressionAttributeValues=to_attrs({":p": pk, ":s": prefix}),
        **params,
    )


def key(pk: str, sk: str) -> dict[str, Any]:
    """An item's key, as DynamoDB takes it."""
    return to_attrs({"pk": pk, "sk": sk})


def strip(data: dict[str, Any]) -> dict[str, Any]:
    for k in ("pk", "sk", "type", "g1pk", "g1sk", "g2pk", "g2sk", "ttl"):
        data.pop(k, None)
    return data


def ms(at: datetime) -> int:
    return int(at.timestamp() * 1000)


def use_client(value: Any) -> None:
    """Use this DynamoDB client from now on (tests: a Stubber-backed one); reset() forgets it."""
    global _client
    _client = value
