"""The API's models, generated from docs/openapi.json by clients/python/tools/generate_models.py.

Do not edit: `make client-models` writes it, and the suite fails while it differs from what the document gives.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, RootModel
from typing_extensions import TypeAliasType


class AgentId(RootModel[str]):
    root: Annotated[str, Field(max_length=128, title="Agent Id")]
    """
    bind the key to an agent
    """


class CreateKeyRequest(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    scope: Annotated[Literal["read", "write", "admin"], Field(title="Scope")]
    name: Annotated[str | None, Field(max_length=200, title="Name")] = ""
    agent_id: Annotated[AgentId | None, Field(title="Agent Id")] = None
    """
    bind the key to an agent
    """


class ErrorBody(BaseModel):
    """
    Every error: a short message, and what the status needs said.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    error: Annotated[str, Field(title="Error")]
    """
    what went wrong, in a few words
    """
    field: Annotated[str | None, Field(title="Field")] = None
    """
    422: the field that is not usable (dotted path; `body` for the whole body)
    """
    why: Annotated[str | None, Field(title="Why")] = None
    """
    422: why it is not usable
    """
    needs: Annotated[Literal["read", "write", "admin"] | None, Field(title="Needs")] = (
        None
    )
    """
    403: the scope the call needs
    """
    scope: Annotated[Literal["read", "write", "admin"] | None, Field(title="Scope")] = (
        None
    )
    """
    403: the scope of the key that was sent
    """
    agent_id: Annotated[str | None, Field(title="Agent Id")] = None
    """
    403: the agent a bound key writes as
    """
    retry_after: Annotated[int | None, Field(title="Retry After")] = None
    """
    503: seconds to wait before retrying (also the Retry-After header)
    """
    content_type: Annotated[str | None, Field(title="Content Type")] = None
    """
    415: the content type that was sent
    """
    request_id: Annotated[str | None, Field(title="Request Id")] = None
    """
    500: the request's id, for the logs
    """


