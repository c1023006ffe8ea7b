"""Where sentences and clauses of a turn begin and end (offsets kept), and what is never read."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from twinmem.extract import cues
from twinmem.extract.base import Statement
from twinmem.extract.lexicon import big_cities, countries, english, gender_of, languages
from twinmem.extract.table import grammar
from twinmem.values import DEMONYMS, fold

_LONG_TOKEN = re.compile(r"\S{64,}")


def mask_long_tokens(text: str) -> str:
    """Blank out tokens no value is made of (64+ characters: URLs, hashes, pasted data), keeping offsets.

    The patterns backtrack over a long run of word characters in quadratic time; a 32,000-character
    token took 100 s. Masked text keeps every offset, so spans still point into the original turn.
    """
    return _LONG_TOKEN.sub(lambda m: " " * len(m.group(0)), text)


_THEN_VERB = (
    r"(?=\s+(?:is|are|was|were|has|had|lives|runs|sits|stands|hangs|costs|now|just|got|belongs|moved|stays|works)\b)"
)
# a name, then an aside describing it, then its verb: "Orion, our scheduling app, is in beta", "Tidepool (our
# analytics dashboard) is Lena's"
_ASIDE = re.compile(
    r"(?:(?-i:\b[A-Z][\w-]*)|\b[a-z][a-z0-9]*(?:-[a-z0-9]+)+)"
    r"(?P<aside>\s*,\s*(?:our|the|my|their)\s+[^,.;:!?]{1,50}?,|\s*\((?:our|the|my|their|an?)\s+[^()]{1,50}?\))"
    + _THEN_VERB,
    re.I,
)


# a relative clause between a subject and its verb: "My new favorite food, which I eat weekly, is bibimbap",
# "Greenway Wholesale, where I get my dry goods, is out at Avonmouth"
_RELATIVE_ASIDE = re.compile(
    r"\s*,\s*(?:which|who|that|where)\s+(?:i|we)\s+[^,.;:!?]{1,60}?,"
    + _THEN_VERB
    + r"|(?<=\w)\s*,\s*who\s+(?!(?:i|we)\b)[^,.;:!?]{1,70}?,"  # "Beatrix, who taught French with me, is engaged"
    + _THEN_VERB
    + r"|(?<=\w)\s*,\s*(?:made|built|designed|founded|restored|painted|carved|named)\s+[^,.;:!?]{1,70}?,"
    + _THEN_VERB  # "Our Harrington Clock, made by a local clockmaker in 1782, stands in the Guildhall"
    + r"|(?<=\w)\s*,\s*who['’]s\s+[^,.;:!?]{1,60}?,"
    + r"(?=\s+(?:bought|took|owns|runs|joined|left|moved)\b)",
    re.I,
)  # (and "Tom Brennan, who's worked the ovens there for years, bought Hearthstone Bakery")


# what a thing is, then its name as the aside: "Our sales dashboard, Atlas, is owned by Marco"
_NAMED_ASIDE = re.compile(
    r"(?P<what>\b(?:our|the|my|their)\s+(?-i:(?:[a-z][a-z-]*|[A-Z]{2,5})(?:\s+(?:[a-z][a-z-]*|[A-Z]{2,5})){0,5})\s*,\s*)"
    r"(?:(?-i:[A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*){0,2})|(?-i:[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)*))"
    r"(?P<comma>\s*,)" + _THEN_VERB,
    re.I,
)


def mask_asides(text: str) -> str:
    """Blank out the aside between a name and its verb, keeping offsets: "Orion, our scheduling app, is in
    beta" reads as "Orion is in beta" (the aside says what Orion is, not what it holds), and "Our sales
    dashboard, Atlas, is owned by Marco" as "Atlas is owned by Marco"."""
    text = _ASIDE.sub(lambda m: m.group(0)[: m.start("aside") - m.start()] + " " * len(m.group("aside")), text)
    text = _RELATIVE_ASIDE.sub(lambda m: " " * len(m.group(0)), text)  # "My new favourite, which I ..., is X"
    return _NAMED_ASIDE.sub(_name_kept, text)


