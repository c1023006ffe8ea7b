"""POST /v1/memory/retrieve: ranked memories with as-of reads on valid and transaction time."""

from __future__ import annotations

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.openapi.params import Body

from twinmem import retrieve
from twinmem.api import entrypoint, make_app, scoped
from twinmem.schemas import RetrieveRequest

app = make_app()
scoped(app, "POST", "/v1/memory/retrieve", "read")


@app.post("/v1/memory/retrieve")
def post_retrieve(req: Annotated[RetrieveRequest, Body()]) -> dict[str, Any]:
    return retrieve.retrieve(app.caller(), req)


handler = entrypoint(app)
