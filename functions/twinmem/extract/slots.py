"""Who a rule's match can be about, read from the words before it: a person named or a pronoun, the speaker
of a leading subordinate clause or of an earlier verb, or nobody (a verb's object is no subject)."""

from __future__ import annotations

import re

from twinmem.extract import cues
from twinmem.extract.lexicon import languages, words
from twinmem.extract.pairs import Hit
from twinmem.extract.table import Rule
from twinmem.extract.turn import Subject, Turn

__all__ = [
    "aux_of",
    "coordinated_person",
    "earlier_verb_subject",
    "leading_self",
    "person_before",
    "person_slot_plausible",
    "self_before",
]


def aux_of(found: re.Match[str]) -> str:
    """The auxiliaries after a person, with the one typed into it ("im" is "I'm", "ive" is "I've")."""
    implied = {"im": "'m", "ive": "'ve"}.get(found.group("ps").lower(), "")
    return implied + found.group("aux")


def leading_self(pre: str, rest: str) -> bool:
    """A subordinate clause that opens the sentence ("After leaving Spotify, I joined ..."): its subject is
    the main clause's, here the speaker."""
    return bool(cues.SUBORDINATE_LEAD.match(pre)) and bool(re.match(r"[^.!?]*?[,\s](?:i|we)\b", rest, re.I))


_PRONOUNS = frozenset("i we you he she they im ive".split())


_PREPOSITION_BEFORE = re.compile(r"\b(?:in|at|to|from|near|into|outside|around)\s+$", re.I)


def person_before(pre: str) -> re.Match[str] | None:
    """The person ending the words before a match, unless it is a verb's object ("Left Acme last week, ...")."""
    found = cues.END_PERSON.search(pre)
    if found is None:
        return None
    first = found.group("ps").split()[0].lower()
    if first in words("opening_verbs") or first in languages():  # "learning Japanese now, |"
        return None
    said = found.group("ps").strip().lower()
    if _PREPOSITION_BEFORE.search(pre, 0, found.start("ps")):  # "I'm in Portland now, | signed": a place
        return None
    return None if said in words("not_names") and said not in _PRONOUNS else found  # "Finally | transferred"


def coordinated_person(pre: str) -> re.Match[str] | None:
    """The person who opens the sentence and did one thing before "and": the subject of the verb after it
    ("Mateo rehomed Chico and | got a corgi"); never the speaker (self_before reads "I ... and")."""
    found = cues.COORD_PERSON.search(pre)
    if found is None or found.group("ps").strip().lower() in ("i", "we", "im", "ive", "you"):
        return None
    first = found.group("ps").split()[0].lower()
    return None if first in words("not_names") and first not in ("he", "she", "my", "our") else found


def _coordinated_for(rule: Rule, pre: str) -> bool:
    return bool(coordinated_person(pre)) and not rule.needs_be and not rule.self_only


def self_before(rule: Rule, pre: str) -> bool:
    """The speaker is the subject of an earlier verb: "we packed up and | relocated to", "I spent the winter |
    learning woodworking", "sold the Civic, | bought a ..." (never for a rule that needs "is")."""
    return bool(cues.COORD_SELF.search(pre) or cues.VERB_LEAD_SELF.match(pre)) and not rule.needs_be


def person_slot_plausible(rule: Rule, pre: str, rest: str) -> bool:
    """What comes before a person rule's match can be its subject: a person, a leading subordinate clause
    of the speaker's, an elided subject, or nothing but discourse words."""
    if leading_self(pre, rest):
        return not rule.needs_be
    if cues.AM_ELIDED.search(pre):  # "... and am now a Norwegian citizen"
        return True
    found = cues.END_PERSON.search(pre)
    if found:
        before = pre[: found.start()]
        if rule.anchor and before.strip(" ,") and not cues.DISCOURSE.match(before):
            return False
        if rule.needs_be and not cues.BE.search(aux_of(found)):
            return False
        return not rule.self_only or found.group("ps").strip().lower() in ("i", "you")
    if rule.subject == "appos":
        return True
    if self_before(rule, pre) or _coordinated_for(rule, pre):
        return True
    if pre.strip() and cues.AUX_ONLY.search(pre):  # "been | learning Japanese": the speaker, unsaid
        return not rule.needs_be or bool(cues.BE.search(pre))
    if cues.ELIDED.search(pre) and pre.strip():
        return not rule.anchor
    core = re.sub(rf"(?:{cues.AUX_TOK})*\s*$", "", pre, flags=re.I)
    return bool(cues.DISCOURSE.match(core)) and not (rule.needs_be and not pre.strip())


def earlier_verb_subject(hit: Hit, pre: str, turn: Turn) -> Subject | None:
    """Whoever did an earlier verb of the clause: the speaker ("we packed up and | relocated"), or the person
    opening it ("Mateo rehomed Chico and | got a corgi")."""
    if self_before(hit.rule, pre):
        hit.aux = ""
        return turn.speaker()
    if (coord := coordinated_person(pre)) and not hit.rule.needs_be:
        hit.aux = ""
        return turn.person(coord.group("ps"))
    return None
