"""From an item to assertions and memories: what the stream consumer runs for each inserted or edited item."""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from typing import Any

from twinmem import accounts, embeddings, ids, relatives, subjects
from twinmem.access import change_entry
from twinmem.aws import store
from twinmem.chains import build_chains, chain_of
from twinmem.errors import AlreadyDone
from twinmem.extract import named as named_subjects
from twinmem.extract.base import Extractor, Fact, Statement, read_turn
from twinmem.extract.time_anchor import mentions
from twinmem.models import Account, Event, Evidence, Memory, utcnow
from twinmem.subjects import SELF
from twinmem.values import display_value

MAX_STATEMENTS = 45  # one transaction holds 100 writes: statements, their subjects and the record


def relations(tenant: str, account: str, memories: list[Memory]) -> tuple[list[dict[str, str]], set[str]]:
    """Feed entries for what the new memories do to the current ones (SUPERSEDED, or MERGE for a repeat),
    and the subjects found to hold a shared memory already. A repeat counts one more confirmation
    (`evidence_count`) on the new memory, which is the value's current saying.

    Reads each touched subject and attribute once; lineage itself is derived at read time.
    """
    out: list[dict[str, str]] = []
    filed: set[str] = set()
    seen: dict[tuple[str, str], list[Memory]] = {}
    for m in (x for x in memories if x.is_assertion):  # free-form facts have no chain
        assert m.subject is not None and m.attribute is not None
        key = (m.subject, m.attribute)
        if key not in seen:
            found = store.query_subject(tenant, account, m.subject, m.attribute)
            if any(x.visibility != "private" for x in found):
                filed.add(m.subject)
            seen[key] = [x for x in found if not x.hidden_from_history()]
        chain = chain_of(m.memory_id, build_chains([*seen[key], m]))
        step = next((s for s in chain.steps if s.superseded_by == m.memory_id), None) if chain else None
        if step is not None and step.action in ("replaced", "refined", "retracted", "repeated"):
            kind = "MERGE" if step.action == "repeated" else "SUPERSEDED"
            out.append(change_entry(kind, step.memory))
            if kind == "MERGE":
                m.evidence_count = step.memory.evidence_count + 1  # said again: one more confirmation
        seen[key].append(m)
    return out, filed


def memory_id_for(tenant: str, account: str, event_id: str, version: int, index: int, generation: int = 0) -> str:
    """Deterministic, so a redelivered record names the same memories."""
    parts = [tenant, account, event_id, str(version), str(index)] + ([f"g{generation}"] if generation else [])
    return ids.derive_id("mem_", *parts)


def spoken(ev: Event, passage: str) -> str:
    """A memory's content: the passage, after its speaker's name when the client named them, so
    that the name a question uses finds it ("Maya: I got a beagle")."""
    return f"{ev.name}: {passage}" if ev.name else passage


def _filed(acc: Account, ev: Event, said_subject: str) -> tuple[str, str | None]:
    """(subject key, display name) of a subject as the extractor read it; the speaker is the item's name."""
    subject = subjects.file_under(acc, said_subject, speaker=ev.name)
    if subject == SELF:
        return subject, None
    return subject, (ev.name or "").strip() if said_subject == SELF else said_subject.strip()


def _memory(
    acc: Account,
    ev: Event,
    index: int,
    extractor: Extractor,
    now: datetime,
    *,
    said_subject: str,
    content: str,
    span: tuple[int, int],
    valid_from: date,
    **assertion: Any,
) -> Memory:
    """The memory one reading of the item makes: its times, provenance and evidence (and an assertion's fields)."""
    subject, display = _filed(acc, ev, said_subject)
    return Memory(
        memory_id=memory_id_for(acc.tenant, acc.account, ev.event_id, ev.version, index, acc.generation),
        content=spoken(ev, content),
        type="fact",
        layer="user",
        subject=subject,
        subject_display=display,
        said_at=ev.said_at,
        created_at=ev.said_at,
        observed_at=ev.said_at,
        valid_from=datetime.combine(valid_from, time(0), tzinfo=UTC),
        recorded_at=now,
        updated_at=now,
        source_kind="user" if ev.role == "user" else "agent",
        source_verified=True,
        extraction_method=extractor.method,
        model=extractor.model,
        evidence=[Evidence(event_id=ev.event_id, span=span, version=ev.version)],
        embedding=embeddings.maybe_embed(spoken(ev, content)),
        **assertion,
    )


