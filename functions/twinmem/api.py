"""The HTTP edge shared by every API handler: resolver factory, auth, scopes, and the one error map.

A handler module builds `app = make_app()`, declares routes with `@app.post(...)` and
`scoped(app, "read")`, and exports `handler = entrypoint(app)`. Before any route (and before
body validation) the entrypoint checks, in order: the bearer key (401), X-Twin-Account (400),
the body size (413), the key's scope for the route (403). Then Powertools validates the body
(422) and the route calls one domain function.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response
from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError
from pydantic import ValidationError

from twinmem import auth, errors
from twinmem.config import settings
from twinmem.models import SCOPE_RANK, Caller
from twinmem.observability import capture_lambda_handler, logger, metrics

ACCOUNT_RE = re.compile(r"^[A-Za-z0-9_.:@-]{1,128}$")

STATUS: dict[type[errors.TwinmemError], int] = {
    errors.BadAccount: 400,
    errors.Unauthorized: 401,
    errors.Forbidden: 403,
    errors.NotFound: 404,
    errors.Conflict: 409,
    errors.TooLarge: 413,
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
    loc = [str(p) for p in first.get("loc", ()) if p not in ("body",)]
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
    body = event.get("body") or ""
    if len(body) > settings().max_body_bytes:
        raise errors.TooLarge("body too large")
    if SCOPE_RANK[caller.scope] < SCOPE_RANK[scope]:
        raise errors.Forbidden(f"this call needs a {scope} key", needs=scope, scope=caller.scope)
    return caller


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
