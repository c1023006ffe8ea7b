"""retrieve: what an agent reads before it answers: facts and episodes ranked together, the known lines, a brief.

Reads the account's memories and items (episodes: one turn each, see episodes.py) once through gsi1
(a projection without evidence or provenance), decides what is visible on the requested axis, ranks
with BM25 blended with recency (and embeddings when configured), then reads the full items of the
top facts only (an episode's index entry is the whole turn). A fact and its own turn never take two
slots. Counts the retrieval of facts in one write.

Axes (seed 002):
    default (no as_of)   valid now: validity has started and not ended, not expired, not deleted,
                         not superseded (a replaced value's validity ends where its replacement's begins)
    valid, as_of T       validity interval contains T
    transaction, as_of T recorded by T and not superseded at T; content shown as the revision known
                         at T (found by current content, as the seed says)
    Episodes follow the same axes: said by then (valid), recorded by then with the text of then (transaction).
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from itertools import pairwise
from typing import Any

from twinmem import accounts, embeddings, episodes, subjects
from twinmem.access import can_see, may_see
from twinmem.aws import store
from twinmem.chains import build_chains, superseded, valid_until
from twinmem.config import settings
from twinmem.http import views
from twinmem.http.schemas import RetrieveRequest
from twinmem.http.views import memory_out
from twinmem.lineage import as_it_was
from twinmem.models import Account, Caller, Episode, EventVersion, Memory, Revision, utcnow
from twinmem.ranking import attribute_words, blend, bm25_counted, cosine, recency, tokens


def _expired(m: Memory, now: datetime) -> bool:
    return m.expires_at is not None and m.expires_at <= now


def _shown_then(m: Memory, at: datetime, sup: dict[str, tuple[datetime, str, str]]) -> bool:
    """On the transaction axis: recorded by `at`, not yet taken back or superseded then."""
    taken_back = (m.retracted and m.retracted.at <= at) or (m.withdrawn_at and m.withdrawn_at <= at)
    return not (m.recorded_at > at or taken_back or (m.memory_id in sup and sup[m.memory_id][0] <= at))


def _valid_then(m: Memory, at: datetime, end: datetime | None) -> bool:
    """On the valid-time axis: not taken back, and valid at `at`."""
    if m.retracted is not None or m.withdrawn_at is not None:
        return False
    return not (m.valid_from > at or (end is not None and end <= at))


def _shown(
    m: Memory,
    req: RetrieveRequest,
    now: datetime,
    sup: dict[str, tuple[datetime, str, str]],
    ends: dict[str, datetime],
) -> bool:
    if m.deleted_at is not None or _expired(m, now):
        return False
    if req.as_of is not None and req.as_of_axis == "transaction":
        return _shown_then(m, req.as_of, sup)
    if not _valid_then(m, req.as_of or now, m.valid_to or ends.get(m.memory_id)):
        return False
    return not (req.as_of is None and m.memory_id in sup and sup[m.memory_id][0] <= now)


def visible_at(
    memories: list[Memory],
    req: RetrieveRequest,
    now: datetime,
    sup: dict[str, tuple[datetime, str, str]],
    ends: dict[str, datetime],
) -> list[Memory]:
    """The memories the requested axis shows (pure: no I/O)."""
    kept = [m for m in memories if _shown(m, req, now, sup, ends)]
    ids = {m.memory_id for m in kept}
    # a value said again is one memory: keep the newest saying of it
    return [
        m for m in kept if not (m.memory_id in sup and sup[m.memory_id][2] == "repeated" and sup[m.memory_id][1] in ids)
    ]


Entry = Memory | Episode

MAX_CACHED_DOCUMENTS = 100_000
_documents: dict[str, tuple[Counter[str], int]] = {}  # document text -> (term counts, length), per container


def _ident(e: Entry) -> str:
    return e.memory_id if isinstance(e, Memory) else e.event_id


def _counted(text: str) -> tuple[Counter[str], int]:
    """A document's term counts and length, tokenised once per warm container (texts repeat across calls)."""
    hit = _documents.get(text)
    if hit is None:
        if len(_documents) >= MAX_CACHED_DOCUMENTS:
            _documents.clear()
        words = tokens(text)
        hit = _documents[text] = (Counter(words), len(words))
    return hit


