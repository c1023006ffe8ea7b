"""explain: "how do you know this?" — the memory, its trust, lineage, evidence, history, usage,
contradictions and dependents.

Trust (every part 0..1, computed at read time):
    confidence        how sure the reading is: verbatim 0.90, llm 0.85, rule 0.80; 0 once taken back
    evidence          1 - 0.5 ** n, n = times the value was said in a row (MERGEs included)
    freshness         0.5 ** (age in days of observed_at / 180)
    utility           (used + 1) / (used + ignored + 2)
    source_authority  the tenant's trust.authority for the memory's source_kind (PUT /v1/settings),
                      else the default (user 0.9, system 0.8, document 0.7, agent 0.6, import 0.6, derived 0.5)
    contradiction_risk  1.0 when an open contradiction exists, else 0.0
    score = (0.30 confidence + 0.20 evidence + 0.15 freshness + 0.10 utility + 0.25 source_authority)
            * (1 - 0.5 contradiction_risk)
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from twinmem import accounts, memories
from twinmem.access import can_see, visible
from twinmem.aws import store
from twinmem.chains import Chain, Step
from twinmem.http.views import memory_out, redacted
from twinmem.lineage import load_chain, step_out, valid_ends
from twinmem.models import Account, Caller, Memory, iso, utcnow
from twinmem.values import value_key

METHOD_CONFIDENCE = {"verbatim": 0.90, "llm": 0.85, "rule": 0.80}
DEFAULT_AUTHORITY = {"user": 0.9, "system": 0.8, "document": 0.7, "agent": 0.6, "import": 0.6, "derived": 0.5}


def trust(
    m: Memory, evidence_n: int, usage: dict[str, int], authority: dict[str, float], contradicted: bool
) -> dict[str, float]:
    confidence = (
        0.0 if (m.retracted or m.withdrawn_at or m.deleted_at) else METHOD_CONFIDENCE.get(m.extraction_method, 0.75)
    )
    evidence = 1 - 0.5 ** max(1, evidence_n)
    age_days = max(0.0, (utcnow() - m.observed_at).total_seconds() / 86400)
    freshness = 0.5 ** (age_days / 180)
    utility = (usage["used"] + 1) / (usage["used"] + usage["ignored"] + 2)
    source_authority = float(authority.get(m.source_kind, DEFAULT_AUTHORITY.get(m.source_kind, 0.5)))
    risk = 1.0 if contradicted else 0.0
    score = (0.30 * confidence + 0.20 * evidence + 0.15 * freshness + 0.10 * utility + 0.25 * source_authority) * (
        1 - 0.5 * risk
    )
    parts = {
        "confidence": confidence,
        "evidence": evidence,
        "freshness": freshness,
        "utility": utility,
        "source_authority": source_authority,
        "contradiction_risk": risk,
        "score": score,
    }
    return {k: round(v, 4) for k, v in parts.items()}


def _run_length(chain: Chain, memory_id: str) -> int:
    """How many times in a row the value was said, ending at this memory (itself included)."""
    n = 1
    steps = [s for s in chain.steps if s.revision is None]
    idx = next(i for i, s in enumerate(steps) if s.memory.memory_id == memory_id)
    while idx > 0 and steps[idx - 1].action == "repeated":
        n, idx = n + 1, idx - 1
    return n


def contradictions(m: Memory, siblings: list[Memory]) -> list[dict[str, Any]]:
    """Open contradictions: the same value of the same subject and attribute said with the other polarity."""
    if not m.is_assertion or m.retracted or m.deleted_at:
        return []
    assert m.attribute is not None and m.value is not None
    key = value_key(m.attribute, m.value)
    return [
        {"memory_id": s.memory_id, "value": s.value, "polarity": s.polarity, "said_at": iso(s.said_at)}
        for s in siblings
        if s.memory_id != m.memory_id
        and s.value is not None
        and s.polarity != m.polarity
        and value_key(m.attribute, s.value) == key
        and not s.hidden_from_history()
    ]


def _same_saying(m: Memory, later: Memory) -> bool:
    """A later memory says the same value as `m` (in other words, perhaps), with the same polarity."""
    if later.value is None or later.attribute is None or m.value is None:
        return False
    return value_key(m.attribute or "", m.value) == value_key(later.attribute, later.value) and (
        later.polarity == m.polarity
    )


def _merges(m: Memory, steps: list[Step], i: int) -> list[dict[str, Any]]:
    """MERGE events: the saying `m` repeated, and every later saying of the same value."""
    events = []
    if i > 0 and steps[i - 1].action == "repeated":
        events.append({"event": "MERGE", "at": iso(m.recorded_at), "memory_id": steps[i - 1].memory.memory_id})
    for later in steps[i + 1 :]:
        if _same_saying(m, later.memory):
            events.append({"event": "MERGE", "at": iso(later.memory.recorded_at), "memory_id": later.memory.memory_id})
    return events


def _endings(m: Memory, me: Step, sources: list[Memory]) -> list[dict[str, Any]]:
    """What ended or changed the memory: superseded, corrected, withdrawn, deleted, a source forgotten."""
    events: list[dict[str, Any]] = []
    if me.action in ("replaced", "refined", "retracted"):
        events.append({"event": "SUPERSEDED", "at": iso(me.changed_at), "by": me.superseded_by, "relation": me.action})
    if m.retracted is not None:
        events.append({"event": "CORRECTED", "at": iso(m.retracted.at), "reason": m.retracted.reason})
    if m.withdrawn_at is not None:
        events.append({"event": "WITHDRAWN", "at": iso(m.withdrawn_at), "why": "its source item was edited"})
    if m.deleted_at is not None:
        events.append({"event": "DELETED", "at": iso(m.deleted_at)})
    events += [
        {"event": "DEPENDENT_STALE", "at": iso(src.deleted_at), "source": src.memory_id}
        for src in sources
        if src.deleted_at is not None
    ]
    return events


def _history(m: Memory, chain: Chain, sources: list[Memory]) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = [{"event": "ADD", "at": iso(m.recorded_at), "by": m.source_kind}]
    steps = [s for s in chain.steps if s.revision is None]
    i = [s.memory.memory_id for s in steps].index(m.memory_id)
    events += _merges(m, steps, i)
    events += [{"event": "UPDATE", "at": iso(opened)} for opened in m.revision_opened[1:]]
    events += _endings(m, steps[i], sources)
    return sorted(events, key=lambda e: e["at"] or "")


def _usage(acc: Account, m: Memory) -> dict[str, int]:
    """Counters once kept on the memory item, plus its own counter item's."""
    counted = store.get_usage(acc.tenant, acc.account, m.memory_id)
    return {k: getattr(m, k) + counted[k] for k in ("retrieved", "used", "ignored")}


