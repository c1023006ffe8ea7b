"""Items (turns and notes): stored as immutable events; edits keep the old text as a version."""

from __future__ import annotations

import secrets
from datetime import UTC

from twinmem import accounts, keys, store
from twinmem.errors import Invalid, NotFound
from twinmem.models import Caller, Event, utcnow
from twinmem.schemas import AddItemsRequest, ItemsAdded


def event_id_for(tenant: str, account: str, client_id: str | None) -> str:
    """A client id always maps to the same event id; without one the id is random."""
    if client_id is None:
        return "ev_" + secrets.token_hex(8)
    return keys.derive_id("ev_", tenant, account, client_id)


def add_items(caller: Caller, req: AddItemsRequest) -> ItemsAdded:
    """Store each item once (conditional put): re-sending a client id returns the same event id."""
    acc = accounts.ensure(caller)
    now = utcnow()
    ids: list[str] = []
    seen: set[str] = set()
    for index, item in enumerate(req.items):
        if item.id is not None and item.id in seen:
            raise Invalid(f"items.{index}.id", "the same id twice in one call")
        if item.id is not None:
            seen.add(item.id)
        ev = Event(
            event_id=event_id_for(acc.tenant, acc.account, item.id),
            client_id=item.id,
            role=item.role,
            content=item.content,
            said_at=(item.said_at or now).astimezone(UTC),
            conversation_id=item.conversation_id,
            name=item.name.strip() if item.name else None,
            recorded_at=now,
        )
        store.put_event(acc.tenant, acc.account, ev)
        ids.append(ev.event_id)
    return ItemsAdded(count=len(ids), event_ids=ids)


def get_item(caller: Caller, event_id: str) -> Event:
    acc = accounts.require(caller, allow_rebuilding=True)
    ev = store.get_event(acc.tenant, acc.account, event_id, with_versions=True) if keys.is_id(event_id, "ev") else None
    if ev is None:
        raise NotFound(f"no item '{event_id}'")
    return ev


def edit_item(caller: Caller, event_id: str, content: str) -> Event:
    """Keep the old text as a version; the stream re-reads the item and withdraws what the old text said."""
    acc = accounts.require(caller, allow_rebuilding=True)
    ev = store.get_event(acc.tenant, acc.account, event_id) if keys.is_id(event_id, "ev") else None
    if ev is None:
        raise NotFound(f"no item '{event_id}'")
    if ev.content == content:
        return store.get_event(acc.tenant, acc.account, event_id, with_versions=True) or ev
    store.replace_event_content(acc.tenant, acc.account, ev, content, utcnow())
    updated = store.get_event(acc.tenant, acc.account, event_id, with_versions=True)
    assert updated is not None
    return updated
