"""Context cues of the rules extractor: auxiliaries, negation, hedges, questions, clause and sentence ends.

These read *around* a rule's match (who the subject is, whether it is negated, wished or asked),
whereas data/rules.toml holds what a statement itself looks like. Compiled on first use.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cached_property

from twinmem.extract.table import grammar

_M = grammar().macros


class Lazy:
    """A regex compiled on first use: keeps the module's import cheap (Lambda cold start)."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern, self.flags = pattern, flags

    @cached_property
    def rx(self) -> re.Pattern[str]:
        return re.compile(self.pattern, self.flags)

    def search(self, text: str) -> re.Match[str] | None:
        return self.rx.search(text)

    def match(self, text: str) -> re.Match[str] | None:
        return self.rx.match(text)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.rx.finditer(text)

    def sub(self, repl: str, text: str) -> str:
        return self.rx.sub(repl, text)


# --------------------------------------------------------------------------- context cues
AUXW = (
    r"am|is|are|was|were|be|been|being|have|has|had|do|does|did|will|shall|can|cannot|can't|won't|ain't|"
    r"isn't|aren't|wasn't|weren't|don't|doesn't|didn't|haven't|hasn't|hadn't|not|never|no\s+longer|also|"
    r"still|now|currently|just|recently|actually|really|finally|already|officially|always|only|even|both|"
    r"started|starting|began|begun|"
    r"love|loves|enjoy|enjoys|like|likes|hate|hates|adore|adores|"  # "she loves | living in"
    r"all|mostly|originally|happily|newly|permanently|back|then|again|ever|totally|strictly|fully|used\s+to|"
    r"got|gotten|get|gets|getting|went|gone|became|become|becoming|too|technically|basically|officially|"
    r"since\s+(?:19|20)\d\d|since\s+(?!(?:brought|bought|got|gotten|moved|started|adopted|joined|taken|become|been)\b)\w+(?:\s+\d{4})?|since|last\s+(?:week|month|year)|this\s+(?:week|month|year)|"
    r"in\s+(?:19|20)\d\d|\w+ly|both|each|super|so|kinda|kind\s+of|sort\s+of|sorta|pretty|quite|very|had\s+to|decided\s+to|managed\s+to|chose\s+to"
)
AUX_TOK = rf"(?:\s*['’](?:m|s|re|ve|d|ll)\b|n['’]t\b|\s*,\s*|\s+(?:{AUXW})\b)"
# where someone is known from, said after them: "Dmitri from my running club | works at ..."
_FROM_GROUP = (
    r"(?:\s+from\s+(?:my|our|the|his|her)\s+(?:[\w-]+\s+){0,2}?(?:club|team|class|office|group|gym|choir|band|"
    r"course|department|lab|church|book\s+club|work|school|uni|college|building|street))?"
)
PERSON = (
    rf"(?P<ps>(?<![\w'’])(?:i|we|you|he|she|they|im|ive)(?![\w])|(?<![\w'’])(?:my|our|your|his|her|their)\s+"
    rf"(?:(?:little|big|older|younger|old|new|twin|baby|step|late|dear|eldest|youngest)\s+)*(?:{_M['REL']})"
    rf"(?:\s*,?\s*{_M['NAMETOK']}(?:\s+{_M['NAMETOK']}){{0,2}}\s*,?)?{_FROM_GROUP}|"
    rf"(?<!\bthe\s)(?<!\bour\s)(?<!\bmy\s)(?<!\ba\s)(?<!\ban\s)"  # "retired the Fit, bought ...": a thing
    rf"{_M['NAME']}(?:\s*,\s*(?:my|our)\s+(?:{_M['REL']})\s*,)?{_FROM_GROUP})"
)
END_PERSON = Lazy(PERSON + rf"(?:\s*,?\s+who\b)?(?P<aux>{AUX_TOK}*)\s*$", re.I)  # "my mom, Leila, who's"
AUX_ONLY = Lazy(rf"^(?P<aux>(?:\s*(?:{AUXW})\b)?{AUX_TOK}*)\s*$", re.I)  # "Got | promoted to ...": the speaker
# "... and am now a Norwegian citizen": "am" with its subject left out is only ever the speaker's
AM_ELIDED = re.compile(r"\b(?:and|but|so|now)\s+am\s+(?:now\s+|officially\s+|finally\s+)?$", re.I)
ELIDED = Lazy(rf"(?:^|\b(?:and|but|then|plus|also|&)\b|[,;—–-])(?P<aux>{AUX_TOK}*)\s*$", re.I)
# the speaker as the subject of an earlier verb of the same clause: "we packed up everything and | relocated",
# "I spent the winter | learning woodworking"
COORD_SELF = Lazy(
    r"(?:^|[\s,;:—–-])(?:i|we)(?:['’](?:ve|d|ll|m|re))?\s+"
    r"(?:(?!(?:think|thought|guess|hope|wish|want|might|may|could|would|should)\b)[^,;:.!?—–]*?(?:\s(?:and|then|&)\s+|\s*,\s+|\s*[—–]\s*|\s+-\s+)"
    r"(?:then\s+|also\s+|finally\s+|just\s+|eventually\s+)?"
    r"|(?:just\s+|have\s+|had\s+)?(?:spent|spend|been\s+spending)\s+(?:the|my|our|this|last|all|every|most)\s+"
    r"(?:(?:whole|entire|long|past)\s+)?(?:winter|summer|spring|autumn|fall|weekends?|holidays?|evenings?|mornings?|"
    r"lockdown|break|vacation|time\s+off)\s+)$",
    re.I,
)
# a sentence with no subject, opening on the speaker's own past verb: "finally retired the Fit, | bought a ..."
# a person opening the sentence and doing one thing, then (after "and") the one a match reads: "Mateo rehomed
# Chico and | got a corgi", "Oskar has since left Klarna and | joined Wolt" (the second verb's subject)
COORD_PERSON = Lazy(
    r"(?:^\W*|[,;:—–]\s*(?:(?:but|and|so)\s+)?|\bbut\s+)(?:(?:so|and|but|well|also|anyway|update|news|meanwhile|apparently)\W+)*"
    + PERSON
    + r"(?P<aux>(?:['’](?:s|d|ve))?"
    r"(?:\s+(?:has|had|have|just|since|finally|recently|also|then|eventually|actually))*)\s+"
    r"(?:[a-z]+ed|sold|bought|got|left|took|gave|quit|swapped|traded|went|became|broke|split|sent|found|met|won|lost|"
    r"bit|made|ran|threw|caught|fell|grew|spent|sat|came|let|put|cut|hit|set)"
    r"\b(?!\s+(?:me|us|to\s+me)\b)[^.!?;:]*?\s(?:and|&|to(?=\s+$))\s+"
    r"(?:(?:then|also|finally|just|eventually|now|recently|has|have|had|is|was|promptly|immediately)\s+)*$",
    re.I,
)
VERB_LEAD_SELF = Lazy(  # (after a headline: "Went electric: sold the Outback and ...")
    r"^\W*(?:(?:finally|just|so|then|also|anyway|ok|okay|well|update)\W+)*(?:[\w' ]{1,25}[:—–]\s*)?"
    r"(?:[a-z]+ed|sold|bought|got|left|took|gave|quit|traded|swapped)"
    r"(?:(?:\s+(?:up|out|off|down|away|in|over))?\s+(?:the|my|our|a|an|that|this|it|everything)\b"
    r"[^.!?]*?(?:,|\band\b|\bthen\b|[^\w\s.!?'’])|\s+(?:up|out|off|down|away)\s+(?:and|then))\s*$",
    re.I,
)
# a move whose sentence names no destination ("we've moved again!"), and the fragment that does next
FOLLOW_MOVE = Lazy(
    r"(?:\b(?:i|we)(?:['’](?:ve|d|m|re))?\s+|^\W*(?:(?:yep|yes|yeah|so|well|ok|and)\W+)*"
    r"(?:(?P<who>(?-i:[A-Z][a-z]+))(?:['’]s|\s+is|\s+has)\s+)?)"  # "Priya's moving again lol. Vancouver this time."
    r"(?:(?:just|finally|officially|actually|have|had)\s+)*"
    r"(?:moved|relocated|moving|relocating)(?:\s+(?:again|once\s+more|house|out|away)){0,2}(?:\s+(?:lol|haha|ha))*\W*$",
    re.I,
)
FOLLOW_PLACE = Lazy(
    rf"^\W*(?P<val>{_M['CAPX']})\s*,?\s+(?:this\s+time|now|of\s+all\s+places|since\s+(?:{_M['MONTHS']}|last\s+\w+|the\s+\w+))\b",
    re.I,
)
# a job left ("I've left Spotify."), and where the speaker is now ("I'm at Netflix now.")
FOLLOW_LEAVE = Lazy(
    r"\b(?:i|we)(?:['’](?:ve|d))?\s+(?:(?:just|finally|officially|have|had)\s+)*(?:left|quit)\b[^.!?]*[.!?]*\s*$", re.I
)
# news of a wedding or an engagement, then whom to in the next sentence: "Mateus is engaged! To Carolina."
FOLLOW_WED = Lazy(
    r"(?:^|[\s:,;—–-])(?P<who>I|[Ww]e|[Hh]e|[Ss]he|[A-Z][a-z]+)(?:\s+(?:is|are|am|has|have|just|finally|officially|got|gotten))*"
    r"(?:['’][sm])?(?:\s+(?:just|finally|officially|got|gotten))*\s+(?:engaged|married|hitched)\W*$"
)
# how the one someone is engaged to is named after the news: "Her name is Mireille", "he met Zeynep", "it's Hana"
_NAMED_AS = r"(?:her|his|their)\s+name(?:['’]s|\s+is)|(?:he|she|they)\s+met|it['’]s|it\s+is"
FOLLOW_TO = Lazy(
    rf"^\W*(?i:(?:and|but)\s+)?(?:(?i:not\s+to\s+[^.!?]*?\bbut\s+)?(?i:to)|[^.!?]*?\b(?i:{_NAMED_AS}))"
    rf"\s+(?P<val>{_M['NAMETOK']}(?:\s+{_M['NAMETOK']})?)\b"
)
FOLLOW_AT = Lazy(
    rf"^\W*(?:(?:so|and|now)\s+)?(?:i['’]m|i\s+am|we['’]re|we\s+are)\s+(?:now\s+)?(?:at|with)\s+(?P<val>{_M['CAPX']})"
    r"\s+(?:now|these\s+days|instead)\b",
    re.I,
)
SUBORDINATE_LEAD = Lazy(r"^\W*(?:right\s+|just\s+|shortly\s+)?(?:after|since|before|upon|on|when|since)\s+$", re.I)
DISCOURSE = Lazy(
    r"^\s*(?:(?:oh|so|well|also|btw|by\s+the\s+way|actually|anyway|update|fyi|quick\s+update|news|"
    r"good\s+news|big\s+news|fun\s+fact|heads\s+up|ok|okay|yes|yeah|yep|no|nope|nah|hi|hey|hello|finally|just|"
    r"officially|recently|now|(?:and|but|so)\s+now|these\s+days|nowadays|guess\s+what|as\s+of\s+\w+|"
    r"starting\s+\w+(?:\s+\w+)?|since\s+\w+(?:\s+\d{4})?|"
    r"last\s+\w+|this\s+\w+|yesterday|today|earlier\s+this\s+\w+|(?:\w+|a\s+few|a\s+couple\s+of)\s+\w+\s+ago|"
    r"in\s+\d{4}|(?:19|20)\d\d|lol|haha|(?:day|week|month)\s+\d+\s+of)[\s,!:.—–-]*)*$",
    re.I,
)
BE = Lazy(
    r"['’](?:m|s|re)\b|\b(?:am|is|are|was|were|been|be|isn't|aren't|wasn't|weren't|became|become|"
    r"becoming|went|gone|turned|remain|remains|stayed)\b",
    re.I,
)
PERFECT = re.compile(r"['’]ve\b|\b(?:have|has|had|haven't|hasn't|been)\b|['’]d\s+been", re.I)
PAST_STATE = re.compile(r"^(?:lived|resided|worked|spoke|drove|played|stayed|was|were)\b", re.I)
PAST_AUX = re.compile(r"\b(?:was|were|wasn't|weren't|used\s+to|didn't\s+use\s+to)\b", re.I)
NEG = re.compile(r"\b(?:not|never|no\s+longer|no\s+more|nor|none)\b|n['’]t\b", re.I)
NEG_NEXT = re.compile(r"\s+(?:\w+n['’]t|never|no\s+longer)\b", re.I)  # a value its clause denies: "Oslo doesn't win"
TRIP = re.compile(_M["TRIP"], re.I)  # a trip, a visit, a holiday: a place said with it is no home
NEG_TAIL = Lazy(
    r"^\s*,?\s*(?:(?:any\s*more|no\s+more|no\s+longer|not\s+any\s*more)\b|"
    r"(?:is|are)\s+(?:not|no\s+longer)\b)",
    re.I,
)
HEDGE = Lazy(
    r"\b(?:would(?!\s+you\s+(?:please\s+)?(?:remember|note|save|store|keep|update|log|record|jot|write))|wouldn't|might|"
    r"could(?!\s+you\s+(?:please\s+)?(?:remember|note|save|store|keep|update|log|record|jot|write))|"
    r"couldn't(?!\s+(?:refuse|resist|say\s+no|pass\s+(?:it\s+)?up|turn\s+(?:it\s+)?down))|"  # an offer not refused
    r"should(?!\s+(?:now\s+|henceforth\s+|from\s+now\s+on\s+)?(?:go\s+to|be\s+(?:sent|directed|addressed|forwarded)|reach|use|"
    r"connect|ring|call|text|contact)|\s+(?:probably\s+|also\s+)?(?:mention|say|add|note|tell\s+you|point\s+out|update\s+you))|shouldn't|wish|wishes|"
    r"wished|hope|hopes|hoping|"
    r"want|wants|wanted|wanna|(?:plans|planning|planned)\s+(?:to|on)|"
    r"(?:i|we|they|you|he|she|still|also|now|do|don't|'ll|will|would)\s+plan\s+(?:to|on)|thinking|considering|consider|contemplating|"
    r"dream|dreams|dreaming|dreamt|dreamed|going\s+to(?!\s+be\s+[$€£¥]\s?\d)(?!\s+(?:the|a|an)\s+(?-i:[A-Z]))|gonna|maybe|perhaps|probably|possibly|suppose|supposing|"
    r"imagine|imagining|whether|unless|think|thinks|thought|believe|believes|believed|reckon|reckons|"
    r"guess(?!\s+(?:who|what|that\s+makes\s+me|i(?:'m|\s+am)\s+officially)\b)|"
    r"wonder|wondering|someday|one\s+day|tempted|trying\s+to|try\s+to|ought(?!\s+to\s+(?:mention|say|tell\s+you|add|note))|"
    r"need\s+to|needs\s+to|"
    r"hypothetically|pretend|rather(?!\s+than\b)|interested\s+in|(?<!\bto\ssee\s)(?<!\bto\scheck\s)(?<!\bto\stest\s)if|in\s+case|eventually|debating|on\s+the\s+fence|"
    r"undecided|keen\s+to|eager\s+to|excited\s+to|can't\s+wait\s+to|about\s+to|expect|expecting|"
    r"supposed\s+to|suggested|suggests|recommends|recommended|advised|told\s+me\s+to|(?<!doctor\s)(?<!ist\s)(?<!\bgp\s)(?<!results\s)(?<!tests\s)says\s+i|claims?|"
    r"rumou?rs?|allegedly|pretending|fantasi[sz]e|daydream|ideally|'d\s+(?!been\b)(?![a-z]+ed\b)(?!(?:gone|done|seen|taken|given|written|known|got|gotten|made|had|left|found|bought|sold|begun|become)\b)\w+|"
    r"would've|let's|lets|how\s+about|what\s+about|any\s+chance|mulling|weighing|sounds\s+like)\b"
    r"|(?-i:\bmay\b)(?!\s+(?:now\s+|also\s+)?be\s+(?:reached|contacted|emailed))",
    re.I,
)
COND_START = Lazy(
    r"\b(?:(?<!\bto\ssee\s)(?<!\bto\scheck\s)(?<!\bto\stest\s)if(?!\s+you\s+ask(?:ed)?\s+me\b|\s+i\s+(?:had\s+to|could\s+only|could)\s+(?:eat|drink)\s+(?:only\s+)?one\b|\s+i(?:['’]m|\s+am)\s+(?:being\s+)?(?:honest|truthful|real)\b|\s+anything\b|\s+you(?:['’]d|\s+would)\s+be\s+so\s+kind\b|\s+you(?:['’]d|\s+would|\s+could|\s+will)\s+(?:kindly\s+|please\s+)?(?:amend|update|note|correct|change|adjust|record)\b|\s+you\s+don['’]t\s+mind\b)|unless|whether|in\s+case|suppose|supposing|(?<!\bcan\s)(?<!\bcould\s)(?<!\bcan't\s)imagine|what\s+if|even\s+if|as\s+if)\b",
    re.I,
)
QUESTION_START = Lazy(
    r"^\W*(?:(?:so|and|but|also|oh|hey|ok|okay|btw|wait)[\s,]+)*(?:(?:do|does|did|are|is|am|was|were|have|has|"
    r"can|could|would|will|should|shall|may|might|must|don't|doesn't|didn't|aren't|isn't|haven't)\s+"
    r"(?:i|you|we|he|she|they|it|my|your|the|our|his|her|their|(?-i:[A-Z])\w+)\b|(?:how|what|where|why|who|which|"
    r"whose)\b(?!\s+(?:i|they|we|he|she)\b)|when\s+(?:do|does|did|is|are|was|were|will|would|can|could|should|shall|has|have)\b)",
    re.I,
)


