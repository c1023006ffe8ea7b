"""POST /v1/memory/lineage: the chain of versions behind one memory."""

from __future__ import annotations

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.openapi.params import Body

from twinmem import trace
from twinmem.api import entrypoint, make_app, scoped
from twinmem.schemas import LineageRequest

app = make_app()
scoped(app, "POST", "/v1/memory/lineage", "read")


@app.post("/v1/memory/lineage")
def post_lineage(req: Annotated[LineageRequest, Body()]) -> dict[str, Any]:
    return trace.lineage(app.caller(), req.memory_id, req.max_steps)


handler = entrypoint(app)
