"""The attribute vocabulary, once: one record per attribute extraction files under.

Everything that depends on what an attribute is reads it from here: lineage (several values at
once, or one that a new value replaces), retrieve (the words people ask about it with), the
Bedrock extractor's prompt, the rules grammar (which attributes a rule may name) and its
"my new <attribute> is ..." frames (what people call the attribute). Pure data, no imports of ours.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = [
    "ATTRIBUTES",
    "FAVORITE",
    "Attribute",
    "about",
    "get",
    "is_multi_valued",
    "known",
    "prompt_text",
    "query_words",
]

FAVORITE = "favorite_"  # favorite_<thing>: a family, one attribute per thing (favorite_food, favorite_color, ...)


@dataclass(frozen=True)
class Attribute:
    name: str
    about: Literal["person", "thing"]
    multi: bool  # holds several values at once: a new value is not a replacement of the old
    words: str  # what people ask about it with ("where does she live" finds home_city)
    prompt: str  # how the Bedrock prompt describes it
    nouns: tuple[str, ...] = ()  # what people call it ("my new <noun> is ..."), regex-ready


# Multi-valued, and why: people speak several languages, keep several pets, hobbies and allergies,
# hold dual nationality, and keep a work and a personal email or number side by side (a retired
# one is said explicitly: "my old email ... no longer works", read as polarity -1); a service has a
# port per environment. Home, employer, job title, school, partner, car, diet, favourites: single.
ATTRIBUTES: tuple[Attribute, ...] = (
    Attribute("name", "person", False, "name called", "the person's own name"),
    Attribute(
        "home_city",
        "person",
        False,
        "home city live lives living based reside town moved",
        "the city they live in",
        (r"city", r"home\s+city", r"hometown", r"home\s+base"),
    ),
    Attribute(
        "home_country",
        "person",
        False,
        "home country live lives living based reside moved",
        "the country they live in",
        (r"country", r"home\s+country"),
    ),
    Attribute(
        "employer",
        "person",
        False,
        "employer work works working job company employed joined",
        "the company or organisation they work for",
        (r"employer", r"company", r"workplace"),
    ),
    Attribute(
        "job_title",
        "person",
        False,
        "job title role position work works occupation promoted",
        "their job title or occupation",
        (r"job\s+title", r"title", r"role", r"position"),
    ),
    Attribute(
        "school",
        "person",
        False,
        "school study studies university college student",
        "the school or university they attend or attended",
        (r"school", r"university", r"college", r"uni"),
    ),
    Attribute(
        "partner",
        "person",
        False,
        "partner wife husband married spouse girlfriend boyfriend",
        "the name of their partner or spouse",
    ),
    Attribute("pet", "person", True, "pet pets dog cat animal", "a pet's name (or its species when unnamed)"),
    Attribute(
        "diet", "person", False, "diet eat eats food vegetarian vegan", "their diet (vegan, keto, ...)", (r"diet",)
    ),
    Attribute("allergy", "person", True, "allergy allergic allergies", "something they are allergic to"),
    Attribute("birthday", "person", False, "birthday born birth", "their birthday"),
    Attribute(
        "email",
        "person",
        True,
        "email mail address",
        "an email address they use",
        (r"e-?mail(?:\s+address)?", r"address"),
    ),
    Attribute(
        "phone",
        "person",
        True,
        "phone number call mobile cell",
        "a phone number they use",
        (r"(?:phone|cell|mobile)(?:\s+number)?", r"number"),
    ),
    Attribute("language", "person", True, "language languages speak speaks", "a language they speak"),
    Attribute(
        "hobby",
        "person",
        True,
        "hobby hobbies free time enjoy",
        "a hobby or pastime (the activity, never a bare verb: 'chess', not 'playing')",
    ),
    Attribute("nationality", "person", True, "nationality citizen citizenship", "a nationality or citizenship"),
    Attribute("car", "person", False, "car drive drives vehicle", "the car they drive", (r"car",)),
    Attribute(
        "port",
        "thing",
        True,
        "port ports",
        "a network port a service listens on (qualifier: the environment)",
        (r"port",),
    ),
    Attribute(
        "version",
        "thing",
        False,
        "version release upgraded",
        "the version a thing runs or ships",
        (r"version", r"release"),
    ),
    Attribute(
        "owner", "thing", False, "owner owns maintains team", "who owns or maintains a thing", (r"owner", r"maintainer")
    ),
    Attribute("location", "thing", False, "location where located", "where a thing is kept or hosted", (r"location",)),
    Attribute("status", "thing", False, "status state", "a thing's status (live, down, deprecated, ...)", (r"status",)),
    Attribute("price", "thing", False, "price cost costs fee", "what a thing costs", (r"price", r"cost")),
)
_BY_NAME = {a.name: a for a in ATTRIBUTES}


def get(attribute: str) -> Attribute | None:
    """The record of an attribute (favorite_<thing> reads the family's), or None outside the vocabulary."""
    attribute = attribute.lower()
    if attribute.startswith(FAVORITE) and len(attribute) > len(FAVORITE):
        thing = attribute[len(FAVORITE) :].replace("_", " ")
        return Attribute(
            attribute, "person", False, f"favorite favourite like likes {thing}", f"their favourite {thing}"
        )
    return _BY_NAME.get(attribute)


def known(attribute: str) -> bool:
    return get(attribute) is not None


def is_multi_valued(attribute: str) -> bool:
    """True for attributes that hold several values at once (a new one is not a replacement)."""
    a = get(attribute)
    return a is not None and a.multi


def about(attribute: str) -> str | None:
    a = get(attribute)
    return a.about if a else None


def query_words(attribute: str | None) -> str:
    """The words retrieve indexes with a memory of this attribute: its name and how people ask about it."""
    if not attribute:
        return ""
    a = get(attribute)
    return f"{attribute.replace('_', ' ')} {a.words if a else ''}".strip()


def prompt_text() -> str:
    """The vocabulary as the Bedrock prompt lists it: name (what it holds), people first, then things."""
    people = [f"{a.name} ({a.prompt})" for a in ATTRIBUTES if a.about == "person"]
    people.append(f"{FAVORITE}<thing> (favorite_food, favorite_color, ...)")
    things = [f"{a.name} ({a.prompt})" for a in ATTRIBUTES if a.about == "thing"]
    multi = ", ".join(a.name for a in ATTRIBUTES if a.multi)
    return (
        f"for people: {'; '.join(people)}. For things that are not people: {'; '.join(things)}. "
        f"These hold several values at once (one statement per value): {multi}."
    )
