"""An assistant's acknowledgement of what the user just told it: "Noted, billing-api is now owned by the
platform team." after "billing-api handed off to platform team as of today".

An unnamed assistant's claims about things and other people are its own (world knowledge, sums it worked
out), so they are not filed. A sentence that acknowledges (it opens "Noted", "Got it", "Updated", "Marked",
"Congrats! ...") is different: it reads back what the turn before it said, in plainer words. Such a
sentence is read as the user's own words, and a statement read there is kept only when both its value
and its subject are in the text it replies to (`replied`: the other speaker's turn just before it), so
nothing the assistant added is filed. Its evidence is the acknowledgement. Pure: the caller passes the
extractor's reader.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from twinmem.extract.base import SELF, Statement
from twinmem.extract.text import sentences
from twinmem.values import fold

__all__ = ["acknowledged"]

# a sentence that acknowledges what it was told; "Congrats!" alone acknowledges the sentence after it
_ACK = re.compile(
    r"^\W*(?:noted|got\s+it|gotcha|understood|ok(?:ay)?|updated|marked|marking|logged|recorded|saved|done|"
    r"will\s+do|copy\s+that|roger|all\s+set|perfect|great|nice|congrats|congratulations|good\s+to\s+know|"
    r"thanks\s+for\s+(?:the|letting)[^,.!:;]*)(?=[\s,.!:;—–-])",
    re.I,
)
_ALONE = re.compile(r"^\W*(?:[\w' ]{0,25})[.!]+\s*$")  # "Congrats!", "Big move!", "Good for him."


_HEAD = re.compile(r"(?<=\w)\s+(?:team|squad|group|crew|department|dept|org)$")


def _grounded(value: str, replied: str) -> bool:
    """Whether a value is said in the reply's source: its words in order, or for a number its digits."""
    said = fold(replied)
    words = _HEAD.sub("", fold(value)) or fold(value)  # "core infra team" for "moved under core infra"
    if not words:
        return False
    if re.search(rf"(?<!\w){re.escape(words)}(?!\w)", said):
        return True
    digits = re.sub(r"\D", "", value)
    return len(digits) >= 7 and digits in re.sub(r"\D", "", replied)  # a phone number spaced differently


def _names_subject(subject: str, replied: str) -> bool:
    """Whether the reply's source names the subject: one of its words of three letters or more, or a number
    ("4821 resolved" names INC-4821)."""
    said = set(re.findall(r"\w+", fold(replied)))
    return any((len(w) >= 3 or w.isdigit()) and w in said for w in re.findall(r"\w+", fold(subject)))


def acknowledged(text: str, replied: str, read: Callable[[str], list[Statement]]) -> list[Statement]:
    """The statements about things and other people that an assistant turn's acknowledgements read back
    from `replied`, with their sentence as evidence. `read` reads a text as the user's own words."""
    if not replied.strip():
        return []
    out: list[Statement] = []
    after_ack = False
    for start, end in sentences(text):
        sentence = text[start:end]
        acks = _ACK.match(sentence) is not None
        if acks or after_ack:
            for st in read(sentence):
                if st.subject == SELF or not _grounded(st.value, replied) or not _names_subject(st.subject, replied):
                    continue
                out.append(st.model_copy(update={"span": (start, end)}))
        after_ack = acks and _ALONE.match(sentence) is not None
    return out
