"""From a rule's match to the values it states: (attribute, value, qualifier, polarity) and then Statements.

Most rules state one value of their attribute. Some name a family resolved per match: `home`
(a city or a country, by the lexicon), `left` and `change` (a place, a school or an employer, by
what the value is), `favorite` (favorite_<thing>), `pet` (the pet's name, else its species); and
lists ("Spanish and French") state one value each.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date
from itertools import takewhile

from twinmem import vocabulary
from twinmem.extract import cues
from twinmem.extract.base import SELF, Statement
from twinmem.extract.checks import check, is_known_place, place_attrs, school_like
from twinmem.extract.lexicon import gender_of, languages, words
from twinmem.extract.table import Rule, grammar
from twinmem.extract.turn import Subject, Turn
from twinmem.values import display_value, fold

M = grammar().macros

Pair = tuple[str, str, str | None, int]  # (attribute, value, qualifier, polarity)


@dataclass
class Hit:
    """A rule's match in a sentence, and what reading it found around it."""

    rule: Rule
    m: re.Match[str]
    start: int  # offset in the sentence where the statement's passage begins
    val_span: tuple[int, int]
    subject: Subject | None = None
    aux: str = ""
    before: str = ""  # the sentence before, where an opening "It" may name its thing
    alts: list[Hit] = field(default_factory=list)  # same attribute, same value, another rule's way to its subject


def _raw(gd: dict[str, str | None]) -> str:
    return gd.get("val") or gd.get("v1") or gd.get("v2") or gd.get("val2x") or ""


def _pet(gd: dict[str, str | None]) -> list[tuple[str, str, str | None]]:
    species = re.sub(r"\s+", " ", (gd.get("species") or "").lower())
    names = [n for n in cues.LIST_SPLIT.split(gd.get("pname") or "") if n and check("notname", n)]
    if names:
        return [("pet", n, species or None) for n in names]
    if species:
        return [("pet", re.sub(r"(?<=[^s])s$", "", species), None)]
    return []


def _ports(raw: str, clause: str) -> list[tuple[str, str, str | None]]:
    out: list[tuple[str, str, str | None]] = []
    for pm in re.finditer(rf"(\d{{2,5}})(?:\s+({M['PORT_QUAL']}))?", raw, re.I):
        qual = qualifier(pm.group(2) or "")
        if qual is None and len(re.findall(r"\d{2,5}", raw)) == 1:
            qual = qualifier(clause)
        out.append(("port", pm.group(1), qual))
    return out


_NOT_A_THING = frozenset(
    "thing part one person place favorite favourite fave fav now again too ever though lately anyway today still yet "
    "so right by of for these this that forever honestly tbh lol anymore any all either since".split()
)
_FAVORITE_SAME = {
    "film": "movie",
    "flick": "movie",
    "novel": "book",
    "tune": "song",
    "colour": "color",
    "coding_language": "programming_language",
    "eat": "food",  # "if I had to eat one thing forever", "my favourite thing to eat"
    "read": "book",
}


_FAV_LEAD = re.compile(
    r"^(?:(?:honestly|actually|really|basically|probably|definitely|literally|totally|now|just|tbh|lowkey|also|so|"
    r"admit|confess|say)\s+)+"
    r"(?-i:(?:a|an|the)\s+)?",
    re.I,
)


def favorite_of(thing: str, raw: str) -> list[tuple[str, str, str | None]]:
    """(attribute, value, qualifier) of a favourite <thing> said as `raw`, or none when it is no thing's."""
    return _favorite({"thing": thing}, raw)


def favorite_thing(word: str) -> str:
    """The thing a favourite is of, as the attribute names it: "films" -> movie, "colour" -> color."""
    thing = re.sub(r"\s+", "_", fold(word)).replace("colour", "color")
    thing = _THING_TAIL.sub("", thing)  # "my fav band rn": a band
    thing = re.sub(r"(?<=[^s])s$", "", thing)
    return _FAVORITE_SAME.get(thing, thing)  # "my favourite film": favorite_movie


_THING_TAIL = re.compile(  # (all of it, for "my go-to these days": no thing said)
    r"(?:(?:^|_)(?:rn|now|atm|lately|currently|tbh|honestly|ever|these_days|nowadays|of_all_time|right_now))+$"
)


