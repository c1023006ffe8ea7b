"""Reading state for one turn: who speaks, who listens, who and what was last spoken about."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from twinmem import vocabulary
from twinmem.extract.base import SELF
from twinmem.extract.lexicon import big_cities, gender_of, languages, words
from twinmem.extract.table import grammar

M = grammar().macros
_PRONOUNS = frozenset("i we you he she they my our your his her him im ive".split())  # "im", "ive": typed fast
_VERSION_OF = re.compile(r"(?:version\s*v?\d[\w.]*|v\d[\w.]*)(?:\s+of\s+.*)?")
_ASKING = re.compile(r"^\W*(?:could|can|would|will|does|did|is|was|has|should|might|shall)\s+(?=[A-Z])")
_NOT_THINGS = frozenset("i we you he she they everything everyone nothing there here me price cost rent fee".split())


@dataclass
class Subject:
    display: str  # SELF, a person's name, or a thing
    kind: str  # self | person | thing
    has_be: bool = False


def name_in(text: str) -> str | None:
    """The person's name in a subject phrase ("my sister Carol" -> "Carol"), or None."""
    tokens = re.findall(M["NAMETOK"], text)
    if tokens and text.lstrip().startswith(tokens[0]) and tokens[0].lower() in words("opening_verbs"):
        return None  # "Left Acme last week, ...": the name is what was left, not who speaks
    keep: list[str] = []
    for tok in tokens:
        if tok.lower() in words("not_names") or tok.lower() in languages() or re.fullmatch(M["REL"], tok, re.I):
            keep = []
            continue
        keep.append(tok)
    if not keep:
        return None
    # only the trailing run of names belongs to the subject
    run = re.search(rf"({M['NAMETOK']}(?:\s+{M['NAMETOK']})*)\W*$", text.strip().rstrip(","))
    if run:
        names = [t for t in run.group(1).split() if t.lower() not in words("not_names")]
        if names:
            return " ".join(names)
    return " ".join(keep)


_SOLD_NAMED = re.compile(r"\b(?:sold|sells|selling)\s+(?:the\s+)?((?-i:[A-Z][\w&'-]*)(?:\s+(?-i:[A-Z][\w&'-]*)){0,3})")
# a name said to be someone's no longer: "Rusty isn't Dale's anymore", "Maple Cottage isn't the Garcias' now"
_OWNED_NAMED = re.compile(
    r"(?-i:\b([A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*){0,2}))\s+(?:isn'?t|is\s+not|is\s+no\s+longer|'s\s+no\s+longer)\s+"
    r"(?:the\s+)?(?-i:[A-Z][\w'-]*)(?:['’]s?)?(?=\s+(?:anymore|any\s+more|now)\b|\s*[,.;!])"
)
_HEADED_NAME = re.compile(  # a name that says what it is: "Hearthstone Bakery", "Copper Kettle Cafe"
    r"(?-i:\b((?:[A-Z][\w&'-]*\s+){1,3}(?:Bakery|Cafe|Café|Bistro|Deli|Pub|Restaurant|Salon|Shop|Store|Studio|Gym|"
    r"Bookshop|Bakehouse|Diner|Garage|Club|Farm|Cottage|Inn|Hotel)))\b"
)
_AT_PLACE = re.compile(r"\b(?:in|at|into)\s+$", re.I)
_AUX_WORDS = frozenset("was were is are has have had been got gets just now then finally also".split())
_AND_THEIR = re.compile(r"(?-i:\b([A-Z][a-z]+))\s+and\s*$")


def paired_with(before: str) -> str | None:
    """The person named just before "and his/her/their ...": "my bff Sam and her boyfriend Chris" is Sam's."""
    pair = _AND_THEIR.search(before)
    return pair.group(1) if pair and pair.group(1).lower() not in words("not_names") else None


def _rel_inside(sentence: str) -> re.Match[str] | None:
    """ "knitting a scarf for my friend Odalys, her ...": the one relative named by name inside a sentence that
    names no one else before it."""
    found = list(
        re.finditer(rf"\b(?i:my|our)\s+(?i:{M['REL']})\s+({M['NAMETOK']})(?![\w'’-]|\s+(?-i:[A-Z]))", sentence)
    )
    if len(found) != 1 or re.search(r"\b(?:he|she|his|her|him)\b", sentence[: found[0].start()], re.I):
        return None
    return found[0]


