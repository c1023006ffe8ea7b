"""End users (accounts): existence (404 until an item is added), name, and the rebuild gate (503)."""

from __future__ import annotations

import time

from twinmem import warm
from twinmem.aws import store
from twinmem.config import settings
from twinmem.errors import NotFound, Unavailable
from twinmem.models import Account, Caller, utcnow

_cache: dict[tuple[str, str], tuple[float, Account]] = {}


@warm.register
def clear_cache() -> None:
    _cache.clear()


def account_of(caller: Caller) -> str:
    assert caller.account is not None, "routes that read an end user declare account=True"
    return caller.account


def lookup(tenant: str, account: str) -> Account | None:
    """The account record, cached for TWINMEM_ACCOUNT_CACHE_SECONDS (only hits are cached)."""
    now = time.monotonic()
    hit = _cache.get((tenant, account))
    if hit is not None and now - hit[0] <= settings().account_cache_seconds:
        return hit[1]
    acc = store.get_account(tenant, account)
    if acc is not None:
        _cache[(tenant, account)] = (now, acc)
    return acc


def require(caller: Caller, *, allow_rebuilding: bool = False) -> Account:
    """The caller's end user, or 404 when no item was ever added, or 503 while it is rebuilt."""
    account = account_of(caller)
    acc = lookup(caller.tenant, account)
    if acc is None:
        raise NotFound(f"no memory for end user '{account}' yet")
    if acc.rebuilding_since is not None and not allow_rebuilding:
        raise Unavailable("this end user is being rebuilt", retry_after=5)
    return acc


def ensure(caller: Caller) -> Account:
    """The caller's end user, created on its first item."""
    account = account_of(caller)
    acc = lookup(caller.tenant, account)
    if acc is None:
        store.create_account(Account(tenant=caller.tenant, account=account, created_at=utcnow()))
        _cache.pop((caller.tenant, account), None)
        acc = lookup(caller.tenant, account)
        assert acc is not None
    return acc


def forget(tenant: str, account: str) -> None:
    _cache.pop((tenant, account), None)
