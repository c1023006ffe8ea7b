"""moto 5.2.5, made to cost what the work costs (not what the table holds), for `make run`, tests and bench.

What moto does, and what this module does instead (same answers, same errors, same stream records):

- TransactWriteItems deep-copies every table it names, once per operation, before it starts (its
  rollback), stream records included: O(table) time and memory per transaction, garbage for the
  cyclic collector. Here: an undo log of the items the operations touch (a copy of each before it
  is first touched) and the stream's length; on failure those items are put back and the records
  added since are dropped. The operations themselves run through moto's own code, in the same
  order, so conditions, CancellationReasons (codes in order, ReturnValuesOnConditionCheckFailure
  items), validation errors and the stream records written are moto's. (moto's rollback also
  replaced the Table object, orphaning every shard iterator: no longer.)
- Query sorts the whole table (`all_items`) for every call, and a projected index entry converts the
  whole item once per projected attribute. Here: a table Query reads its one partition; an index
  Query filters the table unsorted (the result is sorted by the index's full key anyway); an item
  is converted once per projection. Same items, same order, same pages.
- The stream's shard keeps every record forever, and every GetRecords leaves a new shard iterator
  behind for good. Here: iterators expire 15 minutes after they were issued, as DynamoDB's do
  (ExpiredIteratorException), a GetRecords that finds nothing returns the iterator it was given,
  and records are trimmed once every open iterator (issued, not yet used, not expired) is past
  them, but for the latest TRIM_KEEP (DynamoDB keeps 24 hours: a bound, not a clock); reading
  trimmed records raises TrimmedDataAccessException, as DynamoDB does past 24 hours.
- Every item of a response goes through moto's model-driven serialiser, attribute by attribute (~1 ms
  an item, most of a Query's time). Here: DynamoDB's AttributeValue is written directly, with the
  same rules (strings str(), blobs base64, None left out).
- moto keeps every model instance it ever made (BaseModel.__new__ appends it to a list on its class,
  for its /moto-api page): every item a Query copies or projects, every stream record, every shard
  iterator, forever. Here: items, stream records and shard iterators are not registered.
- moto is not thread-safe: every request moto answers runs under infra.local.concurrency.LOCK, and
  a thread that already holds it gives waiting threads their turn first (see that module).

`apply()` installs all of it (idempotent; environment.start calls it), `revert()` takes it out
(tests compare both). Importing this module fails loudly on any moto version but the pinned one.
"""

from __future__ import annotations

import copy
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import version
from typing import Any

PINNED = "5.2.5"
_found = version("moto")
if _found != PINNED:
    raise RuntimeError(
        f"infra.local.motofix patches moto {PINNED} internals, but moto {_found} is installed: "
        f"re-check moto's transact_write_items, Table.query, Item.project, StreamShard and the "
        f"dynamodbstreams backend against this module, then update PINNED (and pyproject.toml)."
    )

from botocore.utils import merge_dicts  # noqa: E402
from moto.core.botocore_stubber import BotocoreStubber  # noqa: E402
from moto.core.exceptions import JsonRESTError  # noqa: E402
from moto.core.serialize import BaseJSONSerializer  # noqa: E402
from moto.dynamodb.comparisons import get_filter_expression  # noqa: E402
from moto.dynamodb.exceptions import (  # noqa: E402
    ConditionalCheckFailed,
    MockValidationException,
    MultipleTransactionsException,
    TooManyTransactionsException,
    TransactionCanceledException,
    TransactWriteSingleOpException,
)
from moto.dynamodb.models import DynamoDBBackend  # noqa: E402
from moto.dynamodb.models.dynamo_type import DynamoType, Item  # noqa: E402
from moto.dynamodb.models.table import StreamRecord, StreamShard, Table  # noqa: E402
from moto.dynamodb.models.utilities import bytesize, find_nested_key  # noqa: E402
from moto.dynamodbstreams.models import DynamoDBStreamsBackend, ShardIterator  # noqa: E402

from infra.local.concurrency import LOCK  # noqa: E402