class Turn:
    """Reading state for one turn: role, said date, who was last spoken about.

    Who "I" and "you" are: a turn whose speaker the client named (`name`) speaks for that person,
    whatever its role, and its "you" is nobody we can name (the other party). Without a name, a
    user turn's "I" is the end user; an assistant turn's "I" is the assistant (never filed) and its
    "you" is the end user, restated (see docs/decisions.md, "Assistant turns").
    """

    def __init__(self, role: str, said: datetime, named: bool = False) -> None:
        self.assistant = role == "assistant"
        self.named = named
        self.said = said
        self.last_person: Subject | None = None
        self.last_thing: Subject | None = None
        self.known_thing: str | None = None  # the one recorded thing the turn (or its question) names
        self.partner: str | None = None
        self.sentence = self.before = ""  # the sentence being read, and the one before it
        self.opened_by: Subject | None = None  # the person the sentence being read opens on ("Leila sold ...")
        self.opened_before: Subject | None = None  # and the one the sentence before opened on

    def speaker(self) -> Subject | None:
        return None if self.assistant and not self.named else Subject(SELF, "self")

    def listener(self) -> Subject | None:
        return Subject(SELF, "self") if self.assistant and not self.named else None

    def notice(self, sentence: str) -> None:
        """A sentence that opens with a person's name makes them whom "he" or "she" refers to next."""
        self.sentence, self.before = sentence, self.sentence
        self.opened_before, self.opened_by = self.opened_by, None
        sentence = _ASKING.sub("", sentence)  # "Could Oskar help?": Oskar
        if (called := _CALLED.search(sentence)) and called.group(1).lower() not in words("not_names"):
            self.last_person = Subject(called.group(1), "person")  # "his name is Ravi": Ravi is whom "he" is next
            return
        rel = (  # "my sister Ana moved", "mum Rosalind's downsized"
            rf"\W*(?:(?i:my|our)\s+(?:(?-i:[a-z]+)\s+)?)?(?i:{M['REL']})\s+({M['NAMETOK']})(?:['’]s)?\s+"
            r"(?:and\s+(?:his|her)\s|(?!(?:and|&|or)\b)[a-z])"
        )
        m = re.match(rel, sentence) or _rel_inside(sentence) or _MET.search(sentence)  # "Ran into Raj ...": Raj
        own = rf"(?:['’]s(?!\s+(?:[\w-]+\s+)?(?:{M['REL']})s?\b))?"  # "Dev's referral ...", not "Anna's brother"
        lead = r"\W*(?:(?-i:[A-Z]?[a-z]+)(?:\s+[a-z]+)?,\s+)?"  # "Sad day, Raj had his leaving drinks": Raj
        m = m or re.match(rf"{lead}({M['NAMETOK']}(?:\s+{M['NAMETOK']})?){own}\s+(?!(?:and|&|or)\b)[a-z]", sentence)
        if m and (name := name_in(m.group(1))) and name.lower() not in words("not_names") and not _DOING.search(name):
            if re.search(r"(?:ers|ors|ies|ents|ants|ists|ians|ees)$", name) and not gender_of(name):  # "Suppliers ..."
                return
            if _OBJECT_PRONOUN.match(sentence, m.end(1)):  # "Paystack poached him": "him" is someone else
                return
            self.last_person = Subject(name, "person")
            self.opened_by = self.last_person if m.start(1) < 12 and not _MET.match(sentence) else None

    def pronoun(self, word: str) -> Subject | None:
        w = word.lower()
        if w in ("i", "we", "my", "our", "me", "us", "im", "ive"):
            return self.speaker()
        if w in ("you", "your"):
            return self.listener()
        if w in _GENDERED:
            return self._by_gender(w, _GENDERED[w])
        return None

    def _by_gender(self, word: str, gender: str) -> Subject | None:
        """Whom "she" or "he" is: the person last spoken about when their name or relation is this gender's; else
        the last one of this gender named before it in the sentence ("visiting Ines, but she relocated"); else
        the person last spoken about if nothing says their gender; else the last one of this gender named in the
        sentence before ("Bettina and Klaus divorced. She's engaged to Rahel": Bettina)."""
        last = self.last_person
        known = _gender(last.display, self.sentence + " " + self.before) if last is not None else None
        if last is not None and known == gender:
            return last
        at = re.search(rf"\b{word}\b", self.sentence, re.I)
        if fits := self._of_gender(self.sentence[: at.start()] if at else self.sentence, gender):
            return self._third(fits)
        if last is not None and known is None:
            return last
        fits = self._of_gender(self.before, gender)
        return self._third(fits) if fits else None  # no one of this gender named

    @staticmethod
    def _of_gender(text: str, gender: str) -> str | None:
        named = [n for n in re.findall(M["NAMETOK"], text) if n.lower() not in words("not_names")]
        fits = [n for n in named if _gender(n, text) == gender]
        return fits[-1] if fits else None

    def it_thing(self, skip: str = "") -> Subject | None:
        """What "it" is: the thing a match last named, else a service named by its identifier before "it" in
        the sentence or in the one before ("handed the payments-dashboard over, and Ines owns it now"); never a
        name inside `skip` (the value said of it)."""
        if self.last_thing is not None:
            return self.last_thing
        its = list(re.finditer(r"\b(?:it|this|that|we)\b", self.sentence, re.I))
        it = its[-1] if its else None  # the last one: "rather than fight it we moved billing-api, so it's on 7443"
        for text in (self.sentence[: it.start()] if it else "", self.before):
            if named := _things_named(text, skip):
                return Subject(named[-1], "thing")
        return Subject(self.known_thing, "thing") if self.known_thing else None  # the one thing the turn names

    def person(self, phrase: str) -> Subject | None:
        """Subject for a person phrase: a pronoun, "my sister Carol", "Alice Chen"."""
        phrase = phrase.strip().strip(",").strip()
        first = phrase.split()[0].lower() if phrase else ""
        if " " not in phrase and first in _PRONOUNS:
            return self.pronoun(first)
        name = name_in(phrase)
        if name is None:
            if first in ("my", "our") and re.search(rf"\b(?:{M['PARTNER_RELS']})\b", phrase, re.I) and self.partner:
                return self._third(self.partner)
            return None
        if first in ("your",) and self.listener() is None:
            return None
        return self._third(name)

    def _third(self, name: str) -> Subject:
        subj = Subject(name, "person")
        self.last_person = subj
        return subj

    def _it_after(self, toks: list[str]) -> Subject | None:
        """ "Since the gateway rollout it serves on 9443": "it" is the thing named before, not the gateway."""
        while len(toks) > 2 and (toks[-1].lower() in _AUX_WORDS or toks[-1].lower().endswith("ly")):
            toks = toks[:-1]  # "it was physically relocated": it
        return self.it_thing() if len(toks) > 1 and toks[-1].lower() in ("it", "they") else None

    def _her_vessel(self, toks: list[str]) -> Subject | None:
        """ "Took Otter out this morning, she's moored at ...": "she" for a boat, the name before it that is no
        person's (with no woman named in the sentence or the one before)."""
        if not toks or re.sub(r"['’]s$", "", toks[-1]).lower() != "she":
            return None
        said = f"{self.before} {self.sentence[: self.sentence.rfind(toks[-1])]}"
        names = [n for n in _VESSEL.findall(said) if n.split()[0].lower() not in words("not_names")]
        if not names or any(gender_of(w) == "female" for w in re.findall(r"\b[A-Z][a-z]+\b", said)):
            return None  # "Took Sarah out ..., she's ...": Sarah
        return Subject(names[-1], "thing")

    def thing(self, pre: str) -> Subject | None:
        """Subject for a thing named just before the predicate ("the payments service")."""
        toks = re.findall(r"[\w.@/+#'’&-]+", pre)
        if (said := self._it_after(toks)) is not None or (said := self._her_vessel(toks)) is not None:
            return said
        det, np = _thing_phrase(toks)
        if not np or np[0] == "&":
            return None
        text = re.sub(r"['’]s$", "", " ".join(np))
        low = text.lower()
        if low in _NOT_THINGS or _VERSION_OF.fullmatch(low):  # "Version 4 (of X) went live"
            return None
        if low in ("it", "this", "that") or ITS_OWN.fullmatch(low):  # "The current version is 2.4.1": its
            return self.it_thing()
        if det >= 0 and GENERIC.fullmatch(text) and (named := self.it_thing()) is not None:
            return named
        if re.search(
            rf"\b(?:{M['REL']}|parents|kids|children|family|friends|folks|people|grandparents|relatives|"
            rf"everyone|everybody|someone|somebody|team\s+mates|guys)s?$",
            low,
        ):
            return None
        if _NUMBER.fullmatch(text):  # "8080 is closed", "2.4.0 is live": a value, not a thing
            return None
        seat = _SEAT.fullmatch(text)  # "Meridian's head office is in Leeds": Meridian is
        text = seat.group(1) if seat else text
        text, headed = _named_by_head(text)
        versioned = _VERSIONED.fullmatch(text)  # "orbit 3.0.0 shipped": orbit, named with its version
        text = versioned.group(1) if versioned else text
        if (
            det < 0 and not versioned and not headed and not re.search(r"[A-Z0-9]|[a-z][-_.][a-z]", text)
        ):  # a name, or an identifier
            return None
        subj = Subject(text, "thing")
        self.last_thing = subj
        return subj


