"""Keys: POST /v1/keys, GET /v1/keys, DELETE /v1/keys/{key_id} (admin; no X-Twin-Account)."""

from __future__ import annotations

from typing import Annotated

from aws_lambda_powertools.event_handler.openapi.params import Body

from twinmem import errors, keys
from twinmem.http.api import entrypoint, make_app
from twinmem.http.responses import KeyCreated, KeyInfo, KeyList
from twinmem.http.schemas import CreateKeyRequest
from twinmem.models import ApiKey, iso

app = make_app()


def _info(k: ApiKey) -> KeyInfo:
    return KeyInfo(
        id=k.key_id,
        scope=k.scope,
        name=k.name,
        created_at=iso(k.created_at) or "",
        revoked_at=iso(k.revoked_at),
        agent_id=k.agent_id,
    )


@app.post("/v1/keys", scope="admin", account=False, status=201, summary="Mint a key (the secret is shown once)")
def create_key(req: Annotated[CreateKeyRequest, Body()]) -> KeyCreated:
    key, secret = keys.create_key(app.caller(), req.scope, req.name, req.agent_id)
    return KeyCreated(id=key.key_id, key=secret, scope=key.scope, name=key.name)


@app.get("/v1/keys", scope="admin", account=False, summary="The tenant's keys, without secrets")
def list_keys() -> KeyList:
    return KeyList(keys=[_info(k) for k in keys.list_keys(app.caller())])


@app.delete("/v1/keys/{key_id}", scope="admin", account=False, raises=[errors.Conflict], summary="Revoke a key")
def revoke_key(key_id: str) -> KeyInfo:
    return _info(keys.revoke_key(app.caller(), key_id))


handler = entrypoint(app)
