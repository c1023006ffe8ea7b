"""POST /v1/memory/known: values as stated, newest said first."""

from __future__ import annotations

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.openapi.params import Body

from twinmem import history
from twinmem.api import entrypoint, make_app, scoped
from twinmem.schemas import KnownRequest

app = make_app()
scoped(app, "POST", "/v1/memory/known", "read")


@app.post("/v1/memory/known")
def post_known(req: Annotated[KnownRequest, Body()]) -> dict[str, Any]:
    return history.known_lines(app.caller(), req.subjects)


handler = entrypoint(app)
