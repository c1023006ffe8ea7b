"""GET /v1/memory/{memory_id}/explain: how do you know this?"""

from __future__ import annotations

from typing import Any

from twinmem import explain
from twinmem.api import entrypoint, make_app, scoped

app = make_app()
scoped(app, "GET", "/v1/memory/{memory_id}/explain", "read")


@app.get("/v1/memory/<memory_id>/explain")
def get_explain(memory_id: str) -> dict[str, Any]:
    return explain.explain(app.caller(), memory_id)


handler = entrypoint(app)
