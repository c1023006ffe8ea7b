"""A new favourite, said in context: "Terracotta now, honestly. Green had its run." after favorite_color green.

Favourites have no type a value can be recognised by (any dish, drink or book), so a new one is read only
where the speaker has one filed for the thing and the passage is about it: it names the old favourite or
the thing ("food", "book"), or answers a question that does ("Your usual flat white?"). Then a few frames
say what took its place: a fragment ("A matcha latte these days."), "these days it's ...", "switched to
...", "... has overtaken ramen", "... is the dish I'd pick". Colours are typed (data/context.toml) and
read there. Pure, like extract/context.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise
from typing import Protocol

from twinmem.extract import cues
from twinmem.extract.lexicon import words
from twinmem.extract.pairs import A_PERSON, favorite_thing, served_as
from twinmem.extract.table import grammar
from twinmem.extract.text import clause
from twinmem.values import fold, value_key
from twinmem.vocabulary import FAVORITE

__all__ = ["Passage", "asked_self", "first_served", "last_new"]

_WORD = r"(?:(?-i:[A-Z])\.(?:(?-i:[A-Z])\.)+|[\w'-]+)"  # a word, or an initialism: "Fontaines D.C."
_NP = (
    r"(?:an?\s+|the\s+)?(?P<v>(?<![\w'-])(?!(?-i:[a-z]{5,}ly)\b)(?![\w'-]+ing\s+(?:with|on|at|in|to|for|about|by)\b)(?!(?:it|that|this|i|we|my|the|a|an|and|but|so|or|since|just|now|these|those|ngl|tbh|imo|imho|lol|lowkey|to|have|has|had|admit|in|on|at|after|before|of|with|during|january|february|march|"
    r"april|june|july|august|september|october|november|december|"
    r"nothing|something|anything|everything|think|guess|reckon|say|feel|believe|know|suppose|honestly|probably|maybe|"
    r"okay|ok|well|hot|take|yes|no|yeah|sorry)\b)"
    rf"{_WORD}(?:\s+(?!(?:or|and|but|so|because|if|when|lol|tbh|that|which|than|now|these|instead|"
    r"over|honestly|though|it|"
    rf"is|are|has|have|as|since|for|to|in|on|at|with|any\s*more|nowadays|actually)\b){_WORD}){{0,5}}?)"
)
_END = r"(?=\s*(?:$|[,.;:!?]|\s(?:or|and|now|these|instead|honestly|though|nowadays|actually)\b))"
_TITLE = r"(?P<v>(?<![\w'-])[A-Z][\w'.-]*(?:\s+(?:[A-Z][\w'.-]*|(?:of|the|a|an|at|in|on|to|for|and|&)(?=\s+[A-Z])))+)"
_FRAMES = [
    re.compile(  # "A matcha latte these days.", "ngl it's birria tacos now"
        rf"^\W*(?:(?:ngl|tbh|honestly|lowkey|ok|okay|so|well|oh|hmm|um)\W+)*(?:it'?s\s+)?{_NP}\s*,?\s+"
        r"(?:now|these\s+days|nowadays|instead|actually)\b",
        re.I,
    ),
    re.compile(
        rf"\b(?:these\s+days|nowadays|now|lately|"
        rf"(?:since|after|ever\s+since)\s+(?:that|the|my|our|last)\s+[\w-]+(?:\s+[\w-]+){{0,3}}?)"
        rf"\s*,?\s+it'?s\s+(?:all\s+)?{_NP}{_END}",
        re.I,
    ),
    re.compile(
        rf"\b(?:switched|moved|changed|converted)\s+(?:over\s+)?(?:from\s+[\w-]+(?:\s+[\w-]+)?\s+)?to\s+{_NP}{_END}",
        re.I,
    ),
    re.compile(  # "I've swapped sushi for ramen as my favourite"
        rf"\b(?:swapped|traded|replaced|exchanged)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:for|with)\s+{_NP}"
        rf"(?:\s+as\s+my\s+(?:new\s+)?(?:favou?rite|fave|fav|go-to)\b|{_END})",
        re.I,
    ),
    re.compile(
        rf"{_NP}\s+(?:has|have)\s+(?:officially\s+|now\s+|finally\s+|just\s+|completely\s+|totally\s+|quietly\s+)?(?:overtaken|replaced|"
        r"dethroned|beaten|taken\s+(?:the\s+)?(?:crown|top\s+spot|throne|number\s+one\s+spot)|"
        r"become\s+my\s+(?:new\s+|all[- ]time\s+|absolute\s+)?favou?rite)\b",
        re.I,
    ),
    re.compile(
        rf"{_NP}(?:\s+(?:is|are)|\s*['’](?:s|re))\s+(?:now\s+|officially\s+)?my\s+(?:new\s+(?:favou?rite|fave|fav)|go-to|go\s+to|(?:favou?rite|fave|fav)(?=\s+(?:now|these\s+days|nowadays)\b))\b"
        rf"(?:\s+(?:now|these\s+days|nowadays|lately))?{_END}",
        re.I,
    ),
    re.compile(
        rf"\bmy\s+(?:new\s+|real\s+|true\s+|actual\s+)?(?:favou?rite|fave|fav|go-to|number\s+one|no\.?\s*1|\#1|top\s+pick)"
        r"(?:\s+(?:these\s+days|nowadays|lately|right\s+now))?"
        rf"\s+(?:is|'s)\s+(?:now\s+)?(?:an?\s+|the\s+)?{_NP}{_END}",
        re.I,
    ),
    re.compile(  # "my favourite band isn't Muse any more, it's Big Thief", "my number one has shifted, it's Mitski"
        rf"\b(?:isn't|is\s+not|(?:is|'s)\s+no\s+longer|(?:has|'s)\s+(?:officially\s+|now\s+|finally\s+)?(?:changed|shifted))"
        rf"(?:\s+[^,;.!?]{{1,40}}?)?\s*[,;:—–-]\s*(?:but\s+|now\s+)?"
        rf"(?:it's|it\s+is)\s+(?:now\s+)?{_NP}{_END}",
        re.I,
    ),
    re.compile(
        rf"{_NP}\s+(?:beats|trumps|tops|edges\s+out|wins\s+over)\s+[\w-]+(?:\s+[\w-]+)?\b", re.I
    ),  # "pho beats ramen"
    re.compile(  # "Big Thief has completely taken over", "boygenius kinda took paramore's spot"
        rf"{_NP}(?:\s*,?\s+which)?\s+(?:(?:has|have|kinda|kind\s+of|basically|just|officially|completely|totally|finally|"
        r"quietly|actually|literally|already|clearly|easily)\s+)*"
        r"(?:taken\s+over\b(?!\s+(?:from\s+)?(?:as(?!\s+(?:my|the)\s+(?:new\s+|all[- ]time\s+)?"
        r"(?:favou?rite|fave|fav|go-to))|at|the\s+(?:team|company|project|shop|business|account)))|"
        r"(?:took|taken|stole|stolen)\s+[\w'-]+(?:\s+[\w'-]+)?['’]s?\s+(?:spot|place|crown|throne)|"
        r"(?:took|taken|grabbed|claimed)\s+(?:the\s+)?(?:first\s+place|top\s+place|number\s+one\s+spot)|"
        r"(?:took|taken|stole|stolen|grabbed|claimed|won)\s+(?:the|that|my)\s+(?:crown|top\s+spot|spot|throne))",
        re.I,
    ),
    re.compile(  # "Piranesi knocked The Remains of the Day off the top spot"
        rf"{_NP}\s+(?:has\s+|just\s+)?knocked\s+.{{1,40}}?\s+off\s+(?:the\s+)?(?:top\s+spot|top|throne|number\s+one)",
        re.I,
    ),
    re.compile(  # a title with its small words: "Everything Everywhere All at Once has knocked Spirited Away off"
        rf"{_TITLE}\s+(?:has\s+|just\s+)?(?:(?-i:[a-z]+ly)\s+)?(?:knocked\s+.{{1,40}}?\s+off\s+(?:the\s+)?(?:top\s+spot|top|throne)|"
        r"(?:overtaken|dethroned|replaced)\b)"
    ),
    re.compile(  # "a friend lent me Piranesi and it's my new favourite": the title just named
        r"(?P<v>(?<![\w'-])[A-Z][\w'.-]*(?:\s+(?:[A-Z][\w'.-]*|(?:of|the|a|an|in|on|to|for|and|&)(?=(?:\s+(?:of|the|a|an))?\s+[A-Z]))){0,6})"
        r"\s*,?\s+and\s+it(?:'s|\s+is|\s+has\s+become)\s+(?:now\s+|officially\s+)?my\s+(?:new\s+)?"
        r"(?:all[- ]time\s+)?(?:favou?rite|fave|fav)\b"
    ),
    re.compile(  # "it's Fontaines D.C. for me" (not "it's taken the top spot for me")
        rf"\bit'?s\s+(?:now\s+|all\s+)?(?!(?:taken|become|been|got|gotten|overtaken|replaced|won)\b){_NP}\s+for\s+me\b(?!\s+to\b)",
        re.I,
    ),
    re.compile(  # "Iced matcha latte is my drink now"
        rf"{_NP}(?:\s+(?:is|are)|\s*['’](?:s|re))\s+(?:now\s+)?my\s+(?:drink|dish|food|meal|snack|book|film|movie|band|song|"
        r"show|colou?r|jam|thing|order)\s+(?:now|these\s+days|nowadays)\b",
        re.I,
    ),
    re.compile(  # "Helix won me over", "Purcell has quite won my heart"
        rf"{_NP}\s+(?:has\s+|have\s+)?(?:quite\s+|completely\s+|totally\s+|utterly\s+|really\s+|finally\s+)?"
        r"(?:won\s+me\s+over|won\s+my\s+heart|stolen\s+my\s+heart)\b",
        re.I,
    ),
    re.compile(  # "New number one: birria tacos", "that honour now belongs to Persuasion"
        r"(?:\bnew\s+(?:all[- ]time\s+)?(?:number\s+one|\#1|no\.?\s*1|favou?rite|fave|fav|top\s+spot|top\s+pick)"
        r"\s*[:—–-]|"
        r"\b(?:honou?r|crown|title|top\s+spot)\s+"
        rf"(?:now\s+)?(?:belongs|goes|went|passes|has\s+passed)\s+to)\s+{_NP}(?:{_END}|(?=\s+(?:from|at|in|by)\s)|(?=\s+(?-i:[a-z]{{3,}}ed)\b))",
        re.I,
    ),
    re.compile(  # "Our new spot is Saffron House": the place that took the old favourite's
        rf"\b(?:my|our)\s+new\s+(?:spot|place|haunt|local|hangout)\s+(?:is|'s)\s+(?:now\s+)?{_NP}{_END}", re.I
    ),
    re.compile(  # "I'm a cortado person now"
        rf"\bi(?:'m|\s+am)\s+(?:an?\s+)?{_NP}\s+(?:person|girl|guy|fan)\s+(?:now|these\s+days|nowadays)\b", re.I
    ),
    re.compile(  # "my order these days is a matcha latte"
        rf"\bmy\s+(?:usual\s+|regular\s+|go-to\s+)?order\s+(?:these\s+days\s+|nowadays\s+|now\s+)?(?:is|'s)\s+"
        rf"(?:now\s+)?(?:an?\s+|the\s+)?{_NP}{_END}",
        re.I,
    ),
    re.compile(  # "cold brew is the favourite now": the one favourite filed, named bare
        rf"{_NP}(?:\s+(?:is|are)|\s*['’](?:s|re))\s+(?:now\s+)?the\s+(?:new\s+)?(?:favou?rite|fave|fav)(?:\s+[\w-]+)?\s+(?:now|these\s+days)\b",
        re.I,
    ),
    re.compile(  # "after that show Khruangbin is officially my favorite band"
        rf"{_NP}(?:\s+(?:is|are)|\s*['’](?:s|re))\s+(?:now\s+)?(?:officially|now)\s+my\s+(?:new\s+)?(?:favou?rite|fave|fav)\b",
        re.I,
    ),
    re.compile(  # "Khachapuri, the boat-shaped one with the egg, is my number one now": a name, an aside, the verb
        r"(?:^\W*|[.!?;:]\s+|\b(?:yes|yeah|honestly|okay|ok|so|well)\W+)(?P<v>(?-i:[A-Za-z][\w'-]*)(?:\s+[\w'-]+){0,2}?)\s*,\s+"
        r"(?:the|a|an|this|that|which|my)\b[^,;.!?]{1,80},\s+(?:is|are|has\s+become)\s+(?:now\s+|officially\s+)?my\s+"
        r"(?:new\s+)?(?:number\s+one|no\.?\s*1|\#1|favou?rite|fave|fav|go-to)\b",
        re.I,
    ),
    re.compile(  # "tacos are number one for me now", "ramen is my number one"
        rf"{_NP}(?:\s+(?:is|are)|\s*['’](?:s|re))\s+(?:now\s+|officially\s+|easily\s+|definitely\s+)?(?:(?:my\s+(?:new\s+)?)?"
        r"(?:number\s+one|no\.?\s*1|#1|top\s+pick)(?:\s+(?:for\s+me|in\s+my\s+book))?|the\s+best\s+thing\s+ever)\b",
        re.I,
    ),
    re.compile(
        rf"{_NP}\s+(?:is|has\s+become|'s\s+become|became)\s+(?:easily\s+|probably\s+|definitely\s+|honestly\s+|now\s+|officially\s+|by\s+far\s+)?(?:the|my)\s+"
        r"(?:\w+\s+)?(?:dish|drink|meal|food|book|novel|film|movie|song|band|one|thing|sport|game|team|show|series|"
        r"album|artist|singer|season|colou?r|snack|dessert|restaurant|place|language|editor|tool)\s+"
        r"(?:i'd|i\s+would|i)\s+(?:actually\s+|really\s+|always\s+|now\s+|genuinely\s+|honestly\s+)?"
        r"(?:(?:most\s+)?(?:pick|choose|order|have|go\s+for|reach\s+for|crave|love|want|play|watch|"
        r"enjoy|like|go|eat|visit))\b",
        re.I,
    ),
]
# "it's dethroned The Secret History", "they've knocked the Monkeys off the top spot": what "it" is is named before
_IT_TOOK_THE_TOP = re.compile(
    r"\b(?:it|they|this\s+one)(?:'s|'ve|\s+has|\s+have)?\s+(?:officially\s+|now\s+|just\s+|finally\s+|totally\s+|quietly\s+|"
    r"completely\s+|basically\s+|pretty\s+much\s+)?"
    r"(?:overtaken|overtook|replaced|dethroned|taken\s+over|took\s+over|"
    r"become\s+my\s+(?:new\s+|all[- ]time\s+|absolute\s+)?favou?rite|"
    r"knocked\s+.{1,40}?\s+off\s+(?:the\s+)?(?:top\s+spot|top|throne|number\s+one)|"
    r"taken\s+(?:the\s+)?(?:top\s+spot|crown|throne|number\s+one\s+spot))\b"
    r"|\b(?:it|this\s+one)(?:'s|\s+is)\s+(?:now\s+|officially\s+)?(?:the|my)\s+new\s+(?:\#1|no\.?\s*1|number\s+one|favou?rite)\b"
    r"|\b(?:it|this)(?:'s|\s+is)\s+(?:now\s+)?the\s+one\s+i\s+(?:love|like|use|pick|prefer|reach\s+for)\s+most\b"
    r"|\b(?:she|he)(?:'s|\s+has)\s+(?:now\s+|quite\s+|just\s+|finally\s+)?(?:overtaken|dethroned|replaced|displaced)\b"
    r"|\b(?:it|they)(?:'s|'re|\s+is|\s+are)\s+(?:now\s+)?my\s+(?:new\s+)?(?:number\s+one|\#1|no\.?\s*1|favou?rite|fave|fav)"
    r"(?:\s+[a-z]+)?\s+now\b"
    r"|\b(?:count|consider|call)\s+(?:them|her|him|it)\s+(?:as\s+)?my\s+(?:new\s+)?(?:favou?rite|fave|fav|number\s+one)\b",
    re.I,
)
_NAME = re.compile(
    r"(?-i:(?<!^)(?<![.!?]\s)\b(?!I\b|I')[A-Z][\w'.-]*(?:\s+(?:(?:of|for|in|on|to|at|by|with|from)\s+(?:the\s+|a\s+|an\s+)?|the\s+|&\s+)?(?!I\b|I')[A-Z][\w'.-]*)*)"
)


_NAME_ALONE = re.compile(r"\W*((?-i:[A-Z])[\w'-]*(?:[.-][\w'-]+)*(?:\s+(?-i:[A-Z])[\w'.-]*[\w'-]){0,3})[.!]*\s*")
_WHEN = re.compile(  # "Parasite on Sunday": the film, not the day (the grammar's month names)
    r"\s+(?:on|in|at|by|since|last|this)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day$|\s+(?:on|in|at|by|since)\s+"
    rf"(?:{grammar().macros['MONTHS']})$|\s+(?:on|at|over|for|since)\s+(?:easter|christmas|xmas|halloween|thanksgiving)$",
    re.I,
)
_SPOKEN_TO = re.compile(
    r"\b(?:sorry|thanks|thank\s+you|hey|hi|dear|bye|cheers|no\s+offen[cs]e(?:\s+to)?|rip)\W*$", re.I
)


def _it_took_the_top(stated: str, said_before: str, new: Callable[[str], bool]) -> str | None:
    """The name "it" stands for when "it" took a favourite's place: the last new one named before it in the
    sentence, else in the sentence before ("... beat The Salt Orchard but this did, it's the new #1")."""
    m = _IT_TOOK_THE_TOP.search(stated)
    if m is None:
        return None
    for text in (stated[: m.start()].lstrip(), said_before.lstrip()):  # a sentence's opening word is no name
        found = (  # "D.C." keeps its dot; "sorry Coppola, it's my new number one": Coppola is spoken to
            _WHEN.sub("", re.sub(r"(?<=\w\w)\.$|['’]s$", "", n.group(0)))
            for n in _NAME.finditer(text)
            if not _SPOKEN_TO.search(text, 0, n.start())
        )
        names = [n for n in found if n.lower() not in words("not_names") and new(n)]  # not "May", not the old one
        kind = [p for p in A_PERSON.finditer(text) if new(p.group("v"))]  # "... a matcha person; it's my ..."
        if kind and (not names or text.rfind(names[-1]) < kind[-1].start()):
            return kind[-1].group("v")
        if names:
            return names[-1]
    for text in (stated[: m.start()], said_before):  # named in lower case: "watched past lives again"
        if names := [w.group("v") for w in _MET_WITH.finditer(text) if new(w.group("v"))]:
            return names[-1]
    alone = _NAME_ALONE.fullmatch(said_before)  # "Severance. Pretty sure it's my favourite now."
    return alone.group(1) if alone and new(alone.group(1)) else None


# what was watched, read, heard or eaten, named in lower case: "watched past lives again last night and it's ..."
_MET_WITH = re.compile(
    r"\b(?:watched|rewatched|saw|read|reread|heard|listened\s+to|tried|ate|had|discovered|found)\s+(?:the\s+)?"
    r"(?P<v>(?!(?:it|them|this|that|a|an|my|some|the|again|him|her|anything|everything|nothing|something)\b)[a-z][\w'-]*(?:\s+(?!(?:again|last|yesterday|"
    r"this|on|at|for|and|with|in|today|tonight|recently|twice|finally)\b)[a-z][\w'-]*){0,3})"
    r"(?=\s+(?:again|last|yesterday|this|on|at|for|and|with|in|today|tonight|recently|twice)\b|\s*[,.;!]|\s*$)",
)


_ABOUT = (
    r"\b(?:favou?rite|fave|go-to|my\s+go\s+to|top\s+spot|(?:that|the|its|their)\s+spot|crown|throne|first\s+place|number\s+one|usual|switched|dethroned|my\s+order|"
    r"love\s+most|won\s+my\s+heart|won\s+me\s+over)\b|\#1\b"
)


class Passage(Protocol):
    """A sentence of the turn (extract/context.py's), its offsets, and the sentences either side of it
    (before the first, also the question the turn answers)."""

    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...
    @property
    def sent(self) -> str: ...
    @property
    def around(self) -> str: ...


_THING_NAMED = re.compile(r"\bfavou?rite\s+([a-z]+)", re.I)


def _other_thing(stated: str, thing: str) -> bool:
    """The sentence names the favourite of another thing than `thing` ("my favourite film" for a book)."""
    nouns = {favorite_thing(w) for w in _THING_NAMED.findall(stated)} - {
        "",  # "my favourite these days": no thing named
        "now",
        "these",
        "of",
        "i",
        "one",
        "thing",
        "and",
        "so",
        "but",
        "anymore",
        "any",
        "again",
        "ever",
        "either",
        "lately",
        "since",
        "though",
        "too",
        "after",
        "all",
        "by",
        "for",
        "in",
        "is",
        "was",
    }
    return bool(nouns) and favorite_thing(thing) not in nouns


def last_new(
    passages: Sequence[Passage],
    attribute: str,
    values: Sequence[str],
    other_person: re.Pattern[str],
    only: bool = True,
) -> tuple[str, int, int] | None:
    """The turn's last new value of a favourite filed as `values`, with its sentence's span; None if none.
    Unless it is the `only` favourite filed, a passage must name the thing or the old value, not just a
    favourite ("pho has taken the top spot" is no favourite drink's)."""
    thing = attribute[len(FAVORITE) :].replace("_", " ")
    names = set(values) | {v.split()[-1] for v in values if len(v.split()[-1]) > 3}  # "Tonkotsu ramen": ramen
    about = _about(thing, names, only)
    known = {value_key(attribute, v) for v in values}
    old = re.compile("|".join(rf"\b{re.escape(v)}(?:['’]s)?(?!\w)" for v in names) or "(?!)", re.I)  # no one's place
    best: tuple[str, int, int] | None = None
    before = ""
    for p in passages:
        stated = p.sent[: cues.question_from(p.sent)]  # "Piranesi has become my favourite, so would it do?"
        before, said_before = p.sent, before
        if not about.search(f"{p.sent} {p.around}") or not stated.strip() or cues.asks_or_supposes(stated):
            continue
        if _other_thing(stated, thing):  # "it's become my favourite film": not the favourite book
            continue
        if named := _it_took_the_top(stated, said_before, lambda n: value_key(attribute, n) not in known):
            said = best[0].lower() if best else ""  # "Big Thief have ... taken over. They're my number one now."
            best = best if said.endswith(named.lower()) else (named, p.start, p.end)
        for m in (m for frame in _FRAMES for m in frame.finditer(stated)):
            value = m.group("v").strip()
            if _owns(p.sent, m, old, other_person) and value_key(attribute, value) not in known:
                best = best if about.fullmatch(value) else (value, p.start, p.end)
    return best


def first_served(
    passages: Sequence[Passage], filed: Mapping[str, Sequence[str]], read: set[str], other_person: re.Pattern[str]
) -> list[tuple[str, tuple[str, int, int]]]:
    """A favourite drink or dish with none filed, said in a favourite's frame and known for what it is ([words]
    drinks, dishes): "hibiscus tea is my go-to now"; (attribute, (value, start, end)) for each."""
    out: list[tuple[str, tuple[str, int, int]]] = []
    if not _names_food_or_drink(passages):  # (the frames are read only where a dish or a drink is named)
        return out
    for kind in ("drink", "food"):
        attribute = f"{FAVORITE}{kind}"
        if attribute in read or filed.get(attribute):
            continue
        fav = last_new(passages, attribute, (), other_person)
        if fav is not None and served_as(fav[0]) == kind:
            out.append((attribute, fav))
    return out


def _names_food_or_drink(passages: Sequence[Passage]) -> bool:
    """A word or two of the turn is a dish's or a drink's ([words] drinks, dishes): what `served_as` can find."""
    served = words("drinks") | words("dishes")
    for p in passages:
        toks = re.findall(r"[\w'-]+", fold(p.sent))
        if served & {*toks, *(" ".join(pair) for pair in pairwise(toks))}:
            return True
    return False


def _owns(sent: str, m: re.Match[str], old: re.Pattern[str], other_person: re.Pattern[str]) -> bool:
    """The speaker's own favourite: nobody else in its clause, not negated."""
    c_start, c_end = _owners_clause(sent, m)
    if since := _AFTER_I.search(sent, m.end(), c_end):  # "... took that spot after I saw them": the band
        c_end = since.start()
    said = old.sub(" ", sent[c_start:c_end])  # "took paramore's spot"
    return not (other_person.search(said) or cues.NEG.search(sent[c_start : m.start("v")]))


def _about(thing: str, names: set[str], only: bool) -> re.Pattern[str]:
    """A passage about the favourite: it names the thing or an old value, or (for the `only` one) a favourite."""
    kind = re.escape(thing.split()[-1]) if thing.strip() else re.escape(thing)  # "programming language": language
    said = "|".join(rf"\b{re.escape(v)}\b" for v in names) or "(?!)"  # (nothing filed: no old value to name)
    return re.compile(rf"{_ABOUT if only else '(?!)'}|\b{kind}s?\b|{said}", re.I)


def _owners_clause(sent: str, m: re.Match[str]) -> tuple[int, int]:
    """Where whose favourite it is is said: the value's clause, or from the value on when "my" follows it in the
    frame ("a friend lent me Piranesi and it's my new favourite": the friend only lent it)."""
    c_start, c_end = clause(sent, m.start("v"))
    return (m.start("v") if _MY.search(sent, m.end("v"), m.end()) else c_start), c_end


_MY = re.compile(r"\bmy\b", re.I)
_AFTER_I = re.compile(r"\b(?:after|when|since|once|ever\s+since)\s+(?:i|we)\b", re.I)


# the speaker asking themselves, then answering: "Favourite book? Piranesi, easily."
_ASKS_SELF = re.compile(
    r"^\W*(?:(?:and|so|oh|my)\s+)*(?:all[- ]time\s+|current\s+|new\s+)?(?:favou?rite|fave|fav)\s+"
    r"(?P<thing>[a-z]+)(?:\s+(?:of\s+all\s+time|ever|right\s+now|these\s+days))?\s*\?+\s*$",
    re.I,
)
_ANSWER = re.compile(
    r"^\W*(?:(?:oh|easy|easily|definitely|honestly|obviously)\W+)?(?:it'?s\s+|that'?s\s+)?(?P<v>(?!(?:i|we|it|that|no|yes|"
    r"not|don't|can't|too|hard|tough|good|great|hmm|um|depends|probably|maybe)\b)[\w'&:-]+(?:\s+[\w'&:-]+){0,5}?)"
    r"\s*(?:,\s*(?:easily|easy|hands\s+down|no\s+contest|obviously|of\s+course|for\s+sure|by\s+far|always|forever|duh|"
    r"no\s+question|every\s+time|100%)\b[^.!?]*)?[.!]*\s*$",
    re.I,
)


def asked_self(prev: str, sent: str) -> tuple[str, str, int] | None:
    """(thing, value, value's offset in `sent`) when the sentence before asks "favourite <thing>?" and this one
    answers it and says nothing else."""
    asked = _ASKS_SELF.match(prev)
    said = _ANSWER.match(sent) if asked else None
    if asked is None or said is None or said.group("v").lower() in words("stopword_values"):
        return None
    return asked.group("thing").lower(), said.group("v"), said.start("v")
