"""A reply that confirms what the other speaker just checked: "So from February Checkout's owner is the
Platform team?" / "correct"; "So your allergy is to dust mites rather than cats." / "Yes, dust mites."

The check (the question or restatement the turn answers, `asked`) is read as the speaker's own words, "you"
as "I", without its question mark. A bare confirmation ("yes", "correct", "exactly", "that's right") takes
every statement read there; one that goes on ("Yes, dust mites.") takes those whose value it says again. The
statements' evidence is the reply itself. Pure: the caller passes the extractor's readers.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from twinmem.extract.base import Statement
from twinmem.extract.text import in_own_words
from twinmem.values import fold

__all__ = ["confirmed", "confirms"]

_YES = re.compile(
    r"^\W*(?:yes|yep|yeah|yup|ya|correct|exactly|precisely|indeed|confirmed|right|that'?s\s+(?:right|correct|it)|"
    r"spot\s+on|you\s+got\s+it|absolutely|affirmative)\b[\s,.!:;-]*",
    re.I,
)
# what a bare confirmation may add without saying a value of its own
_FILLER = re.compile(
    r"^(?:(?:it\s+is|it\s+was|that'?s\s+it|thanks?|thank\s+you|ty|thx|please|pls|really|indeed|sadly|finally|"
    r"officially|haha|lol|ha|so|all|good|great|perfect|done|now)\W*)*$",
    re.I,
)
_OPENER = re.compile(
    r"^\W*(?:(?:got\s+it|noted|understood|okay|ok|right|great|perfect|congrats|congratulations)\W+)*"
    r"(?:so|just\s+to\s+(?:check|confirm|be\s+sure)|to\s+confirm|sounds\s+like|that\s+means)?\W*",
    re.I,
)


def confirms(reply: str) -> bool:
    """Whether a reply opens by confirming ("Yes cancelled.", "correct", "yep, 8443")."""
    return _YES.match(reply.replace("’", "'")) is not None


def as_said(check: str) -> str:
    """A check in the words of the one confirming it: its opener dropped, "you" as "I", questions as statements."""
    out = []
    for part in re.findall(r"[^.!?]+[.!?]*", check.replace("’", "'")):
        body = in_own_words(_OPENER.sub("", part.strip(), count=1).rstrip("?!. "))
        if body:
            out.append(body[:1].upper() + body[1:] + ".")
    return " ".join(out)


def confirmed(reply: str, check: str, read: Callable[[str], list[Statement]]) -> list[Statement]:
    """The statements of `check` that `reply` confirms, with the reply as their evidence. `read` is the
    extractor's reading of a turn of the speaker's."""
    m = _YES.match(reply.replace("’", "'"))
    if m is None or not check.strip():
        return []
    rest = reply[m.end() :].strip()
    found = read(as_said(check))
    if rest and not _FILLER.match(rest):
        said = fold(rest)
        found = [s for s in found if fold(s.value) and re.search(rf"\b{re.escape(fold(s.value))}\b", said)]
    span = (0, len(reply.rstrip()))
    return [s.model_copy(update={"span": span}) for s in found]
