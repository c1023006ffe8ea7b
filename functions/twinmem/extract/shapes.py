"""Where values of a type sit in a sentence: places (known to the lexicon, moved to, cloud regions, streets, a
site's town), a team said in lower case, and a pet named with its kind. Offsets come with each value."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache

from twinmem.extract.checks import is_known_place
from twinmem.extract.lexicon import cities, city_states, countries, words
from twinmem.extract.table import grammar
from twinmem.values import fold

__all__ = ["REFINES", "WHOLE_VERSION", "pet_named", "places", "teams", "thing_places", "whole_versions"]

_MOVED_TO = re.compile(
    r"\b(?:moved|moving|relocat\w*|migrat\w*|shifted|transferred)\s+(?:\w+\s+){0,2}?(?:in)?to\s+(?:the\s+|their\s+|our\s+)?"
    r"(?P<v>(?-i:[A-Z][\w'-]*(?:\.(?:io|com|net|app|dev|cloud|sh|co)\b|(?:\s+[A-Z][\w'-]*){0,3}))|[a-z]{2}(?:-[a-z]+)+-\d)"
)  # (a host named by its domain: "moved it to Fly.io")
_PLACE_RUN = re.compile(r"(?-i:\b[A-Z][\w'-]*(?:\s+(?:[A-Z][\w'-]*|(?:de|del|la|upon|on)\s+[A-Z][\w'-]*))*)")


# a cloud region: "us-west-2", "eu-central-1", "ap-southeast-1"
_REGION = re.compile(
    r"(?<![\w-])[a-z]{2}-(?:north|south|east|west|central|northeast|southeast|northwest|southwest)-\d(?![\w-])"
)


# a place said as where a site is: "(found her) a new slip in Port Townsend", "a marina in Solomons"
_SITED = re.compile(
    r"\b(?:a|an|the|its|their|our|her|his)\s+(?:[\w-]+\s+){0,2}?(?:marina|slip|berth|mooring|harbou?r|office|shop|"
    r"store|restaurant|unit|site|spot|pitch|venue|hall|building|warehouse|garage|studio|premises|yard|depot|"
    r"boatyard|hangar|barn|storage\s+unit|space)\s+(?:in|at|on)\s+"
    r"(?P<v>(?-i:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,3}))",
    re.I,
)


_TEAM = re.compile(  # handed to a team, or a team taking it: not a team someone joined
    r"(?-i:\b(?:(?:to|with)\s+the\s+(?P<v>[a-z][\w-]+\s+team)\b(?!['’])|the\s+(?P<w>[a-z][\w-]+\s+team)(?=\s+(?:has\s+|have\s+|"
    r"now\s+|just\s+|officially\s+)*(?:taken|took|owns|inherited|maintains|runs|picked)\b)))"
)


@cache
def _street() -> re.Pattern[str]:
    """A street: "Linden Road", "Oxford St" (the grammar's street words)."""
    return re.compile(rf"(?-i:\b[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){{0,2}}\s+(?:{grammar().macros['STREET_WORD']}))\b")


# a named site: "Riverside Park", "Riverside Mall", "the Elm Street lot" (not a street's own name)
_SITE = re.compile(
    r"(?-i:\b[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2}\s+(?:Park|Mall|Market|Plaza|Centre|Center|Station|Airport|Marina|"
    r"Harbou?r|Wharf|Pier|Quay|Lot|Building|Tower|Campus|Estate|Dock|Docks|Arcade|Exchange|Galleria|Commons))\b"
)


# what a thing's place is named by after its city: "the Helsinki DC" is in Helsinki
_FACILITIES = frozenset(
    "dc dcs datacenter datacentre region office rack colo campus warehouse facility hub site hq".split()
)


# a place said after a place, as a part of it: "in Lisbon now, in Alfama", "Cape Town, Muizenberg"
REFINES = re.compile(r"(?:\s+now)?\s*,\s*(?:(?:right\s+|just\s+)?(?:in|near|by|outside|off)\s+(?:the\s+)?)?", re.I)


def places(sent: str, kind: str) -> list[tuple[str, int]]:
    """Known places of the lexicon in a sentence (longest capitalised run first), with their offsets."""
    out: list[tuple[str, int]] = []
    for m in _PLACE_RUN.finditer(sent):
        toks = m.group(0).split()
        for n in range(len(toks), 0, -1):
            facility = kind == "place" and toks[n].lower() in _FACILITIES if n < len(toks) else False
            if n < len(toks) and toks[n] != "I" and toks[n].lower() not in words("not_names") and not facility:
                continue  # "Alice Chen", "Boston University", "Washington Post": a name that starts like a place
            value = " ".join(toks[:n])
            key = fold(value)
            hit = {
                "city": key in cities() and (key not in countries() or key in city_states()),
                "country": key in countries(),
            }.get(kind, is_known_place(value))
            if hit and key not in words("not_names"):
                out.append((value, m.start()))
                break
    return out


def thing_places(sent: str) -> list[tuple[str, int]]:
    """A thing's location: a known place, a cloud region, a street, a site's town, or wherever it moved to."""
    moved = [(m.group("v"), m.start("v")) for m in _MOVED_TO.finditer(sent)]
    regions = [(m.group(0), m.start()) for m in _REGION.finditer(sent)]
    streets = [(m.group(0), m.start()) for m in _street().finditer(sent)]
    sited = [(m.group("v"), m.start("v")) for m in _SITED.finditer(sent)]
    sites = [(m.group(0), m.start()) for m in _SITE.finditer(sent)]
    return sorted({*places(sent, "place"), *moved, *regions, *streets, *sited, *sites}, key=lambda f: f[1])


def teams(sent: str) -> list[tuple[str, int]]:
    """A team said in lower case: "the growth team has taken it over" (not "the platform team's")."""
    return [(m.group(g), m.start(g)) for m in _TEAM.finditer(sent) for g in ("v", "w") if m.group(g)]


@cache
def _pet_named() -> re.Pattern[str]:
    return re.compile(
        rf"\b(?P<s>{grammar().macros['SPECIES_WORDS']})(?:\s+(?:puppy|kitten|pup))?\s+(?:named|called)\s+"
        r"(?P<v>(?-i:[A-Z][\w'-]*))",
        re.I,
    )


def pet_named(sent: str) -> list[re.Match[str]]:
    """Pets named with their kind: "an enormous Maine Coon named Baron" (s: the kind, v: the name)."""
    return list(_pet_named().finditer(sent))


WHOLE_VERSION = re.compile(  # a whole number said as a version ("on 16 now")
    r"\b(?:on|to|version|v)\s*(?:(?-i:[A-Z][\w+#-]*)\s+)?(\d{1,3})\b(?![.,:]\d|\s*(?:%|x\b|am\b|pm\b|(?:people|users|days|weeks|months|years|"
    r"hours|mins?|minutes|seconds|gb|mb|tb|k|percent|times|of|per)\b))",
    re.I,
)


def whole_versions(named: list[tuple[int, str]], filed: Mapping[str, Mapping[str, Sequence[str]]]) -> bool:
    """A thing named whose versions so far are whole numbers (Postgres 13, 15): its next one may be too."""
    return any(
        vs and all(re.search(r"(?:^|\s)v?\d+$", v) for v in vs)  # 13, or "Postgres 14"
        for _p, n in named
        if (vs := filed.get(n, {}).get("version"))
    )
