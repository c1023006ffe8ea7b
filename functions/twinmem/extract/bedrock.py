"""The model-backed extractor: Amazon Bedrock Runtime `converse`, answering through one forced tool.

The model is made to call `record_statements`, whose input schema is derived from `Answer` below.
It quotes each statement's passage instead of counting characters (models cannot count them
reliably); the quote is then located in the turn's text to give the statement's [start, end) span.

Failure modes, as the stream consumer sees them:
- a malformed answer (no `record_statements` call, input that is not JSON or fails validation) is
  asked for once more, with what was wrong; a second malformed answer raises `ExtractionFailed`,
  so the record fails and Lambda retries it, then sends it to the on-failure destination;
- a Bedrock error that survives botocore's retries (throttling, access denied, ...) propagates as
  the botocore `ClientError`, with the same effect.
"""

from __future__ import annotations

import json
import logging
import re
from datetime import UTC, date, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from twinmem import vocabulary
from twinmem.extract.base import SELF, Fact, Reading, Statement
from twinmem.models import Day, Mention

log = logging.getLogger(__name__)

TOOL_NAME = "record_statements"
_QUOTE_MARKS = "\"'\u201c\u201d\u2018\u2019 "
_APOSTROPHE = re.compile("['\u2019]")

SYSTEM_PROMPT = f"""\
You read one turn of a conversation and record what it says is the case, by calling the tool \
{TOOL_NAME} exactly once (with empty lists when the turn states nothing).

Subjects:
- The turn's speaker ("I", "me", "my") is the subject "{SELF}", when the turn names its speaker \
(Speaker: ...) and in an end user's turn.
- In an assistant turn without a speaker's name, the user ("you", "your") is "{SELF}"; say \
nothing about the assistant itself.
- Anyone or anything else is named as said ("Alice Chen", "the staging server"). Skip people \
who are not named ("my boss", "a friend").

statements: statements of state in this vocabulary, attribute names in lower snake_case: \
{vocabulary.prompt_text()} Attributes that hold several values at once get one statement per \
value. Use qualifier for what tells several values apart ("production" for a port), else leave \
it out. value: the value itself, trimmed, without articles or punctuation ("Lisbon", "Acme", \
"chess" -- never a bare verb such as "playing").

polarity: 1 when the statement holds; -1 when it is said not to hold, never to have held, or to \
have stopped: not, never, no longer, stopped, left, quit, moved away. "I moved from Berlin to \
Lisbon" is home_city Berlin -1 and home_city Lisbon 1. "I left Acme for Globex" is employer Acme \
-1 and employer Globex 1.

facts: what the turn says happened or is the case that the vocabulary does not cover (an event, \
a plan made, an experience, an opinion of the speaker's own), one short sentence each that names \
its subject ("Maya ran a charity 5K", "Jon's sister is visiting in June"). Not a repeat of a \
statement above; nothing from small talk.

valid_from (YYYY-MM-DD): the day the statement's own time words point to, counted from the \
turn's date: "yesterday" is the day before; "3 years ago" the same day 3 years earlier; "last \
week" the Monday of the week before; "last month" the first day of the month before; "since \
2019" or "in 2019" 2019-01-01; "March 2024" 2024-03-01. Without time words: the turn's date. \
mentions (facts): each time phrase of the fact as said, with the day it points to.

quote: the shortest passage of the turn that states it, copied character for character.

Record nothing from questions, hypotheticals, wishes or other people's opinions: only what the \
turn says is (or was, or is no longer) the case, or happened."""


def _not_blank(cls: type, v: str) -> str:
    v = v.strip()
    if not v:
        raise ValueError("must not be blank")
    return v


class StatementIn(BaseModel):
    """One statement of state the turn makes, with the passage that states it quoted (cf. `Statement`)."""

    model_config = ConfigDict(extra="ignore")

    subject: str = Field(min_length=1, description=f"name as said ('Alice Chen'), or {SELF} for the speaker")
    attribute: str = Field(min_length=1, description="vocabulary name, e.g. home_city")
    value: str = Field(min_length=1, description="the value as said, trimmed ('Lisbon')")
    polarity: Literal[1, -1] = Field(default=1, description="1 holds; -1 said not to hold or to have stopped")
    valid_from: date = Field(description="the day it held from (YYYY-MM-DD)")
    quote: str = Field(min_length=1, description="the passage of the turn that states it, copied exactly")
    qualifier: str | None = Field(
        default=None, description="what tells several values apart, e.g. 'production' for a port"
    )

    _trimmed = field_validator("subject", "value", "quote")(_not_blank)

    @field_validator("attribute")
    @classmethod
    def _snake(cls, v: str) -> str:
        v = re.sub(r"[\s-]+", "_", v.strip().lower())
        if not v:
            raise ValueError("must not be blank")
        return v

    @field_validator("qualifier")
    @classmethod
    def _blank_is_none(cls, v: str | None) -> str | None:
        return (v or "").strip() or None


