"""schemathesis against `make run`'s server, from the document it serves: every operation, bounded examples.

Checks: no 5xx (a 503 must carry Retry-After), every status documented for its operation, every body
and header as the document says, undeclared methods answered 405. An admin key (it may call every
route) and a fixed end user, seeded with an item and a memory so that reads reach their logic.
"""

from __future__ import annotations

import json
import os
import urllib.request
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis.generation.modes import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.e2e.test_local_server import ADMIN, _serve

ACCOUNT = "fuzz_user"
EXAMPLES = int(os.environ.get("TWINMEM_FUZZ_EXAMPLES", "12"))  # per operation: the suite stays well under 60 s
HEADERS = {"Authorization": f"Bearer {ADMIN}", "X-Twin-Account": ACCOUNT}
SEEN: Counter[int] = Counter()

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def fuzz_server() -> Iterator[str]:
    for base in _serve({}):
        _post(base, "/v1/memory/items", {"items": [{"content": "I moved to Lisbon last week.", "id": "seed"}]})
        _post(
            base,
            "/v1/memory/append",
            {"content": "Alice prefers tea", "subject": "Alice", "attribute": "favorite_drink", "value": "tea"},
        )
        yield base
        print(f"\nfuzz: {sum(SEEN.values())} requests, statuses {dict(sorted(SEEN.items()))}")


def _post(base: str, path: str, body: dict[str, Any]) -> None:
    req = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        method="POST",
        headers={**HEADERS, "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        assert r.status in (201, 202)


@pytest.fixture(scope="module")
def served_schema(fuzz_server: str) -> Any:
    return schemathesis.openapi.from_url(f"{fuzz_server}/openapi.json")


def test_the_api_answers_as_its_document_says(served_schema: Any) -> None:
    """Each operation in turn, with bodies and parameters that fit the document and that do not (schemathesis'
    pytest plugin does not run under pytest 9: hypothesis directly)."""
    operations = [result.ok() for result in served_schema.get_all_operations()]
    assert len(operations) >= 24
    for operation, mode in [(op, mode) for op in operations for mode in GenerationMode]:

        @given(case=operation.as_strategy(generation_mode=mode))
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            derandomize=True,
            database=None,
            phases=[Phase.explicit, Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        def check(case: Any) -> None:
            response = case.call(headers=HEADERS, timeout=30)
            SEEN[response.status_code] += 1
            assert response.status_code < 500 or (response.status_code == 503 and "Retry-After" in response.headers), (
                f"{case.method} {case.formatted_path}: {response.status_code} {response.text[:300]}"
            )
            case.validate_response(
                response,
                checks=[
                    status_code_conformance,
                    content_type_conformance,
                    response_headers_conformance,
                    response_schema_conformance,
                ],
            )

        try:
            check()
        except Unsatisfiable:
            assert mode is GenerationMode.NEGATIVE  # nothing in this operation can be sent wrong


def test_undeclared_methods_are_405_as_json(fuzz_server: str) -> None:
    for method, path in [
        ("OPTIONS", "/v1/memory/history"),
        ("TRACE", "/v1/settings"),
        ("QUERY", "/v1/memory/append"),
        ("PATCH", "/v1/memory/mem_0000000000000000"),
    ]:
        req = urllib.request.Request(fuzz_server + path, method=method, headers=HEADERS)
        try:
            urllib.request.urlopen(req, timeout=30)
        except urllib.error.HTTPError as exc:
            assert exc.code == 405, (method, path)
            assert exc.headers["Content-Type"] == "application/json"
            assert "error" in json.loads(exc.read())
            allowed = set(exc.headers["Allow"].split(", "))
            assert method not in allowed and allowed, (method, path)
        else:
            raise AssertionError(f"{method} {path} was answered 2xx")
