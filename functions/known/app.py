"""POST /v1/memory/known: values as stated, newest said first."""

from __future__ import annotations

from typing import Annotated

from aws_lambda_powertools.event_handler.openapi.params import Body

from twinmem import known
from twinmem.http.api import entrypoint, make_app, shaped
from twinmem.http.responses import KnownOut
from twinmem.http.schemas import KnownRequest

app = make_app()


@app.post("/v1/memory/known", scope="read", summary="Values as stated, newest said first")
def post_known(req: Annotated[KnownRequest, Body()]) -> KnownOut:
    return shaped(KnownOut, known.known_lines(app.caller(), req.subjects))


handler = entrypoint(app)
