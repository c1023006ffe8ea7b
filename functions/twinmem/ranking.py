"""Relevance ranking: Okapi BM25 over a memory's words, blended with recency (and embeddings when present).

BM25 is a dozen lines over the candidates in hand, so it is our own code rather than a dependency
(rank-bm25 is unmaintained and pulls numpy into the Lambda package for no gain at this size).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from datetime import datetime

from twinmem import vocabulary

_WORD = re.compile(r"[\w']+", re.UNICODE)
STOP = frozenset(
    "a an and are as at be by do does did for from has have i in is it me my of on or our the "
    "to was we what when where which who why with you your".split()
)

K1, B = 1.2, 0.75
RECENCY_HALF_LIFE_DAYS = 90.0
W_TEXT, W_RECENCY, W_VECTOR = 0.75, 0.25, 0.5




def _stem(word: str) -> str:
    """A light suffix stemmer: enough for live, lives, living and lived to meet (all read "liv")."""
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            word = word[: -len(suffix)]
            break
    return word[:-1] if len(word) > 3 and word.endswith("e") else word


def tokens(text: str) -> list[str]:
    return [_stem(w) for w in (t.lower().strip("'") for t in _WORD.findall(text)) if w and w not in STOP]


def attribute_words(attribute: str | None) -> str:
    """The words people ask about an attribute with ("where does she live" finds a home_city): the vocabulary's."""
    return vocabulary.query_words(attribute)


def bm25(query: str, documents: list[list[str]]) -> list[float]:
    """Okapi BM25 score of each tokenised document for the query."""
    q = tokens(query)
    if not q or not documents:
        return [0.0] * len(documents)
    n = len(documents)
    avgdl = sum(len(d) for d in documents) / n or 1.0
    df: Counter[str] = Counter()
    for d in documents:
        df.update(set(d))
    scores = []
    for d in documents:
        tf = Counter(d)
        s = 0.0
        for term in q:
            if term not in tf:
                continue
            idf = math.log(1 + (n - df[term] + 0.5) / (df[term] + 0.5))
            s += idf * tf[term] * (K1 + 1) / (tf[term] + K1 * (1 - B + B * len(d) / avgdl))
        scores.append(s)
    return scores


def recency(created_at: datetime, now: datetime) -> float:
    """1.0 for now, halving every RECENCY_HALF_LIFE_DAYS (seed 002: recency is based on created_at)."""
    age = max(0.0, (now - created_at).total_seconds() / 86400)
    return 0.5 ** (age / RECENCY_HALF_LIFE_DAYS)


def cosine(a: list[float], b: list[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=False))
    na, nb = math.sqrt(sum(x * x for x in a)), math.sqrt(sum(y * y for y in b))
    return dot / (na * nb) if na and nb else 0.0


def blend(text_scores: list[float], recencies: list[float], vector_scores: list[float] | None = None) -> list[float]:
    """Final scores in 0..1: text relevance (normalised to the best hit), recency, and vectors when given."""
    top = max(text_scores, default=0.0)
    norm = [s / top if top > 0 else 0.0 for s in text_scores]
    out = []
    for i, (t, r) in enumerate(zip(norm, recencies, strict=True)):
        if vector_scores is not None:
            t = (1 - W_VECTOR) * t + W_VECTOR * max(0.0, vector_scores[i])
        out.append(W_TEXT * t + W_RECENCY * r if top > 0 or vector_scores is not None else r)
    return out
