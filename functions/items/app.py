"""Items: POST /v1/memory/items, GET and PUT /v1/memory/items/{event_id}."""

from __future__ import annotations

from typing import Annotated

from aws_lambda_powertools.event_handler.openapi.params import Body

from twinmem import errors, items
from twinmem.http.api import entrypoint, make_app, shaped
from twinmem.http.responses import ItemOut, ItemsAdded
from twinmem.http.schemas import AddItemsRequest, EditItemRequest
from twinmem.models import Event

app = make_app()


def _item(ev: Event) -> ItemOut:
    return shaped(ItemOut, ev.model_dump(mode="json"))


@app.post("/v1/memory/items", scope="write", status=202, summary="Add turns or notes (read in the background)")
def post_items(req: Annotated[AddItemsRequest, Body()]) -> ItemsAdded:
    return items.add_items(app.caller(), req)


@app.get("/v1/memory/items/{event_id}", scope="read", summary="An item with its versions")
def get_item(event_id: str) -> ItemOut:
    return _item(items.get_item(app.caller(), event_id))


@app.put(
    "/v1/memory/items/{event_id}",
    scope="write",
    raises=[errors.Conflict],
    summary="Edit an item (the old text is kept as a version)",
)
def put_item(event_id: str, req: Annotated[EditItemRequest, Body()]) -> ItemOut:
    return _item(items.edit_item(app.caller(), event_id, req.content))


handler = entrypoint(app)
