"""The HTTP edge shared by every API handler: the resolver, its one declaration per route, auth, and the
one error table.

A handler module builds `app = make_app()`, declares each route once with its scope and whether it
names an end user (`@app.post("/v1/memory/history", scope="read")`; `account=False` for keys and
settings; `scope=None` for a public page), and exports `handler = entrypoint(app)`. That one
declaration is the route (Powertools routes on it), its rule (scope, end user) and its OpenAPI
operation (every status it can answer, from ERRORS below).

Before the resolver runs (and so before body validation), the entrypoint looks the rule up by the
event's routeKey (API Gateway, or the local server, already matched the route: no second match here)
and checks, in order: the bearer key (401), X-Twin-Account (400), the body size in bytes (413), the
key's scope for the route (403), then that the body is JSON (415), UTF-8 (400) and nested at most
MAX_DEPTH deep (422). Then Powertools validates the body (422), the route calls one domain function,
and Powertools validates what it returns against the route's response model.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from http import HTTPStatus
from itertools import accumulate
from typing import Any, TypeVar

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response
from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError, ResponseValidationError
from aws_lambda_powertools.event_handler.openapi.types import OpenAPIResponse
from pydantic import BaseModel, ValidationError

from twinmem import errors, keys
from twinmem.aws import store
from twinmem.config import settings
from twinmem.http.responses import ErrorBody
from twinmem.models import SCOPE_RANK, Caller, Scope
from twinmem.observability import capture_lambda_handler, logger, metrics

ACCOUNT_RE = re.compile(r"^[A-Za-z0-9_.:@-]{1,128}$")
MAX_DEPTH = 32  # arrays and objects inside each other; the deepest body this API reads has 3
BODY_METHODS = {"POST", "PUT", "PATCH"}

F = TypeVar("F", bound=Callable[..., Any])
M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class ErrorKind:
    status: int
    description: str


# The one error table: every error a client can meet, its status and what the document says of it.
ERRORS: dict[type[errors.TwinmemError], ErrorKind] = {
    errors.BadAccount: ErrorKind(400, "X-Twin-Account missing or unusable, or a body that is not UTF-8 text"),
    errors.BadRequest: ErrorKind(400, "X-Twin-Account missing or unusable, or a body that is not UTF-8 text"),
    errors.Unauthorized: ErrorKind(401, "not a key this service issued, or revoked"),
    errors.Forbidden: ErrorKind(403, "the key's scope is too low for the call (`needs`, `scope`)"),
    errors.NotFound: ErrorKind(404, "no such end user (no item was ever added for the account), memory, item or key"),
    errors.Conflict: ErrorKind(409, "it changed meanwhile (a concurrent edit): read it again and retry"),
    errors.TooLarge: ErrorKind(413, "body too large"),
    errors.UnsupportedMediaType: ErrorKind(415, "send the body as application/json"),
    errors.Invalid: ErrorKind(422, "invalid body or parameter (`field`, `why`)"),
    errors.Unavailable: ErrorKind(
        503,
        "at capacity after retries, or the end user is being rebuilt: "
        "retry after `retry_after` seconds (also the Retry-After header)",
    ),
}
STATUS: dict[type[errors.TwinmemError], int] = {cls: kind.status for cls, kind in ERRORS.items()}

# what every keyed route can answer: the checks before the route, and DynamoDB at capacity
KEYED = (
    errors.BadRequest,
    errors.Unauthorized,
    errors.TooLarge,
    errors.UnsupportedMediaType,
    errors.Invalid,
    errors.Unavailable,
)
ACCOUNT_HEADER = "X-Twin-Account"


@dataclass(frozen=True)
class Rule:
    """What a route needs of its caller: a key of at least `scope` (None: nothing) and X-Twin-Account."""

    method: str
    path: str  # as template.yaml spells it: /v1/memory/{memory_id}
    scope: Scope | None
    account: bool
    status: int
    raises: tuple[type[errors.TwinmemError], ...]

    @property
    def route_key(self) -> str:
        return f"{self.method} {self.path}"

    def statuses(self) -> dict[int, str]:
        """Every status the route can answer but its success: from the error table."""
        kinds: list[type[errors.TwinmemError]] = list(self.raises)
        if self.scope is not None:
            kinds += KEYED
            if SCOPE_RANK[self.scope] > SCOPE_RANK["read"]:
                kinds.append(errors.Forbidden)
        if self.account:
            kinds += [errors.BadAccount, errors.NotFound]
        if "{" in self.path:
            kinds.append(errors.NotFound)
        out: dict[int, list[str]] = {}
        for kind in kinds:
            e = ERRORS[kind]
            if e.description not in out.setdefault(e.status, []):
                out[e.status].append(e.description)
        return {status: "; ".join(texts) for status, texts in sorted(out.items())}


class App(APIGatewayHttpResolver):
    """APIGatewayHttpResolver whose routes are declared once, with their rule (scope, end user)."""

    def __init__(self) -> None:
        super().__init__(enable_validation=True, response_validation_error_http_code=HTTPStatus.INTERNAL_SERVER_ERROR)
        self.rules: dict[str, Rule] = {}

    def caller(self) -> Caller:
        return self.context["caller"]

    def declare(
        self,
        method: str,
        path: str,
        *,
        scope: Scope | None,
        account: bool = True,
        status: int = 200,
        raises: Iterable[type[errors.TwinmemError]] = (),
        summary: str | None = None,
        content: dict[str, Any] | None = None,
    ) -> Callable[[F], F]:
        """Declare a route once: its rule, its Powertools route and its OpenAPI operation."""
        rule = Rule(method, path, scope, account and scope is not None, status, tuple(raises))
        if rule.route_key in self.rules:
            raise ValueError(f"{rule.route_key} is declared twice")
        self.rules[rule.route_key] = rule
        responses: dict[int, OpenAPIResponse] = {status: {"description": HTTPStatus(status).phrase}}
        if content is not None:  # a body that is not a model (a page, a document)
            responses[status]["content"] = content
        for code, description in rule.statuses().items():
            responses[code] = {"description": description, "content": {"application/json": {"model": ErrorBody}}}
            if code == 503:
                responses[code]["headers"] = {
                    "Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}
                }
        extensions: dict[str, Any] = {"x-scope": scope, "x-end-user": rule.account}
        return super().route(
            re.sub(r"\{([^}]+)\}", r"<\1>", path),
            method,
            summary=summary,
            responses=responses,
            status_code=status,
            openapi_extensions=extensions,
            response_description=HTTPStatus(status).phrase,
        )

    def get(self, rule: str, **kw: Any) -> Callable[[F], F]:  # type: ignore[override]
        return self.declare("GET", rule, **kw)

    def post(self, rule: str, **kw: Any) -> Callable[[F], F]:  # type: ignore[override]
        return self.declare("POST", rule, **kw)

    def put(self, rule: str, **kw: Any) -> Callable[[F], F]:  # type: ignore[override]
        return self.declare("PUT", rule, **kw)

    def delete(self, rule: str, **kw: Any) -> Callable[[F], F]:  # type: ignore[override]
        return self.declare("DELETE", rule, **kw)

    def rule_for(self, event: dict[str, Any]) -> Rule | None:
        """The route's rule: by the routeKey the gateway matched (one dict lookup); by method and path for an
        event without one (a direct invocation), matched against the routes as Powertools compiled them."""
        rule = self.rules.get(str(event.get("routeKey", "")))
        if rule is not None:
            return rule
        method = event.get("requestContext", {}).get("http", {}).get("method", "GET").upper()
        path = event.get("rawPath", "/")
        for route in self._static_routes + self._dynamic_routes:
            if route.method == method and route.rule.match(path):
                return self.rules.get(f"{method} {route.openapi_path}")
        return None


def make_app() -> App:
    app = App()

    @app.exception_handler(errors.TwinmemError)
    def _domain_error(exc: errors.TwinmemError) -> Response:
        return error_response(exc)

    @app.exception_handler(RequestValidationError)
    def _request_invalid(exc: RequestValidationError) -> Response:
        return error_response(_invalid_from(exc.errors()))

    @app.exception_handler(ValidationError)
    def _model_invalid(exc: ValidationError) -> Response:
        return error_response(_invalid_from(exc.errors()))

    @app.exception_handler(ResponseValidationError)
    def _response_invalid(exc: ResponseValidationError) -> Response:
        logger.error("response does not fit its model", extra={"errors": str(exc.errors())[:2000]})
        return json_response(500, {"error": "internal error"})

    @app.not_found
    def _no_route(exc: Exception) -> Response:
        return json_response(404, {"error": "no such route"})

    return app


class ResponseShapeError(Exception):
    """What a domain function returned does not fit the route's response model: a bug, answered 500."""


