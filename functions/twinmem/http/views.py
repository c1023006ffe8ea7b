"""How a memory reads in responses: all its time fields (RFC 3339 UTC), provenance and status."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from twinmem import subjects
from twinmem.models import Account, Memory, iso, utcnow


def status_of(m: Memory, superseded_at: datetime | None = None, now: datetime | None = None) -> str:
    now = now or utcnow()
    if m.deleted_at is not None:
        return "deleted"
    if m.retracted is not None:
        return "retracted"
    if m.withdrawn_at is not None:
        return "withdrawn"
    if m.expires_at is not None and m.expires_at <= now:
        return "expired"
    if superseded_at is not None:
        return "superseded"
    return "active"


def memory_out(
    acc: Account,
    m: Memory,
    *,
    superseded_at: datetime | None = None,
    valid_to: datetime | None = None,
    content: str | None = None,
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "memory_id": m.memory_id,
        "content": m.content if content is None else content,
        "type": m.type,
        "layer": m.layer,
        "status": status_of(m, superseded_at),
        "created_at": iso(m.created_at),
        "observed_at": iso(m.observed_at),
        "valid_from": iso(m.valid_from),
        "valid_to": iso(m.valid_to or valid_to),
        "recorded_at": iso(m.recorded_at),
        "superseded_at": iso(superseded_at),
        "updated_at": iso(m.updated_at),
        "expires_at": iso(m.expires_at),
        "visibility": m.visibility,
        "source_kind": m.source_kind,
        "source_verified": m.source_verified,
        "source_ref": m.source_ref,
        "extraction_method": m.extraction_method,
        "model": m.model,
        "agent_id": m.agent_id,
        "actor_id": m.actor_id,
        "actor_role": m.actor_role,
        "run_id": m.run_id,
        "episode_id": m.episode_id,
        "evidence_count": m.evidence_count,
        "evidence": [e.model_dump(exclude_none=True) for e in m.evidence],
        "mentions": [x.model_dump(mode="json") for x in m.mentions],  # relative time of its passage, resolved
        "derived_from": m.derived_from,
        "revision": m.revision,
    }
    if m.is_assertion:
        assert m.subject is not None
        out.update(
            subject=subjects.shown(acc, m.subject),
            attribute=m.attribute,
            value=m.value,
            polarity=m.polarity,
            qualifier=m.qualifier,
            said_at=iso(m.said_at),
        )
    if m.deleted_at is not None:
        out.update(deleted=True, deleted_at=iso(m.deleted_at))
    if m.retracted is not None:
        out["retracted"] = m.retracted.model_dump(mode="json")
    if m.withdrawn_at is not None:
        out["withdrawn_at"] = iso(m.withdrawn_at)
    return out


def redacted(memory_id: str) -> dict[str, Any]:
    return {"memory_id": memory_id, "redacted": True}
