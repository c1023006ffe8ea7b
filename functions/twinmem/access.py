"""Who may see what: the one visibility rule every read path applies.

A memory with `visibility: "private"` is seen only by keys bound to its `agent_id`; every other
key of the tenant reads as if it did not exist (history, known, a miss's subjects, retrieve,
lineage and explain's links show it redacted, the feed leaves it out). A key bound to an agent
writes as that agent only.
"""

from __future__ import annotations

from collections.abc import Iterable

from twinmem.errors import Forbidden
from twinmem.models import Caller, Memory


def may_see(caller: Caller, visibility: str | None, agent_id: str | None) -> bool:
    """The rule itself, over the two fields (the feed and the subject index carry only these)."""
    return visibility != "private" or (caller.agent_id is not None and caller.agent_id == agent_id)


def can_see(caller: Caller, m: Memory) -> bool:
    return may_see(caller, m.visibility, m.agent_id)


def visible(caller: Caller, memories: Iterable[Memory]) -> list[Memory]:
    return [m for m in memories if can_see(caller, m)]


def writing_agent(caller: Caller, requested: str | None) -> str | None:
    """The agent a write is filed under: a key bound to an agent writes as that agent only (403 otherwise)."""
    if caller.agent_id is not None and requested is not None and requested != caller.agent_id:
        raise Forbidden(f"this key writes as agent '{caller.agent_id}' only", agent_id=caller.agent_id)
    return requested or caller.agent_id


def private_to(m: Memory) -> str | None:
    """The agent a memory is private to (None when shared): what a feed entry carries."""
    return m.agent_id if m.visibility == "private" else None


def change_entry(kind: str, m: Memory) -> dict[str, str]:
    """A change-feed entry about a memory: its id and kind, and the agent it is private to."""
    entry = {"kind": kind, "memory_id": m.memory_id}
    owner = private_to(m)
    if owner is not None:
        entry["private_to"] = owner
    return entry


def may_see_change(caller: Caller, entry: dict[str, str]) -> bool:
    owner = entry.get("private_to")
    return owner is None or owner == caller.agent_id
