"""From an item to assertions and memories: what the stream consumer runs for each inserted or edited item."""

from __future__ import annotations

from datetime import UTC, datetime, time

from twinmem import accounts, embeddings, keys, store, subjects
from twinmem.errors import AlreadyDone
from twinmem.extract.base import SELF, Extractor, Statement
from twinmem.lineage import build_chains, chain_of
from twinmem.models import Account, Event, Evidence, Memory, utcnow
from twinmem.values import display_value

MAX_STATEMENTS = 45  # one transaction holds 100 writes: statements, their subjects and the record



def relations(tenant: str, account: str, memories: list[Memory]) -> tuple[list[dict[str, str]], set[str]]:
    """Feed entries for what the new memories do to the current ones (SUPERSEDED, or MERGE for a repeat),
    and the subjects found to hold something already.

    Reads each touched subject and attribute once; lineage itself is derived at read time.
    """
    out: list[dict[str, str]] = []
    filed: set[str] = set()
    seen: dict[tuple[str, str], list[Memory]] = {}
    for m in memories:
        assert m.subject is not None and m.attribute is not None
        key = (m.subject, m.attribute)
        if key not in seen:
            found = store.query_subject(tenant, account, m.subject, m.attribute)
            if found:
                filed.add(m.subject)
            seen[key] = [x for x in found if not x.hidden_from_history()]
        chain = chain_of(m.memory_id, build_chains([*seen[key], m]))
        step = next((s for s in chain.steps if s.superseded_by == m.memory_id), None) if chain else None
        if step is not None and step.action in ("replaced", "refined", "retracted", "repeated"):
            kind = "MERGE" if step.action == "repeated" else "SUPERSEDED"
            out.append({"kind": kind, "memory_id": step.memory.memory_id})
        seen[key].append(m)
    return out, filed


def memory_id_for(tenant: str, account: str, event_id: str, version: int, index: int, generation: int = 0) -> str:
    """Deterministic, so a redelivered record names the same memories."""
    parts = [tenant, account, event_id, str(version), str(index)] + ([f"g{generation}"] if generation else [])
    return keys.derive_id("mem_", *parts)


def memory_from_statement(acc: Account, ev: Event, index: int, st: Statement, extractor: Extractor,
                          now: datetime) -> Memory:
    subject = subjects.file_under(acc, st.subject)
    start, end = st.span
    passage = ev.content[start:end].strip() or ev.content[:500]
    valid_from = datetime.combine(st.valid_from, time(0), tzinfo=UTC)
    return Memory(
        memory_id=memory_id_for(acc.tenant, acc.account, ev.event_id, ev.version, index, acc.generation),
        content=passage,
        type="fact",
        layer="user",
        subject=subject,
        subject_display=None if subject == SELF else st.subject.strip(),
        attribute=st.attribute,
        value=display_value(st.value),
        qualifier=st.qualifier,
        polarity=st.polarity,
        assertion_valid_from=st.valid_from,
        said_at=ev.said_at,
        created_at=ev.said_at,
        observed_at=ev.said_at,
        valid_from=valid_from,
        recorded_at=now,
        updated_at=now,
        source_kind="user" if ev.role == "user" else "agent",
        source_verified=True,
        extraction_method=extractor.method,
        model=extractor.model,
        evidence=[Evidence(event_id=ev.event_id, span=(start, end), version=ev.version)],
        embedding=embeddings.maybe_embed(passage),
    )


def ingest_event(tenant: str, account: str, ev: Event, extractor: Extractor,
                 acc: Account | None = None) -> list[Memory]:
    """Read one item version and file what it says; a redelivered version writes nothing.

    Returns the memories written (empty on redelivery). What earlier versions of the item (an
    edit) or earlier generations (a rebuild) yielded is withdrawn in the same transaction:
    kept, marked, hidden from history.
    """
    # the warm container's account record (≤ TWINMEM_ACCOUNT_CACHE_SECONDS old): a turn read with the
    # generation before a rebuild began is re-read by that rebuild, which withdraws the older reading
    acc = acc or accounts.lookup(tenant, account) or Account(tenant=tenant, account=account,
                                                             created_at=ev.recorded_at)
    statements = extractor.extract(ev.content, ev.said_at, ev.role)[:MAX_STATEMENTS]
    now = utcnow()
    name = next((s.value for s in statements if s.subject == SELF and s.attribute == "name" and s.polarity == 1),
                None)
    if name and not acc.name and store.set_account_name(tenant, account, display_value(name), only_if_unset=True):
        accounts.forget(tenant, account)
        acc = acc.model_copy(update={"name": display_value(name)})
    memories = [memory_from_statement(acc, ev, i, st, extractor, now) for i, st in enumerate(statements)]
    previous = []
    if ev.version > 1 or acc.generation > 0:
        previous = [r for r in store.extraction_records(tenant, account, ev.event_id)
                    if not r.get("superseded_at")
                    and (r.get("version"), r.get("generation", 0)) != (ev.version, acc.generation)]
    if not memories and not previous:
        return []  # nothing said and nothing to take back: no write at all
    changes, filed = relations(tenant, account, memories)
    try:
        store.write_extraction(tenant, account, ev.event_id, ev.version, acc.generation, memories,
                               first_of_subjects(tenant, account, memories, filed), previous, now, changes)
    except AlreadyDone:
        return []
    return memories


def first_of_subjects(tenant: str, account: str, memories: list[Memory], filed: set[str]) -> set[str]:
    """Ids of the memories that are the first filed under their subject (they list it, on gsi2).

    `filed`: subjects already known to hold something (no need to ask again).
    """
    firsts: dict[str, str] = {}
    for m in memories:
        assert m.subject is not None
        if m.subject not in firsts:
            new = m.subject not in filed and store.subject_is_new(tenant, account, m.subject)
            firsts[m.subject] = m.memory_id if new else ""
    return {mid for mid in firsts.values() if mid}
