"""The scoring half of the memory evaluation: tokens, the BM25 baseline, and the metrics.

Pure functions, no service code: bench/eval_memory.py feeds them what the HTTP API returned,
tests/unit/test_eval_metrics.py pins them down. Definitions (also in docs/EVALUATION.md):

- tokens: lowercase `[a-z0-9]+` runs; no stemming.
- BM25 (the baseline): Okapi BM25, k1 1.2, b 0.75, idf = ln(1 + (N - df + 0.5) / (df + 0.5)),
  no stopwords; a query term counts once per occurrence in the query; ties keep document order.
- evidence recall@k: the share of a question's evidence turns that some returned result points at;
  hit@k: whether any of them is.
- answer-in-context: an answer that is a date (ISO `2023-05-07`, or words: `7 May 2023`, `late May 2023`;
  a year is required) is in the context when that date appears there, as ISO or in words ("7 May 2023",
  "May 7th, 2023", "2023-05-07"; for a month "May 2023" or any ISO day in it; for a year the year);
  any other answer is in the context when every one of its tokens, stopwords removed, is a token
  of the context.
- knowledge-update: the first value of the known line for the attribute, compared with the expected
  value case-insensitively on its tokens (leading articles dropped); numbers compare as numbers for
  port, price and version (a leading `v` and trailing `.0` ignored), digits for phone (a country code
  may differ, an area code in parentheses is part of the number), month and day for birthday; a pet
  shown with its kind ("Socks (whippet)") is either, or both ("whippet named Socks"); a first value
  written "not X" never counts.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

TOKEN = re.compile(r"[a-z0-9]+")

STOPWORDS = frozenset(
    """
a about above after again against all am an and any are as at be because been before being below between
both but by can could did do does doing down during each few for from further had has have having he her
here hers herself him himself his how i if in into is it its itself just me more most my myself no nor
not now of off on once only or other our ours ourselves out over own same she should so some such than
that the their theirs them themselves then there these they this those through to too under until up
very was we were what when where which while who whom why will with would you your yours yourself
yourselves s t
""".split()
)

MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
MONTH_ABBR = tuple(m[:3] for m in MONTHS)
ISO_DATE = re.compile(r"^((?:19|20)\d\d)(?:-(\d{2}))?(?:-(\d{2}))?$")
ARTICLES = frozenset({"a", "an", "the"})


def tokenize(text: str) -> list[str]:
    """Lowercase word tokens: runs of [a-z0-9]."""
    return TOKEN.findall(text.lower())


class BM25:
    """Okapi BM25 over pre-tokenised documents."""

    def __init__(self, docs: Sequence[Sequence[str]], k1: float = 1.2, b: float = 0.75) -> None:
        self.k1, self.b = k1, b
        self.tf = [Counter(d) for d in docs]
        self.len = [len(d) for d in docs]
        self.avgdl = (sum(self.len) / len(docs)) if docs else 0.0
        df: Counter[str] = Counter()
        for c in self.tf:
            df.update(c.keys())
        n = len(docs)
        self.idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}

    def scores(self, query: Sequence[str]) -> list[float]:
        out = []
        for tf, dl in zip(self.tf, self.len, strict=True):
            norm = self.k1 * (1 - self.b + self.b * dl / self.avgdl) if self.avgdl else self.k1
            s = 0.0
            for t in query:
                f = tf.get(t, 0)
                if f:
                    s += self.idf[t] * f * (self.k1 + 1) / (f + norm)
            out.append(s)
        return out

    def top(self, query: Sequence[str], k: int = 10) -> list[int]:
        """Indexes of the k best documents with a score above zero, best first (ties: document order)."""
        scored = [(s, i) for i, s in enumerate(self.scores(query)) if s > 0]
        scored.sort(key=lambda p: (-p[0], p[1]))
        return [i for _, i in scored[:k]]


def evidence_recall(found: Iterable[str], evidence: Sequence[str]) -> float:
    """Share of the evidence turns among the found turns (1.0 for a question without evidence)."""
    want = set(evidence)
    return len(want & set(found)) / len(want) if want else 1.0


def evidence_hit(found: Iterable[str], evidence: Sequence[str]) -> bool:
    return bool(set(evidence) & set(found))


def turns_of(memory: dict[str, Any], by_event: dict[str, str]) -> set[str]:
    """The turn ids a returned memory points at: its evidence events and source turn ids."""
    refs = [e.get("event_id") for e in memory.get("evidence") or [] if isinstance(e, dict)]
    refs += list(memory.get("source_turn_ids") or [])
    return {by_event.get(r, r) for r in refs if isinstance(r, str)}


def memory_context(out: dict[str, Any]) -> str:
    """What an agent reads from a retrieve answer: the brief, each memory's content and its mentions' dates."""
    parts = [str(out.get("brief") or "")]
    for m in out.get("memories") or []:
        parts.append(str(m.get("content") or ""))
        for mention in m.get("mentions") or []:
            if isinstance(mention, dict):
                parts.append(f"{mention.get('text', '')} {mention.get('date', '')}")
    return "\n".join(parts)


def answer_tokens(answer: str) -> list[str]:
    """The answer's tokens without stopwords (all of them when only stopwords are left)."""
    toks = tokenize(answer)
    kept = [t for t in toks if t not in STOPWORDS]
    return kept or toks