def _favorite(gd: dict[str, str | None], raw: str) -> list[tuple[str, str, str | None]]:
    named = "thing" in gd or "thing2" in gd  # a frame that names no thing: the lexicon says what it is
    thing = favorite_thing(gd.get("thing") or gd.get("thing2") or "") if named else served_as(raw)
    if not thing or thing in _NOT_A_THING:  # "it's my favourite now": no thing named
        return []
    if re.match(r"to\s", raw):  # "my go-to move is to ask for the bill": something done, not a thing
        return []
    raw = _FAV_LEAD.sub("", raw) or raw  # "honestly a hojicha latte is my favourite": a hojicha latte
    if re.search(r"\s(?:it|this|that)$", raw, re.I):  # "Since the Tokyo trip it's my favourite": not a dish
        return []
    if thing == "language" and cues.LANG_MOD.sub("", fold(raw)) not in languages():  # Rust, not Portuguese
        thing = "programming_language"
    return [(f"{vocabulary.FAVORITE}{thing}", raw, None)]


def served_as(raw: str) -> str:
    """ "drink" or "food" for a dish or a drink ([words] drinks, dishes: its last word or two), else nothing."""
    said = fold(re.sub(r"^(?:an?|the|my|some)\s+", "", raw.strip(), flags=re.I)).split()
    tails = {" ".join(said[-2:]), said[-1]} if said else set()
    return "drink" if tails & words("drinks") else "food" if tails & words("dishes") else ""


_NATIONAL = re.compile(r"\b(?:emigrat|immigrat)\w*", re.I)


_WITH = re.compile(r"(?:\b(?:i['’]m|i\s+am|we['’]re|we\s+are|am|are)|['’](?:m|re))\s+(?:now\s+)?with\b", re.I)
_STUDYING = re.compile(r"\b(?:phd|master's|masters|degree|semester|term|programme|program|course)\b", re.I)


def resolve_place_or_org(family: str, raw: str, said: str = "") -> list[str]:
    """The attributes a `home`, `left` or `change` value is: a place (city, country or both), a school, else
    an employer.

    What one moves to (`change`) is a school only when its name says so: an acronym joined is an
    employer (KPMG); one left may be either, and reads as a school (MIT) as before.
    """
    if raw.lower() in languages() and not is_known_place(raw):
        return ["language"]  # "switched from Spanish to Portuguese", "moved me over to German": no place, no firm
    if family == "change" and _WITH.search(said) and " " not in raw.strip() and gender_of(raw):
        return ["partner"]  # "These days I'm with Meera": a first name one is with is a partner, no firm
    if family in ("change", "left") and (school_like(raw, acronyms=False) or _STUDYING.search(said)):
        return ["school"]  # started at / transferred to a school, or "first month of the PhD at ETH Zurich"
    if family == "home" or is_known_place(raw):
        return place_attrs(raw, national=bool(_NATIONAL.search(said)))
    return ["school" if school_like(raw, acronyms=family == "left") else "employer"]


_ANTECEDENT = re.compile(rf"({M['CAPX']})\W*(?:\s+(?:and|but|so)\s+)?(?:[^A-Z]|(?<!\w)I(?!\w))*$")


_SPOKEN_TO = re.compile(rf"\b(?:sorry|thanks|bye|cheers|rip)\W+({M['CAPX']})")
_LAST_NAMED = re.compile(rf"({M['CAPX']})\W*$")
_WON = re.compile(
    rf"({M['CAPX']})\s+(?:has\s+|have\s+)?(?:now\s+|officially\s+|quietly\s+|just\s+)?(?:overtaken|overtook|replaced|"
    rf"dethroned|beaten|beat|knocked\s+out|displaced|unseated)\s+(?:{M['CAPX']})\W*$"
)
_NAMED_IN = re.compile(rf"(?<![.!?]\s)(?<!^)\b({M['CAPX']})")  # a name inside a sentence, not its opening word