def _text(acc: Account | None, e: Entry | store.IndexRow, content: str | None = None) -> str:
    """What an entry is found by: a fact's content, subject (the speaker's name), attribute words and value;
    an episode's speaker and text (`content`: its text at another instant)."""
    if type(e) is Episode or (type(e) is store.IndexRow and e.is_event):
        text = e.content if content is None else content
        return episodes.document(acc, e.name, e.role, text) if acc is not None else text
    assert not isinstance(e, Episode)
    display = e.subject_display
    if acc is not None and e.subject == subjects.SELF:
        display = subjects.display(acc, e.subject, e.subject_display)
    return f"{e.content} {display or ''} {attribute_words(e.attribute)} {e.value or ''}"


def _when(e: Entry) -> datetime:
    return e.created_at if isinstance(e, Memory) else e.said_at


def rank(
    query: str,
    candidates: list[Entry],
    now: datetime,
    query_vector: list[float] | None = None,
    similarity: dict[str, float] | None = None,
    acc: Account | None = None,
    text_scores: dict[str, float] | None = None,
) -> list[tuple[Entry, float]]:
    """Candidates (facts and episodes) with a score in 0..1, best first; a query with words keeps only
    those that match it.

    BM25 scores are computed over the candidates, or given (`text_scores`, by id: computed over the whole
    index). Vector similarity comes from the index (`similarity`, by memory or event id) or is computed
    here from stored embeddings (facts only: episodes are embedded for the vector index).
    """
    q = tokens(query)
    if text_scores is not None:
        text = [text_scores.get(_ident(e), 0.0) for e in candidates]
    else:
        text = bm25_counted(q, [_counted(_text(acc, e)) for e in candidates])
    rec = [recency(_when(e), now) for e in candidates]
    vec = None
    if similarity:
        vec = [similarity.get(_ident(e), 0.0) for e in candidates]
    elif query_vector is not None:
        vec = [cosine(query_vector, e.embedding) if isinstance(e, Memory) and e.embedding else 0.0 for e in candidates]
    scores = blend(text, rec, vec)
    ranked = [
        (e, s)
        for e, s, t, v in zip(candidates, scores, text, vec or [0.0] * len(candidates), strict=True)
        if not q or t > 0 or v > 0.3
    ]
    return sorted(ranked, key=lambda p: p[1], reverse=True)


def _facts_over_turns(
    window: list[tuple[Entry, float]], full: dict[str, Memory]
) -> tuple[list[tuple[Entry, float]], dict[str, float]]:
    """The window less the episodes a fact in it was read from, and the score each such fact inherits."""
    source: dict[str, str] = {}  # event id -> the best-ranked fact read from it
    for e, _ in window:
        if isinstance(e, Memory):
            for ev in full.get(e.memory_id, e).evidence:
                source.setdefault(ev.event_id, e.memory_id)
    lifted: dict[str, float] = {}
    picked: list[tuple[Entry, float]] = []
    for e, score in window:
        if isinstance(e, Episode) and e.event_id in source:
            mid = source[e.event_id]
            lifted[mid] = max(lifted.get(mid, 0.0), score)
            continue
        picked.append((e, score))
    return picked, lifted


def select(
    acc: Account, ranked: list[tuple[Entry, float]], limit: int
) -> tuple[list[tuple[Entry, float]], dict[str, Memory]]:
    """The top `limit` results, and the facts among them read in full (BatchGetItem).

    A fact beats its own turn: when a fact read from turn X is among the results, the episode of X gives
    up its slot (and its score, if higher, to the fact). The next results fill the slots so freed. Which
    turn a fact came from is in its evidence, outside the index projection; but a fact carries its turn's
    said_at, so the first read reaches one result further for each top episode sharing its said_at with a
    ranked fact (usually one BatchGetItem in all; another small one when that was not enough).
    """
    full: dict[str, Memory] = {}
    said = {e.said_at for e, _ in ranked[: 2 * limit] if isinstance(e, Memory) and e.said_at is not None}
    end = limit + sum(1 for e, _ in ranked[:limit] if isinstance(e, Episode) and e.said_at in said)
    while True:
        window = ranked[:end]
        wanted = [e for e, _ in window if isinstance(e, Memory) and e.memory_id not in full]
        if wanted:
            full.update((m.memory_id, m) for m in store.get_memories(acc.tenant, acc.account, wanted))
        picked, lifted = _facts_over_turns(window, full)
        if len(picked) >= limit or end >= len(ranked):
            break
        end += limit - len(picked)
    picked = [(e, max(s, lifted.get(e.memory_id, 0.0)) if isinstance(e, Memory) else s) for e, s in picked]
    picked.sort(key=lambda p: p[1], reverse=True)
    return picked[:limit], full