def _contains_run(tokens: Sequence[str], run: Sequence[str]) -> bool:
    n = len(run)
    return any(list(tokens[i : i + n]) == list(run) for i in range(len(tokens) - n + 1))


DATE_QUALIFIERS = frozenset(
    {"late", "early", "mid", "about", "around", "approximately", "roughly", "circa", "on", "the", "of", "in", "c"}
)


def parse_date(answer: str) -> tuple[str, int | None, int | None] | None:
    """An answer that is a date: (year, month, day), month and day None when not given.

    ISO (`2023`, `2023-05`, `2023-05-07`) or words (`7 May 2023`, `May 7th, 2023`, `late May 2023`);
    parenthesised remarks are ignored. A year is required; anything else in the answer makes it no date.
    """
    text = re.sub(r"\([^)]*\)", " ", answer).strip()
    m = ISO_DATE.match(text)
    if m:
        year, month, day = m.groups()
        mi, di = (int(month) if month else None), (int(day) if day else None)
        if (mi is not None and not 1 <= mi <= 12) or (di is not None and not 1 <= di <= 31):
            return None
        return year, mi, di
    year, month, day = None, None, None
    for tok in tokenize(text):
        if re.fullmatch(r"(19|20)\d\d", tok) and year is None:
            year = tok
        elif tok[:3] in MONTH_ABBR and (tok in MONTHS or tok in MONTH_ABBR or tok == "sept") and month is None:
            month = MONTH_ABBR.index(tok[:3]) + 1
        elif re.fullmatch(r"([1-9]|[12]\d|3[01])(st|nd|rd|th)?", tok) and day is None:
            day = int(re.sub(r"\D", "", tok))
        elif tok not in DATE_QUALIFIERS:
            return None
    if year is None or (day is not None and month is None):
        return None
    return year, month, day


def date_forms(answer: str) -> list[list[str]] | None:
    """The token runs that write a date answer (None when the answer is not a date)."""
    parsed = parse_date(answer)
    if parsed is None:
        return None
    year, month, day = parsed
    if month is None:
        return [[year]]
    names = [MONTHS[month - 1], MONTH_ABBR[month - 1]] + (["sept"] if month == 9 else [])
    if day is None:
        return [[year, f"{month:02d}"]] + [[name, year] for name in names]
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    days = sorted({f"{day:02d}", str(day), f"{day}{suffix}"})
    forms = [[year, f"{month:02d}", f"{day:02d}"]]
    for name in names:
        for dd in days:
            forms += [[dd, name, year], [name, dd, year], [dd, "of", name, year], [name, "the", dd, year]]
    return forms


def answer_in_context(answer: str, context: str) -> bool:
    """Whether the context carries the answer (see the module's docstring)."""
    toks = tokenize(context)
    forms = date_forms(answer)
    if forms is not None:
        return any(_contains_run(toks, f) for f in forms)
    have = set(toks)
    return all(t in have for t in answer_tokens(answer))


# ---------------------------------------------------------------- known lines


def _split_top(text: str, sep: str = ";") -> list[str]:
    """Split on sep outside brackets and parentheses."""
    parts: list[str] = []
    cur: list[str] = []
    depth = 0
    for ch in text:
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth = max(0, depth - 1)
        if ch == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return [p.strip() for p in parts if p.strip()]


