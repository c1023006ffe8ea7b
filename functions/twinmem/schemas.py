"""Request and response bodies of the HTTP API (snake_case; requests also accept camelCase)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AliasChoices,
    AliasGenerator,
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Field,
    field_validator,
)
from pydantic.alias_generators import to_camel

from twinmem.models import Model, Scope, SourceKind


def _both(name: str) -> AliasChoices:
    return AliasChoices(name, to_camel(name))


class Body(BaseModel):
    """A request body: unknown fields refused, snake_case or camelCase accepted."""

    model_config = ConfigDict(
        extra="forbid",
        alias_generator=AliasGenerator(validation_alias=_both),
        populate_by_name=True,
        str_strip_whitespace=False,
        defer_build=True,  # each handler builds only the bodies it serves (cold start)
    )


Instant = Annotated[AwareDatetime, Field(description="RFC 3339 with an offset, e.g. 2026-10-01T09:00:00Z")]


# ---------------------------------------------------------------- keys


class CreateKeyRequest(Body):
    scope: Scope
    name: str = Field(default="", max_length=200)
    agent_id: str | None = Field(default=None, max_length=128, description="bind the key to an agent")


class KeyCreated(Model):
    id: str
    key: str
    scope: Scope
    name: str


class KeyInfo(Model):
    id: str
    scope: Scope
    name: str
    created_at: str
    revoked_at: str | None = None
    agent_id: str | None = None


# ---------------------------------------------------------------- items


class ItemIn(Body):
    id: str | None = Field(default=None, min_length=1, max_length=256, description="your id; re-sending adds nothing")
    role: Literal["user", "assistant", "system", "note"] = "user"
    content: str = Field(min_length=1, max_length=32_000)
    said_at: Instant | None = None
    conversation_id: str | None = Field(default=None, max_length=256)
    name: str | None = Field(default=None, min_length=1, max_length=128,
                             description="who spoke (like a chat message's name): first-person statements "
                             "are filed under it")


class AddItemsRequest(Body):
    items: list[ItemIn] = Field(min_length=1, max_length=100)


class ItemsAdded(Model):
    count: int
    event_ids: list[str]


class EditItemRequest(Body):
    content: str = Field(min_length=1, max_length=32_000)


# ---------------------------------------------------------------- history and known


class HistoryRequest(Body):
    subject: str = Field(min_length=1, max_length=512)
    attribute: str | None = Field(default=None, min_length=1, max_length=128)
    as_of: Instant | None = None
    include_retracted: bool = False

    @field_validator("subject")
    @classmethod
    def _not_blank(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("must not be empty")
        return v


class AssertionOut(Model):
    subject: str
    attribute: str
    value: str
    valid_from: str
    said_at: str
    polarity: int
    source_turn_ids: list[str]
    memory_id: str
    retracted: bool | None = None


class KnownRequest(Body):
    subjects: list[Annotated[str, Field(min_length=1, max_length=512)]] | None = Field(default=None, max_length=50)



# ---------------------------------------------------------------- memories


class AppendRequest(Body):
    content: str = Field(min_length=1, max_length=32_000)
    type: str = Field(default="fact", max_length=64)
    layer: str = Field(default="user", max_length=64)
    created_at: Instant | None = None
    observed_at: Instant | None = None
    valid_from: Instant | None = None
    valid_to: Instant | None = None
    expires_at: Instant | None = None
    source_kind: Literal["agent", "user", "document", "import"] = "agent"
    source_ref: str | None = Field(default=None, max_length=2048)
    agent_id: str | None = Field(default=None, max_length=128)
    actor_id: str | None = Field(default=None, max_length=128)
    actor_role: str | None = Field(default=None, max_length=64)
    run_id: str | None = Field(default=None, max_length=128)
    episode_id: str | None = Field(default=None, max_length=128)
    derived_from: list[Annotated[str, Field(pattern=r"^mem_[0-9a-f]{16}$")]] = Field(default_factory=list,
                                                                                     max_length=50)
    visibility: Literal["shared", "private"] = "shared"
    subject: str | None = Field(default=None, min_length=1, max_length=512)
    attribute: str | None = Field(default=None, min_length=1, max_length=128)
    value: str | None = Field(default=None, min_length=1, max_length=1024)
    polarity: Literal[1, -1] = 1



class ReviseRequest(Body):
    content: str = Field(min_length=1, max_length=32_000)


class CorrectionRequest(Body):
    subject: str = Field(min_length=1, max_length=512)
    attribute: str = Field(min_length=1, max_length=128)
    value: str = Field(min_length=1, max_length=1024)
    reason: str = Field(default="", max_length=2000)


class ProfileRequest(Body):
    name: str = Field(min_length=1, max_length=512)


class FeedbackRequest(Body):
    memory_id: str = Field(pattern=r"^mem_[0-9a-f]{16}$")
    outcome: Literal["used", "ignored"]


class RetrieveRequest(Body):
    query: str = Field(default="", max_length=4000, validation_alias=AliasChoices("query", "semanticQuery",
                                                                                   "semantic_query"))
    limit: int = Field(default=10, ge=1, le=50)
    as_of: Instant | None = None
    as_of_axis: Literal["valid", "transaction"] = "valid"
    subject: str | None = Field(default=None, min_length=1, max_length=512)


class LineageRequest(Body):
    memory_id: str = Field(pattern=r"^mem_[0-9a-f]{16}$")
    max_steps: int = Field(default=50, ge=1, le=500)


class SettingsRequest(Body):
    trust: dict[str, Any] = Field(default_factory=dict)
    retention_days: int | None = Field(default=None, ge=1, le=36500)

    @field_validator("trust")
    @classmethod
    def _authority(cls, v: dict[str, Any]) -> dict[str, Any]:
        allowed: set[SourceKind] = {"agent", "user", "document", "import", "derived", "system"}
        for kind, weight in (v.get("authority") or {}).items():
            if kind not in allowed:
                raise ValueError(f"unknown source kind '{kind}'")
            if not isinstance(weight, int | float) or not 0 <= weight <= 1:
                raise ValueError(f"authority of '{kind}' must be between 0 and 1")
        unknown = set(v) - {"authority"}
        if unknown:
            raise ValueError(f"unknown trust setting '{sorted(unknown)[0]}'")
        return v
