"""The Bedrock extractor through the real stream consumer: a turn the model cannot read fails alone."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import botocore.session
import pytest
from botocore.validate import validate_parameters

from tests.conftest import ApiClient
from twinmem.extract.bedrock import TOOL_NAME, BedrockExtractor

MODEL = "anthropic.claude-3-haiku-20240307-v1:0"
READ = {"id": "t1", "role": "user", "content": "I moved to Lisbon last week.", "said_at": "2026-10-01T09:00:00Z"}
UNREADABLE = {"id": "t2", "role": "user", "content": "My cat is called Miso.", "said_at": "2026-10-02T09:00:00Z"}
LISBON = {
    "subject": "@self",
    "attribute": "home_city",
    "value": "Lisbon",
    "polarity": 1,
    "valid_from": "2026-09-21",
    "quote": "moved to Lisbon",
}
FACT = {
    "id": "t3",
    "role": "user",
    "name": "Maya",
    "content": "Ran my first charity 5K yesterday!",
    "said_at": "2026-10-03T09:00:00Z",
}
ANSWERS: dict[str, Any] = {  # turn text -> the record_statements input; any other turn gets prose
    READ["content"]: {"statements": [LISBON]},
    FACT["content"]: {
        "statements": [],
        "facts": [
            {
                "subject": "@self",
                "content": "Maya ran her first charity 5K",
                "valid_from": "2026-10-02",
                "quote": "Ran my first charity 5K yesterday!",
                "mentions": [{"text": "yesterday", "date": "2026-10-02"}],
            }
        ],
    },
}
_CONVERSE = botocore.session.get_session().get_service_model("bedrock-runtime").operation_model("Converse")


class FakeBedrock:
    """A bedrock-runtime client that answers `converse` by the turn's text, and counts calls per turn."""

    def __init__(self, answers: dict[str, Any]) -> None:
        self.answers = answers
        self.calls: Counter[str] = Counter()

    def converse(self, **params: Any) -> dict[str, Any]:
        validate_parameters(params, _CONVERSE.input_shape)  # what the real client would send
        assert params["toolConfig"]["toolChoice"] == {"tool": {"name": TOOL_NAME}}
        prompt = params["messages"][0]["content"][0]["text"]
        text = next(t for t in (*self.answers, UNREADABLE["content"]) if t in prompt)
        self.calls[text] += 1
        content: list[dict[str, Any]] = [{"text": "The user has a cat named Miso."}]  # prose, no tool call
        stop = "end_turn"
        if text in self.answers:
            content = [{"toolUse": {"toolUseId": "tu_1", "name": TOOL_NAME, "input": self.answers[text]}}]
            stop = "tool_use"
        return {
            "output": {"message": {"role": "assistant", "content": content}},
            "stopReason": stop,
            "usage": {"inputTokens": 900, "outputTokens": 60, "totalTokens": 960},
            "metrics": {"latencyMs": 700},
        }


@pytest.fixture
def bedrock(backend: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeBedrock]:
    """TWINMEM_EXTRACTOR=bedrock, with the extractor's client replaced by a FakeBedrock."""
    from twinmem import config, extract

    configured = extract.configured
    monkeypatch.setenv("TWINMEM_EXTRACTOR", "bedrock")
    monkeypatch.setenv("TWINMEM_EXTRACTION_MODEL_ID", MODEL)
    config.settings.cache_clear()
    configured.cache_clear()
    built = configured()
    assert isinstance(built, BedrockExtractor)
    assert built.model == MODEL
    fake = FakeBedrock(ANSWERS)
    extractor = BedrockExtractor(MODEL, client=fake)
    monkeypatch.setattr(extract, "configured", lambda: extractor)
    try:
        yield fake
    finally:
        config.settings.cache_clear()
        configured.cache_clear()


@pytest.mark.filterwarnings("ignore:No application metrics")  # a batch whose only record failed
def test_a_turn_answered_malformed_goes_to_the_failure_destination_without_blocking_the_other(
    api: ApiClient, backend: Any, bedrock: FakeBedrock
) -> None:
    added = api.post("/v1/memory/items", {"items": [READ, UNREADABLE]})
    assert added.status == 202
    backend.drain()

    history = api.post("/v1/memory/history", {"subject": "user"})

    assert history.status == 200
    assert [
        (a["attribute"], a["value"], a["valid_from"], a["said_at"], a["polarity"], a["source_turn_ids"])
        for a in history.body["assertions"]
    ] == [
        ("home_city", "Lisbon", "2026-09-21", "2026-10-01", 1, [added.body["event_ids"][0]]),
    ]
    pump = backend.pumps[0]
    (failure,) = pump.failures
    seq = _sequence_number(backend, UNREADABLE["content"])
    assert failure["DDBStreamBatchInfo"]["batchSize"] == 1
    assert failure["DDBStreamBatchInfo"]["startSequenceNumber"] == seq
    assert failure["DDBStreamBatchInfo"]["endSequenceNumber"] == seq
    assert bedrock.calls[READ["content"]] == 1  # read once, never redelivered behind the failing record
    # every delivery of the failing record asked twice (one retry), then it went to the destination
    assert bedrock.calls[UNREADABLE["content"]] == 2 * (pump.mapping.max_retries + 1)


def test_the_memory_names_the_model_and_quotes_the_passage(api: ApiClient, backend: Any, bedrock: FakeBedrock) -> None:
    from infra.local.environment import LOCAL_TENANT
    from twinmem.aws import store

    added = api.post("/v1/memory/items", {"items": [READ]})
    backend.drain()

    (assertion,) = api.post("/v1/memory/history", {"subject": "me"}).body["assertions"]
    memory = store.get_memory(LOCAL_TENANT, api.account or "", assertion["memory_id"])

    assert backend.pumps[0].failures == []
    assert memory is not None
    assert (memory.extraction_method, memory.model) == ("llm", MODEL)
    assert memory.content == "moved to Lisbon"
    assert [(e.event_id, e.span) for e in memory.evidence] == [(added.body["event_ids"][0], (2, 17))]


def _sequence_number(backend: Any, content: str) -> str:
    """The stream sequence number of the item inserted with this content."""
    streams = backend.streams
    arn = backend.stream_arn()
    for shard in streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"]:
        it = streams.get_shard_iterator(StreamArn=arn, ShardId=shard["ShardId"], ShardIteratorType="TRIM_HORIZON")[
            "ShardIterator"
        ]
        for r in streams.get_records(ShardIterator=it, Limit=1000)["Records"]:
            image = r["dynamodb"].get("NewImage", {})
            if r["eventName"] == "INSERT" and image.get("content", {}).get("S") == content:
                return str(r["dynamodb"]["SequenceNumber"])
    raise AssertionError(f"no stream record for {content!r}")


def test_a_free_form_fact_is_found_by_retrieve_and_stays_out_of_history(
    api: ApiClient, backend: Any, bedrock: FakeBedrock
) -> None:
    api.post("/v1/memory/items", {"items": [FACT]})
    backend.drain()

    found = api.post("/v1/memory/retrieve", {"query": "when did Maya run a charity 5K"})

    facts = [m for m in found.body["memories"] if m.get("type") == "fact"]
    assert [(m["content"], m["mentions"]) for m in facts] == [
        ("Maya: Maya ran her first charity 5K", [{"text": "yesterday", "date": "2026-10-02"}])
    ]
    assert api.post("/v1/memory/history", {"subject": "Maya"}).body.get("count", 0) == 0
