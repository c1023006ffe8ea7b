"""The one interface every extractor implements, and what it returns."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime
from typing import Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

from twinmem.models import Mention
from twinmem.subjects import SELF  # noqa: F401  (the speaker marker, defined with the subjects; re-exported)


class Statement(BaseModel):
    """One statement of state read from a turn's text: an attribute of the vocabulary and its value."""

    model_config = ConfigDict(defer_build=True)  # built on first use (cold start of readers that never need it)

    subject: str = Field(description="display name as said ('Alice Chen'), or SELF for the speaker")
    attribute: str = Field(description="vocabulary name, e.g. home_city")
    value: str = Field(min_length=1, description="the value as said, trimmed ('Lisbon')")
    polarity: Literal[1, -1] = 1
    valid_from: date
    span: tuple[int, int] = Field(description="[start, end) character offsets of the passage in the text")
    qualifier: str | None = Field(
        default=None, description="what tells several values apart, e.g. 'production' for a port"
    )


class Fact(BaseModel):
    """A free-form fact outside the vocabulary ("Maya ran a charity 5K"): filed as a memory without an
    assertion, so retrieve finds it; history, known and lineage hold only statements."""

    model_config = ConfigDict(defer_build=True)

    subject: str = Field(description="who or what it is about, as said, or SELF for the speaker")
    content: str = Field(min_length=1, description="the fact in one short sentence that names its subject")
    valid_from: date
    span: tuple[int, int] = Field(description="[start, end) character offsets of the passage in the text")
    mentions: list[Mention] = Field(default_factory=list, description="time phrases and the days they point to")


class Reading(BaseModel):
    """All one turn yields: statements of state, and free-form facts (model-backed extractors only)."""

    model_config = ConfigDict(defer_build=True)

    statements: list[Statement] = Field(default_factory=list)
    facts: list[Fact] = Field(default_factory=list)


class Extractor(Protocol):
    """Reads one turn. Pure: no I/O besides a model call, deterministic for rules.

    `speaker` is the item's `name` (who spoke) when the client gave one: first-person statements
    are then the speaker's, whatever the role. Without it, a user turn's first person is the end
    user, and an assistant turn's first person is the assistant (never filed).
    An extractor that also reads free-form facts offers `read` (see `read_turn`).
    """

    name: str
    version: str
    method: str  # extraction_method stamped on memories: "rule", "llm", ...
    model: str | None

    def extract(self, text: str, said_at: datetime, role: str, speaker: str | None = None) -> list[Statement]: ...


def read_turn(
    extractor: Extractor,
    text: str,
    said_at: datetime,
    role: str,
    speaker: str | None = None,
    filed: Mapping[str, Sequence[str]] | None = None,
    things: Mapping[str, Mapping[str, Sequence[str]]] | None = None,
    asked: str | None = None,
    replied: str | None = None,
) -> Reading:
    """All the extractor reads in a turn: its `read` when it has one, else its statements alone.

    `filed` (attribute -> the speaker's values filed so far, newest said first) goes to an extractor that
    reads changes in context (`reads_context`); see extract/context.py. `things` (name -> attribute -> values
    filed) holds the other subjects the turn names (things, people); see extract/named.py. `asked`: the
    question the turn answers, if any (a short answer reads with it). `replied`: for an unnamed assistant
    turn, the turn it replies to (its acknowledgements read that back: extract/acknowledged.py).
    """
    if filed is not None and getattr(extractor, "reads_context", False) is True:
        read_in_context = extractor.read  # type: ignore[attr-defined]
        in_context: Reading = read_in_context(
            text, said_at, role, speaker, filed=filed, things=things, asked=asked, replied=replied
        )
        return in_context
    read = getattr(extractor, "read", None)
    if read is not None:
        reading: Reading = read(text, said_at, role, speaker)
        return reading
    if speaker is None:
        return Reading(statements=extractor.extract(text, said_at, role))
    return Reading(statements=extractor.extract(text, said_at, role, speaker))