def antecedent(hit: Hit, raw: str) -> str:
    """ "I just finished Circe and it's my new favourite book": a value said as "it" is the name before it;
    "there" is the place named before it, "he" or "she" the person."""
    pre = hit.m.string[: hit.m.start()]
    said = raw.strip().lower()
    if (won := _WON.search(pre)) is not None:  # "Khruangbin has overtaken Radiohead, they're my ...": the winner
        return won.group(1)
    if said == "there":  # "took a job in Porto and lives there now": Porto (or the one the sentence before named)
        places = _places_named(pre) or _places_named(hit.before)
        return places[-1] if places else raw
    if said in ("theirs", "hers", "his"):  # "a new Identity team got spun up and auth-gateway is theirs": Identity team
        owners = re.findall(r"(?-i:\b((?:[A-Z][\w-]*\s+)+team|[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?))\b", pre)
        owners = [o for o in owners if o.split()[0].lower() not in words("not_names")]
        return owners[-1] if owners else raw
    if said in ("he", "she"):  # "seeing Dev since November and he's my boyfriend now": Dev
        before = pre if pre.strip() else hit.before  # "... been with Dmitri since March. He's my partner now."
        people = [m.group(1) for m in _NAMED_IN.finditer(before) if m.group(1).lower() not in words("not_names")]
        return people[-1] if people else raw
    said = re.sub(r"['’](?:ve|re|s|ll)$", "", said)  # "they've overtaken Radiohead": they
    if said not in ("it", "this", "that", "they", "my"):  # ("my" alone: "Still my favourite book.")
        return raw
    return _it_named(hit, pre) or raw


def _places_named(text: str) -> list[str]:
    """Known places named inside a text; those no one is named ("Manchester to see my friend Farah"), if any."""
    places = [m.group(1) for m in _NAMED_IN.finditer(text) if is_known_place(m.group(1))]
    return [p for p in places if not gender_of(p)] or places


def _it_named(hit: Hit, pre: str) -> str | None:
    """The name "it" stands for: ending the words before it, else named in the sentence before; for a
    favourite, else what the sentence before says the speaker has ("I buy a flat white")."""
    # opening its sentence ("I just finished Circe. It's my new favourite book."): the name ending the one before
    names = [
        m.group(1) for m in [_ANTECEDENT.search(pre) if pre.strip() else None, _LAST_NAMED.search(hit.before)] if m
    ]
    mine = re.sub(
        r"^\W*(?:i\s+(?:think|guess|reckon|feel\s+like)|i'd\s+say)\s+", "", pre, flags=re.I
    )  # an opinion's "I"
    if not re.search(r"\b(?:he|she|they|you|we|i)\b", mine, re.I):  # "pretty sure it's ...": the sentence before
        names += [m.group(1) for m in _NAMED_IN.finditer(hit.before) if m.group(1).lower() not in languages()][::-1]
    spoken = {m.group(1) for m in _SPOKEN_TO.finditer(f"{hit.before} {pre}")}  # "sorry Stevie. they're my ..."
    names = [_without_opening_verb(n) for n in names if n not in spoken]
    fav = hit.rule.attribute == "favorite"  # a favourite dish or book is no place ("Since the Tokyo trip it's ...")
    names += [m.group(1) for m in _NAMED_IN.finditer(pre)][::-1] if fav else []  # "Middlemarch is ..., and it"
    names = [n for n in names if not (fav and _no_favourite(n, hit))]
    found = next((n for n in names if n.lower() not in words("not_names") and not n.lower().startswith("i'")), None)
    return _favourite_named(hit, pre, found) if fav else found


def _favourite_named(hit: Hit, pre: str, found: str | None) -> str | None:
    """A favourite's "it": the kind of person the speaker became, if said after the name found ("Lent broke me of
    espresso; I came out a matcha person, it's my ..."), else the name, else what was had or relished before."""
    kind = list(A_PERSON.finditer(pre))
    if kind and (found is None or pre.rfind(found) < kind[-1].start()):
        return kind[-1].group("v")
    return found if found is not None else _colour_before(hit, pre) or _had_before(hit, pre)


def _colour_before(hit: Hit, pre: str) -> str | None:
    """A colour's "it": the colour said before it ("painting the office teal bc it's my favorite color")."""
    if not re.fullmatch(r"colou?rs?", hit.m.groupdict().get("thing") or "", re.I):
        return None
    from twinmem.extract.context import table  # (context reads favourites, which read this module)

    colours = list(table().values["colour"].finditer(pre))
    return colours[-1].group(0) if colours else None


# the kind of person one has become: "came out of it a matcha person" (a favourite's "it" is the matcha)
A_PERSON = re.compile(
    r"\ban?\s+(?P<v>(?!(?:people|morning|night|dog|cat|new|different|better|changed)\b)[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)\s+"
    r"(?:person|girl|guy|fan|convert|drinker|eater)\b"
)