def asks_or_supposes(sent: str) -> bool:
    """A question or a condition: a sentence that states nothing (read in context, it files nothing)."""
    asked = sent.rstrip().endswith("?") and not _NOTE_THIS.match(sent)
    return bool(asked or opens_a_question(sent) or COND_START.search(sent))


def opens_a_question(sent: str) -> bool:
    """A sentence that opens as a question does ("did you", "where"), unless it is told: "did the ceremony today!",
    "can you remember my email: ..." (a request to note what follows)."""
    said = sent.rstrip()
    told = ((_DID_THE.match(said) or _WHAT_IS.match(said)) and said.endswith((".", "!"))) or _NOTE_THIS.match(said)
    return bool(QUESTION_START.match(sent)) and not told


# "What actually gives me hives is sulfa drugs.": told, what the speaker found out
_WHAT_IS = re.compile(
    r"^\W*what\s+(?!(?:is|was|are|were|do|does|did|if)\b)(?:[\w'-]+\s+){1,6}?(?:is|was|are)\s+(?!it\b)\w", re.I
)
# "can you remember my work email for later: ...", "could you note that I'm vegan now?": told, to be kept
_NOTE_THIS = re.compile(
    r"^\W*(?:(?:so|and|ok|okay|hey|also|btw)[\s,]+)*(?:can|could|would|will)\s+you\s+(?:please\s+|pls\s+)?"
    r"(?:remember|note|save|store|keep|jot\s+down|write\s+down|update|log|record|make\s+a\s+note)\b"
    r"(?!\s+(?:what|which|where|when|who|whom|how|if|whether|why)\b)",
    re.I,
)