def _wanted(acc: Account, caller: Caller, req: RetrieveRequest, rows: list[store.IndexRow]) -> list[store.IndexRow]:
    """The entries this caller may see, of the kinds asked for, about the subject asked for (if any)."""
    facts, turns = "fact" in req.kinds, "episode" in req.kinds
    stored = subjects.resolve(acc, req.subject) if req.subject else None
    out = []
    for r in rows:
        if r.is_event:
            if turns and (stored is None or episodes.about(acc, stored, r.name, r.role, r.content)):
                out.append(r)
        elif facts and may_see(caller, r.visibility, r.agent_id) and (stored is None or r.subject == stored):
            out.append(r)
    return out


class Pool:
    """What a retrieve ranks: memories (the matches and the chains they sit in), episodes, the vector
    similarity and BM25 scores when known, and every memory of a subject on demand (its known lines)."""

    def __init__(
        self,
        memories: list[Memory],
        turns: list[Episode],
        similarity: dict[str, float] | None = None,
        text_scores: dict[str, float] | None = None,
        rows: list[store.IndexRow] | None = None,
        versions: dict[str, list[EventVersion]] | None = None,
    ) -> None:
        self.memories, self.turns, self.similarity, self.text_scores = memories, turns, similarity or {}, text_scores
        self.versions = versions  # earlier versions of the items, when a transaction-time read needed them
        self._rows = rows
        self._by_subject: dict[str, list[store.IndexRow]] | None = None

    def of_subject(self, subject: str) -> list[Memory]:
        if self._rows is None:
            return [m for m in self.memories if m.subject == subject]
        if self._by_subject is None:
            self._by_subject = {}
            for r in self._rows:
                if r.subject is not None:
                    self._by_subject.setdefault(r.subject, []).append(r)
        return [r.memory() for r in self._by_subject.get(subject, [])]


def _turn_before(rows: list[store.IndexRow]) -> dict[str, str]:
    """event id -> the question asked just before it, by another speaker, in its conversation.

    A reply is found by its question's words too: "Who's Luis?" / "My husband. He's a chef." is found by
    "what does Luis do". Only a question lends its words (a statement's words would make the turn after
    it rank for what the statement said). Items without a conversation id read as one conversation.
    """
    turns = sorted((r for r in rows if r.is_event), key=lambda r: (r.conversation or "", r.said))
    return {
        r.ident: prev.content
        for prev, r in pairwise(turns)
        if prev.conversation == r.conversation and "?" in prev.content and (prev.name, prev.role) != (r.name, r.role)
    }


def _pool_inprocess(acc: Account, caller: Caller, req: RetrieveRequest) -> Pool:
    """The account's memories and items the query matches, as gsi1 projects them (one Query per 1 MB page),
    with the memories their time axes need (the rest of the chains they sit in).

    BM25 runs over every entry's words (tokenised once per warm container); only the entries it matches,
    and the other memories of their subject and attribute, are decoded into models. Without query words,
    every entry is.
    """
    rows = _wanted(acc, caller, req, store.read_index_rows(acc.tenant, acc.account))
    q = tokens(req.query)
    if not q:
        return Pool([r.memory() for r in rows if not r.is_event], [r.episode() for r in rows if r.is_event], rows=rows)
    before = _turn_before(rows)
    then, versions = _texts_then(acc, rows, req)
    scores = bm25_counted(q, [_counted(f"{_text(acc, r, then.get(r.ident))} {before.get(r.ident, '')}") for r in rows])
    hits = {r.ident: score for r, score in zip(rows, scores, strict=True) if score > 0}
    chains = {(r.subject, r.attribute) for r in rows if r.ident in hits and r.subject is not None}
    memories = [r.memory() for r in rows if not r.is_event and (r.ident in hits or (r.subject, r.attribute) in chains)]
    turns = [r.episode() for r in rows if r.is_event and r.ident in hits]
    return Pool(memories, turns, text_scores=hits, rows=rows, versions=versions)