def shaped(model: type[M], data: Any) -> M:
    """The response model of what a domain function returned (a 500 when it does not fit, never a 422)."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise ResponseShapeError(f"{model.__name__}: {exc}") from exc


def json_response(status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> Response:
    return Response(status_code=status, content_type="application/json", body=json.dumps(body), headers=headers)


def error_response(exc: errors.TwinmemError) -> Response:
    status = next((code for cls, code in STATUS.items() if isinstance(exc, cls)), 400)
    headers = {}
    details = dict(exc.details)
    if isinstance(exc, errors.Unavailable):
        headers["Retry-After"] = str(exc.retry_after)
        details["retry_after"] = exc.retry_after
    body = ErrorBody.model_validate({"error": exc.message, **details}).model_dump(mode="json")
    return json_response(status, body, headers)


def _invalid_from(errs: Any) -> errors.Invalid:
    first: dict[str, Any] = next(iter(errs), {}) if errs else {}
    loc = [str(p) for p in first.get("loc", ()) if p not in ("body", "[key]")]
    field = ".".join(loc) or "body"
    why = first.get("msg", "invalid")
    if first.get("type") == "json_invalid":
        field, why = "body", "not valid JSON"
    return errors.Invalid(field, why)


def _header(event: dict[str, Any], name: str) -> str | None:
    for k, v in (event.get("headers") or {}).items():
        if k.lower() == name:
            return str(v)
    return None


def _authorize(rule: Rule, event: dict[str, Any]) -> Caller:
    assert rule.scope is not None
    bearer = _header(event, "authorization") or ""
    if not bearer.lower().startswith("bearer "):
        raise errors.Unauthorized("missing bearer key")
    caller = keys.authenticate(bearer[7:].strip())
    if rule.account:
        account = _header(event, "x-twin-account")
        if account is None or not account.strip():
            raise errors.BadAccount("missing X-Twin-Account")
        if not ACCOUNT_RE.match(account):
            raise errors.BadAccount("X-Twin-Account must be 1..128 characters of [A-Za-z0-9_.:@-]")
        caller = caller.model_copy(update={"account": account})
    if len(_body_bytes(event)) > settings().max_body_bytes:
        raise errors.TooLarge("body too large")
    if SCOPE_RANK[caller.scope] < SCOPE_RANK[rule.scope]:
        article = "an" if rule.scope[0] in "aeiou" else "a"
        raise errors.Forbidden(f"this call needs {article} {rule.scope} key", needs=rule.scope, scope=caller.scope)
    return caller


def _body_bytes(event: dict[str, Any]) -> bytes:
    """The body as the client sent it: base64-decoded when API Gateway encoded it."""
    body = event.get("body") or ""
    if event.get("isBase64Encoded"):
        try:
            return base64.b64decode(body, validate=True)
        except (binascii.Error, ValueError):
            raise errors.BadRequest("the body is not valid base64 (isBase64Encoded)") from None
    return body.encode("utf-8", "surrogatepass")


def _readable(event: dict[str, Any]) -> dict[str, Any]:
    """The event with its body as UTF-8 JSON text, or the 4xx that says why it is not.

    Runs before the resolver, so Powertools never meets a body it would fail on with a 500 (bytes
    that are not UTF-8, multipart without a boundary, nesting deeper than the parser's recursion).
    """
    raw = _body_bytes(event)
    method = event.get("requestContext", {}).get("http", {}).get("method", "GET").upper()
    content_type = (_header(event, "content-type") or "").split(";", 1)[0].strip().lower()
    if content_type and content_type != "application/json" and (raw or method in BODY_METHODS):
        raise errors.UnsupportedMediaType("send the body as application/json", content_type=content_type)
    if not raw:
        return event
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise errors.BadRequest("the body is not valid UTF-8") from None
    if _depth(text) > MAX_DEPTH:
        raise errors.Invalid("body", f"nested deeper than {MAX_DEPTH} levels")
    headers = {k: v for k, v in (event.get("headers") or {}).items() if k.lower() != "content-type"}
    headers["content-type"] = "application/json"  # as Powertools spells it ("Application/JSON; charset=…" too)
    return {**event, "headers": headers, "body": text, "isBase64Encoded": False}


# a string, or an unterminated one to the end (linear: every opening quote is consumed, never retried)
_STRING = re.compile(r'"(?:[^"\\]+|\\.)*+(?:"|\\?\Z)', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _depth(text: str) -> int:
    """How deep arrays and objects nest in a JSON text (brackets inside strings do not count)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return 0  # too few to nest that deep (most bodies): no scan
    brackets = _BRACKET.findall(_STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def entrypoint(app: App) -> Callable[[dict[str, Any], Any], dict[str, Any]]:
    """The Lambda handler for an API function: checks the caller, then resolves the route."""

    @logger.inject_lambda_context(clear_state=True)
    @metrics.log_metrics
    def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
        request_id = _header(event, "x-request-id") or f"req_{uuid.uuid4().hex[:16]}"
        logger.append_keys(request_id=request_id)
        metrics.add_metric(name="Requests", unit="Count", value=1)
        try:
            rule = app.rule_for(event)
            if rule is None:
                raise errors.NotFound("no such route")
            if rule.scope is not None:  # a public page reads no key, no end user and no body
                caller = _authorize(rule, event)
                logger.append_keys(tenant=caller.tenant, account=caller.account)  # never the key or the body
                app.append_context(caller=caller)
                event = _readable(event)
            result = app.resolve(event, context)
        except errors.TwinmemError as exc:
            result = _raw_error(exc)
        except Exception as exc:
            busy = store.unavailable(exc)  # DynamoDB failing past its retries outside a guarded store call
            if busy is not None:
                logger.warning("DynamoDB unavailable after retries", extra={"error": repr(exc)[:500]})
                result = _raw_error(busy)
            else:
                logger.exception("unhandled error")
                result = {
                    "statusCode": 500,
                    "headers": {"Content-Type": "application/json"},
                    "body": json.dumps({"error": "internal error", "request_id": request_id}),
                }
        finally:
            app.clear_context()
        result.setdefault("headers", {})["X-Request-Id"] = request_id
        return result

    return capture_lambda_handler(handler)


def _raw_error(exc: errors.TwinmemError) -> dict[str, Any]:
    """An error answered before the resolver runs, in the HTTP API v2 result shape."""
    response = error_response(exc)
    return {
        "statusCode": response.status_code,
        "headers": {k: v for k, v in response.headers.items()},
        "body": response.body,
        "isBase64Encoded": False,
    }
