"""The scheduled maintenance job: forget expired memories, and apply age-based retention where set.

Expired memories are hidden at once (retrieve checks expires_at) and DynamoDB TTL removes their
items within days; this job forgets them through the deletion flow first, so lineage keeps a
tombstone and the change feed says DELETE. Retention (`PUT /v1/settings {"retention_days": N}`,
off by default) forgets memories whose created_at is older than N days. Each run walks only the
tenants with retention (a gsi1 partition) and their accounts; expiry is handled for those same
accounts and, for every other account, by TTL alone.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from twinmem.aws import store
from twinmem.models import utcnow


def run(now: datetime | None = None) -> dict[str, int]:
    """Forget what retention or expiry says to forget; returns counts (accounts, expired, retained)."""
    now = now or utcnow()
    counts = {"tenants": 0, "accounts": 0, "expired": 0, "past_retention": 0}
    for tenant, days in store.tenants_with_retention():
        counts["tenants"] += 1
        cutoff = now - timedelta(days=days)
        for account in store.list_accounts(tenant):
            counts["accounts"] += 1
            for m in store.list_memories(tenant, account):
                if m.deleted_at is not None:
                    continue
                if m.expires_at is not None and m.expires_at <= now:
                    store.delete_memory(tenant, account, m, now)
                    counts["expired"] += 1
                elif m.created_at < cutoff:
                    store.delete_memory(tenant, account, m, now)
                    counts["past_retention"] += 1
    return counts
