"""Speakers kept apart through the real handlers: items with `name`, read by the stream consumer."""

from __future__ import annotations

from typing import Any

from tests.conftest import ApiClient

TURNS = [
    {
        "id": "c1-1",
        "name": "Maya",
        "content": "I just adopted a beagle named Rex, and I live in Leeds.",
        "said_at": "2023-05-08T10:00:00Z",
        "conversation_id": "c1",
    },
    {
        "id": "c1-2",
        "name": "Jon",
        "content": "Nice! I live in Bath and I love playing chess.",
        "said_at": "2023-05-08T10:01:00Z",
        "conversation_id": "c1",
    },
    {
        "id": "c1-3",
        "name": "Maya",
        "content": "I love playing chess too. I moved to Leeds two years ago.",
        "said_at": "2023-05-08T10:02:00Z",
        "conversation_id": "c1",
    },
    {
        "id": "c1-4",
        "name": "Jon",
        "content": "My name is Jon Reyes, by the way.",
        "said_at": "2023-05-08T10:03:00Z",
        "conversation_id": "c1",
    },
]


def _history(api: ApiClient, subject: str) -> list[tuple[str, str, str]]:
    reply = api.post("/v1/memory/history", {"subject": subject})
    assert reply.status == 200, reply
    return [(a["subject"], a["attribute"], a["value"]) for a in reply.body.get("assertions", [])]


def test_two_speakers_in_one_conversation_never_share_a_subject(api: ApiClient, backend: Any) -> None:
    assert api.post("/v1/memory/items", {"items": TURNS}).status == 202
    backend.drain()

    maya, jon = _history(api, "Maya"), _history(api, "jon")

    assert {s for s, _a, _v in maya} == {"maya"} and {s for s, _a, _v in jon} == {"jon"}
    assert {(a, v) for _s, a, v in maya} == {("pet", "Rex"), ("home_city", "Leeds"), ("hobby", "chess")}
    assert {(a, v) for _s, a, v in jon} == {("home_city", "Bath"), ("hobby", "chess"), ("name", "Jon Reyes")}
    # nothing was filed under the end user, and a named speaker's "my name is" does not name the account
    miss = api.post("/v1/memory/history", {"subject": "user"})
    assert miss.body.get("count", 0) == 0
    lines = api.post("/v1/memory/known", {"subjects": ["Maya", "Jon"]}).body["lines"]
    assert "- Maya · home_city: Leeds [said 2023-05-08]" in lines
    assert "- Jon · home_city: Bath [said 2023-05-08]" in lines


def test_a_fact_carries_its_speaker_and_its_dates(api: ApiClient, backend: Any) -> None:
    api.post("/v1/memory/items", {"items": TURNS[2:3]})
    backend.drain()
    (assertion,) = [
        a
        for a in api.post("/v1/memory/history", {"subject": "Maya"}).body["assertions"]
        if a["attribute"] == "home_city"
    ]

    explained = api.get(f"/v1/memory/{assertion['memory_id']}/explain")

    memory = explained.body["memory"]
    assert memory["content"] == "Maya: I moved to Leeds two years ago."
    assert memory["mentions"] == [{"text": "two years ago", "date": "2021-05-08"}]
    assert assertion["valid_from"] == "2021-05-08"