# "did the citizenship ceremony today, I'm officially Irish!": the speaker's "I did", told, not asked
_DID_THE = re.compile(r"^\W*(?:(?:so|and|finally|just)[\s,]+)*did\s+(?:the|my|our|(?-i:[A-Z])\w+)\b", re.I)


CLAUSE_BREAK = Lazy(
    r"[;—–]|:(?!\d)|,(?!\s*(?:and|or)?\s*\d)|\s-\s|\s(?=(?:and|but|while|whereas|although|though|because|so|which|who|"
    r"when|whereas|yet|since\s+(?:i|we|you|he|she|they|my|our|then)(?:'[a-z]+)?)\s)",
    re.I,
)
# (and an emoji, which ends a texted sentence: "actually 😌 been dating this guy Theo")
SENT_END = re.compile(
    r"[.!?]+[\"')\]]*(?=\s|$)|\n+|[\U0001F300-\U0001FAFF\u2600-\u27BF][\uFE0F\u200d\U0001F300-\U0001FAFF\u2600-\u27BF]*(?=\s|$)"
)
ABBREV = Lazy(  # "Co." ends no sentence, but an address's ".co." does
    r"(?<![.@])\b(?:dr|mr|mrs|ms|st|inc|corp|co|ltd|jr|sr|vs|etc|approx|e\.g|i\.e|no|u\.s|u\.k)\.$|\b[a-z]\.$", re.I
)
QUAL_WORDS = [
    (re.compile(r"\b(?:locally|local|localhost)\b", re.I), "local"),
    (re.compile(r"\b(?:prod|production)\b", re.I), "production"),
    (re.compile(r"\bstaging\b", re.I), "staging"),
    (re.compile(r"\b(?:dev|development)\b", re.I), "development"),
    (re.compile(r"\b(?:tests?|testing|qa|ci)\b", re.I), "test"),
]
PER_NAMES = {"mo": "month", "yr": "year", "head": "person"}
LIST_SPLIT = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|\s+as\s+well\s+as\s+|\s*&\s*", re.I)
LANG_MOD = Lazy(
    r"^(?:a\s+little|a\s+bit\s+of|some|basic|fluent|conversational|native|decent|good|broken|"
    r"okay|ok|intermediate|passable|rusty|business)\s+",
    re.I,
)
VALUE_TRIM = re.compile(
    r"^(?:the|a|an|my|our|some|i['’]d\s+say|i\s+(?:think|guess|reckon|suppose)|honestly|probably|definitely|"
    r"officially|formally|finally|now|currently|technically|proper|fully\s+qualified)\s+",
    re.I,
)
CAR_ADJ = Lazy(
    r"^(?:new|used|old|brand[- ]new|second-hand|little|black|white|red|blue|grey|gray|silver|"
    r"green|yellow|electric|hybrid)\s+",
    re.I,
)


