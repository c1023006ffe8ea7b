"""Response bodies of the HTTP API: what every route returns, and the one error body.

Shapes a domain function builds as a dict are validated into these models by the resolver on the way
out (a body that does not fit is a 500 in tests, never sent). Where a shape is open (a memory carries
the fields of its kind, an explain section grows), the model types what is always there and allows
the rest. Fields typed `X | None` are sent as null when unknown; fields declared with `omit_none`
are left out instead (as the reference documents show them).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field

from twinmem.http.schemas import AssertionOut, ItemsAdded
from twinmem.models import Model, Scope

__all__ = ["AssertionOut", "ItemsAdded"]


def omit_none(description: str | None = None) -> Any:
    """An optional field left out of the body when it has no value."""
    return Field(default=None, exclude_if=lambda v: v is None, description=description)


class Open(Model):
    """A body whose shape is open: the fields below are always there, others may be."""

    model_config = ConfigDict(defer_build=True, extra="allow")


# ---------------------------------------------------------------- errors


class ErrorBody(Model):
    """Every error: a short message, and what the status needs said."""

    error: str = Field(description="what went wrong, in a few words")
    field: str | None = omit_none("422: the field that is not usable (dotted path; `body` for the whole body)")
    why: str | None = omit_none("422: why it is not usable")
    needs: Scope | None = omit_none("403: the scope the call needs")
    scope: Scope | None = omit_none("403: the scope of the key that was sent")
    agent_id: str | None = omit_none("403: the agent a bound key writes as")
    retry_after: int | None = omit_none("503: seconds to wait before retrying (also the Retry-After header)")
    content_type: str | None = omit_none("415: the content type that was sent")
    request_id: str | None = omit_none("500: the request's id, for the logs")


# ---------------------------------------------------------------- keys, items, settings, rebuild


class KeyCreated(Model):
    id: str
    key: str = Field(description="the secret: shown once, stored only as a hash")
    scope: Scope
    name: str


class KeyInfo(Model):
    id: str
    scope: Scope
    name: str
    created_at: str
    revoked_at: str | None = omit_none()
    agent_id: str | None = omit_none("the agent a bound key writes as")


class KeyList(Model):
    keys: list[KeyInfo]


class ItemVersion(Model):
    version: int
    content: str
    recorded_at: str


class ItemOut(Model):
    """An item as stored, with its earlier versions (oldest first)."""

    event_id: str
    client_id: str | None = None
    role: str
    content: str
    said_at: str
    conversation_id: str | None = None
    name: str | None = None
    recorded_at: str
    version: int
    versions: list[ItemVersion] = Field(default_factory=list)


class TrustOut(Model):
    authority: dict[str, float] = Field(description="weight of each source kind in the trust score, 0..1")


class SettingsOut(Model):
    trust: TrustOut
    retention_days: int | None


class RebuildOut(Model):
    status: str = Field(description="running, done, or never (no rebuild yet)")
    generation: int | None = omit_none()
    started_at: str | None = omit_none()
    finished_at: str | None = omit_none()
    items_read: int | None = omit_none()


# ---------------------------------------------------------------- history, known


class HistoryHit(Model):
    subject: str
    count: int
    assertions: list[AssertionOut]


class HistoryMiss(Model):
    subject: str
    error: Literal["nothing recorded"]
    subjects: list[str] = Field(description="the nearest recorded subjects (at most 10)")
    recorded: int = Field(description="how many subjects are recorded")


class KnownOut(Model):
    lines: list[str]
    text: str


# ---------------------------------------------------------------- memories


class MemoryOut(Open):
    """A memory with its time fields (RFC 3339 UTC), provenance and status; assertion fields when it carries one."""

    memory_id: str
    content: str
    type: str
    status: str
    created_at: str | None = None
    valid_from: str | None = None
    valid_to: str | None = None
    recorded_at: str | None = None


class MemoryId(Model):
    memory_id: str


class ProfileOut(Model):
    name: str


class CorrectionsOut(Model):
    retracted: list[str] = Field(description="the memories taken back")
    count: int


class Usage(Model):
    retrieved: int
    used: int
    ignored: int


class FeedbackOut(Model):
    memory_id: str
    usage: Usage


# ---------------------------------------------------------------- retrieve


class Retrieved(Open):
    """A fact (a memory) or an episode (a turn as said: `type` episode, no memory id), with its score."""

    memory_id: str | None
    type: str
    content: str
    status: str
    score: float


class RetrieveOut(Model):
    memories: list[Retrieved]
    known: list[str]
    brief: str


# ---------------------------------------------------------------- lineage, explain


class Step(Open):
    """One step of a chain: the memory's fields (or `redacted`), and how it changed."""

    memory_id: str
    changed_at: str | None
    action: str | None = Field(
        description="how it changed: replaced, refined, repeated, retracted, corrected, "
        "updated, deleted; null while it stands"
    )
    is_current: bool


class LineageOut(Model):
    memory_id: str
    count: int
    truncated: bool
    chain: list[Step]


class Trust(Model):
    confidence: float
    evidence: float
    freshness: float
    utility: float
    source_authority: float
    contradiction_risk: float
    score: float


class Linked(Open):
    """A memory linked to this one: its content, or `redacted` / `deleted`."""

    memory_id: str


class ExplainLineage(Open):
    origin: dict[str, Any]
    supersedes: str | None
    superseded_by: str | None
    derived_from: list[Linked]
    derived: list[Linked]
    chain: list[Step]


class HistoryEvent(Open):
    event: str = Field(description="ADD, MERGE, UPDATE, SUPERSEDED, CORRECTED, WITHDRAWN, DELETED, DEPENDENT_STALE")
    at: str | None


class Dependents(Model):
    count: int
    examples: list[Linked]


class ExplainOut(Open):
    memory: MemoryOut
    trust: Trust
    lineage: ExplainLineage
    evidence: list[dict[str, Any]]
    history: list[HistoryEvent]
    usage: Usage
    contradictions: list[dict[str, Any]]
    dependents: Dependents


# ---------------------------------------------------------------- feed


class Change(Model):
    cursor: str
    at: str | None
    kind: str
    memory_id: str | None


class ChangesOut(Model):
    changes: list[Change]
    next_cursor: str | None = Field(description="null once read to the end: keep the last change's cursor")


class RevisionsOut(Model):
    revision: int
    since: int
    changes: dict[str, int]