def _thing_phrase(toks: list[str]) -> tuple[int, list[str]]:
    """The words naming a thing before its predicate (`_noun_phrase`), with where its determiner is; the name
    before a place it is by ("The Pemberley Tea Rooms by the abbey"), or before what it is ("Kestrel the box")."""
    det, np = _noun_phrase(toks)
    if det >= 2 and toks[det - 1].lower() in _PLACING and (named := _noun_phrase(toks[: det - 1])[1]):
        np = named if named[0][:1].isupper() else np
    if np and _named_apart(toks, det, np):
        np = toks[det - 1 : det]
    return det, np


def _named_apart(toks: list[str], det: int, np: list[str]) -> bool:
    """A name said before "the <what it is>" with no comma ("Kestrel the build box"): the name is the thing."""
    if det < 1 or toks[det].lower() not in ("the", "our", "my") or not all(w.islower() for w in np):
        return False
    name = toks[det - 1]
    return (
        bool(re.fullmatch(r"[A-Z][\w-]+", name))
        and name.lower() not in words("not_names")
        and all(w.lower() in words("not_names") for w in toks[: det - 1])
    )


def _named_by_head(text: str) -> tuple[str, bool]:
    """The name in a thing said with what it is: "our build server kestrel", "the price-watcher bot"."""
    headed = _HEADED.fullmatch(text) or _ID_HEADED.fullmatch(text)
    return (headed.group(1), True) if headed else (text, False)


