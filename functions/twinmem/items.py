"""Items (turns and notes): stored as immutable events; edits keep the old text as a version."""

from __future__ import annotations

import re
from datetime import UTC

from twinmem import accounts, episodes, ids, relatives
from twinmem.aws import store
from twinmem.errors import Invalid, NotFound
from twinmem.http.schemas import AddItemsRequest, ItemsAdded
from twinmem.models import Account, Caller, Event, LastTurn, utcnow
from twinmem.observability import logger


def event_id_for(tenant: str, account: str, client_id: str | None) -> str:
    """A client id always maps to the same event id; without one the id is random."""
    if client_id is None:
        return ids.new_id("ev_")
    return ids.derive_id("ev_", tenant, account, client_id)


def add_items(caller: Caller, req: AddItemsRequest) -> ItemsAdded:
    """Store each item once (conditional put): re-sending a client id returns the same event id.

    The whole call is checked before anything is written (nor the end user created): a refused call
    stores nothing.
    """
    tenant, account = caller.tenant, accounts.account_of(caller)
    now = utcnow()
    events: list[Event] = []
    seen: set[str] = set()
    for index, item in enumerate(req.items):
        if item.id is not None and item.id in seen:
            raise Invalid(f"items.{index}.id", "the same id twice in one call")
        if item.id is not None:
            seen.add(item.id)
        try:
            said_at = (item.said_at or now).astimezone(UTC)
        except OverflowError as exc:
            raise Invalid(f"items.{index}.said_at", "must fall within years 1..9999 in UTC") from exc
        events.append(
            Event(
                event_id=event_id_for(tenant, account, item.id),
                client_id=item.id,
                role=item.role,
                content=item.content,
                said_at=said_at,
                conversation_id=item.conversation_id,
                name=item.name.strip() if item.name else None,
                recorded_at=now,
            )
        )
    known = accounts.lookup(tenant, account)
    last = {conv: store.last_turn(tenant, account, conv) for conv in _conversations(events)} if known else {}
    for ev in events:
        prev = last.get(ev.conversation_id)
        ev.asked = asked_before(prev, ev) if prev is not None else None
        ev.spoken_of = prev.spoken_of if prev is not None else None
        ev.relatives = prev.relatives if prev is not None else None
        ev.replied = replied_to(prev, ev) if prev is not None else None
        last[ev.conversation_id] = last_turn_of(ev)
    vectors = episodes.vectors_for([ev.content for ev in events])  # RetrievalBackend=vector only
    # all or nothing: the items, and the end user's record on their first items, in one transaction
    store.put_events(
        tenant, account, events, vectors, None if known else Account(tenant=tenant, account=account, created_at=now)
    )
    if known is None:
        accounts.forget(tenant, account)
    _record_last_turns(tenant, account, events, last)
    return ItemsAdded(count=len(events), event_ids=[ev.event_id for ev in events])


MAX_ASKED = 500  # characters of the question kept with the answer
MAX_SAID = 600  # characters of a turn kept for an assistant's reply to read back


def _conversations(events: list[Event]) -> list[str | None]:
    return list(dict.fromkeys(ev.conversation_id for ev in events))


# a sentence that checks what the other speaker said: "Got it, so the membership is cancelled rather than frozen."
_CHECK = re.compile(
    r"^\W*(?:(?:got\s+it|noted|understood|okay|ok|right)\W+)*(?:so|just\s+to\s+(?:check|confirm)|to\s+confirm)\b", re.I
)


# capitalised words: a name said (the reader keeps those that name a subject recorded)
_NAME = re.compile(
    r"(?<![\w@./-])(?:[A-Z][\w&'’-]*[a-z][\w&'’-]*|[a-z][a-z0-9]+(?:[-_][a-z0-9]+)+|[a-z][a-z0-9]+(?=\s+v?\d+\.\d+))"
)  # a capitalised word, an identifier (billing-api), or a word named with its version (quillmark 1.8.4)
# a thing said in lower case by what it is: "the mobile app", "our staging box" (a later "2.4.1 is live now" is its)
_THING_SAID = re.compile(
    r"\b(?:[Tt]he|[Oo]ur|[Mm]y|[Tt]heir)\s+((?:[A-Za-z][A-Za-z0-9-]*\s+){0,2}(?:app|service|api|server|site|website|box|client|db|"
    r"database|cluster|dashboard|bot|tool|library|plugin|extension|repo|pipeline|worker|proxy|gateway|cache|queue))\b"
)
# capitalised because they open a sentence, not because they name anyone (a short list of its own: the write
# handler does not load the extractor's grammar and its word lists, which are the stream consumer's cold start)
_NOT_NAMES = frozenset(
    "i i'm i've i'll i'd the a an my our your his her their it it's its this that that's there there's these those "
    "he she they we you you're you'll you've what what's when where why how who which if and but or so also maybe "
    "yes no not sure thanks thank great good nice sounds congrats congratulations sorry being here here's well oh "
    "ok okay hi hey hello for with in on at to from just still even some any most many both each every all once "
    "after before since while because although though let please do does did is are was were can could would "
    "should will have has had try look".split()
)
MAX_SPOKEN_OF = 12  # names kept, the latest said last


