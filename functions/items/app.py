"""Items: POST /v1/memory/items, GET and PUT /v1/memory/items/{event_id}."""

from __future__ import annotations

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.openapi.params import Body

from twinmem import items
from twinmem.api import entrypoint, json_response, make_app, scoped
from twinmem.models import Event
from twinmem.schemas import AddItemsRequest, EditItemRequest

app = make_app()
scoped(app, "POST", "/v1/memory/items", "write")
scoped(app, "GET", "/v1/memory/items/{event_id}", "read")
scoped(app, "PUT", "/v1/memory/items/{event_id}", "write")


def _item(ev: Event) -> dict[str, Any]:
    return ev.model_dump(mode="json")


@app.post("/v1/memory/items")
def post_items(req: Annotated[AddItemsRequest, Body()]) -> Any:
    added = items.add_items(app.caller(), req)
    return json_response(202, added.model_dump())


@app.get("/v1/memory/items/<event_id>")
def get_item(event_id: str) -> dict[str, Any]:
    return _item(items.get_item(app.caller(), event_id))


@app.put("/v1/memory/items/<event_id>")
def put_item(event_id: str, req: Annotated[EditItemRequest, Body()]) -> dict[str, Any]:
    return _item(items.edit_item(app.caller(), event_id, req.content))


handler = entrypoint(app)
