"""Reading a memory's chain from the store: the lineage endpoint, and what explain builds on."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from twinmem import accounts, memories, warm
from twinmem.access import can_see, visible
from twinmem.aws import store
from twinmem.chains import Chain, Step, build_chains, chain_of, note_chain, valid_until
from twinmem.errors import NotFound
from twinmem.http.views import memory_out, redacted
from twinmem.models import Account, Caller, Memory, Revision, iso


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


def valid_ends(caller: Caller, siblings: list[Memory]) -> dict[str, datetime]:
    """Where each value's validity ends, derived as retrieve derives it from what the caller may see."""
    return valid_until(build_chains([m for m in visible(caller, siblings) if m.is_assertion]))


def step_out(acc: Account, caller: Caller, step: Step, ends: dict[str, datetime] | None = None) -> dict[str, Any]:
    m = step.memory
    if not can_see(caller, m):
        return {
            **redacted(m.memory_id),
            "changed_at": iso(step.changed_at),
            "action": step.action,
            "is_current": step.is_current,
        }
    superseded_at = step.changed_at if step.action in ("replaced", "refined", "retracted") else None
    out = memory_out(acc, m, superseded_at=superseded_at, content=step.content, valid_to=(ends or {}).get(m.memory_id))
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


@warm.register
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
    chain, siblings = load_chain(caller, m, siblings)
    _remember(acc.tenant, acc.account, chain)
    steps = chain.steps[:max_steps]
    ends = valid_ends(caller, siblings)
    return {
        "memory_id": memory_id,
        "count": len(steps),
        "truncated": len(chain.steps) > max_steps,
        "chain": [step_out(acc, caller, s, ends) for s in steps],
    }


def as_it_was(m: Memory, revisions: list[Revision], at: datetime) -> Memory:
    """The memory as it read at an instant of transaction time: that revision's content, number and opening,
    and no correction or withdrawal that came later."""
    n, content = m.revision, m.content
    opened = m.revision_opened[-1] if m.revision_opened else m.updated_at
    for rev in sorted(revisions, key=lambda r: r.n):
        if rev.opened_at <= at < rev.closed_at:
            n, content, opened = rev.n, rev.content, rev.opened_at
            break
    update: dict[str, Any] = {
        "content": content,
        "revision": n,
        "updated_at": min(opened, m.updated_at),
        "revision_opened": m.revision_opened[:n],
    }
    if m.retracted is not None and m.retracted.at > at:
        update["retracted"] = None
    if m.withdrawn_at is not None and m.withdrawn_at > at:
        update["withdrawn_at"] = None
    return m.model_copy(update=update)
