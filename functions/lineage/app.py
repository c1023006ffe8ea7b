"""POST /v1/memory/lineage: the chain of versions behind one memory."""

from __future__ import annotations

from typing import Annotated

from aws_lambda_powertools.event_handler.openapi.params import Body

from twinmem import lineage
from twinmem.http.api import entrypoint, make_app, shaped
from twinmem.http.responses import LineageOut
from twinmem.http.schemas import LineageRequest

app = make_app()


@app.post("/v1/memory/lineage", scope="read", summary="The chain of versions behind one memory")
def post_lineage(req: Annotated[LineageRequest, Body()]) -> LineageOut:
    return shaped(LineageOut, lineage.lineage(app.caller(), req.memory_id, req.max_steps))


handler = entrypoint(app)