# "him", or "her" as an object (not "her husband"), right after the verb that follows a name
_OBJECT_PRONOUN = re.compile(
    r"\s+(?!(?:and|or|with)\b)\w+(?:\s+up)?\s+(?:him\b|her\b(?=\s*(?:[.,;:!?—–-]|$|\s+(?:last|this|yesterday|today|on|in|at|"
    r"to|for|from|away|back|over|out|again|as)\b)))",
    re.I,
)
_SEAT = re.compile(
    r"(.+?)['’]s\s+(?:head\s+office|headquarters|hq|main\s+office|home\s+base|slip|berth|mooring|hangar|rack|"
    r"servers?|data\s*cent(?:er|re)|region|garage|pitch|stall|spot)",
    re.I,
)  # where a thing is kept: "Marigold's slip is in Port Townsend" is where Marigold is
_MET = re.compile(
    r"\b(?i:ran\s+into|bumped\s+into|met\s+up\s+with|caught\s+up\s+with|heard\s+from|had\s+(?:coffee|lunch|dinner|drinks)\s+with|"
    r"saw|visited|texted|messaged)"
    rf"\s+({M['NAMETOK']})\b"
)
_CALLED = re.compile(rf"\b(?i:his|her)\s+name(?:['’]s|\s+is)\s+({M['NAMETOK']})")
# what a thing is said to be: a server, a service, a tool, ...
_KINDS = (
    r"server|box|service|microservice|app|bot|db|database|cluster|machine|vm|instance|runner|node|"
    r"host|worker|tool|cli|api|library|lib|package|repo|project|pipeline|daemon|gateway|proxy|queue|cache|plugin|"
    r"extension|dashboard|site|platform|model|script|job"
)
# a thing named after what it is, or as what it is called: "our internal deploy CLI, tern", "an app called quill"
_KIND_NAMED = re.compile(
    rf"\b(?:(?:our|the|my|their)\s+(?:[\w-]+\s+){{0,3}}(?:{_KINDS})\s*,\s*|(?:called|named)\s+)"
    r"(?-i:([a-z][a-z0-9]*(?:[-_][a-z0-9]+)*|[A-Z][\w-]+))\b",
    re.I,
)
# a name with a capital inside it is a product's: StudyPal, QuizBot (not McKenzie, O'Brien, iPhone)
_CAMEL = re.compile(r"(?<![\w'’-])(?-i:[A-Z][a-z]{2,}[A-Z][a-z]+)(?![\w'’-])")
# a product named after "the" mid-sentence: "Now the Pinecrest health check fails"
_THE_NAMED = re.compile(  # (not a family: "the Garcias anymore")
    r"\b(?:the|our|my)\s+(?-i:([A-Z][a-z]+(?:[A-Z][a-z]+)*))\s+(?!(?:anymore|any\s+more)\b)(?-i:[a-z])"
)
ITS_OWN = re.compile(
    r"(?:current|latest|new|live|stable|production|prod|real|actual|main)\s*(?:one|version|release|build|port)?"
)
# "I moved the service to port 7070": the one named before, when one was (else the service itself)
GENERIC = re.compile(rf"(?-i:(?:{_KINDS}|website|backend|frontend))")
# a thing named after what it is: "build server kestrel", "API server atlas", "the db box osprey"
_HEADED = re.compile(
    rf"(?:[\w-]+\s+){{0,2}}(?:{_KINDS})\s+"
    r"(?-i:([a-z][a-z0-9]{2,}))",
    re.I,
)
_ID_HEADED = re.compile(rf"(?-i:([a-z][a-z0-9]*(?:[-_][a-z0-9]+)+))\s+(?:{_KINDS}|bot|app|job|script|repo)", re.I)
_DOING = re.compile(r"ing$|-[a-z]")  # "House-sitting for mum again": an activity opens it, not a person
_GENDERED = {"he": "male", "him": "male", "his": "male", "she": "female", "her": "female"}
_REL_GENDER = {
    **dict.fromkeys(
        "brother husband boyfriend dad father son uncle nephew grandpa grandfather stepdad".split(), "male"
    ),
    **dict.fromkeys(
        "sister wife girlfriend mum mom mother daughter aunt niece grandma grandmother stepmum stepmom".split(),
        "female",
    ),
}


