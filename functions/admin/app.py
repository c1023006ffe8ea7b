"""Admin: POST/GET /v1/memory/rebuild (re-read an end user's items), GET/PUT /v1/settings (tenant)."""

from __future__ import annotations

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.openapi.params import Body

from twinmem import rebuild, settings_store
from twinmem.api import entrypoint, json_response, make_app, scoped
from twinmem.schemas import SettingsRequest

app = make_app()
scoped(app, "POST", "/v1/memory/rebuild", "admin")
scoped(app, "GET", "/v1/memory/rebuild", "admin")
scoped(app, "GET", "/v1/settings", "admin", account=False)
scoped(app, "PUT", "/v1/settings", "admin", account=False)


@app.post("/v1/memory/rebuild")
def start_rebuild() -> Any:
    return json_response(202, rebuild.start(app.caller()))


@app.get("/v1/memory/rebuild")
def rebuild_status() -> dict[str, Any]:
    return rebuild.status(app.caller())


@app.get("/v1/settings")
def get_settings() -> dict[str, Any]:
    return settings_store.get(app.caller())


@app.put("/v1/settings")
def put_settings(req: Annotated[SettingsRequest, Body()]) -> dict[str, Any]:
    return settings_store.put(app.caller(), req)


handler = entrypoint(app)
