"""API keys: minting (secret shown once, stored as a SHA-256 hash), checking and revoking."""

from __future__ import annotations

import secrets
import time

from twinmem import keys, store
from twinmem.config import settings
from twinmem.errors import Forbidden, NotFound, Unauthorized
from twinmem.models import SCOPE_RANK, ApiKey, Caller, Scope, utcnow

_cache: dict[str, tuple[float, ApiKey | None]] = {}


def clear_cache() -> None:
    _cache.clear()


def new_secret() -> str:
    return "tm_" + secrets.token_urlsafe(32)


def authenticate(secret: str) -> Caller:
    """The caller a bearer secret stands for. Cached per warm container for TWINMEM_KEY_CACHE_SECONDS."""
    if not secret.startswith("tm_") or len(secret) > 200:
        raise Unauthorized("not a key this service issued")
    digest = keys.hash_secret(secret)
    now = time.monotonic()
    hit = _cache.get(digest)
    if hit is None or now - hit[0] > settings().key_cache_seconds:
        hit = (now, store.get_api_key(digest))
        _cache[digest] = hit
    key = hit[1]
    if key is None or key.revoked_at is not None:
        raise Unauthorized("not a key this service issued")
    return Caller(tenant=key.tenant, key_id=key.key_id, scope=key.scope, agent_id=key.agent_id)


def mint(tenant: str, scope: Scope, name: str = "", secret: str | None = None,
         agent_id: str | None = None) -> tuple[ApiKey, str]:
    """A new key for the tenant; returns the key and its secret (the only time it is seen)."""
    secret = secret or new_secret()
    if not secret.startswith("tm_"):
        raise ValueError("a key's secret starts with tm_")
    key = ApiKey(key_id="key_" + secrets.token_hex(8), tenant=tenant, scope=scope, name=name,
                 created_at=utcnow(), agent_id=agent_id)
    store.put_api_key(key, keys.hash_secret(secret))
    return key, secret


def ensure_key(tenant: str, secret: str, scope: Scope = "admin", name: str = "bootstrap") -> ApiKey:
    """The key with this secret, minted for the tenant if it does not exist yet (local bootstrap)."""
    existing = store.get_api_key(keys.hash_secret(secret))
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
    for key, table_key in store.list_api_keys(caller.tenant) if keys.is_id(key_id, "key") else []:
        if key.key_id == key_id:
            now = utcnow()
            store.revoke_api_key(table_key, now)
            clear_cache()
            return key.model_copy(update={"revoked_at": key.revoked_at or now})
    raise NotFound(f"no key '{key_id}'")