def parse_known_line(line: str) -> tuple[str, str, list[str]] | None:
    """`- Subject · attribute: v1 [said …]; v2 [said …]` -> (subject, attribute, [v1, v2]).

    Bracketed and parenthesised notes and a standalone word `conflict` are dropped from the values.
    """
    body = line.strip()
    if body.startswith("- "):
        body = body[2:]
    if " · " not in body:
        return None
    subject, rest = body.split(" · ", 1)
    if ":" not in rest:
        return None
    attribute, values = rest.split(":", 1)
    out = []
    for part in _split_top(values):
        # notes go; a pet's kind stays with its name ("Socks (whippet)"), and an area code is the number's own
        note = r"\([^)]*[^\W\d_][^)]*\)" if attribute.strip() != "pet" else r"\(\s*conflict[^)]*\)"
        v = re.sub(rf"\[[^\]]*\]|{note}", " ", part)
        v = re.sub(r"\bconflict\b:?", " ", v, flags=re.IGNORECASE)
        v = " ".join(v.split()).strip(" ,")
        if v:
            out.append(v)
    return subject.strip(), attribute.strip(), out


def first_value(lines: Sequence[str], attribute: str) -> tuple[str | None, str | None]:
    """The first value on the first line for the attribute, and that line (None, None when no line)."""
    for line in lines:
        parsed = parse_known_line(line)
        if parsed and parsed[1].lower() == attribute.lower():
            return (parsed[2][0] if parsed[2] else None), line
    return None, None


def _numbers(text: str) -> list[str]:
    return re.findall(r"\d+(?:\.\d+)*", text)


def _version(text: str) -> str:
    nums = _numbers(text)
    if not nums:
        return text.lower().strip()
    parts = nums[0].split(".")
    while len(parts) > 1 and parts[-1] == "0":
        parts.pop()
    return ".".join(str(int(p)) for p in parts)


def _month_day(text: str) -> str | None:
    """`21 June`, `the 21st of June`, `June 21`, `1990-06-21`, `06-21` -> `06-21` (None when not a day)."""
    iso = re.search(r"(?:\d{4}-)?(\d{2})-(\d{2})\b", text)
    if iso:
        return f"{iso.group(1)}-{iso.group(2)}"
    month = day = None
    for tok in tokenize(text):
        if tok[:3] in MONTH_ABBR and month is None and (tok in MONTHS or tok in MONTH_ABBR or tok == "sept"):
            month = MONTH_ABBR.index(tok[:3]) + 1
        elif re.fullmatch(r"([1-9]|[12]\d|3[01]|0[1-9])(st|nd|rd|th)?", tok) and day is None:
            day = int(re.sub(r"\D", "", tok))
    return f"{month:02d}-{day:02d}" if month and day else None


def normalize_value(attribute: str, value: str) -> str:
    """The form two values are compared in (see the module's docstring)."""
    v = value.strip()
    if attribute == "phone":  # digits; a trunk prefix 0 dropped (country codes are handled in value_matches)
        return re.sub(r"\D", "", v).lstrip("0")
    if attribute == "version":
        return _version(v)
    if attribute in ("port", "price"):
        nums = _numbers(v)
        return str(float(nums[0])) if nums else v.lower()
    if attribute == "email":
        return v.lower().strip(".,;:<>()[] ")
    if attribute == "birthday":
        md = _month_day(v)
        if md:
            return md
    toks = tokenize(v)
    while toks and toks[0] in ARTICLES:
        toks = toks[1:]
    return " ".join(toks)


def value_matches(attribute: str, got: str | None, expected: str) -> bool:
    """Whether the first value read is the expected current one ("not X" never counts)."""
    if not got or re.match(r"^\s*not\b", got, flags=re.IGNORECASE):
        return False
    if attribute == "pet" and (named := re.fullmatch(r"(.+?)\s*\(([^)]+)\)", got.strip())):
        name, kind = named.groups()  # "Socks (whippet)": the whippet named Socks, whichever was asked for
        said = [name, kind, f"{kind} named {name}", f"{kind} called {name}", f"{name} the {kind}"]
        return any(value_matches(attribute, v, expected) for v in said)
    a, b = normalize_value(attribute, got), normalize_value(attribute, expected)
    if attribute == "phone" and len(a) >= 7 and len(b) >= 7:
        return a.endswith(b) or b.endswith(a)
    return bool(a) and a == b