def _texts_then(
    acc: Account, rows: list[store.IndexRow], req: RetrieveRequest
) -> tuple[dict[str, str], dict[str, list[EventVersion]] | None]:
    """On the transaction axis, the text each item edited since `as_of` had then (what finds it at that
    instant), and the versions read for it (one Query of EVV#, only when some item was edited since)."""
    if req.as_of is None or req.as_of_axis != "transaction":
        return {}, None
    edited = [ep for ep in (r.episode() for r in rows if r.is_event and r.version > 1) if ep.recorded_at > req.as_of]
    if not edited:
        return {}, None
    versions = store.event_versions(acc.tenant, acc.account)
    then = {}
    for ep in edited:
        found = episodes.text_at(ep, versions.get(ep.event_id, []), req.as_of)
        then[ep.event_id] = found[0] if found else ""
    return then, versions


def _pool_vector(
    acc: Account, caller: Caller, req: RetrieveRequest, query_vector: list[float]
) -> tuple[list[Memory], list[Episode], dict[str, float]]:
    """The nearest memories and items by the table's vector index, and the chains of the subjects they touch.

    Cost: one SearchVectors, one BatchGetItem of the hits, one Query per subject and attribute hit.
    """
    top_k = min(100, req.limit * 5)
    found, turns, distance = store.nearest(acc.tenant, acc.account, query_vector, top_k)
    similarity = {ident: max(0.0, 1.0 - d) for ident, d in distance.items()}  # COSINE distance 0..2
    pool = {m.memory_id: m for m in found if can_see(caller, m)}
    for subject, attribute in {(m.subject, m.attribute) for m in found if m.subject and m.attribute}:
        for sibling in store.query_subject(acc.tenant, acc.account, subject, attribute):
            if can_see(caller, sibling):
                pool.setdefault(sibling.memory_id, sibling)
    return list(pool.values()), turns, similarity


def _episodes_at(
    acc: Account,
    turns: list[Episode],
    req: RetrieveRequest,
    now: datetime,
    versions: dict[str, list[EventVersion]] | None = None,
) -> list[Episode]:
    if (
        versions is None
        and req.as_of is not None
        and req.as_of_axis == "transaction"
        and episodes.edited_after(turns, req.as_of)
    ):
        versions = store.event_versions(acc.tenant, acc.account)  # one Query, only for such a read
    return episodes.visible(turns, req.as_of, req.as_of_axis, now, versions)


def _known_then(m: Memory, req: RetrieveRequest) -> bool:
    """Whether a value belongs in the known lines of this read: said by `as_of` (valid axis), or recorded and
    not yet taken back by then (transaction axis); without `as_of`, what history shows."""
    if req.as_of is None:
        return not m.hidden_from_history()
    if req.as_of_axis == "transaction":
        ends = (m.deleted_at, m.withdrawn_at, m.retracted.at if m.retracted else None)
        return m.recorded_at <= req.as_of and not any(t is not None and t <= req.as_of for t in ends)
    return (m.said_at or m.created_at) <= req.as_of and not m.hidden_from_history()


def _fact_out(
    acc: Account,
    item: Memory,
    score: float,
    req: RetrieveRequest,
    sup: dict[str, tuple[datetime, str, str]],
    ends: dict[str, datetime],
) -> dict[str, Any]:
    """A fact as retrieve shows it; on the transaction axis, as it read at that instant."""
    s = sup.get(item.memory_id)
    superseded_at, valid_to = (s[0] if s else None), ends.get(item.memory_id)
    if req.as_of is not None and req.as_of_axis == "transaction":
        revs = (
            [Revision.model_validate(r) for r in store.get_revisions(acc.tenant, acc.account, item.memory_id)]
            if item.revision > 1
            else []
        )
        item = as_it_was(item, revs, req.as_of)
        if superseded_at is None or superseded_at > req.as_of:
            superseded_at, valid_to = None, None
    out = memory_out(acc, item, superseded_at=superseded_at, valid_to=valid_to)
    out.setdefault("source_turn_ids", item.source_turn_ids)
    out.setdefault("mentions", [m.model_dump(mode="json") for m in item.mentions])
    return {**out, "score": round(score, 4)}


