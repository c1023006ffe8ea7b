"""A turn's sentences, each with what surrounds it: the passages the context reader reads a new value from."""

from __future__ import annotations

import re
from dataclasses import dataclass

from twinmem.extract.text import sentences

__all__ = ["Passage", "read_passages"]

_MINE = re.compile(r"\W*(?:(?:and|but|so|now)\s+)?(?:mine|ours)\b", re.I)  # its noun said in the sentence before


@dataclass(frozen=True)
class Passage:
    start: int
    end: int
    sent: str
    around: str  # the sentences either side (and, before the first, the question the turn answers)
    fragment: bool  # no first person of its own: its cue may sit in `around`
    before: str = ""  # the question the turn answers and the sentence before: whose a fragment's value may be


def read_passages(norm: str, asked: str, first_person: re.Pattern[str]) -> list[Passage]:
    """A turn's sentences, each with what surrounds it, worked out once for every attribute read; `asked`: the
    question the turn answers, in the speaker's own words."""
    spans = sentences(norm)
    out = []
    for i, (s_start, s_end) in enumerate(spans):
        sent = norm[s_start:s_end]
        around = " ".join(norm[a:b] for a, b in spans[max(0, i - 1) : i + 2] if (a, b) != (s_start, s_end))
        around = f"{asked} {around}" if i == 0 and asked else around
        before = f"{asked if i == 0 else ''} {norm[spans[i - 1][0] : spans[i - 1][1]] if i else ''}"
        fragment = not first_person.search(sent) or bool(_MINE.match(sent))  # "Mine is tree nuts."
        out.append(Passage(s_start, s_end, sent, around, fragment, before))
    return out
