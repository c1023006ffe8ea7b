"""Episodes: every item (turn or note) as retrieve finds it, with its speaker and the day it was said.

An episode is the item itself: its table item carries the account's retrieve index keys (gsi1), so
indexing a turn costs no write beyond the item, an edit re-indexes it (the item holds the current
text; `EVV#` versions hold the old), and it never enters history, known or lineage, which read
subject partitions. It has no memory id: the event id names it.

Axes, as for memories:
    default (no as_of)   said by now (not deleted, not expired, when the item says so)
    valid, as_of T       said at or before T
    transaction, as_of T recorded by T; the text shown (and found by) is the version current at T
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from twinmem import subjects
from twinmem.models import Account, Episode, EventVersion, Mention, iso

ASSISTANT_ROLES = frozenset({"assistant", "agent", "system", "tool"})


def speaker(acc: Account, name: str | None, role: str) -> str:
    """Who said it, as the brief writes it: the item's name, else the end user's name (a user turn), else the role."""
    if name:
        return name
    if role not in ASSISTANT_ROLES and acc.name:
        return acc.name
    return role


def about(acc: Account, stored: str, name: str | None, role: str, content: str) -> bool:
    """For `subject` narrowing: said by the subject (the end user reads SELF), or naming it in the text
    (whole words, case and spacing ignored)."""
    said_by = (
        subjects.resolve(acc, name)
        if name
        else (subjects.resolve(acc, "user") if role not in ASSISTANT_ROLES else role)
    )
    if said_by == stored:
        return True
    words = subjects.subject_key(subjects.display(acc, stored, None))
    return f" {words} " in f" {subjects.subject_key(_words(content))} "


def _words(text: str) -> str:
    return "".join(c if c.isalnum() else " " for c in text)


def document(acc: Account, name: str | None, role: str, content: str) -> str:
    """What an episode is found by: its speaker's name and its text."""
    return f"{speaker(acc, name, role)} {content}"


def text_at(ep: Episode, versions: list[EventVersion], at: datetime) -> tuple[str, int] | None:
    """(text, version) current at `at` (transaction time), None when the item was not recorded yet."""
    if at < ep.recorded_first:
        return None
    if at >= ep.recorded_at:
        return ep.content, ep.version
    ordered = sorted(versions, key=lambda v: v.version)
    for v, nxt in zip(ordered, [*ordered[1:], None], strict=True):
        until = nxt.recorded_at if nxt is not None else ep.recorded_at
        if v.recorded_at <= at < until:
            return v.content, v.version
    return None


def edited_after(episodes: list[Episode], at: datetime) -> bool:
    """Whether any of them was edited after `at` (a transaction-time read then needs their old versions)."""
    return any(ep.version > 1 and ep.recorded_at > at for ep in episodes)


def visible(
    episodes: list[Episode],
    as_of: datetime | None,
    axis: str,
    now: datetime,
    versions: dict[str, list[EventVersion]] | None = None,
) -> list[Episode]:
    """The episodes the requested axis shows, each with the text of that moment (pure: no I/O)."""
    kept: list[Episode] = []
    for ep in episodes:
        if ep.deleted_at is not None or (ep.expires_at is not None and ep.expires_at <= now):
            continue
        if as_of is not None and axis == "transaction":
            if ep.recorded_first > as_of:
                continue
            if ep.recorded_at > as_of:
                found = text_at(ep, (versions or {}).get(ep.event_id, []), as_of)
                if found is None:
                    continue
                ep = ep.model_copy(update={"content": found[0], "version": found[1]})
        elif ep.said_at > (as_of or now):
            continue
        kept.append(ep)
    return kept


def episode_out(acc: Account, ep: Episode, score: float) -> dict[str, Any]:
    """An episode as a retrieve result: shaped like a memory (type "episode", no memory id)."""
    said = iso(ep.said_at)
    out: dict[str, Any] = {
        "memory_id": None,
        "event_id": ep.event_id,
        "type": "episode",
        "content": ep.content,
        "speaker": speaker(acc, ep.name, ep.role),
        "name": ep.name,
        "role": ep.role,
        "status": "active",
        "said_at": said,
        "created_at": said,
        "valid_from": said,
        "valid_to": None,
        "recorded_at": iso(ep.recorded_first),
        "updated_at": iso(ep.recorded_at),
        "version": ep.version,
        "source_kind": "agent" if ep.role in ASSISTANT_ROLES else "user",
        "evidence": [{"event_id": ep.event_id, "span": [0, len(ep.content)], "version": ep.version}],
        "source_turn_ids": [ep.event_id],
        "mentions": [m.model_dump(mode="json") for m in ep.mentions or mentions_of(ep)],
        "score": round(score, 4),
    }
    return out


def mentions_of(ep: Episode) -> list[Mention]:
    """The turn's time phrases and the days they point to, counted from when it was said ("yesterday" said on
    2023-05-08 is 2023-05-07). Read when an episode is shown (a few µs a turn): it follows every edit, and
    stores nothing. The resolver is the extractor's, the same the facts of the turn carry."""
    from twinmem.extract.time_anchor import mentions

    return mentions(ep.content, ep.said_at)


def vectors_for(texts: list[str]) -> list[list[float] | None]:
    """Embeddings of item texts when the vector backend is on (else None each): a few at a time."""
    from twinmem import embeddings
    from twinmem.config import settings

    if settings().retrieval_backend != "vector" or not embeddings.enabled():
        return [None] * len(texts)
    if len(texts) == 1:
        return [embeddings.maybe_embed(texts[0])]
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=min(8, len(texts))) as pool:
        return list(pool.map(embeddings.maybe_embed, texts))
