"""POST /v1/memory/history: every dated value recorded for one subject."""

from __future__ import annotations

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.openapi.params import Body

from twinmem import history
from twinmem.api import entrypoint, make_app, scoped
from twinmem.schemas import HistoryRequest

app = make_app()
scoped(app, "POST", "/v1/memory/history", "read")


@app.post("/v1/memory/history")
def post_history(req: Annotated[HistoryRequest, Body()]) -> dict[str, Any]:
    return history.history(app.caller(), req)


handler = entrypoint(app)
