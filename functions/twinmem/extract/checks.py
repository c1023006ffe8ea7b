"""What a value may be: checks named by a rule's `check`, and which attribute a place is."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from twinmem.extract import cues
from twinmem.extract.lexicon import cities, city_states, countries, gender_of, languages, words
from twinmem.extract.table import grammar
from twinmem.values import ALIASES, DEMONYMS, fold

M = grammar().macros


def place_attrs(value: str, national: bool = False) -> list[str]:
    """What a place is: a city, a country, or, for a city-state (Singapore, Monaco), the city, and the
    country too when the verb is a country's (`national`: "emigrated to Singapore")."""
    key = re.sub(r"^the\s+", "", fold(value))
    if key in city_states():
        return ["home_city", "home_country"] if national else ["home_city"]
    return ["home_country"] if key in countries() or ALIASES.get(key, "") in countries() else ["home_city"]


STREET = (
    r"\b(?:road|rd|street|st|avenue|ave|lane|boulevard|blvd|square|way|drive|terrace|quay|crescent|close|parade|"
    r"centre|center|mall|building|tower|campus|plaza|arcade|estate)$"
)


def is_known_place(value: str) -> bool:
    key = re.sub(r"^the\s+", "", fold(value))
    first = key.split(",")[0].strip()
    return any(k in countries() or k in cities() or ALIASES.get(k, "") in cities() for k in (key, first))


def school_like(value: str, acronyms: bool = True) -> bool:
    """A school's name: it says so (university, college, ...), a known short name, or an acronym."""
    low = fold(value)
    return bool(
        re.search(
            r"\b(?:university|college|school|institute|academy|polytechnic|uni|conservatory|universidad|"
            r"elementary|kindergarten|preschool|montessori|gymnasium|lyceum|seminary|primary|secondary|high|"
            r"middle|grammar|nursery|hochschule|universit\w*|ecole|école|escuela|scuola|prep)\b",
            low,
        )
        or re.fullmatch(r"(?:[A-Z][\w.]*\s+){1,2}(?:State|Tech)", value)  # Penn State, Georgia Tech
        or re.fullmatch(r"(?:UC|Cal\s+State|CUNY|SUNY)\s+[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?", value)  # UC Davis
        or re.fullmatch(r"[A-Z]{0,3}U\s+[A-Z][\w-]+", value)  # KU Leuven, TU Delft, LMU Munich: a university's initials
        or low in words("known_schools")
        or (acronyms and re.fullmatch(r"[A-Z]{2,5}", value))
    )


def _notname(value: str, low: str) -> bool:
    return not (
        {re.sub(r"['’](?:ve|re|ll|d|m)$", "", t) for t in low.split()} & (words("not_names") | languages())
        or low in DEMONYMS
        or re.fullmatch(rf"(?:{M['DIETS']}|(?:[\w-]+\s+){{0,3}}(?:{M['TITLE_HEADS']}))", low)  # not "Automation Lead"
        or re.match(rf"(?:{M['CAR_BRANDS']})\b", low)
    )


def _hobby(value: str, low: str) -> bool:
    toks = low.split()
    return bool(toks) and toks[-1] not in words("not_hobbies") and len(low) > 3


def _car(value: str, low: str) -> bool:
    return (
        bool(re.match(rf"(?:{M['CAR_BRANDS']})\b|(?:19|20)\d\d\s|(?-i:[A-Z])", value, re.I)) and len(value.split()) <= 5
    )


# kind -> whether a value of that kind looks right (value as said, and lower-cased)
_KINDS: dict[str, Callable[[str, str], bool]] = {
    "place": lambda v, low: (
        not re.search(r"\b(?:university|college|school|inc|corp|ltd|llc)\b", low)
        and not re.search(STREET, low)  # a street or a building is where a thing is, not a home town
        and not re.search(r"\b(?:district|quarter|neighbou?rhood|heights|village|estate|park|campus)$", low)
    ),  # "a lease in the Pearl District": a part of the town, which is said elsewhere
    "known_place": lambda v, low: is_known_place(v),  # a city or country of the lexicon
    "org": lambda v, low: not is_known_place(v) and not re.fullmatch(f"(?:{M['REL']})", low),  # "for Mom"
    "firm": lambda v, low: not re.fullmatch(f"(?:{M['REL']})", low),  # "an offer from Providence": a firm, even so
    "not_place": lambda v, low: not is_known_place(v),  # an owner: "the messaging squad", never "Denver"
    "school": lambda v, low: school_like(v),
    "school_named": lambda v, low: school_like(v, acronyms=False),  # "I'm at KPMG now": an acronym is no school
    "notname": _notname,
    "lang": lambda v, low: cues.LANG_MOD.sub("", low) in languages(),
    "demonym": lambda v, low: low in DEMONYMS or fold(v) in countries(),
    "country": lambda v, low: fold(v) in countries(),
    "hobby": _hobby,
    "given_name": lambda v, low: gender_of(v) is not None,  # a first name people have ("been with Oskar since")
    "car": _car,
    "loc": lambda v, low: (
        not re.match(
            r"(?:charge|love|trouble|progress|beta|alpha|review|use|place|touch|pain|planning|development|testing|"
            r"production|maintenance|design|discovery|staging|limbo)\b",
            low,
        )
        and not re.search(
            r"\b(?:weather|radar|pressure|budget|schedule|review|construction|contract|warranty|way)$", low
        )
        and not re.search(r"\b(?:team|squad|department|group|crew|mode)$", low)  # a team or a state is no place
        and not re.fullmatch(_TIME_WORDS, low)  # "live in May": when, not where
        and not re.fullmatch(r"[\d.,:]+", low)  # "shifted it over to 6380": a port or a version
        and low not in languages()  # "the sessions are in Japanese now": a language
        and not (gender_of(v.split()[0]) and not is_known_place(v.split()[0]))  # "it moved to Stefan in ops"
    ),
}


