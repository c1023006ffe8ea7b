"""The local event source mapping applies FilterCriteria as Lambda does."""

from __future__ import annotations

from infra import template
from infra.local.filters import passes


def _record(kind: str, event: str = "INSERT", status: str | None = None) -> dict:
    image = {"type": {"S": kind}}
    if status:
        image["status"] = {"S": status}
    return {"eventName": event, "dynamodb": {"NewImage": image}}


def test_the_template_filter_admits_items_running_rebuilds_and_retrieval_logs_only() -> None:
    (mapping,) = template.stream_mappings()
    f = mapping.filters

    assert passes(f, _record("EVENT")) and passes(f, _record("EVENT", "MODIFY"))
    assert not passes(f, _record("EVENT", "REMOVE"))
    assert not passes(f, _record("MEMORY")) and not passes(f, _record("EXTRACTION"))
    assert passes(f, _record("REBUILD", "MODIFY", "running"))
    assert not passes(f, _record("REBUILD", "MODIFY", "done"))
    assert not passes(f, {"eventName": "REMOVE", "dynamodb": {}})
    assert passes(f, _record("RETRIEVAL")) and not passes(f, _record("RETRIEVAL", "MODIFY"))


def test_content_rules() -> None:
    assert passes([{"a": [{"prefix": "ev_"}]}], {"a": "ev_1"})
    assert not passes([{"a": [{"prefix": "ev_"}]}], {"a": "mem_1"})
    assert passes([{"a": [{"exists": False}]}], {})
    assert passes([{"a": [{"anything-but": ["x"]}]}], {"a": "y"})
    assert passes([], {"anything": 1})
