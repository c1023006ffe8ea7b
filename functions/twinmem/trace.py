"""Reading a memory's chain from the store: the lineage endpoint, and what explain builds on."""

from __future__ import annotations

from typing import Any

from twinmem import accounts, memories, store
from twinmem.errors import NotFound
from twinmem.lineage import Chain, Step, build_chains, chain_of, note_chain
from twinmem.models import Account, Caller, Memory, Revision, iso
from twinmem.views import can_see, memory_out, redacted


def load_chain(caller: Caller, m: Memory, siblings: list[Memory] | None = None) -> tuple[Chain, list[Memory]]:
    """The chain holding `m`, and the memories of its subject and attribute (one Query, plus revisions)."""
    acc_name = accounts.account_of(caller)
    if not m.is_assertion:
        m = store.get_memory(caller.tenant, acc_name, m.memory_id) or m  # whole, if m is an index entry
        return note_chain(m, memories.revisions(caller, m) if m.revision > 1 else []), [m]
    assert m.subject is not None
    if siblings is None:
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


# memory id -> (subject, attribute): fixed for a memory's life, so a warm container remembers where
# the chains it has read live, and a lineage of any of their ids is then the chain's Query alone
_where: dict[tuple[str, str, str], tuple[str, str]] = {}
MAX_REMEMBERED = 50_000


def forget_locations() -> None:
    """Forget where chains live (a new table, in tests)."""
    _where.clear()


def _remember(tenant: str, account: str, chain: Chain) -> None:
    if len(_where) > MAX_REMEMBERED:
        _where.clear()
    for s in chain.steps:
        if s.memory.subject is not None and s.memory.attribute is not None:
            _where[(tenant, account, s.memory.memory_id)] = (s.memory.subject, s.memory.attribute)


def lineage(caller: Caller, memory_id: str, max_steps: int) -> dict[str, Any]:
    """The chain behind one memory, oldest first; any id in the chain gives the same chain.

    Cost: the chain's Query, plus one gsi1 Query to find an id this container has not seen yet.
    """
    acc = accounts.require(caller)
    m: Memory | None = None
    siblings: list[Memory] | None = None
    where = _where.get((acc.tenant, acc.account, memory_id))
    if where is not None:
        siblings = store.query_subject(acc.tenant, acc.account, *where)
        m = next((s for s in siblings if s.memory_id == memory_id), None)
    if m is None:
        siblings = None
        m = store.locate_memory(acc.tenant, acc.account, memory_id)  # its index entry names its chain
    if m is None or not can_see(caller, m):
        raise NotFound(f"no memory '{memory_id}'")
    chain, _ = load_chain(caller, m, siblings)
    _remember(acc.tenant, acc.account, chain)
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
