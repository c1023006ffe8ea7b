"""Request and response bodies of the HTTP API (snake_case; requests also accept camelCase).

Request bodies are read strictly (JSON types as sent: no "10" for 10, no true for 1); times are
RFC 3339 strings with an offset, within years 0001..9999 once in UTC; names (subjects,
attributes, ids, the profile name) carry no control or format characters.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    AliasChoices,
    AliasGenerator,
    AwareDatetime,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
)
from pydantic.alias_generators import to_camel

from twinmem.models import Model, Scope, SourceKind, is_control


def _both(name: str) -> AliasChoices:
    return AliasChoices(name, to_camel(name))


class Body(BaseModel):
    """A request body: unknown fields refused, snake_case or camelCase accepted."""

    model_config = ConfigDict(
        extra="forbid",
        alias_generator=AliasGenerator(validation_alias=_both),
        populate_by_name=True,
        str_strip_whitespace=False,
        strict=True,  # JSON types as sent: "10" is not 10, true is not 1 (times: see Instant)
        defer_build=True,  # each handler builds only the bodies it serves (cold start)
    )


_RFC3339 = re.compile(r"^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$")


def _rfc3339_text(v: Any) -> Any:
    """Times come as RFC 3339 text (never a number of seconds); a datetime passes (built in code)."""
    if isinstance(v, datetime) or (isinstance(v, str) and _RFC3339.match(v)):
        return v
    raise ValueError("must be an RFC 3339 time with an offset, e.g. 2026-10-01T09:00:00Z")


def _in_utc(v: datetime) -> datetime:
    """The time in UTC; refused when UTC falls outside years 0001..9999 (9999-12-31T23:59:59-14:00)."""
    try:
        return v.astimezone(UTC)
    except OverflowError:
        raise ValueError("must fall within years 0001..9999 once converted to UTC") from None


Instant = Annotated[
    AwareDatetime,
    Strict(False),
    BeforeValidator(_rfc3339_text),
    AfterValidator(_in_utc),
    Field(description="RFC 3339 with an offset, e.g. 2026-10-01T09:00:00Z; years 0001..9999 in UTC"),
]


def _no_controls(v: str) -> str:
    """Refuse control and format characters (newlines, NUL, bidi overrides such as U+202E)."""
    for ch in v:
        if is_control(ch):
            raise ValueError(f"must not contain control characters (U+{ord(ch):04X})")
    return v


def _not_blank(v: str) -> str:
    if not v.strip():
        raise ValueError("must not be empty")
    return v


def _not_a_bool(v: Any) -> Any:
    if isinstance(v, bool):
        raise ValueError("must be 1 or -1")
    return v


Label = Annotated[str, AfterValidator(_no_controls)]  # may be empty (a key's name)
Name = Annotated[str, AfterValidator(_no_controls), AfterValidator(_not_blank)]


# ---------------------------------------------------------------- keys


class CreateKeyRequest(Body):
    scope: Scope
    name: Label = Field(default="", max_length=200)
    agent_id: Name | None = Field(default=None, max_length=128, description="bind the key to an agent")


# ---------------------------------------------------------------- items


class ItemIn(Body):
    id: Name | None = Field(default=None, min_length=1, max_length=256, description="your id; re-sending adds nothing")
    role: Literal["user", "assistant", "system", "note"] = "user"
    content: str = Field(min_length=1, max_length=32_000)
    said_at: Instant | None = None
    conversation_id: Name | None = Field(default=None, max_length=256)
    name: Name | None = Field(
        default=None,
        min_length=1,
        max_length=128,
        description="who spoke (like a chat message's name): first-person statements are filed under it",
    )


class AddItemsRequest(Body):
    items: list[ItemIn] = Field(min_length=1, max_length=100)


class ItemsAdded(Model):
    count: int
    event_ids: list[str]


class EditItemRequest(Body):
    content: str = Field(min_length=1, max_length=32_000)


# ---------------------------------------------------------------- history and known


class HistoryRequest(Body):
    subject: Name = Field(min_length=1, max_length=512)
    attribute: Name | None = Field(default=None, min_length=1, max_length=128)
    as_of: Instant | None = None
    include_retracted: bool = False


class AssertionOut(Model):
    subject: str
    attribute: str
    value: str
    valid_from: str
    said_at: str
    polarity: int
    source_turn_ids: list[str]
    memory_id: str
    retracted: bool | None = Field(
        default=None,
        exclude_if=lambda v: v is None,
        description="present (true) only when include_retracted showed a retracted value",
    )


class KnownRequest(Body):
    subjects: list[Annotated[Name, Field(min_length=1, max_length=512)]] | None = Field(default=None, max_length=50)


# ---------------------------------------------------------------- memories


class AppendRequest(Body):
    content: str = Field(min_length=1, max_length=32_000)
    type: Name = Field(default="fact", max_length=64)
    layer: Name = Field(default="user", max_length=64)
    created_at: Instant | None = None
    observed_at: Instant | None = None
    valid_from: Instant | None = None
    valid_to: Instant | None = None
    expires_at: Instant | None = None
    source_kind: Literal["agent", "user", "document", "import"] = "agent"
    source_ref: Name | None = Field(default=None, max_length=2048)
    agent_id: Name | None = Field(default=None, max_length=128)
    actor_id: Name | None = Field(default=None, max_length=128)
    actor_role: Name | None = Field(default=None, max_length=64)
    run_id: Name | None = Field(default=None, max_length=128)
    episode_id: Name | None = Field(default=None, max_length=128)
    derived_from: list[Annotated[str, Field(pattern=r"^mem_[0-9a-f]{16}$")]] = Field(
        default_factory=list, max_length=50
    )
    visibility: Literal["shared", "private"] = "shared"
    subject: Name | None = Field(default=None, min_length=1, max_length=512)
    attribute: Name | None = Field(default=None, min_length=1, max_length=128)
    value: str | None = Field(default=None, min_length=1, max_length=1024)
    polarity: Annotated[Literal[1, -1], BeforeValidator(_not_a_bool)] = 1


class ReviseRequest(Body):
    content: str = Field(min_length=1, max_length=32_000)


class CorrectionRequest(Body):
    subject: Name = Field(min_length=1, max_length=512)
    attribute: Name = Field(min_length=1, max_length=128)
    value: str = Field(min_length=1, max_length=1024)
    reason: str = Field(default="", max_length=2000)


class ProfileRequest(Body):
    name: Name = Field(min_length=1, max_length=512)


class FeedbackRequest(Body):
    memory_id: str = Field(pattern=r"^mem_[0-9a-f]{16}$")
    outcome: Literal["used", "ignored"]


Kind = Literal["fact", "episode"]
KINDS: tuple[Kind, ...] = ("fact", "episode")


class RetrieveRequest(Body):
    query: str = Field(
        default="", max_length=4000, validation_alias=AliasChoices("query", "semanticQuery", "semantic_query")
    )
    limit: int = Field(default=10, ge=1, le=50)
    as_of: Instant | None = None
    as_of_axis: Literal["valid", "transaction"] = "valid"
    subject: Name | None = Field(default=None, min_length=1, max_length=512)
    kinds: list[Kind] = Field(
        default_factory=lambda: list(KINDS),
        min_length=1,
        max_length=2,
        description="what to return: facts (memories), episodes (turns as said), or both (the default)",
    )


class LineageRequest(Body):
    memory_id: str = Field(pattern=r"^mem_[0-9a-f]{16}$")
    max_steps: int = Field(default=50, ge=1, le=500)


Weight = Annotated[
    float,
    Field(ge=0, le=1, allow_inf_nan=False, description="0..1, kept to 6 decimal places"),
    AfterValidator(lambda v: round(v, 6)),
]  # 1e-292 is no weight, and no DynamoDB number either


class TrustSettings(Body):
    authority: dict[SourceKind, Weight] = Field(
        default_factory=dict, description="weight of each source kind in the trust score, 0..1"
    )


class SettingsRequest(Body):
    """The tenant's settings, whole: a PUT replaces them (what it leaves out goes back to the default)."""

    trust: TrustSettings = Field(default_factory=TrustSettings)
    retention_days: int | None = Field(default=None, ge=1, le=36500)
