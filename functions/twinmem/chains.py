"""Lineage: the engine's reading of how the memories of one subject and attribute follow each other.

Derived at read time from the memories themselves (one Query of the subject's attribute), never
stored: so it is always consistent with what history shows, costs no writes, and a rebuild or a
redelivered record cannot leave a stale link behind.

A chain holds the memories of one subject and attribute in the order they were said. Attributes
that hold several values at once (values.MULTI_VALUED) get one chain per value (and qualifier).
Each link says how the next memory relates to this one, with a confidence:

    repeated   the same value said again (its evidence, a MERGE), or named in fewer words
               ("Toyota Prius" -> "the Prius")                                 0.97
    retracted  the value said not to hold                                  0.90
    refined    a more specific form of the value ("Busan" -> "Haeundae")   0.80
    replaced   a different value said later (0.90 when its valid_from is later, else 0.70)
    corrected  taken back by a correction, or its source item was edited   1.00
    updated    its content was revised (a closed revision)                 1.00
    deleted    forgotten                                                   1.00
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from itertools import pairwise

from twinmem.models import Memory, Revision
from twinmem.values import is_multi_valued, is_refinement, is_short_form, value_key


@dataclass
class Step:
    memory: Memory
    content: str
    action: str | None = None
    confidence: float | None = None
    changed_at: datetime | None = None
    superseded_by: str | None = None
    is_current: bool = False
    revision: int | None = None  # a closed revision of `memory`, when this step is one


@dataclass
class Chain:
    steps: list[Step] = field(default_factory=list)

    def memory_ids(self) -> list[str]:
        return list(dict.fromkeys(s.memory.memory_id for s in self.steps))


def _said(m: Memory) -> datetime:
    return m.said_at or m.created_at


def chain_key(m: Memory) -> tuple[str, ...]:
    """Which chain a memory belongs to: subject and attribute, and the value for multi-valued ones."""
    base = (m.subject or "", m.attribute or "")
    if m.attribute and m.value and is_multi_valued(m.attribute):
        return (*base, value_key(m.attribute, m.value), m.qualifier or "")
    return base


def relation(old: Memory, new: Memory) -> tuple[str, float]:
    """How `new` relates to `old`, and how sure the engine is."""
    assert old.attribute is not None and old.value is not None and new.value is not None
    same = value_key(old.attribute, old.value) == value_key(old.attribute, new.value)
    if same and new.polarity == old.polarity:
        return "repeated", 0.97
    if same and new.polarity < 0:
        return "retracted", 0.90
    if new.polarity == old.polarity and is_short_form(old.attribute, old.value, new.value):
        return "repeated", 0.97
    if new.polarity > 0 and old.polarity > 0 and is_refinement(old.attribute, old.value, new.value):
        return "refined", 0.80
    later = (new.assertion_valid_from or new.valid_from.date()) > (old.assertion_valid_from or old.valid_from.date())
    return "replaced", 0.90 if later else 0.70


def _terminal(m: Memory) -> tuple[str, datetime] | None:
    """A memory's own end: deleted, corrected, or withdrawn with its source's edit."""
    if m.deleted_at is not None:
        return "deleted", m.deleted_at
    if m.retracted is not None:
        return "corrected", m.retracted.at
    if m.withdrawn_at is not None:
        return "corrected", m.withdrawn_at
    return None


def build_chains(memories: list[Memory], revisions: dict[str, list[Revision]] | None = None) -> list[Chain]:
    """Chains of assertion-bearing memories (any subjects and attributes), oldest first within each."""
    groups: dict[tuple[str, ...], list[Memory]] = {}
    for m in sorted(memories, key=lambda m: (_said(m), m.recorded_at, m.memory_id)):
        groups.setdefault(chain_key(m), []).append(m)
    return [_chain(ms, revisions or {}) for ms in groups.values()]


def _chain(ms: list[Memory], revisions: dict[str, list[Revision]]) -> Chain:
    chain = Chain()
    for i, m in enumerate(ms):
        for rev in sorted(revisions.get(m.memory_id, []), key=lambda r: r.n):
            chain.steps.append(
                Step(
                    memory=m,
                    content=rev.content,
                    action="updated",
                    confidence=1.0,
                    changed_at=rev.closed_at,
                    superseded_by=m.memory_id,
                    revision=rev.n,
                )
            )
        step = Step(memory=m, content=m.content)
        end = _terminal(m)
        nxt = ms[i + 1] if i + 1 < len(ms) else None
        if end is not None:
            step.action, step.confidence, step.changed_at = end[0], 1.0, end[1]
            step.superseded_by = nxt.memory_id if nxt else None
        elif nxt is not None:
            step.action, step.confidence = relation(m, nxt)
            step.changed_at, step.superseded_by = nxt.recorded_at, nxt.memory_id
        chain.steps.append(step)
    _mark_current(chain)
    return chain


def _mark_current(chain: Chain) -> None:
    """Exactly one step is current: the newest standing memory, else the newest step."""
    live = [s for s in chain.steps if s.revision is None and _terminal(s.memory) is None]
    (live[-1] if live else chain.steps[-1]).is_current = True
    for s in chain.steps:
        if s.is_current:
            s.action, s.confidence, s.changed_at, s.superseded_by = None, None, None, None


def note_chain(m: Memory, revisions: list[Revision]) -> Chain:
    """A memory without an assertion: its own revisions, then itself."""
    return _chain([m], {m.memory_id: revisions})


def chain_of(memory_id: str, chains: list[Chain]) -> Chain | None:
    return next((c for c in chains if memory_id in c.memory_ids()), None)


def superseded(chains: list[Chain]) -> dict[str, tuple[datetime, str, str]]:
    """memory_id -> (superseded_at, by, action) for memories a later one replaced, refined or retracted."""
    out: dict[str, tuple[datetime, str, str]] = {}
    for chain in chains:
        for s in chain.steps:
            if s.revision is None and s.action in ("replaced", "refined", "retracted") and s.changed_at:
                assert s.superseded_by is not None
                out[s.memory.memory_id] = (s.changed_at, s.superseded_by, s.action)
    return out


def valid_until(chains: list[Chain]) -> dict[str, datetime]:
    """Derived end of real-world validity: a value holds until the valid_from of the next standing memory of
    its chain that replaces it or says it no longer holds (one derivation, shown the same by every read).

    Memories taken back (corrected, withdrawn, deleted) end nothing: the value before them still holds.
    """
    out: dict[str, datetime] = {}
    for chain in chains:
        standing = [s.memory for s in chain.steps if s.revision is None and _terminal(s.memory) is None]
        for old, new in pairwise(standing):
            if relation(old, new)[0] in ("replaced", "retracted") and new.valid_from > old.valid_from:
                out[old.memory_id] = new.valid_from
    return out
