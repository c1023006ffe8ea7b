"""Which thing a match is about: one named inside it, or just before it in its clause."""

from __future__ import annotations

import re

from twinmem.extract import cues
from twinmem.extract.lexicon import gender_of
from twinmem.extract.pairs import Hit
from twinmem.extract.text import clause
from twinmem.extract.turn import GENERIC, ITS_OWN, Subject, Turn

__all__ = ["embedded_subject", "thing_subject"]


def embedded_subject(hit: Hit, turn: Turn) -> Subject | None:
    """A thing named inside the match ("the payments service's port"); "it" is the thing last named."""
    raw = hit.m.group("subj")
    if not raw:
        return None
    raw = re.sub(r"['’]s$", "", raw.strip())
    raw = re.sub(r"^(?:the|our|my|their|this|its)\s+", "", raw, flags=re.I).rstrip(".,;:!?")
    raw = re.sub(r"(?<=\w)\s+(?:price|pricing|cost|fee|rate)$", "", raw, flags=re.I)  # "the Pro plan price": the plan
    raw = re.sub(r"(?<=\w)\s+(?:up|down|back|over)$", "", raw, flags=re.I)  # "bumped the Hollis lamp up to $104"
    we_use = raw.lower() == "we" and hit.rule.attribute == "version"  # "a tool called tern; we're on 1.3.0": tern's
    bought_her = raw.lower() in ("her", "him") and hit.rule.attribute == "owner"  # "Dale Pruitt bought her": the boat
    the_new = raw.lower() == "the"  # "..., and Lena is the new owner": the thing's
    if raw.lower() in ("it", "this", "that") or ITS_OWN.fullmatch(raw.lower()) or we_use or bought_her or the_new:
        return turn.it_thing(skip=(hit.m.groupdict().get("val") or "") if hit.rule.attribute == "owner" else "")
    if GENERIC.fullmatch(raw) and (named := turn.it_thing()) is not None:  # "moved the service to port 7070"
        return named
    if hit.rule.attribute == "location" and gender_of(raw) and not _KEPT.search(hit.m.string, 0, hit.m.start("subj")):
        return None  # "Anna moved to Baker Street": a person, no thing (but "we keep the Marlin at ..." is a boat)
    turn.last_thing = Subject(raw, "thing")
    return turn.last_thing


_NAMED_MINE = re.compile(r"(?-i:\b([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2}))\s*,\s+(?i:my|our|an?)\s+[\w\s'-]{1,40}?,\s*$")
# what a thing is, then "that": "Marigold, | a 30-foot sloop that belongs to Hector"
_KIND_THAT = re.compile(r"\s*(?:an?|my|our)\s+[\w\s'-]{1,40}?\s+(?:that|which)\s*", re.I)
_NAME_SET_OFF = re.compile(r"(?-i:\b([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2}))\s*,\s*$")
_KEPT = re.compile(r"\b(?:keep|keeps|kept|store|stores|stored|moor|moors|moored|berth|berths|berthed)\b", re.I)
# a thing with where it is after it: "the Redis instance on the dev box", "our NAS in the hall closet"
_PLACED = re.compile(
    r"\s*((?:the|our|my|their)\s+[\w.-]+(?:\s+[\w.-]+)?|(?-i:[A-Z][\w.-]*))\s+(?:on|in|at|behind|under|for)\s+"
    r"(?:the|our|my|a)\s+.+",
    re.I,
)
# a thing with a relative clause after it: "the glass studio where I make my suncatchers", "the Pi that runs it"
_RELATIVE = re.compile(
    r"\s*((?:the|our|my|their)\s+[\w.-]+(?:\s+[\w.-]+){0,2}?|(?-i:[A-Z][\w.-]*(?:\s+[\w.-]+)*?))"
    r"\s+(?:where|that|which|whose)\s+.+",
    re.I,
)


# a name set beside its kind, between commas: "Dad's sailboat, the Marigold, ...", "our router, Nimbus, ..."
_APPOSED = re.compile(r"\w,\s+((?:the\s+)?(?-i:[A-Z][\w'&.-]*)(?:\s+(?-i:[A-Z][\w'&.-]*)){0,3})\s*,\s*$")
# a name with an aside in brackets after it: "Lumen (the checkout redesign)", "atlas-db (the old one)"
_ASIDE = re.compile(r"((?-i:[A-Z][\w.-]*)(?:\s+(?-i:[A-Z][\w.-]*)){0,2}|[\w.]+-[\w.-]+)\s*\([^()]{1,60}\)\s*$")


