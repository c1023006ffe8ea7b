"""Admin: POST/GET /v1/memory/rebuild (re-read an end user's items), GET/PUT /v1/settings (tenant)."""

from __future__ import annotations

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.openapi.params import Body

from twinmem import rebuild, settings_store
from twinmem.http.api import entrypoint, make_app, shaped
from twinmem.http.responses import RebuildOut, SettingsOut
from twinmem.http.schemas import SettingsRequest

app = make_app()


@app.post("/v1/memory/rebuild", scope="admin", status=202, summary="Re-read every item of the end user")
def start_rebuild() -> RebuildOut:
    return _out(rebuild.start(app.caller()))


@app.get("/v1/memory/rebuild", scope="admin", summary="How the end user's rebuild is going")
def rebuild_status() -> RebuildOut:
    return _out(rebuild.status(app.caller()))


@app.get("/v1/settings", scope="admin", account=False, summary="The tenant's settings")
def get_settings() -> SettingsOut:
    return shaped(SettingsOut, settings_store.get(app.caller()))


@app.put("/v1/settings", scope="admin", account=False, summary="Replace the tenant's settings")
def put_settings(req: Annotated[SettingsRequest, Body()]) -> SettingsOut:
    return shaped(SettingsOut, settings_store.put(app.caller(), req))


def _out(job: dict[str, Any]) -> RebuildOut:
    return shaped(RebuildOut, job)


handler = entrypoint(app)
