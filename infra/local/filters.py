"""Lambda event filtering (FilterCriteria patterns) as the event source mapping applies it.

Supports what the template uses and the common content filters: a list of literal values,
nested objects, and {"prefix": ...}, {"exists": bool}, {"anything-but": [...]} rules.
"""

from __future__ import annotations

from typing import Any

_MISSING = object()


def matches(pattern: dict[str, Any], record: dict[str, Any]) -> bool:
    """True when the record passes the pattern (all keys must match)."""
    for key, rule in pattern.items():
        value = record.get(key, _MISSING) if isinstance(record, dict) else _MISSING
        if isinstance(rule, dict):
            if value is _MISSING or not isinstance(value, dict) or not matches(rule, value):
                return False
        elif isinstance(rule, list):
            if not any(_one(r, value) for r in rule):
                return False
        else:
            raise ValueError(f"filter rule for {key!r} must be an object or a list")
    return True


def _one(rule: Any, value: Any) -> bool:
    if isinstance(rule, dict):
        if "exists" in rule:
            return (value is not _MISSING) == bool(rule["exists"])
        if value is _MISSING:
            return False
        if "prefix" in rule:
            return isinstance(value, str) and value.startswith(rule["prefix"])
        if "anything-but" in rule:
            banned = rule["anything-but"]
            return value not in (banned if isinstance(banned, list) else [banned])
        raise ValueError(f"unsupported filter rule {rule!r}")
    return value is not _MISSING and value == rule


def passes(filters: list[dict[str, Any]], record: dict[str, Any]) -> bool:
    """A record passes when there are no filters or any filter matches (filters are OR-ed)."""
    return not filters or any(matches(f, record) for f in filters)
