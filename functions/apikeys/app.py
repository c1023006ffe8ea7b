"""Keys: POST /v1/keys, GET /v1/keys, DELETE /v1/keys/{id} (admin; no X-Twin-Account)."""

from __future__ import annotations

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.openapi.params import Body

from twinmem import auth
from twinmem.api import entrypoint, json_response, make_app, scoped
from twinmem.models import ApiKey, iso
from twinmem.schemas import CreateKeyRequest, KeyCreated, KeyInfo

app = make_app()
scoped(app, "POST", "/v1/keys", "admin", account=False)
scoped(app, "GET", "/v1/keys", "admin", account=False)
scoped(app, "DELETE", "/v1/keys/{key_id}", "admin", account=False)


def _info(k: ApiKey) -> dict[str, Any]:
    return KeyInfo(id=k.key_id, scope=k.scope, name=k.name, created_at=iso(k.created_at) or "",
                   revoked_at=iso(k.revoked_at), agent_id=k.agent_id).model_dump(exclude_none=True)


@app.post("/v1/keys")
def create_key(req: Annotated[CreateKeyRequest, Body()]) -> Any:
    key, secret = auth.create_key(app.caller(), req.scope, req.name, req.agent_id)
    body = KeyCreated(id=key.key_id, key=secret, scope=key.scope, name=key.name)
    return json_response(201, body.model_dump())


@app.get("/v1/keys")
def list_keys() -> dict[str, Any]:
    return {"keys": [_info(k) for k in auth.list_keys(app.caller())]}


@app.delete("/v1/keys/<key_id>")
def revoke_key(key_id: str) -> dict[str, Any]:
    return _info(auth.revoke_key(app.caller(), key_id))


handler = entrypoint(app)