def _gender(name: str, text: str) -> str | None:
    """A person's gender as the text's relation word says ("my brother Rafael"), else as their first name does."""
    rel = re.search(rf"\b(\w+)\s*,?\s+{re.escape(name)}\b", text)
    return _REL_GENDER.get(rel.group(1).lower()) if rel and rel.group(1).lower() in _REL_GENDER else gender_of(name)


# a service named by an identifier ("billing-db", "notify_bot"), and the first words of hyphenated ordinary ones
_IDENT = re.compile(r"(?<![\w@./-])(?-i:[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+)(?![\w@/-]|\.\w)")
_NOT_IDENT = frozenset(
    "on follow check sign log set well e x t co part full long short real open self one day up built add re hand "
    "roll pre non high low mid half ex anti multi semi cross all in out over under back front end year week month "
    "so great step twenty thirty forty fifty sixty seventy eighty ninety first second third last next old new "
    "to pop hip lo hi take drop walk stand make break check-in grown brand well-being much ice".split()
)
_NUMBER = re.compile(r"[v#]?\d[\d.,:]*")
_VERSIONED = re.compile(r"([A-Za-z][\w+#-]*(?:\s+[A-Za-z][\w+#-]*)?)\s+v?\d+(?:\.\d+){1,3}")
# a vessel's name: after "the", "called"/"named", or a verb of sailing it ("Took Otter out", "the Sea Wren")
_VESSEL = re.compile(
    r"(?:\b(?i:the|called|named|took|sailed|sail|take|moved|brought)\s+)((?-i:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?))"
)
_PLACING = frozenset("by near on in at behind beside opposite off".split())  # where a named thing is
_DETERMINERS = ("the", "our", "my", "their", "this", "its", "your")
_JOINS = ("and", "but", "so", "because")