def _name_kept(m: re.Match[str]) -> str:
    """The name, and for one in lower case its determiner too ("our ... quarry runs"), so it reads as a thing."""
    name = m.group(0)[m.end("what") - m.start() : m.start("comma") - m.start()]
    what = m.group("what")
    det = what.split()[0] if name[:1].islower() else ""
    return det + " " * (len(what) - len(det)) + name + " " * len(m.group("comma"))


# words quoted, not said: a passage in quotes ("The article opens with 'I moved to Lisbon ...'")
_QUOTED = re.compile(r"(?<![\w'’])(['\"“‘])(?=\S)[^'\"”’\n]{8,}?\s[^'\"”’\n]*?['\"”’](?![\w])")


def mask_quotes(text: str) -> str:
    """Blank out a quoted passage (a sentence someone wrote or is asked to translate), keeping offsets: what
    is in quotes is not the speaker saying it."""
    return _QUOTED.sub(lambda m: " " * len(m.group(0)), text)


_LOWER_I = re.compile(r"(?<![\w'])i(?=(?:'m|'ve|'d|'ll|’m|’ve|’d|’ll)?(?![\w'’]))")


_SHOUTED = re.compile(r"(?<![^\s.!?])(?:[^\sa-z.!?]+\s+){2,}[^\sa-z.!?]+[.!?]*(?=\s|$)")  # 3+ words, no lower case


def recased(text: str, names: list[str]) -> str:
    """A turn typed in lower case with its known names as recorded ("lorenzo and i broke up" reads "Lorenzo and
    I broke up"): each capitalised name, and "i", where the turn writes them in lower case. Same length, so
    every offset holds. A sentence typed all in capitals ("LUCÍA FINALLY RETIRED THE PANDA!!!") is read as
    typed in lower case."""
    text = _SHOUTED.sub(lambda m: m.group(0).lower(), text)
    for name in sorted({n for n in names if n[:1].isupper() and len(n) >= 3}, key=lambda n: (-len(n), n)):
        low = name.lower()
        if low in text:
            text = re.sub(rf"(?<![\w-]){re.escape(low)}(?![\w-])", name, text)
    return _LOWER_I.sub("I", text)


# where a person is named: after one's relation to the speaker, or "her name's"
_M = grammar().macros  # (cues has loaded the grammar already)
_PERSON_LEAD = re.compile(
    r"\b(?:(?:my|our|his|her|their)\s+(?:(?:little|big|older|younger|best|old|new|twin|baby)\s+)?"
    rf"(?:{_M['REL']}|mate|pal)|(?:his|her|their)\s+name(?:['’]s|\s+is)|called|named)\s+"
    r"(?P<name>[a-z][a-z'-]+)\b"
)


# a pet's name, whatever the word: "a hamster called nugget", "a puppy named waffles"
_PET_NAMED = re.compile(rf"\b(?:{_M['SPECIES_WORDS']}|pup|mouse|boxer)\s+(?:called|named)\s+(?P<name>[a-z][a-z'-]+)\b")


def people_recased(text: str, given: Callable[[str], object]) -> str:
    """A person typed in lower case where a person is named ("my sister marguerite", "her name's priyanka") as
    a name, when `given` knows it as a first name, and a pet's name after its kind ("a hamster called nugget").
    Same length, so every offset holds."""
    out = list(text)
    for m in _PERSON_LEAD.finditer(text):
        if given(m.group("name")):
            out[m.start("name")] = m.group("name")[0].upper()
    for m in _PET_NAMED.finditer(text):
        out[m.start("name")] = m.group("name")[0].upper()
    for at in _beside_me(text, given):
        out[at] = text[at].upper()
    return "".join(out)