def question_from(sent: str) -> int:
    """Where the question part of a sentence begins (past its end when it asks nothing)."""
    stripped = sent.rstrip()
    if not stripped.endswith("?") or (stripped.endswith(("??", "?!", "!?")) and not _ASKS_OPEN.match(stripped)):
        return len(sent) + 1  # "fernway is $15 a box now??": news met with disbelief, not a question
    if _NOTE_THIS.match(stripped):
        return len(sent) + 1  # "could you note that I'm vegan now?": all of it told
    if _TAG_QUESTION.search(stripped):
        return 0  # "He's an electrician, right?": the whole sentence is asked
    breaks = [m.end() for m in re.finditer(r"[,;:—–]|\s-\s", stripped)]
    return breaks[-1] if breaks else 0


_ASKS_OPEN = re.compile(
    r"^\W*(?:(?:ugh|wait|so|and|but|oh|wow|hold\s+on)\W+)*(?:who|what|when|where|why|how|which|is|are|was|were|do|does|"
    r"did|can|could|would|will|should|have|has|had|am|you|u|isn't|aren't|wasn't|don't|doesn't|didn't)\b",
    re.I,
)
_TAG_QUESTION = re.compile(
    r"[,—–-]\s*(?:right|yes|yeah|no|correct|true|innit|eh|ok|okay|"
    r"(?:is|isn't|are|aren't|was|wasn't|do|don't|does|doesn't|did|didn't|have|haven't|has|hasn't|can|can't|will|won't)"
    r"(?:\s+(?:it|he|she|they|you|we|i|there|that))?)\s*\?$",
    re.I,
)


