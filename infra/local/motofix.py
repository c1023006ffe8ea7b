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
- Every Query rebuilds, for every item it returns, its size, its sort key, its projection into the
  index and the response's form of it: a retrieve that reads an account's index pays for every entry
  every time. Here: all of it is kept on the table item from one Query to the next, until the item
  changes (update_item, the one write that changes an item in place, drops it; every other write
  puts a new Item in its place). Projections kept are only read, never changed.
- The stream's shard keeps every record forever, and every GetRecords leaves a new shard iterator
  behind for good. Here: iterators expire 15 minutes after they were issued, as DynamoDB's do
  (ExpiredIteratorException), a GetRecords that finds nothing returns the iterator it was given,
  and records are trimmed once every open iterator (issued, not yet used, not expired) is past
  them, but for the latest TRIM_KEEP (DynamoDB keeps 24 hours: a bound, not a clock); reading
  trimmed records raises TrimmedDataAccessException, as DynamoDB does past 24 hours.
- Every item of a response goes through moto's model-driven serialiser, attribute by attribute (~1 ms
  an item, most of a Query's time). Here: DynamoDB's AttributeValue is written directly, with the
  same rules (strings str(), blobs base64, None left out).
- botocore reads every AttributeValue of a response through its model-driven walk, a few calls per
  member. Here: BaseJSONParser reads DynamoDB's AttributeValue (and a map of them: an item) directly,
  with the same result (members in model order, None left out, blobs decoded), or falls back to its
  own walk for anything else. Installed with the rest: only where moto answers (`make run`, tests).
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

from botocore.parsers import BaseJSONParser  # noqa: E402
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
from moto.dynamodb.models.dynamo_type import DynamoType, Item, LimitedSizeDict  # noqa: E402
from moto.dynamodb.models.table import SecondaryIndex, StreamRecord, StreamShard, Table  # noqa: E402
from moto.dynamodb.models.utilities import bytesize, dynamo_to_dict, find_nested_key  # noqa: E402
from moto.dynamodb.responses import DynamoResult  # noqa: E402
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


def update_item(self: DynamoDBBackend, table_name: str, key: dict[str, Any], *args: Any, **kwargs: Any) -> Item:
    """moto's update_item, which changes the item in place: what Queries kept on it is dropped (whether
    the update succeeds or not). The item is found as moto finds it; a lookup that fails here fails
    there too, before anything is changed."""
    try:
        table = self.get_table(table_name)
        if all([table.hash_key_attr in key, table.range_key_attr in key]):
            hash_value, range_value = DynamoType(key[table.hash_key_attr]), DynamoType(key[table.range_key_attr])  # type: ignore[index]
        elif table.hash_key_attr in key:
            hash_value, range_value = DynamoType(key[table.hash_key_attr]), None
        else:
            hash_value, range_value = DynamoType(key), None
        before = table.get_item(hash_value, range_value)
    except Exception:
        before = None
    try:
        return _originals[(DynamoDBBackend, "update_item")](self, table_name, key, *args, **kwargs)
    finally:
        _forget(before)


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


# What a Query derives from a table item (its size, its sort key, its projection into an index) is kept
# on the item, under _MEMO, from one Query to the next. A table item changes in place only in
# update_item (every other write puts a new Item in its slot, and the undo log puts back copies, which
# Item.__deepcopy__ makes without the memo): update_item drops it. It is read and written only while
# a Query runs (_querying), so an update that measures an item while changing it sees its true size.
_MEMO = "_motofix_memo"
_querying = False
_specs: dict[int, tuple[SecondaryIndex, tuple[str, ...] | None]] = {}  # index -> its projection, per Query


def _memo(item: Item) -> dict[Any, Any]:
    memo: dict[Any, Any] | None = item.__dict__.get(_MEMO)
    if memo is None:
        memo = item.__dict__[_MEMO] = {}
    return memo


def _forget(item: Item | None) -> None:
    if item is not None:
        item.__dict__.pop(_MEMO, None)


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
    """moto's Item.size (the same sum, see _value_size), kept on the item while it is unchanged (a Query's
    loop asks twice per result, and every Query asks again)."""
    if _querying:
        memo = self.__dict__.get(_MEMO)
        if memo is not None and "size" in memo:
            return memo["size"]
    size = sum(bytesize(key) + _value_size(value.type, value.value) for key, value in self.attrs.items())
    if _querying:
        _memo(self)["size"] = size
    return size


class _KeptAttrs(LimitedSizeDict):
    """The attributes of a projection kept on its table item: never changed (a Query's results are only
    read), so their plain form (dynamo_to_dict) and their wire form are kept with them, once made."""

    plain: _Plain | None = None


