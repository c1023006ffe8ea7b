"""Relevance ranking: Okapi BM25 over a memory's words, blended with recency (and embeddings when present).

BM25 is a dozen lines over the candidates in hand, so it is our own code rather than a dependency
(rank-bm25 is unmaintained and pulls numpy into the Lambda package for no gain at this size).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from datetime import datetime
from functools import lru_cache

from twinmem import vocabulary

_WORD = re.compile(r"\w+(?:['’]\w+)*", re.UNICODE)
_POSSESSIVE = re.compile(r"['’]s$")
# words that carry no topic in a question or a turn (BM25's idf would mostly discount them anyway)
STOP = frozenset(
    "a about after again all also am an and any are as at be been before being but by can could did do does "
    "doing for from had has have having he her here hers him his how i i'm if in into is it it's its just "
    "me my myself of on or our ours she so some than that that's the their them then there these they this "
    "those to too was we were what when where which while who whom why will with would you you're your "
    "yours".split()
)

K1, B = 1.2, 0.75
RECENCY_HALF_LIFE_DAYS = 90.0
W_TEXT, W_RECENCY, W_VECTOR = 0.75, 0.25, 0.5


_SUFFIXES = (("ies", "y"), ("ied", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", ""))
_VOWELS = frozenset("aeiouy")


def _stem(word: str) -> str:
    """A light suffix stemmer: enough for live, lives, living and lived to meet (all read "liv"), hobby and
    hobbies ("hobby"), swim and swimming ("swim")."""
    for suffix, replacement in _SUFFIXES:
        if len(word) > len(suffix) + 2 and word.endswith(suffix) and not word.endswith(("ss", "eed")):
            rest = word[: -len(suffix)]
            if suffix == "es" and not rest.endswith(("s", "x", "z", "ch", "sh")):
                continue  # goes, lives: only the s
            if not _VOWELS.intersection(rest):
                break  # spring, sled: not a suffix
            word = rest + replacement
            if not replacement and len(word) > 3 and word[-1] == word[-2] and word[-1] not in _VOWELS | {"l", "s", "z"}:
                word = word[:-1]  # running -> run, shopped -> shop
            break
    return word[:-1] if len(word) > 3 and word.endswith("e") else word


_stems: dict[str, str] = {}  # word (lowercase) -> its stem, "" for a stopword: words repeat a lot


def _term(word: str) -> str:
    if len(_stems) > 200_000:
        _stems.clear()
    bare = _POSSESSIVE.sub("", word).replace("’", "'")
    term = "" if word in STOP or bare in STOP else _stem(bare)
    _stems[word] = term
    return term


def tokens(text: str) -> list[str]:
    """Lowercase words, stopwords left out, possessives dropped ("Maya's" reads "maya"), lightly stemmed."""
    get = _stems.get
    out = []
    for w in _WORD.findall(text.lower()):
        t = get(w)
        if t is None:
            t = _term(w)
        if t:
            out.append(t)
    return out


@lru_cache(maxsize=4096)
def attribute_words(attribute: str | None) -> str:
    """The words people ask about an attribute with ("where does she live" finds a home_city): the vocabulary's."""
    return vocabulary.query_words(attribute)


def bm25(query: str, documents: list[list[str]]) -> list[float]:
    """Okapi BM25 score of each tokenised document for the query."""
    return bm25_counted(tokens(query), [(Counter(d), len(d)) for d in documents])


def bm25_counted(q: list[str], documents: list[tuple[Counter[str], int]]) -> list[float]:
    """BM25 over documents given as (term counts, length): document frequencies only of the query's terms,
    so a query costs a few dictionary lookups per document."""
    if not q or not documents:
        return [0.0] * len(documents)
    n = len(documents)
    avgdl = sum(length for _, length in documents) / n or 1.0
    terms = list(dict.fromkeys(q))
    df = {t: sum(1 for tf, _ in documents if t in tf) for t in terms}
    idf = {t: math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5)) for t in terms if df[t]}
    weights = [(t, idf[t], q.count(t)) for t in terms if t in idf]
    k_base, k_len = K1 * (1 - B), K1 * B / avgdl
    scores = []
    for tf, length in documents:
        s = 0.0
        for term, w, times in weights:
            f = tf.get(term)
            if f:
                s += times * w * f * (K1 + 1) / (f + k_base + k_len * length)
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
