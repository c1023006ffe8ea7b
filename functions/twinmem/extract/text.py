"""Where sentences and clauses of a turn begin and end (offsets kept), and what is never read."""

from __future__ import annotations

import re

from twinmem.extract import cues

_LONG_TOKEN = re.compile(r"\S{64,}")


def mask_long_tokens(text: str) -> str:
    """Blank out tokens no value is made of (64+ characters: URLs, hashes, pasted data), keeping offsets.

    The patterns backtrack over a long run of word characters in quadratic time; a 32,000-character
    token took 100 s. Masked text keeps every offset, so spans still point into the original turn.
    """
    return _LONG_TOKEN.sub(lambda m: " " * len(m.group(0)), text)


def sentences(text: str) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    start = 0
    for m in cues.SENT_END.finditer(text):
        if m.group(0).startswith(".") and cues.ABBREV.search(text[start : m.start() + 1]):
            continue
        if text[start : m.end()].strip():
            out.append((start, m.end()))
        start = m.end()
    if text[start:].strip():
        out.append((start, len(text)))
    return out


def clause(sentence: str, pos: int) -> tuple[int, int]:
    start, end = 0, len(sentence)
    for m in cues.CLAUSE_BREAK.finditer(sentence):
        if m.end() <= pos:
            start = m.end()
        elif m.start() >= pos:
            end = m.start()
            break
    return start, end
