"""Reading a memory's chain from the store: the lineage endpoint, and what explain builds on."""

from __future__ import annotations

from typing import Any

from twinmem import accounts, memories, store
from twinmem.errors import NotFound
from twinmem.lineage import Chain, Step, build_chains, chain_of, note_chain
from twinmem.models import Account, Caller, Memory, Revision, iso
from twinmem.views import can_see, memory_out, redacted


def load_chain(caller: Caller, m: Memory) -> tuple[Chain, list[Memory]]:
    """The chain holding `m`, and the memories of its subject and attribute (one Query, plus revisions)."""
    acc_name = accounts.account_of(caller)
    if not m.is_assertion:
        m = store.get_memory(caller.tenant, acc_name, m.memory_id) or m  # whole, if m is an index entry
        return note_chain(m, memories.revisions(caller, m) if m.revision > 1 else []), [m]
    assert m.subject is not None
    siblings = store.query_subject(caller.tenant, acc_name, m.subject, m.attribute)
    revised = {s.memory_id: memories.revisions(caller, s) for s in siblings if s.revision > 1}
    chain = chain_of(m.memory_id, build_chains(siblings, revised))
    assert chain is not None, "a memory is always in its own subject's chains"
    return chain, siblings


def step_out(acc: Account, caller: Caller, step: Step) -> dict[str, Any]:
    m = step.memory
    if not can_see(caller, m):
        return {**redacted(m.memory_id), "changed_at": iso(step.changed_at), "action": step.action,
                "is_current": step.is_current}
    superseded_at = step.changed_at if step.action in ("replaced", "refined", "retracted") else None
    out = memory_out(acc, m, superseded_at=superseded_at, content=step.content)
    out.update(
        changed_at=iso(step.changed_at),
        action=step.action,
        confidence=step.confidence,
        superseded_by=step.superseded_by,
        is_current=step.is_current,
    )
    if step.revision is not None:
        out["revision"] = step.revision
    return out


def lineage(caller: Caller, memory_id: str, max_steps: int) -> dict[str, Any]:
    """The chain behind one memory, oldest first; any id in the chain gives the same chain."""
    acc = accounts.require(caller)
    m = store.locate_memory(acc.tenant, acc.account, memory_id)  # the index entry is enough to find the chain
    if m is None or not can_see(caller, m):
        raise NotFound(f"no memory '{memory_id}'")
    chain, _ = load_chain(caller, m)
    steps = chain.steps[:max_steps]
    return {
        "memory_id": memory_id,
        "count": len(steps),
        "truncated": len(chain.steps) > max_steps,
        "chain": [step_out(acc, caller, s) for s in steps],
    }


def revision_at(m: Memory, revisions: list[Revision], at: Any) -> str | None:
    """The content known at an instant (transaction time), or None when the memory was not yet recorded."""
    if at < m.recorded_at:
        return None
    for rev in sorted(revisions, key=lambda r: r.n):
        if rev.opened_at <= at < rev.closed_at:
            return rev.content
    return m.content
