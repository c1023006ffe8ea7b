"""Rebuild: re-read every item of an end user with the current extractor (after an extractor upgrade).

POST /v1/memory/rebuild bumps the account's generation, marks it rebuilding (reads answer 503
with Retry-After) and writes a REBUILD job item. The job runs in the stream consumer: each
invocation re-reads items after the job's cursor until its time budget is nearly spent, then
saves the cursor; saving it is a MODIFY of the job item, which the stream delivers again, so the
job resumes where it stopped even if an invocation times out (the last saved cursor is kept and
re-reading an item of the new generation writes nothing). Re-reading an item withdraws what
earlier generations read from it, in the same transaction. When every item is read, the
corrections recorded so far are applied again to the new readings, and the gate opens.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from datetime import datetime
from typing import Any

from twinmem import accounts
from twinmem.aws import store
from twinmem.errors import Conflict
from twinmem.extract.base import Extractor
from twinmem.ingest import ingest_event
from twinmem.models import Account, Caller, utcnow
from twinmem.values import value_key

SAFETY_MS = 5_000  # stop taking items when less than this is left of the invocation
STALE_S = 120  # a running job not saved for this long is delivered again by the next POST


def start(caller: Caller) -> dict[str, Any]:
    """Begin a rebuild (or report the one running): idempotent."""
    acc = accounts.require(caller, allow_rebuilding=True)
    job = store.get_rebuild(acc.tenant, acc.account)
    if job and job.get("status") == "running":
        if (utcnow() - datetime.fromisoformat(str(job["updated_at"]))).total_seconds() > STALE_S:
            # its last invocation died without saving: touching the job delivers it again
            store.save_rebuild_cursor(
                acc.tenant,
                acc.account,
                int(job["generation"]),
                job.get("cursor"),
                int(job.get("items_read") or 0),
                utcnow(),
            )
        return _public(job)
    job = store.start_rebuild(acc.tenant, acc.account, acc.generation + 1, utcnow())
    accounts.forget(acc.tenant, acc.account)
    return _public(job)


def status(caller: Caller) -> dict[str, Any]:
    acc = accounts.require(caller, allow_rebuilding=True)
    job = store.get_rebuild(acc.tenant, acc.account)
    return _public(job) if job else {"status": "never"}


def _public(job: dict[str, Any]) -> dict[str, Any]:
    return {k: job.get(k) for k in ("status", "generation", "started_at", "finished_at", "items_read")}


def run(
    tenant: str,
    account: str,
    job: dict[str, Any],
    extractor: Extractor,
    remaining_ms: Callable[[], int],
    page: int = 25,
) -> bool:
    """Advance a running job as far as time allows; True when it finished."""
    acc = store.get_account(tenant, account)
    if acc is None or job.get("status") != "running" or acc.generation != job.get("generation"):
        return False
    cursor = job.get("cursor")
    read = int(job.get("items_read") or 0)
    for ev in store.iter_events(tenant, account, start_after=cursor, page=page):
        ingest_event(tenant, account, ev, extractor, acc=acc)
        cursor, read = ev.event_id, read + 1
        if remaining_ms() < SAFETY_MS:
            with suppress(Conflict):  # a newer rebuild took over: it carries on from its own cursor
                store.save_rebuild_cursor(tenant, account, acc.generation, cursor, read, utcnow())
            return False
    reapply_corrections(acc)
    store.finish_rebuild(tenant, account, acc.generation, read, utcnow())
    accounts.forget(tenant, account)
    return True


def reapply_corrections(acc: Account) -> int:
    """Corrections survive a rebuild: readings of a corrected value from items older than the correction."""
    count = 0
    for cor in store.list_corrections(acc.tenant, acc.account):
        corrected_at = datetime.fromisoformat(str(cor["at"]))
        readings = [
            m
            for m in store.query_subject(acc.tenant, acc.account, cor["subject"], cor["attribute"])
            if m.value is not None
            and m.retracted is None
            and m.withdrawn_at is None
            and m.deleted_at is None
            and value_key(cor["attribute"], m.value) == cor["value_key"]
            and (m.said_at or m.created_at) <= corrected_at
        ]
        if readings:
            store.retract_memories(acc.tenant, acc.account, readings, cor, utcnow(), keep=False)
            count += len(readings)
    return count
