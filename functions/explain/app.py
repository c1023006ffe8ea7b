"""GET /v1/memory/{memory_id}/explain: how do you know this?"""

from __future__ import annotations

from twinmem import explain
from twinmem.http.api import entrypoint, make_app, shaped
from twinmem.http.responses import ExplainOut

app = make_app()


@app.get("/v1/memory/{memory_id}/explain", scope="read", summary="How do you know this?")
def get_explain(memory_id: str) -> ExplainOut:
    return shaped(ExplainOut, explain.explain(app.caller(), memory_id))


handler = entrypoint(app)