def _had_before(hit: Hit, pre: str) -> str | None:
    """For a favourite: what the sentence before says the speaker has ("I buy a flat white"), else what is
    relished before "it" ("Nothing beats a big bowl of pho on a rainy night, it's been my ...")."""
    had = list(_HAD.finditer(hit.before)) if not pre.strip() else []
    if had:
        return _without_opening_verb(had[-1].group("np").strip())
    relished = list(_RELISHED.finditer(pre)) or list(_RELISHED.finditer(hit.before))
    return relished[-1].group("np").strip() if relished else None


# what is relished, in lower case, after its verb and any measure of it: "Nothing beats a big bowl of pho"
_RELISHED = re.compile(
    r"\b(?:beats?|tops|love|loves|adore|adores|crave|craving|devour\w*|inhal\w*|live\s+on|living\s+on)\s+"
    r"(?:(?:an?|the|some|my|good|big|proper|hot|cold|nice|huge|steaming|fresh|decent)\s+)*"
    r"(?:(?:bowl|plate|cup|mug|glass|slice|pint|pot|portion|piece)s?\s+of\s+)?"
    r"(?P<np>(?!(?:it|them|this|that|you|him|her|me|us)\b)(?-i:[a-z][\w'-]*)(?:\s+(?!(?:on|in|at|for|with|from|every|each|and|or|"
    r"but|so|because|when|while|after|before|again|tonight|today|is|was|it)\b)(?-i:[a-z][\w'-]*)){0,2})(?=\s*[,;.!—–-]|\s+(?:on|in|at|for|"
    r"with|from|every|each|when|while|after|before|again|tonight|today)\b)",
    re.I,
)


# what the speaker has, eats, drinks or reads, said with "a": "I buy a flat white every morning"
_HAD = re.compile(
    r"(?:\b(?:i|we)\s+(?:\w+\s+)?|^\W*(?:(?:ok|so|just|finally)\W+)*)(?:buy|bought|order|ordered|drink|drank|eat|ate|had|"
    r"have|make|made|get|got|read|reread|watch|watched|play|bake|cook|love|tried)\s+"
    r"(?:(?:a|an|my|some)\s+)?(?P<np>(?:(?!(?:every|each|on|in|at|for|with|to|from|and|or|but|so|because|that|which|the|"
    r"before|after|most|all|when|while|twice|once)\b)[a-z][a-z-]*\s*){1,3})",
    re.I,
)


def _no_favourite(name: str, hit: Hit) -> bool:
    """A place, or a language for any favourite but a language ("the finest novel in the English language")."""
    thing = (hit.m.groupdict().get("thing") or "").lower()
    return is_known_place(name) or (
        re.sub(r"^the\s+", "", name, flags=re.I).lower() in languages() and thing != "language"
    )


def _without_opening_verb(name: str) -> str:
    """ "Saw The Gullwings live last night, they're ...": the verb opening the sentence is no part of the name."""
    first, _, rest = name.partition(" ")
    opening = first.lower() in words("opening_verbs") or first.lower() in ("is", "are", "was", "were")  # "is teal."
    return rest if rest and opening else name


def _values(hit: Hit, clause: str) -> list[tuple[str, str, str | None]]:
    """(attribute, value, qualifier) of the match's first value (and its list items)."""
    attr, gd = hit.rule.attribute, hit.m.groupdict()
    raw = antecedent(hit, _raw(gd))
    if raw.strip().lower() in ("it", "this", "that", "they", "he", "she", "theirs", "hers", "his", "my"):
        return []  # nothing it could stand for
    if attr == "pet":
        return _pet(gd)
    if attr == "port":
        return _ports(raw, clause)
    if attr == "price":
        per = gd.get("per")
        return [("price", raw, cues.PER_NAMES.get(per.lower(), per.lower()) if per else None)]
    if attr == "favorite":
        return _favorite(gd, raw)
    if attr in ("home", "left", "change"):
        said = hit.m.string[hit.m.start() : hit.m.end() + 12]  # "left the Illinois | program": what it was
        return [(a, raw, None) for a in resolve_place_or_org(attr, raw, said)]
    if attr == "language" or (attr in ("allergy", "hobby", "nationality") and re.search(r",|\band\b|&", raw)):
        items = takewhile(lambda i: not _A_CLAUSE.search(i), (i.strip() for i in cues.LIST_SPLIT.split(raw)))
        return [(attr, cues.LANG_MOD.sub("", i) if attr == "language" else i, None) for i in items if i]
    return [(attr, raw, None)]


# an item that is a clause of its own ends the list: "allergic to peanuts, and Dmitri can't do shellfish"
_A_CLAUSE = re.compile(r"n['’]t\b|\b(?:is|are|was|were|has|have|does|do|can|will|would)\b", re.I)


