"""Contractions typed without their apostrophe ("hes at duolingo now", "grafana isnt on 3000 anymore") read as
written with it, and the way back to the typed text's offsets."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable

__all__ = ["with_apostrophes"]

# words that are only ever a contraction typed without its apostrophe (not "its", "ill", "were", "well", "lets")
_BARE = {
    "hes": "he's",
    "shes": "she's",
    "theyre": "they're",
    "youre": "you're",
    "ive": "I've",
    "im": "I'm",
    "isnt": "isn't",
    "arent": "aren't",
    "wasnt": "wasn't",
    "werent": "weren't",
    "dont": "don't",
    "doesnt": "doesn't",
    "didnt": "didn't",
    "cant": "can't",
    "couldnt": "couldn't",
    "wouldnt": "wouldn't",
    "shouldnt": "shouldn't",
    "havent": "haven't",
    "hasnt": "hasn't",
    "hadnt": "hadn't",
    "thats": "that's",
    "whats": "what's",
    "theres": "there's",
    "theyve": "they've",
    "weve": "we've",
}
# words shortened in texting, said in full: "done w Brightwell", "my bf Tomasz", "5 yrs already"
_SHORT = {
    "w": "with",
    "bc": "because",
    "abt": "about",
    "wk": "week",
    "wks": "weeks",
    "yr": "year",
    "yrs": "years",
    "bf": "boyfriend",
    "gf": "girlfriend",
    "rn": "right now",
}
# and two that are a contraction only where a word could not follow them: "its the real deal" (never "its"
# possessive before "the"), "were in Spokane now" opening a clause with no one before it (never a question)
_IN_PLACE = {"its": "it's", "were": "we're"}
_ITS = (
    r"its(?=\s+(?:a|an|the|my|our|not|now|been|going|gonna|official|officially|finally|actually|all|just|still|"
    r"so|way|too|really|where|what|over|done|[\w-]+\s+now)\b)"
    r"|(?:(?<=\bout\s)|(?<=\bguess\s)|(?<=\bthink\s)|(?<=\bsure\s)|(?<=\bya\s)|(?<=\byeah\s))its(?=\s)"  # "out its X"
)
_WERE = (
    r"(?:(?<=^)|(?<=[.!?,;:]\s)|(?<=\bso\s)|(?<=\bok\s)|(?<=\band\s)|(?<=\bbtw\s)|(?<=\bnow\s))"
    r"were(?=\s+(?:in|at|on|officially|now|moving|living|staying|back|finally|all|(?-i:[A-Z]))\b)"
)
_WORDS = re.compile(
    rf"(?<![\w'’])(?:{'|'.join(_BARE)}|{_ITS}|{_WERE})(?![\w'’])|(?:(?<=\bmy )|(?<=\bhis )|(?<=\bher ))names(?= [a-z])"
    rf"|(?<=\s)(?<!\ban\s)(?<!\ba\s)(?<!\bas\s)(?-i:{'|'.join(_SHORT)})(?=\s+[\w$£€]|[,.;!?]|$)",  # ("an rn": a nurse)
    re.I,
)


def with_apostrophes(text: str) -> tuple[str, Callable[[int], int]]:
    """The text with bare contractions given their apostrophe (and texting's short words in full), and a map from
    its offsets to the typed text's."""
    cuts: list[int] = []  # offsets in the new text after which characters were added
    added: list[int] = []  # how many were added up to and including each cut
    out: list[str] = []
    last = 0
    for m in _WORDS.finditer(text):
        word = m.group(0)
        full = "name's" if word.lower() == "names" else _full(word)
        full = full if word[:1].islower() or full[:1].isupper() else full[:1].upper() + full[1:]
        out.append(text[last : m.start()])
        shift = added[-1] if added else 0
        cuts.append(m.start() + shift + len(full) - 1)
        added.append(shift + len(full) - len(word))
        out.append(full)
        last = m.end()
    if not cuts:
        return text, lambda i: i
    out.append(text[last:])

    def back(i: int) -> int:
        k = bisect_right(cuts, i - 1)
        return i - (added[k - 1] if k else 0)

    return "".join(out), back


def _full(word: str) -> str:
    low = word.lower()
    return _BARE.get(low) or _SHORT.get(word) or _IN_PLACE[low]
