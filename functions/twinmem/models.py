"""Domain models: plain pydantic, no AWS. The store converts them to and from items."""

from __future__ import annotations

import unicodedata
from datetime import UTC, date, datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Scope = Literal["read", "write", "admin"]
SCOPE_RANK: dict[str, int] = {"read": 1, "write": 2, "admin": 3}
Day = date  # a field may be named `date` (Mention.date) without shadowing the type
SourceKind = Literal["agent", "user", "document", "import", "derived", "system"]


class Model(BaseModel):
    """Base of every model: validators are built on first use, so a function builds only what it uses."""

    model_config = ConfigDict(defer_build=True)


_JOINERS = frozenset("\u200c\u200d")  # zero-width (non-)joiners: format characters that spell words and emoji


def is_control(ch: str) -> bool:
    """A control or format character: a line break, NUL, a bidi override (U+202E), a line separator.
    Names refuse them; the known lines show them escaped."""
    return ch not in _JOINERS and unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp")


def utcnow() -> datetime:
    return datetime.now(UTC)


def iso(dt: datetime | None) -> str | None:
    """RFC 3339 UTC with a Z, as every response shows time (always a four-digit year: 0005-03-01T…)."""
    if dt is None:
        return None
    text = dt.astimezone(UTC).replace(tzinfo=None).isoformat(timespec="microseconds")
    return text.removesuffix(".000000") + "Z"


class ApiKey(Model):
    key_id: str
    tenant: str
    scope: Scope
    name: str = ""
    created_at: datetime
    revoked_at: datetime | None = None
    agent_id: str | None = None  # a key bound to an agent also sees that agent's private memories


class Caller(Model):
    """Who is calling: the key's tenant and scope, and the end user named by X-Twin-Account."""

    tenant: str
    key_id: str
    scope: Scope
    account: str | None = None
    agent_id: str | None = None


class Account(Model):
    tenant: str
    account: str
    name: str | None = None
    created_at: datetime
    rebuilding_since: datetime | None = None
    generation: int = 0  # bumped by each rebuild; extraction ids and records carry it


class EventVersion(Model):
    version: int
    content: str
    recorded_at: datetime


class Event(Model):
    """An item the client added (a turn or a note). Its text is the source of everything read from it."""

    event_id: str
    client_id: str | None = None
    role: str = "user"
    content: str
    said_at: datetime
    conversation_id: str | None = None
    name: str | None = None  # who spoke, when the client said so
    # the question another speaker asked just before this item, in the same call and conversation: what a
    # short answer ("Tucson.") is read with. Stored on the item, never shown.
    asked: str | None = Field(default=None, exclude=True)
    # the last names said in the items before this one in its conversation (items.MAX_SPOKEN_OF, latest last):
    # whom "she" opening a turn may be ("She transferred, she's at Wits now"). Stored on the item, never shown.
    spoken_of: str | None = Field(default=None, exclude=True)
    # the relatives named by relation and name before it in its conversation ("sister=Maren mum=Rosalind",
    # twinmem/relatives.py): who "my sister" alone is. Stored on the item, never shown.
    relatives: str | None = Field(default=None, exclude=True)
    # for an assistant turn without a speaker's name: the end of the other speaker's turn just before it, which
    # its acknowledgements read back ("Noted, billing-api is now the platform team's"). Stored, never shown.
    replied: str | None = Field(default=None, exclude=True)
    recorded_at: datetime
    version: int = 1
    versions: list[EventVersion] = Field(default_factory=list)


class LastTurn(Model):
    """The item posted last in a conversation: who said it, when, and its questions (what the next call's
    first item may answer, when a client posts one turn a call)."""

    event_id: str
    role: str
    name: str | None = None
    said_at: datetime
    questions: str | None = None
    spoken_of: str | None = None  # the last names said up to and including it (items.MAX_SPOKEN_OF, latest last)
    relatives: str | None = None  # relatives named by relation and name up to and including it (relatives.py)
    said: str | None = None  # the end of its text (items.MAX_SAID characters), for an assistant's reply to it


class Mention(Model):
    """A time phrase in a turn and the day it points to, counted from when the turn was said."""

    text: str = Field(description="the phrase as said ('yesterday', 'two years ago', 'in May')")
    date: Day = Field(description="the day it resolves to (YYYY-MM-DD)")


class Evidence(Model):
    event_id: str
    span: tuple[int, int] | None = None
    version: int | None = None


class Correction(Model):
    at: datetime
    by: str
    reason: str


class Memory(Model):
    """A stored statement with bitemporal time fields, provenance and (optionally) one assertion."""

    memory_id: str
    content: str
    type: str = "fact"
    layer: str = "user"
    # the assertion it carries, if any
    subject: str | None = None  # normalised subject
    subject_display: str | None = None
    attribute: str | None = None
    value: str | None = None
    qualifier: str | None = None
    polarity: int = 1
    assertion_valid_from: date | None = None
    said_at: datetime | None = None
    # time
    created_at: datetime
    observed_at: datetime
    valid_from: datetime
    valid_to: datetime | None = None
    recorded_at: datetime
    superseded_at: datetime | None = None
    updated_at: datetime
    expires_at: datetime | None = None
    deleted_at: datetime | None = None
    # provenance
    source_kind: SourceKind = "user"
    source_verified: bool = False
    source_ref: str | None = None
    extraction_method: str = "verbatim"
    model: str | None = None
    agent_id: str | None = None
    actor_id: str | None = None
    actor_role: str | None = None
    run_id: str | None = None
    episode_id: str | None = None
    evidence_count: int = 1
    evidence: list[Evidence] = Field(default_factory=list)
    derived_from: list[str] = Field(default_factory=list)
    visibility: Literal["shared", "private"] = "shared"
    # lifecycle
    retracted: Correction | None = None
    withdrawn_at: datetime | None = None  # its source item was edited and no longer says it
    retrieved: int = 0  # usage: counted from retrieve's logs by the stream consumer
    used: int = 0
    ignored: int = 0
    revision: int = 1
    revision_opened: list[datetime] = Field(default_factory=list)  # when each revision opened
    embedding: list[float] | None = None
    mentions: list[Mention] = Field(default_factory=list)  # time phrases of its passage, resolved

    @property
    def source_turn_ids(self) -> list[str]:
        return list(dict.fromkeys(e.event_id for e in self.evidence))

    @property
    def is_assertion(self) -> bool:
        return self.subject is not None and self.attribute is not None and self.value is not None

    def hidden_from_history(self, include_retracted: bool = False) -> bool:
        if self.deleted_at is not None or self.withdrawn_at is not None:
            return True
        return self.retracted is not None and not include_retracted


class Revision(Model):
    memory_id: str
    n: int
    content: str
    opened_at: datetime
    closed_at: datetime


class Episode(Model):
    """One item as retrieve finds it: the turn's current text, who said it and when (its gsi1 entry).

    Not a memory: no id of its own (the event id names it), no lineage, never in history or known.
    """

    event_id: str
    content: str
    role: str = "user"
    name: str | None = None
    said_at: datetime
    recorded_at: datetime  # when the current version was recorded
    first_recorded_at: datetime | None = None  # when version 1 was recorded (set by the first edit)
    version: int = 1
    mentions: list[Mention] = Field(default_factory=list)
    deleted_at: datetime | None = None
    expires_at: datetime | None = None

    @property
    def recorded_first(self) -> datetime:
        return self.first_recorded_at or self.recorded_at
