"""Memories a client writes: append, revise (revisions), forget, correct a reading, name the end user."""

from __future__ import annotations

from datetime import UTC, datetime

from twinmem import accounts, embeddings, ids, subjects
from twinmem.access import can_see, visible, writing_agent
from twinmem.aws import store
from twinmem.errors import Invalid, NotFound
from twinmem.http.schemas import AppendRequest, CorrectionRequest
from twinmem.models import Caller, Memory, Revision, utcnow
from twinmem.subjects import SELF
from twinmem.values import value_key


def _utc(dt: datetime | None) -> datetime | None:
    return dt.astimezone(UTC) if dt is not None else None


def append(caller: Caller, req: AppendRequest) -> Memory:
    """A new memory with its time fields and provenance; an assertion when subject/attribute/value are given."""
    acc = accounts.ensure(caller)
    carried = [req.subject, req.attribute, req.value]
    if any(carried) and not all(carried):
        missing = ["subject", "attribute", "value"][carried.index(None)]
        raise Invalid(missing, "subject, attribute and value come together")
    agent_id = writing_agent(caller, req.agent_id)
    if req.visibility == "private" and not agent_id:
        raise Invalid("visibility", "a private memory needs an agent_id (or a key bound to an agent)")
    now = utcnow()
    created = _utc(req.created_at) or now
    valid_from = _utc(req.valid_from) or created
    valid_to = _utc(req.valid_to)
    if valid_to is not None and valid_to <= valid_from:
        raise Invalid("valid_to", "must be after valid_from")
    subject = subjects.resolve(acc, req.subject) if req.subject else None
    m = Memory(
        memory_id=ids.new_id("mem_"),
        content=req.content,
        type=req.type,
        layer=req.layer,
        subject=subject,
        subject_display=None if subject in (None, SELF) else (req.subject or "").strip(),
        attribute=req.attribute,
        value=req.value,
        polarity=req.polarity,
        assertion_valid_from=valid_from.date() if subject else None,
        said_at=created if subject else None,
        created_at=created,
        observed_at=_utc(req.observed_at) or created,
        valid_from=valid_from,
        valid_to=valid_to,
        recorded_at=now,
        updated_at=now,
        expires_at=_utc(req.expires_at),
        source_kind=req.source_kind,
        source_verified=False,
        source_ref=req.source_ref,
        extraction_method="verbatim",
        agent_id=agent_id,
        actor_id=req.actor_id,
        actor_role=req.actor_role,
        run_id=req.run_id,
        episode_id=req.episode_id,
        derived_from=list(dict.fromkeys(req.derived_from)),
        visibility=req.visibility,
        revision_opened=[now],
        embedding=embeddings.maybe_embed(req.content),
    )
    first = subject is not None and store.subject_is_new(acc.tenant, acc.account, subject)
    store.put_memory(acc.tenant, acc.account, m, first)
    return m


def find(caller: Caller, memory_id: str) -> Memory:
    """A memory the caller may see, or 404."""
    acc = accounts.require(caller)
    m = store.get_memory(acc.tenant, acc.account, memory_id) if ids.is_id(memory_id, "mem") else None
    if m is None or not can_see(caller, m):
        raise NotFound(f"no memory '{memory_id}'")
    return m


def revise(caller: Caller, memory_id: str, content: str) -> Memory:
    """Close the open revision and open a new one; validity does not change."""
    m = find(caller, memory_id)
    if m.deleted_at is not None:
        raise NotFound(f"memory '{memory_id}' was deleted")
    if content != m.content:
        store.revise_memory(
            caller.tenant, accounts.account_of(caller), m, content, utcnow(), embeddings.maybe_embed(content)
        )
    found = store.get_memory(caller.tenant, accounts.account_of(caller), memory_id)
    assert found is not None
    return found


def forget(caller: Caller, memory_id: str) -> Memory:
    """Delete: content erased, tombstone kept for lineage (derived memories read as stale)."""
    m = find(caller, memory_id)
    if m.deleted_at is None:
        store.delete_memory(caller.tenant, accounts.account_of(caller), m, utcnow())
    else:
        store.erase_revisions(caller.tenant, accounts.account_of(caller), m.memory_id)  # finish one cut short
    found = store.get_memory(caller.tenant, accounts.account_of(caller), memory_id)
    assert found is not None
    return found


def revisions(caller: Caller, m: Memory) -> list[Revision]:
    """A memory's closed revisions; none once it is deleted (a tombstone hides any not yet erased)."""
    if m.deleted_at is not None:
        return []
    rows = store.get_revisions(caller.tenant, accounts.account_of(caller), m.memory_id)
    return [Revision.model_validate(r) for r in rows]


def correct(caller: Caller, req: CorrectionRequest) -> list[Memory]:
    """Take back a value read wrongly: every reading of it so far is kept, marked and hidden."""
    acc = accounts.require(caller)
    stored = subjects.resolve(acc, req.subject)
    wanted = value_key(req.attribute, req.value)
    readings = [
        m
        for m in visible(caller, store.query_subject(acc.tenant, acc.account, stored, req.attribute))
        if m.value is not None
        and value_key(req.attribute, m.value) == wanted
        and m.retracted is None
        and m.deleted_at is None
    ]
    if not readings:
        raise NotFound(f"no reading of {req.attribute} '{req.value}' for '{req.subject}'")
    now = utcnow()
    record = {
        "subject": stored,
        "attribute": req.attribute,
        "value": req.value,
        "value_key": wanted,
        "reason": req.reason,
        "by": caller.key_id,
        "at": now.isoformat(),
        "memory_ids": [m.memory_id for m in readings],
    }
    store.retract_memories(acc.tenant, acc.account, readings, record, now, keep=True)
    return readings


def set_profile(caller: Caller, name: str) -> str:
    """Name the end user: first-person statements read under this name from now on."""
    acc = accounts.ensure(caller)
    store.set_account_name(acc.tenant, acc.account, name.strip(), only_if_unset=False)
    accounts.forget(acc.tenant, acc.account)
    return name.strip()


def feedback(caller: Caller, memory_id: str, outcome: str) -> dict[str, int]:
    m = find(caller, memory_id)
    counted = store.count_outcome(caller.tenant, accounts.account_of(caller), m.memory_id, outcome)
    return {k: counted[k] + getattr(m, k) for k in ("retrieved", "used", "ignored")}