def on_a_trip(sent: str, end: int, trip: re.Pattern[str]) -> bool:
    """A place said of a trip, not a home: a word of travel up to `end` (where the place's clause ends), or opening
    the clause after it ("I'm in Calgary now, visiting my aunt", "..., and she visits Salzburg"). "I've moved to
    Calgary for a job, so my parents are planning a visit" is a move."""
    after = _NEXT_CLAUSE.match(sent, end)
    went = (m for m in trip.finditer(sent, 0, end) if not _INSTEAD.search(sent, 0, m.start()))
    return next(went, None) is not None or bool(trip.match(sent, after.end() if after else end))


_INSTEAD = re.compile(r"\b(?:instead\s+of|rather\s+than)\s+$", re.I)  # "instead of heading home I've set up in ..."


_NEXT_CLAUSE = re.compile(r"[\s,;:—–-]*(?:(?:and|but)\s+)?(?:(?:he|she|they|i|we)\s+)?", re.I)


def not_held(sent: str, clause_at: tuple[int, int], value_at: tuple[int, int], trip: re.Pattern[str] | None) -> bool:
    """The value is not said to hold: denied in its clause before it or right after it ("Helsinki doesn't come
    out ahead"), or, given the `trip` words for a place, a trip's place."""
    (a, b), (pos, end) = clause_at, value_at
    return bool(
        NEG.search(sent, a, pos) or NEG_NEXT.match(sent, end) or (trip is not None and on_a_trip(sent, b, trip))
    )


