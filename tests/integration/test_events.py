"""Every sample event in events/ runs through the handler template.yaml names for it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from infra import template
from infra.local.invoke import invoke

EVENTS = Path(__file__).resolve().parents[2] / "events"
SAMPLE_KEY = "tm_sample_admin_key_for_local_invoke"
EXPECTED = {
    "keys-create": 201,
    "items-add": 202,
    "history": 200,
    "known": 200,
    "retrieve": 200,
    "append": 201,
    "changes": 200,
    "lineage": 404,
    "explain": 404,  # they name a placeholder memory id
}


def _function_for(event: dict[str, Any]) -> str:
    method, path = event["routeKey"].split(" ", 1)
    (route,) = [r for r in template.routes() if (r.method, r.path) == (method, path)]
    return route.function


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_api_sample_event_runs_through_its_handler(name: str, backend: Any) -> None:
    from infra.local import environment

    environment.ensure_admin_key(SAMPLE_KEY)
    items = json.loads((EVENTS / "items-add.json").read_text())
    invoke("ItemsFunction", items)
    backend.drain()
    event = json.loads((EVENTS / f"{name}.json").read_text())

    result = invoke(_function_for(event), event)

    assert result["statusCode"] == EXPECTED[name], result["body"]
    if name == "history":
        assert [a["value"] for a in json.loads(result["body"])["assertions"]] == ["Berlin", "Lisbon"]


def test_every_event_file_is_exercised() -> None:
    names = {p.stem for p in EVENTS.glob("*.json")}
    assert names == set(EXPECTED) | {"stream-item-inserted"}


def test_stream_sample_event_runs_through_the_extraction_trigger(backend: Any) -> None:
    from infra.local import environment
    from twinmem.aws import store

    environment.ensure_admin_key(SAMPLE_KEY)
    invoke("ItemsFunction", json.loads((EVENTS / "items-add.json").read_text()))  # the account exists
    event = json.loads((EVENTS / "stream-item-inserted.json").read_text())

    result = invoke("ExtractionFunction", event)

    assert result == {"batchItemFailures": []}
    values = [(m.attribute, m.value) for m in store.query_subject("local", "user_42", "@self", "employer")]
    assert values == [("employer", "Acme")]