def _noun_phrase(toks: list[str]) -> tuple[int, list[str]]:
    """(where its determiner is, -1 for none; the words naming the thing) at the end of the words before a
    predicate: after the last determiner, else up to four words back to a word that names nothing."""
    det = max((i for i, w in enumerate(toks) if w.lower() in _DETERMINERS), default=-1)
    if det >= 0:
        np = toks[det + 1 :]
    else:
        np = []
        for w in reversed(toks[-4:]):
            low = w.lower()
            if (low in words("not_names") and low not in ("it", "this", "that")) or low in _JOINS:
                break
            np.insert(0, w)
    np = [w for w in np if w.lower() not in ("now", "currently", "still")]
    named = next((i for i, w in enumerate(np) if w[:1].isupper()), 0)
    if all(w.isalpha() and w.islower() for w in np[:named]) and not (len(np) == named + 1 and np[-1].isupper()):
        np = np[named:]  # "my bakery Crumb & Co", "a server running Grafana" (not "the billing API")
    return det, np


def _things_named(text: str, skip: str = "") -> list[str]:
    """Things named in a text, in order of kind: identifiers (not a value said with its preposition: "is no longer
    in dc-ams2, it was moved"), things called by what they are or by name, products, things sold, names that say
    what they are, and "the <Name> <noun>"; never a name inside `skip`."""
    named = [
        m.group(0)
        for m in _IDENT.finditer(text)
        if m.group(0).split("-")[0] not in _NOT_IDENT and not _AT_PLACE.search(text, 0, m.start())
    ]
    named += [m.group(1) for m in _KIND_NAMED.finditer(text)]  # "our deploy CLI, tern", "a tool called tern"
    named += [m.group(0) for m in _CAMEL.finditer(text)]  # "I recommend StudyPal to everyone": a product
    named += [m.group(1) for m in _SOLD_NAMED.finditer(text)]  # "Ilse finally sold Larchwood!"
    named += [_unopened(m.group(1)) for m in _OWNED_NAMED.finditer(text)]  # "Rusty isn't Dale's anymore."
    named += [_unopened(m.group(1)) for m in _HEADED_NAME.finditer(text)]  # "Hearthstone Bakery does the best buns"
    named = [n for n in named if not (skip and n in skip)]  # "a teacher named Carol Henderson bought it"
    return named + [  # "the Vela thermostat", not "the Austin closet" (a place's closet) or "my Spanish class"
        m.group(1)
        for m in _THE_NAMED.finditer(text)
        if m.group(1).lower() not in words("not_names")
        and m.group(1).lower() not in big_cities()
        and m.group(1).lower() not in languages()
    ]


def _unopened(name: str) -> str:
    """A name without the word opening its sentence ("So Lark Cottage isn't ...": Lark Cottage)."""
    first, _, rest = name.partition(" ")
    return rest if rest and first.lower() in words("not_names") else name


def one_of(things: Mapping[str, Mapping[str, Sequence[str]]], kind: str) -> str | None:
    """The one person (or thing) among the subjects a turn names or refers back to: all their values are a
    person's (or a thing's)."""
    found = [n for n, filed in things.items() if filed and all(vocabulary.about(a) == kind for a in filed)]
    return found[0] if len(found) == 1 else None
