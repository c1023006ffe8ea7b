"""What a warm container keeps between calls, forgotten in one place.

Each module that keeps a cache (keys, accounts, chain locations, clients, settings) registers how to
forget it; `warm.reset()` forgets them all (the local environment and tests, when the table changes).
Imports nothing of ours but the settings, so any floor may register.
"""

from __future__ import annotations

from collections.abc import Callable

_resets: list[Callable[[], None]] = []


def register(forget: Callable[[], None]) -> Callable[[], None]:
    """Register a cache's reset (usable as a decorator); returns it unchanged."""
    _resets.append(forget)
    return forget


def reset() -> None:
    """Forget the settings and every registered cache."""
    from twinmem.config import settings

    settings.cache_clear()
    for forget in list(_resets):
        forget()
