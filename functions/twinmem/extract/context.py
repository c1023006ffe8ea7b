"""Context-aware change detection: a new value of a known type, said by the speaker about themselves.

When the speaker already has a value filed for an attribute whose values have a recognisable type
(a city, an email address, a version, a diet, ...), a later sentence of theirs that carries a
different value of that type, in a first-person frame about their own state, files the new value:
"Ottawa lasted a year. The job market pulled us to Toronto" after home_city Ottawa. Left alone:
questions, hypotheticals and plans, someone else's value ("my sister's", "his"), trips and visits
for places, a value filed before (an old home named again), a negated value.

Pure: `filed` (attribute -> values filed for the speaker, newest said first) is data the caller read;
a single turn without it reads nothing here. Cues and value shapes live in data/context.toml.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from pathlib import Path

from twinmem.extract import cues, favourites, shapes
from twinmem.extract.base import SELF, Statement
from twinmem.extract.checks import check, full_names, held_by_another, is_known_place, occupation, school_like, schools
from twinmem.extract.lexicon import gender_of, languages, words
from twinmem.extract.passages import Passage, read_passages
from twinmem.extract.shapes import pet_named, places, thing_places
from twinmem.extract.table import grammar
from twinmem.extract.text import clause, in_own_words, readable
from twinmem.extract.time_anchor import find_time
from twinmem.extract.whose import WITH_SOMEONE, anothers_frame
from twinmem.values import DEMONYMS, fold, value_key
from twinmem.vocabulary import FAVORITE

__all__ = ["PLACE_KINDS", "candidate_values", "changes", "shaped_values", "table"]

DATA = Path(__file__).resolve().parent / "data" / "context.toml"
_CUES = ("first_person", "other_person", "trip", "work", "school", "partner", "pet", "owner", "left", "ended")
_VALUES = tuple("email phone version port price org name diet car job status allergen colour hobby".split())
_TYPES = frozenset(
    "city country place language email phone version port price org_work org_school name_partner name_pet name_owner "
    "diet car job status allergen colour hobby demonym".split()
)
# a workplace's or a thing's value is not the speaker's
_NOT_A_PERSON = re.compile(
    r"\b(?:our|my|the|their)\s+(?:office|company|team|firm|headquarters|hq|business|shop|store|startup|factory|"
    r"warehouse|servers?|data\s*cent(?:er|re)s?|branch|lab)\b|"
    r"\b(?:moved|relocated|shifted|migrated|brought|sent|shipped)\s+(?:the|our|my|their|a|an)\s+[\w-]+(?:\s+[\w-]+){0,3}?"
    r"\s+(?:to|into)\b",  # "We moved the backup NAS to Frankfurt": a thing moved
    re.I,
)
_WORD_UP = re.compile(r"(?-i:\b[A-Z][a-z]+\b)")


@dataclass(frozen=True)
class Table:
    cues: dict[str, re.Pattern[str]]
    types: dict[str, str]
    values: dict[str, re.Pattern[str]]
    own: dict[str, re.Pattern[str]]  # type -> the cue a sentence needs when nothing of the type is filed yet


def _expand(pattern: str) -> str:
    macros = grammar().macros
    return re.sub(r"<([A-Z_]+)>", lambda m: macros[m.group(1)], pattern)


@cache
def table() -> Table:
    """data/context.toml, validated: every cue and value shape present and compiling, every type known."""
    raw = tomllib.loads(DATA.read_text(encoding="utf-8"))
    missing = [k for k in _CUES if k not in raw.get("cues", {})] + [
        k for k in _VALUES if k not in raw.get("values", {})
    ]
    if missing:
        raise ValueError(f"context.toml: missing {missing}")
    bad = {a: t for a, t in raw.get("types", {}).items() if t not in _TYPES}
    bad.update({f"own.{k}": k for k in raw.get("own", {}) if k not in _TYPES})
    if bad:
        raise ValueError(f"context.toml: unknown types {bad}")
    compiled = {k: re.compile(_expand(v), re.I) for k, v in raw["cues"].items()}
    shapes = {k: re.compile(_expand(v), re.I) for k, v in raw["values"].items()}
    own = {k: re.compile(_expand(v), re.I) for k, v in raw.get("own", {}).items()}
    return Table(compiled, dict(raw["types"]), shapes, own)


# types whose values are one capitalised word of a known list
_WORD_KINDS: dict[str, Callable[[str], bool]] = {
    "language": lambda w: fold(w) in languages(),
    "demonym": lambda w: w.lower() in DEMONYMS,
}


def _shaped(sent: str, kind: str, t: Table) -> list[tuple[str, int]]:
    """Values of one type in a sentence, with their offsets, before the frame is looked at."""
    if kind == "place":  # a thing's location: a known place, a cloud region, or wherever it is said to move to
        return thing_places(sent)
    if kind in ("city", "country"):
        return places(sent, kind)
    if kind in _WORD_KINDS:  # a language, or a nationality ("not Indian citizen anymore, only Canadian")
        return [(m.group(0), m.start()) for m in _WORD_UP.finditer(sent) if _WORD_KINDS[kind](m.group(0))]
    shape = t.values[kind.split("_")[0]]
    g = "v" if "v" in shape.groupindex else 0
    found = [(m.group(g).strip(), m.start(g)) for m in shape.finditer(sent)]
    if kind == "phone":
        return [(v, i) for v, i in found if len(re.sub(r"\D", "", v)) >= 7]
    if kind == "job":  # "I'm a terrible cook": a judgement; "when the head chef is off": someone else
        return [(v, i) for v, i in found if occupation(sent, i, v)]
    if kind == "name_owner":  # "ownership went to Tomasz Wilk": a first name and a surname are one owner
        found = full_names(sent, found, names_run_on=True)
        teams = shapes.teams(sent) if t.cues["owner"].search(sent) else []
        return sorted(_named(sent, kind, found, t) + teams, key=lambda f: f[1])  # "the growth team has taken it over"
    if kind == "name_pet" and (said := pet_named(sent)):  # "a little budgie called Kiwi": that one, a name
        return [(m.group("v"), m.start("v")) for m in said]
    if kind.startswith(("org", "name")):
        return _named(sent, kind, found, t)
    return found


def _a_firm(sent: str, v: str, i: int) -> bool:
    """A workplace's name: an organisation's, no school's, no given name one is "with" ("I'm with Meera now")."""
    return (
        check("org", v)
        and not school_like(v, acronyms=False)
        and v.lower() not in words("not_names")
        and not (gender_of(v) and re.search(r"\bwith\s+$", sent[:i]))
    )


