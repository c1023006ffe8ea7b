"""GET /v1/memory/changes (cursor-paged feed) and GET /v1/memory/revisions (how much moved)."""

from __future__ import annotations

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.openapi.params import Query

from twinmem import feed
from twinmem.api import entrypoint, make_app, scoped

app = make_app()
scoped(app, "GET", "/v1/memory/changes", "read")
scoped(app, "GET", "/v1/memory/revisions", "read")


@app.get("/v1/memory/changes")
def get_changes(cursor: Annotated[str | None, Query(max_length=512)] = None,
                limit: Annotated[int, Query(ge=1, le=500)] = 100) -> dict[str, Any]:
    return feed.changes(app.caller(), cursor or None, limit)


@app.get("/v1/memory/revisions")
def get_revisions(since: Annotated[int, Query(ge=0)] = 0) -> dict[str, Any]:
    return feed.revisions(app.caller(), since)


handler = entrypoint(app)
