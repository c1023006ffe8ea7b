"""The HTTP edge shared by every API handler: resolver factory, auth, scopes, and the one error map.

A handler module builds `app = make_app()`, declares routes with `@app.post(...)` and
`scoped(app, "read")`, and exports `handler = entrypoint(app)`. Before any route (and before
body validation) the entrypoint checks, in order: the bearer key (401), X-Twin-Account (400),
the body size in bytes (413), the key's scope for the route (403), then that the body is JSON
(415), UTF-8 (400) and nested at most MAX_DEPTH deep (422). Then Powertools validates the body
(422) and the route calls one domain function.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import uuid
from collections.abc import Callable
from itertools import accumulate
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response
from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError
from pydantic import ValidationError

from twinmem import auth, errors
from twinmem.config import settings
from twinmem.models import SCOPE_RANK, Caller
from twinmem.observability import capture_lambda_handler, logger, metrics

ACCOUNT_RE = re.compile(r"^[A-Za-z0-9_.:@-]{1,128}$")
MAX_DEPTH = 32  # arrays and objects inside each other; the deepest body this API reads has 3
BODY_METHODS = {"POST", "PUT", "PATCH"}

STATUS: dict[type[errors.TwinmemError], int] = {
    errors.BadAccount: 400,
    errors.BadRequest: 400,
    errors.Unauthorized: 401,
    errors.Forbidden: 403,
    errors.NotFound: 404,
    errors.Conflict: 409,
    errors.TooLarge: 413,
    errors.UnsupportedMediaType: 415,
    errors.Invalid: 422,
    errors.Unavailable: 503,
}


class App(APIGatewayHttpResolver):
    """APIGatewayHttpResolver that also knows each route's scope and whether it names an end user."""

    def __init__(self) -> None:
        super().__init__(enable_validation=True)
        self.scopes: dict[tuple[str, str], tuple[str, bool]] = {}

    def caller(self) -> Caller:
        return self.context["caller"]


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

    @app.not_found
    def _no_route(exc: Exception) -> Response:
        return json_response(404, {"error": "no such route"})

    return app


def scoped(app: App, method: str, path: str, scope: str, *, account: bool = True) -> None:
    """Declare the scope a route needs, and whether it needs X-Twin-Account."""
    app.scopes[(method.upper(), _route_pattern(path))] = (scope, account)


def _route_pattern(path: str) -> str:
    return re.sub(r"\{[^}]+\}", "{}", path)


def _match_scope(app: App, method: str, path: str) -> tuple[str, bool] | None:
    for (m, pattern), rule in app.scopes.items():
        if m != method:
            continue
        regex = "^" + re.escape(pattern).replace(r"\{\}", "[^/]+") + "$"
        if re.match(regex, path):
            return rule
    return None


def json_response(status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> Response:
    return Response(status_code=status, content_type="application/json", body=json.dumps(body), headers=headers)


def error_response(exc: errors.TwinmemError) -> Response:
    status = next((code for cls, code in STATUS.items() if isinstance(exc, cls)), 400)
    headers = {}
    if isinstance(exc, errors.Unavailable):
        headers["Retry-After"] = str(exc.retry_after)
    body: dict[str, Any] = {"error": exc.message, **exc.details}
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


def _authorize(app: App, event: dict[str, Any]) -> Caller:
    ctx = event.get("requestContext", {}).get("http", {})
    method, path = ctx.get("method", "GET").upper(), event.get("rawPath", "/")
    rule = _match_scope(app, method, path)
    if rule is None:
        raise errors.NotFound("no such route")
    scope, needs_account = rule
    bearer = _header(event, "authorization") or ""
    if not bearer.lower().startswith("bearer "):
        raise errors.Unauthorized("missing bearer key")
    caller = auth.authenticate(bearer[7:].strip())
    if needs_account:
        account = _header(event, "x-twin-account")
        if account is None or not account.strip():
            raise errors.BadAccount("missing X-Twin-Account")
        if not ACCOUNT_RE.match(account):
            raise errors.BadAccount("X-Twin-Account must be 1..128 characters of [A-Za-z0-9_.:@-]")
        caller = caller.model_copy(update={"account": account})
    if len(_body_bytes(event)) > settings().max_body_bytes:
        raise errors.TooLarge("body too large")
    if SCOPE_RANK[caller.scope] < SCOPE_RANK[scope]:
        article = "an" if scope[0] in "aeiou" else "a"
        raise errors.Forbidden(f"this call needs {article} {scope} key", needs=scope, scope=caller.scope)
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
            caller = _authorize(app, event)
            event = _readable(event)
            app.append_context(caller=caller)
            result = app.resolve(event, context)
        except errors.TwinmemError as exc:
            result = _raw_error(exc)
        except Exception:
            logger.exception("unhandled error")
            result = {"statusCode": 500, "headers": {"Content-Type": "application/json"},
                      "body": json.dumps({"error": "internal error", "request_id": request_id})}
        finally:
            app.clear_context()
        result.setdefault("headers", {})["X-Request-Id"] = request_id
        return result

    return capture_lambda_handler(handler)


def _raw_error(exc: errors.TwinmemError) -> dict[str, Any]:
    """An error answered before the resolver runs, in the HTTP API v2 result shape."""
    response = error_response(exc)
    return {"statusCode": response.status_code, "headers": {k: v for k, v in response.headers.items()},
            "body": response.body, "isBase64Encoded": False}