def _beside_me(text: str, given: Callable[[str], object]) -> list[int]:
    """Where a first name opens its clause beside the speaker: "soooo marcus and i ended things" (not "last
    night and i")."""
    return [
        m.start("name")
        for m in _AND_I.finditer(text)
        if _CLAUSE_OPENS.search(text, 0, m.start()) and given(m.group("name")) and m.group("name") not in _never_names()
    ]


_CLAUSE_OPENS = re.compile(r"(?:^|[.!?,;:]|\b(?:so+|ok|okay|lol|and|but|then|well|yeah|also|update|tbh|ngl))\W*$", re.I)
_AND_I = re.compile(r"(?<![\w'’@./-])(?P<name>[a-z][a-z'-]{2,})\s+(?:and|&|n)\s+(?i:i|me)\b(?!['’])")


# where a place is named: after a preposition of place or a verb of going or living
_PLACE_LEAD = re.compile(
    r"\b(?:in|to|from|near|around|outside|into|via|visiting|visit|visited|leaving|left|moved|moving|relocated|"
    r"live|lives|living|based|headed|heading|back\s+in|flew|fly|flying)\s+$",
    re.I,
)
_LOWER = "a-zß-öø-ÿā-ž"  # lower-case letters, accented too ("kraków", "zürich")
_LOWER_WORDS = re.compile(rf"(?<![\w'’@./-])[{_LOWER}][{_LOWER}'-]*(?:\s+[{_LOWER}][{_LOWER}'-]*){{0,2}}")


def places_recased(text: str, known: frozenset[str]) -> str:
    """A place typed in lower case where a place is named ("we moved to leeds") as it is spelled: the longest
    name of `known` (big cities, countries) starting at each lower-case word after a preposition of place.
    Same length, so every offset holds."""
    out = list(text)
    pos = 0
    while (m := _LOWER_WORDS.search(text, pos)) is not None:
        pos = m.start() + 1
        if not _PLACE_LEAD.search(text[max(0, m.start() - 20) : m.start()]):
            continue
        words = m.group(0).split()
        for n in range(len(words), 0, -1):
            name = " ".join(words[:n])
            if fold(name) in known and re.match(re.escape(name) + r"(?![\w'-])", text[m.start() :]):
                out[m.start() : m.start() + len(name)] = name.title()
                pos = m.start() + len(name)
                break
    return "".join(out)


# where a name typed in lower case stands: after "at", "joined" or "left", a person after "with" or "told", or the
# sentence's first word
_NAME_LEAD = re.compile(
    r"(?:^\W*$|[,;:(—–]\s*$|\b(?:at|with|joined|join|joins|joining|left|leaving|leave|quit|quitting|"
    r"and|told|asked|ask|tell|call|text|ping|dm)\s+$)",
    re.I,
)
_FIRM_TAIL = re.compile(
    r"\s+(?:labs?|tech|inc|ltd|health|bank|ai|studios?|games|group|capital|systems|software|cloud|media|university|"
    r"college|institute|academy)\b"
)
_LOWER_TOKEN = re.compile(r"(?<![\w'’@./#-])[a-z]{3,}(?![\w@/-]|\.\w)")  # no ids (notif-svc), emails or urls
_CAPITALISED = re.compile(r"\b[A-Z][a-z]")