_TIME_WORDS = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|"
    r"autumn|fall|winter|the\s+(?:morning|afternoon|evening|spring|summer|autumn|fall|winter)|(?:19|20)\d\d)"
)


def check(kind: str, value: str) -> bool:
    """Whether a value read for a slot of this kind looks like one (a stop word never does; a capitalised
    kind needs a capital)."""
    low = value.lower()
    if not value or low in words("stopword_values"):
        return False
    if kind in ("cap", "place", "org", "firm", "notname") and (
        not re.match(rf"[{M['UP']}0-9]|[a-z]+[A-Z]", value) or low in words("not_names")
    ):
        return False
    test = _KINDS.get(kind)
    return test(value, low) if test else True


@lru_cache(maxsize=1)
def _someone_by_job() -> re.Pattern[str]:
    """Someone called by their job ("our old vice principal", "her new manager"): a person, not the speaker."""
    gap = r"(?:(?!(?:as|job|role|title|position|is|was|now)\b)[\w-]+\s+){0,2}"
    return re.compile(rf"\b(?:my|our|your|his|her|their)\s+{gap}(?:{M['TITLE_HEADS']})s?\b", re.I)


_POSSESSED = re.compile(  # "our | vice principal", "every | build agent": someone, not the speaker's title
    r"\b(?:my|our|your|his|her|their|every|each|all|any|no|some|another|other|those|these)\s+(?:[\w-]+\s+){0,2}$", re.I
)


def held_by_another(lead: str, kind: str) -> bool:
    """The words before a value name someone else by their job ("Our old vice principal became the principal"),
    or, for a title, make the title someone's ("our | vice principal"): not the speaker's value."""
    return _someone_by_job().search(lead) is not None or (kind == "job" and _POSSESSED.search(lead) is not None)


def full_names(sent: str, found: list[tuple[str, int]], names_run_on: bool = False) -> list[tuple[str, int]]:
    """Candidates that are a first name and the word after it, joined ("Tomasz Wilk"); with `names_run_on`, any
    capitalised words side by side, up to three ("Crossline Fitness bought him out": a firm's name)."""
    out: list[tuple[str, int]] = []
    for v, i in found:
        last = out[-1][0] if out else ""
        joins = gender_of(last) and " " not in last if not names_run_on else last.count(" ") < 2
        if out and sent[out[-1][1] + len(last) : i] == " " and joins:
            out[-1] = (f"{out[-1][0]} {v}", out[-1][1])
        else:
            out.append((v, i))
    return out


def schools(sent: str, found: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """Schools among the candidates: one that says so, or where one transferred or was admitted to."""
    entered = _ENTERED.search(sent)
    return [
        (v, i)
        for v, i in found
        if (school_like(v) or ((entered or _NOW_AT.search(sent, 0, i)) and check("org", v) and not is_known_place(v)))
        and v.lower() not in words("not_names")
    ]


_ENTERED = re.compile(
    r"\b(?:transferr?(?:ed|ing)?|enroll?(?:ed|ing)?|admitted|matriculated|accepted\s+(?:in)?to|accepted\s+at)\b", re.I
)
# "I'm at Carnegie Mellon now", "ended up at UC Davis", "finishing the degree at Carnegie Mellon"
_NOW_AT = re.compile(
    r"\b(?:(?:i'm|i\s+am|we're|we\s+are)\s+(?:now\s+|officially\s+|finally\s+)*|(?:ended|wound)\s+up\s+|"
    r"(?:degree|master's|masters|phd|doctorate|studies|course|programme|program|major)\s+)at\s+$",
    re.I,
)


_JUDGED = re.compile(
    r"\b(?:terrible|awful|horrible|lousy|bad|good|great|decent|amazing|excellent|better|worse|keen|lazy|messy|picky|"
    r"fussy|natural|born|total|complete|poor|hopeless|useless|big|huge)\s+(?:$|(?=\w+\s$))",
    re.I,
)


def occupation(sent: str, i: int, v: str) -> bool:
    """A title at `i` said as one's occupation: not a judgement ("I'm a terrible cook") nor a doer spoken of
    ("when the head chef is off")."""
    return not (_JUDGED.search(sent, 0, i) or _JUDGED.match(f"{v} ") or _a_doer(sent, i, v))


def _a_doer(sent: str, i: int, v: str) -> bool:
    """A title said as the subject of its own clause ("when the head chef is off"): someone who holds it."""
    if _MET.search(sent[max(0, i - 40) : i]) or _WHO.match(sent, i + len(v)):
        return True  # "swapped to Japanese with a new tutor", "a nurse who ...": someone the speaker meets
    return sent[max(0, i - 4) : i].lower() == "the " and bool(_SUBJECT_VERB.match(sent, i + len(v)))


_MET = re.compile(r"\b(?:with|to|from|by|about)\s+(?:a|an|the|my|our|his|her|their)\s+(?:[\w-]+\s+){0,2}$", re.I)
_WHO = re.compile(r"\s+who\b", re.I)


_SUBJECT_VERB = re.compile(r"\s+(?:is|was|'s|has|had|does|did|says|said|runs|takes|told|wants)\b", re.I)
