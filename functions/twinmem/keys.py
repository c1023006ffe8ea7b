"""API keys: minting (secret shown once, stored as a SHA-256 hash), checking and revoking."""

from __future__ import annotations

import re
import secrets
import time
from collections import OrderedDict

from twinmem import ids, warm
from twinmem.aws import store
from twinmem.config import settings
from twinmem.errors import Conflict, Forbidden, NotFound, Unauthorized
from twinmem.models import SCOPE_RANK, ApiKey, Caller, Scope, utcnow

SECRET_RE = re.compile(r"^tm_[A-Za-z0-9_-]{20,197}$")
SECRET_RULE = "tm_ followed by 20 to 197 characters of [A-Za-z0-9_-]"
CACHE_MAX = 10_000  # keys remembered per warm container (least recently used goes first)
NEGATIVE_MAX = 1_000  # bearers that are not keys, remembered apart so a flood of them evicts no key
NEGATIVE_SECONDS = 5.0  # how long "not a key" is believed (a key minted meanwhile clears it at once here)


class _Lru:
    """A bounded map of secret hash -> (when looked up, the key or None), least recently used out first."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict[str, tuple[float, ApiKey | None]] = OrderedDict()

    def get(self, digest: str, now: float, ttl: float) -> tuple[float, ApiKey | None] | None:
        hit = self.items.get(digest)
        if hit is None or now - hit[0] > ttl:
            return None
        self.items.move_to_end(digest)
        return hit

    def put(self, digest: str, hit: tuple[float, ApiKey | None]) -> None:
        self.items[digest] = hit
        self.items.move_to_end(digest)
        while len(self.items) > self.size:
            self.items.popitem(last=False)

    def __len__(self) -> int:
        return len(self.items)


_cache = _Lru(CACHE_MAX)
_negative = _Lru(NEGATIVE_MAX)


@warm.register
def clear_cache() -> None:
    _cache.items.clear()
    _negative.items.clear()


def new_secret() -> str:
    return "tm_" + secrets.token_urlsafe(32)


def authenticate(secret: str) -> Caller:
    """The caller a bearer secret stands for. Cached per warm container for TWINMEM_KEY_CACHE_SECONDS
    (at most CACHE_MAX keys); a bearer that is no key is believed so for NEGATIVE_SECONDS."""
    if not SECRET_RE.match(secret):
        raise Unauthorized("not a key this service issued")
    digest = ids.hash_secret(secret)
    now = time.monotonic()
    ttl = settings().key_cache_seconds
    hit = _cache.get(digest, now, ttl) or _negative.get(digest, now, min(ttl, NEGATIVE_SECONDS))
    if hit is None:
        hit = (now, store.get_api_key(digest))
        (_cache if hit[1] is not None else _negative).put(digest, hit)
    key = hit[1]
    if key is None or key.revoked_at is not None:
        raise Unauthorized("not a key this service issued")
    return Caller(tenant=key.tenant, key_id=key.key_id, scope=key.scope, agent_id=key.agent_id)


def mint(
    tenant: str, scope: Scope, name: str = "", secret: str | None = None, agent_id: str | None = None
) -> tuple[ApiKey, str]:
    """A new key for the tenant; returns the key and its secret (the only time it is seen)."""
    secret = secret or new_secret()
    if not SECRET_RE.match(secret):
        raise ValueError(f"a key's secret is {SECRET_RULE}")
    if not tenant.strip():
        raise ValueError("a key needs a tenant")
    key = ApiKey(
        key_id=ids.new_id("key_"),
        tenant=tenant,
        scope=scope,
        name=name,
        created_at=utcnow(),
        agent_id=agent_id,
    )
    store.put_api_key(key, ids.hash_secret(secret))
    _negative.items.pop(ids.hash_secret(secret), None)
    return key, secret


def ensure_key(tenant: str, secret: str, scope: Scope = "admin", name: str = "bootstrap") -> ApiKey:
    """The key with this secret, minted for the tenant if it does not exist yet (local bootstrap)."""
    if not SECRET_RE.match(secret):
        raise ValueError(f"a key's secret is {SECRET_RULE}")
    existing = store.get_api_key(ids.hash_secret(secret))
    if existing is not None:
        if existing.tenant != tenant:
            raise ValueError("that secret already belongs to another tenant")
        return existing
    return mint(tenant, scope, name, secret)[0]


def create_key(caller: Caller, scope: Scope, name: str, agent_id: str | None = None) -> tuple[ApiKey, str]:
    if SCOPE_RANK[scope] > SCOPE_RANK[caller.scope]:
        raise Forbidden("a key cannot mint a key of a higher scope")
    return mint(caller.tenant, scope, name, agent_id=agent_id)


def list_keys(caller: Caller) -> list[ApiKey]:
    return sorted((k for k, _ in store.list_api_keys(caller.tenant)), key=lambda k: k.created_at)


def revoke_key(caller: Caller, key_id: str) -> ApiKey:
    """Revoke one of the tenant's keys; never its last live admin key (409: mint another first)."""
    listed = store.list_api_keys(caller.tenant) if ids.is_id(key_id, "key") else []
    for key, table_key in listed:
        if key.key_id == key_id:
            admins = {k.key_id for k, _ in listed if k.scope == "admin" and k.revoked_at is None}
            if admins == {key_id}:
                raise Conflict("that is the tenant's last admin key: mint another admin key before revoking it")
            now = utcnow()
            store.revoke_api_key(table_key, now)
            clear_cache()
            return key.model_copy(update={"revoked_at": key.revoked_at or now})
    raise NotFound(f"no key '{key_id}'")
