"""Changes read in context, through the real handlers and the stream consumer: a value told in passing, a
thing's new port in a later turn, a friend's move, and a private subject that never shapes a shared one."""

from __future__ import annotations

from typing import Any

from tests.conftest import ApiClient


def _turn(i: int, content: str, day: int, role: str = "user") -> dict[str, Any]:
    return {"id": f"t{i}", "role": role, "content": content, "said_at": f"2024-03-{day:02d}T10:00:00Z"}


def _first_value(api: ApiClient, subject: str, attribute: str) -> str | None:
    lines = api.post("/v1/memory/known", {"subjects": [subject]}).body["lines"]
    line = next((ln for ln in lines if f"· {attribute}:" in ln), None)
    return line.split(f"· {attribute}: ", 1)[1].split(" [", 1)[0] if line else None


def test_a_thing_s_port_changed_in_a_later_turn_is_first(api: ApiClient, backend: Any) -> None:
    turns = [
        _turn(1, "Quick one: billing-worker is on 8081 locally, the UI hits it directly.", 1),
        _turn(2, "Noted. Anything else running nearby?", 1, "assistant"),
        _turn(3, "The ledger service uses 8082 and redis is on 6379.", 2),
        _turn(4, "I gave billing-worker port 9091 instead, 8081 kept clashing with the profiler.", 9),
    ]
    assert api.post("/v1/memory/items", {"items": turns}).status == 202
    backend.drain()

    assert _first_value(api, "billing-worker", "port") == "9091"
    line = " ".join(api.post("/v1/memory/known", {"subjects": ["billing-worker"]}).body["lines"])
    assert "8082" not in line and "6379" not in line  # other things' values stay theirs


def test_a_value_told_in_passing_then_a_friend_s_move(api: ApiClient, backend: Any) -> None:
    turns = [
        _turn(1, "My commute across Utrecht is ten minutes by bike, can't complain.", 1),
        _turn(2, "My sister Greta lives in Innsbruck and skis before work.", 2),
        _turn(3, "Leaving Utrecht was harder than I thought, but the new flat in Rotterdam is lovely.", 20),
        _turn(4, "Greta took a job at the university in Graz, so they moved in October.", 25),
    ]
    assert api.post("/v1/memory/items", {"items": turns}).status == 202
    backend.drain()

    assert _first_value(api, "user", "home_city") == "Rotterdam"
    assert _first_value(api, "Greta", "home_city") == "Graz"


def _append(api: ApiClient, key: str | None = None, **fields: Any) -> None:
    body = {"content": f"{fields['subject']} listens on {fields['value']}", "attribute": "port", **fields}
    reply = api.post("/v1/memory/append", body, key=key)
    assert reply.status == 201, reply


def test_a_private_subject_does_not_shape_a_shared_reading(api: ApiClient, backend: Any) -> None:
    agent = str(api.post("/v1/keys", {"scope": "write", "agent_id": "agentX"}, account=None).body["key"])
    _append(api, agent, subject="billing-worker", value="8081", visibility="private")
    _append(api, subject="payments-api", value="8080")  # a shared one, read the same way
    turns = [  # said now: after the appended memories
        {"id": "t1", "content": "Point the proxy at billing worker on 9300 from today."},
        {"id": "t2", "content": "Point the proxy at payments api on 9400 from today."},
    ]
    assert api.post("/v1/memory/items", {"items": turns}).status == 202
    backend.drain()

    assert _first_value(api, "payments-api", "port") == "9400"
    assert _first_value(api, "billing-worker", "port") is None  # the private value was never read against


def test_a_short_answer_posted_with_its_question_is_read_with_it(api: ApiClient, backend: Any) -> None:
    turns = [
        _turn(1, "I live in Denver, near the park.", 1),
        _turn(2, "Where are you living these days?", 20, "assistant"),
        _turn(3, "Tucson, since May.", 20),
    ]
    assert api.post("/v1/memory/items", {"items": turns}).status == 202
    backend.drain()

    assert _first_value(api, "user", "home_city") == "Tucson"
    item = api.get(f"/v1/memory/items/{api.post('/v1/memory/items', {'items': [turns[2]]}).body['event_ids'][0]}")
    assert item.status == 200 and "asked" not in item.body  # kept for reading, never shown