# a value of a shape no person has (a three-part version, a price, a port) in a sentence that names nothing
_SHAPED_VALUE = re.compile(r"(?<![\w.])v?\d+\.\d+\.\d+\b|[$€£]\s?\d|\bport\s+\d{2,5}\b", re.I)
_A_NAME = re.compile(
    r"(?<=\s)(?<!\d\s)(?!(?-i:I|January|February|March|April|May|June|July|August|September|October|November|December|Monday|"
    r"Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b)(?-i:[A-Z][\w.+#-]*)|\b[a-z]+[-_][a-z0-9]+\b"
)


def unnamed_value(sent: str) -> bool:
    """A sentence with a value of a thing's own shape and no name of anything (past its first word)."""
    return bool(_SHAPED_VALUE.search(sent)) and not _A_NAME.search(sent.strip())


# a new owner said without the thing: "Rahul no longer owns inventory-db. Keiko is the owner now."
OWNER_NOW = re.compile(
    r"\W*(?-i:[A-Z][\w'-]+)(?:\s+(?-i:[A-Z][\w'-]+))?\s+(?:is|['’]s)\s+(?:now\s+)?(?:the\s+(?:new\s+)?(?:owner|maintainer)|"
    r"in\s+charge(?:\s+of\s+it)?)\b",
    re.I,
)


