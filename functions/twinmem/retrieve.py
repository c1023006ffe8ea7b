"""retrieve: the memories an agent reads before it answers, ranked, with the known lines and a brief.

Reads the account's memories once through gsi1 (a projection without evidence or provenance),
decides what is visible on the requested axis, ranks with BM25 blended with recency (and
embeddings when configured), then reads the full items of the top `limit` only. Counts the
retrieval in one write.

Axes (seed 002):
    default (no as_of)   valid now: validity has started and not ended, not expired, not deleted,
                         not superseded (a replaced value's validity ends where its replacement's begins)
    valid, as_of T       validity interval contains T
    transaction, as_of T recorded by T and not superseded at T; content shown as the revision known
                         at T (found by current content, as the seed says)
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from twinmem import accounts, embeddings, known, store, subjects
from twinmem.config import settings
from twinmem.lineage import build_chains, superseded, valid_until
from twinmem.models import Account, Caller, Memory, Revision, utcnow
from twinmem.ranking import attribute_words, blend, bm25, cosine, recency, tokens
from twinmem.schemas import RetrieveRequest
from twinmem.trace import revision_at
from twinmem.views import can_see, memory_out


def _expired(m: Memory, now: datetime) -> bool:
    return m.expires_at is not None and m.expires_at <= now


def visible_at(memories: list[Memory], req: RetrieveRequest, now: datetime,
               sup: dict[str, tuple[datetime, str, str]], ends: dict[str, datetime]) -> list[Memory]:
    """The memories the requested axis shows (pure: no I/O)."""
    kept: list[Memory] = []
    for m in memories:
        if m.deleted_at is not None or _expired(m, now):
            continue
        end = m.valid_to or ends.get(m.memory_id)
        if req.as_of is not None and req.as_of_axis == "transaction":
            at = req.as_of
            taken_back = (m.retracted and m.retracted.at <= at) or (m.withdrawn_at and m.withdrawn_at <= at)
            if m.recorded_at > at or taken_back or (m.memory_id in sup and sup[m.memory_id][0] <= at):
                continue
        else:
            at = req.as_of or now
            if m.retracted is not None or m.withdrawn_at is not None:
                continue
            if m.valid_from > at or (end is not None and end <= at):
                continue
            if req.as_of is None and m.memory_id in sup and sup[m.memory_id][0] <= now:
                continue
        kept.append(m)
    ids = {m.memory_id for m in kept}
    # a value said again is one memory: keep the newest saying of it
    return [m for m in kept if not (m.memory_id in sup and sup[m.memory_id][2] == "repeated"
                                    and sup[m.memory_id][1] in ids)]


def _document(m: Memory) -> list[str]:
    return tokens(" ".join(x for x in (m.content, m.subject_display, attribute_words(m.attribute), m.value) if x))


def rank(query: str, candidates: list[Memory], now: datetime, query_vector: list[float] | None = None,
         similarity: dict[str, float] | None = None) -> list[tuple[Memory, float]]:
    """Candidates with a score in 0..1, best first; a query with words keeps only memories that match it.

    Vector similarity comes from the index (`similarity`) or is computed here from stored embeddings.
    """
    text = bm25(query, [_document(m) for m in candidates])
    rec = [recency(m.created_at, now) for m in candidates]
    vec = None
    if similarity:
        vec = [similarity.get(m.memory_id, 0.0) for m in candidates]
    elif query_vector is not None:
        vec = [cosine(query_vector, m.embedding) if m.embedding else 0.0 for m in candidates]
    scores = blend(text, rec, vec)
    has_words = bool(tokens(query))
    ranked = [
        (m, s) for m, s, t, v in zip(candidates, scores, text, vec or [0.0] * len(candidates), strict=True)
        if not has_words or t > 0 or v > 0.3
    ]
    return sorted(ranked, key=lambda p: p[1], reverse=True)


def _pool_inprocess(acc: Account, caller: Caller, req: RetrieveRequest) -> tuple[list[Memory], dict[str, float]]:
    """Every memory of the account, as gsi1 projects it (one Query per 1 MB page)."""
    return [m for m in store.list_memories(acc.tenant, acc.account) if can_see(caller, m)], {}


def _pool_vector(acc: Account, caller: Caller, req: RetrieveRequest,
                 query_vector: list[float]) -> tuple[list[Memory], dict[str, float]]:
    """The nearest memories by the table's vector index, and the chains of the subjects they touch.

    Cost: one SearchVectors, one BatchGetItem of the hits, one Query per subject and attribute hit.
    """
    top_k = min(100, req.limit * 5)
    hits = store.search_vectors(acc.tenant, acc.account, query_vector, top_k)
    found = store.get_memories_by_key([k for k, _ in hits])
    by_key = {(k["pk"]["S"], k["sk"]["S"]): d for k, d in hits}  # a hit whose item is gone is not in found
    distance = {}
    for m in found:
        k = store.memory_key(acc.tenant, acc.account, m)
        distance[m.memory_id] = by_key[(k["pk"]["S"], k["sk"]["S"])]
    similarity = {mid: max(0.0, 1.0 - d) for mid, d in distance.items()}  # COSINE distance 0..2
    pool = {m.memory_id: m for m in found if can_see(caller, m)}
    for subject, attribute in {(m.subject, m.attribute) for m in found if m.subject and m.attribute}:
        for sibling in store.query_subject(acc.tenant, acc.account, subject, attribute):
            if can_see(caller, sibling):
                pool.setdefault(sibling.memory_id, sibling)
    return list(pool.values()), similarity


def retrieve(caller: Caller, req: RetrieveRequest) -> dict[str, Any]:
    acc = accounts.require(caller)
    now = utcnow()
    query_vector = _query_vector(req.query)
    if query_vector is not None and settings().retrieval_backend == "vector":
        everything, similarity = _pool_vector(acc, caller, req, query_vector)
    else:
        everything, similarity = _pool_inprocess(acc, caller, req)
    if req.subject:
        stored = subjects.resolve(acc, req.subject)
        everything = [m for m in everything if m.subject == stored]
    assertions = [m for m in everything if m.is_assertion and m.deleted_at is None]
    chains = build_chains([m for m in assertions if m.retracted is None and m.withdrawn_at is None])
    sup = superseded(chains)
    ends = valid_until(chains, {m.memory_id: m for m in assertions})
    candidates = visible_at(everything, req, now, sup, ends)
    if similarity:
        candidates = [m for m in candidates if m.memory_id in similarity]
    top = rank(req.query, candidates, now, query_vector, similarity)[: req.limit]
    full = {m.memory_id: m for m in store.get_memories(acc.tenant, acc.account, [m for m, _ in top])}
    shown: list[dict[str, Any]] = []
    for m, score in top:
        item = full.get(m.memory_id, m)
        content = None
        if req.as_of is not None and req.as_of_axis == "transaction" and item.revision > 1:
            revs = [Revision.model_validate(r) for r in store.get_revisions(acc.tenant, acc.account, m.memory_id)]
            content = revision_at(item, revs, req.as_of)
        s = sup.get(m.memory_id)
        shown.append({**memory_out(acc, item, superseded_at=s[0] if s else None, valid_to=ends.get(m.memory_id),
                                   content=content), "score": round(score, 4)})
    touched = list(dict.fromkeys(m.subject for m, _ in top if m.subject))
    if req.subject:
        touched = [subjects.resolve(acc, req.subject)]
    lines: list[str] = []
    for subject in touched:
        readable = [m for m in assertions if m.subject == subject and not m.hidden_from_history()]
        if readable:
            display = subjects.display(acc, subject, next((m.subject_display for m in readable
                                                           if m.subject_display), None))
            lines += known.lines_for(display, readable)
    store.log_retrieval(acc.tenant, acc.account, [m for m, _ in top], now)  # one write; counted via the stream
    return {"memories": shown, "known": lines, "brief": brief(lines, shown)}


def brief(lines: list[str], shown: list[dict[str, Any]]) -> str:
    """Ready-to-paste text: the known lines, then the memories with their dates."""
    parts = [known.text_of(lines)] if lines else []
    if shown:
        parts.append("Memories (newest relevant first):")
        for m in shown:
            dates = f"said {m['created_at'][:10]}"
            if m.get("valid_from") and m["valid_from"][:10] != m["created_at"][:10]:
                dates += f", valid from {m['valid_from'][:10]}"
            if m.get("valid_to"):
                dates += f", until {m['valid_to'][:10]}"
            parts[-1] += f"\n- [{dates}] {m['content']}"
    return "\n\n".join(parts) if parts else "Nothing relevant is remembered."


def _query_vector(query: str) -> list[float] | None:
    return embeddings.maybe_embed(query)

