"""GET /v1/memory/changes (cursor-paged feed) and GET /v1/memory/revisions (how much moved)."""

from __future__ import annotations

from typing import Annotated

from aws_lambda_powertools.event_handler.openapi.params import Query

from twinmem import feed
from twinmem.http.api import entrypoint, make_app, shaped
from twinmem.http.responses import ChangesOut, RevisionsOut

app = make_app()


@app.get("/v1/memory/changes", scope="read", summary="The change feed, oldest first (ids and kinds)")
def get_changes(
    cursor: Annotated[str | None, Query(max_length=512)] = None, limit: Annotated[int, Query(ge=1, le=500)] = 100
) -> ChangesOut:
    return shaped(ChangesOut, feed.changes(app.caller(), cursor or None, limit))


@app.get("/v1/memory/revisions", scope="read", summary="How much the store moved since a revision")
def get_revisions(since: Annotated[int, Query(ge=0)] = 0) -> RevisionsOut:
    return shaped(RevisionsOut, feed.revisions(app.caller(), since))


handler = entrypoint(app)
