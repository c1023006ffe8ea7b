"""Renderers: how a memory reads in responses, and the known lines.

A memory reads with all its time fields (RFC 3339 UTC), provenance and status (`memory_out`).

The known lines (`lines_for`, `text_of`): values as stated, newest said first, repeats collapsed,
conflicts named.

    Values as stated, newest said first:
    - Alice Chen · home_city: Lisbon [said 2026-10-01]; Berlin [said 2024-06-01]
    - Alice Chen · employer: not Acme [said 2026-11-02]
    - Alice Chen · diet: vegetarian [conflict: said 2026-01-05, said not 2026-09-01]

Pure functions over the memories of a subject (the same Query as history). A value told again in
other words (values.value_key) is one entry at its newest said date, shown as most recently said.
Nothing here says one value replaced another: the dates are given and the reader judges. Entries
said the same day keep the order they were said in (the later turn, the later place in a turn,
first), and a value whose newest statement is "not" comes after the values that hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from twinmem import subjects
from twinmem.models import Account, Memory, is_control, iso, utcnow
from twinmem.values import is_short_form, value_key


def status_of(m: Memory, superseded_at: datetime | None = None, now: datetime | None = None) -> str:
    now = now or utcnow()
    if m.deleted_at is not None:
        return "deleted"
    if m.retracted is not None:
        return "retracted"
    if m.withdrawn_at is not None:
        return "withdrawn"
    if m.expires_at is not None and m.expires_at <= now:
        return "expired"
    if superseded_at is not None:
        return "superseded"
    return "active"


def memory_out(
    acc: Account,
    m: Memory,
    *,
    superseded_at: datetime | None = None,
    valid_to: datetime | None = None,
    content: str | None = None,
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "memory_id": m.memory_id,
        "content": m.content if content is None else content,
        "type": m.type,
        "layer": m.layer,
        "status": status_of(m, superseded_at),
        "created_at": iso(m.created_at),
        "observed_at": iso(m.observed_at),
        "valid_from": iso(m.valid_from),
        "valid_to": iso(m.valid_to or valid_to),
        "recorded_at": iso(m.recorded_at),
        "superseded_at": iso(superseded_at),
        "updated_at": iso(m.updated_at),
        "expires_at": iso(m.expires_at),
        "visibility": m.visibility,
        "source_kind": m.source_kind,
        "source_verified": m.source_verified,
        "source_ref": m.source_ref,
        "extraction_method": m.extraction_method,
        "model": m.model,
        "agent_id": m.agent_id,
        "actor_id": m.actor_id,
        "actor_role": m.actor_role,
        "run_id": m.run_id,
        "episode_id": m.episode_id,
        "evidence_count": m.evidence_count,
        "evidence": [e.model_dump(exclude_none=True) for e in m.evidence],
        "mentions": [x.model_dump(mode="json") for x in m.mentions],  # relative time of its passage, resolved
        "derived_from": m.derived_from,
        "revision": m.revision,
    }
    if m.is_assertion:
        assert m.subject is not None
        out.update(
            subject=subjects.shown(acc, m.subject),
            attribute=m.attribute,
            value=m.value,
            polarity=m.polarity,
            qualifier=m.qualifier,
            said_at=iso(m.said_at),
        )
    if m.deleted_at is not None:
        out.update(deleted=True, deleted_at=iso(m.deleted_at))
    if m.retracted is not None:
        out["retracted"] = m.retracted.model_dump(mode="json")
    if m.withdrawn_at is not None:
        out["withdrawn_at"] = iso(m.withdrawn_at)
    return out


def redacted(memory_id: str) -> dict[str, Any]:
    return {"memory_id": memory_id, "redacted": True}


# The known lines

HEADER = "Values as stated, newest said first:"


@dataclass
class Entry:
    shown: str
    qualifier: str | None
    said: date | None = None  # newest date said to hold
    said_not: date | None = None  # newest date said not to hold
    last: tuple[datetime, int, int] = (datetime.min.replace(tzinfo=UTC), 0, 0)  # newest statement: said_order
    holds: bool = True  # whether the newest statement said it holds

    @property
    def newest(self) -> date:
        return max(d for d in (self.said, self.said_not) if d is not None)

    def text(self) -> str:
        value = f"{self.shown} ({self.qualifier})" if self.qualifier else self.shown
        value = one_line(value)
        if self.said and self.said_not:
            return f"{value} [conflict: said {self.said.isoformat()}, said not {self.said_not.isoformat()}]"
        if self.said_not:
            return f"not {value} [said {self.said_not.isoformat()}]"
        assert self.said is not None
        return f"{value} [said {self.said.isoformat()}]"


def _said_order(m: Memory) -> tuple[datetime, int, int]:
    """When a memory was said: its turn's time, then its place in the turn (its passage's offset); of the
    items of one list (one passage start, each passage reaching its item) the first said ranks first."""
    span = m.evidence[0].span if m.evidence else None
    return (m.said_at or m.created_at, span[0] if span else 0, -span[1] if span else 0)


def _rank(e: Entry) -> tuple[bool, date, tuple[datetime, int, int]]:
    """Values that hold before values whose newest statement is "not"; then newest said; then, for
    one day, the later turn and the later place in a turn ("I left Spotify, I joined Netflix")."""
    return (e.holds, e.newest, e.last)


def attribute_entries(memories: list[Memory]) -> dict[str, list[Entry]]:
    """attribute -> entries, newest said first. Expects visible assertion-bearing memories.

    Ties on the date break by the time of the turn and the place in it; a value whose newest
    statement says it does not hold ranks after every value that holds.
    """
    by_attr: dict[str, dict[tuple[str, str], Entry]] = {}
    for m in sorted(memories, key=_said_order):
        assert m.attribute is not None and m.value is not None
        said = (m.said_at or m.created_at).date()
        entries = by_attr.setdefault(m.attribute, {})
        key = (value_key(m.attribute, m.value), (m.qualifier or "").lower())
        fuller = None if key in entries else _fuller(entries, key[1], m.attribute, m.value)
        entry = fuller or entries.setdefault(key, Entry(shown=m.value, qualifier=m.qualifier))
        entry.last, entry.holds = _said_order(m), m.polarity > 0
        if m.polarity > 0:
            entry.said = said
            entry.shown = entry.shown if fuller else m.value  # newest wording wins, but not a shorter name
        else:
            entry.said_not = said
    return {attr: sorted(entries.values(), key=_rank, reverse=True) for attr, entries in by_attr.items()}


def _fuller(entries: dict[tuple[str, str], Entry], qualifier: str, attribute: str, value: str) -> Entry | None:
    """The entry said before that `value` names in fewer words ("Toyota Prius" for "the prius"), newest."""
    said = [e for (_, q), e in entries.items() if q == qualifier and is_short_form(attribute, e.shown, value)]
    return max(said, key=lambda e: e.last, default=None)


def lines_for(subject_display: str, memories: list[Memory]) -> list[str]:
    """One line per attribute of a subject; lines ordered by their newest said date, then attribute."""
    entries = attribute_entries(memories)
    ordered = sorted(entries.items(), key=lambda kv: (-max(e.newest for e in kv[1]).toordinal(), kv[0]))
    return [
        f"- {one_line(subject_display)} · {one_line(attr)}: " + "; ".join(e.text() for e in es) for attr, es in ordered
    ]


def one_line(text: str) -> str:
    """The text with line breaks and other control or format characters escaped (a newline reads as
    backslash-n, U+202E as backslash-u202e), so a value can never break the one-line format; a backslash
    reads as two, so a typed backslash-n and a line break read differently and any value reads back
    (Python's `unicode_escape` decoding undoes it)."""
    if text.isprintable() and "\\" not in text:
        return text
    return "".join(ch.encode("unicode_escape").decode("ascii") if ch == "\\" or is_control(ch) else ch for ch in text)


def text_of(lines: list[str]) -> str:
    return "\n".join([HEADER, *lines]) if lines else HEADER + "\n(nothing recorded)"
