"""The known lines: values as stated, newest said first, repeats collapsed, conflicts named.

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

from twinmem.models import Memory, is_control
from twinmem.values import value_key

HEADER = "Values as stated, newest said first:"


@dataclass
class Entry:
    shown: str
    qualifier: str | None
    said: date | None = None  # newest date said to hold
    said_not: date | None = None  # newest date said not to hold
    last: tuple[datetime, int] = (datetime.min.replace(tzinfo=UTC), 0)  # newest statement: (said_at, place in turn)
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


def _said_order(m: Memory) -> tuple[datetime, int]:
    """When a memory was said: its turn's time, then its place in the turn (its passage's offset)."""
    span = m.evidence[0].span if m.evidence else None
    return (m.said_at or m.created_at, span[0] if span else 0)


def _rank(e: Entry) -> tuple[bool, date, tuple[datetime, int]]:
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
        key = (value_key(m.attribute, m.value), (m.qualifier or "").lower())
        entry = by_attr.setdefault(m.attribute, {}).setdefault(key, Entry(shown=m.value, qualifier=m.qualifier))
        entry.last, entry.holds = _said_order(m), m.polarity > 0
        if m.polarity > 0:
            entry.said, entry.shown = said, m.value  # newest wording wins
        else:
            entry.said_not = said
    return {attr: sorted(entries.values(), key=_rank, reverse=True) for attr, entries in by_attr.items()}


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