def _acts_first(sent: str, end: int) -> bool:
    """A name opening the sentence is the value when it does something to the speaker, with them, or to the
    thing: "Rafael is taking me to ...", "Imogen and I hit six months", "Gabe took over the wiki"."""
    return bool(_ACTS_ON_ME.match(sent, end) or _AND_I.match(sent, end) or _TAKES_OVER.match(sent, end))


def _named(sent: str, kind: str, found: list[tuple[str, int]], t: Table) -> list[tuple[str, int]]:
    """An organisation's or a name's candidates, in a sentence with their kind's cue (work, school, partner,
    pet, owner), that look like one."""
    cue = {"org_work": "work", "org_school": "school"}.get(kind) or kind.split("_")[1]
    if not t.cues[cue].search(sent) and not (kind == "org_school" and any(school_like(v) for v, _i in found)):
        return []  # a school that says so ("Larkspur Elementary") needs no word about schooling
    if kind == "org_school":
        return schools(sent, found)
    if kind == "org_work":
        return [(v, i) for v, i in found if _a_firm(sent, v, i)]
    return [
        (v, i)
        for v, i in found
        if (i > 0 or _acts_first(sent, len(v)))
        and not _SOMEONE_FROM.match(sent, i + len(v))  # "Lina from choir is married to ...": the one married
        and check("notname", v)
        and not (is_known_place(v) and _AT_PLACE.search(sent, 0, i))  # "bringing Sofia": a person; "in Sofia": no
        and v.lower() not in words("not_names")
    ]


_AT_PLACE = re.compile(
    r"\b(?:in|to|from|at|near|around|outside|of|via|visit\w*|left|leaving|moved)\s+(?:the\s+)?$", re.I
)
_TAKES_OVER = re.compile(
    r"\s+(?:(?:has|just|now|officially)\s+)*(?:took|taken|takes)\s+over\b", re.I
)  # "Gabe took over"
_AND_I = re.compile(r"\s+(?:and|&)\s+(?:i|me)\b", re.I)  # "Imogen and I hit six months": the speaker's couple
# a name opening the sentence is someone when they do something to the speaker: "Rafael is taking me to ..."
_ACTS_ON_ME = re.compile(
    r"\s+(?:is\s+|was\s+|has\s+|just\s+)?(?:[a-z]+(?:ing|ed|es|s)|took|gave|got|made|told|bought|brought|met|drove|sent|"
    r"kept|let)\s+(?:me|us)\b"
)


