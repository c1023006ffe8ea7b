"""Whether a value said beside someone else is theirs: one who only took the speaker somewhere or talked them into it
owns nothing ("A friend talked me into Korean"), nor does one whose new place the speaker followed them to ("my
partner got a post in Nantes and we moved up")."""

from __future__ import annotations

import re

from twinmem.extract import cues

__all__ = ["WITH_SOMEONE", "anothers_frame"]

# "doing Tagalog twice a week with a tutor": whom one does it with is no owner of the value
WITH_SOMEONE = re.compile(  # (nor is whose job "took us" there: "my husband's job took us to the Netherlands")
    r"\b(?:with|from)\s+(?:a|an|my|our|the)\s+(?:[\w-]+\s+)?(?:tutor|teacher|coach|friend|friends|group|class)\b|"
    r"\b(?:my|our)\s+(?:[\w'-]+\s+){0,2}(?:took|brought|moved|sent|relocated|dragged|pulled)\s+(?:us|me)\b|"
    r"\b(?:a|an|my|our|the)\s+(?:[\w'-]+\s+){0,2}(?:talked|got|convinced|persuaded|roped|dragged|lured|hooked|"
    r"took|brought|introduced)\s+(?:me|us)\s+(?:into|onto|on|to|along\s+to)\b",  # "A friend talked me into it": mine
    re.I,
)


def anothers_frame(
    sent: str, whose: int, at: tuple[int, int], value: str, place: bool, other_person: re.Pattern[str]
) -> bool:
    """Someone else is in the value's clause (not one who only took the speaker there, nor one whose place the
    speaker then followed them to: "my partner got a post in Nantes and we moved up")."""
    pos, b = at
    if place and _WE_FOLLOWED.match(sent, pos + len(value)):
        return False
    return bool(other_person.search(WITH_SOMEONE.sub(" ", sent[whose : cues.own_clause_end(sent, pos, b)])))


# a place someone else went to, then the speaker followed: "my partner got a post in Nantes and we moved up"
_WE_FOLLOWED = re.compile(
    r"[\s,]+(?:and|so)\s+(?:we|i)(?:['’]ve|\s+have)?\s+(?:all\s+|just\s+|both\s+)?(?:moved|relocated|followed|"
    r"went\s+with|packed\s+up|upped\s+sticks)\b",
    re.I,
)