def memory_from_statement(
    acc: Account, ev: Event, index: int, st: Statement, extractor: Extractor, now: datetime
) -> Memory:
    start, end = st.span
    passage = ev.content[start:end].strip() or ev.content[:500]
    return _memory(
        acc,
        ev,
        index,
        extractor,
        now,
        said_subject=st.subject,
        content=passage,
        span=(start, end),
        valid_from=st.valid_from,
        attribute=st.attribute,
        value=display_value(st.value),
        qualifier=st.qualifier,
        polarity=st.polarity,
        assertion_valid_from=st.valid_from,
        mentions=mentions(passage, ev.said_at),
    )


def memory_from_fact(acc: Account, ev: Event, index: int, fact: Fact, extractor: Extractor, now: datetime) -> Memory:
    """A free-form fact (outside the vocabulary) as a memory without an assertion: found by retrieve,
    never in history, known or lineage."""
    start, end = fact.span
    return _memory(
        acc,
        ev,
        index,
        extractor,
        now,
        said_subject=fact.subject,
        content=fact.content.strip(),
        span=(start, end),
        valid_from=fact.valid_from,
        mentions=fact.mentions or mentions(ev.content[start:end], ev.said_at),
    )


def _named_by(acc: Account, ev: Event, statements: list[Statement]) -> Account:
    """The account, named when the end user said their name ("my name is ...") in a turn of their own
    (a named speaker is somebody else) and it had none yet."""
    name = next((s.value for s in statements if s.subject == SELF and s.attribute == "name" and s.polarity == 1), None)
    if (
        name
        and not ev.name
        and not acc.name
        and store.set_account_name(acc.tenant, acc.account, display_value(name), only_if_unset=True)
    ):
        accounts.forget(acc.tenant, acc.account)
        return acc.model_copy(update={"name": display_value(name)})
    return acc


def _earlier_readings(acc: Account, ev: Event) -> list[dict[str, Any]]:
    """What earlier versions of the item, or earlier generations, wrote and still stands (to withdraw)."""
    if not (ev.version > 1 or acc.generation > 0):
        return []
    return [
        r
        for r in store.extraction_records(acc.tenant, acc.account, ev.event_id)
        if not r.get("superseded_at") and (r.get("version"), r.get("generation", 0)) != (ev.version, acc.generation)
    ]


def ingest_event(
    tenant: str, account: str, ev: Event, extractor: Extractor, acc: Account | None = None
) -> list[Memory]:
    """Read one item version and file what it says; a redelivered version writes nothing.

    Returns the memories written (empty on redelivery). What earlier versions of the item (an
    edit) or earlier generations (a rebuild) yielded is withdrawn in the same transaction:
    kept, marked, hidden from history.
    """
    # the warm container's account record (≤ TWINMEM_ACCOUNT_CACHE_SECONDS old): a turn read with the
    # generation before a rebuild began is re-read by that rebuild, which withdraws the older reading
    acc = acc or accounts.lookup(tenant, account) or Account(tenant=tenant, account=account, created_at=ev.recorded_at)
    # "my sister" said alone read as the sister named before ("my sister Maren"), spans put back on the turn
    in_context = getattr(extractor, "reads_context", False) is True
    text, shifts = relatives.named_in(ev.content, ev.relatives) if in_context else (ev.content, [])
    names = recorded_names(acc, ev, extractor)
    own, things = speaker_filed(acc, ev, extractor), named_filed(acc, ev, extractor, text, names)
    reading = read_turn(
        extractor, text, ev.said_at, ev.role, ev.name, filed=own, things=things, asked=ev.asked, replied=ev.replied
    )
    statements = [
        as_recorded(st.model_copy(update={"span": relatives.unshift(st.span, shifts)}) if shifts else st, names)
        for st in reading.statements[:MAX_STATEMENTS]
    ]
    now = utcnow()
    acc = _named_by(acc, ev, statements)
    memories = [memory_from_statement(acc, ev, i, st, extractor, now) for i, st in enumerate(statements)]
    memories += [
        memory_from_fact(acc, ev, len(statements) + i, f, extractor, now)
        for i, f in enumerate(reading.facts[: MAX_STATEMENTS - len(statements)])
    ]
    previous = _earlier_readings(acc, ev)
    if not memories and not previous:
        return []  # nothing said and nothing to take back: no write at all
    changes, filed = relations(tenant, account, memories)
    try:
        store.write_extraction(
            tenant,
            account,
            ev.event_id,
            ev.version,
            acc.generation,
            memories,
            first_of_subjects(tenant, account, memories, filed),
            previous,
            now,
            changes,
        )
    except AlreadyDone:
        return []
    return memories


