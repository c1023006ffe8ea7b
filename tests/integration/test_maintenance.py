"""The scheduled maintenance job: retention (off by default) and expiry, through the deletion flow."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from infra.local.invoke import invoke
from tests.conftest import ApiClient


def _append(api: ApiClient, content: str, account: str = "user_42", **fields: Any) -> str:
    return str(api.post("/v1/memory/append", {"content": content, **fields}, account=account).body["memory_id"])


def _iso(dt: datetime) -> str:
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def test_retention_is_off_by_default(api: ApiClient) -> None:
    api.post("/v1/memory/items", {"items": [{"content": "hello"}]})
    old = _append(api, "an old note", created_at="2020-01-01T00:00:00Z")

    counts = invoke("MaintenanceFunction", {})

    assert counts["tenants"] == 0
    assert api.get(f"/v1/memory/{old}/explain").body["memory"]["status"] == "active"


def test_retention_forgets_old_memories_and_expiry_forgets_expired_ones(api: ApiClient) -> None:
    now = datetime.now(UTC)
    api.post("/v1/memory/items", {"items": [{"content": "hello"}]}, account="acc_a")
    api.post("/v1/memory/items", {"items": [{"content": "hello"}]}, account="acc_b")
    old = _append(api, "an old note", created_at=_iso(now - timedelta(days=40)), account="acc_a")
    recent = _append(api, "a recent note", created_at=_iso(now - timedelta(days=5)), account="acc_a")
    expired = _append(api, "a promo code", expires_at=_iso(now - timedelta(seconds=1)), account="acc_b")
    assert api.put("/v1/settings", {"retention_days": 30}, account=None).status == 200

    counts = invoke("MaintenanceFunction", {})

    assert counts == {"tenants": 1, "accounts": 2, "expired": 1, "past_retention": 1}
    assert api.get(f"/v1/memory/{old}/explain", account="acc_a").body["memory"]["status"] == "deleted"
    assert api.get(f"/v1/memory/{old}/explain", account="acc_a").body["memory"]["content"] == ""
    assert api.get(f"/v1/memory/{recent}/explain", account="acc_a").body["memory"]["status"] == "active"
    assert api.get(f"/v1/memory/{expired}/explain", account="acc_b").body["memory"]["status"] == "deleted"
    assert invoke("MaintenanceFunction", {})["past_retention"] == 0  # nothing twice