def _not_item(attribute: str, value: str, qual: str | None, polarity: int) -> Pair:
    """A list item said as "not X" ("allergic to dogs, not cats"): X, said not to hold."""
    m = re.match(r"(?:not|never)\s+(?:to\s+)?(.+)", value.strip(), re.I)
    return (attribute, m.group(1), qual, -polarity) if m else (attribute, value, qual, polarity)


def pairs(hit: Hit, clause: str, polarity: int) -> list[Pair]:
    """Every value the match states, with its polarity (a second value may differ: "left X for Y")."""
    rule, gd = hit.rule, hit.m.groupdict()
    out: list[Pair] = [_not_item(a, v, q, polarity) for a, v, q in _values(hit, clause)]
    if not (rule.val2 and gd.get("val2")):
        return out
    val2 = gd["val2"] or ""
    if rule.val2 not in ("home", "left", "change"):
        return [*out, (rule.val2, val2, None, rule.val2_polarity or polarity)]
    attrs2 = resolve_place_or_org(rule.val2, val2, hit.m.group(0))
    if attrs2 == ["school"]:  # to a school: from another school ("transferred from Ohio State to ...")
        out = [("school" if a == "employer" else a, v, q, p) for a, v, q, p in out]
    return [*out, *((a, val2, None, rule.val2_polarity or polarity) for a in attrs2)]


def _check_for(rule: Rule, attribute: str) -> str:
    """The value check of a pair: the rule's own for its attribute, `cap` for an employer read by the way."""
    if attribute == "employer" and rule.attribute != "employer":
        return "cap"
    if attribute == rule.attribute or rule.attribute in ("home", "left", "change"):
        return str(rule.check)
    return ""


def _fits_subject(rule: Rule, subj: Subject, attribute: str) -> bool:
    """People have people's attributes, things have things' (a port is a thing's unless embedded)."""
    about = vocabulary.about(attribute) or "person"
    if subj.kind == "thing":
        return about == "thing"
    return about != "thing" or rule.subject == "embedded"


_BUSINESS = re.compile(
    r"\b(?:studio|office|shop|store|cafe|café|bakery|restaurant|bar|gym|clinic|company|agency|firm|startup|club|"
    r"library|hotel|lab|labs|warehouse|factory|hq|headquarters|branch|salon|team|inc|ltd|llc|gmbh)$",
    re.I,
)


def _a_place_of_business(subj: Subject) -> bool:
    """A thing, or a name that says it is a business ("Glasswing Studio"), has a location, not a home."""
    return subj.display != SELF and (subj.kind == "thing" or bool(_BUSINESS.search(subj.display)))


def statements(
    hit: Hit, subj: Subject, pol: int, vfrom: date, span: tuple[int, int], clause: str, turn: Turn
) -> list[Statement]:
    """The statements a match makes about its subject."""
    out: list[Statement] = []
    for a, v, q, p in pairs(hit, clause, pol):
        if a == "partner" and v.lower() in ("he", "she") and turn.last_person is not None:
            v = turn.last_person.display  # "his name is Ravi ... he's officially my boyfriend"
        v = clean(a, v)
        kind = _check_for(hit.rule, a)
        if not v or v.lower() in words("stopword_values") or (kind and not check(kind, v)):
            continue
        if a == "partner" and subj.display == SELF and p == 1:
            turn.partner = v
        at = subj
        if a in ("home_city", "home_country") and _a_place_of_business(subj):
            a, at = "location", replace(subj, kind="thing")  # "Glasswing Studio moved to Dogpatch": no one's home
            if any(st.attribute == a for st in out):
                continue  # the city, not the city and its country too
        if not _fits_subject(hit.rule, at, a):
            continue
        out.append(
            Statement(
                subject=subj.display,
                attribute=a,
                value=v,
                polarity=1 if p == 1 else -1,
                valid_from=vfrom,
                span=span,
                qualifier=q,
            )
        )
    return out


def covering(made: list[Statement], sent: str, offset: int, start: int) -> list[Statement]:
    """The statements of one match, each list item's span reaching the item ("allergic to tree nuts, cashews
    and pistachios": the passage of pistachios holds it), so the items keep the order they were said in."""
    if len({st.attribute for st in made}) == len(made):
        return made
    low, out = sent.lower(), []
    for st in made:
        pos = low.find(st.value.lower(), start)
        end = offset + pos + len(st.value) if pos >= 0 else st.span[1]
        out.append(st if end <= st.span[1] else st.model_copy(update={"span": (st.span[0], end)}))
    return out


