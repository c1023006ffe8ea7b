"""First values of things named unmistakably in a turn: an identifier's port or version, a named plan's price."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from twinmem.extract import cues
from twinmem.extract.base import Statement
from twinmem.extract.checks import is_known_place
from twinmem.extract.context import shaped_values
from twinmem.extract.held import own_value
from twinmem.extract.lexicon import gender_of, words
from twinmem.extract.named import stated, statement_at
from twinmem.extract.text import clause, readable
from twinmem.subjects import THING_HEADS
from twinmem.values import fold

__all__ = ["first_values"]

_IDENT = re.compile(r"(?<![\w@./-])(?-i:[a-z][a-z0-9]+(?:[-_][a-z0-9]{2,})+)(?![\w@/-])")
_PLAN = re.compile(
    r"\b(?:the|our|their|a|its|my)\s+(?P<t>(?:(?-i:[A-Z][\w+-]*)\s+){1,2}(?:plan|tier|subscription|membership|package|"
    r"edition|license|licence|bundle)|(?-i:[A-Z][\w+-]*)\s+(?:[a-z]+\s+){0,2}(?:class|course|lesson|workshop|pass|ticket))\b",
    re.I,
)
_GAP = 40  # characters between an identifier and its first value
_PREP_CLAUSE = re.compile(
    r"[\s,;]*(?:(?:currently|now|still)\s+)?(?:on|at)\s", re.I
)  # a clause that only places the value: its owner is before
_PORT_COMMA = re.compile(r"\bport\s*,\s*$", re.I)
# a thing introduced by its name: "a little minecraft server called Blockhaven"
_CALLED_BY_NAME = re.compile(r"\b(?:called|named)\s+(?P<t>(?-i:[A-Z][\w.+-]*)(?:\s+(?-i:[A-Z][\w.+-]*)){0,2})", re.I)
# a thing named by what it is ("the mobile app", "my Vela thermostat"): a value's owner like an identifier
_THING_NP = re.compile(
    r"\b(?:the|our|my|their)\s+(?P<t>(?:[\w.+-]+\s+){0,2}(?:app|service|api|server|worker|site|website|backend|"
    r"frontend|database|db|cluster|plugin|extension|firmware|thermostat|router|library|sdk|cli|bot|gateway|proxy|"
    r"queue|cache|client|dashboard|portal|platform|engine|pipeline|repo|package|image|container|daemon|tool|game|"
    r"device|phone|laptop|tablet|console|printer|camera|os|kernel|browser|editor|driver))\b",
    re.I,
)


def first_values(text: str, said_at: datetime, already: Sequence[Statement] = ()) -> list[Statement]:
    """First values of things named unmistakably: an identifier's port or version, a named plan's price."""
    norm = readable(text)
    read = {(fold(s.subject), s.attribute) for s in already}
    said = {(fold(s.subject), s.value) for s in already}  # "Postgres is on 16 now": a version read, no port
    out: list[Statement] = []
    prev = ""
    for s_start, s_end, _full in stated(norm):
        sent, before = norm[s_start:s_end], prev
        prev = sent
        if cues.asks_or_supposes(sent) and not _WORTH.search(sent):
            continue
        for name, attribute, value in _first_in(sent, before):
            if _said_of_longer(name, attribute, value, already):
                continue  # "The staging API listens on 8080": the staging API's, not also an "API"'s
            if (fold(name), attribute) not in read and (fold(name), value) not in said:
                read.add((fold(name), attribute))
                out.append(statement_at(name, attribute, value, norm, s_start, s_end, said_at))
    return out


def _said_of_longer(name: str, attribute: str, value: str, already: Sequence[Statement]) -> bool:
    """The name is a generic head word ("API", "server") and the value was read for a thing named with it."""
    if fold(name) not in THING_HEADS:
        return False
    word = re.compile(rf"(?<!\w){re.escape(fold(name))}(?!\w)")
    return any(
        s.attribute == attribute and fold(s.value) == fold(value) and word.search(fold(s.subject)) for s in already
    )


_DEVICES = re.compile(
    r"(?:firmware|thermostat|router|game|device|phone|laptop|tablet|console|printer|camera|os|kernel|browser|editor|driver)$",
    re.I,
)
_IT = re.compile(r"(?<!says\s)(?<!shows\s)(?<!reads\s)(?<!reports\s)\b(?:it|they)\b", re.I)  # (not "router says it's")
_MORE_DIGITS = re.compile(r"[\s.-]*\d")


# a word straight before a three-part version names what the version is of ("we're on orbit 2.3.1"), unless it
# is a word of the sentence's own (a verb, a preposition: "shipped 3.0.0", "to 2.4.1")
_NAMED_WITH_VERSION = re.compile(
    r"(?<![\w.-])(?P<t>(?!(?:on|to|from|at|of|in|into|onto|with|than|since|after|before|until|past|over|like|via|by|for|as|is|was|are|be|now|finally|just|still|version|"
    r"release|ship|tag|deploy|cut|push|pin|run|install|hit|reach|and|or|the|a|v|firmware|software|build|update|patch|os|app|"
    r"beta|alpha|rc|api|sdk|shows|showed|says|said|reads|reports|reported|displays|lists|running|runs)\b)(?-i:[a-z][a-z0-9+#-]*)(?<!ed)(?<!ing))"
    r"\s+v?\d+\.\d+\.\d+\b",
    re.I,
)


# a name said with its version: "the new Driftwood 2.0.0 installed itself", "we're on Postgres 15.4"
_CAPITAL_WITH_VERSION = re.compile(
    r"(?<![\w.-])(?P<t>(?-i:[A-Z][\w+#-]*))\s+(?P<v>v?\d+\.\d+(?P<third>\.\d+)?)\b(?![.,]\d)"
)
_NOT_SOFTWARE = frozenset(
    "chapter section figure table step page level grade class room gate floor hotfix patch release build version "
    "update upgrade fix".split()
)


def _capital_with_version(sent: str) -> list[tuple[int, int, str]]:
    """Names straight before a version, not a word of the grammar's never-names nor a sentence's first word
    unless the version has three parts ("Meeting 5.30" is a time)."""
    return [
        (m.start("t"), m.end("t"), m.group("t"))
        for m in _CAPITAL_WITH_VERSION.finditer(sent)
        if (m.group("third") or sent[: m.start()].strip())
        and m.group("t").lower() not in words("not_names")
        and m.group("t").lower() not in _NOT_SOFTWARE
        and not is_known_place(m.group("t"))
        and not _RUNS_ON.search(sent, 0, m.start())
    ]


# "the NAS is on DSM 7.1.1", "it's now running DSM 7.2.2": the version of what runs it ("we're on Postgres 15.4" is)
_RUNS_ON = re.compile(r"(?:\b(?:is|it's|'s)\s+(?:now\s+|still\s+)?(?:on|running)|\brunning|\bruns)\s+$", re.I)


def _services(sent: str) -> list[tuple[int, int, str]]:
    """Things named by what they are that listen on ports (the payments service, not my phone)."""
    return [(m.start(), m.end(), m.group("t")) for m in _THING_NP.finditer(sent) if not _DEVICES.search(m.group("t"))]


# a thing called by its name ("Grafana", "Nordlys"): a capitalised word that is not a person's pronoun, a
# determiner or a place, straight before its value's verb
_CALLED = re.compile(
    r"(?-i:\b(?!(?:I|We|You|He|She|They|It|The|A|An|My|Our|Their|This|That|Yes|No|So|And|But|Then|Now|Just|Also|"
    r"Still|Only|Even|Maybe|Well|Oh|Ok|Okay)\b)[A-Z][\w.+#-]*(?:\s+[A-Z][\w.+#-]*)*)(?='s\s|\s+(?:is|was|runs|sits|listens|serves|costs|"
    r"charges|has\s+gone|went|got|moved|now|(?:finally\s+|just\s+)?(?:tagged|shipped|released))\b)"
)


def _called(sent: str) -> list[tuple[int, int, str]]:
    return [
        (m.start(), m.end(), m.group(0))
        for m in _CALLED.finditer(sent)
        if m.group(0).lower() not in words("not_names") and not is_known_place(m.group(0))
    ]


def _first_in(sent: str, before: str = "") -> list[tuple[str, str, str]]:
    """(thing, attribute, value) for the first values a sentence gives things named unmistakably (the last
    value per thing and attribute). `before`: the sentence before it, whose name a bare price carries on."""
    found = _ports_and_versions(sent) or _version_carried(sent, before)
    found += _plan_prices(sent) or _named_prices(sent, before)
    last: dict[tuple[str, str], str] = {(n, a): v for n, a, v in found}
    return [(n, a, v) for (n, a), v in last.items()]


def _ports_and_versions(sent: str) -> list[tuple[str, str, str]]:
    """A port or a version just after the thing it belongs to: an identifier, or a thing named by what it is
    (a device has a version but no port)."""
    found: list[tuple[str, str, str]] = []
    idents = [(m.start(), m.end(), m.group(0)) for m in _IDENT.finditer(sent)] + _called(sent)
    idents += [(m.start("t"), m.end("t"), m.group("t")) for m in _CALLED_BY_NAME.finditer(sent)]
    software = idents + [(m.start(), m.end(), m.group("t")) for m in _THING_NP.finditer(sent)]
    software += [(m.start("t"), m.end("t"), m.group("t")) for m in _NAMED_WITH_VERSION.finditer(sent)]
    software += _capital_with_version(sent)
    for attribute in ("port", "version"):
        owners = sorted(software if attribute == "version" else idents + _services(sent))
        for value, pos in shaped_values(sent, attribute):
            if attribute == "port" and _MORE_DIGITS.match(sent, pos + len(value)):
                continue  # a piece of a longer number (a phone number), not a port
            start = clause(sent, pos)[0]
            # ", on the default 25565", "the default port, 5432": the clause before's
            if start > 0 and (_PREP_CLAUSE.match(sent, start) or _PORT_COMMA.search(sent, 0, start)):
                start = clause(sent, start - 1)[0]
            near = [(e, n) for s, e, n in owners if e <= pos and pos - e <= _GAP and start <= s]
            if near and _held(sent, near[-1][0], pos):
                found.append((near[-1][1], attribute, value))
    return found


# "... an app called PaperTrail. I'm on version 2.8.1": the version of what the sentence before named
_ON_VERSION = re.compile(
    r"^\W*(?:i['’]m|we['’]re|i\s+am|we\s+are)\s+(?:now\s+|still\s+)?(?:on|running)\s+(?:version\s+|v)", re.I
)


def _version_carried(sent: str, before: str) -> list[tuple[str, str, str]]:
    """The version the speaker is on, said in the sentence after the one that named the thing ("called X")."""
    if not _ON_VERSION.match(sent):
        return []
    called = [m.group("t").rstrip(".") for m in _CALLED_BY_NAME.finditer(before)]
    if not called:
        return []
    return [(called[-1], "version", value) for value, _pos in shaped_values(sent, "version")[:1]]


def _held(sent: str, owner_end: int, pos: int) -> bool:
    """The value at `pos` is held by the thing named just before it: not negated, hedged or said of "it" (the
    clause's own subject: "since the gateway rollout it serves on 9443")."""
    between = sent[owner_end:pos]
    return own_value(sent, pos) and not cues.NEG.search(between) and not _IT.search(between)


def _plan_prices(sent: str) -> list[tuple[str, str, str]]:
    """A price in a sentence that names a plan or a tier: the nearest plan's."""
    plans = [(m.start("t"), m.group("t")) for m in _PLAN.finditer(sent)] + [(p, n) for p, _e, n in _called(sent)]
    if not plans:
        return []
    return [
        (min(plans, key=lambda p: abs(p[0] - pos))[1], "price", value)
        for value, pos in shaped_values(sent, "price")
        if own_value(sent, pos)
    ]


# a name of a place one pays ("Ironbark Gym", "Silver Sands RV Park", "Halcyon"): capitalised words, "&" between
_NAME = re.compile(
    r"(?<![\w'’-])(?-i:[A-Z][\w'’+-]*(?:\s+(?:&\s+)?[A-Z][\w'’+-]*){0,3})"
    rf"(?:\s+(?:[a-z]+\s+)?(?:{'|'.join(sorted(THING_HEADS))})|(?<=[A-Za-z])(?:\s+(?-i:[a-z]+)){{1,2}}(?=,)(?<=[a-z]))?(?![\w'’-])"
)  # with a head word after it: "the Fernhill Farm veggie box"; with what it is, up to a comma: "the Juniper
# Street duplex, listed at ..."
# a price said by the period it recurs for: "$620 a month", "£28 a week", "$29 a month per seat"
_RECURS = re.compile(r"\s*(?:a|an|per|/|each)\s*(?:month|mo|year|yr|week|night|seat|user|session|class|visit)\b", re.I)
# money of the speaker's own that is no price of a thing: spending, earning, owing, a budget
_NOT_A_PRICE = re.compile(
    r"\b(?:spent|spend|spending|earn|earns|earning|earned|salary|wage|paid\s+me|pays\s+me|owe|owes|owed|tip|tipped|"
    r"budget|saved|save|saving|raise|bonus|rent\s+out|charge\s+(?:clients|customers|people))\b",
    re.I,
)
# a one-off price: what a thing is listed or sold for ("listed my old bike, the Trailhead, for $1,200")
_FOR_SALE = re.compile(
    r"\b(?:listed|listing|selling|sell|sells|advertised|advertising)\b[^.!?]{0,60}?\bfor\s+$|"
    r"\b(?:listed|priced|retails?|retailing|sells?|selling|goes|going|offered|advertised)\s+(?:at|for)\s+$",
    re.I,
)  # (or "listed at", "retails at", "sells for": "the Driftwood standing desk, retails at $649")
_WORTH = re.compile(r"^\W*(?:is|are)\s+.{1,60}?\s+worth\s+(?:[$€£]|\d)", re.I)  # "is Loomly Pro worth $12 a month"
_BARE_PRICE = re.compile(r"^\W*(?:(?:it's|its|it\s+is|only|just|about|around)\s+)*(?:[$€£]|\d)", re.I)


def _described_after_the(said: list[str], before: str) -> list[str]:
    """A name's words with what it is said to be ("the Juniper Street duplex") only after "the": "Tinplate
    raised prices, ..." is Tinplate."""
    if re.search(r"\bthe\s+$", before, re.I) or not said[-1].islower() or said[-1] in THING_HEADS:
        return said
    return said[: next(i for i, w in enumerate(said) if w.islower())]


_DESCRIBED = re.compile(r",\s+(?:our|my|the|their|a|an)\s")


def _names(sent: str) -> list[tuple[int, int, str]]:
    """Names in a sentence that could be of a place or a service one pays: not the sentence's first word alone,
    a word of the grammar's never-names, a place or a person's first name."""
    out = []
    for m in _NAME.finditer(sent):
        said = _described_after_the(m.group(0).split(), sent[: m.start()])
        while said and said[0].lower() in words("not_names"):
            said = said[1:]  # "Is Loomly Pro": Loomly Pro
        name = " ".join(said)
        first = not sent[: m.start()].strip() and not _DESCRIBED.match(sent, m.end())  # "Tessellate, our tool,"
        if not name or (len(said) == 1 and (first or gender_of(name) is not None)):
            continue
        if not is_known_place(name):
            out.append((m.end() - len(name), m.end(), name))
    return out


def _named_prices(sent: str, before: str) -> list[tuple[str, str, str]]:
    """A recurring price (or one a thing is listed for) in a sentence that names what it is paid to: the name
    nearest before it (or just after it: "I pay £32 a month at Ironbark Gym"), or, for a sentence that opens on
    the price, the last name of the sentence before ("... is in Sunny Side Storage. $89 a month for a 5x10")."""
    prices = shaped_values(sent, "price")
    if not prices or _NOT_A_PRICE.search(sent):
        return []
    names = _names(sent)
    out = []
    for value, pos in prices:
        recurs = _RECURS.match(sent, pos + len(value)) or _FOR_SALE.search(sent, 0, pos)
        if not recurs or not own_value(sent, pos):
            continue
        ahead = [n for s, e, n in names if e <= pos]
        after = [n for s, e, n in names if s >= pos + len(value) and s - pos < 40]
        if ahead or after:
            out.append((ahead[-1] if ahead else after[0], "price", value))
        elif _BARE_PRICE.match(sent) and (earlier := _names(before)) and not _NOT_A_PRICE.search(before):
            out.append((earlier[-1][2], "price", value))
    return out