class _Plain(dict[str, Any]):
    """dynamo_to_dict of a kept projection's attributes, and (`wire`) the AttributeValues moto writes of it."""

    wire: dict[str, Any] | None = None


def _projection_of(index: SecondaryIndex) -> tuple[str, ...] | None:
    """The top-level attributes moto's SecondaryIndex.project keeps, in its order (None: the whole item)."""
    projection = index.projection
    if not projection:
        return None
    keys = [*index.table_key_attrs, *(k["AttributeName"] for k in index.schema)]
    kind = projection.get("ProjectionType", None)
    if kind == "KEYS_ONLY":
        return tuple(keys)
    if kind == "INCLUDE":
        return tuple(keys + list(projection.get("NonKeyAttributes", [])))
    return None


def index_project(self: SecondaryIndex, item: Item) -> Item:
    """moto's SecondaryIndex.project, the projection kept on the item for the next Query (while a Query
    runs: its items are the table's own, see _NoCopy)."""
    original = _originals[(SecondaryIndex, "project")]
    if not _querying:
        return original(self, item)
    known = _specs.get(id(self))
    if known is None or known[0] is not self:
        known = _specs[id(self)] = (self, _projection_of(self))
    spec = known[1]
    if spec is None:
        return original(self, item)
    memo, marker = _memo(item), ("project", spec)
    kept: Item | None = memo.get(marker)
    if kept is None:
        kept = original(self, item)
        if kept is item:  # not a projection after all: nothing to keep
            return kept
        attrs = _KeptAttrs.__new__(_KeptAttrs)
        dict.update(attrs, kept.attrs)  # as moto's deepcopy does: no size check for a part of a checked item
        kept.attrs = attrs
        memo[marker] = kept
    return kept


def query(self: Table, hash_key: DynamoType | None, *args: Any, **kwargs: Any) -> Any:
    """moto's Table.query, reading one partition (table) or the table's items with the index's hash key
    (index), unsorted, without copying its results; what it derives from an item kept on the item."""
    global _querying
    from moto.dynamodb.models import table as table_module

    index_name = kwargs.get("index_name") if "index_name" in kwargs else (args[6] if len(args) > 6 else None)
    original = _originals[(Table, "query")]
    if index_name:
        conditions = kwargs.get("hash_key_conditions") or []
        self.all_items = lambda: _index_candidates(self, conditions)  # type: ignore[method-assign]
    elif hash_key is not None:
        self.all_items = lambda: _partition(self, hash_key)  # type: ignore[method-assign]
    _querying, table_module.copy = True, _NoCopy  # type: ignore[assignment]
    try:
        return original(self, hash_key, *args, **kwargs)
    finally:
        _querying, table_module.copy = False, copy
        _specs.clear()
        _starts.clear()
        self.__dict__.pop("all_items", None)


def sorted_items(
    self: Table, hash_key_attrs: list[str], range_key_attrs: list[str | None], items: list[Item]
) -> list[Item]:
    """moto's Table.sorted_items, comparing the keys' cast values (what DynamoType's == and < compare)
    instead of DynamoType objects, each item's computed once and kept with it."""
    attrs = tuple(self._generate_attr_to_sort_by(hash_key_attrs, range_key_attrs))
    marker = ("sort", attrs)

    def sort_key(x: Item) -> tuple[Any, ...]:
        if not _querying:
            return tuple([x.attrs[key].cast_value for key in attrs])
        memo = _memo(x)
        found: tuple[Any, ...] | None = memo.get(marker)
        if found is None:
            found = memo[marker] = tuple([x.attrs[key].cast_value for key in attrs])
        return found

    items.sort(key=sort_key)
    return items


_starts: dict[tuple[int, str], tuple[dict[str, Any], str, Any]] = {}  # ExclusiveStartKey values, per Query


def item_comes_before_dct(
    self: Table,
    item: Item,
    dct: dict[str, Any],
    hash_key_attrs: list[str],
    range_key_attrs: list[str | None],
    scan_index_forward: bool,
) -> bool:
    """moto's Table._item_comes_before_dct (whether an item is at or before ExclusiveStartKey), comparing
    what DynamoType's != and < compare (type and cast value; cast value), the start key's values made
    once per Query and the item's taken from its sort key when kept (see sorted_items)."""
    attrs = self._generate_attr_to_sort_by(hash_key_attrs, range_key_attrs)
    memo = item.__dict__.get(_MEMO) if _querying else None
    sort_key = memo.get(("sort", tuple(attrs))) if memo is not None else None
    for i, attr in enumerate(attrs):
        mine = item.attrs.get(attr)
        if mine is None:
            continue
        hit = _starts.get((id(dct), attr))
        if hit is None or hit[0] is not dct:
            start = DynamoType(dct.get(attr))  # type: ignore[arg-type]  # fails as moto's does on a key without the attribute
            hit = (dct, start.type, start.cast_value)
            if _querying:
                _starts[(id(dct), attr)] = hit
        cast = sort_key[i] if sort_key is not None else mine.cast_value
        if mine.type != hit[1] or cast != hit[2]:
            return bool((cast < hit[2]) == scan_index_forward)
    return True