# "Rolled Quokka forward: everything's on 2.1.3 now": all of the thing named before
ALL_OF = re.compile(
    r"\W*(?:everything|all\s+of\s+(?:it|them)|all\s+the\s+\w+|every\s+\w+)(?:'s|\s+is|\s+are|\s+runs)\b"
    r"|\W*what(?:['’]s|\s+is)\s+(?:[\w'-]+\s+){1,5}?(?:now\s+)?(?:is|are)\s+(?:now\s+)?$"  # "what's live now is 1.9.2"
    r"|\W*(?:production|prod|live)\s+(?:is|['’]s|has\s+been|was)\s+(?:now\s+)?(?:on|running|at)\b",  # "prod is on"
    re.I,
)

# "The live version is 1.9.2.": a version said as the one out now
VERSION_IS = re.compile(
    r"\W*(?:the\s+)?(?:(?:live|current|latest|new)\s+)?version\s+(?:is|['’]s)\s+(?:now\s+)?v?\d", re.I
)


def own_clause_end(sent: str, pos: int, b: int) -> int:
    """Where the value's own clause ends: before a later one on a new subject ("unpacked in Denmark after my
    partner got the Aarhus offer": the partner is in a clause of their own)."""
    later = _LATER_CLAUSE.search(sent, pos, b)
    return later.start() if later else b


_LATER_CLAUSE = re.compile(
    r"\s(?:after|because|since|when|once|as|while|now\s+that|so\s+that|though|although)\s+"
    r"(?:my|our|his|her|their|the|he|she|they)\b",
    re.I,
)


# "if I had to eat one thing forever, it'd be ramen": a favourite said as a choice, not a hedge (its "I" and
# "eat" may be blanked, as the rule's subject and thing)
ONE_FOREVER = re.compile(
    r"\bif\s+(?:i\s+)?(?:had\s+to|could\s+only|could)\s+(?:(?:eat|drink)\s+)?(?:only\s+)?one\s+\w+"
    r"(?:\s+(?:forever|for\s+the\s+rest\s+of\s+my\s+life|every\s+day))?\s*,?\s+it(?:['’]d|\s+would)\s+be\s+$",
    re.I,
)

_CALLED_NAME = re.compile(r"\s+(?:called|named)\s+(?-i:[A-Z])", re.I)
_TEAM_AFTER = re.compile(r"\s+(?:team|squad|group|crew|guild|tribe|department)\b", re.I)


def another_after(attribute: str, sent: str, end: int) -> bool:
    """What follows a value makes it another's: a team ("moved to the Platform team": no place, no firm), a
    name ("a nurse called Haruka": her job)."""
    if attribute in ("home", "left", "change"):
        return bool(_TEAM_AFTER.match(sent, end))
    return attribute == "job_title" and bool(_CALLED_NAME.match(sent, end))
