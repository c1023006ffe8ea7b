"""The Bedrock extractor against a stubbed bedrock-runtime client (botocore Stubber; moto has no converse)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, date, datetime
from typing import Any

import boto3
import pytest
from botocore.exceptions import ClientError
from botocore.stub import ANY, Stubber

from twinmem.extract.base import SELF, Statement
from twinmem.extract.bedrock import TOOL_NAME, BedrockExtractor, ExtractionFailed

MODEL = "anthropic.claude-3-haiku-20240307-v1:0"
SAID_AT = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)  # a Thursday
TEXT = "I moved to Lisbon last week, so I\u2019m no longer in  Berlin. My friend Alice Chen works at Acme."

GOOD: list[dict[str, Any]] = [
    {
        "subject": "@self",
        "attribute": "home_city",
        "value": "Lisbon",
        "polarity": 1,
        "valid_from": "2026-09-21",
        "quote": "I moved to Lisbon last week",
    },
    {
        "subject": "@self",
        "attribute": "Home City",
        "value": " Berlin ",
        "polarity": -1,
        "valid_from": "2026-10-01",
        "quote": "i'm no longer in Berlin",
    },  # case, spacing, apostrophe differ
    {
        "subject": "Alice Chen",
        "attribute": "employer",
        "value": "Acme",
        "valid_from": "2026-10-01",
        "quote": "Alice Chen is employed by Acme",
        "qualifier": " ",
    },  # paraphrased
]
EXPECTED = [
    Statement(
        subject=SELF, attribute="home_city", value="Lisbon", polarity=1, valid_from=date(2026, 9, 21), span=(0, 27)
    ),
    Statement(
        subject=SELF, attribute="home_city", value="Berlin", polarity=-1, valid_from=date(2026, 10, 1), span=(32, 56)
    ),
    Statement(
        subject="Alice Chen",
        attribute="employer",
        value="Acme",
        polarity=1,
        valid_from=date(2026, 10, 1),
        span=(0, len(TEXT)),
    ),
]
EXPECTED_PARAMS = {
    "modelId": MODEL,
    "system": ANY,
    "messages": ANY,
    "inferenceConfig": ANY,
    "toolConfig": {
        "tools": [{"toolSpec": {"name": TOOL_NAME, "description": ANY, "inputSchema": {"json": ANY}}}],
        "toolChoice": {"tool": {"name": TOOL_NAME}},
    },
}


def answer(content: list[dict[str, Any]], stop: str = "tool_use") -> dict[str, Any]:
    return {
        "output": {"message": {"role": "assistant", "content": content}},
        "stopReason": stop,
        "usage": {"inputTokens": 900, "outputTokens": 120, "totalTokens": 1020},
        "metrics": {"latencyMs": 800},
    }


def tool_answer(tool_input: Any) -> dict[str, Any]:
    return answer([{"toolUse": {"toolUseId": "tooluse_1", "name": TOOL_NAME, "input": tool_input}}])


MALFORMED = {
    "no tool call": answer([{"text": "Lisbon, I think."}], stop="end_turn"),
    "another tool": answer([{"toolUse": {"toolUseId": "t", "name": "remember", "input": {"facts": GOOD}}}]),
    "invalid JSON": tool_answer('{"statements": [{"subject": "@self", '),
    "fails validation": tool_answer({"statements": [{**GOOD[0], "polarity": 2}]}),
    "missing field": tool_answer({"statements": [{k: v for k, v in GOOD[0].items() if k != "valid_from"}]}),
    "no statements key": tool_answer({"facts": GOOD}),
}


@pytest.fixture
def client() -> Any:
    return boto3.client("bedrock-runtime", region_name="us-east-1")


@pytest.fixture
def sent(client: Any) -> list[dict[str, Any]]:
    """Every converse request the client was asked to send."""
    seen: list[dict[str, Any]] = []
    client.meta.events.register(
        "provide-client-params.bedrock-runtime.Converse", lambda params, **_: seen.append(params)
    )
    return seen


@pytest.fixture
def stub(client: Any) -> Iterator[Stubber]:
    with Stubber(client) as s:
        yield s
        s.assert_no_pending_responses()


def test_a_good_answer_yields_statements_with_spans_located_from_quotes(client: Any, stub: Stubber) -> None:
    stub.add_response("converse", tool_answer({"statements": GOOD}), EXPECTED_PARAMS)

    got = BedrockExtractor(MODEL, client=client).extract(TEXT, SAID_AT, "user")

    assert got == EXPECTED
    assert TEXT[slice(*got[0].span)] == "I moved to Lisbon last week"
    assert TEXT[slice(*got[1].span)] == "I\u2019m no longer in  Berlin"


def test_an_empty_list_means_the_turn_states_nothing(client: Any, stub: Stubber) -> None:
    stub.add_response("converse", tool_answer({"statements": []}), EXPECTED_PARAMS)

    assert BedrockExtractor(MODEL, client=client).extract("How are you today?", SAID_AT, "user") == []


def test_a_blank_turn_is_not_sent(client: Any, stub: Stubber) -> None:
    assert BedrockExtractor(MODEL, client=client).extract("  \n ", SAID_AT, "user") == []


def test_the_request_forces_the_one_tool_whose_schema_asks_for_quotes(
    client: Any, stub: Stubber, sent: list[dict[str, Any]]
) -> None:
    stub.add_response("converse", tool_answer({"statements": []}), EXPECTED_PARAMS)

    BedrockExtractor(MODEL, client=client).extract("You moved to Porto in March 2024.", SAID_AT, "assistant")

    (req,) = sent
    assert req["toolConfig"]["toolChoice"] == {"tool": {"name": TOOL_NAME}}
    (tool,) = req["toolConfig"]["tools"]
    schema = tool["toolSpec"]["inputSchema"]["json"]
    assert schema["required"] == ["statements"]
    item = schema["properties"]["statements"]["items"]
    assert set(item["required"]) == {"subject", "attribute", "value", "valid_from", "quote"}
    assert item["properties"]["polarity"]["enum"] == [1, -1]
    assert item["properties"]["valid_from"]["format"] == "date"
    assert "span" not in item["properties"]
    assert "$ref" not in str(schema)
    system = req["system"][0]["text"]
    for words in ("@self", "home_city", "favorite_", "no longer", "hypothetical", "questions"):
        assert words in system
    (message,) = req["messages"]
    assert message["role"] == "user"
    prompt = message["content"][0]["text"]
    assert "You moved to Porto in March 2024." in prompt
    assert "assistant" in prompt
    assert "2026-10-01 (Thursday)" in prompt


@pytest.mark.parametrize("malformed", MALFORMED.values(), ids=MALFORMED.keys())
def test_a_malformed_answer_is_asked_for_once_more(
    client: Any, stub: Stubber, sent: list[dict[str, Any]], malformed: dict[str, Any]
) -> None:
    stub.add_response("converse", malformed, EXPECTED_PARAMS)
    stub.add_response("converse", tool_answer({"statements": GOOD}), EXPECTED_PARAMS)

    got = BedrockExtractor(MODEL, client=client).extract(TEXT, SAID_AT, "user")

    assert got == EXPECTED
    assert len(sent) == 2
    retry = sent[1]["messages"][0]["content"]
    assert retry[0] == sent[0]["messages"][0]["content"][0]
    assert "previous answer could not be used" in retry[1]["text"]


def test_two_malformed_answers_fail_the_turn(client: Any, stub: Stubber, sent: list[dict[str, Any]]) -> None:
    stub.add_response("converse", MALFORMED["no tool call"], EXPECTED_PARAMS)
    stub.add_response("converse", MALFORMED["fails validation"], EXPECTED_PARAMS)

    with pytest.raises(ExtractionFailed, match=r"malformed twice.*polarity"):
        BedrockExtractor(MODEL, client=client).extract(TEXT, SAID_AT, "user")

    assert len(sent) == 2


def test_throttling_that_outlasts_the_retries_propagates(
    client: Any, stub: Stubber, sent: list[dict[str, Any]]
) -> None:
    stub.add_client_error(
        "converse",
        service_error_code="ThrottlingException",
        http_status_code=429,
        service_message="Too many requests, please wait before trying again.",
    )

    with pytest.raises(ClientError) as raised:
        BedrockExtractor(MODEL, client=client).extract(TEXT, SAID_AT, "user")

    assert raised.value.response["Error"]["Code"] == "ThrottlingException"
    assert len(sent) == 1  # not taken for a malformed answer


def test_the_client_is_built_on_first_use_with_standard_retries_and_kept() -> None:
    extractor = BedrockExtractor(MODEL, region="eu-west-1")
    assert extractor._client is None

    client = extractor.client

    assert client.meta.region_name == "eu-west-1"
    # four tries in all (the first and three retries), as the DynamoDB client
    assert client.meta.config.retries == {"mode": "standard", "total_max_attempts": 4}
    assert extractor.client is client
    assert (extractor.name, extractor.version, extractor.method) == ("bedrock", "1", "llm")
    assert extractor.model == MODEL


def test_importing_the_module_does_not_import_boto3() -> None:
    code = "import sys, twinmem.extract.bedrock; sys.exit('boto3' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd="functions", check=False).returncode == 0


FACTS_TEXT = "Ran my first charity 5K yesterday with Jon! Also I live in Leeds."


def test_free_form_facts_come_back_with_spans_and_mentions(
    client: Any, stub: Stubber, sent: list[dict[str, Any]]
) -> None:
    stub.add_response(
        "converse",
        tool_answer(
            {
                "statements": [
                    {
                        "subject": "@self",
                        "attribute": "home_city",
                        "value": "Leeds",
                        "valid_from": "2026-10-01",
                        "quote": "I live in Leeds",
                    }
                ],
                "facts": [
                    {
                        "subject": "@self",
                        "content": "Maya ran her first charity 5K with Jon",
                        "valid_from": "2026-09-30",
                        "quote": "Ran my first charity 5K yesterday with Jon!",
                        "mentions": [{"text": "yesterday", "date": "2026-09-30"}],
                    },
                    {
                        "subject": "Jon",
                        "content": "Jon ran a charity 5K",
                        "valid_from": "2026-09-30",
                        "quote": "Jon joined a race",
                    },  # paraphrased: the whole turn is its evidence
                ],
            }
        ),
        EXPECTED_PARAMS,
    )

    reading = BedrockExtractor(MODEL, client=client).read(FACTS_TEXT, SAID_AT, "user", speaker="Maya")

    assert [(s.subject, s.attribute, s.value) for s in reading.statements] == [(SELF, "home_city", "Leeds")]
    first, second = reading.facts
    assert (first.subject, first.content, first.valid_from) == (
        SELF,
        "Maya ran her first charity 5K with Jon",
        date(2026, 9, 30),
    )
    assert FACTS_TEXT[slice(*first.span)] == "Ran my first charity 5K yesterday with Jon!"
    assert [(m.text, m.date) for m in first.mentions] == [("yesterday", date(2026, 9, 30))]
    assert (second.subject, second.span, second.mentions) == ("Jon", (0, len(FACTS_TEXT)), [])
    (req,) = sent
    assert "Speaker: Maya" in req["messages"][0]["content"][0]["text"]
    schema = req["toolConfig"]["tools"][0]["toolSpec"]["inputSchema"]["json"]
    fact = schema["properties"]["facts"]["items"]
    assert set(fact["required"]) == {"subject", "content", "valid_from", "quote"}


def test_an_answer_without_facts_still_reads(client: Any, stub: Stubber) -> None:
    stub.add_response("converse", tool_answer({"statements": GOOD}), EXPECTED_PARAMS)

    reading = BedrockExtractor(MODEL, client=client).read(TEXT, SAID_AT, "user")

    assert reading.statements == EXPECTED and reading.facts == []


def test_a_fact_that_fails_validation_is_asked_for_again(client: Any, stub: Stubber) -> None:
    bad = {"statements": [], "facts": [{"subject": " ", "content": "x", "valid_from": "2026-10-01", "quote": "x"}]}
    stub.add_response("converse", tool_answer(bad), EXPECTED_PARAMS)
    stub.add_response("converse", tool_answer({"statements": [], "facts": []}), EXPECTED_PARAMS)

    assert BedrockExtractor(MODEL, client=client).read("Hello there.", SAID_AT, "user").facts == []