def _index_candidates(table: Table, conditions: list[tuple[str, DynamoType]]) -> list[Item]:
    """The table's items, unsorted, but for those whose string hash key attribute(s) differ from the
    condition's: moto's loop then checks each one left as it does (a superset of what it keeps)."""
    items = _unsorted_items(table)
    strings = [(name, v.value) for name, v in conditions if v.type == "S" and isinstance(v.value, str)]
    if not strings:
        return items
    out = []
    for item in items:
        attrs = item.attrs
        for name, value in strings:
            have = attrs.get(name)
            if have is None or have.type != "S" or have.value != value:
                break
        else:
            out.append(item)
    return out


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


def dynamo_result_init(self: DynamoResult, result: object) -> None:
    """moto's DynamoResult: dynamo_to_dict of the result, the kept projections among its Items converted once
    (see _KeptAttrs) and the same plain form given again."""
    items = result.get("Items") if type(result) is dict else None
    if not isinstance(items, list) or not any(type(a) is _KeptAttrs for a in items):
        _originals[(DynamoResult, "__init__")](self, result)
        return
    assert isinstance(result, dict)
    out = {k: ([_plain(a) for a in items] if k == "Items" else dynamo_to_dict(v)) for k, v in result.items()}
    super(DynamoResult, self).__init__(out)


def _plain(attrs: Any) -> Any:
    if type(attrs) is not _KeptAttrs:
        return dynamo_to_dict(attrs)
    if attrs.plain is None:
        attrs.plain = _Plain(dynamo_to_dict(attrs))
    return attrs.plain


def _serialize_type_map(self: BaseJSONSerializer, serialized: Any, value: Any, shape: Any, key: str) -> None:
    """moto's JSON map serialiser, with an item (a map of AttributeValues) done in one go (a kept projection's
    once: see _KeptAttrs)."""
    member = shape.value
    if type(value) is _Plain and member.name == "AttributeValue" and tuple(member.members) == _AV_MEMBERS:
        if value.wire is None:
            value.wire = {k: _attribute_value(self, v) for k, v in value.items() if v is not None}
        self._default_serialize(serialized, value.wire, shape, key)
        return
    if (
        member.name == "AttributeValue"
        and tuple(member.members) == _AV_MEMBERS
        and all(v is None or isinstance(v, dict) for v in value.values())
    ):
        out = {k: _attribute_value(self, v) for k, v in value.items() if v is not None}
        self._default_serialize(serialized, out, shape, key)
        return
    _originals[(BaseJSONSerializer, "_serialize_type_map")](self, serialized, value, shape, key)


# --------------------------------------------------------------------------- the client reads the answer


_AV_TYPES = ("string", "string", "blob", "list", "list", "list", "map", "list", "boolean", "boolean")
_plain_json: dict[type, bool] = {}  # parser class -> parses AttributeValues as BaseJSONParser does
_av_shapes: dict[int, tuple[Any, bool]] = {}  # shape -> is DynamoDB's AttributeValue, plainly


def _json_parser_as_released(cls: type) -> bool:
    """Whether a parser class reads JSON as BaseJSONParser does: no handler of its own for what an
    AttributeValue holds (strings, booleans and lists as they come, blobs by _blob_parser)."""
    known = _plain_json.get(cls)
    if known is None:
        known = _plain_json[cls] = (
            all(
                getattr(cls, name, None) is getattr(BaseJSONParser, name, None)
                for name in ("_parse_shape", "_handle_list", "_handle_blob", "_default_handle", "_handle_string")
            )
            and getattr(cls, "_handle_boolean", None) is None
        )
    return known