def test_a_question_in_another_conversation_is_not_the_one_answered(api: ApiClient, backend: Any) -> None:
    question = _turn(1, "Where are you living these days?", 20, "assistant") | {"conversation_id": "a"}
    answer = _turn(2, "Tucson, since May.", 20) | {"conversation_id": "b"}
    assert api.post("/v1/memory/items", {"items": [question, answer]}).status == 202
    assert api.post("/v1/memory/items", {"items": [_turn(3, "Reno, since June.", 21)]}).status == 202
    backend.drain()

    assert _first_value(api, "user", "home_city") is None


def test_a_turn_posted_alone_answers_the_question_posted_just_before_it(api: ApiClient, backend: Any) -> None:
    """A chat app posts each turn as it is said: the answer is read with the question of the call before."""
    chat = [
        _turn(1, "I live in Denver, near the park.", 1),
        _turn(2, "Where are you living these days?", 20, "assistant"),
        _turn(3, "Tucson, since May.", 20),
        _turn(4, "And which city is your sister in?", 21, "assistant"),
        _turn(5, "Oh I love that cafe you mentioned.", 21),  # answers nothing it was asked
        _turn(6, "Boise.", 21),  # the user's own turn came last: no question before it
    ]
    for turn in chat:
        assert api.post("/v1/memory/items", {"items": [turn | {"conversation_id": "c1"}]}).status == 202
    backend.drain()

    assert _first_value(api, "user", "home_city") == "Tucson"
    # a turn said before the question posted last (a backfill) does not answer it
    question = _turn(7, "Where are you living these days?", 22, "assistant") | {"conversation_id": "c2"}
    earlier = _turn(8, "Fresno.", 22) | {"conversation_id": "c2", "said_at": "2024-03-22T09:00:00Z"}
    assert api.post("/v1/memory/items", {"items": [question]}).status == 202
    assert api.post("/v1/memory/items", {"items": [earlier]}).status == 202
    backend.drain()
    assert _first_value(api, "user", "home_city") == "Tucson"


def test_known_reads_the_thing_a_short_name_means_and_the_question_s_subject(api: ApiClient, backend: Any) -> None:
    turns = [
        _turn(1, "Our Elasticsearch cluster is on 7.17. Is it worth upgrading this year?", 1),
        _turn(2, "My neighbour Oskar is an electrician and he's doing my rewiring.", 2),
        _turn(3, "The Elasticsearch 8.13 upgrade went live last night.", 20),
        _turn(4, "Could Oskar help with the fuse box? He's an electrician, right?", 21, "assistant"),
        _turn(5, "Not anymore. He's a ferry captain now, on the island routes.", 21),
    ]
    assert api.post("/v1/memory/items", {"items": turns}).status == 202
    backend.drain()

    assert _first_value(api, "Elasticsearch", "version") == "8.13"  # filed as "Elasticsearch cluster"
    assert _first_value(api, "Elasticsearch cluster", "version") == "8.13"
    assert _first_value(api, "the Elasticsearch cluster", "version") == "8.13"  # asked for with its article
    assert _first_value(api, "Oskar", "job_title") == "ferry captain"  # "he", named by the question
    assert _first_value(api, "Elastic", "version") is None  # not a name with a thing's head word after it


def test_a_reply_that_confirms_the_assistant_s_check_files_what_it_checked(api: ApiClient, backend: Any) -> None:
    chat = [
        _turn(1, "Our wiki says Checkout is owned by the Payments team.", 1),
        _turn(2, "Reorg memo is out, fun times. Lena's group is being split up.", 20),
        _turn(3, "So from February Checkout's owner is the Platform team, with Arjun as the lead?", 20, "assistant"),
        _turn(4, "correct", 20),
        _turn(5, "I'm allergic to cats.", 21),
        _turn(6, "Got it, so your allergy is to dust mites rather than cats.", 22, "assistant"),
        _turn(7, "Yes, dust mites. Tips for the bedroom?", 22),
        _turn(8, "So you're moving to Denver?", 23, "assistant"),
        _turn(9, "no", 23),
    ]
    for turn in chat:  # one turn a call, as a chat app posts them
        assert api.post("/v1/memory/items", {"items": [turn | {"conversation_id": "c1"}]}).status == 202
    backend.drain()

    assert _first_value(api, "Checkout", "owner") == "Platform team"
    assert _first_value(api, "user", "allergy") == "dust mites"
    assert _first_value(api, "user", "home_city") is None  # said no


