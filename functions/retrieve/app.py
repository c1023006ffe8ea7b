"""POST /v1/memory/retrieve: ranked memories with as-of reads on valid and transaction time."""

from __future__ import annotations

from typing import Annotated

from aws_lambda_powertools.event_handler.openapi.params import Body

from twinmem import retrieve
from twinmem.http.api import entrypoint, make_app, shaped
from twinmem.http.responses import RetrieveOut
from twinmem.http.schemas import RetrieveRequest

app = make_app()


@app.post("/v1/memory/retrieve", scope="read", summary="Ranked memories and episodes, the known lines and a brief")
def post_retrieve(req: Annotated[RetrieveRequest, Body()]) -> RetrieveOut:
    return shaped(RetrieveOut, retrieve.retrieve(app.caller(), req))


handler = entrypoint(app)