def shaped_values(sent: str, kind: str) -> list[tuple[str, int]]:
    """Values of one type in a sentence, with their offsets, whoever they belong to."""
    return _shaped(sent, kind, table())


_NO_SUBJECT = re.compile(
    r"\W*(?:(?:and|but|then|or)\s+(?!(?:i|i'm|i've|i'll|we|we're|we've|my|our|me|us|he|she|they|it|the|a|an|now)\b)"
    r"[a-z]+(?:s|ed)|so\s+(?!(?:i|i'm|i've|i'll|we|we're|we've|my|our|me|us|he|she|they|it|the|a|an|now)\b)(?-i:[a-z]+))\b",
    re.I,
)  # "... and starts a PhD", "my husband's allergic to shellfish, so keep the prawns out": the clause before's
_ITS = re.compile(r"\W*(?:it's|it\s+is|it\s+was|that's)\b", re.I)  # "my co-host's address... it's still x@y.fm"
_CONTRAST = re.compile(r"\b(?:but|though|although|however|anyway|yet|still)\b", re.I)


def _clause_before(sent: str, a: int) -> int:
    """Where the clause before the one starting at `a` starts (past breaks that hold nothing, like ", so")."""
    start = a
    while start > 0:
        start = clause(sent, start - 1)[0]
        if sent[start:a].strip(" ,;:"):
            break
    return start


def candidate_values(
    sent: str, kind: str, lead: str = "", people: frozenset[str] = frozenset(), before: str | None = None
) -> list[tuple[str, int]]:
    """Values of a type in a sentence whose frame is the speaker's own present state.

    `lead`: the sentences either side, for a fragment with no person in it ("New SIM, new number: 415-555-0178"
    after "Dropped my phone in the lake") that continues the speaker's own frame. `people`: names of people
    recorded, whose clause ("Hiroshi stuck with Spanish") holds their value, not the speaker's. `before`: where
    someone else's frame would make the fragment theirs (by default, all of `lead`)."""
    t = table()
    sent = sent[: cues.question_from(sent)]  # "mustard yellow is my favourite now, can you suggest ...?"
    if cues.asks_or_supposes(sent):
        return []
    if not t.cues["first_person"].search(sent) and not _continues(sent, lead, t, lead if before is None else before):
        return []
    out = []
    for value, pos in _shaped(sent, kind, t):
        a, b = clause(sent, pos)
        whose = a  # where the value's owner is said: "My brother ... and starts at EPFL", "My mum's number, +353 ..."
        if a > 0 and (
            _NO_SUBJECT.match(sent, a) or (sent[a - 1] == "," and not sent[a:pos].strip(" (")) or _ITS.match(sent, a)
        ):
            whose = _clause_before(sent, a)
        if not _someone_elses(sent, (a, b), whose, (value, pos), kind, people):
            out.append((value, pos))
    return out


def _someone_elses(
    sent: str, clause_at: tuple[int, int], whose: int, found: tuple[str, int], kind: str, people: frozenset[str]
) -> bool:
    """The value is someone else's, a trip's, a hedge's, or the subject of a clause of its own."""
    (a, b), (value, pos), t = clause_at, found, table()
    since = max((m.end() for m in _CONTRAST.finditer(sent, 0, pos)), default=0)  # a hedge before "but" is over
    place = kind in PLACE_KINDS
    return bool(
        anothers_frame(sent, whose, (pos, b), value, place, t.cues["other_person"])
        or held_by_another(sent[whose:pos], kind)
        or _named_opener(sent[whose:pos], people)
        or _named_state(sent[a:pos])
        or _couple(sent, pos, value)
        or (place and _ACTS.match(sent, pos + len(value)) is not None)
        or cues.not_held(sent, (a, b), (pos, pos + len(value)), t.cues["trip"] if place else None)
        or cues.HEDGE.search(sent[max(since, a) : b])
    )


# a place that does something is its clause's subject, no one's home: "because India does not allow dual"
_ACTS = re.compile(
    r"\s+(?:does|doesn't|did|didn't|won't|will|would|can|can't|cannot|allows?|requires?|says|said|wants?)\b", re.I
)
PLACE_KINDS = ("city", "country", "place")  # the types whose values are places (a trip's, or a home)
_OPENER = re.compile(r"\W*(?:(?:and|but|so|while|whereas)\s+)?(?-i:([A-Z][a-z]+))\s+(?!(?:and|&|or)\b)(?-i:[a-z]+)\b")