class MentionIn(BaseModel):
    model_config = ConfigDict(extra="ignore")

    text: str = Field(min_length=1, description="the time phrase as said ('yesterday')")
    date: Day = Field(description="the day it points to (YYYY-MM-DD)")


class FactIn(BaseModel):
    """A free-form fact outside the vocabulary, with the passage that states it quoted (cf. `Fact`)."""

    model_config = ConfigDict(extra="ignore")

    subject: str = Field(min_length=1, description=f"who or what it is about, as said, or {SELF} for the speaker")
    content: str = Field(min_length=1, description="the fact in one short sentence that names its subject")
    valid_from: date = Field(description="the day it happened or held from (YYYY-MM-DD)")
    quote: str = Field(min_length=1, description="the passage of the turn that states it, copied exactly")
    mentions: list[MentionIn] = Field(default_factory=list, description="its time phrases and their days")

    _trimmed = field_validator("subject", "content", "quote")(_not_blank)


class Answer(BaseModel):
    """What one turn says: the input of the `record_statements` tool."""

    statements: list[StatementIn] = Field(description="every statement of state the turn makes; may be empty")
    facts: list[FactIn] = Field(default_factory=list, description="what else it says happened or is the case")


class ExtractionFailed(Exception):
    """The model answered malformed twice for one turn; the stream record fails and is retried."""


class _Malformed(Exception):
    """One answer that could not be read (internal: triggers the one retry)."""


