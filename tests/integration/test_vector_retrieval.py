"""Embeddings (Titan v2) and the DynamoDB vector-index backend behind the same retrieve interface.

moto implements neither Bedrock nor SearchVectors: the wire contracts are checked with botocore's
Stubber, and the end-to-end test answers SearchVectors from the moto table's own `vec` attributes.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from botocore.awsrequest import AWSResponse
from botocore.response import StreamingBody
from botocore.stub import ANY, Stubber

from tests.conftest import ApiClient

DIMS = 1024


def bag_of_words(text: str) -> list[float]:
    """A deterministic stand-in for Titan: hashed words, normalised (similar words, similar vectors)."""
    vec = [0.0] * DIMS
    for word in text.lower().replace(".", " ").split():
        vec[int(hashlib.sha256(word.encode()).hexdigest(), 16) % DIMS] += 1.0
    norm = math.sqrt(sum(x * x for x in vec)) or 1.0
    return [x / norm for x in vec]


class FakeTitan:
    """bedrock-runtime's invoke_model for Titan Text Embeddings v2, answering with bag_of_words."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def invoke_model(self, **kw: Any) -> dict[str, Any]:
        body = json.loads(kw["body"])
        self.calls.append(body)
        payload = json.dumps({"embedding": bag_of_words(body["inputText"]), "inputTextTokenCount": 3}).encode()
        return {"body": StreamingBody(io.BytesIO(payload), len(payload)), "contentType": "application/json"}


@pytest.fixture
def vector_backend(monkeypatch: pytest.MonkeyPatch, backend: Any) -> Iterator[FakeTitan]:
    from twinmem import config, embeddings
    from twinmem.aws import store

    monkeypatch.setenv("TWINMEM_EMBEDDING_MODEL_ID", "amazon.titan-embed-text-v2:0")
    monkeypatch.setenv("TWINMEM_RETRIEVAL_BACKEND", "vector")
    config.settings.cache_clear()
    titan = FakeTitan()
    embeddings.set_client(titan)
    searches: list[dict[str, Any]] = []

    def search_vectors(params: dict[str, Any], **kwargs: Any) -> Any:
        """SearchVectors over the table's `vec` attributes: cosine distance, nearest first."""
        searches.append(params)
        query = [float(v["N"]) for v in params["SearchVector"]]
        account = params["ExpressionAttributeValues"][":p"]["S"]
        scanned = backend.dynamodb.scan(TableName=backend.table_name)["Items"]
        hits = []
        for item in scanned:
            if item.get("g1pk", {}).get("S") != account or "vec" not in item:
                continue
            vec = [float(v["N"]) for v in item["vec"]["L"]]
            hits.append((1 - sum(a * b for a, b in zip(query, vec, strict=True)), item))
        hits.sort(key=lambda h: h[0])
        results = [{"Item": {"pk": i["pk"], "sk": i["sk"]}, "Score": d} for d, i in hits[: params["TopK"]]]
        http = AWSResponse("https://local/", 200, {}, None)
        return http, {"SearchResults": results, "ResponseMetadata": {"HTTPStatusCode": 200}}  # short-circuit

    hook = store.client().meta.events
    hook.register("before-call.dynamodb.SearchVectors", lambda params, **kw: search_vectors(json.loads(params["body"])))
    titan.searches = searches  # type: ignore[attr-defined]
    yield titan
    embeddings.set_client(None)
    config.settings.cache_clear()


def test_memories_are_embedded_at_write_time_and_found_through_the_vector_index(
    api: ApiClient, backend: Any, vector_backend: FakeTitan
) -> None:
    api.post("/v1/memory/items", {"items": [{"content": "My sister Carol lives in Paris."}]})
    backend.drain()
    api.post("/v1/memory/append", {"content": "Carol prefers window seats on trains"})
    api.post("/v1/memory/append", {"content": "The quarterly report is due Friday"})

    reply = api.post("/v1/memory/retrieve", {"query": "Carol trains seats", "limit": 2})

    assert reply.status == 200, reply
    contents = [m["content"] for m in reply.body["memories"]]
    assert contents[0] == "Carol prefers window seats on trains"
    assert "The quarterly report is due Friday" not in contents
    assert [c["inputText"] for c in vector_backend.calls] == [
        "My sister Carol lives in Paris.",  # the item (its episode), as it is stored
        "My sister Carol lives in Paris.",  # the memory extraction read from it
        "Carol prefers window seats on trains",
        "The quarterly report is due Friday",
        "Carol trains seats",
    ]
    (search,) = vector_backend.searches  # type: ignore[attr-defined]
    assert search["IndexName"] == "memvec" and search["TopK"] == 10
    assert search["SearchConditionExpression"] == "g1pk = :p"
    items = backend.dynamodb.scan(TableName=backend.table_name)["Items"]
    assert all(len(i["vec"]["L"]) == DIMS for i in items if i.get("type", {}).get("S") in ("MEMORY", "EVENT"))