def _known_lines(acc: Account, pool: Pool, facts: list[Memory], req: RetrieveRequest) -> list[str]:
    """The known lines of the subjects the facts shown touch (or the subject asked for), on the read's axis."""
    touched = list(dict.fromkeys(m.subject for m in facts if m.subject))
    if req.subject:
        touched = [subjects.resolve(acc, req.subject)]
    lines: list[str] = []
    for subject in touched:
        readable = [
            m for m in pool.of_subject(subject) if m.is_assertion and m.deleted_at is None and _known_then(m, req)
        ]
        if readable:
            display = subjects.display(
                acc, subject, next((m.subject_display for m in readable if m.subject_display), None)
            )
            lines += views.lines_for(display, readable)
    return lines


def _pool(acc: Account, caller: Caller, req: RetrieveRequest, query_vector: list[float] | None) -> Pool:
    """The candidates' pool: the vector index's nearest (narrowed to the kinds and subject asked for), or
    the account's retrieve index read in process."""
    if query_vector is None or settings().retrieval_backend != "vector":
        return _pool_inprocess(acc, caller, req)
    everything, turns, similarity = _pool_vector(acc, caller, req, query_vector)
    everything = everything if "fact" in req.kinds else []
    turns = turns if "episode" in req.kinds else []
    if req.subject:
        stored = subjects.resolve(acc, req.subject)
        everything = [m for m in everything if m.subject == stored]
        turns = [ep for ep in turns if episodes.about(acc, stored, ep.name, ep.role, ep.content)]
    return Pool(everything, turns, similarity)


def retrieve(caller: Caller, req: RetrieveRequest) -> dict[str, Any]:
    acc = accounts.require(caller)
    now = utcnow()
    query_vector = _query_vector(req.query)
    pool = _pool(acc, caller, req, query_vector)
    assertions = [m for m in pool.memories if m.is_assertion and m.deleted_at is None]
    chains = build_chains([m for m in assertions if m.retracted is None and m.withdrawn_at is None])
    sup = superseded(chains)
    ends = valid_until(chains)
    candidates: list[Entry] = [
        *visible_at(pool.memories, req, now, sup, ends),
        *_episodes_at(acc, pool.turns, req, now, pool.versions),
    ]
    if pool.similarity:
        candidates = [e for e in candidates if _ident(e) in pool.similarity]
    ranked = rank(req.query, candidates, now, query_vector, pool.similarity, acc, pool.text_scores)
    top, full = select(acc, ranked, req.limit)
    shown = [
        episodes.episode_out(acc, e, score)
        if isinstance(e, Episode)
        else _fact_out(acc, full.get(e.memory_id, e), score, req, sup, ends)
        for e, score in top
    ]
    facts = [e for e, _ in top if isinstance(e, Memory)]
    lines = _known_lines(acc, pool, facts, req)
    store.log_retrieval(acc.tenant, acc.account, facts, now)  # one write; counted via the stream (facts only)
    return {"memories": shown, "known": lines, "brief": brief(lines, shown)}


def _dates(m: dict[str, Any]) -> str:
    if m.get("type") == "episode":
        dates = f"said {m['said_at'][:10]}"
    else:
        dates = f"said {m['created_at'][:10]}"
        if m.get("valid_from") and m["valid_from"][:10] != m["created_at"][:10]:
            dates += f", valid from {m['valid_from'][:10]}"
        if m.get("valid_to"):
            dates += f", until {m['valid_to'][:10]}"
    for mention in m.get("mentions") or []:
        dates += f'; "{mention["text"]}" = {mention["date"]}'
    return dates


def brief(lines: list[str], shown: list[dict[str, Any]]) -> str:
    """Ready-to-paste text: the known lines, then the results with their dates (a turn with its speaker)."""
    parts = [views.text_of(lines)] if lines else []
    if shown:
        parts.append("Memories (newest relevant first):")
        for m in shown:
            said = f"{m['speaker']}: " if m.get("type") == "episode" else ""
            parts[-1] += f"\n- [{_dates(m)}] {said}{m['content']}"
    return "\n\n".join(parts) if parts else "Nothing relevant is remembered."


def _query_vector(query: str) -> list[float] | None:
    return embeddings.maybe_embed(query)