ITERATOR_TTL_S = 15 * 60  # DynamoDB: a shard iterator expires 15 minutes after it is returned
MAX_ITERATORS = 10_000  # and never more than this many kept, oldest dropped first
TRIM_MIN = 64  # trim when at least this many records (or all of them) are behind every reader
TRIM_KEEP = 1_000  # and keep this many of the latest read ones (a new TRIM_HORIZON reader still sees them)

_originals: dict[tuple[type, str], Any] = {}


# --------------------------------------------------------------------------- TransactWriteItems


class _UndoLog:
    """What a transaction touched: each item as it was before, and each stream's length."""

    def __init__(self) -> None:
        self.items: list[tuple[Table, DynamoType, DynamoType | None, Item | None, bool]] = []
        self.seen: set[tuple[int, Any, Any]] = set()
        self.streams: list[tuple[StreamShard, int]] = []

    def table(self, table: Table) -> None:
        shard = table.stream_shard
        if shard is not None and all(s is not shard for s, _ in self.streams):
            self.streams.append((shard, len(shard.items)))

    def item(self, backend: DynamoDBBackend, table_name: str, key: dict[str, Any]) -> None:
        try:
            table = backend.get_table(table_name)
            hash_value, range_value = backend.get_keys_value(table, key)
        except Exception:  # the operation fails on the same lookup, before it writes anything
            return
        marker = (id(table), hash_value, range_value)
        if marker in self.seen:
            return
        self.seen.add(marker)
        had_partition = hash_value in table.items
        current = table.get_item(hash_value, range_value) if had_partition else None
        self.items.append((table, hash_value, range_value, copy.deepcopy(current), had_partition))

    def undo(self) -> None:
        for table, hash_value, range_value, before, had_partition in reversed(self.items):
            if table.range_key_attr is not None:
                partition = table.items[hash_value]
                if before is None:
                    partition.pop(range_value, None)
                else:
                    partition[range_value] = before
                if not partition and not had_partition:
                    del table.items[hash_value]
            elif before is None:
                table.items.pop(hash_value, None)
            else:
                table.items[hash_value] = before  # type: ignore[assignment]
        for shard, length in self.streams:
            del shard.items[length:]


