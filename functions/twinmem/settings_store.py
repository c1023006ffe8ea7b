"""Tenant settings: source authority for the trust score, and age-based retention (off by default)."""

from __future__ import annotations

from typing import Any

from twinmem.aws import store
from twinmem.http.schemas import SettingsRequest
from twinmem.models import Caller, utcnow


def get(caller: Caller) -> dict[str, Any]:
    current = store.get_settings(caller.tenant)
    authority = (current.get("trust") or {}).get("authority") or {}
    return {"trust": {"authority": authority}, "retention_days": current.get("retention_days")}


def put(caller: Caller, req: SettingsRequest) -> dict[str, Any]:
    """Replace the tenant's settings with the given ones (left out: the default); the change goes on
    the tenant's change feed."""
    value = {"trust": {"authority": dict(req.trust.authority)}, "retention_days": req.retention_days}
    store.put_settings(caller.tenant, value, utcnow())
    return value