def _inline_refs(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema with `$ref`s replaced by their definitions (not every model reads `$defs`)."""
    defs = schema.get("$defs", {})

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                return walk(defs[node["$ref"].rsplit("/", 1)[-1]])
            return {k: walk(v) for k, v in node.items() if k != "$defs"}
        if isinstance(node, list):
            return [walk(v) for v in node]
        return node

    out: dict[str, Any] = walk(schema)
    return out


def tool_config() -> dict[str, Any]:
    """The converse `toolConfig`: the one tool, and the model made to call it."""
    return {
        "tools": [
            {
                "toolSpec": {
                    "name": TOOL_NAME,
                    "description": "Record the statements of state the turn makes (an empty list when none).",
                    "inputSchema": {"json": _inline_refs(Answer.model_json_schema())},
                }
            }
        ],
        "toolChoice": {"tool": {"name": TOOL_NAME}},
    }


def locate(quote: str, text: str) -> tuple[int, int] | None:
    """The [start, end) span of the quote in the text, or None.

    Exact first; then ignoring case, runs of whitespace and the kind of apostrophe.
    """
    quote = quote.strip()
    at = text.find(quote) if quote else -1
    if at >= 0:
        return at, at + len(quote)
    words = [_APOSTROPHE.sub("['\u2019]", re.escape(w)) for w in quote.strip(_QUOTE_MARKS).split()]
    m = re.search(r"\s+".join(words), text, re.IGNORECASE) if words else None
    return m.span() if m else None


def _subject(said: str) -> str:
    return SELF if said.lower() == SELF else said


def to_facts(answer: Answer, text: str) -> list[Fact]:
    """The answer's free-form facts, each quote located in the text (the whole turn when paraphrased)."""
    return [
        Fact(
            subject=_subject(f.subject),
            content=f.content,
            valid_from=f.valid_from,
            span=locate(f.quote, text) or (0, len(text)),
            mentions=[Mention(text=m.text, date=m.date) for m in f.mentions],
        )
        for f in answer.facts
    ]


def to_statements(answer: Answer, text: str) -> list[Statement]:
    """The answer's statements, with each quote located in the text.

    A quote the text does not contain (the model paraphrased it) does not drop the statement: its
    span falls back to the whole text, so the evidence still points at the turn that said it.
    """
    out: list[Statement] = []
    for s in answer.statements:
        span = locate(s.quote, text) or (0, len(text))
        subject = SELF if s.subject.lower() == SELF else s.subject
        out.append(
            Statement(
                subject=subject,
                attribute=s.attribute,
                value=s.value,
                polarity=s.polarity,
                valid_from=s.valid_from,
                span=span,
                qualifier=s.qualifier,
            )
        )
    return out


def read_answer(response: dict[str, Any]) -> Answer:
    """The `record_statements` input of a converse response; `_Malformed` when there is none usable."""
    content = response.get("output", {}).get("message", {}).get("content") or []
    uses = [b["toolUse"] for b in content if isinstance(b, dict) and isinstance(b.get("toolUse"), dict)]
    use = next((u for u in uses if u.get("name") == TOOL_NAME), None)
    if use is None:
        raise _Malformed(f"no {TOOL_NAME} call (stopReason {response.get('stopReason')!r})")
    data = use.get("input")
    if isinstance(data, str | bytes):
        try:
            data = json.loads(data)
        except ValueError as e:
            raise _Malformed(f"{TOOL_NAME} input is not JSON: {e}") from e
    try:
        return Answer.model_validate(data)
    except ValidationError as e:
        problems = "; ".join(
            f"{'.'.join(map(str, err['loc'])) or 'input'}: {err['msg']}" for err in e.errors(include_url=False)[:10]
        )
        raise _Malformed(f"{TOOL_NAME} input is invalid: {problems}") from e


def new_client(region: str | None = None) -> Any:
    """The container's one bedrock-runtime client (store.bedrock: the only place boto3 is imported)."""
    from twinmem.aws.bedrock import bedrock_client

    return bedrock_client(region)


class BedrockExtractor:
    """Reads statements with a Bedrock model through `converse` and one forced tool call."""

    name = "bedrock"
    version = "1"
    method = "llm"

    def __init__(self, model_id: str, *, client: Any = None, region: str | None = None, max_tokens: int = 2048) -> None:
        self.model: str | None = model_id
        self.model_id = model_id
        self.region = region
        self.max_tokens = max_tokens
        self._client = client

    @property
    def client(self) -> Any:
        """The bedrock-runtime client: the injected one, else built on first use and kept."""
        if self._client is None:
            self._client = new_client(self.region)
        return self._client

    def request(
        self, text: str, said_at: datetime, role: str, problem: str | None = None, speaker: str | None = None
    ) -> dict[str, Any]:
        """The converse parameters for one turn; `problem` says what was wrong with the last answer."""
        day = (said_at.astimezone(UTC) if said_at.tzinfo else said_at).date()
        who = f"Speaker: {speaker}\n" if speaker else ""
        content: list[dict[str, Any]] = [
            {
                "text": f"Turn role: {role}\n{who}Turn date: {day.isoformat()} ({day.strftime('%A')})\n"
                f"Turn text:\n<turn>\n{text}\n</turn>"
            }
        ]
        if problem:
            content.append(
                {
                    "text": f"Your previous answer could not be used ({problem}). "
                    f"Call {TOOL_NAME} again, with input that matches its schema."
                }
            )
        return {
            "modelId": self.model_id,
            "system": [{"text": SYSTEM_PROMPT}],
            "messages": [{"role": "user", "content": content}],
            "toolConfig": tool_config(),
            "inferenceConfig": {"maxTokens": self.max_tokens, "temperature": 0},
        }

    def read(self, text: str, said_at: datetime, role: str, speaker: str | None = None) -> Reading:
        """The turn's statements and free-form facts; `ExtractionFailed` after two malformed answers,
        `ClientError` as raised."""
        if not text.strip():
            return Reading()
        problem: str | None = None
        for _ in range(2):
            response = self.client.converse(**self.request(text, said_at, role, problem, speaker))
            try:
                answer = read_answer(response)
            except _Malformed as e:
                problem = str(e)
                log.warning("malformed extraction answer", extra={"model": self.model_id, "problem": problem})
                continue
            return Reading(statements=to_statements(answer, text), facts=to_facts(answer, text))
        raise ExtractionFailed(f"{self.model_id} answered malformed twice: {problem}")

    def extract(self, text: str, said_at: datetime, role: str, speaker: str | None = None) -> list[Statement]:
        """The turn's statements of state (see `read` for the free-form facts too)."""
        return self.read(text, said_at, role, speaker).statements