def test_the_vector_backend_keeps_the_axes(api: ApiClient, backend: Any, vector_backend: FakeTitan) -> None:
    api.post(
        "/v1/memory/items",
        {
            "items": [
                {"content": "I live in Berlin.", "said_at": "2024-06-01T10:00:00Z"},
                {"content": "I moved to Lisbon.", "said_at": "2026-10-01T09:00:00Z"},
            ]
        },
    )
    backend.drain()

    facts = ["fact"]
    now = api.post("/v1/memory/retrieve", {"query": "live Berlin Lisbon moved", "kinds": facts}).body
    then = api.post(
        "/v1/memory/retrieve", {"query": "live Berlin Lisbon moved", "as_of": "2025-01-01T00:00:00Z", "kinds": facts}
    ).body

    assert [m["value"] for m in now["memories"]] == ["Lisbon"]  # Berlin was replaced: no longer valid
    assert [m["value"] for m in then["memories"]] == ["Berlin"]
    assert now["known"] == ["- user · home_city: Lisbon [said 2026-10-01]; Berlin [said 2024-06-01]"]


def test_turns_are_embedded_on_the_item_and_found_through_the_vector_index_as_episodes(
    api: ApiClient, backend: Any, vector_backend: FakeTitan
) -> None:
    reply = api.post(
        "/v1/memory/items",
        {
            "items": [
                {
                    "content": "We watched the fireworks over the harbour",
                    "name": "Maya",
                    "said_at": "2026-07-04T22:00:00Z",
                },
                {"content": "The quarterly report is due Friday", "said_at": "2026-07-05T09:00:00Z"},
            ]
        },
    )
    fireworks, _ = reply.body["event_ids"]
    backend.drain()

    found = api.post("/v1/memory/retrieve", {"query": "fireworks harbour", "limit": 1}).body["memories"]
    edited = api.put(f"/v1/memory/items/{fireworks}", {"content": "We watched the regatta from the pier"})
    after = api.post("/v1/memory/retrieve", {"query": "regatta pier", "limit": 1, "kinds": ["episode"]}).body

    assert [(m["type"], m["event_id"], m["speaker"]) for m in found] == [("episode", fireworks, "Maya")]
    assert edited.status == 200
    assert [m["content"] for m in after["memories"]] == ["We watched the regatta from the pier"]
    events = [i for i in backend.dynamodb.scan(TableName=backend.table_name)["Items"] if i["type"]["S"] == "EVENT"]
    assert len(events) == 2 and all(len(i["vec"]["L"]) == DIMS for i in events)
    assert vector_backend.calls[-2]["inputText"] == "We watched the regatta from the pier"  # the edit, re-embedded


def test_search_vectors_request_and_answer_on_the_wire(monkeypatch: pytest.MonkeyPatch) -> None:
    from twinmem import config
    from twinmem.aws import store, tablekeys

    monkeypatch.setenv("TWINMEM_TABLE", "twinmem-dev")
    config.settings.cache_clear()
    client = boto3.client("dynamodb", region_name="us-east-1")
    pk, sk = {"S": "T#t#A#a#S#carol"}, {"S": "home_city#2026-01-01#2026-01-01T00:00:00Z#mem_1"}
    with Stubber(client) as stub:
        stub.add_response(
            "search_vectors",
            {"SearchResults": [{"Item": {"pk": pk, "sk": sk}, "Score": 0.12}]},
            {
                "TableName": "twinmem-dev",
                "IndexName": "memvec",
                "SearchVector": [{"N": "0.6"}, {"N": "0.8"}],
                "TopK": 5,
                "SearchConditionExpression": "g1pk = :p",
                "ExpressionAttributeValues": {":p": {"S": tablekeys.memories_index_pk("t", "a")}},
                "ProjectionExpression": "pk, sk",
            },
        )
        store.use_client(client)
        hits = store.search_vectors("t", "a", [0.6, 0.8], 5)
        stub.assert_no_pending_responses()
    config.settings.cache_clear()
    store.reset()

    assert hits == [({"pk": pk, "sk": sk}, 0.12)]


def test_titan_embeddings_request_on_the_wire(monkeypatch: pytest.MonkeyPatch) -> None:
    from twinmem import config, embeddings

    monkeypatch.setenv("TWINMEM_EMBEDDING_MODEL_ID", "amazon.titan-embed-text-v2:0")
    config.settings.cache_clear()
    client = boto3.client("bedrock-runtime", region_name="us-east-1")
    payload = json.dumps({"embedding": [0.6, 0.8], "inputTextTokenCount": 2}).encode()
    with Stubber(client) as stub:
        stub.add_response(
            "invoke_model",
            {"body": StreamingBody(io.BytesIO(payload), len(payload)), "contentType": "application/json"},
            {
                "modelId": "amazon.titan-embed-text-v2:0",
                "body": ANY,
                "contentType": "application/json",
                "accept": "application/json",
            },
        )
        stub.add_client_error("invoke_model", service_error_code="ThrottlingException", http_status_code=429)
        embeddings.set_client(client)
        try:
            assert embeddings.embed("hello world") == [0.6, 0.8]
            with pytest.raises(client.exceptions.ThrottlingException):
                embeddings.embed("again")
        finally:
            embeddings.set_client(None)
            config.settings.cache_clear()
        stub.assert_no_pending_responses()