def names_recased(text: str, known: frozenset[str], everyday: frozenset[str], given: Callable[[str], object]) -> str:
    """Names typed in lower case, capitalised: a first name that is no everyday word ("priya relocated to oslo");
    a word that is no everyday word after "at", "joined" or "left" ("works at spotify"); in a sentence typed all in
    lower case, a word too rare to be English (outside `known`) where a name stands ("grafana was great"); each
    with a firm's last word ("grafana labs"); a nationality or language ("i'm german"). Same length, so every
    offset holds."""
    out = list(text)
    plain = _never_names()
    for start, end in sentences(text):
        lower = not _CAPITALISED.search(text, start, end)
        for m in _LOWER_TOKEN.finditer(text, start, end):
            word = m.group(0)
            if word in _peoples() and _PEOPLES_LEAD.search(text, max(0, m.start() - 16), m.start()):  # "i'm german"
                out[m.start()] = word[0].upper()
            if word in plain or word in everyday:
                continue
            lead, opens = text[start : m.start()], _NAME_FOLLOW.match(text, m.end(), end)
            led = _NAME_LEAD.match(lead) or _NAME_LEAD.search(lead[-14:])
            firm = _FIRM_LEAD.search(lead[-12:])  # "Rafael left shopify": a firm, however the sentence is typed
            rare = (word not in known and lower and led and (opens or not _OPENING.match(lead))) or firm
            if rare or (given(word) and led and opens and not SPECIES.fullmatch(word)):
                out[m.start()] = word[0].upper()
                tail = _FIRM_TAIL.match(text, m.end()) if rare else None
                if tail:
                    out[tail.end() - len(tail.group(0).strip())] = tail.group(0).strip()[0].upper()
    return "".join(out)


SPECIES = re.compile(rf"\b(?:{_M['SPECIES_WORDS']})\b", re.I)  # a pet's kind: "budgie", "Maine Coon"
_OPENING = re.compile(r"\W*$")
# where a nationality or a language is named: "i'm brazilian", "grinding portuguese", "switched to japanese"
_PEOPLES_LEAD = re.compile(
    r"\b(?:i['’]?m|am|is|are|was|['’]s|['’]re|be|been|become|became|speak\w*|learn\w*|stud\w+|practi[cs]\w+|"
    r"grinding|fluent\s+in|native|half|fully|now|to|from|doing|officially)\s+$",
    re.I,
)
_FIRM_LEAD = re.compile(r"\b(?:at|joined|join|joins|joining|left|leaving|quit|quitting)\s+$", re.I)
# what follows a name: its possessive, the clause's end, or a verb ("priya relocated", "grafana was great")
_NAME_FOLLOW = re.compile(
    r"['’]s\b|\s*(?:[.!?,;:)—–]|$)|\s+(?:and|or|is|was|are|were|has|had|have|got|gets|says|said|just|also|still|"
    r"finally|now|will|would|can|could|did|does|didn['’]t|doesn['’]t|isn['’]t|wasn['’]t|hasn['’]t|took|left|went|"
    r"came|made|sent|told|lives|works|loves|wants|thinks|this|[a-z]+ed)\b"
)


@cache
def _places() -> frozenset[str]:
    """Places recased from lower case: big cities, and countries of four letters or more (not "us")."""
    return big_cities() | {c for c in countries() if len(c) >= 4 and c not in ("turkey", "chad", "jordan", "china")}


@cache
def _never_names() -> frozenset[str]:
    """Words never a name, however rare: the grammar's not_names and stopword_values (read once, not per turn)."""
    return grammar().words["not_names"] | grammar().words["stopword_values"]


@cache
def _peoples() -> frozenset[str]:
    """Nationalities and languages of one word (four letters or more), as typed in lower case."""
    return frozenset(DEMONYMS) | {w for w in languages() if re.fullmatch(r"[a-z]{4,}", w)}


def _first_name(word: str) -> bool:
    """A first name that is no colour ("coral is my favourite now")."""
    from twinmem.extract.context import table  # (context reads this module)

    return gender_of(word) is not None and not table().values["colour"].fullmatch(word)


def typed_recased(text: str, names: list[str]) -> str:
    """A turn typed in lower case with its names capitalised: rare words and first names where names stand, the
    `names` already recorded, places after a preposition of place, people after their relation to the speaker."""
    text = recased(names_recased(text, english(), english(everyday=True), _first_name), names)
    return people_recased(places_recased(text, _places()), gender_of)


