"""A reply that says no to a check naming one of the speaker's filed values, and gives the one that holds:
"Sorry! Still at Zalando?" / "Nope, Bolt since March."; "Are you still in Ghent?" / "No, Aarhus now."

The check (the question the turn answers, `asked`) names a value filed for the speaker; the reply opens with
"no" (or "nope", "not any more", ...) and its first sentence names a value of that attribute's type. The old
value is filed as no longer holding and the new one as holding, from the time the reply gives ("since
March"). Left alone: a reply that names no new value ("Nope, still there"), a check naming nothing filed,
and an attribute the turn's own words already changed. Pure: reads only its arguments.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime

from twinmem.extract.base import SELF, Statement
from twinmem.extract.checks import is_known_place
from twinmem.extract.context import shaped_values
from twinmem.extract.lexicon import words
from twinmem.extract.named import kind_of
from twinmem.extract.table import grammar
from twinmem.extract.text import sentences
from twinmem.extract.time_anchor import find_time
from twinmem.values import fold

__all__ = ["denied"]

_NO = re.compile(
    r"^\W*(?:no+|nope|nah|naw|negative|not\s+any\s*(?:more|longer)|not\s+now|no\s+longer)\b[\s,.!:;—–-]*"
    r"(?:(?:not\s+any\s*(?:more|longer)|haven't\s+been\s+for\s+\w+|not\s+since\s+\w+)[\s,.!:;—–-]*)?",
    re.I,
)
# values that are names: taken as the reply's first capitalised name that is not the old one
_NAMED_KINDS = frozenset({"org_work", "org_school", "name_partner", "name_pet", "name_owner", "car"})
_MONTHS = frozenset(
    "january february march april may june july august september october november december spring summer autumn "
    "fall winter".split()
)


def _new_value(text: str, kind: str, old: str) -> str | None:
    """The first value of the type in `text` that is not `old`."""
    if kind.startswith("org") and (shaped := _other_shaped(text, kind, old)):  # "so I'm going to the University of X"
        return shaped[0]
    if kind in _NAMED_KINDS:
        found = [m.group(0) for m in re.finditer(grammar().macros["CAPX"], text) if not _I.match(m.group(0))]
        found = [re.sub(r"^the\s+", "", f, flags=re.I) for f in found]
        keep = [
            f
            for f in found
            if f.lower() not in words("not_names")
            and f.split()[0].lower() not in _MONTHS
            and not (kind.startswith("org") and is_known_place(f))
        ]
    else:
        keep = _other_shaped(text, kind, old)
    return next((v for v in keep if fold(v) != fold(old)), None)


def _other_shaped(text: str, kind: str, old: str) -> list[str]:
    return [v for v, _pos in shaped_values(text, kind) if fold(v) != fold(old)]


_I = re.compile(r"I(?:['’]\w+)?$")  # the speaker, no name ("I'm")
_NAMES_A_VALUE = re.compile(r"\d|@|(?<![.!?]\s)(?<!^)\b(?-i:[A-Z][a-z])")  # a number, an address, or a name inside


def denied(
    reply: str, asked: str | None, filed: Mapping[str, Sequence[str]], said_at: datetime, found: Sequence[Statement]
) -> list[Statement]:
    """The old value said no to and the new one the reply names, for the filed value the check asks about."""
    m = _NO.match(reply.replace("’", "'"))
    if m is None or not asked:
        return []
    spans = [(a, b) for a, b in sentences(reply) if b > m.end()]
    start, end = (max(m.end(), spans[0][0]), spans[0][1]) if spans else (m.end(), len(reply))
    end = (
        spans[1][1] if len(spans) > 1 and not _NAMES_A_VALUE.search(reply[start:end]) else end
    )  # "No, ... gone. It's X."
    first = reply[start:end]
    read = {s.attribute for s in found if s.subject == SELF}
    for attribute, values in filed.items():
        old = next((v for v in values[:2] if re.search(rf"\b{re.escape(v)}\b", asked, re.I)), None)
        kind = kind_of(attribute)
        new = _new_value(first, kind, old) if old and kind and attribute not in read else None
        if old is None or new is None:
            continue
        when = find_time(first, said_at)
        day = when[0] if when else said_at.date()
        at = start + first.find(new)
        return [
            Statement(subject=SELF, attribute=attribute, value=old, polarity=-1, valid_from=day, span=(0, m.end())),
            Statement(subject=SELF, attribute=attribute, value=new, valid_from=day, span=(at, at + len(new))),
        ]
    return []
