"""The one interface every extractor implements, and the statement it returns."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

SELF = "@self"
"""Subject marker for the speaker of a user turn (filed under the end user)."""


class Statement(BaseModel):
    """One statement of state read from a turn's text."""

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


class Extractor(Protocol):
    """Reads statements of state from one turn. Pure: no I/O, deterministic for rules."""

    name: str
    version: str
    method: str  # extraction_method stamped on memories: "rule", "llm", ...
    model: str | None

    def extract(self, text: str, said_at: datetime, role: str) -> list[Statement]: ...