def transact_write_items(self: DynamoDBBackend, transact_items: list[dict[str, Any]]) -> None:
    """moto's transact_write_items with an undo log in place of its whole-table copies."""
    if len(transact_items) > 100:
        raise TooManyTransactionsException()
    undo = _UndoLog()
    for item in transact_items:
        _, op = next(iter(item.items()))
        table_name = op.get("TableName")
        if table_name and table_name in self.tables:
            table = self.tables[table_name]
            if table.lambda_event_source_mappings:  # moto may empty the shard itself: keep its own way
                return _originals[(DynamoDBBackend, "transact_write_items")](self, transact_items)  # type: ignore[no-any-return]
            undo.table(table)

    target_items: set[tuple[str, str]] = set()

    def check_unicity(table_name: str, key: dict[str, Any]) -> None:
        item = (str(table_name), str(dict(sorted(key.items()))))
        if item in target_items:
            raise MultipleTransactionsException()
        target_items.add(item)

    errors: list[tuple[str, str, dict[str, Any]] | tuple[None, None, None]] = []
    for item in transact_items:
        original_item: dict[str, Any] | None = None
        if len(list(item.keys())) > 1:
            raise TransactWriteSingleOpException

        try:
            op_type, op = next(iter(item.items()))
            if op_type not in {"ConditionCheck", "Put", "Delete", "Update"}:
                raise ValueError("Unsupported transaction operation")

            table_name = op["TableName"]
            condition_expression = op.get("ConditionExpression")
            expression_attribute_names = op.get("ExpressionAttributeNames")
            expression_attribute_values = op.get("ExpressionAttributeValues")
            return_values_on_condition_check_failure = op.get("ReturnValuesOnConditionCheckFailure")

            if op_type == "Put":
                attrs = op["Item"]
                table = self.get_table(table_name)
                key = {table.hash_key_attr: attrs[table.hash_key_attr]}
                if table.range_key_attr is not None:
                    key[table.range_key_attr] = attrs[table.range_key_attr]
            else:
                key = op["Key"]

            check_unicity(table_name, key)
            undo.item(self, table_name, key)

            current = self.get_item(table_name, key)
            if condition_expression is not None:
                condition_op = get_filter_expression(
                    condition_expression, expression_attribute_names, expression_attribute_values
                )
                if not condition_op.expr(current):
                    if return_values_on_condition_check_failure == "ALL_OLD" and current:
                        original_item = current.to_json()["Attributes"]
                    raise ConditionalCheckFailed(item=original_item)

            if op_type == "Put":
                attrs = op["Item"]
                self.put_item(
                    table_name,
                    attrs,
                    condition_expression=condition_expression,
                    expression_attribute_names=expression_attribute_names,
                    expression_attribute_values=expression_attribute_values,
                )
            elif op_type == "Delete":
                self.delete_item(
                    table_name,
                    key,
                    condition_expression=condition_expression,
                    expression_attribute_names=expression_attribute_names,
                    expression_attribute_values=expression_attribute_values,
                )
            elif op_type == "Update":
                update_expression = op["UpdateExpression"]
                self.update_item(
                    table_name,
                    key,
                    update_expression=update_expression,
                    condition_expression=condition_expression,
                    expression_attribute_names=expression_attribute_names,
                    expression_attribute_values=expression_attribute_values,
                )
            errors.append((None, None, None))
        except (MultipleTransactionsException, MockValidationException):
            undo.undo()
            raise
        except ConditionalCheckFailed as e:
            errors.append(("ConditionalCheckFailed", str(e.message), original_item))  # type: ignore[arg-type]
        except Exception as e:  # moto records any other failure as the operation's reason
            errors.append((type(e).__name__, str(e), original_item))  # type: ignore[arg-type]

    if any(code is not None for code, _, _ in errors):
        undo.undo()
        raise TransactionCanceledException(errors)
    return None


# --------------------------------------------------------------------------- Query and projections


def project(self: Item, projection_expressions: list[list[str]]) -> Item:
    """moto's Item.project, without converting the whole item once per projected path.

    moto turns the whole item into plain Python (TypeDeserializer) for every path, picks the path, and
    turns the result back (TypeSerializer) into a new Item whose every attribute re-checks the 400 KB
    limit over the whole item (O(attributes²)). For top-level names (an index's projection) this does
    the same round trip for the attributes asked for only, in the order asked, strings (for which the
    round trip is the identity) copied as they are; a projection holds part of an item that passed
    the size check, so it is built without it. Nested paths go through moto's own conversion."""
    from moto.dynamodb.models.dynamo_type import LimitedSizeDict, deserializer, serializer

    if all(len(expr) == 1 and "[" not in expr[0] for expr in projection_expressions):
        attrs: dict[str, Any] = {}
        for (name,) in projection_expressions:
            value = self.attrs.get(name)
            if value is None or name in attrs:
                continue
            if value.type == "S" and isinstance(value.value, str):
                attrs[name] = {"S": value.value}
            else:
                attrs[name] = serializer.serialize(deserializer.deserialize(value.to_regular_json()))
    else:
        result: dict[str, Any] = {}
        regular = self.to_regular_json()
        for expr in projection_expressions:
            merge_dicts(result, find_nested_key(expr, regular))
        attrs = serializer.serialize(result)["M"]
    out = Item.__new__(Item)
    out.hash_key, out.range_key = self.hash_key, self.range_key
    # dict.update does not go through LimitedSizeDict.__setitem__ (the check)
    out.attrs = LimitedSizeDict({k: DynamoType(v) for k, v in attrs.items()})
    return out


class _NoCopy:
    """Stands in for the `copy` module inside moto's Table.query: its results are only read (projected,
    filtered, serialised) within the same moto call, so the deep copy of every result is not needed."""

    @staticmethod
    def deepcopy(x: Any, memo: Any = None) -> Any:
        return x


