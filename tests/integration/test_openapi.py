"""The document is served, typed, and says every status each route answers; errors are one body."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.conftest import ApiClient
from twinmem import errors
from twinmem.http.api import ERRORS, entrypoint, make_app, shaped
from twinmem.http.responses import ErrorBody, KnownOut

ROOT = Path(__file__).resolve().parents[2]


def test_the_served_document_is_the_committed_one_and_needs_no_key(api: ApiClient) -> None:
    served = api.get("/openapi.json", key="", account=None)

    assert served.status == 200
    assert served.headers["Content-Type"].startswith("application/json")
    assert served.body == json.loads((ROOT / "docs/openapi.json").read_text())


def test_the_docs_page_lists_every_operation_without_a_key(api: ApiClient) -> None:
    page = api.get("/docs", key="", account=None)
    doc = json.loads((ROOT / "docs/openapi.json").read_text())

    assert page.status == 200
    assert page.headers["Content-Type"].startswith("text/html")
    for path, ops in doc["paths"].items():
        for method in ops:
            assert f"{method.upper()} {path}</code>" in page.body, (method, path)


def test_every_operation_documents_its_statuses_headers_and_security() -> None:
    doc = json.loads((ROOT / "docs/openapi.json").read_text())
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            codes = set(op["responses"])
            if op.get("x-scope") is None:
                assert op["security"] == [] and codes == {"200"}
                continue
            assert {"400", "401", "413", "415", "422", "503"} <= codes, (method, path)
            assert ("403" in codes) == (op["x-scope"] != "read"), (method, path)
            assert "Retry-After" in op["responses"]["503"]["headers"]
            for code in codes - {"200", "201", "202"}:
                assert op["responses"][code]["content"]["application/json"]["schema"] == {
                    "$ref": "#/components/schemas/ErrorBody"
                }
            names = [p.get("$ref", p.get("name")) for p in op.get("parameters", [])]
            assert ("#/components/parameters/XTwinAccount" in names) == op["x-end-user"], (method, path)
    assert doc["components"]["securitySchemes"]["bearer"]["scheme"] == "bearer"
    assert doc["security"] == [{"bearer": []}]
    assert {"200", "201", "202"} & set(doc["paths"]["/v1/keys"]["post"]["responses"]) == {"201"}
    assert "202" in doc["paths"]["/v1/memory/items"]["post"]["responses"]


def test_every_error_a_client_can_meet_is_in_the_one_table() -> None:
    kinds = {c for c in vars(errors).values() if isinstance(c, type) and issubclass(c, errors.TwinmemError)}

    assert kinds - {errors.TwinmemError} == set(ERRORS)


def _error(reply: Any) -> ErrorBody:
    return ErrorBody.model_validate(reply.body)


def test_error_bodies_are_one_model(api: ApiClient) -> None:
    read = api.post("/v1/keys", {"scope": "read"}, account=None).body["key"]

    forbidden = api.post("/v1/memory/items", {"items": [{"content": "x"}]}, key=read)
    invalid = api.post("/v1/memory/items", {"items": []})
    unauthorized = api.post("/v1/memory/history", {"subject": "x"}, key="tm_" + "x" * 30)

    assert forbidden.status == 403 and (_error(forbidden).needs, _error(forbidden).scope) == ("write", "read")
    assert invalid.status == 422 and _error(invalid).field == "items" and _error(invalid).why
    assert unauthorized.status == 401 and set(unauthorized.body) == {"error"}


def test_a_response_that_does_not_fit_its_model_is_a_500_not_a_422(backend: Any, admin_key: str) -> None:
    app = make_app()

    @app.get("/broken", scope="read", account=False)
    def broken() -> KnownOut:
        return shaped(KnownOut, {"lines": "not a list"})

    handler = entrypoint(app)
    event = {
        "version": "2.0",
        "routeKey": "GET /broken",
        "rawPath": "/broken",
        "rawQueryString": "",
        "headers": {"authorization": f"Bearer {admin_key}"},
        "requestContext": {"stage": "$default", "http": {"method": "GET", "path": "/broken"}},
    }

    from infra.local.pump import LambdaContext

    result = handler(event, LambdaContext("Broken"))

    assert result["statusCode"] == 500
    assert json.loads(result["body"])["error"] == "internal error"


def test_an_event_without_a_route_key_is_matched_by_method_and_path(backend: Any, admin_key: str) -> None:
    from apikeys.app import handler
    from infra.local.pump import LambdaContext

    def call(method: str, path: str, key: str) -> dict[str, Any]:
        return handler(
            {
                "version": "2.0",
                "rawPath": path,
                "rawQueryString": "",
                "headers": {"authorization": f"Bearer {key}"},
                "requestContext": {"stage": "$default", "http": {"method": method, "path": path}},
            },
            LambdaContext("KeysFunction"),
        )

    assert call("GET", "/v1/keys", admin_key)["statusCode"] == 200
    assert call("DELETE", "/v1/keys/key_nope", admin_key)["statusCode"] == 404
    assert call("GET", "/v1/nothing", admin_key)["statusCode"] == 404


def test_a_route_is_declared_once() -> None:
    app = make_app()

    @app.get("/once", scope="read")
    def once() -> KnownOut:
        return KnownOut(lines=[], text="")

    try:
        app.get("/once", scope="read")(once)
    except ValueError as exc:
        assert "declared twice" in str(exc)
    else:
        raise AssertionError("a second declaration of a route was accepted")
