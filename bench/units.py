"""DynamoDB item sizes and capacity units, computed from items (moto's ConsumedCapacity is a placeholder).

Size rules (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html):
an item is the sum of its attribute names (UTF-8 bytes) and values; strings are UTF-8 bytes, binary
is its bytes, numbers are about (significant digits / 2) + 1 bytes, booleans and null are 1 byte,
a list or map costs 3 bytes plus 1 byte per element (a map element also counts its name), a set is
the sum of its elements.

>>> attribute_size({"S": "Lisbon"})
6
>>> attribute_size({"S": "Zürich"})  # UTF-8 bytes, not characters
7
>>> attribute_size({"N": "123"}), attribute_size({"N": "-0012.3400"}), attribute_size({"N": "100"})
(3, 3, 2)
>>> attribute_size({"BOOL": True}), attribute_size({"NULL": True}), attribute_size({"B": b"abcd"})
(1, 1, 4)
>>> attribute_size({"L": []}), attribute_size({"L": [{"S": "ab"}, {"N": "1"}]})
(3, 9)
>>> attribute_size({"M": {"at": {"S": "x"}}})  # 3 + (2 + 1) + 1
7
>>> attribute_size({"SS": ["a", "bc"]})
3
>>> item_size({"pk": {"S": "T#t#A#a"}, "n": {"N": "7"}})
12
>>> read_units([4096]), read_units([4097]), read_units([4097], consistent=True), read_units([])
(0.5, 1.0, 2.0, 0.5)
>>> read_units([3000, 3000]), read_units([3000, 3000], per_item=True)
(1.0, 1.0)
>>> write_units(1024), write_units(1025), write_units(1025, transactional=True)
(1, 2, 4)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

READ_BLOCK = 4096
WRITE_BLOCK = 1024


def number_size(text: str) -> int:
    """Bytes of a number: significant digits / 2, rounded up, plus 1 (leading and trailing zeros trimmed)."""
    mantissa = text.lower().split("e")[0].lstrip("+-")
    digits = mantissa.replace(".", "").strip("0")
    return math.ceil(len(digits) / 2) + 1 if digits else 1


def _blob(value: Any) -> int:
    return len(value) if isinstance(value, bytes | bytearray | memoryview) else len(str(value).encode("utf-8"))


def attribute_size(value: dict[str, Any]) -> int:
    """Bytes of one attribute value in DynamoDB's JSON form ({"S": ...}, {"M": {...}}, ...)."""
    ((kind, v),) = value.items()
    if kind == "S":
        return len(v.encode("utf-8"))
    if kind == "N":
        return number_size(v)
    if kind == "B":
        return _blob(v)
    if kind in ("BOOL", "NULL"):
        return 1
    if kind == "SS":
        return sum(len(x.encode("utf-8")) for x in v)
    if kind == "NS":
        return sum(number_size(x) for x in v)
    if kind == "BS":
        return sum(_blob(x) for x in v)
    if kind == "L":
        return 3 + sum(attribute_size(x) + 1 for x in v)
    if kind == "M":
        return 3 + sum(len(k.encode("utf-8")) + attribute_size(x) + 1 for k, x in v.items())
    raise ValueError(f"unknown attribute type {kind}")


def item_size(item: dict[str, Any]) -> int:
    """Bytes of an item: attribute names plus values."""
    return sum(len(name.encode("utf-8")) + attribute_size(v) for name, v in item.items())


def read_units(sizes: Iterable[int], *, consistent: bool = False, per_item: bool = False) -> float:
    """RCU of one read: a Query page rounds the sum up once; GetItem/BatchGetItem round each item.

    An empty result still costs one block (0.5 eventually consistent, 1.0 strongly consistent).
    """
    rate = 1.0 if consistent else 0.5
    sizes = list(sizes)
    if per_item:
        return rate * sum(max(1, math.ceil(s / READ_BLOCK)) for s in sizes) if sizes else rate
    return rate * max(1, math.ceil(sum(sizes) / READ_BLOCK))


def write_units(size: int, *, transactional: bool = False) -> int:
    """WCU of writing one item of `size` bytes (the larger of before and after): 1 per KB, ×2 in a transaction."""
    units = max(1, math.ceil(size / WRITE_BLOCK))
    return units * 2 if transactional else units


def index_entry(item: dict[str, Any], index: dict[str, Any], table_keys: tuple[str, ...]) -> dict[str, Any] | None:
    """The entry an item keeps in a GSI (its keys, the table's keys, the projected attributes), or None."""
    index_keys = [k["AttributeName"] for k in index["KeySchema"]]
    if any(k not in item for k in index_keys):
        return None
    projection = index.get("Projection", {})
    if projection.get("ProjectionType") == "ALL":
        return dict(item)
    keep = set(index_keys) | set(table_keys) | set(projection.get("NonKeyAttributes", []))
    return {k: v for k, v in item.items() if k in keep}