_sizes: dict[int, tuple[Item, int]] | None = None  # Item.size() memo, only while a Query runs


def _value_size(t: str, v: Any) -> int:
    """DynamoType.size, without building a DynamoType for every member of every map and set."""
    if t == "N":
        return len(str(v))
    if t in ("SS", "NS", "BS"):
        return sum(_value_size(t[0], x) for x in v)
    if t == "L":
        return sum(_value_size(x.type, x.value) for x in v)
    if t == "M":
        return sum(bytesize(k) + _value_size(*_tv(x)) for k, x in v.items())
    if isinstance(v, bool):
        return 1
    return bytesize(v)


def _tv(x: Any) -> tuple[str, Any]:
    d = x if isinstance(x, DynamoType) else DynamoType(x)
    return d.type, d.value


def item_size(self: Item) -> int:
    """moto's Item.size (the same sum, see _value_size), computed once per item while a Query runs (its
    loop asks twice per result)."""
    if _sizes is not None:
        hit = _sizes.get(id(self))
        if hit is not None and hit[0] is self:
            return hit[1]
    size = sum(bytesize(key) + _value_size(value.type, value.value) for key, value in self.attrs.items())
    if _sizes is not None:
        _sizes[id(self)] = (self, size)
    return size


def query(self: Table, hash_key: DynamoType | None, *args: Any, **kwargs: Any) -> Any:
    """moto's Table.query, reading one partition (table) or the table unsorted (index), without copying
    its results, each item's size computed once."""
    global _sizes
    from moto.dynamodb.models import table as table_module

    index_name = kwargs.get("index_name") if "index_name" in kwargs else (args[6] if len(args) > 6 else None)
    original = _originals[(Table, "query")]
    if index_name:
        self.all_items = lambda: _unsorted_items(self)  # type: ignore[method-assign]
    elif hash_key is not None:
        self.all_items = lambda: _partition(self, hash_key)  # type: ignore[method-assign]
    _sizes, table_module.copy = {}, _NoCopy  # type: ignore[assignment]
    try:
        return original(self, hash_key, *args, **kwargs)
    finally:
        _sizes, table_module.copy = None, copy
        self.__dict__.pop("all_items", None)


def sorted_items(
    self: Table, hash_key_attrs: list[str], range_key_attrs: list[str | None], items: list[Item]
) -> list[Item]:
    """moto's Table.sorted_items, comparing the keys' cast values (what DynamoType's == and < compare)
    instead of DynamoType objects, each computed once."""
    attrs = self._generate_attr_to_sort_by(hash_key_attrs, range_key_attrs)
    items.sort(key=lambda x: tuple([x.attrs[key].cast_value for key in attrs]))
    return items


def _unsorted_items(table: Table) -> list[Item]:
    if table.range_key_attr:
        return [item for part in table.items.values() for item in part.values()]
    return list(table.items.values())  # type: ignore[arg-type]


def _partition(table: Table, hash_key: DynamoType) -> list[Item]:
    if hash_key not in table.items:  # a plain lookup: never adds an empty partition
        return []
    part = table.items[hash_key]
    if table.range_key_attr:
        return sorted(part.values(), key=lambda x: x.range_key)  # type: ignore[arg-type, return-value]
    return [part]  # type: ignore[list-item]


# --------------------------------------------------------------------------- the stream


class ExpiredIteratorException(JsonRESTError):
    def __init__(self) -> None:
        super().__init__(
            "ExpiredIteratorException",
            "Iterator expired. The iterator was created more than 15 minutes ago, or is not one this stream issued.",
        )


class TrimmedDataAccessException(JsonRESTError):
    def __init__(self) -> None:
        super().__init__(
            "TrimmedDataAccessException", "The operation attempted to read past the oldest stream record in a shard."
        )


def _iterator_init(self: ShardIterator, *args: Any, **kwargs: Any) -> None:
    _originals[(ShardIterator, "__init__")](self, *args, **kwargs)
    self._issued = time.monotonic()  # type: ignore[attr-defined]
    self._used = False  # type: ignore[attr-defined]