_NOT_NAMES = frozenset({"hobby", "diet", "allergy", "status"})


def value_as_typed(st: Statement, typed: str) -> str:
    """A statement's value that is no name (a dish, a pastime, a diet) as the turn typed it, not as recased."""
    plain = st.attribute in _NOT_NAMES or st.attribute.startswith("favorite_")
    at = typed.lower().find(st.value.lower()) if plain and st.value[:1].isupper() else -1
    return typed[at : at + len(st.value)] if at >= 0 and typed[at].islower() else st.value


_YOU = (
    (r"\byou(?:'re|\s+are)\b", "I'm"),
    (r"\byou(?:'ve|\s+have)\b", "I've"),
    (r"\byou\s+were\b", "I was"),
    (r"\byour\b", "my"),
    (r"\byours\b", "mine"),
    (r"\byou\b", "I"),
)


def in_own_words(said_to: str) -> str:
    """What was said to someone as they would say it: "you're" is "I'm", "your" is "my", "you" is "I"."""
    own = said_to.replace("’", "'")
    for pattern, mine in _YOU:
        own = re.sub(pattern, mine, own, flags=re.I)
    return own


# "Guess who got promoted": the speaker, told as a riddle
_GUESS_WHO = re.compile(
    r"\b(?:guess|and\s+guess)\s+wh(?:o|o's|ose)(?=\s+(?:just\s+|finally\s+)?[a-z]+(?:ed|s)?\b)", re.I
)


_GUESSED_ASKED = re.compile(r"(\bguess\s+wh(?:o|o's|ose)\b[^.!?]*)\?", re.I)  # "Guess who lives in Tucson now?"


def _guessed(m: re.Match[str]) -> str:
    said = m.group(0)
    me = {"whose": "my", "who's": "I'm"}.get(said.lower().rsplit(None, 1)[-1], "I")
    return " " * (len(said) - len(me)) + me


_DASH = re.compile(r"(?<=\S)[—–](?=\s)|(?<=\s)[—–-](?=\s)")  # one character for one: offsets kept


def readable(text: str, asides: bool = True) -> str:
    """A turn as the readers read it, every offset kept: curly apostrophes straight, long tokens, quoted
    passages and (unless `asides` is False) the asides between a name and its verb blanked; "guess who"
    read as the speaker."""
    norm = mask_long_tokens(text.replace("’", "'").replace("‘", "'"))
    norm = _GUESS_WHO.sub(_guessed, _GUESSED_ASKED.sub(lambda m: m.group(1) + "!", norm))  # no question asked
    norm = _DASH.sub(",", norm)  # "I'm officially German — the ceremony was ...": a dash ends a value as a comma does
    return mask_quotes(mask_asides(norm) if asides else norm)


def sentences(text: str) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    start = 0
    for m in cues.SENT_END.finditer(text):
        if m.group(0).startswith(".") and cues.ABBREV.search(text[start : m.start() + 1]):
            continue
        if text[start : m.end()].strip():
            out.append((start, m.end()))
        start = m.end()
    if text[start:].strip():
        out.append((start, len(text)))
    return out


def sentence_of(text: str, span: tuple[int, int]) -> str:
    """The sentence a span lies in ("I'm switching unis, starting at KTH": the unis are in it)."""
    return next((text[a:b] for a, b in sentences(text) if a <= span[0] < b), text[span[0] : span[1]])


def clause(sentence: str, pos: int) -> tuple[int, int]:
    start, end = 0, len(sentence)
    for m in cues.CLAUSE_BREAK.finditer(sentence):
        if m.end() <= pos:
            start = m.end()
        elif m.start() >= pos:
            end = m.start()
            break
    return start, end


def trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    """A span without the spaces and punctuation at its ends."""
    piece = text[start:end]
    return start + len(piece) - len(piece.lstrip(" ,;:—–-")), end - (len(piece) - len(piece.rstrip(" ,;:—–-")))