def _is_attribute_value(shape: Any) -> bool:
    """Whether a shape is DynamoDB's AttributeValue as botocore models it (members, types and names)."""
    hit = _av_shapes.get(id(shape))
    if hit is not None and hit[0] is shape:
        return hit[1]
    members = getattr(shape, "members", None) or {}
    ok = (
        getattr(shape, "name", None) == "AttributeValue"
        and shape.type_name == "structure"
        and not shape.is_document_type
        and not shape.is_tagged_union
        and tuple(members) == _AV_MEMBERS
        and tuple(m.type_name for m in members.values()) == _AV_TYPES
        and not any(m.serialization.get("name") for m in members.values())
        and members["M"].key.type_name == "string"
        and getattr(members["M"].value, "name", None) == "AttributeValue"
        and getattr(members["L"].member, "name", None) == "AttributeValue"
    )
    if len(_av_shapes) > 1000:
        _av_shapes.clear()
    _av_shapes[id(shape)] = (shape, ok)
    return ok


def _read_av(blob: Any, value: dict[str, Any]) -> dict[str, Any]:
    """An AttributeValue as BaseJSONParser reads it: members in model order, None left out, blobs decoded."""
    out: dict[str, Any] = {}
    for name in _AV_MEMBERS if len(value) != 1 else value:
        x = value.get(name)
        if x is None:
            continue
        if name in ("S", "N", "NULL", "BOOL"):
            out[name] = x
        elif name == "B":
            out[name] = blob(x)
        elif name == "M" and type(x) is dict:
            out[name] = {k: _read_sub(blob, v) for k, v in x.items()}
        elif type(x) is not list:  # botocore's walk fails on it, or reads it some way of its own
            raise _NotPlain
        elif name == "L":
            out[name] = [_read_sub(blob, v) for v in x]
        elif name in ("SS", "NS"):
            out[name] = list(x)
        elif name == "BS":
            out[name] = [None if v is None else blob(v) for v in x]
        else:
            raise _NotPlain
    return out


def _read_sub(blob: Any, v: Any) -> Any:
    if v is None:
        return None
    if type(v) is not dict:
        raise _NotPlain
    if len(v) == 1:
        ((name, x),) = v.items()
        if name in _AS_IS and x is not None:
            return {name: x}
    return _read_av(blob, v)


_AS_IS = frozenset(("S", "N", "NULL", "BOOL"))


def _read_map(blob: Any, value: dict[str, Any]) -> dict[str, Any]:
    """A map of AttributeValues (an item) as BaseJSONParser reads it. When every value is one string, number
    or boolean member, that reading is a copy of what json.loads made: the map is returned as it is (it
    is the parser's own, referenced nowhere else)."""
    for v in value.values():
        if type(v) is not dict or len(v) != 1:
            break
        ((name, x),) = v.items()
        if name not in _AS_IS or x is None:
            break
    else:
        return value
    return {k: _read_sub(blob, v) for k, v in value.items()}


class _NotPlain(Exception):
    """Something botocore's own walk is left to read (and to fail on, its own way)."""


def _handle_structure(self: BaseJSONParser, shape: Any, value: Any) -> Any:
    """botocore's JSON structure parser, with DynamoDB's AttributeValue read directly (the generic walk,
    a few calls per member, is most of the client's time on a Query's answer). Same result."""
    if type(value) is dict and _json_parser_as_released(type(self)) and _is_attribute_value(shape):
        try:
            return _read_av(self._blob_parser, value)
        except _NotPlain:
            pass
    return _originals[(BaseJSONParser, "_handle_structure")](self, shape, value)


def _handle_map(self: BaseJSONParser, shape: Any, value: Any) -> Any:
    """botocore's JSON map parser, with an item (a map of AttributeValues) read in one go."""
    if (
        type(value) is dict
        and _json_parser_as_released(type(self))
        and _is_attribute_value(shape.value)
        and shape.key.type_name == "string"
    ):
        try:
            return _read_map(self._blob_parser, value)
        except _NotPlain:
            pass
    return _originals[(BaseJSONParser, "_handle_map")](self, shape, value)


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
    (SecondaryIndex, "project", index_project),
    (DynamoDBBackend, "update_item", update_item),
    (DynamoResult, "__init__", dynamo_result_init),
    (Table, "query", query),
    (Item, "size", item_size),
    (Table, "sorted_items", sorted_items),
    (Table, "_item_comes_before_dct", item_comes_before_dct),
    (ShardIterator, "__init__", _iterator_init),
    (DynamoDBStreamsBackend, "get_shard_iterator", get_shard_iterator),
    (DynamoDBStreamsBackend, "get_records", get_records),
    (StreamShard, "to_json", shard_to_json),
    (BaseJSONSerializer, "_serialize_type_structure", _serialize_type_structure),
    (BaseJSONSerializer, "_serialize_type_map", _serialize_type_map),
    (BaseJSONParser, "_handle_structure", _handle_structure),
    (BaseJSONParser, "_handle_map", _handle_map),
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
