"""Tenant settings: source authority for the trust score, and age-based retention (off by default)."""

from __future__ import annotations

from typing import Any

from twinmem import store
from twinmem.models import Caller, utcnow
from twinmem.schemas import SettingsRequest


def get(caller: Caller) -> dict[str, Any]:
    current = store.get_settings(caller.tenant)
    return {"trust": current.get("trust", {}), "retention_days": current.get("retention_days")}


def put(caller: Caller, req: SettingsRequest) -> dict[str, Any]:
    """Merge the given settings into the tenant's; the change goes on the tenant's change feed."""
    current = store.get_settings(caller.tenant)
    fields = req.model_fields_set
    if "trust" in fields:
        authority = {**(current.get("trust", {}).get("authority") or {}), **(req.trust.get("authority") or {})}
        current["trust"] = {"authority": authority}
    if "retention_days" in fields:
        current["retention_days"] = req.retention_days
    store.put_settings(caller.tenant, current, utcnow())
    return get(caller)