def test_she_opening_a_later_turn_is_the_one_person_named_before_it(api: ApiClient, backend: Any) -> None:
    """Posted one turn a call, as a chat app does: the reply between names no one, and "she" is still Ama."""
    chat = [
        _turn(1, "My cousin Ama lives in Accra and works nights.", 1),
        _turn(2, "Night shifts are tough. How is she coping?", 1, "assistant"),
        _turn(3, "She moved to Kumasi last month, much calmer there.", 9),
        _turn(4, "That sounds like a good change.", 9, "assistant"),
        _turn(5, "Her best friend is still in Tamale though.", 10),  # the friend's, not Ama's
    ]
    for turn in chat:
        assert api.post("/v1/memory/items", {"items": [turn | {"conversation_id": "c9"}]}).status == 202
    backend.drain()

    assert _first_value(api, "Ama", "home_city") == "Kumasi"
    item = api.get(f"/v1/memory/items/{api.post('/v1/memory/items', {'items': [chat[2]]}).body['event_ids'][0]}")
    assert item.status == 200 and "spoken_of" not in item.body  # kept for reading, never shown


def test_a_relative_named_once_is_whom_the_relation_alone_means_later(api: ApiClient, backend: Any) -> None:
    """ "my sister Maren" in one call, "my sister" alone in a later one: the move is Maren's, and the
    memory's evidence points into the turn as it was said (no name put in)."""
    chat = [
        _turn(1, "Planning a long weekend. My sister Maren lives in Bergen, so I'll fly there.", 1),
        _turn(2, "Bergen is lovely. Do you know where you'll stay?", 1, "assistant"),
        _turn(3, "With her. My cousin in Stavanger can't make it this time.", 2),
        _turn(4, "Another trip to see my sister! She moved up to Tromsø for a research job.", 20),
    ]
    for turn in chat:
        assert api.post("/v1/memory/items", {"items": [turn | {"conversation_id": "c7"}]}).status == 202
    backend.drain()

    assert _first_value(api, "Maren", "home_city") == "Tromsø"
    found = api.post("/v1/memory/retrieve", {"query": "Where does Maren live now? Tromsø"}).body
    fact = next(m for m in found["memories"] if m.get("value") == "Tromsø")
    start, end = fact["evidence"][0]["span"]
    assert "Tromsø" in chat[3]["content"][start:end]  # the span is on the turn as said, which never named her
    assert "Maren" not in chat[3]["content"]


def test_an_assistant_acknowledging_a_change_files_it_with_its_own_turn_as_evidence(
    api: ApiClient, backend: Any
) -> None:
    """The user's terse note is not read as an owner change; the assistant's "Noted: ..." reading it back is, in a
    later call than the note (what it replies to travels with the conversation), and the evidence is the reply."""
    chat = [
        _turn(1, "ledger-api belongs to the payments team", 1),
        _turn(2, "Got it, the payments team owns ledger-api.", 1, "assistant"),
        _turn(3, "reorg landed, ledger-api moved under core infra as of today", 9),
        _turn(4, "Noted: ledger-api is now owned by the core infra team.", 9, "assistant"),
        _turn(5, "Noted: vault-sync is now owned by the core infra team.", 9, "assistant"),  # not replied to
    ]
    ids = []
    for turn in chat:
        added = api.post("/v1/memory/items", {"items": [turn | {"conversation_id": "c8"}]})
        assert added.status == 202
        ids += added.body["event_ids"]
    backend.drain()

    assert _first_value(api, "ledger-api", "owner") == "core infra team"
    history = api.post("/v1/memory/history", {"subject": "ledger-api"}).body["assertions"]
    latest = next(a for a in history if a["value"] == "core infra team")
    assert latest["source_turn_ids"] == [ids[3]]
    assert not api.post("/v1/memory/known", {"subjects": ["vault-sync"]}).body["lines"]


def test_known_reads_a_thing_by_its_name_with_or_without_what_it_is(api: ApiClient, backend: Any) -> None:
    """A thing filed with the words for what it is ("the Quarry standing desk") is read by its name, and a name
    filed alone by the name with them; a statement naming it either way joins the one line."""
    turns = [
        _turn(1, "I'm eyeing the Quarry standing desk, it's $640 on their site.", 1),
        _turn(2, "Good news: the Quarry is down to $560 for the sale.", 20),
    ]
    assert api.post("/v1/memory/items", {"items": turns}).status == 202
    backend.drain()

    assert _first_value(api, "Quarry", "price") == "$560"
    assert _first_value(api, "Quarry standing desk", "price") == "$560"
    assert _first_value(api, "quarry", "price") == "$560"
