"""Keys, scopes, tenant and account isolation, and the error codes of the contract."""

from __future__ import annotations

from typing import Any

from tests.conftest import ApiClient


def test_admin_mints_keys_whose_secret_is_shown_once(api: ApiClient) -> None:
    created = api.post("/v1/keys", {"scope": "read", "name": "reader"}, account=None)

    assert created.status == 201
    assert created.body["key"].startswith("tm_")
    assert created.body["id"].startswith("key_")
    listed = api.get("/v1/keys", account=None)
    assert listed.status == 200
    names = {k["name"]: k for k in listed.body["keys"]}
    assert "reader" in names and "key" not in names["reader"]
    assert created.body["key"] not in str(listed.body)


def test_the_secret_is_stored_only_as_a_hash(api: ApiClient, backend: Any) -> None:
    secret = api.post("/v1/keys", {"scope": "write"}, account=None).body["key"]

    items = backend.dynamodb.scan(TableName=backend.table_name)["Items"]

    assert secret not in str(items)


def test_scopes_are_enforced(api: ApiClient) -> None:
    read = api.post("/v1/keys", {"scope": "read"}, account=None).body["key"]
    write = api.post("/v1/keys", {"scope": "write"}, account=None).body["key"]
    turn = {"items": [{"content": "I live in Oslo."}]}

    assert api.post("/v1/memory/items", turn, key=read).status == 403
    assert api.post("/v1/memory/items", turn, key=write).status == 202
    assert api.post("/v1/keys", {"scope": "read"}, key=write, account=None).status == 403
    assert api.post("/v1/memory/history", {"subject": "user"}, key=read).status == 200


def test_a_revoked_key_is_refused(api: ApiClient) -> None:
    created = api.post("/v1/keys", {"scope": "read"}, account=None).body

    assert api.delete(f"/v1/keys/{created['id']}", account=None).status == 200
    reply = api.post("/v1/memory/history", {"subject": "user"}, key=created["key"])

    assert reply.status == 401
    assert reply.body["error"] == "not a key this service issued"


def test_unknown_bearer_and_missing_bearer_are_401(api: ApiClient) -> None:
    assert api.post("/v1/memory/history", {"subject": "x"}, key="tm_madeup").status == 401
    assert api.post("/v1/memory/history", {"subject": "x"}, key="").status == 401


def test_account_header_missing_or_unusable_is_400(api: ApiClient) -> None:
    missing = api.post("/v1/memory/history", {"subject": "x"}, account=None)
    bad = api.post("/v1/memory/history", {"subject": "x"}, account="has space")
    too_long = api.post("/v1/memory/history", {"subject": "x"}, account="a" * 129)

    assert (missing.status, bad.status, too_long.status) == (400, 400, 400)
    assert "X-Twin-Account" in missing.body["error"]


def test_an_account_with_no_items_is_404_with_the_contract_message(api: ApiClient) -> None:
    reply = api.post("/v1/memory/history", {"subject": "Alice Chen"}, account="user_42")

    assert reply.status == 404
    assert reply.body == {"error": "no memory for end user 'user_42' yet"}


def test_invalid_bodies_are_422_naming_the_field(api: ApiClient) -> None:
    api.post("/v1/memory/items", {"items": [{"content": "hello"}]})

    empty = api.post("/v1/memory/history", {"subject": ""})
    blank = api.post("/v1/memory/history", {"subject": "   "})
    not_json = api.post("/v1/memory/history", raw=b"{not json")
    too_many = api.post("/v1/memory/items", {"items": [{"content": "x"}] * 101})
    unknown = api.post("/v1/memory/history", {"subject": "a", "colour": "red"})

    assert empty.status == 422 and empty.body["field"] == "subject"
    assert blank.status == 422 and blank.body["field"] == "subject"
    assert not_json.status == 422 and not_json.body["field"] == "body"
    assert too_many.status == 422 and too_many.body["field"] == "items"
    assert unknown.status == 422 and unknown.body["field"] == "colour"


def test_a_body_over_the_limit_is_413(api: ApiClient, monkeypatch: Any) -> None:
    from twinmem import config

    monkeypatch.setenv("TWINMEM_MAX_BODY_BYTES", "1000")
    config.settings.cache_clear()
    try:
        reply = api.post("/v1/memory/items", {"items": [{"content": "x" * 2000}]})
    finally:
        monkeypatch.delenv("TWINMEM_MAX_BODY_BYTES")
        config.settings.cache_clear()

    assert reply.status == 413


def test_request_id_is_echoed_or_generated(api: ApiClient) -> None:
    echoed = api.post("/v1/memory/history", {"subject": "x"}, headers={"x-request-id": "abc-123"})
    generated = api.post("/v1/memory/history", {"subject": "x"})

    assert echoed.headers["X-Request-Id"] == "abc-123"
    assert generated.headers["X-Request-Id"].startswith("req_")


def test_another_tenant_never_reads_this_tenants_accounts(api: ApiClient) -> None:
    from twinmem import keys

    api.post("/v1/memory/items", {"items": [{"content": "I live in Oslo."}]}, account="shared_name")
    other_admin = keys.mint("other-tenant", "admin")[1]

    reply = api.post("/v1/memory/history", {"subject": "user"}, key=other_admin, account="shared_name")

    assert reply.status == 404


def test_throttling_after_retries_is_503_with_retry_after(api: ApiClient) -> None:
    from botocore.awsrequest import AWSResponse

    from twinmem.aws import store

    api.post("/v1/memory/items", {"items": [{"content": "hello"}]})
    attempts: list[int] = []

    class Raw:
        def stream(self, **kwargs: Any) -> Any:
            yield b""

    def throttled(request: Any, **kwargs: Any) -> AWSResponse:
        attempts.append(1)
        body = b'{"__type":"com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException","message":"slow"}'
        response = AWSResponse(request.url, 400, {"x-amzn-requestid": "r"}, Raw())
        response._content = body
        return response

    store.client().meta.events.register_first("before-send.dynamodb.Query", throttled)
    try:
        reply = api.post("/v1/memory/history", {"subject": "user"})
    finally:
        store.reset()

    assert reply.status == 503
    assert reply.body["error"] == "at capacity, retry later"
    assert reply.headers["Retry-After"].isdigit()
    assert len(attempts) > 1  # botocore retried before the service gave up


def test_ids_in_paths_that_this_service_never_issued_are_404(api: ApiClient) -> None:
    api.post("/v1/memory/items", {"items": [{"content": "hello"}]})

    assert api.get("/v1/memory/items/EV%23x").status == 404
    assert api.get("/v1/memory/items/ev_0123").status == 404
    assert api.get("/v1/memory/mem_zz/explain").status == 404
    assert api.put("/v1/memory/not-an-id", {"content": "x"}).status == 404
    assert api.delete("/v1/keys/key_%23", account=None).status == 404