# a state said of whoever opens the clause: "Bartek is now QA team lead", "Akua and Mireille are getting married"
_STATE_VERB = re.compile(r"\s*(?:(?:and|&)\s+[A-Z][a-z]+\s+)?(?:is|are|was|were|'s|has|have|had|got|became|just)\b")


# the value is one of two people said together: "Akua and Mireille are getting married"
_COUPLE_BEFORE = re.compile(r"(?:^|\W)(?-i:[A-Z][a-z]+)\s+(?:and|&)\s+$")
_COUPLE_AFTER = re.compile(r"\s*(?:are|were|'re|have|had|just|both|finally)\b")


def _couple(sent: str, pos: int, value: str) -> bool:
    return bool(_COUPLE_BEFORE.search(sent[:pos]) and _COUPLE_AFTER.match(sent, pos + len(value)))


def _named_opener(clause_text: str, people: frozenset[str]) -> bool:
    """The clause opens on someone recorded doing something ("Hiroshi stuck with Spanish"): their value."""
    m = _OPENER.match(clause_text)
    if m is not None and _SOMEONE_FROM.match(clause_text, m.end(1)):  # "Lina from choir is married to ...": hers
        return bool(gender_of(m.group(1))) and not is_known_place(m.group(1))
    return m is not None and m.group(1) in people


_SOMEONE_FROM = re.compile(
    r"\s+(?:from|at|in|on)\s+(?:the\s+|my\s+|our\s+)?(?:[\w-]+\s+){1,2}(?:is|was|has|had|just|got|works|worked|lives|"
    r"lived|moved|joined|started|teaches|does|runs|went|left)\b"
)


def _named_state(clause_text: str) -> bool:
    """The value's own clause opens on a name said to be in a state ("Bartek is now QA team lead")."""
    named = re.match(r"\W*(?:(?:and|but|so|while|whereas)\s+)?(?!(?:Mine|Ours)\b)(?-i:([A-Z][a-z]+))\b", clause_text)
    return (
        named is not None
        and named.group(1).lower() not in words("not_names")
        and _STATE_VERB.match(clause_text, named.end()) is not None
    )


# a sentence with no subject of its own, opening on an article or a verb of change ("The skin test says
# sesame", "Moved to Austin in May"): in a passage that names nobody, the speaker's
_IMPLIED = re.compile(
    r"\W*(?:(?:update|news|big\s+news|good\s+news|results?|verdict|fyi|btw|ok|okay|so|well|anyway|also)\W+)*"
    r"(?:the|a|an|new|just|finally|turns\s+out|got|moved|started|switched|joined|officially|back|signed|it'?s|it\s+is|"
    r"left|dropped|changed|updated|transferred|relocated)\b|\W*(?=\d)",  # or a fragment that is a number's
    re.I,
)
# a capitalised word that could be who the sentence is about ("The flat Carol found"), not what follows a
# preposition ("signed with Klarna")
_CAPITAL = re.compile(
    r"(?<!\bat\s)(?<!\bwith\s)(?<!\bfor\s)(?<!\bto\s)(?<!\bin\s)(?<!\bfrom\s)(?<=\s)(?-i:[A-Z][a-z]+)\b"
)


_THING_RUN = re.compile(r"\b(?:a|an|the|\d+)\s+(?-i:[A-Z][\w-]*(?:\s+[A-Z0-9][\w.-]*)*)")


def _who_capitals(sent: str) -> list[str]:
    """The capitalised words that could be who a sentence is about: not a thing's name after an article or a
    year ("it's a 2020 Kia Niro now")."""
    return _CAPITAL.findall(_THING_RUN.sub(lambda m: " " * len(m.group(0)), sent))


