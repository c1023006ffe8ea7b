"""Naming subjects: the key a name is filed under, the end user's own aliases, the thing a short name means,
nearest names on a miss."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from twinmem.models import Account
from twinmem.values import normalize_subject

SELF = "@self"
"""Subject marker for the turn's speaker: filed under the item's `name` when the client gave one,
else under the end user (the account's profile name, or `user`)."""
SELF_WORDS = frozenset({"me", "user", "myself", "i", "the user", "self", SELF})
_FOLD = re.compile(r"[\s\-_]+")


def subject_key(name: str) -> str:
    """What a name is filed and matched under: normalised, with hyphens and underscores as spaces, and without a
    title of kinship before a name ("Aunt Marisol" is Marisol, as she is called next)."""
    return without_kin_title(_FOLD.sub(" ", normalize_subject(name)).strip())


_KIN_TITLE = re.compile(
    r"^(?:aunt|auntie|aunty|uncle|grandma|grandpa|granny|grandad|granddad|grandmother|grandfather|nana|nan|gran|"
    r"cousin|great[ -]aunt|great[ -]uncle)\s+(?=\S)",
    re.I,
)


def without_kin_title(name: str) -> str:
    """The name a person is called by without the title of kinship before it: "Aunt Marisol" -> "Marisol"."""
    return _KIN_TITLE.sub("", name.strip())


def resolve(acc: Account, name: str) -> str:
    """The stored subject a requested name reads: the end user's aliases all read SELF."""
    key = subject_key(name)
    if key in SELF_WORDS or (acc.name and key == subject_key(acc.name)):
        return SELF
    return key


def file_under(acc: Account, said_subject: str, speaker: str | None = None) -> str:
    """The stored subject for a subject as an extractor read it (the end user by name is SELF).

    SELF is the turn's speaker: the item's `name` when the client gave one (two people in one
    conversation never share a subject), else the end user.
    """
    if said_subject == SELF:
        return resolve(acc, speaker) if speaker and speaker.strip() else SELF
    return resolve(acc, said_subject)


def shown(acc: Account, stored: str) -> str:
    """The normalised subject a response shows (SELF reads as the end user's name, else 'user')."""
    if stored == SELF:
        return normalize_subject(acc.name) if acc.name else "user"
    return stored


def display(acc: Account, stored: str, recorded_display: str | None) -> str:
    """The subject as recorded, for the known lines ('Alice Chen')."""
    if stored == SELF:
        return acc.name or "user"
    return recorded_display or stored


# what a thing is called after its name: "the FitHaus membership", "our Elasticsearch cluster", "the Studio
# plan" (also read by extract/named.py, where "Studio" alone names the Studio plan)
THING_HEADS = frozenset(
    "plan tier subscription membership service app api worker server database db cluster queue cache box repo "
    "project library package site website account gym office shop store studio migration bakery bakehouse cafe "
    "café coffee restaurant bistro deli pub salon bookshop labs lab inc ltd llc group studios partners ventures "
    "technologies systems software instance".split()
)


LEAD_HEADS = frozenset("project operation codename team app service".split())  # "Project Kestrel" is "Kestrel"


# what a thing of the speaker's is called for a while: "the old Volvo" is still "the Volvo"
_OWN_QUALIFIERS = frozenset(
    "old new current little big first second backup spare main primary secondary home work family shared".split()
)
# a thing's head word as people shorten it: "the prod db" is the prod database (extract/named.py reads it too)
SHORT_HEADS = {
    "db": "database",
    "repo": "repository",
    "env": "environment",
    "config": "configuration",
    "app": "application",
}


def _spelled_out(key: str) -> str:
    head, _, last = key.rpartition(" ")
    return f"{head} {SHORT_HEADS[last]}" if head and last in SHORT_HEADS else key


_ARTICLE = re.compile(r"^(?:the|our|my|their|this)\s+", re.I)


def named_by(name: str, recorded: list[str]) -> str | None:
    """The one recorded subject a name means when nothing is filed under it: the name with a generic head
    word after it or one of LEAD_HEADS before it, or without one ("Elasticsearch" reads "elasticsearch cluster",
    "Project Kestrel" reads "kestrel", "the NAS" reads "nas"); failing that, the name with an owner's possessive or
    one qualifier before it ("3D printer" reads "school's 3d printer"); None for none or several."""
    key = subject_key(name)
    bare = _ARTICLE.sub("", key)  # "the billing service": as things are filed
    if bare != key and bare in recorded:
        return bare
    key = bare
    same = [r for r in recorded if r != key and _spelled_out(r) == _spelled_out(key)]  # "main db": "main database"
    if len(same) == 1:
        return same[0]

    def headed(longer: str, shorter: str) -> bool:
        if longer.endswith(" " + shorter) and longer[: -len(shorter) - 1] in LEAD_HEADS:  # "project kestrel"
            return True
        return longer.startswith(shorter + " ") and longer[len(shorter) + 1 :] in THING_HEADS

    def qualified(longer: str, shorter: str) -> bool:  # "school's 3d printer", "coding club website" for "club website"
        rest = longer[: -len(shorter) - 1] if longer.endswith(" " + shorter) else ""
        # "the Volvo": the old Volvo; "Pro": the Loomly Pro plan (but "office" is no Paris office: a generic head)
        said_of_one = len(shorter.split()) > 1 or rest in _OWN_QUALIFIERS or shorter not in THING_HEADS
        return bool(rest) and (rest.endswith(("'s", "’s")) or (said_of_one and " " not in rest))

    found = [r for r in recorded if headed(r, key) or headed(key, r)]
    found = found or [r for r in recorded if qualified(r, key) or qualified(key, r)]
    return found[0] if len(found) == 1 else None


def _kind_said(longer: tuple[str, ...], shorter: tuple[str, ...]) -> tuple[int, int] | None:
    """Where `shorter` sits in `longer` when `longer` is it with up to three lower-case words of what it is after
    or before it ("Fenwick standing desk", "lab's gpu cluster Marigold"); None otherwise."""
    n, extra = len(shorter), len(longer) - len(shorter)
    if not 1 <= extra <= 3:
        return None
    low = [w.casefold() for w in shorter]
    for at, rest in ((0, longer[n:]), (extra, longer[:extra])):
        if [w.casefold() for w in longer[at : at + n]] == low and all(w.islower() for w in rest):
            return at, at + n
    return None


@lru_cache(maxsize=4096)
def _words_of(said: str) -> tuple[str, ...]:
    """A name's words as said, case kept, without a leading article (hyphens and underscores split, as in keys)."""
    return tuple(w for w in _FOLD.split(_ARTICLE.sub("", said.strip())) if w)


def called_with_kind(name: str, recorded: Mapping[str, str]) -> str | None:
    """The one recorded thing (stored subject -> its name as said) a name means, said with or without what the
    thing is: "Cobalt" reads "Cobalt warehouse", "Fenwick standing desk" reads "Fenwick". The shared words
    must hold a capital as recorded: a name, not a common word ("Halyard" is no "halyard rope"). None for none
    or several."""
    asked = _words_of(name)
    found = []
    for stored, said in recorded.items():
        words = _words_of(said)
        at = _kind_said(words, asked)
        named = words[at[0] : at[1]] if at else words if _kind_said(asked, words) else ()
        if any(w[:1].isupper() for w in named):
            found.append(stored)
    return found[0] if len(found) == 1 else None


def nearest(name: str, recorded: list[str], limit: int = 10) -> list[str]:
    """Up to `limit` recorded subjects nearest a name (rapidfuzz WRatio, best first)."""
    from rapidfuzz import fuzz, process

    if not recorded:
        return []
    matches = process.extract(subject_key(name), recorded, scorer=fuzz.WRatio, limit=limit)
    return [choice for choice, _score, _i in matches]