def _registry(backend: DynamoDBStreamsBackend) -> OrderedDict[str, ShardIterator]:
    """The backend's iterators, oldest first, with the expired (and the surplus) dropped."""
    its = backend.shard_iterators
    if not isinstance(its, OrderedDict):
        its = backend.shard_iterators = OrderedDict(its)  # type: ignore[assignment]
    now = time.monotonic()
    while its:
        first = next(iter(its.values()))
        if len(its) > MAX_ITERATORS or now - getattr(first, "_issued", now) > ITERATOR_TTL_S:
            its.popitem(last=False)
            continue
        break
    return its  # type: ignore[return-value]


def get_shard_iterator(self: DynamoDBStreamsBackend, *args: Any, **kwargs: Any) -> ShardIterator:
    _registry(self)
    return _originals[(DynamoDBStreamsBackend, "get_shard_iterator")](self, *args, **kwargs)  # type: ignore[no-any-return]


def get_records(self: DynamoDBStreamsBackend, iterator_arn: str, limit: int) -> dict[str, Any]:
    its = _registry(self)
    it = its.get(iterator_arn)
    if it is None:
        raise ExpiredIteratorException()
    shard = it.stream_shard
    if it.sequence_number < shard.starting_sequence_number:
        raise TrimmedDataAccessException()
    records = shard.get(it.sequence_number, limit)
    if not records:
        return {"NextShardIterator": iterator_arn, "Records": []}
    last = max(int(r["dynamodb"]["SequenceNumber"]) for r in records)
    nxt = ShardIterator(self, shard, "AFTER_SEQUENCE_NUMBER", last)
    its[nxt.arn] = nxt
    it._used = True  # type: ignore[attr-defined]
    _trim(its, shard)
    return {"NextShardIterator": nxt.arn, "Records": records}


def _trim(its: OrderedDict[str, ShardIterator], shard: StreamShard) -> None:
    """Drop the records every open iterator of this shard is past (none when nobody reads)."""
    frontier = [
        it.sequence_number for it in its.values() if it.stream_shard is shard and not getattr(it, "_used", True)
    ]
    if not frontier:
        return
    behind = min(min(frontier) - shard.starting_sequence_number, len(shard.items)) - TRIM_KEEP
    if behind > 0 and (behind >= TRIM_MIN or behind == len(shard.items)):
        if not hasattr(shard, "_first_sequence_number"):
            shard._first_sequence_number = shard.starting_sequence_number  # type: ignore[attr-defined]
        del shard.items[:behind]
        shard.starting_sequence_number += behind


def shard_to_json(self: StreamShard) -> dict[str, Any]:
    """The shard as described: its first sequence number ever, however much was trimmed since."""
    first = getattr(self, "_first_sequence_number", self.starting_sequence_number)
    return {"ShardId": self.id, "SequenceNumberRange": {"StartingSequenceNumber": str(first)}}


# --------------------------------------------------------------------------- responses


def _string(x: Any) -> Any:
    return str(x) if x not in [None, {}, []] else x  # moto's string serialiser, exactly


def _attribute_value(ser: BaseJSONSerializer, v: dict[str, Any]) -> dict[str, Any]:
    """An AttributeValue as moto's model-driven serialiser writes it (members in model order, None left
    out, blobs base64, strings str()), without walking the botocore model for every value."""
    out: dict[str, Any] = {}
    for name in _AV_MEMBERS:
        x = v.get(name)
        if x is None:
            continue
        if name in ("S", "N"):
            out[name] = _string(x)
        elif name == "B":
            out[name] = ser._base64(x)
        elif name in ("SS", "NS"):
            out[name] = [_string(i) for i in x]
        elif name == "BS":
            out[name] = [ser._base64(i) for i in x]
        elif name == "M":
            out[name] = {k: _attribute_value(ser, sub) for k, sub in x.items() if sub is not None}
        elif name == "L":
            out[name] = [None if sub is None else _attribute_value(ser, sub) for sub in x]
        else:  # NULL, BOOL
            out[name] = x
    return out


