"""Values of subjects named in a turn, in context: a service's port, a plan's price, a friend's city, said again.

`changes`, pure: for a subject the account has a typed value filed for (`named`: name -> attribute -> values;
things and people other than the speaker), a sentence that names it and carries a different value of that type
files it: "we rolled ingest-svc forward to v1.16.3" after ingest-svc's version v1.14.0, "Greta took a job in
Graz" after Greta's Innsbruck. A value belongs to the subject named nearest before it in its clause (or in the
sentence, for a clause that carries on: "so Aalborg it is"), so "the cache uses 8082" does not move
billing-worker; "she" in a sentence after one that named a single person is that person.
With nothing filed, extract/first_values.py reads the first values of things named unmistakably.
Left alone, as for people: questions, hypotheticals and hedges, a negated value, a value said as the one
left behind ("off 7070", "instead of 8081").
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import lru_cache

from twinmem.extract import cues
from twinmem.extract.base import Statement
from twinmem.extract.between import blanked, kin, someone_between
from twinmem.extract.context import PLACE_KINDS, shaped_values, table
from twinmem.extract.held import gone, own_value
from twinmem.extract.lexicon import gender_of
from twinmem.extract.pairs import without_possessive
from twinmem.extract.shapes import REFINES, WHOLE_VERSION, pet_named, whole_versions
from twinmem.extract.table import grammar
from twinmem.extract.text import clause, readable, sentences
from twinmem.extract.time_anchor import find_time
from twinmem.subjects import LEAD_HEADS, SHORT_HEADS, THING_HEADS, without_kin_title
from twinmem.values import fold, value_key

__all__ = [
    "ASKS_OF_SOMEONE",
    "changes",
    "kind_of",
    "mentions",
    "names_a_value",
    "refers_back",
    "stated",
    "statement_at",
]

THING_TYPES = {"port": "port", "version": "version", "price": "price"}


def names_a_value(text: str) -> bool:
    """Whether a turn carries a value shaped like a port, a version or a price (worth a look at things)."""
    t = table()
    return any(t.values[k].search(text) for k in THING_TYPES.values())


def mentions(text: str, names: Sequence[str]) -> list[str]:
    """The names (as recorded) a turn mentions, hyphens, underscores and spaces alike, case aside, in the order
    they were last said."""
    norm = text.replace("’", "'")
    last = {n: max((m.start() for m in _pattern(n).finditer(norm)), default=-1) for n in names if n.strip()}
    return sorted((n for n, at in last.items() if at >= 0), key=last.__getitem__)


_KIND_FIRST = frozenset("sdk tool bot app service library lib cli api repo package plugin server".split())
_SHORT_FOR = {long: short for short, long in SHORT_HEADS.items()}  # "database": "db"
_HEAD = re.compile(rf"\s+(?:{'|'.join(sorted(THING_HEADS))})$", re.I)
_PLAIN_HEADS = frozenset("team office plan project app site account".split())  # too many things are "the team"
_LEAD_HEAD = re.compile(rf"^(?:{'|'.join(sorted(LEAD_HEADS))})\s+", re.I)


def _short_name(bare: str, words: list[str]) -> str:
    """What a recorded name is said as for short (itself when nothing)."""
    short = _HEAD.sub("", bare)
    if short == bare and len(words) > 1 and _LEAD_HEAD.match(bare) and words[1][:1].isupper():
        short = _LEAD_HEAD.sub("", bare)  # "Kestrel" for Project Kestrel
    if short == bare and len(words) == 2 and words[0].lower() in _KIND_FIRST:
        short = words[1]  # "tessera" for the SDK tessera, "tern" for the tool tern
    said = bare.split()
    if short == bare and len(said) > 1 and said[-1].islower() and said[0][:1].isupper():
        kind = len(said) - 1  # "Fig & Cedar" for the Fig & Cedar candle, "Northstar" for the Northstar build farm
        while kind > 1 and len(said) - kind < 3 and said[kind - 1].islower():
            kind -= 1
        short = " ".join(said[:kind])
    return short


@lru_cache(maxsize=4096)
def _pattern(name: str) -> re.Pattern[str]:
    """A recorded name as said in a turn, or without the title of kinship it was first said with ("Marisol" for
    Aunt Marisol): see `_said_as`."""
    own = _said_as(name)
    called = without_kin_title(name)
    return own if called == name.strip() else re.compile(f"{own.pattern}|{_said_as(called).pattern}", re.I)


def _said_as(name: str) -> re.Pattern[str]:
    """A recorded name as said in a turn: hyphens and spaces alike, case aside, a head word optional when what
    it heads is a name ("Studio" for the Studio plan, "PureGym" for the PureGym membership), and a named
    thing by its head after a determiner ("the thermostat" for the Vela thermostat)."""
    bare = re.sub(r"^the\s+", "", name.strip(), flags=re.I)
    words = re.split(r"[\s_-]+", bare)
    short = _short_name(bare, words)
    body = r"[\s_-]+".join(map(re.escape, words))
    if len(words) > 1 and (short_head := _SHORT_FOR.get(words[-1].lower())):  # "the prod db": the prod database
        lead = r"[\s_-]+".join(map(re.escape, words[:-1]))
        body = f"(?:{body}|{lead}[\\s_-]+{short_head})"
    if short != bare and short[:1].isupper():
        body = f"(?:{body}|(?-i:{re.escape(short)}))"
    elif short != bare and re.search(r"[-_\d]", short):  # "atlas-ingest" for the atlas-ingest repo
        body = f"(?:{body}|{re.escape(short)})"
    elif short != bare and len(short) > 3:  # "checkout is fully operational again", "on 2.0.1 for orchid": the thing
        low = re.escape(short)
        said_of = (  # "checkout is ...", "staging isn't on 8080", "the prod upgrade"
            r"(?=\s+(?:is|was|has|are|'s|isn't|wasn't|got|went|moved|now|"
            r"upgrade|migration|move|rollout|cutover|deploy|release)\b)"
        )
        body = f"(?:{body}|{low}{said_of}|(?:(?<=\\bfor\\s)|(?<=\\bof\\s)){low})"
    if len(words) > 1 and len(words[-1]) > 2 and words[-1].lower() not in _PLAIN_HEADS:
        # "the thermostat": the Vela thermostat; "the API": the payments API; "the wiki": the team wiki
        body = f"(?:{body}|(?:(?<=the\\s)|(?<=our\\s)|(?<=my\\s)){re.escape(words[-1])})"
    return re.compile(r"(?<![\w-])" + body + r"(?![\w-])", re.I)


def changes(
    text: str,
    said_at: datetime,
    named: Mapping[str, Mapping[str, Sequence[str]]],
    already: Sequence[Statement] = (),
    asked: str | None = None,
) -> list[Statement]:
    """A new typed value for each subject named with one filed, from the sentences of a turn that name it.
    `asked`: the question the turn answers; the one subject it names is whom an opening "he" or "it" is."""
    norm = readable(text)
    read = {(fold(s.subject), s.attribute) for s in already if s.polarity == 1}  # "no chess any more" ends one
    at = {name: _pattern(name) for name in named}
    out: list[Statement] = []
    lead = _lead(norm, at, asked, [n for n, filed in named.items() if filed.get("version")])
    for s_start, s_end, full in stated(norm):
        sent = norm[s_start:s_end]
        found = sorted((m.start(), name) for name, p in at.items() for m in p.finditer(sent))
        here = found or _carried(sent, lead)
        asked_of = [(-1, name) for name, p in at.items() if p.search(norm, s_end, full)]  # "did I mention Amara ...?"
        lead = found or asked_of or lead  # a sentence naming nobody ("Not anymore.") keeps whom "he" refers to
        if not here or cues.asks_or_supposes(sent):
            continue
        for name, attribute, value in _owned(sent, here, named):
            if (fold(name), attribute) not in read:
                read.add((fold(name), attribute))
                out.append(_with_kind(statement_at(name, attribute, value, norm, s_start, s_end, said_at), sent))
    return out


def _with_kind(st: Statement, sent: str) -> Statement:
    """A pet named with its kind keeps the kind: "a little budgie called Kiwi" is Kiwi (budgie)."""
    kinds = [m.group("s") for m in pet_named(sent) if m.group("v") == st.value] if st.attribute == "pet" else []
    return st.model_copy(update={"qualifier": kinds[0].lower()}) if kinds else st


# (and "we're", a business speaking of itself: "Little Fern has moved! We're on Calder Road now.")
_PRONOUN_START = re.compile(
    r"\W*(?:(?:and|but|so|then|now)\s+)?(?:he|she|they|his|her|their|it|its|it's|we're|we\s+are)\b", re.I
)
# "£22 a week now.", "price is $52 now": a sentence opening on a value, or on the attribute it gives
_VALUE_START = re.compile(
    r"\W*(?:[$€£¥]\s?\d|v?\d+(?:\.\d+)+\b|(?!(?:19|20)\d\d\b)\d{4,5}\b(?![.,:/-]?\d)(?!\s*(?:am|pm|%|people|users|ms|km)\b)|"
    r"port\s+\d|(?:the\s+|its\s+|new\s+|live\s+|current\s+|latest\s+|monthly\s+)*(?:price|cost|fee|rate|port|version)"
    r"(?:\s+(?:from|as\s+of|starting|after|in)\s+(?:next\s+)?[\w-]+)?\s+(?:is|'s|went|goes|has\s+gone|changed|now)\b)",
    re.I,
)
_OBJECT = re.compile(
    r"\b(?:owns|maintains|runs|took\s+over|picked\s+up|moved|sent|put|hired|poached|recruited|headhunted|snapped|bought|"
    r"acquired|migrated|shipped|relocated|racked|carried|hauled|brought|sailed|towed|bumped|upgraded|updated|"
    r"downgraded|patched|pinned|rolled|repriced|raised|dropped|cut|marked|marking|flagged|flagging|set|setting|"
    r"labelled|labeled|tagged|tagging|moving|switched|changed|pointed|repointed)\s+(?:it|him|her)\b",
    re.I,
)
# "We put TLS on it and it serves on 8443": "it" doing what things do, in a later clause
_IT_DOES = re.compile(
    r"(?:\b(?:and|so|now|but|then|says|said|that|out|apparently|actually|rollout|upgrade|migration|move|cutover|"
    r"update|release|deploy|change|switch|outage|incident|today|yesterday|week|weekend|month)|[,;:—–])\s+(?:it|they)(?:'s|'ve|'re|\s+(?:now\s+|have\s+|only\s+|still\s+|also\s+|just\s+)?(?:is|are|runs|run|serves|"
    r"listens|sits|lives|moved|went|got|has|costs|answers|points|relocated|reopened|opened|taken\s+over|set\s+up))\b",
    re.I,
)
# "..., we upgraded to 5.0.6": the speaker's team acting on the thing the clause before named
_WE_DID = re.compile(  # "we bumped it", "(we) finished the migration to eu-central-1"
    r"\W*(?:(?:last|this)\s+\w+|yesterday|today|tonight|earlier(?:\s+today)?|(?:over|during)\s+the\s+\w+)?\W*"
    r"(?:(?:we|i)(?:'ve|\s+have|\s+just|\s+finally|\s+then)*\s+)?(?:upgraded|bumped|moved|migrated|switched|updated|"
    r"rolled|shipped|deployed|pinned|changed|raised|dropped|put|took|pushed|went|released|published|jumped|promoted|"
    r"finished\s+the\s+(?:migration|move|cutover))\b",
    re.I,
)
# what a thing's screen or page says of it: its value
_SHOWS = re.compile(r"\b(?:says|shows|reads|displays|reports)\s+(?:version\s+|v)?\d", re.I)
_THIS_TIME = re.compile(r"\W*(?-i:[A-Z])[\w&.-]*(?:\s+[\w&.-]+){0,2}\s*,?\s+this\s+time\b")
_CARRY_ON = re.compile(r"\W*(?:and|so|then|now|but)\b", re.I)


def _lead(
    norm: str, at: Mapping[str, re.Pattern[str]], asked: str | None, versioned: Sequence[str] = ()
) -> list[tuple[int, str]]:
    """Whom an opening "he" or "it" may be: the subjects the question names, or, for a turn opening on one and
    naming none, the subjects named in the turns before it ("She transferred, she's at Wits now."); for a version
    said as released, the last of those with a version filed (`versioned`, in the order last said)."""
    lead = [(-1, name) for name, p in at.items() if asked and p.search(asked)]
    released = _RELEASED.search(norm) or cues.VERSION_IS.match(norm)
    if not lead and released and versioned and not any(p.search(norm) for p in at.values()):
        return [(-1, versioned[-1])]  # "... but 2.4.1 went live this morning": the thing spoken of last
    if not lead and refers_back(norm) and not any(p.search(norm) for p in at.values()):
        other = {"she": "male", "her": "male", "he": "female", "his": "female"}.get(_opening_pronoun(norm))
        # "She's engaged now" after "Bettina and Klaus": not Klaus
        lead = [(-1, name) for name in at if other is None or gender_of(without_kin_title(name)) != other]
    return lead


def _opening_pronoun(norm: str) -> str:
    """The pronoun a turn opens on (after words of discourse), or the "he" or "she" a later sentence opens on
    when it opens on none or on "they" ("Nope, they broke up in June. He's with Hana now.")."""
    opening = _PRONOUN_OPENS.match(_DISCOURSE.sub("", norm))
    if opening is None or opening.group(0).lower() in ("they", "their", "it", "its"):
        opening = _HE_OR_SHE_OPENS.search(norm) or opening
    return ((opening.group("p") if "p" in opening.groupdict() else opening.group(0)) if opening else "").lower()


# a question about someone or something said before: "What's her title now?", "Which port did you move it to?"
ASKS_OF_SOMEONE = re.compile(r"\b(?:he|she|it|they|his|her|its|their|him|them)\b", re.I)


def refers_back(text: str) -> bool:
    """A turn that opens on "he", "she", "they" or "it" (after a word of discourse), or on a value ("3.0.2 is
    out"), or has a later sentence that opens on "he" or "she" ("The call time needs changing. He moved to
    Toronto."): about someone or something said before."""
    rest = _DISCOURSE.sub("", text)
    said = (_PRONOUN_OPENS.match(rest), _VALUE_START.match(rest), _HE_OR_SHE_OPENS.search(text), _RELEASED.search(text))
    return any(said) or bool(_status_opens().match(rest))


@lru_cache(maxsize=1)
def _status_opens() -> re.Pattern[str]:
    """A turn opening on a state and when it began: "healthy since the failover at 6" (of the thing said before)."""
    return re.compile(rf"\W*(?:back\s+)?(?:{grammar().macros['STATUSES']})\s+(?:again|now|since|as\s+of)\b", re.I)


# a version said as released, with no thing named: "2.4.1 went live this morning", "tagged 3.0.2 last night"
_RELEASED = re.compile(
    r"(?<![\w.])v?\d+(?:\.\d+){1,3}\s+(?:(?:is|went|has\s+gone|'s|got)\s+(?:now\s+|finally\s+|officially\s+)?"
    r"(?:live|out|released)|(?:was\s+|got\s+|is\s+)?(?:deployed|shipped|rolled\s+out)\s+(?:to|in|on)\b)"
    r"|\b(?:shipped|released|tagged|published|rolled\s+out|deployed)\s+v?\d+(?:\.\d+){1,3}\b|\bcut\s+v?\d+(?:\.\d+){2,3}\b",
    re.I,
)


# a later sentence of the turn opening on "he" or "she", or a clause after a dash (" , " once made readable)
_HE_OR_SHE_OPENS = re.compile(
    r"(?:[.!?]|\s[—–,-])\s+(?:(?:and|but|so|oh|well|also|anyway|apparently)\W+)*(?P<p>he|she|his|her)\b", re.I
)

_DISCOURSE = re.compile(
    r"^\W*(?:(?:and|but|so|oh|ok|okay|well|yeah|yes|no|nope|nah|update|news|btw|also|anyway|fyi|actually|apparently|"
    r"turns\s+out|after\s+(?:\w+\s+)?(?:years|decades|months|ages)|these\s+days|since\s+then)\W+)*",
    re.I,
)
_PRONOUN_OPENS = re.compile(r"(?:he|she|they|it|his|her|their|its)\b", re.I)


def _carried(sent: str, lead: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The one subject the sentence before named, for a sentence that opens with a pronoun ("She landed at ...")
    or takes one as its object ("Hyun-woo owns it now"), or that opens on a value ("... went up again. £22 now.")."""
    names = {n for _p, n in lead}
    if len(names) != 1 or not (
        _PRONOUN_START.match(sent, _DISCOURSE.match(sent).end())  # type: ignore[union-attr]  # "turns out she ..."
        or _OBJECT.search(sent)
        or _VALUE_START.match(sent)
        or _status_opens().match(sent)  # "healthy since the failover at 6"
        or _IT_DOES.search(sent)
        or _RELEASED.search(sent)
        or _HE_OR_SHE_OPENS.search(sent)  # "Ah, that's old news - she relocated to Perth"
        or _pronoun_can_be(sent, next(iter(names)))  # "After nine years at Santos he's gone over to Bluefin"
        or _SHOWS.search(sent)  # "IT upgraded gradebook-sync. The login screen says 1.4.2 now."
        or _THIS_TIME.match(sent)  # "Oskar's job-hopping again. Northvolt this time."
        or cues.unnamed_value(sent)  # "Helios had its major release. Everything in prod is on 3.0.0."
        or cues.OWNER_NOW.match(sent)  # "Rahul no longer owns inventory-db. Keiko is the owner now."
    ):
        return []
    return [(-1, names.pop())]  # -1: carried over


_SUBJECT_PRONOUN = re.compile(r"\b(?P<p>he|she)(?:['’](?:s|d|ll))?\s+(?!(?:said|says|told|thinks|reckons)\b)", re.I)


def _pronoun_can_be(sent: str, name: str) -> bool:
    """A "he" or "she" in the sentence that can be the one person named before (by the name's gender)."""
    gender = gender_of(name)
    return any(
        gender is None or gender == {"he": "male", "she": "female"}[m.group("p").lower()]
        for m in _SUBJECT_PRONOUN.finditer(sent)
    )


def kind_of(attribute: str) -> str | None:
    """The type an attribute's values have (data/context.toml [types]), or None."""
    return table().types.get(attribute)


def _owned(
    sent: str, named: list[tuple[int, str]], filed: Mapping[str, Mapping[str, Sequence[str]]]
) -> list[tuple[str, str, str]]:
    """(subject, attribute, value) for each new value in a sentence whose subject, the nearest named before it
    in its clause (or in the sentence, for a clause that carries on), has the attribute filed."""
    found: dict[tuple[str, str], str] = {}
    attributes = {a for _p, n in named for a in filed.get(n, {})}
    bare = sent  # the names blanked: "the Team plan to $15" plans nothing
    for p, n in (x for x in named if x[0] >= 0):
        bare = bare[:p] + " " * len(n) + bare[p + len(n) :]
    for attribute in sorted(attributes):
        for owner, value in _new_values(sent, bare, attribute, named, filed):
            found[(owner, attribute)] = value
    return [(n, a, v) for (n, a), v in found.items()]


def _new_values(
    sent: str,
    bare: str,
    attribute: str,
    named: list[tuple[int, str]],
    filed: Mapping[str, Mapping[str, Sequence[str]]],
) -> list[tuple[str, str]]:
    """(owner, value) for each value of the attribute's type in the sentence that is new for its owner."""
    kind = kind_of(attribute)
    shaped = shaped_values(sent, kind) if kind else []
    if kind == "version" and whole_versions(named, filed):  # "Postgres is on 16 now" after 13 and 15
        shaped = sorted(shaped + [(m.group(1), m.start(1)) for m in WHOLE_VERSION.finditer(sent)], key=lambda v: v[1])
    out = []
    for i, (value, pos) in enumerate(shaped):
        if _beside(sent, shaped, i, kind, named):
            continue
        owner = _owner(sent, pos, named, [v for n in named for v in filed.get(n[1], {}).get(attribute, [])])
        values = filed.get(owner or "", {}).get(attribute)
        if (
            not values
            or not own_value(bare, pos)
            or cues.NEG_NEXT.match(sent, pos + len(value))  # "Payments no longer owns checkout-web"
            or _visited(sent, pos, kind, attribute, values)
        ):
            continue
        if value_key(attribute, value) != value_key(attribute, values[0]) and fold(value) != fold(
            owner or ""
        ):  # or back
            out.append((owner or "", value))
    return out


def _visited(sent: str, pos: int, kind: str | None, attribute: str, values: Sequence[str]) -> bool:
    """A place of a trip, not a home (unless the sentence says the old home is over: then it is a move)."""
    return kind in PLACE_KINDS and attribute != "location" and _on_a_trip(sent, pos) and not gone(sent, values)


def _on_a_trip(sent: str, pos: int) -> bool:
    return cues.on_a_trip(sent, clause(sent, pos)[1], table().cues["trip"])


def _beside(sent: str, shaped: list[tuple[str, int]], i: int, kind: str | None, named: list[tuple[int, str]]) -> bool:
    """A value that is no value of its own: a part of the place just named ("in Cape Town now, Muizenberg"), an
    aside on it ("eu-west-1 (Ireland)"), or a piece of a thing's own name ("Rye & Co")."""
    pos = shaped[i][1]
    gap = sent[shaped[i - 1][1] + len(shaped[i - 1][0]) : pos] if i else ""
    if i and kind in PLACE_KINDS and (REFINES.fullmatch(gap) or gap.strip() == "("):
        return True
    value = fold(shaped[i][0])
    return any(0 <= p <= pos < p + len(n) and value in fold(n) and value != fold(n) for p, n in named)


_LEADS = re.compile(
    r"[\s,;:(—–-]*(?:(?:and|so|then|now|but|with|to|at|on|from|for|via|the|our|a|an)\s+)*", re.I
)  # nothing of its own
_IT = re.compile(r"\b(?:it|its)\b", re.I)
_HE_OR_SHE = re.compile(r"\b(?:he|she)(?:['’](?:s|d|ll))?\b|\b(?:took|brought|sent|moved|posted)\s+(?:him|her)\b", re.I)
_THIRD_AGAIN = re.compile(  # the one named, spoken of again: "Odalys told me ..., she's", "the sign says they've"
    r"(?:^|[,;:—–-]|\b(?:and|but|so|that|now|says|said|told\s+me|told\s+us))\s*(?:he|she|they)(?:'s|'ve|'re|\s)", re.I
)


_THERE = re.compile(r"\W*(?:(?:so|and|now|then)\s+)?$", re.I)
_THERE_AFTER = re.compile(r"\s+(?:now\s+)?(?:lives|is|sits|stays|docks|moved|went|'s)\s+(?:now\s+)?there\b", re.I)


def _owner(sent: str, pos: int, named: list[tuple[int, str]], old: Sequence[str] = ()) -> str | None:
    """Whose the value at `pos` is: the subject named nearest before it in its clause (or carried on)."""
    a, b = clause(sent, pos)
    here = [(p, n) for p, n in named if a <= p < b and p != pos]  # a subject said as the value owns nothing
    told = sent[:a].rstrip().endswith((":", "—", "–"))  # "Hiroshi has a new companion: a corgi called Mochi"
    if not any(p < pos for p, _n in here) and (_carries(sent[a:pos], sent[pos:b]) or named[0][0] < 0 or told):
        # "..., so Aalborg it is"; "She landed at ..."; "we bumped it to 1.9.0 once the SAML fix landed"
        here = [(p, n) for p, n in named if p < pos] or here
    if not here:
        return _there(sent, b, named)
    before = [(p, n) for p, n in here if p < pos]
    if not before:
        return here[0][1]
    p, n = before[-1]
    between = _between(sent, p, n, pos, named, old)
    return None if between is None or someone_between(blanked(between), named) else n


_DOES = r"\s+(?:is|was|has|had|went|goes|will|moved|moves|heads|headed|returns|returned)\b"  # its clause's subject


def _there(sent: str, b: int, named: list[tuple[int, str]]) -> str | None:
    """Whose place "there" is, said in the next clause: "a slip in Ventura Harbor, so Seabird lives there now"."""
    there = (n for p, n in named if p >= b and _THERE.match(sent, b, p) and _THERE_AFTER.match(sent, p + len(n)))
    return next(there, None)


def _between(sent: str, p: int, n: str, pos: int, named: list[tuple[int, str]], old: Sequence[str]) -> str | None:
    """The words between a subject (or the pronoun opening the sentence, for one carried on) and its value,
    the subject's old values blanked; None when they make the value someone else's ("and his wife ...")."""
    opening = _PRONOUN_START.match(sent, _DISCOURSE.match(sent).end())  # type: ignore[union-attr]  # "turns out she"
    # carried on by a pronoun opening the sentence, or by one later in it ("Ops put nginx in front, and it answers")
    again = opening.end() if opening else max((m.end() for m in _IT_DOES.finditer(sent, 0, pos)), default=0)
    again = max([again, *(m.end() - 1 for m in _SHOWS.finditer(sent, 0, pos + 1))])  # "the login screen says 1.4.2"
    between = _after_again(sent[p + len(n) : pos] if p >= 0 else sent[again:pos], named)
    if p < 0 and opening and re.search(r"(?:his|her|their)$", opening.group(0), re.I) and kin().match(between):
        return None  # "... and his wife still works at Tidewell": the wife's, not his
    for said in (w for v in old for w in dict.fromkeys((v, v.split()[0])) if len(w) > 2):  # the whole value first
        between = re.sub(rf"\b{re.escape(said)}\b(?!{_DOES})", " ", between)  # not "Femi is going back to ..."
    return between


# a clause that opens on what the thing has: "atlas-ingest isn't Priya's anymore, ownership went to Tomasz"
_ITS_ATTRIBUTE = re.compile(
    r"\W*(?:and\s+|so\s+)?(?:the\s+|its\s+)?(?:ownership|owner|version|port|price|membership|subscription|fee|rent|"
    r"tuition|cost|status|state)\b",
    re.I,
)
# "..., they're charging us $18 now", "new signups have been paying $15": what the thing named costs
_PAYING = re.compile(r"\b(?:they|they're|they've|pay|pays|paying|paid|charge|charges|charging|charged)\b", re.I)
# "for it"; the value doing something to it: "we decommissioned it", "the growth team has taken it over"
_FOR_IT = re.compile(
    r"\b(?:for|on|of)\s+it\b|\A[\w-]+\s+(?:it|them)\b|"
    r"\A[^,;:]{1,40}?\s(?:has\s+|have\s+|had\s+)?(?:taken|took|takes|owns|runs|maintains|inherited|picked)\s+(?:it|them)\b",
    re.I,
)


def _carries(lead: str, rest: str = "") -> bool:
    """A clause that carries on about whoever was named before it ("..., so Aalborg it is", "bumped it to")."""
    said = (
        _CARRY_ON.match(lead),
        _HE_OR_SHE.search(lead),  # "...; all she has now is a budgie called Kiwi"
        _LEADS.fullmatch(lead),
        _IT.search(lead),
        _PRONOUN_START.match(lead),
        cues.ALL_OF.match(lead),
    )
    return any(said) or bool(
        _WE_DID.match(lead) or _ITS_ATTRIBUTE.match(lead) or _FOR_IT.search(rest) or _PAYING.search(lead)
    )  # "for it"


def _after_again(between: str, named: list[tuple[int, str]]) -> str:
    """What follows the one person named taking up the sentence again ("Odalys told me teal is over, she's into
    ..."): whatever came before it was about them."""
    again = list(_THIRD_AGAIN.finditer(between)) if len({m for _p, m in named}) == 1 else []
    return between[again[-1].end() :] if again else between


def stated(norm: str) -> list[tuple[int, int, int]]:
    """The turn's sentences (start, cut, end), each cut before the question it ends on ("Hyun-woo owns it now, so
    can you draft the page?" is read as far as "now"); a sentence that is all question is kept whole (and then
    left alone)."""
    out = []
    for a, b in sentences(norm):
        q = cues.question_from(norm[a:b])
        out.append((a, a + q, b) if 0 < q <= b - a and norm[a : a + q].strip(" ,;:") else (a, b, b))
    return out


def statement_at(
    name: str, attribute: str, value: str, norm: str, s_start: int, s_end: int, said_at: datetime
) -> Statement:
    when = find_time(norm[s_start:s_end], said_at)
    at = norm.find(value, s_start, s_end)  # the passage opens at the value's clause: ties in a turn go by position
    start = s_start + clause(norm[s_start:s_end], at - s_start)[0] if at >= 0 else s_start
    if attribute in ("employer", "school"):
        value = without_possessive(attribute, value)  # "join Canva's data team": Canva
    return Statement(
        attribute=attribute,
        value=value,
        valid_from=when[0] if when else said_at.date(),
        span=(start, s_end),
        subject=name,
    )
