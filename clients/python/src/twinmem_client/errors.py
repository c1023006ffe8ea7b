"""One exception class per status the API answers, each carrying the contract's message (`error`)."""

from __future__ import annotations

from typing import Any

from twinmem_client.models import ErrorBody


class TwinmemError(Exception):
    """Any failed call. `message` is the service's `error` text; `body` the whole error body."""

    status: int = 0

    def __init__(
        self, message: str, *, status: int | None = None, body: ErrorBody | None = None, request_id: str | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status
        self.body = body
        self.request_id = request_id

    def __str__(self) -> str:
        return f"{self.status} {self.message}" if self.status else self.message


class BadAccount(TwinmemError):
    """400: X-Twin-Account missing or unusable (or a body that is not UTF-8)."""

    status = 400


class Unauthorized(TwinmemError):
    """401: not a key this service issued, or revoked."""

    status = 401


class Forbidden(TwinmemError):
    """403: the key's scope is below the call's (`needs`, `scope`), or a bound key wrote as another agent."""

    status = 403

    @property
    def needs(self) -> str | None:
        return None if self.body is None else self.body.needs

    @property
    def scope(self) -> str | None:
        return None if self.body is None else self.body.scope


class NotFound(TwinmemError):
    """404: no memory for this end user yet, or no such memory, item or key."""

    status = 404


class Conflict(TwinmemError):
    """409: it changed between your read and your write (read again and retry), or the tenant's last admin key."""

    status = 409


class PayloadTooLarge(TwinmemError):
    """413: the body is over the service's limit (4 MiB by default)."""

    status = 413


class UnsupportedMediaType(TwinmemError):
    """415: the body was not sent as application/json."""

    status = 415


class InvalidBody(TwinmemError):
    """422: the body is not usable: `field` names which part, `why` says why."""

    status = 422

    @property
    def field(self) -> str | None:
        return None if self.body is None else self.body.field

    @property
    def why(self) -> str | None:
        return None if self.body is None else self.body.why

    def __str__(self) -> str:
        where = f" ({self.field}: {self.why})" if self.field else ""
        return f"{self.status} {self.message}{where}"


class Unavailable(TwinmemError):
    """503: at capacity, or the end user is being rebuilt; raised once the client's retries are spent."""

    status = 503

    @property
    def retry_after(self) -> float | None:
        return None if self.body is None or self.body.retry_after is None else float(self.body.retry_after)


class ServerError(TwinmemError):
    """Any other status (a 500 is a bug in the service: `request_id` finds it in the logs)."""


class ConnectionFailed(TwinmemError):
    """The service could not be reached (refused, timed out, DNS)."""


BY_STATUS: dict[int, type[TwinmemError]] = {
    cls.status: cls
    for cls in (
        BadAccount,
        Unauthorized,
        Forbidden,
        NotFound,
        Conflict,
        PayloadTooLarge,
        UnsupportedMediaType,
        InvalidBody,
        Unavailable,
    )
}


def error_for(status: int, payload: Any, request_id: str | None) -> TwinmemError:
    """The exception for an error response (its body as parsed JSON, or anything else)."""
    body: ErrorBody | None = None
    if isinstance(payload, dict) and isinstance(payload.get("error"), str):
        body = ErrorBody.model_validate(payload)
        message = body.error
    else:
        message = f"HTTP {status}" if payload in (None, "") else str(payload)[:200]
    cls = BY_STATUS.get(status, ServerError)
    return cls(message, status=status, body=body, request_id=request_id)
