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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from pathlib import Path

from twinmem.extract import cues
from twinmem.extract.base import SELF, Statement
from twinmem.extract.checks import check, is_known_place, school_like
from twinmem.extract.lexicon import cities, countries, words
from twinmem.extract.table import grammar
from twinmem.extract.text import clause, mask_long_tokens, sentences
from twinmem.extract.time_anchor import find_time
from twinmem.values import fold, value_key

__all__ = ["candidate_values", "changes", "table"]

DATA = Path(__file__).resolve().parent / "data" / "context.toml"
_CUES = ("first_person", "other_person", "trip", "work", "school", "partner", "pet")
_VALUES = ("email", "phone", "version", "port", "price", "org", "name", "diet", "car")
_TYPES = frozenset(
    "city country place email phone version port price org_work org_school name_partner name_pet diet car".split()
)
_PLACE_RUN = re.compile(r"(?-i:\b[A-Z][\w'-]*(?:\s+(?:[A-Z][\w'-]*|de|del|la|upon|on))*)")


@dataclass(frozen=True)
class Table:
    cues: dict[str, re.Pattern[str]]
    types: dict[str, str]
    values: dict[str, re.Pattern[str]]


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
    if bad:
        raise ValueError(f"context.toml: unknown types {bad}")
    compiled = {k: re.compile(_expand(v), re.I) for k, v in raw["cues"].items()}
    shapes = {k: re.compile(_expand(v), re.I) for k, v in raw["values"].items()}
    return Table(compiled, dict(raw["types"]), shapes)


def _places(sent: str, kind: str) -> list[tuple[str, int]]:
    """Known places of the lexicon in a sentence (longest capitalised run first), with their offsets."""
    out: list[tuple[str, int]] = []
    for m in _PLACE_RUN.finditer(sent):
        toks = m.group(0).split()
        for n in range(len(toks), 0, -1):
            value = " ".join(toks[:n])
            key = fold(value)
            hit = {"city": key in cities() and key not in countries(), "country": key in countries()}.get(
                kind, is_known_place(value)
            )
            if hit and key not in words("not_names"):
                out.append((value, m.start()))
                break
    return out


def _shaped(sent: str, kind: str, t: Table) -> list[tuple[str, int]]:
    """Values of one type in a sentence, with their offsets, before the frame is looked at."""
    if kind in ("city", "country", "place"):
        return _places(sent, kind)
    shape = t.values[kind.split("_")[0]]
    g = "v" if "v" in shape.groupindex else 0
    found = [(m.group(g).strip(), m.start(g)) for m in shape.finditer(sent)]
    if kind == "phone":
        found = [(v, i) for v, i in found if len(re.sub(r"\D", "", v)) >= 7]
    elif kind.startswith("org"):
        cue = "work" if kind == "org_work" else "school"
        if not t.cues[cue].search(sent):
            return []
        test = school_like if kind == "org_school" else (lambda v: check("org", v) and not school_like(v))
        found = [(v, i) for v, i in found if test(v) and v.lower() not in words("not_names")]
    elif kind.startswith("name"):
        if not t.cues[kind.split("_")[1]].search(sent):
            return []
        found = [
            (v, i)
            for v, i in found
            if i > 0 and check("notname", v) and not is_known_place(v) and v.lower() not in words("not_names")
        ]
    return found


def candidate_values(sent: str, kind: str) -> list[tuple[str, int]]:
    """Values of a type in a sentence whose frame is the speaker's own present state."""
    t = table()
    if sent.rstrip().endswith("?") or cues.QUESTION_START.match(sent) or not t.cues["first_person"].search(sent):
        return []
    if cues.COND_START.search(sent):
        return []
    if kind in ("city", "country", "place") and t.cues["trip"].search(sent):
        return []
    out = []
    for value, pos in _shaped(sent, kind, t):
        a, b = clause(sent, pos)
        piece = sent[a:b]
        if t.cues["other_person"].search(piece) or cues.NEG.search(sent[a:pos]) or cues.HEDGE.search(sent[:b]):
            continue
        out.append((value, pos))
    return out


def changes(
    text: str, said_at: datetime, filed: Mapping[str, Sequence[str]], already: Sequence[Statement] = ()
) -> list[Statement]:
    """Statements of a new value for each typed attribute the speaker has filed, read from their turn.

    `filed`: attribute -> values filed for the speaker (holding), newest said first. `already`: what
    the extractor read in the turn; an attribute it read, or a value it filed, is left to it.
    """
    t = table()
    read_attrs = {s.attribute for s in already if s.subject == SELF}
    read_values = {fold(s.value) for s in already if s.subject == SELF}
    norm = mask_long_tokens(text.replace("’", "'").replace("‘", "'"))
    out: list[Statement] = []
    for attribute, values in filed.items():
        kind = t.types.get(attribute)
        if kind is None or not values or attribute in read_attrs:
            continue
        known = {value_key(attribute, v) for v in values}
        best: tuple[str, int, int, int] | None = None
        for s_start, s_end in sentences(norm):
            sent = norm[s_start:s_end]
            for value, pos in candidate_values(sent, kind):
                if value_key(attribute, value) not in known and fold(value) not in read_values:
                    best = (value, s_start + pos, s_start, s_end)
        if best is not None:
            value, _, a, b = best
            when = find_time(norm[a:b], said_at)
            out.append(
                Statement(
                    subject=SELF,
                    attribute=attribute,
                    value=value,
                    polarity=1,
                    valid_from=when[0] if when else said_at.date(),
                    span=(a, b),
                )
            )
    return out
