"""Domain errors. Raised by any floor; mapped to HTTP in one place (twinmem.http.api)."""

from __future__ import annotations


class TwinmemError(Exception):
    """Base of every error a client can cause or see."""

    def __init__(self, message: str, **details: object) -> None:
        super().__init__(message)
        self.message = message
        self.details = details


class BadAccount(TwinmemError):
    """X-Twin-Account missing or not a usable id."""


class BadRequest(TwinmemError):
    """The request cannot be read at all (a body that is not UTF-8 text)."""


class UnsupportedMediaType(TwinmemError):
    """The body is sent as something other than JSON."""


class Unauthorized(TwinmemError):
    """The bearer is not a key this service issued, or it was revoked."""


class Forbidden(TwinmemError):
    """The key's scope is too low for the call."""


class NotFound(TwinmemError):
    """No such end user, memory, item or key."""


class Invalid(TwinmemError):
    """The body is not usable: names the field and why."""

    def __init__(self, field: str, why: str) -> None:
        super().__init__("invalid body", field=field, why=why)


class Conflict(TwinmemError):
    """The thing changed between the read and the write (a concurrent edit): read it again and retry."""


class TooLarge(TwinmemError):
    """The body is larger than the service accepts."""


class Unavailable(TwinmemError):
    """At capacity after retries, or the end user is being rebuilt. Always carries Retry-After."""

    def __init__(self, message: str, retry_after: int = 2) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class AlreadyDone(Exception):
    """A conditional write found its item already written (redelivery): not an error to a client."""