_AV_MEMBERS = ("S", "N", "B", "SS", "NS", "BS", "M", "L", "NULL", "BOOL")


def _serialize_type_structure(self: BaseJSONSerializer, serialized: Any, value: Any, shape: Any, key: str) -> None:
    """moto's JSON structure serialiser, with DynamoDB's AttributeValue (every item, every attribute) done
    directly: the generic walk costs ~1 ms per returned item, most of a Query's time."""
    if key and shape.name == "AttributeValue" and isinstance(value, dict) and tuple(shape.members) == _AV_MEMBERS:
        self._default_serialize(serialized, _attribute_value(self, value), shape, key)
        return
    _originals[(BaseJSONSerializer, "_serialize_type_structure")](self, serialized, value, shape, key)


def _serialize_type_map(self: BaseJSONSerializer, serialized: Any, value: Any, shape: Any, key: str) -> None:
    """moto's JSON map serialiser, with an item (a map of AttributeValues) done in one go."""
    member = shape.value
    if (
        member.name == "AttributeValue"
        and tuple(member.members) == _AV_MEMBERS
        and all(v is None or isinstance(v, dict) for v in value.values())
    ):
        out = {k: _attribute_value(self, v) for k, v in value.items() if v is not None}
        self._default_serialize(serialized, out, shape, key)
        return
    _originals[(BaseJSONSerializer, "_serialize_type_map")](self, serialized, value, shape, key)


# --------------------------------------------------------------------------- one moto call at a time


def process_request(self: BotocoreStubber, request: Any) -> Any:
    with LOCK.turn():
        return _originals[(BotocoreStubber, "process_request")](self, request)


# --------------------------------------------------------------------------- moto's instance registry


def _untracked_new(cls: type, *args: Any, **kwargs: Any) -> Any:
    """object.__new__, without moto's BaseModel.__new__ appending the instance to `cls.instances_tracked`.

    moto keeps every model instance it ever made in a list on its class (for its /moto-api/data.json
    page, unused here): every item a Query copies or projects, every stream record, every shard iterator
    lives as long as the process: the memory a retrieve added and never gave back."""
    return object.__new__(cls)


_UNTRACKED = (Item, StreamRecord, ShardIterator)


# --------------------------------------------------------------------------- install


_PATCHES: list[tuple[type, str, Any]] = [
    (DynamoDBBackend, "transact_write_items", transact_write_items),
    (Item, "project", project),
    (Table, "query", query),
    (Item, "size", item_size),
    (Table, "sorted_items", sorted_items),
    (ShardIterator, "__init__", _iterator_init),
    (DynamoDBStreamsBackend, "get_shard_iterator", get_shard_iterator),
    (DynamoDBStreamsBackend, "get_records", get_records),
    (StreamShard, "to_json", shard_to_json),
    (BaseJSONSerializer, "_serialize_type_structure", _serialize_type_structure),
    (BaseJSONSerializer, "_serialize_type_map", _serialize_type_map),
    (BotocoreStubber, "process_request", process_request),
]


def applied() -> bool:
    return bool(_originals)


_ABSENT = object()


def apply() -> None:
    """Install the patches (idempotent)."""
    if _originals:
        return
    for cls, name, fn in _PATCHES:
        _originals[(cls, name)] = cls.__dict__[name]
        setattr(cls, name, fn)
    for cls in _UNTRACKED:
        _originals[(cls, "__new__")] = cls.__dict__.get("__new__", _ABSENT)
        cls.__new__ = staticmethod(_untracked_new)  # type: ignore[assignment]
        cls.instances_tracked.clear()  # type: ignore[attr-defined]


def revert() -> None:
    """Put moto's own code back (tests run the same scenarios on both)."""
    for (cls, name), fn in list(_originals.items()):
        if fn is _ABSENT:
            delattr(cls, name)
        else:
            setattr(cls, name, fn)
    _originals.clear()


@contextmanager
def unpatched() -> Iterator[None]:
    """moto as released, for a while (then the patches again if they were on)."""
    was = applied()
    revert()
    try:
        yield
    finally:
        if was:
            apply()
