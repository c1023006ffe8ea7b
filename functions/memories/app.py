"""Memories a client writes: append, revise, delete, corrections, profile, feedback."""

from __future__ import annotations

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.openapi.params import Body

from twinmem import accounts, memories
from twinmem.api import entrypoint, json_response, make_app, scoped
from twinmem.schemas import AppendRequest, CorrectionRequest, FeedbackRequest, ProfileRequest, ReviseRequest
from twinmem.views import memory_out

app = make_app()
scoped(app, "POST", "/v1/memory/append", "write")
scoped(app, "PUT", "/v1/memory/{memory_id}", "write")
scoped(app, "DELETE", "/v1/memory/{memory_id}", "write")
scoped(app, "POST", "/v1/memory/corrections", "write")
scoped(app, "PUT", "/v1/memory/profile", "write")
scoped(app, "POST", "/v1/memory/feedback", "read")


@app.post("/v1/memory/append")
def append(req: Annotated[AppendRequest, Body()]) -> Any:
    m = memories.append(app.caller(), req)
    return json_response(201, {"memory_id": m.memory_id})


@app.put("/v1/memory/profile")
def put_profile(req: Annotated[ProfileRequest, Body()]) -> dict[str, Any]:
    return {"name": memories.set_profile(app.caller(), req.name)}


@app.put("/v1/memory/<memory_id>")
def revise(memory_id: str, req: Annotated[ReviseRequest, Body()]) -> dict[str, Any]:
    m = memories.revise(app.caller(), memory_id, req.content)
    return memory_out(accounts.require(app.caller()), m)


@app.delete("/v1/memory/<memory_id>")
def delete(memory_id: str) -> dict[str, Any]:
    m = memories.forget(app.caller(), memory_id)
    return memory_out(accounts.require(app.caller()), m)


@app.post("/v1/memory/corrections")
def correct(req: Annotated[CorrectionRequest, Body()]) -> Any:
    taken_back = memories.correct(app.caller(), req)
    return json_response(201, {"retracted": [m.memory_id for m in taken_back], "count": len(taken_back)})


@app.post("/v1/memory/feedback")
def feedback(req: Annotated[FeedbackRequest, Body()]) -> dict[str, Any]:
    return {"memory_id": req.memory_id, "usage": memories.feedback(app.caller(), req.memory_id, req.outcome)}


handler = entrypoint(app)
