"""POST /v1/memory/history: every dated value recorded for one subject."""

from __future__ import annotations

from typing import Annotated

from aws_lambda_powertools.event_handler.openapi.params import Body

from twinmem import history
from twinmem.http.api import entrypoint, make_app, shaped
from twinmem.http.responses import HistoryHit, HistoryMiss
from twinmem.http.schemas import HistoryRequest

app = make_app()


@app.post("/v1/memory/history", scope="read", summary="Every dated value recorded for one subject")
def post_history(req: Annotated[HistoryRequest, Body()]) -> HistoryHit | HistoryMiss:
    found = history.history(app.caller(), req)
    return shaped(HistoryMiss, found) if "error" in found else shaped(HistoryHit, found)


handler = entrypoint(app)
