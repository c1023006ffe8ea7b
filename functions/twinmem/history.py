"""History of one subject: every assertion, attribute then valid_from, oldest first (one Query)."""

from __future__ import annotations

from typing import Any

from twinmem import accounts, subjects
from twinmem.access import may_see, visible
from twinmem.aws import store
from twinmem.http.schemas import AssertionOut, HistoryRequest
from twinmem.models import Account, Caller, Memory


def assertion_out(acc: Account, m: Memory) -> AssertionOut:
    assert m.subject is not None and m.attribute is not None and m.value is not None
    assert m.assertion_valid_from is not None
    said = m.said_at or m.created_at
    return AssertionOut(
        subject=subjects.shown(acc, m.subject),
        attribute=m.attribute,
        value=m.value,
        valid_from=m.assertion_valid_from.isoformat(),
        said_at=said.date().isoformat(),
        polarity=m.polarity,
        source_turn_ids=m.source_turn_ids,
        memory_id=m.memory_id,
        retracted=True if m.retracted is not None else None,
    )


def list_subjects(caller: Caller, acc: Account) -> list[tuple[str, str]]:
    """The account's subjects the caller may see (a subject only another agent's private memory holds is not)."""
    return store.list_subjects(acc.tenant, acc.account, lambda vis, agent: may_see(caller, vis, agent))


def readable(memories: list[Memory], req: HistoryRequest) -> list[Memory]:
    out = [m for m in memories if not m.hidden_from_history(req.include_retracted)]
    if req.as_of is not None:
        as_of = req.as_of
        out = [m for m in out if m.recorded_at <= as_of]
    return out


def in_history_order(memories: list[Memory]) -> list[Memory]:
    """Attribute, then valid_from, then said_at, oldest first. The Query returns this order already for the
    vocabulary's attribute names; a client's own names may hold characters whose encoding sorts differently
    in the key (`a/b` and `a-b`), so the order is made here, in memory (stable: ties keep the key order)."""
    return sorted(memories, key=lambda m: (m.attribute or "", m.assertion_valid_from, (m.said_at or m.created_at)))


def history(caller: Caller, req: HistoryRequest) -> dict[str, Any]:
    """The subject's assertions, or the miss answer naming the nearest recorded subjects."""
    acc = accounts.require(caller)
    stored = subjects.resolve(acc, req.subject)
    raw = visible(caller, store.query_subject(acc.tenant, acc.account, stored, req.attribute))
    if raw or (req.attribute is not None and visible(caller, store.query_subject(acc.tenant, acc.account, stored))):
        rows = [assertion_out(acc, m).model_dump(exclude_none=True) for m in in_history_order(readable(raw, req))]
        return {"subject": req.subject, "count": len(rows), "assertions": rows}
    recorded = [subjects.shown(acc, s) for s, _display in list_subjects(caller, acc)]
    return {
        "subject": req.subject,
        "error": "nothing recorded",
        "subjects": subjects.nearest(req.subject, recorded),
        "recorded": len(recorded),
    }