def last_turn_of(ev: Event) -> LastTurn:
    """What the next item needs of this one: who said it, when, and its questions (the last MAX_ASKED
    characters of its sentences ending with "?" or checking what was said: "So you're in Denver now.")."""
    said = (s.strip() for s in re.findall(r"[^.!?]*[.!?]+|[^.!?]+$", ev.content))
    questions = " ".join(s for s in said if s and (s.endswith("?") or _CHECK.match(s)))
    named = [m.group(0) for m in _NAME.finditer(ev.content) if m.group(0).lower() not in _NOT_NAMES]
    named += [m.group(1) for m in _THING_SAID.finditer(ev.content)]  # "the mobile app": a thing said in lower case
    names = list(dict.fromkeys([*(ev.spoken_of or "").split(), *named][::-1]))[::-1]  # the latest said last
    return LastTurn(
        event_id=ev.event_id,
        role=ev.role,
        name=ev.name,
        said_at=ev.said_at,
        questions=questions[-MAX_ASKED:] or None,
        spoken_of=" ".join(names[-MAX_SPOKEN_OF:]) or None,
        relatives=relatives.merged(ev.relatives, ev.content),
        said=ev.content[-MAX_SAID:] if ev.role != "assistant" or ev.name else None,
    )


def asked_before(prev: LastTurn, ev: Event) -> str | None:
    """The question `prev` asked, when `ev` answers it: `prev` is the item just before in the same
    conversation (in this call, or the last one posted before it), said by another speaker, not later."""
    if (prev.role, prev.name) == (ev.role, ev.name) or prev.said_at > ev.said_at:
        return None
    return prev.questions


def replied_to(prev: LastTurn, ev: Event) -> str | None:
    """What an unnamed assistant turn replies to: the end of the other speaker's turn just before it (in this
    call, or the last one posted before it), not said later."""
    if ev.role != "assistant" or ev.name or (prev.role, prev.name) == (ev.role, ev.name) or prev.said_at > ev.said_at:
        return None
    return prev.said


def _record_last_turns(tenant: str, account: str, events: list[Event], last: dict[str | None, LastTurn | None]) -> None:
    """Keep each conversation's last item for the next call (a hint: failing to write it loses nothing
    stored, so it is logged, not raised)."""
    for conv in _conversations(events):
        turn = last.get(conv)
        if turn is None:
            continue
        try:
            store.put_last_turn(tenant, account, conv, turn)
        except Exception:  # the items are stored; only the next call's context is lost
            logger.warning("last turn not recorded", extra={"conversation_id": conv})


def get_item(caller: Caller, event_id: str) -> Event:
    acc = accounts.require(caller, allow_rebuilding=True)
    ev = store.get_event(acc.tenant, acc.account, event_id, with_versions=True) if ids.is_id(event_id, "ev") else None
    if ev is None:
        raise NotFound(f"no item '{event_id}'")
    return ev


def edit_item(caller: Caller, event_id: str, content: str) -> Event:
    """Keep the old text as a version; the stream re-reads the item and withdraws what the old text said."""
    acc = accounts.require(caller, allow_rebuilding=True)
    ev = store.get_event(acc.tenant, acc.account, event_id) if ids.is_id(event_id, "ev") else None
    if ev is None:
        raise NotFound(f"no item '{event_id}'")
    if ev.content == content:
        return store.get_event(acc.tenant, acc.account, event_id, with_versions=True) or ev
    store.replace_event_content(acc.tenant, acc.account, ev, content, utcnow(), episodes.vectors_for([content])[0])
    updated = store.get_event(acc.tenant, acc.account, event_id, with_versions=True)
    assert updated is not None
    return updated