def qualifier(text: str) -> str | None:
    for rx, name in cues.QUAL_WORDS:
        if rx.search(text):
            return name
    return None


def without_possessive(attribute: str, value: str) -> str:
    """A value without the possessive 's it was said with ("join Canva's data team": Canva); but "St Mary's" is
    the hospital's whole name."""
    if attribute in ("employer", "school") and re.match(r"(?:St|Saint|Mt)\.?\s", value):
        return value
    return re.sub(r"['’]s$", "", value)


def clean(attribute: str, value: str) -> str:
    """The value as filed: trimmed of articles, possessive 's, a car's adjectives, ..."""
    v = display_value(value)
    if attribute == "version":
        v = re.sub(r"^(?:version|ver\.?)\s+", "", v.strip(), flags=re.I)  # "version 1.8" is 1.8
    if attribute in ("email", "phone", "version", "port", "price", "birthday"):
        return v.strip()
    v = without_possessive(attribute, v)
    prev = None
    while prev != v:
        prev = v
        v = cues.VALUE_TRIM.sub("", v).strip()
    v = _WHEN_SAID.sub("", v) if attribute not in ("birthday", "status") else v  # "an Ioniq 5 Saturday"
    if attribute == "car":
        while (nv := cues.CAR_ADJ.sub("", v)) != v:
            v = nv
        v = re.sub(r"\s+I$", "", v)  # "the Kia EV6 I picked up": the speaker, not a model
    if attribute == "allergy":
        v = _allergen_said(v)
    if attribute == "status":
        v = re.sub(r"^back\s+(?=up|online)", "", v, flags=re.I)
        v = {"up and running": "up", **_ENDED_AS}.get(v.lower(), v)
    if attribute in ("location", "home_city", "home_country", "employer", "school"):
        v = _WHY.sub("", v)  # "eu-west-2 to keep the regulators happy": the place, not why
    if attribute == "location" and (place := _PLACE_IN.search(v)) and v[:1].islower():
        v = place.group(1)  # "bigger space on Weserstraße in Neukölln": where it is, not what it is
    if attribute == "location" and (site := _SITE.fullmatch(v)) and is_known_place(site.group(1)):
        v = site.group(1)  # "Hetzner's Ashburn DC": the place the facility is in
    return v.strip()


_WHY = re.compile(r"\s+(?:to|so|so\s+that|because|since|in\s+order\s+to|for)\s+(?-i:[a-z]+)\b.*$", re.I)
# a day or time said after a value, as when it happened: "picked up an Ioniq 5 Saturday"
_WHEN_SAID = re.compile(
    r"(?<=\w)\s+(?:on\s+)?(?:(?:last|this|next)\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|yesterday|today|tonight|"
    r"(?:this|last)\s+(?:morning|afternoon|evening|night|week|weekend))$",
    re.I,
)


def _allergen_said(v: str) -> str:
    """An allergen known by name, without the two or more words that run on after it in a turn without stops
    ("allergic to penicillin found that out the hard way"); a list ("cats and dogs") is kept whole."""
    from twinmem.extract.context import table  # (context reads this module)

    m = table().values["allergen"].match(v)
    rest = v[m.end() :] if m else ""
    if m and re.match(r"\s+(?!(?:and|or|&|nor|plus|too|also|as\s+well)\b)[a-z][\w'-]*\s+\S", rest):
        return m.group(0)
    return v


# a project killed is cancelled, one shelved is on hold
_ENDED_AS = {
    **dict.fromkeys(("killed", "scrapped", "canned", "axed", "canceled", "pulled the plug"), "cancelled"),
    **dict.fromkeys(("shelved", "mothballed"), "on hold"),
}
_SITE = re.compile(
    r"(?:[\w&.-]+(?:\s+[\w&.-]+)?['’]s\s+)?(.+?)\s+(?:DC|data\s*cent(?:er|re)|datacenter|region|facility|site|campus|"
    r"office|colo|rack|racks|cage|server\s+room|warehouse|lab|labs|workshop|hangar)",
    re.I,
)
_PLACE_IN = re.compile(r"\b(?:in|on|at)\s+((?-i:[A-Z][\w'-]*)(?:\s+(?-i:[A-Z][\w'-]*)){0,3})\s*$")