_OPENER = re.compile(
    r"\W*((?:[A-Z][\w&'’-]*\s+(?:&\s+)?){0,3}?[A-Z][\w&'’-]*|(?:the|our|my)\s+[\w-]+(?:\s+[\w-]+)?)\s+(?-i:[a-z])"
)


def thing_subject(hit: Hit, sent: str, turn: Turn) -> Subject | None:
    """A thing named just before the match, in its clause (auxiliaries set aside on the hit), or before the
    "which" that opens it ("the runbook for search-indexer, which belongs to ...")."""
    core, c_start = _core(hit, sent)
    found = turn.thing(core) if core is not None else None
    if (
        found is None
        and (core or "").strip().lower() == "it"
        and (named := _thing_named_before(sent[:c_start] or hit.before))
    ):
        return turn.thing(named)  # "I'm booking the Willow Room for Saturday, | it's £25 an hour": the thing before
    return found  # (or in the sentence before: "We rent Birch Lodge every June. It's £90 a night.")


def _core(hit: Hit, sent: str) -> tuple[str | None, int]:
    """The words naming the thing of a match, and where its clause starts; None when it is a person."""
    c_start, _ = clause(sent, hit.m.start())
    pre = sent[c_start : hit.m.start()]
    aux = re.search(rf"(?:{cues.AUX_TOK})*\s*$", pre, re.I)
    hit.aux = aux.group(0) if aux else ""
    core = pre[: aux.start()] if aux else pre
    if c_start > 0 and not core.strip() and (named := _APPOSED.search(sent, 0, c_start)):
        core = named.group(1)  # "Mom's bakery, Fernhill Bakery, is on ...": the name set beside its kind
    elif c_start > 0 and re.fullmatch(r"\s*(?:and|but|then)?\s*", core) and (lead := _OPENER.match(sent)):
        core = lead.group(1)  # "Sew Happy lost its lease and | reopened in Lititz": what opens the sentence
    if hit.rule.attribute == "location" and re.fullmatch(r"\s*[A-Z][a-z]+\s*", core) and gender_of(core.strip()):
        return None, c_start
    if (aside := _ASIDE.search(sent, 0, hit.m.start() - len(hit.aux))) is not None:  # "Lumen (the app) is ...": Lumen
        core = aside.group(1)
    if (which := _RELATIVE.fullmatch(core)) is not None:  # "The glass studio where I make my bowls is in ...": it
        core = which.group(1)
    if (where := _PLACED.fullmatch(core)) is not None:  # "The Redis instance on the dev box runs on ...": Redis
        core = where.group(1)
    return (_set_off(sent, c_start, core) if c_start > 0 else core), c_start


def _set_off(sent: str, c_start: int, core: str) -> str:
    """The thing a relative clause opening its clause is of: "Marigold, | a 30-foot sloop that belongs to ...",
    "Marigold, my little wooden sloop, | which is ...": Marigold."""
    if _KIND_THAT.fullmatch(core) and (named := _NAME_SET_OFF.search(sent, 0, c_start)):
        return named.group(1)
    if core.strip().lower() == "which":
        core = re.split(r"\b(?:for|of|on|in|at|to|with|from|about|behind)\s+", sent[:c_start].rstrip(" ,"))[-1]
        if appos := _NAMED_MINE.search(sent[:c_start]):
            core = appos.group(1)
    return core


_NAME_RUN = re.compile(r"(?<![\w'])(?-i:[A-Z][\w'&-]*(?:\s+(?:&\s+)?[A-Z][\w'&-]*){0,3})")
_RUN_OPENS = re.compile(r"(?-i:The|Our|My|Their|This)\s+(?=[A-Z])")


def _thing_named_before(before: str) -> str | None:
    """The first name of a thing said before a clause: capitalised words ("The Crown & Anchor"'s "Crown & Anchor"),
    not a sentence's first word alone or a person's first name."""
    runs = []
    for m in _NAME_RUN.finditer(before):
        run, opened = m.group(0), _RUN_OPENS.match(m.group(0))
        if (m.start() > 0 or opened) and not (" " not in run and gender_of(run)):
            runs.append(re.sub(r"['’]s$", "", run[opened.end() :] if opened else run))
    return next((r for r in runs if r not in ("I", "I'm", "I've")), None)