class KeyCreated(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    id: Annotated[str, Field(title="Id")]
    key: Annotated[str, Field(title="Key")]
    """
    the secret: shown once, stored only as a hash
    """
    scope: Annotated[Literal["read", "write", "admin"], Field(title="Scope")]
    name: Annotated[str, Field(title="Name")]


class KeyInfo(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    id: Annotated[str, Field(title="Id")]
    scope: Annotated[Literal["read", "write", "admin"], Field(title="Scope")]
    name: Annotated[str, Field(title="Name")]
    created_at: Annotated[str, Field(title="Created At")]
    revoked_at: Annotated[str | None, Field(title="Revoked At")] = None
    agent_id: Annotated[str | None, Field(title="Agent Id")] = None
    """
    the agent a bound key writes as
    """


class KeyList(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    keys: Annotated[list[KeyInfo], Field(title="Keys")]


class EditItemRequest(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    content: Annotated[str, Field(max_length=32000, min_length=1, title="Content")]


class Id(RootModel[str]):
    root: Annotated[str, Field(max_length=256, min_length=1, title="Id")]
    """
    your id; re-sending adds nothing
    """


class ConversationId(RootModel[str]):
    root: Annotated[str, Field(max_length=256, title="Conversation Id")]


class Name(RootModel[str]):
    root: Annotated[str, Field(max_length=128, min_length=1, title="Name")]
    """
    who spoke (like a chat message's name): first-person statements are filed under it
    """


class ItemIn(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    id: Annotated[Id | None, Field(title="Id")] = None
    """
    your id; re-sending adds nothing
    """
    role: Annotated[
        Literal["user", "assistant", "system", "note"] | None, Field(title="Role")
    ] = "user"
    content: Annotated[str, Field(max_length=32000, min_length=1, title="Content")]
    said_at: Annotated[AwareDatetime | None, Field(title="Said At")] = None
    conversation_id: Annotated[
        ConversationId | None, Field(title="Conversation Id")
    ] = None
    name: Annotated[Name | None, Field(title="Name")] = None
    """
    who spoke (like a chat message's name): first-person statements are filed under it
    """


class ItemVersion(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    version: Annotated[int, Field(title="Version")]
    content: Annotated[str, Field(title="Content")]
    recorded_at: Annotated[str, Field(title="Recorded At")]


class ItemsAdded(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    count: Annotated[int, Field(title="Count")]
    event_ids: Annotated[list[str], Field(title="Event Ids")]


class AssertionOut(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    subject: Annotated[str, Field(title="Subject")]
    attribute: Annotated[str, Field(title="Attribute")]
    value: Annotated[str, Field(title="Value")]
    valid_from: Annotated[str, Field(title="Valid From")]
    said_at: Annotated[str, Field(title="Said At")]
    polarity: Annotated[int, Field(title="Polarity")]
    source_turn_ids: Annotated[list[str], Field(title="Source Turn Ids")]
    memory_id: Annotated[str, Field(title="Memory Id")]
    retracted: Annotated[bool | None, Field(title="Retracted")] = None
    """
    present (true) only when include_retracted showed a retracted value
    """


class HistoryHit(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    subject: Annotated[str, Field(title="Subject")]
    count: Annotated[int, Field(title="Count")]
    assertions: Annotated[list[AssertionOut], Field(title="Assertions")]


class HistoryMiss(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    subject: Annotated[str, Field(title="Subject")]
    error: Annotated[Literal["nothing recorded"], Field(title="Error")]
    subjects: Annotated[list[str], Field(title="Subjects")]
    """
    the nearest recorded subjects (at most 10)
    """
    recorded: Annotated[int, Field(title="Recorded")]
    """
    how many subjects are recorded
    """


class Attribute(RootModel[str]):
    root: Annotated[str, Field(max_length=128, min_length=1, title="Attribute")]


class HistoryRequest(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    subject: Annotated[str, Field(max_length=512, min_length=1, title="Subject")]
    attribute: Annotated[Attribute | None, Field(title="Attribute")] = None
    as_of: Annotated[AwareDatetime | None, Field(title="As Of")] = None
    include_retracted: Annotated[bool | None, Field(title="Include Retracted")] = False


class KnownOut(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    lines: Annotated[list[str], Field(title="Lines")]
    text: Annotated[str, Field(title="Text")]


class Subject(RootModel[str]):
    root: Annotated[str, Field(max_length=512, min_length=1)]


class Subjects(RootModel[list[Subject]]):
    root: Annotated[list[Subject], Field(max_length=50, title="Subjects")]


class KnownRequest(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    subjects: Annotated[Subjects | None, Field(title="Subjects")] = None


class SourceRef(RootModel[str]):
    root: Annotated[str, Field(max_length=2048, title="Source Ref")]


class AgentId1(RootModel[str]):
    root: Annotated[str, Field(max_length=128, title="Agent Id")]


class ActorId(RootModel[str]):
    root: Annotated[str, Field(max_length=128, title="Actor Id")]


class ActorRole(RootModel[str]):
    root: Annotated[str, Field(max_length=64, title="Actor Role")]


class RunId(RootModel[str]):
    root: Annotated[str, Field(max_length=128, title="Run Id")]


class EpisodeId(RootModel[str]):
    root: Annotated[str, Field(max_length=128, title="Episode Id")]


class DerivedFromItem(RootModel[str]):
    root: Annotated[str, Field(pattern="^mem_[0-9a-f]{16}$")]


class Subject1(RootModel[str]):
    root: Annotated[str, Field(max_length=512, min_length=1, title="Subject")]


class Value(RootModel[str]):
    root: Annotated[str, Field(max_length=1024, min_length=1, title="Value")]


class AppendRequest(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    content: Annotated[str, Field(max_length=32000, min_length=1, title="Content")]
    type: Annotated[str | None, Field(max_length=64, title="Type")] = "fact"
    layer: Annotated[str | None, Field(max_length=64, title="Layer")] = "user"
    created_at: Annotated[AwareDatetime | None, Field(title="Created At")] = None
    observed_at: Annotated[AwareDatetime | None, Field(title="Observed At")] = None
    valid_from: Annotated[AwareDatetime | None, Field(title="Valid From")] = None
    valid_to: Annotated[AwareDatetime | None, Field(title="Valid To")] = None
    expires_at: Annotated[AwareDatetime | None, Field(title="Expires At")] = None
    source_kind: Annotated[
        Literal["agent", "user", "document", "import"] | None,
        Field(title="Source Kind"),
    ] = "agent"
    source_ref: Annotated[SourceRef | None, Field(title="Source Ref")] = None
    agent_id: Annotated[AgentId1 | None, Field(title="Agent Id")] = None
    actor_id: Annotated[ActorId | None, Field(title="Actor Id")] = None
    actor_role: Annotated[ActorRole | None, Field(title="Actor Role")] = None
    run_id: Annotated[RunId | None, Field(title="Run Id")] = None
    episode_id: Annotated[EpisodeId | None, Field(title="Episode Id")] = None
    derived_from: Annotated[
        list[DerivedFromItem] | None, Field(max_length=50, title="Derived From")
    ] = None
    visibility: Annotated[
        Literal["shared", "private"] | None, Field(title="Visibility")
    ] = "shared"
    subject: Annotated[Subject1 | None, Field(title="Subject")] = None
    attribute: Annotated[Attribute | None, Field(title="Attribute")] = None
    value: Annotated[Value | None, Field(title="Value")] = None
    polarity: Annotated[Literal[1, -1] | None, Field(title="Polarity")] = 1


class CorrectionRequest(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    subject: Annotated[str, Field(max_length=512, min_length=1, title="Subject")]
    attribute: Annotated[str, Field(max_length=128, min_length=1, title="Attribute")]
    value: Annotated[str, Field(max_length=1024, min_length=1, title="Value")]
    reason: Annotated[str | None, Field(max_length=2000, title="Reason")] = ""


class CorrectionsOut(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    retracted: Annotated[list[str], Field(title="Retracted")]
    """
    the memories taken back
    """
    count: Annotated[int, Field(title="Count")]


class FeedbackRequest(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    memory_id: Annotated[str, Field(pattern="^mem_[0-9a-f]{16}$", title="Memory Id")]
    outcome: Annotated[Literal["used", "ignored"], Field(title="Outcome")]


class MemoryId(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    memory_id: Annotated[str, Field(title="Memory Id")]


class MemoryOut(BaseModel):
    """
    A memory with its time fields (RFC 3339 UTC), provenance and status; assertion fields when it carries one.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    memory_id: Annotated[str, Field(title="Memory Id")]
    content: Annotated[str, Field(title="Content")]
    type: Annotated[str, Field(title="Type")]
    status: Annotated[str, Field(title="Status")]
    created_at: Annotated[str | None, Field(title="Created At")] = None
    valid_from: Annotated[str | None, Field(title="Valid From")] = None
    valid_to: Annotated[str | None, Field(title="Valid To")] = None
    recorded_at: Annotated[str | None, Field(title="Recorded At")] = None


class ProfileOut(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    name: Annotated[str, Field(title="Name")]


class ProfileRequest(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    name: Annotated[str, Field(max_length=512, min_length=1, title="Name")]


class ReviseRequest(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    content: Annotated[str, Field(max_length=32000, min_length=1, title="Content")]


class Usage(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    retrieved: Annotated[int, Field(title="Retrieved")]
    used: Annotated[int, Field(title="Used")]
    ignored: Annotated[int, Field(title="Ignored")]


class RetrieveRequest(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    query: Annotated[str | None, Field(max_length=4000, title="Query")] = ""
    limit: Annotated[int | None, Field(ge=1, le=50, title="Limit")] = 10
    as_of: Annotated[AwareDatetime | None, Field(title="As Of")] = None
    as_of_axis: Annotated[
        Literal["valid", "transaction"] | None, Field(title="As Of Axis")
    ] = "valid"
    subject: Annotated[Subject1 | None, Field(title="Subject")] = None
    kinds: Annotated[
        list[Literal["fact", "episode"]] | None,
        Field(max_length=2, min_length=1, title="Kinds"),
    ] = None
    """
    what to return: facts (memories), episodes (turns as said), or both (the default)
    """


class Retrieved(BaseModel):
    """
    A fact (a memory) or an episode (a turn as said: `type` episode, no memory id), with its score.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    memory_id: Annotated[str | None, Field(title="Memory Id")]
    type: Annotated[str, Field(title="Type")]
    content: Annotated[str, Field(title="Content")]
    status: Annotated[str, Field(title="Status")]
    score: Annotated[float, Field(title="Score")]


class LineageRequest(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    memory_id: Annotated[str, Field(pattern="^mem_[0-9a-f]{16}$", title="Memory Id")]
    max_steps: Annotated[int | None, Field(ge=1, le=500, title="Max Steps")] = 50


class Step(BaseModel):
    """
    One step of a chain: the memory's fields (or `redacted`), and how it changed.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    memory_id: Annotated[str, Field(title="Memory Id")]
    changed_at: Annotated[str | None, Field(title="Changed At")]
    action: Annotated[str | None, Field(title="Action")]
    """
    how it changed: replaced, refined, repeated, retracted, corrected, updated, deleted; null while it stands
    """
    is_current: Annotated[bool, Field(title="Is Current")]


class HistoryEvent(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    event: Annotated[str, Field(title="Event")]
    """
    ADD, MERGE, UPDATE, SUPERSEDED, CORRECTED, WITHDRAWN, DELETED, DEPENDENT_STALE
    """
    at: Annotated[str | None, Field(title="At")]


class Linked(BaseModel):
    """
    A memory linked to this one: its content, or `redacted` / `deleted`.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    memory_id: Annotated[str, Field(title="Memory Id")]


class Trust(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    confidence: Annotated[float, Field(title="Confidence")]
    evidence: Annotated[float, Field(title="Evidence")]
    freshness: Annotated[float, Field(title="Freshness")]
    utility: Annotated[float, Field(title="Utility")]
    source_authority: Annotated[float, Field(title="Source Authority")]
    contradiction_risk: Annotated[float, Field(title="Contradiction Risk")]
    score: Annotated[float, Field(title="Score")]


class Change(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    cursor: Annotated[str, Field(title="Cursor")]
    at: Annotated[str | None, Field(title="At")]
    kind: Annotated[str, Field(title="Kind")]
    memory_id: Annotated[str | None, Field(title="Memory Id")]


class ChangesOut(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    changes: Annotated[list[Change], Field(title="Changes")]
    next_cursor: Annotated[str | None, Field(title="Next Cursor")]
    """
    null once read to the end: keep the last change's cursor
    """


class RevisionsOut(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    revision: Annotated[int, Field(title="Revision")]
    since: Annotated[int, Field(title="Since")]
    changes: Annotated[dict[str, int], Field(title="Changes")]


class RebuildOut(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    status: Annotated[str, Field(title="Status")]
    """
    running, done, or never (no rebuild yet)
    """
    generation: Annotated[int | None, Field(title="Generation")] = None
    started_at: Annotated[str | None, Field(title="Started At")] = None
    finished_at: Annotated[str | None, Field(title="Finished At")] = None
    items_read: Annotated[int | None, Field(title="Items Read")] = None


class RetentionDays(RootModel[int]):
    root: Annotated[int, Field(ge=1, le=36500, title="Retention Days")]


class TrustOut(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    authority: Annotated[dict[str, float], Field(title="Authority")]
    """
    weight of each source kind in the trust score, 0..1
    """


AuthorityAdditionalProperty = TypeAliasType(
    "AuthorityAdditionalProperty", Annotated[float, Field(ge=0.0, le=1.0)]
)
"""
0..1, kept to 6 decimal places
"""


class TrustSettings(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    authority: Annotated[
        dict[
            Literal["agent", "user", "document", "import", "derived", "system"],
            AuthorityAdditionalProperty,
        ]
        | None,
        Field(title="Authority"),
    ] = None
    """
    weight of each source kind in the trust score, 0..1
    """


class AddItemsRequest(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    items: Annotated[list[ItemIn], Field(max_length=100, min_length=1, title="Items")]


class ItemOut(BaseModel):
    """
    An item as stored, with its earlier versions (oldest first).
    """

    model_config = ConfigDict(
        extra="allow",
    )
    event_id: Annotated[str, Field(title="Event Id")]
    client_id: Annotated[str | None, Field(title="Client Id")] = None
    role: Annotated[str, Field(title="Role")]
    content: Annotated[str, Field(title="Content")]
    said_at: Annotated[str, Field(title="Said At")]
    conversation_id: Annotated[str | None, Field(title="Conversation Id")] = None
    name: Annotated[str | None, Field(title="Name")] = None
    recorded_at: Annotated[str, Field(title="Recorded At")]
    version: Annotated[int, Field(title="Version")]
    versions: Annotated[list[ItemVersion] | None, Field(title="Versions")] = None


class FeedbackOut(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    memory_id: Annotated[str, Field(title="Memory Id")]
    usage: Usage


class RetrieveOut(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    memories: Annotated[list[Retrieved], Field(title="Memories")]
    known: Annotated[list[str], Field(title="Known")]
    brief: Annotated[str, Field(title="Brief")]


class LineageOut(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    memory_id: Annotated[str, Field(title="Memory Id")]
    count: Annotated[int, Field(title="Count")]
    truncated: Annotated[bool, Field(title="Truncated")]
    chain: Annotated[list[Step], Field(title="Chain")]


class Dependents(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    count: Annotated[int, Field(title="Count")]
    examples: Annotated[list[Linked], Field(title="Examples")]


class ExplainLineage(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    origin: Annotated[dict[str, Any], Field(title="Origin")]
    supersedes: Annotated[str | None, Field(title="Supersedes")]
    superseded_by: Annotated[str | None, Field(title="Superseded By")]
    derived_from: Annotated[list[Linked], Field(title="Derived From")]
    derived: Annotated[list[Linked], Field(title="Derived")]
    chain: Annotated[list[Step], Field(title="Chain")]


class ExplainOut(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    memory: MemoryOut
    trust: Trust
    lineage: ExplainLineage
    evidence: Annotated[list[dict[str, Any]], Field(title="Evidence")]
    history: Annotated[list[HistoryEvent], Field(title="History")]
    usage: Usage
    contradictions: Annotated[list[dict[str, Any]], Field(title="Contradictions")]
    dependents: Dependents


class SettingsOut(BaseModel):
    model_config = ConfigDict(
        extra="allow",
    )
    trust: TrustOut
    retention_days: Annotated[int | None, Field(title="Retention Days")]


class SettingsRequest(BaseModel):
    """
    The tenant's settings, whole: a PUT replaces them (what it leaves out goes back to the default).
    """

    model_config = ConfigDict(
        extra="allow",
    )
    trust: TrustSettings | None = None
    retention_days: Annotated[RetentionDays | None, Field(title="Retention Days")] = (
        None
    )
