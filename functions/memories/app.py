"""Memories a client writes: append, revise, delete, corrections, profile, feedback."""

from __future__ import annotations

from typing import Annotated

from aws_lambda_powertools.event_handler.openapi.params import Body

from twinmem import accounts, errors, memories
from twinmem.http.api import entrypoint, make_app, shaped
from twinmem.http.responses import CorrectionsOut, FeedbackOut, MemoryId, MemoryOut, ProfileOut, Usage
from twinmem.http.schemas import AppendRequest, CorrectionRequest, FeedbackRequest, ProfileRequest, ReviseRequest
from twinmem.http.views import memory_out

app = make_app()


@app.post("/v1/memory/append", scope="write", status=201, summary="Append a memory")
def append(req: Annotated[AppendRequest, Body()]) -> MemoryId:
    return MemoryId(memory_id=memories.append(app.caller(), req).memory_id)


@app.put("/v1/memory/profile", scope="write", summary="Name the end user")
def put_profile(req: Annotated[ProfileRequest, Body()]) -> ProfileOut:
    return ProfileOut(name=memories.set_profile(app.caller(), req.name))


@app.put(
    "/v1/memory/{memory_id}",
    scope="write",
    raises=[errors.Conflict],
    summary="Revise a memory's content (a new revision)",
)
def revise(memory_id: str, req: Annotated[ReviseRequest, Body()]) -> MemoryOut:
    m = memories.revise(app.caller(), memory_id, req.content)
    return shaped(MemoryOut, memory_out(accounts.require(app.caller()), m))


@app.delete("/v1/memory/{memory_id}", scope="write", raises=[errors.Conflict], summary="Forget a memory")
def delete(memory_id: str) -> MemoryOut:
    m = memories.forget(app.caller(), memory_id)
    return shaped(MemoryOut, memory_out(accounts.require(app.caller()), m))


@app.post("/v1/memory/corrections", scope="write", status=201, summary="Take back a value read wrongly")
def correct(req: Annotated[CorrectionRequest, Body()]) -> CorrectionsOut:
    taken_back = memories.correct(app.caller(), req)
    return CorrectionsOut(retracted=[m.memory_id for m in taken_back], count=len(taken_back))


@app.post("/v1/memory/feedback", scope="write", summary="Say whether a retrieved memory was used")
def feedback(req: Annotated[FeedbackRequest, Body()]) -> FeedbackOut:
    usage = memories.feedback(app.caller(), req.memory_id, req.outcome)
    return FeedbackOut(memory_id=req.memory_id, usage=shaped(Usage, usage))


handler = entrypoint(app)
