"""From an item to assertions and memories: what the stream consumer runs for each inserted or edited item."""

from __future__ import annotations

from datetime import UTC, datetime, time

from twinmem import accounts, keys, store, subjects
from twinmem.errors import AlreadyDone
from twinmem.extract.base import SELF, Extractor, Statement
from twinmem.models import Account, Event, Evidence, Memory, utcnow
from twinmem.values import display_value

MAX_STATEMENTS = 45  # one transaction holds 100 writes: statements, their subjects and the record

_registered: set[tuple[str, str, str]] = set()  # subjects this container already registered


def memory_id_for(tenant: str, account: str, event_id: str, version: int, index: int) -> str:
    """Deterministic, so a redelivered record names the same memories."""
    return keys.derive_id("mem_", tenant, account, event_id, str(version), str(index))


def memory_from_statement(acc: Account, ev: Event, index: int, st: Statement, extractor: Extractor,
                          now: datetime) -> Memory:
    subject = subjects.file_under(acc, st.subject)
    start, end = st.span
    passage = ev.content[start:end].strip() or ev.content[:500]
    valid_from = datetime.combine(st.valid_from, time(0), tzinfo=UTC)
    return Memory(
        memory_id=memory_id_for(acc.tenant, acc.account, ev.event_id, ev.version, index),
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
    )


def ingest_event(tenant: str, account: str, ev: Event, extractor: Extractor) -> list[Memory]:
    """Read one item version and file what it says; a redelivered version writes nothing.

    Returns the memories written (empty on redelivery). An edit (version > 1) withdraws what the
    previous version's text yielded: kept, marked, hidden from history.
    """
    acc = accounts.lookup(tenant, account) or Account(tenant=tenant, account=account, created_at=ev.recorded_at)
    statements = extractor.extract(ev.content, ev.said_at, ev.role)[:MAX_STATEMENTS]
    now = utcnow()
    name = next((s.value for s in statements if s.subject == SELF and s.attribute == "name" and s.polarity == 1),
                None)
    if name and not acc.name:
        if store.set_account_name(tenant, account, display_value(name), only_if_unset=True):
            accounts.forget(tenant, account)
        acc = accounts.lookup(tenant, account) or acc
    memories = [memory_from_statement(acc, ev, i, st, extractor, now) for i, st in enumerate(statements)]
    new_subjects: list[tuple[str, str]] = []
    for m in memories:
        assert m.subject is not None
        marker = (tenant, account, m.subject)
        if marker not in _registered and all(s != m.subject for s, _ in new_subjects):
            new_subjects.append((m.subject, m.subject_display or m.subject))
    withdraw: list[Memory] = []
    if ev.version > 1:
        withdraw = previous_readings(tenant, account, ev)
    try:
        store.write_extraction(tenant, account, ev.event_id, ev.version, memories, new_subjects, withdraw, now)
    except AlreadyDone:
        return []
    _registered.update((tenant, account, s) for s, _ in new_subjects)
    return memories


def previous_readings(tenant: str, account: str, ev: Event) -> list[Memory]:
    """The memories earlier versions of this item yielded and that are still standing."""
    found: list[Memory] = []
    for version in range(ev.version - 1, 0, -1):
        ids = store.extraction_record(tenant, account, ev.event_id, version)
        if ids:
            found += [m for m in (store.get_memory(tenant, account, i) for i in ids) if m is not None]
            break
    return [m for m in found if m.withdrawn_at is None]
