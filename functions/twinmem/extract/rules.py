"""Offline, deterministic extractor: the grammar of data/rules.toml over ordinary chat English.

How a turn is read:
  1. split into sentences (offsets kept); questions and conditionals are set aside;
  2. every rule of the grammar (attribute, pattern, polarity, options) is matched in each sentence;
     a pattern holds the predicate and the value ("live in <CAP>"), and the subject is found by
     looking back from the predicate over auxiliaries ("my sister Carol has been | living in"),
     from a possessive ("Alice's email is"), or from a group inside the pattern;
  3. negation ("not", "no longer", "... any more"), past tense of a state ("I lived in"), hedges and plans ("might",
     "thinking about") and the clause's time words are read around each match (cues.py); pairs.py makes statements.

Who "I" is: the item's `name` when the client gave one, else the end user (turn.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from datetime import date, datetime

from twinmem.extract import context, cues
from twinmem.extract import named as named_subjects
from twinmem.extract.acknowledged import acknowledged
from twinmem.extract.answered import answered
from twinmem.extract.base import SELF, Reading, Statement
from twinmem.extract.casual import with_apostrophes
from twinmem.extract.checks import check
from twinmem.extract.confirmed import confirmed, confirms
from twinmem.extract.denied import denied
from twinmem.extract.first_values import first_values
from twinmem.extract.next_sentence import favourite_answered, follow_up, promoted_to, someone_named, wed_to
from twinmem.extract.pairs import Hit, clean, covering, statements
from twinmem.extract.pets import pet_named, pet_patterns, pets_joined
from twinmem.extract.refiled import as_country_told, as_said_in_full, as_thing_place, as_work_told, studies, with_denied
from twinmem.extract.restated import corrected, day_corrected, put_right, restated
from twinmem.extract.said_as_it import said_as_it
from twinmem.extract.slots import aux_of, earlier_verb_subject, leading_self, person_before, person_slot_plausible
from twinmem.extract.table import Rule, grammar
from twinmem.extract.text import clause, readable, sentences, trimmed, typed_recased, value_as_typed
from twinmem.extract.things import embedded_subject, thing_subject
from twinmem.extract.time_anchor import find_time
from twinmem.extract.turn import Subject, Turn, one_of, paired_with
from twinmem.values import value_key

__all__ = ["RulesExtractor"]

_ROLES = ("user", "assistant", "note", "document", "import")


def _conditional_spans(sent: str) -> list[tuple[int, int]]:
    spans = []
    for m in cues.COND_START.finditer(sent):  # to the comma, colon or dash that ends the condition
        end = _COND_END.search(sent, m.end())
        spans.append((m.start(), end.start() if end else len(sent)))
    if (when := _WHEN_CLAUSE.match(sent)) is not None:  # "When I lived in Leeds, ...": a time, not news
        spans.append((when.start(), when.end()))
    return spans


_COND_END = re.compile(r"[,;:—–]")
_WHEN_CLAUSE = re.compile(r"\W*when\s+\S+.*?(?=,|\s(?:i|we|they|he|she|you)\s)", re.I)


def _value_span(m: re.Match[str]) -> tuple[int, int] | None:
    for g in ("val", "v1", "v2", "val2x", "pname", "species"):
        if g in m.re.groupindex and m.group(g):
            return m.span(g)
    return None


def _blank(sent: str, m: re.Match[str], groups: tuple[str, ...], chars: list[str] | None = None) -> str:
    """The sentence with the named groups of a match blanked, offsets kept."""
    chars = chars if chars is not None else list(sent)
    for g in groups:
        if g in m.re.groupindex and m.group(g):
            a, b = m.span(g)
            chars[a:b] = " " * (b - a)
    return "".join(chars)


def _mask(sent: str, hits: list[Hit]) -> str:
    """The sentence with the values blanked (a value's digits are no time words)."""
    chars = list(sent)
    for h in hits:
        _blank(sent, h.m, ("val", "val2", "v1", "v2"), chars)
    return "".join(chars)


_ONE_SLOT = {"home", "location"}  # a place after "is in": a thing's location, or else a person's town


def _value_plausible(rule: Rule, gd: dict[str, str | None]) -> bool:
    """The matched value has the shape its rule's check asks for (a pronoun's antecedent is checked later)."""
    raw = gd.get("val") or gd.get("v1") or gd.get("v2") or ""
    kind = {"home": "cap", "left": "cap", "change": rule.check or "cap"}.get(rule.attribute, rule.check)
    if raw.strip().lower() in ("it", "this", "that", "they", "he", "she", "there", "theirs", "hers", "his"):
        return True
    if raw and kind and kind not in ("lang", "hobby") and not check(kind, clean(rule.attribute, raw)):
        return False
    return kind != "lang" or check("lang", cues.LIST_SPLIT.split(raw)[0].strip())


def _matches(rule: Rule, sent: str) -> Iterator[re.Match[str]]:
    """A rule's matches, left to right; one starting inside a word is none ("Hardw|are down the street")."""
    pos = 0
    while (m := rule.regex.search(sent, pos)) is not None:
        inside = m.start() > 0 and sent[m.start() - 1].isalnum() and sent[m.start()].isalnum()
        if not inside:
            yield m
        pos = m.start() + 1 if inside else max(m.end(), m.start() + 1)


def _names_subject(rule: Rule) -> bool:
    """A rule whose match holds its subject: a thing named inside it, or the speaker's clause anchored at it."""
    return rule.subject == "embedded" or (rule.subject == "self" and rule.anchor)


def _new(found: list[Statement], more: list[Statement]) -> list[Statement]:
    """The statements of `more` not read already (same subject, attribute and value)."""
    seen = {(s.subject.lower(), s.attribute, value_key(s.attribute, s.value)) for s in found}
    return [s for s in more if (s.subject.lower(), s.attribute, value_key(s.attribute, s.value)) not in seen]


# "so I guess I'm pescatarian now": a state accepted, not a guess (only with "now" after the value)
# and "anything you send should use x@y.me from now on": an instruction, not a maybe
_RESIGNED = re.compile(
    r"\b(?:i\s+)?(?:guess|suppose)\b|\bshould(?=\s+(?:use|go\s+to|reach|be\s+sent\s+to|go\s+out\s+from|come\s+from)\b)|'d\s+call|would\s+call",
    re.I,
)
_THE_WORD = re.compile(
    r"\b(?:probably|maybe|perhaps)\s+(?=(?:the\s+)?(?:right|best|correct|honest)?\s*(?:word|label|term)\b)", re.I
)
_NOW = re.compile(r"\s*(?:now|these\s+days|officially|from\s+now\s+on|going\s+forward|from\s+here\s+on)\b", re.I)
_OPINION = re.compile(r"\b(?:think|thinks|guess|reckon|reckons|believe|believes)\b|'d\s+say", re.I)


_OWN_CLAUSE = re.compile(r"\s(?:i|we|i'm|i've|i'd|i'll)\s", re.I)
_AS_ADVISED = re.compile(r"\b(?:like|as)\s+(?:you|u|the\s+\w+)\s+(?:suggested|said|recommended|advised)\b", re.I)
_FOR_YOU = re.compile(
    r"\b(?:just\s+)?in\s+case\s+(?:you|u)\b|\bif\s+(?:you|u)\s+(?:ever\s+|ever\s+need\s+to\s+)?(?:need|want|call|text|reach)\b",
    re.I,
)
_Spoken = tuple[str | None, str | None]  # the one person and the one thing a turn refers back to
# a sentence opening on a verb in the past, with no one before it: "Got a ferret instead."
_NO_SUBJECT = re.compile(
    r"\W*(?:(?:then|and|so|also|just|finally)\s+)?(?-i:[Gg]ot|[Bb]ought|[Aa]dopted|[Mm]oved|[Ss]tarted|[Jj]oined|[Ss]witched|[Ll]eft|[Qq]uit)\b"
)
_OPENS_CLAUSE = re.compile(r"\W*(?:(?:so|now|then|well|yes|yeah|ok|okay)\W+)*", re.I)


def _unsaid(turn: Turn, sent: str) -> Subject | None:
    """Who a sentence with no subject is about: the speaker, or the person the sentence before opened on when it
    opens on a verb of theirs ("Leila gave the gecko away. Got a ferret instead": hers)."""
    return turn.opened_before if turn.opened_before is not None and _NO_SUBJECT.match(sent) else turn.speaker()


def _hedged(text: str, rule: Rule) -> bool:
    """A hedge in the match's clause; "I think" only softens a favourite, which is an opinion anyway."""
    hedges = [m.group(0) for m in cues.HEDGE.finditer(text)]
    if rule.attribute == "favorite":
        hedges = [h for h in hedges if not _OPINION.fullmatch(h)]
    return bool(hedges)


class RulesExtractor:
    """Pattern-table extractor for ordinary chat English: offline, deterministic, no I/O."""

    name = "rules"
    version = "2"
    method = "rule"
    model: str | None = None
    reads_context = True  # a new value of a known type, read against what the speaker has filed (context.py)

    def read(
        self,
        text: str,
        said_at: datetime,
        role: str,
        speaker: str | None = None,
        filed: Mapping[str, Sequence[str]] | None = None,
        things: Mapping[str, Mapping[str, Sequence[str]]] | None = None,
        asked: str | None = None,
        replied: str | None = None,
    ) -> Reading:
        """The turn's statements; with `filed` (the speaker's values so far), also the typed values that changed,
        and with `things` (the other subjects named in the turn and their values so far), theirs (extract/named.py).
        A turn typed in lower case reads the names it knows as they were filed ("lorenzo and i broke up")."""
        text, typed = with_apostrophes(text)  # "hes at duolingo now": offsets mapped back at the end
        as_typed = text
        if filed is not None:
            text = typed_recased(text, [*(v for vs in filed.values() for v in vs), *(things or {})])
        found = self.extract(
            text, said_at, role, speaker, spoken_of=(one_of(things or {}, "person"), one_of(things or {}, "thing"))
        )
        if role == "assistant" and not speaker and replied:  # "Noted, billing-api is now the platform team's."
            found += _new(found, acknowledged(text, replied, lambda t: self.extract(t, said_at, "user")))
        if filed is not None and role in _ROLES and (role != "assistant" or speaker):
            found = as_work_told(studies(text, filed, found), filed, text) + as_country_told(found, filed)
            found += corrected(norm := readable(text), said_at, filed, found)
            found += put_right(norm, said_at, filed, found)
            found += _new(found, day_corrected(norm, said_at, filed)) + denied(text, asked, filed, said_at, found)
            mine, theirs = with_denied(filed, things, found)  # "I quit the Portuguese lessons": language is in play
            found += context.changes(text, said_at, mine, found, asked, frozenset(things or {}))
            found += named_subjects.changes(text, said_at, theirs, found, asked)
            found += first_values(text, said_at, found) + answered(text, said_at, asked, things or {}, found, filed)
            if asked and confirms(text):  # "So Checkout's owner is the Platform team?" / "correct"
                found += _new(found, confirmed(text, asked, lambda t: self._checked(t, said_at, role, speaker, things)))
        found = as_thing_place(as_said_in_full(found, text), things, text)
        return Reading(
            statements=[
                st.model_copy(
                    update={"span": (typed(st.span[0]), typed(st.span[1])), "value": value_as_typed(st, as_typed)}
                )
                for st in found
            ]
        )

    def _checked(
        self,
        text: str,
        said_at: datetime,
        role: str,
        speaker: str | None,
        things: Mapping[str, Mapping[str, Sequence[str]]] | None,
    ) -> list[Statement]:
        """What a check the speaker confirms says, read as their own words."""
        found = self.extract(text, said_at, role, speaker)
        found += named_subjects.changes(text, said_at, things or {}, found)
        return found + first_values(text, said_at, found)

    def extract(
        self, text: str, said_at: datetime, role: str, speaker: str | None = None, spoken_of: _Spoken = (None, None)
    ) -> list[Statement]:
        """Statements read from one turn; `speaker`: who spoke; `spoken_of`: whom "he" and "it" are, said before."""
        if role not in _ROLES:
            return []
        norm = readable(text)
        turn = Turn(role, said_at, named=bool(speaker))
        turn.last_person, turn.known_thing = Subject(spoken_of[0], "person") if spoken_of[0] else None, spoken_of[1]
        out: list[Statement] = []
        seen: set[tuple[str, str, str, int, str | None]] = set()
        prev = ""
        for s_start, s_end in sentences(norm):
            sent = norm[s_start:s_end]
            found = (
                self._sentence(sent, s_start, turn, prev)
                or follow_up(prev, sent, s_start, turn)
                or wed_to(prev, sent, s_start, turn)
                or said_as_it(prev, sent, s_start, said_at.date(), me.display if (me := turn.speaker()) else None)
                or favourite_answered(prev, sent, s_start, turn)
                or promoted_to(prev, sent, s_start, turn)
            )
            found = found + someone_named(prev, sent, s_start, turn)  # "... seeing someone new. His name is Tobias"
            prev = sent
            for st in map(lambda st: pet_named(st, norm), found):
                key = (st.subject.lower(), st.attribute, value_key(st.attribute, st.value), st.polarity, st.qualifier)
                if key not in seen:
                    seen.add(key)
                    out.append(st)
        out = pets_joined(out + restated(norm, out), pet_patterns()[0])
        if turn.assistant and not turn.named:  # its claims about things and others are its own, not what was said
            return [st for st in out if st.subject == SELF]
        return out

    # ------------------------------------------------------------------ one sentence
    def _hits(self, sent: str) -> list[Hit]:
        """Every rule's matches in the sentence, in order; a value claimed by an earlier rule is not read again."""
        if cues.opens_a_question(sent):
            return []
        q_from, cond_spans = cues.question_from(sent), _conditional_spans(sent)
        hits: list[Hit] = []
        for rule in grammar().rules:
            for m in _matches(rule, sent):
                vspan = _value_span(m)
                if vspan is None or vspan[0] >= q_from or any(a <= vspan[0] < b for a, b in cond_spans):
                    continue
                owner = next((h for h in hits if vspan[0] < h.val_span[1] and h.val_span[0] < vspan[1]), None)
                if owner is not None:  # claimed; kept in case the owner finds no subject and this one names it
                    same = owner.rule.attribute == rule.attribute and owner.rule != rule
                    other_way = _names_subject(rule) or (owner.rule.needs_be and not rule.needs_be)  # "Starting as a"
                    slot = {owner.rule.attribute, rule.attribute} == _ONE_SLOT
                    if ((same and other_way) or slot) and self._plausible(rule, m, sent):
                        owner.alts.append(Hit(rule, m, m.start(), vspan))
                    continue
                if self._plausible(rule, m, sent):
                    hits.append(Hit(rule, m, m.start(), vspan))
        return sorted(hits, key=lambda h: h.m.start())

    def _sentence(self, sent: str, offset: int, turn: Turn, before: str = "") -> list[Statement]:
        turn.notice(sent)
        hits = self._hits(sent)
        if not hits:
            return []
        for hit in hits:
            hit.before = before
        out: list[Statement] = []
        prev: Hit | None = None
        lead_time = find_time(sent[: hits[0].m.start()], turn.said)
        masked = _mask(sent, hits)
        for hit in hits:
            read = self._read_hit(hit, sent, masked, turn, prev, lead_time)
            for alt in hit.alts if read is None else []:  # nothing read its way: another rule's way
                alt.before = before
                if (read := self._read_hit(alt, sent, masked, turn, prev, lead_time)) is not None:
                    hit = alt
                    break
            if read is None:
                continue
            subj, pol, vfrom, (c_start, c_end) = read
            span = trimmed(sent, c_start, c_end)
            made = statements(hit, subj, pol, vfrom, (offset + span[0], offset + span[1]), sent[c_start:c_end], turn)
            out.extend(covering(made, sent, offset, hit.val_span[0]))
            prev = hit
        return out

    def _read_hit(
        self,
        hit: Hit,
        sent: str,
        masked: str,
        turn: Turn,
        prev: Hit | None,
        lead_time: tuple[date, tuple[int, int]] | None,
    ) -> tuple[Subject, int, date, tuple[int, int]] | None:
        """Subject, polarity, valid_from and clause of one match; None when it states nothing."""
        subj = self._subject(hit, sent, turn, prev)
        if subj is None:
            return None
        hit.subject = subj
        c_start, c_end = clause(sent, hit.val_span[0])
        c_start = min(c_start, hit.start)
        named = _blank(sent, hit.m, ("subj", "poss", "thing"))  # "the Pro plan to $15" is no plan to do anything
        rule = hit.rule
        after = "" if rule.timeless else named[hit.val_span[1] : c_end]  # an aside's value is not what they want
        after = _AS_ADVISED.split(_FOR_YOU.split(after)[0])[0]  # "in case you need it", "like you suggested"
        after = _OWN_CLAUSE.split(after)[0]  # "since they made me sous chef last month I want ...": I want, not it
        after = _THE_WORD.sub(" ", after)  # "pescatarian is probably the right word for me": unsure of the word only
        lead = cues.ONE_FOREVER.sub(" ", named[c_start : hit.val_span[0]])
        lead = _RESIGNED.sub("", lead) if _NOW.match(after) else lead
        if _hedged(lead, rule) or _hedged(after, rule):
            return None
        if rule.needs_be and not (cues.BE.search(hit.aux) or (subj.has_be and not hit.aux.strip(" ,"))):
            return None
        pol = self._polarity(hit, sent, c_end)
        when = find_time(masked[c_start:c_end], turn.said)
        past = rule.stative and self._past(hit)
        if past:
            pol = -1
            until = re.search(r"\b(?:until|till)\b.*", masked[c_start:c_end], re.I)
            when = find_time(until.group(0), turn.said) if until else None
        if rule.timeless:
            when = None
        elif when is None and not past and not _NOW.search(masked[hit.val_span[1] : c_end]):  # "..., she's X now"
            when = lead_time if prev is not None else find_time(masked[:c_start], turn.said) or lead_time
        return subj, pol, (when[0] if when else turn.said.date()), (c_start, c_end)

    @staticmethod
    def _plausible(rule: Rule, m: re.Match[str], sent: str) -> bool:
        """Cheap checks before a match may claim its value: the value's shape, a subject slot."""
        gd = m.groupdict()
        if not _value_plausible(rule, gd):
            return False
        if cues.another_after(rule.attribute, sent, m.end()):
            return False  # "Checkout moved to the Platform team": a team, no place; "a nurse called Haruka": hers
        if rule.stay and cues.on_a_trip(sent, m.end(), cues.TRIP):
            return False  # "We're on holiday, we're in Rome": a stay, no home
        if rule.self_only and gd.get("poss") and (gd["poss"] or "").strip().lower() not in ("my", "your"):
            return False  # "her name is Grace": not the speaker's name, so the value is free for other rules
        if rule.subject not in ("person", "appos") and not (rule.subject == "poss" and not gd.get("poss")):
            return True
        if rule.subject == "poss" and _OPENS_CLAUSE.fullmatch(sent[clause(sent, m.start())[0] : m.start()]):
            return True  # "...: deep teal is the colour I love now": a clause of its own, the speaker's
        return person_slot_plausible(rule, sent[: m.start()], sent[m.end() :])

    # ------------------------------------------------------------------ subject
    def _subject(self, hit: Hit, sent: str, turn: Turn, prev: Hit | None) -> Subject | None:
        """Who or what a match is about, by its rule's subject kind."""
        kind = hit.rule.subject
        if kind == "self":
            return turn.speaker()
        if kind == "listener":  # "Congrats on the move to Halifax!": whom the turn speaks to
            return turn.listener()
        if kind == "poss":
            return self._poss_subject(hit, sent, turn, prev)
        if kind == "embedded":
            return embedded_subject(hit, turn)
        if kind == "thing":
            return thing_subject(hit, sent, turn)
        if kind == "appos":
            back = self._person_subject(hit, sent, turn, prev)
            if back is not None and cues.BE.search(hit.aux):
                return back
            hit.aux = ""
            return turn.person(hit.m.group("subj"))
        subj = self._person_subject(hit, sent, turn, prev)
        return None if subj is not None and hit.rule.self_only and subj.display != SELF else subj

    def _poss_subject(self, hit: Hit, sent: str, turn: Turn, prev: Hit | None) -> Subject | None:
        """A possessive's owner ("my", "Carol's"); without one ("email: x", "home is Lisbon"), the speaker."""
        rule, m = hit.rule, hit.m
        poss = m.group("poss") if "poss" in m.re.groupindex else None
        if not poss:  # "..., so home is now Canada": a clause of its own opening on the attribute, the speaker's
            opens = _OPENS_CLAUSE.fullmatch(sent[clause(sent, m.start())[0] : m.start()])
            return turn.speaker() if rule.anchor or opens else self._person_subject(hit, sent, turn, prev)
        subj = turn.person(re.sub(r"['’]s$", "", poss.strip()))
        if rule.self_only and (subj is None or subj.display != SELF):
            return None
        lead = sent[clause(sent, m.start())[0] : m.start()]  # anchored: the match opens its clause
        lead = re.sub(
            r"^\s*(?:and|but|so|because|since)\b|^\s*(?:the|a|an)\s*$", "", lead, flags=re.I
        )  # "The Name of ..."
        if poss.lower() in ("his", "her", "their") and (pair := paired_with(sent[: m.start()])):
            return turn.person(pair)  # "my bff Sam and her boyfriend Chris": Sam's
        if rule.anchor and lead.strip(" ,") and not cues.DISCOURSE.match(lead):
            return None
        return subj

    def _person_subject(self, hit: Hit, sent: str, turn: Turn, prev: Hit | None) -> Subject | None:
        m = hit.m
        pre = sent[: m.start()]
        if (am := cues.AM_ELIDED.search(pre)) is not None:  # "... and am now a Norwegian citizen"
            hit.aux = am.group(0)
            return turn.speaker()
        if leading_self(pre, sent[m.end() :]) and not hit.rule.needs_be:  # "After leaving X, I joined Y"
            return turn.speaker()
        found = person_before(pre)
        if found:
            before = pre[: found.start()]
            if hit.rule.anchor and before.strip(" ,") and not cues.DISCOURSE.match(before):
                return None
            hit.aux = aux_of(found)
            hit.start = found.start()
            subj = turn.person(found.group("ps"))
            if subj is not None:
                subj = Subject(subj.display, subj.kind, bool(cues.BE.search(hit.aux)))
            return subj
        elided = cues.ELIDED.search(pre)
        if elided and prev is not None and prev.subject is not None and elided.start() >= prev.val_span[0]:
            hit.aux = elided.group("aux")
            return prev.subject
        if (earlier := earlier_verb_subject(hit, pre, turn)) is not None:
            return earlier
        lead = cues.AUX_ONLY.search(pre) or cues.DISCOURSE.match(pre)
        if lead is not None or cues.DISCOURSE.match(re.sub(rf"(?:{cues.AUX_TOK})*\s*$", "", pre, flags=re.I)):
            aux = re.search(rf"(?:{cues.AUX_TOK})*\s*$", pre, re.I)
            hit.aux = aux.group(0) if aux else ""
            return None if m.start() == 0 and hit.rule.needs_be else _unsaid(turn, pre + sent[m.start() :])
        return None

    # ------------------------------------------------------------------ polarity / tense
    def _polarity(self, hit: Hit, sent: str, c_end: int) -> int:
        m, rule = hit.m, hit.rule
        parts = [hit.aux]
        cut = sorted(
            m.span(g)
            for g in ("val", "val2", "v1", "v2", "pname", "species", "subj", "poss", "thing")
            if g in m.re.groupindex and m.group(g)
        )
        pos = m.start()
        for a, b in cut:
            if a >= pos:
                parts.append(sent[pos:a])
            pos = max(pos, b)
        parts.append(sent[pos : m.end()])
        negated = bool(cues.NEG.search(" ".join(parts))) or bool(cues.NEG_TAIL.search(sent[hit.val_span[1] : c_end]))
        if not negated or rule.fixed:
            return rule.polarity
        return -1 if rule.polarity == 1 else 1

    @staticmethod
    def _past(hit: Hit) -> bool:
        verb = hit.m.group(0)
        if cues.PERFECT.search(hit.aux) or re.search(r"['’]s\s*$", hit.aux):  # "she's lived there": she has
            return False
        if cues.PAST_AUX.search(hit.aux):
            return True
        if hit.rule.needs_be:
            return False
        return bool(cues.PAST_STATE.match(verb) or re.search(r"\bused\s+to\b", hit.aux, re.I))