def _continues(sent: str, lead: str, t: Table, before: str) -> bool:
    """A fragment without a person of its own beside a sentence in the speaker's own frame, or in a passage
    that names nobody at all ("Allergy test done. The skin test says sesame."): the speaker's, implied."""
    timeless = re.sub(  # and "you could say" says nothing of the listener
        r"\bthis\s+(?:time|year|month|week|spring|summer|autumn|fall|winter|round)\b|\byou\s+(?:can|could|might)\s+say\b",
        "",
        sent,
        flags=re.I,
    )
    bare = not re.search(  # "Canada this time"; "there's a Kia EV6 in the driveway now": no one's there
        r"\b(?:you|your|he|she|they|this|that|there(?!['’]s|\s+is|\s+are)|who)\b", timeless, re.I
    )
    nobody = (
        _IMPLIED.match(sent) is not None
        and not re.search(r"\b(?:he|she|they|his|her|their|him|them)\b", lead, re.I)  # "you": the assistant asked
        and all(
            is_known_place(w) or w.lower() in words("not_names") or any(f(w) for f in _WORD_KINDS.values())
            for w in _who_capitals(sent.strip())
        )  # (a language or a nationality names no one)
    )
    return (
        bare
        and (t.cues["first_person"].search(lead) is not None or nobody)
        and not t.cues["other_person"].search(sent + " " + before)
    )


# types whose values are said of many things besides the speaker's own state: their cue is needed even with a
# value filed ("I bought a yellow raincoat" is no new favourite colour; "We got a dog!" no allergy)
_ALWAYS_CUED = frozenset({"allergen", "colour", "demonym"})


def _cue_for(own: re.Pattern[str] | None, kind: str, values: Sequence[str], turn: str) -> re.Pattern[str] | None:
    """What a sentence (or, for a fragment, the sentences around it) must say for a value of the type to be the
    speaker's new one: the type's own cue with nothing filed; nothing with a value filed, except for a type said
    of many things, which needs its cue unless the turn names the value filed ("... mustard yellow lately. I
    think green's been replaced")."""
    if not values:
        return own
    named = {v for v in values if v.strip()} | {v.split()[-1] for v in values if len(v.split()[-1]) > 3}  # "the yellow"
    if kind not in _ALWAYS_CUED or any(re.search(rf"\b{re.escape(v)}\b", turn, re.I) for v in named):
        return None
    return own


def changes(
    text: str,
    said_at: datetime,
    filed: Mapping[str, Sequence[str]],
    already: Sequence[Statement] = (),
    asked: str | None = None,
    people: frozenset[str] = frozenset(),
) -> list[Statement]:
    """Statements of a new value for each typed attribute of the speaker, read from their turn.

    `filed`: attribute -> values filed for the speaker (holding), newest said first. An attribute with
    values filed takes a different value of its type; one with none filed takes a value only from a
    sentence that also carries the type's own-state cue (data/context.toml [own]): "the new flat in
    Rotterdam", "use dana@fastpost.net for me". `already`: what the extractor read in the turn; an
    attribute it read, or a value it filed, is left to it. `asked`: the question the turn answers, read as
    the speaker's own words before its first sentence ("Where are you living now?" / "Tucson.").
    """
    t = table()
    read_attrs = {s.attribute for s in already if s.subject == SELF and s.polarity == 1}  # "keto is over" ends one
    read_values = {fold(s.value) for s in already if s.subject == SELF}
    norm = readable(text, asides=False)
    passages = read_passages(norm, in_own_words(asked) if asked else "", table().cues["first_person"])
    out: list[Statement] = []
    for attribute, kind in t.types.items():
        values = filed.get(attribute) or ()
        if attribute in read_attrs or (not values and kind not in t.own):
            continue
        known = _known(attribute, kind, values)
        cue = _cue_for(t.own.get(kind), kind, values, norm)
        best = _last_new(passages, kind, cue, known, read_values, attribute, people)
        if best is not None:
            out.append(_statement(attribute, best, norm, said_at))
    out += _loved(passages, filed, read_attrs, norm, said_at)
    return _of_filed_favourite(out, filed)


def _loved(
    passages: list[Passage], filed: Mapping[str, Sequence[str]], read: set[str], norm: str, said_at: datetime
) -> list[Statement]:
    """New favourites: of any dish or book where one is filed; a drink or a dish known for what it is where none is."""
    t, out = table(), []
    loved = [a for a, vs in filed.items() if a.startswith(FAVORITE) and vs and a not in t.types]
    for attribute in (a for a in loved if a not in read):
        fav = favourites.last_new(passages, attribute, filed[attribute], t.cues["other_person"], len(loved) == 1)
        if fav is not None:
            out.append(_statement(attribute, fav, norm, said_at))
    served = favourites.first_served(passages, filed, read | {s.attribute for s in out}, t.cues["other_person"])
    return out + [_statement(a, fav, norm, said_at) for a, fav in served]