def speaker_filed(acc: Account, ev: Event, extractor: Extractor) -> dict[str, list[str]]:
    """The speaker's values filed so far (attribute -> values, newest said first), for an extractor that reads
    changes in context: one projected Query of the speaker's subject; nothing for a turn without a speaker."""
    if getattr(extractor, "reads_context", False) is not True or (ev.role == "assistant" and not ev.name):
        return {}
    return store.filed_values(acc.tenant, acc.account, subjects.file_under(acc, SELF, speaker=ev.name))


MAX_NAMED = 4  # subjects named in one turn whose values are read (one Query each)


def recorded_names(acc: Account, ev: Event, extractor: Extractor) -> dict[str, str]:
    """display -> stored name of the account's shared subjects, for an extractor that reads changes in
    context (one gsi2 Query); nothing for an unnamed assistant turn (it states no change)."""
    if getattr(extractor, "reads_context", False) is not True or (ev.role == "assistant" and not ev.name):
        return {}
    recorded = store.list_subjects(acc.tenant, acc.account, lambda visibility, _agent: visibility != "private")
    return {display: stored for stored, display in recorded if stored != SELF}


def as_recorded(st: Statement, names: dict[str, str]) -> Statement:
    """A statement about a thing said with or without its head word ("Juniper's active again" after "Project
    Juniper is on hold") filed under the thing as first recorded (subjects.named_by), so its line is one."""
    if st.subject == SELF or not names or subjects.subject_key(st.subject) in names.values():
        return st
    meant = subjects.named_by(st.subject, list(names.values())) or subjects.called_with_kind(
        st.subject, {stored: display for display, stored in names.items()}
    )
    display = next((d for d, stored in names.items() if stored == meant), None)
    return st.model_copy(update={"subject": display}) if display else st


def named_filed(
    acc: Account, ev: Event, extractor: Extractor, text: str | None = None, names: dict[str, str] | None = None
) -> dict[str, dict[str, list[str]]]:
    """The recorded subjects a turn (or the question it answers) names, things and other people, and their
    values filed so far, for an extractor that reads changes in context: one projected Query per subject
    named (at most MAX_NAMED), after the names (`recorded_names`, read here when not given)."""
    names = recorded_names(acc, ev, extractor) if names is None else names
    if not names:
        return {}
    said = ev.content if text is None else text  # (with relatives said alone named: relatives.py)
    named = named_subjects.mentions(f"{ev.asked or ''} {said}", list(names))[:MAX_NAMED]  # or its question
    back = named_subjects.refers_back(ev.content) or bool(ev.asked and named_subjects.ASKS_OF_SOMEONE.search(ev.asked))
    if not named and ev.spoken_of and back:  # "She transferred, ...", or the answer to "What's her title now?"
        named = named_subjects.mentions(ev.spoken_of, list(names))[-MAX_NAMED:]  # the last said
    return {n: store.filed_values(acc.tenant, acc.account, names[n]) for n in named}


def first_of_subjects(tenant: str, account: str, memories: list[Memory], filed: set[str]) -> set[str]:
    """Ids of the memories that are the first filed under their subject (they list it, on gsi2).

    `filed`: subjects already known to hold something (no need to ask again).
    """
    firsts: dict[str, str] = {}
    for m in (x for x in memories if x.is_assertion):  # a free-form fact is not filed under its subject
        assert m.subject is not None
        if m.subject not in firsts:
            new = m.subject not in filed and store.subject_is_new(tenant, account, m.subject)
            firsts[m.subject] = m.memory_id if new else ""
    return {mid for mid in firsts.values() if mid}
