"""The change feed (ids and kinds, never content) and the cheap "how much moved" revision counter.

Entries live on gsi2, keyed by write time in ms: extraction records (one per item version, listing
what it added, withdrew, merged and superseded) and change items (append, update, delete,
correction). A cursor names the last entry read and its position inside it. Entries younger than
TWINMEM_FEED_SETTLE_SECONDS are held back, so a writer whose clock or commit lags a little cannot
land behind a cursor a poller already holds: a poller misses nothing and sees nothing twice.
"""

from __future__ import annotations

import base64
import json
import time
from collections import Counter
from typing import Any

from twinmem import accounts
from twinmem.access import may_see_change
from twinmem.aws import store
from twinmem.config import settings
from twinmem.errors import Invalid
from twinmem.models import Caller


def _encode(sk: str, index: int) -> str:
    return base64.urlsafe_b64encode(json.dumps([sk, index]).encode()).decode().rstrip("=")


def _decode(cursor: str) -> tuple[str, int]:
    try:
        sk, index = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
        return str(sk), int(index)
    except (ValueError, TypeError, OverflowError) as exc:  # OverflowError: a position of Infinity
        raise Invalid("cursor", "not a cursor this feed issued") from exc


def _settled() -> int:
    """The settle point (ms): changes newer than this may still be joined by an earlier one."""
    return int((time.time() - settings().feed_settle_seconds) * 1000)


def changes(caller: Caller, cursor: str | None, limit: int) -> dict[str, Any]:
    acc = accounts.require(caller, allow_rebuilding=True)
    after_sk, skip = _decode(cursor) if cursor else (None, -1)
    out: list[dict[str, Any]] = []
    last: tuple[str, int] | None = None
    more = False
    page = store.query_feed(acc.tenant, acc.account, after_sk, _settled(), limit + 1)
    for entry in page:
        for i, change in enumerate(entry.get("changes", [])):
            if entry["g2sk"] == after_sk and i <= skip:
                continue
            if len(out) == limit:
                more = True
                break
            last = (entry["g2sk"], i)  # a change the caller may not see is passed over, never shown
            if may_see_change(caller, change):
                out.append(
                    {
                        "cursor": _encode(*last),
                        "at": entry.get("at"),
                        "kind": change["kind"],
                        "memory_id": change.get("memory_id"),
                    }
                )
        if more:
            break
    if not more and len(page) > limit:
        more = True
    # null once read to its end: a poller keeps the cursor of the last change it saw
    return {"changes": out, "next_cursor": (_encode(*last) if last else cursor) if more else None}


def revisions(caller: Caller, since: int) -> dict[str, Any]:
    """How much the store moved since a revision: the revision is the ms time of the newest settled change."""
    acc = accounts.require(caller, allow_rebuilding=True)
    counts: Counter[str] = Counter()
    newest = since
    for entry in store.query_feed(acc.tenant, acc.account, since if since > 0 else None, _settled(), 10_000):
        counts.update(c["kind"] for c in entry.get("changes", []) if may_see_change(caller, c))
        newest = max(newest, entry["ms"])
    return {"revision": newest, "since": since, "changes": dict(counts)}