def _known(attribute: str, kind: str, values: Sequence[str]) -> set[str]:
    """The values filed, as compared; a colour's also by its last word ("green" is the forest green filed)."""
    return {value_key(attribute, w) for v in values for w in {v, v.split()[-1] if kind == "colour" else v}}


def _of_filed_favourite(out: list[Statement], filed: Mapping[str, Sequence[str]]) -> list[Statement]:
    """A value read for a favourite filed is no other favourite's: "Rust is my favorite now" (a language)."""
    filed_favourite = {fold(s.value) for s in out if s.attribute.startswith(FAVORITE) and filed.get(s.attribute)}
    return [s for s in out if filed.get(s.attribute) or fold(s.value) not in filed_favourite]


def _statement(attribute: str, found: tuple[str, int, int], norm: str, said_at: datetime) -> Statement:
    value, a, b = found
    when = find_time(norm[a:b], said_at)
    valid = when[0] if when else said_at.date()
    return Statement(subject=SELF, attribute=attribute, value=value, valid_from=valid, span=(a, b))


_FOOD_AFTER = re.compile(
    r"\s+(?:wine|tea|chocolate|coffee|bread|rice|meat|fish|beans?|lentils|pepper|onion|sauce)\b", re.I
)
_HELD_TOGETHER = ("allergen", "language", "hobby")  # types whose values hold together, said as a list
_ITEM_GAP = r"(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+)"
_LISTED = re.compile(rf"{_ITEM_GAP}(?:[\w-]+(?:\s+[\w-]+)?{_ITEM_GAP})*", re.I)  # "walnuts, pecans and almonds"


def _last_new(
    passages: list[Passage],
    kind: str,
    cue: re.Pattern[str] | None,
    known: set[str],
    read_values: set[str],
    attribute: str,
    people: frozenset[str] = frozenset(),
) -> tuple[str, int, int] | None:
    """The turn's last value of a type that is new (not filed, not read), with its sentence's span."""
    best: tuple[str, int, int] | None = None
    for p in passages:
        sent, around, s_start, s_end = p.sent, p.around, p.start, p.end
        if cue is not None and not cue.search(sent) and not (p.fragment and cue.search(around)):
            continue
        if p.fragment and best is not None:
            continue  # "... it's tree nuts. Cashews, walnuts, the lot.": a fragment after the value says more of it
        # a fragment continues the sentence before it: only that one can make its value another's ("New
        # address: Galway. My husband got a transfer." is the speaker's)
        whose = p.before
        prev = None
        for value, pos in candidate_values(sent, kind, around, people, whose):
            gap = shapes.REFINES if kind in PLACE_KINDS else _LISTED if kind in _HELD_TOGETHER else None
            part = prev is not None and gap is not None and gap.fullmatch(sent, prev, pos) is not None
            prev = pos + len(value)  # a part of the place before; a later item of a list ("tree nuts, cashews")
            if _not_the_speakers(sent, pos, value, kind, cue is not None) or part:
                continue
            if best is not None and fold(best[0]).endswith(f" {fold(value)}"):
                continue  # "... mustard yellow ... three yellow sweaters": the same colour, said short
            if value_key(attribute, value) not in known and fold(value) not in read_values:
                best = (value, s_start, s_end)
    return best


def _not_the_speakers(sent: str, pos: int, value: str, kind: str, cued: bool) -> bool:
    """The value at `pos` is left, ended, someone else's or a workplace's, or a thing's name, not a hobby."""
    said = table().cues
    if said["left"].search(sent[max(0, pos - 24) : pos]) or said["ended"].match(sent, pos + len(value)):
        return True
    if cued and said["other_person"].search(WITH_SOMEONE.sub(" ", sent[:pos])):
        return True
    if (cued or kind in ("city", "country")) and _NOT_A_PERSON.search(sent, clause(sent, pos)[0], pos):
        return True  # "The warehouse stays in Hull": a workplace's, even with a home filed
    if kind == "colour" and (
        re.search(r"(?-i:[A-Z][\w'-]*)\s+$|\bflat\s+$", sent[max(0, pos - 30) : pos])
        or _FOOD_AFTER.match(sent, pos + len(value))
    ):
        return True  # "Earl Grey": a name's word, no colour; "a flat white", "red wine": a drink
    return kind == "hobby" and value[:1].isupper() and sent[max(0, pos - 4) : pos].lower() == "the "  # "the Golf"
