"""The ids this service issues: `ev_`, `mem_` and `key_` + 16 lowercase hex, random or derived.

A derived id is the same for the same parts, which is how a redelivered record or a repeated client
id writes nothing new; only a well-formed id ever reaches a key (is_id). A key's secret is stored
as its SHA-256 digest (hash_secret), never as itself.
"""

from __future__ import annotations

import hashlib
import re
import secrets


def new_id(prefix: str) -> str:
    """A fresh random id: `prefix` (`ev_`, `mem_`, `key_`) + 16 hex."""
    return prefix + secrets.token_hex(8)


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


_ID = re.compile(r"^(ev|mem|key)_[0-9a-f]{16}$")


def is_id(value: str, prefix: str) -> bool:
    """An id this service issued (`ev_`, `mem_` or `key_` + 16 lowercase hex): only those reach a key."""
    return value.startswith(prefix + "_") and bool(_ID.match(value))


def derive_id(prefix: str, *parts: str) -> str:
    """A deterministic id (`prefix` + 16 hex) from its parts: how redelivery writes nothing new."""
    digest = hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()
    return f"{prefix}{digest[:16]}"
