"""twinmem-client: the Python client of the twinmem memory API.

    from twinmem_client import Client
    with Client("http://127.0.0.1:3000", "tm_…", "user_42") as tm:
        tm.add([{"role": "user", "content": "I moved to Lisbon last week."}])
        print(tm.known().text)

`AsyncClient` has the same methods as coroutines (httpx.AsyncClient): `async with AsyncClient(…) as tm:
await tm.known()`.

Responses are the API's own models (`twinmem_client.models`, generated from its OpenAPI document);
every error status raises its own exception (`twinmem_client.errors`).
"""

from twinmem_client import models
from twinmem_client.aio import AsyncClient
from twinmem_client.client import Client, wait_for
from twinmem_client.errors import (
    BadAccount,
    Conflict,
    ConnectionFailed,
    Forbidden,
    InvalidBody,
    NotFound,
    PayloadTooLarge,
    ServerError,
    TwinmemError,
    Unauthorized,
    Unavailable,
    UnsupportedMediaType,
)

__version__ = "0.1.0"

__all__ = [
    "AsyncClient",
    "BadAccount",
    "Client",
    "Conflict",
    "ConnectionFailed",
    "Forbidden",
    "InvalidBody",
    "NotFound",
    "PayloadTooLarge",
    "ServerError",
    "TwinmemError",
    "Unauthorized",
    "Unavailable",
    "UnsupportedMediaType",
    "models",
    "wait_for",
]