def _origin(m: Memory) -> dict[str, Any]:
    return {
        "source_kind": m.source_kind,
        "agent_id": m.agent_id,
        "run_id": m.run_id,
        "episode_id": m.episode_id,
        "actor_id": m.actor_id,
        "actor_role": m.actor_role,
    }


def _shown(acc: Account, m: Memory, me: Step, sources: list[Memory], ends: dict[str, datetime]) -> dict[str, Any]:
    """The memory itself, with its status (`stale` when a memory it was derived from was forgotten)."""
    superseded_at = me.changed_at if me.action in ("replaced", "refined", "retracted") else None
    shown = memory_out(acc, m, superseded_at=superseded_at, valid_to=ends.get(m.memory_id))
    if shown["status"] == "active" and any(src.deleted_at is not None for src in sources):
        shown["status"] = "stale"
    return shown


def explain(caller: Caller, memory_id: str) -> dict[str, Any]:
    acc = accounts.require(caller)
    m = memories.find(caller, memory_id)
    chain, siblings = load_chain(caller, m)
    dependent_ids = store.dependents_of(acc.tenant, acc.account, m.memory_id)
    linked = {i: store.locate_memory(acc.tenant, acc.account, i) for i in [*m.derived_from, *dependent_ids[:10]]}
    by_id = {i: x for i, x in linked.items() if x is not None}
    sources = [by_id[i] for i in m.derived_from if i in by_id]
    dependents = [by_id[i] for i in dependent_ids[:10] if i in by_id]
    usage = _usage(acc, m)
    authority = (store.get_settings(acc.tenant).get("trust") or {}).get("authority") or {}
    open_contradictions = contradictions(m, visible(caller, siblings))
    steps = [s for s in chain.steps if s.revision is None]
    me = next(s for s in steps if s.memory.memory_id == m.memory_id)
    prior = steps[: steps.index(me)]
    ends = valid_ends(caller, siblings)
    return {
        "memory": _shown(acc, m, me, sources, ends),
        "trust": trust(m, _run_length(chain, m.memory_id), usage, authority, bool(open_contradictions)),
        "lineage": {
            "origin": _origin(m),
            "supersedes": prior[-1].memory.memory_id if prior else None,
            "superseded_by": me.superseded_by,
            "derived_from": [_linked(acc, caller, i, by_id) for i in m.derived_from],
            "derived": [_linked(acc, caller, d.memory_id, by_id) for d in dependents[:10]],
            "chain": [step_out(acc, caller, s, ends) for s in chain.steps],
        },
        "evidence": _evidence(acc, m, sources, caller, by_id),
        "history": _history(m, chain, sources),
        "usage": usage,
        "contradictions": open_contradictions,
        "dependents": {
            "count": len(dependent_ids),
            "examples": [_linked(acc, caller, d.memory_id, by_id) for d in dependents[:5]],
        },
    }


def _linked(acc: Account, caller: Caller, memory_id: str, by_id: dict[str, Memory]) -> dict[str, Any]:
    """A linked memory as the caller may see it: redacted when private to another agent, deleted when forgotten."""
    linked = by_id.get(memory_id)
    if linked is None:
        return {"memory_id": memory_id, "deleted": True}
    if not can_see(caller, linked):
        return redacted(memory_id)
    if linked.deleted_at is not None:
        return {"memory_id": memory_id, "deleted": True, "deleted_at": iso(linked.deleted_at)}
    return {"memory_id": memory_id, "content": linked.content, "status": "active"}


def _evidence(
    acc: Account, m: Memory, sources: list[Memory], caller: Caller, by_id: dict[str, Memory]
) -> list[dict[str, Any]]:
    events = store.get_events(acc.tenant, acc.account, [e.event_id for e in m.evidence])
    out: list[dict[str, Any]] = []
    for ev_link in m.evidence:
        ev = events.get(ev_link.event_id)
        if ev is None:
            out.append({"event_id": ev_link.event_id, "deleted": True})
            continue
        start, end = ev_link.span or (0, len(ev.content))
        text = ev.content
        if ev_link.version is not None and ev_link.version != ev.version:
            full = store.get_event(acc.tenant, acc.account, ev.event_id, with_versions=True)
            old = next((v for v in (full.versions if full else []) if v.version == ev_link.version), None)
            text = old.content if old else text
        out.append(
            {
                "kind": "event",
                "event_id": ev.event_id,
                "role": ev.role,
                "said_at": iso(ev.said_at),
                "conversation_id": ev.conversation_id,
                "passage": text[start:end],
                "span": [start, end],
                "text": text,
                "version": ev_link.version or ev.version,
                "extraction_method": m.extraction_method,
                "model": m.model,
            }
        )
    for source_id in m.derived_from:
        out.append({"kind": "memory", **_linked(acc, caller, source_id, by_id)})
    return out
