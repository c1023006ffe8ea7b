"""Offline, deterministic extractor: a table of patterns over ordinary chat English.

How a turn is read:
  1. split into sentences (offsets kept); questions and conditionals are set aside;
  2. every rule of ``RULES`` (attribute, pattern, polarity, options) is matched in each sentence;
     a pattern holds the predicate and the value ("live in <CAP>"), and the subject is found by
     looking back from the predicate over auxiliaries ("my sister Carol has been | living in"),
     from a possessive ("Alice's email is"), or from a group inside the pattern;
  3. negation ("not", "never", "no longer", "... any more"), past tense of a state ("I lived in"),
     hedges/wishes/plans ("might", "wish", "thinking about") and the clause's own time words are
     read around each match.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime
from functools import cached_property

from twinmem.extract.base import SELF, Statement
from twinmem.extract.timewords import find_time
from twinmem.values import ALIASES, DEMONYMS, GAZETTEER, display_value, fold, is_multi_valued, value_key

__all__ = ["RULES", "Rule", "RulesExtractor"]


# --------------------------------------------------------------------------- word lists
def _words(text: str) -> frozenset[str]:
    """Whitespace-separated entries; an underscore stands for a space inside an entry."""
    return frozenset(w.replace("_", " ") for w in text.split())


COUNTRIES = _words(
    """afghanistan albania algeria argentina armenia australia austria azerbaijan bahrain bangladesh
    belarus belgium bolivia bosnia brazil bulgaria cambodia cameroon canada chile china colombia
    costa_rica croatia cuba cyprus czechia czech_republic denmark dominican_republic ecuador egypt
    el_salvador estonia ethiopia finland france georgia germany ghana greece guatemala honduras hungary
    iceland india indonesia iran iraq ireland israel italy jamaica japan jordan kazakhstan kenya korea
    south_korea north_korea kuwait latvia lebanon lithuania luxembourg malaysia malta mexico moldova
    monaco mongolia montenegro morocco nepal netherlands new_zealand nicaragua nigeria norway oman
    pakistan panama paraguay peru philippines poland portugal qatar romania russia saudi_arabia
    scotland senegal serbia singapore slovakia slovenia south_africa spain sri_lanka sweden switzerland
    syria taiwan tanzania thailand tunisia turkey uganda ukraine united_arab_emirates uae united_kingdom
    uk britain great_britain england wales united_states usa us america uruguay uzbekistan venezuela
    vietnam zambia zimbabwe states holland"""
)
CITIES = (
    _words(
        """amsterdam athens atlanta austin auckland bangkok barcelona beijing berlin bogota boston
        brisbane brussels bucharest budapest buenos_aires busan cairo calgary cape_town chicago cologne
        copenhagen dallas delhi denver detroit dubai dublin edinburgh florence frankfurt geneva glasgow
        hamburg helsinki hong_kong houston istanbul jakarta johannesburg kyoto kyiv kiev lagos lima
        lisbon london los_angeles lyon madrid manchester manila marseille melbourne mexico_city miami
        milan montreal moscow mumbai munich nairobi naples new_delhi new_orleans new_york oakland osaka
        oslo ottawa paris perth philadelphia phoenix porto prague reykjavik riga rio_de_janeiro rome
        rotterdam san_diego san_francisco seattle seoul seville shanghai shenzhen stockholm stuttgart
        sydney taipei tallinn tel_aviv tokyo toronto tbilisi utrecht valencia vancouver venice vienna
        vilnius warsaw zurich bangalore bengaluru hanoi krakow gothenburg antwerp bordeaux nice
        toulouse bristol leeds liverpool oxford portland nashville minneapolis pittsburgh baltimore
        sao_paulo ho_chi_minh_city las_vegas washington singapore hong_kong bergen austin dubai cairo"""
    )
    | frozenset(GAZETTEER)
    | frozenset(
        a for a, v in ALIASES.items() if v in {"new york", "los angeles", "san francisco", "washington"}
    )
)
LANGUAGES = _words(
    """english spanish portuguese french german italian dutch japanese mandarin cantonese chinese korean
    russian arabic hindi urdu bengali punjabi tamil telugu turkish greek polish czech swedish norwegian
    danish finnish icelandic hebrew persian farsi swahili thai vietnamese indonesian malay tagalog
    ukrainian romanian hungarian catalan basque galician croatian serbian bulgarian slovak slovenian
    estonian latvian lithuanian irish welsh gaelic latin esperanto afrikaans zulu amharic yoruba hausa
    asl"""
)
KNOWN_SCHOOLS = _words(
    """stanford harvard yale oxford cambridge princeton berkeley columbia cornell sorbonne eth epfl
    caltech mit ucla nyu usc ucl lse imperial kaist duke brown dartmouth georgetown insead wharton
    tsinghua upenn cmu"""
)
NOT_HOBBIES = _words(
    """working living being having going getting doing making trying thinking moving looking saying
    talking taking using feeling seeing coming waiting wondering planning considering studying
    meeting helping morning evening thing nothing something anything everything spring string king
    ring wing sibling pudding ceiling darling during building wedding clothing bedding icing ending
    sleeping staying leaving starting joining owning driving speaking visiting spending paying buying
    selling telling asking hearing knowing dating seeing"""
)
NOT_NAMES = _words(
    """i the my our your his her their its it we he she they you this that these those a an and but so
    also then now well oh hi hey hello yes yeah no ok okay actually finally btw anyway recently just
    yesterday today tomorrow last next since in on at for from after before as starting by when
    while if though although because update fyi note ps honestly sadly luckily unfortunately
    fortunately apparently basically currently nowadays lately meanwhile still back sure thanks
    thank great cool nice wow good sorry please monday tuesday wednesday thursday friday saturday sunday
    january february march april may june july august september october november december earlier
    around about two three four five six several one quick small big new old which what who where how
    why there here mr mrs ms dr prof professor fun guess quick reminder heads"""
)
THING_STOP = NOT_NAMES - {"it", "this", "that"}

DIETS = (
    r"vegetarian|vegan|pescatarian|pescetarian|flexitarian|keto|paleo|gluten[- ]free|dairy[- ]free|"
    r"lactose[- ]free|kosher|halal|plant[- ]based|carnivore|low[- ]carb|veggie|raw\s+vegan|whole30|"
    r"lacto[- ]ovo[- ]vegetarian|ovo[- ]vegetarian|fruitarian"
)
TITLE_HEADS = (
    r"engineer|developer|programmer|designer|manager|teacher|nurse|doctor|physician|surgeon|lawyer|"
    r"attorney|accountant|scientist|analyst|consultant|architect|director|writer|author|editor|"
    r"journalist|professor|lecturer|researcher|chef|cook|baker|artist|photographer|musician|pilot|"
    r"pharmacist|dentist|therapist|psychologist|psychiatrist|electrician|plumber|carpenter|mechanic|"
    r"recruiter|marketer|salesperson|intern|founder|co-?founder|ceo|cto|cfo|coo|cpo|cmo|vp|president|"
    r"administrator|officer|specialist|coordinator|technician|librarian|paramedic|firefighter|"
    r"veterinarian|vet|barista|waiter|waitress|bartender|cashier|translator|interpreter|tutor|coach|"
    r"trainer|economist|statistician|mathematician|physicist|chemist|biologist|postdoc|tester|"
    r"product\s+owner|pm|sre|lead|banker|trader|auditor|paralegal|clerk|receptionist|secretary|"
    r"assistant|midwife|optometrist|worker|farmer|driver|courier|entrepreneur|freelancer|contractor|"
    r"illustrator|animator|producer|actor|actress|singer|dancer|copywriter|strategist|planner|"
    r"surveyor|inspector|detective|investigator|soldier|priest|pastor|nanny|caregiver|welder|"
    r"operator|dispatcher|advisor|adviser|associate|executive|representative|principal|dean|janitor|"
    r"hairdresser|stylist|florist|tailor|geologist|radiologist|cardiologist|pediatrician|"
    r"dermatologist|neurologist|nutritionist|dietitian|physiotherapist|counselor|counsellor|"
    r"head\s+of\s+[\w-]+(?:\s+[\w-]+)?|(?:vp|vice\s+president|director)\s+of\s+[\w-]+"
)
SPECIES = (
    r"dog|puppy|cat|kitten|parrot|bird|budgie|rabbit|bunny|hamster|guinea\s+pig|goldfish|fish|turtle|"
    r"tortoise|snake|lizard|gecko|iguana|horse|pony|ferret|chinchilla|rat|hedgehog|cockatiel|canary|"
    r"golden\s+retriever|labrador|lab|poodle|beagle|corgi|husky|dachshund|pug|terrier|collie|spaniel|"
    r"bulldog|german\s+shepherd|shepherd|greyhound|chihuahua|retriever|tabby|maine\s+coon|"
    r"border\s+collie|labradoodle|goldendoodle|schnauzer|rottweiler|whippet|axolotl"
)
CAR_BRANDS = (
    r"tesla|toyota|honda|bmw|audi|ford|vw|volkswagen|subaru|mazda|kia|hyundai|volvo|mercedes(?:-benz)?|"
    r"nissan|chevy|chevrolet|jeep|porsche|fiat|peugeot|renault|skoda|lexus|rivian|polestar|mini|prius|"
    r"jaguar|land\s+rover|range\s+rover|citro[eë]n|dacia|mitsubishi|suzuki|cadillac|dodge|"
    r"alfa\s+romeo|ferrari|lamborghini|maserati|bentley|lucid|opel|vauxhall|cupra|ioniq"
)
HOBBY_NOUNS = (
    r"yoga|pilates|pottery|photography|chess|archery|karate|judo|jiu[- ]jitsu|bjj|boxing|crossfit|"
    r"meditation|calligraphy|woodworking|birdwatching|parkour|taekwondo|kickboxing|fencing|ballet|"
    r"salsa|tango|origami|embroidery|crochet|sudoku|astronomy|genealogy|improv|karaoke|theat(?:er|re)|"
    r"triathlons?|marathons?|tai\s+chi|zumba|muay\s+thai|aikido|kung\s+fu|rock\s+climbing|"
    r"scuba\s+diving|trail\s+running|ice\s+skating|cross[- ]stitch"
)
PLAYABLE = (
    r"table\s+tennis|tennis|football|soccer|basketball|golf|chess|guitar|piano|violin|drums|volleyball|"
    r"badminton|squash|rugby|cricket|ice\s+hockey|hockey|baseball|ping\s+pong|poker|bass|cello|ukulele|"
    r"saxophone|sax|trumpet|flute|clarinet|harp|video\s+games|board\s+games|padel|pickleball|softball|"
    r"handball|water\s+polo|lacrosse|bridge|mahjong|d&d|dungeons\s+and\s+dragons|darts|snooker|"
    r"bowling|ultimate\s+frisbee|frisbee"
)
STATUSES = (
    r"back\s+up|back\s+online|up\s+and\s+running|down|live|offline|online|deprecated|broken|in\s+beta|"
    r"in\s+alpha|in\s+progress|in\s+review|done|blocked|on\s+hold|paused|cancell?ed|shipped|launched|"
    r"deployed|completed?|finished|archived|inactive|active|stable|unstable|degraded|healthy|"
    r"unhealthy|operational|frozen|delayed|approved|rejected|pending|resolved|fixed|decommissioned|"
    r"sunset|discontinued|ready|on\s+track|behind\s+schedule|ahead\s+of\s+schedule|"
    r"under\s+maintenance|in\s+maintenance|read[- ]only|end[- ]of[- ]life|eol|generally\s+available|"
    r"out\s+of\s+stock|in\s+stock|sold\s+out|released|retired|outdated|up"
)
REL = (
    r"best\s+friend|sister-in-law|brother-in-law|mother-in-law|father-in-law|ex-wife|ex-husband|"
    r"ex-girlfriend|ex-boyfriend|sister|brother|wife|husband|partner|mom|mum|mother|dad|father|friend|"
    r"boss|manager|colleague|coworker|co-worker|son|daughter|cousin|aunt|uncle|roommate|flatmate|"
    r"housemate|girlfriend|boyfriend|fianc[ée]e?|neighbou?r|grandma|grandmother|grandpa|grandfather|"
    r"niece|nephew|teammate|cofounder|co-founder|landlord|landlady|sibling|kid|child|spouse|"
    r"stepmom|stepdad|stepsister|stepbrother|mentor|team\s+lead|tech\s+lead|client|classmate|buddy|"
    r"twin|ex"
)
PARTNER_RELS = (
    r"wife|husband|partner|girlfriend|boyfriend|fianc[ée]e?|spouse|other\s+half|significant\s+other"
)

# --------------------------------------------------------------------------- sub-patterns
_UP = "A-ZÀ-ÖØ-Þ"
_LO = "a-zß-öø-ÿ"
NAMETOK = rf"(?-i:[{_UP}][{_LO}]+(?:[-'’][{_UP}]?[{_LO}]{{2,}}|[{_UP}][{_LO}]+)*)"
NAME = rf"{NAMETOK}(?:\s+{NAMETOK}){{0,2}}"
CAPTOK = rf"(?-i:[{_UP}0-9][\w'’&.-]*\w|[{_UP}]|[a-z]+[A-Z]\w*)"
_CONN = r"(?:of(?:\s+the)?|de(?:\s+la)?|do|da|dos|das|del|la|le|am|upon|y|&|für|van|von|der|den|du|des)"
_MONTHS = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)
_NUMW = r"\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|a\s+couple\s+of|several|few"
STOPWORDS = (
    r"and|but|or|since|because|as|now|anymore|any\s+more|no\s+more|these\s+days|nowadays|lately|"
    r"recently|currently|last|this|next|ago|until|till|from|with|when|where|which|who|whom|while|"
    r"though|although|so|too|either|yet|already|again|if|unless|then|after|before|by|every|each|"
    r"full[- ]time|part[- ]time|remotely|myself|mostly|anyway|actually|lol|haha|btw|together|"
    rf"for\s+(?:now|a|an|the|about|over|almost|nearly|{_NUMW}|years|months|weeks|ages|life|good|work)|"
    rf"in\s+(?:(?:19|20)\d\d|{_MONTHS}|the\s+(?:past|last)|\d)|at\s+the\s+moment|right\s+now|today|"
    r"tonight|yesterday|tomorrow|ever\s+since|back\s+in|starting|effective|as\s+of|"
    rf"on\s+(?:\d|the\s+\d|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|"
    rf"weekends|{_MONTHS})|(?:{_NUMW})\s+(?:days?|weeks?|months?|years?)\s+ago|locally|in\s+production"
)
_STOP = rf"(?=\s*(?:$|[,;:!?()\"“”]|\.(?:\s|$))|\s+(?:{STOPWORDS})\b)"
TITLE = rf"(?:(?![\w-]+\s+(?:at|for)\b)(?-i:[\w-]+)\s+){{0,3}}?(?:{TITLE_HEADS})"
VERSION = r"v?\d+(?:\.\d+){0,3}(?:[-+][\w.]+)?"
DATE = (
    rf"(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?(?:\s+of)?\s+(?:{_MONTHS})\b(?:,?\s+\d{{4}})?|"
    rf"(?:{_MONTHS})\s+(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\b(?:,?\s+\d{{4}})?|\d{{4}}-\d{{2}}-\d{{2}}"
)
MONEY = (
    r"(?:[$€£¥]\s?\d[\d,]*(?:\.\d+)?(?:\s?[kKmM]\b)?|"
    r"\d[\d,]*(?:\.\d+)?\s?(?:dollars|usd|euros?|eur|pounds|gbp|bucks)\b)"
)
PER = r"(?:\s*(?:a|per|/|an|each)\s*(?P<per>month|mo|year|yr|user|seat|week|day|hour|night|person|head))?"
PORT_QUAL = (
    r"(?:locally|local|in\s+(?:dev|development|staging|prod|production|test|testing|qa|ci)|"
    r"on\s+(?:staging|prod|production|dev|local|localhost)|for\s+(?:dev|development|staging|prod|production|"
    r"local|tests?)|\((?:dev|local|staging|prod|production)\))"
)
PORTS = rf"(?P<val>\d{{2,5}}(?:\s+{PORT_QUAL})?(?:(?:\s*,\s*|\s+and\s+|,\s+and\s+)(?:port\s+)?\d{{2,5}}(?:\s+{PORT_QUAL})?)*)\b(?!\.\d)"  # noqa: E501
THINGNP = r"(?:the|our|my|their|this|its)\s+(?P<subj>[\w.-]+(?:\s+[\w.-]+){0,3}?)"
PRODUCT = r"(?P<subj>(?-i:[A-Z][\w.+#-]*)(?:\s+(?-i:[A-Z][\w.+#-]*))?)"
_STOPW_NOAND = STOPWORDS.replace("and|but|or|", "but|my|our|your|his|her|their|i|we|you|he|she|they|it|")
LIST_ITEM = rf"(?:(?!(?:and|or|{_STOPW_NOAND})\b)[\w'-]+(?:\s+(?!(?:and|or|{_STOPW_NOAND})\b)[\w'-]+){{0,2}})"

_SUBS = {
    "CAP": rf"(?:the\s+)?(?P<val>{CAPTOK}(?:\s+(?:{_CONN}\s+)?{CAPTOK})*)",
    "CAP2": rf"(?:the\s+)?(?P<val2>{CAPTOK}(?:\s+(?:{_CONN}\s+)?{CAPTOK})*)",
    "NAMEV": rf"(?P<val>{NAME})",
    "V": rf"(?P<val>[^\s,;.!?][^,;!?]*?){_STOP}",
    "LIST": rf"(?P<val>{LIST_ITEM}(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|\s*&\s*){LIST_ITEM})*)",
    "TITLE": rf"(?P<val>{TITLE})\b",
    "TITLE2": rf"(?P<val2>{TITLE})\b",
    "DIET": rf"(?P<val>{DIETS})\b",
    "SPECIES": rf"(?P<species>{SPECIES})(?:e?s)?\b",
    "PNAMES": rf"(?P<pname>{NAMETOK}(?:(?:\s*,\s*|\s+and\s+|,\s+and\s+){NAMETOK})*)",
    "EMAIL": r"(?P<val>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)",
    "PHONE": r"(?P<val>\+?\(?\d[\d\s().-]{5,}\d)",
    "POSS": rf"(?P<poss>my|our|your|his|her|their|(?:my|our|your|his|her)\s+(?:{REL})(?:\s+{NAMETOK}){{0,2}}['’]s|{NAME}['’]s)",  # noqa: E501
    "BE": r"(?:\s*['’](?:s|re)\b|\s+(?:is|are|was|were)(?:n't|\s+not|\s+no\s+longer)?\b)",
    "DATE": rf"(?P<val>{DATE})",
    "VER": rf"(?:version\s+)?(?P<val>{VERSION})\b",
    "MONEY": rf"(?P<val>{MONEY}){PER}",
    "THING": THINGNP,
    "THINGP": r"(?P<subj>(?:the|our|my|their|this|its)\s+[\w.-]+(?:\s+[\w.-]+){0,3}?"
    r"(?=['’]s|\s*(?:$|[,;!?]|\.(?:\s|$))|"
    r"\s+(?:is|are|was|were|has|had|have|runs|now|and|but|since|to|from|on|in|at|for|version|port|price|status|"
    r"owner|with|last|this|yesterday|today)\b)|"
    r"(?-i:[A-Z][\w.+#-]*)(?:\s+(?-i:[A-Z][\w.+#-]*))?)",
    "PRODUCT": PRODUCT,
    "PORTS": PORTS,
    "FAV": r"(?:all[- ]time\s+|absolute\s+|new\s+)?(?:favou?rite|fave|fav)",
    "LANG": r"(?:(?:a\s+little|a\s+bit\s+of|some|basic|fluent|conversational|native|decent|good|broken|"
    r"okay|ok|intermediate|passable|rusty|business)\s+)?(?-i:[A-Z][a-z]+)",
}


def _expand(pattern: str) -> str:
    return re.sub(r"<([A-Z0-9]+)>", lambda m: _SUBS[m.group(1)], pattern)


@dataclass(frozen=True)
class Rule:
    """One pattern: what it files under, how it reads, and where its subject is."""

    attribute: str  # a vocabulary name, or "home" / "left" / "favorite" / "pet" (resolved per match)
    pattern: str
    polarity: int = 1
    subject: str = "person"  # person | thing | poss | embedded | self | appos
    needs_be: bool = False  # the subject's auxiliaries must hold a form of "be" ("I'm vegan")
    stative: bool = False  # simple past means it stopped being true ("I lived in Berlin")
    fixed: bool = False  # the pattern already carries its negation; "not" does not flip it
    val2: str | None = None  # attribute of the optional second value group ("at <CAP2>")
    anchor: bool = False  # the match opens its clause
    self_only: bool = False  # only about the speaker (name)
    timeless: bool = False  # an aside ("my husband Mark ..."): the clause's time words are not its own
    check: str = ""  # value check: cap | place | school | lang | demonym | notname | brand | hobby

    @cached_property
    def regex(self) -> re.Pattern[str]:
        """Compiled on first use, so importing the table stays cheap (Lambda cold start)."""
        return re.compile(_expand(self.pattern), re.I)


_ORG_TAIL = r"(?:\s+as\s+(?:an?|the)\s+<TITLE2>)?"
_LIVE = r"(?:live[sd]?|living|reside[sd]?|residing|stay(?:ing)?|settled|settling\s+down)"
_MOVE = r"(?:moved|move|moves|moving|relocated|relocate|relocating|emigrated|immigrated)"
_WORK = r"(?:work(?:s|ed|ing)?)"

# The grammar. Order is priority: a value claimed by an earlier rule is not read again.
RULES: list[Rule] = [
    # --- name
    Rule(
        "name",
        r"<POSS>\s+(?:full\s+|real\s+|first\s+)?name<BE>\s+(?:actually\s+)?<NAMEV>",
        subject="poss",
        self_only=True,
        check="notname",
    ),
    Rule("name", r"(?:call|calls)\s+me\s+<NAMEV>", subject="self", check="notname"),
    Rule("name", r"(?:go|goes)\s+by\s+<NAMEV>", self_only=True, check="notname"),
    Rule("name", r"(?:this\s+is\s+)?<NAMEV>\s+here\b", subject="self", anchor=True, check="notname"),
    Rule(
        "name",
        r"<NAMEV>(?=\s*(?:$|[,.!;]|\s+(?:and|here)\b))",
        needs_be=True,
        self_only=True,
        anchor=True,
        check="notname",
    ),
    # --- job title (with the employer when said: "a senior engineer at Google")
    Rule(
        "job_title",
        rf"(?P<subj>{NAME})\s*,\s*(?:an?|the)\s+<TITLE>(?:\s+(?:at|for|with)\s+<CAP2>)?",
        subject="appos",
        val2="employer",
    ),
    Rule(
        "job_title",
        r"(?:an?|the)\s+(?:new\s+)?<TITLE>(?:\s+(?:at|for|with|in)\s+<CAP2>)?",
        needs_be=True,
        stative=True,
        val2="employer",
    ),
    Rule("job_title", r"<TITLE>\s+(?:at|for)\s+<CAP2>", needs_be=True, stative=True, val2="employer"),
    Rule(
        "job_title",
        r"(?:head|vp|vice\s+president|director|chief\s+\w+\s+officer|ceo|cto|cfo|coo|cpo)"
        r"(?:\s+of\s+[\w-]+)?(?=\s+(?:at|for)\s)",
        needs_be=True,
        stative=True,
    ),
    Rule(
        "job_title",
        rf"{_WORK}\s+as\s+(?:an?\s+|the\s+)?<TITLE>(?:\s+(?:at|for|with|in)\s+<CAP2>)?",
        stative=True,
        val2="employer",
    ),
    Rule(
        "job_title",
        r"(?:became|become|becoming|promoted\s+to|made)\s+(?:an?\s+|the\s+)?<TITLE>"
        r"(?:\s+(?:at|for)\s+<CAP2>)?",
        val2="employer",
    ),
    Rule(
        "job_title",
        r"<POSS>\s+(?:new\s+|current\s+)?(?:job\s+title|job|title|role|position|occupation)<BE>\s+"
        r"(?:now\s+)?(?:an?\s+|the\s+)?<V>",
        subject="poss",
    ),
    Rule("job_title", r"(?:quit|stopped|gave\s+up)\s+being\s+(?:an?\s+|the\s+)?<TITLE>", polarity=-1),
    # --- employer
    Rule(
        "employer",
        rf"{_WORK}\s+(?:full[- ]time\s+|part[- ]time\s+|remotely\s+)?(?:at|for)\s+<CAP>{_ORG_TAIL}",
        stative=True,
        val2="job_title",
        check="cap",
    ),
    Rule("employer", rf"(?:joined|joining|join|joins)\s+<CAP>{_ORG_TAIL}", val2="job_title", check="org"),
    Rule(
        "employer",
        r"(?:started|start|starting|starts|began|begin|beginning)\s+(?:a\s+new\s+job\s+|a\s+job\s+|"
        rf"my\s+new\s+job\s+|work(?:ing)?\s+|a\s+new\s+role\s+)?(?:at|with)\s+<CAP>{_ORG_TAIL}",
        val2="job_title",
        check="cap",
    ),
    Rule(
        "employer",
        r"(?:got|took|accepted|landed|have|has|started|start)\s+(?:an?|the)\s+(?:new\s+)?"
        rf"(?:job|position|role|gig)\s+(?:at|with)\s+<CAP>{_ORG_TAIL}",
        val2="job_title",
        check="cap",
    ),
    Rule("employer", r"(?:employed|hired)\s+(?:at|by)\s+<CAP>", check="cap"),
    Rule(
        "employer",
        r"<POSS>\s+(?:new\s+|current\s+)?(?:employer|company|workplace)<BE>\s+(?:now\s+)?<CAP>",
        subject="poss",
        check="cap",
    ),
    Rule(
        "employer",
        r"<POSS>\s+(?:new\s+|current\s+)?(?:job|work)(?:<BE>)?\s+(?:now\s+)?at\s+<CAP>",
        subject="poss",
        check="cap",
    ),
    Rule(
        "employer",
        r"(?:quit|resigned\s+from|laid\s+off\s+(?:from|by)|fired\s+from|let\s+go\s+from|"
        r"retired\s+from|stopped\s+working\s+(?:at|for)|quit\s+(?:my\s+job\s+)?at|left\s+my\s+(?:job|position|"
        r"role)\s+at)\s+<CAP>",
        polarity=-1,
        check="cap",
    ),
    # --- school
    Rule(
        "school",
        r"(?:an?\s+)?(?:[\w-]+\s+){0,2}?(?:student|freshman|sophomore|undergrad|grad\s+student|"
        r"phd\s+student|phd\s+candidate|alum|alumnus|alumna|graduate|postdoc)\s+(?:at|of|from|in)\s+<CAP>",
        needs_be=True,
        check="cap",
    ),
    Rule(
        "school",
        r"(?:study|studies|studied|studying|enrolled|graduated|graduate|graduating|teach(?:es|ing)?)"
        r"(?:\s+[\w-]+){0,3}?\s+(?:at|from)\s+<CAP>",
        check="cap",
    ),
    Rule(
        "school",
        r"(?:study|studies|studied|studying|enrolled)(?:\s+[\w-]+){0,3}?\s+in\s+<CAP>",
        check="school",
    ),
    Rule("school", r"(?:go|goes|went|going)\s+to\s+<CAP>", check="school"),
    Rule("school", r"(?:attend|attends|attended|attending)\s+<CAP>", check="cap"),
    Rule(
        "school",
        r"did\s+(?:my|a|his|her)\s+(?:[\w'-]+\s+){0,2}?(?:degree|masters?|master's|phd|bachelor'?s?|"
        r"undergrad|mba|doctorate|bsc|msc|ba|ma)(?:\s+[\w-]+){0,3}?\s+(?:at|from|in)\s+<CAP>",
        check="cap",
    ),
    Rule(
        "school",
        r"<POSS>\s+(?:school|university|college|uni|alma\s+mater)<BE>\s+<CAP>",
        subject="poss",
        check="cap",
    ),
    Rule("school", r"dropped\s+out\s+of\s+<CAP>", polarity=-1, check="cap"),
    # --- home (city or country, read from the gazetteer)
    Rule("home", rf"{_LIVE}\s+(?:in|at)\s+<CAP>", stative=True, check="place"),
    Rule("home", r"(?:based|located)\s+(?:in|out\s+of)\s+<CAP>", check="place"),
    Rule(
        "home", rf"{_MOVE}\s+(?:back\s+|over\s+|out\s+|all\s+the\s+way\s+|here\s+)?to\s+<CAP>", check="place"
    ),
    Rule(
        "home",
        r"(?:<POSS>\s+)?(?:new\s+)?(?:home|hometown|home\s+base|base)(?:<BE>|\s+these\s+days\s+is)\s+"
        r"(?:now\s+)?(?:in\s+)?<CAP>",
        subject="poss",
        check="place",
    ),
    Rule("home", r"call\s+<CAP>\s+home", check="place"),
    Rule(
        "home", r"(?:moved|relocated|moving)\s+(?:away\s+from|out\s+of)\s+<CAP>", polarity=-1, check="place"
    ),
    Rule("home", rf"{_MOVE}\s+(?:here\s+)?from\s+{CAPTOK}(?:\s+{CAPTOK})*\s+to\s+<CAP>", check="place"),
    Rule(
        "home",
        rf"{_MOVE}\s+(?:to\s+{CAPTOK}(?:\s+{CAPTOK})*\s+|here\s+|back\s+)?from\s+<CAP>",
        polarity=-1,
        check="place",
    ),
    Rule("left", r"(?:left|leaving|leave|quit|quitting)\s+<CAP>", polarity=-1, check="cap"),
    # --- partner
    Rule(
        "partner",
        rf"<POSS>\s+(?:{PARTNER_RELS})(?:['’]s\s+name)?<BE>\s+(?:called\s+|named\s+)?<NAMEV>",
        subject="poss",
        check="notname",
    ),
    Rule(
        "partner", rf"<NAMEV><BE>\s+<POSS>\s+(?:{PARTNER_RELS})", subject="poss", anchor=True, check="notname"
    ),
    Rule(
        "partner",
        rf"<POSS>\s+(?:new\s+)?(?:{PARTNER_RELS})\s*,?\s+<NAMEV>",
        subject="poss",
        check="notname",
        timeless=True,
    ),
    Rule(
        "partner",
        r"<POSS>\s+ex(?:-|\s+)?(?:wife|husband|partner|girlfriend|boyfriend|fianc[ée]e?)?\s*,?\s+"
        r"<NAMEV>",
        subject="poss",
        polarity=-1,
        fixed=True,
        check="notname",
    ),
    Rule("partner", r"(?:married|engaged)\s+to\s+<NAMEV>", stative=True, check="notname"),
    Rule("partner", r"(?:married|dating|seeing|marry)\s+<NAMEV>", check="notname"),
    Rule("partner", r"(?:in\s+a\s+relationship|together|going\s+out)\s+with\s+<NAMEV>", check="notname"),
    Rule(
        "partner",
        r"<NAMEV>\s+and\s+I\s+(?:got|are|have\s+been|just\s+got)\s+(?:married|engaged|together|dating)",
        subject="self",
        anchor=True,
        check="notname",
    ),
    Rule(
        "partner",
        r"<NAMEV>\s+and\s+I\s+(?:got\s+divorced|divorced|broke\s+up|split\s+up|split|separated)",
        subject="self",
        polarity=-1,
        anchor=True,
        check="notname",
    ),
    Rule(
        "partner",
        r"(?:divorced|broke\s+up\s+with|split\s+(?:up\s+)?(?:with|from)|separated\s+from|dumped)\s+"
        r"(?:from\s+)?<NAMEV>",
        polarity=-1,
        check="notname",
    ),
    # --- pet (the pet's name when said, else the species)
    Rule(
        "pet",
        r"<POSS>\s+(?:[\w-]+\s+)?<SPECIES>\s*,?\s*(?:<PNAMES>\s*,?\s*)?(?:died|passed\s+away|passed|"
        r"ran\s+away|was\s+put\s+down|had\s+to\s+be\s+put\s+down)",
        subject="poss",
        polarity=-1,
        fixed=True,
    ),
    Rule(
        "pet",
        r"<POSS>\s+(?:new\s+|little\s+|old\s+|sweet\s+|rescue\s+|beloved\s+)*(?:[\w-]+\s+)?<SPECIES>"
        r"(?:['’]s\s+name\s+is|\s+is\s+(?:called|named))?\s*,?\s+<PNAMES>",
        subject="poss",
    ),
    Rule("pet", r"<PNAMES><BE>\s+<POSS>\s+(?:[\w-]+\s+)?<SPECIES>", subject="poss", anchor=True),
    Rule(
        "pet",
        r"(?:have|has|got|adopted|rescued|own|owns|bought|brought\s+home)\s+(?:an?|two|three|four|\d)\s+"
        r"(?:new\s+|little\s+|rescue\s+|[\w-]+\s+){0,2}?<SPECIES>(?:(?:\s*,\s*|\s*,?\s+(?:named|called)\s+)<PNAMES>)?(?!\s+food)",
    ),
    Rule(
        "pet",
        r"<POSS>\s+(?:[\w-]+\s+)?<SPECIES>\s*,?\s*(?:<PNAMES>\s*,?\s*)?(?:died|passed\s+away|passed|"
        r"ran\s+away|was\s+put\s+down|had\s+to\s+be\s+put\s+down)",
        subject="poss",
        polarity=-1,
        fixed=True,
    ),
    Rule(
        "pet",
        r"(?:gave\s+away|rehomed|lost|gave\s+up|sold)\s+<POSS>\s+(?:[\w-]+\s+)?<SPECIES>(?:\s*,?\s+<PNAMES>)?",
        polarity=-1,
    ),
    # --- diet
    Rule(
        "diet",
        r"(?:an?\s+)?(?:strict\s+|full\s+|committed\s+|proud\s+|lifelong\s+|mostly\s+)?<DIET>"
        r"(?!\s+(?:food|restaurant|place|option|dish|meal|recipe|lasagna|burger|friend|cafe|pizza|menu))",
        needs_be=True,
        stative=True,
    ),
    Rule(
        "diet",
        r"(?:went|gone|going|turned|switched\s+to\s+being|became|become|switched\s+to)\s+(?:an?\s+)?"
        r"(?:full\s+)?<DIET>\b(?!\s+(?:food|restaurant|place|option|dish|meal|recipe))",
    ),
    Rule(
        "diet",
        r"(?:eat|eats|eating)\s+(?:only\s+|strictly\s+|fully\s+)?(?P<val>vegan|vegetarian|plant[- ]based|"
        r"keto|paleo|kosher|halal|gluten[- ]free|pescatarian)\b(?!\s+(?:food|meals?|dishes))",
    ),
    Rule(
        "diet",
        r"(?:on|follow|follows|following|do|doing|started)\s+(?:an?\s+|the\s+)?(?:strict\s+)?"
        r"(?P<val>keto|paleo|vegan|vegetarian|low[- ]carb|mediterranean|gluten[- ]free|carnivore|whole30|"
        r"plant[- ]based|pescatarian)\s+diet",
    ),
    Rule("diet", r"<POSS>\s+diet<BE>\s+(?:now\s+)?(?:mostly\s+|strictly\s+|fully\s+)?<DIET>", subject="poss"),
    Rule("diet", r"(?:stopped|quit|gave\s+up|giving\s+up)\s+(?:being\s+)?(?:an?\s+)?<DIET>", polarity=-1),
    # --- allergy
    Rule(
        "allergy",
        r"(?:severely\s+|mildly\s+|deathly\s+|very\s+|super\s+|really\s+|seriously\s+)?allergic\s+to\s+"
        r"<LIST>",
        needs_be=True,
    ),
    Rule(
        "allergy",
        r"(?:have|has|got|developed)\s+(?:an?\s+|some\s+)?(?:severe\s+|mild\s+|bad\s+|serious\s+|"
        r"slight\s+|life-threatening\s+)?(?P<val>(?!an?\b)[\w-]+(?:\s+(?!allerg)[\w-]+)?)\s+allerg(?:y|ies)\b",
    ),
    Rule(
        "allergy",
        r"(?:have|has|got|developed)\s+(?:an?\s+|some\s+)?(?:[\w-]+\s+)?allerg(?:y|ies)\s+to\s+<LIST>",
    ),
    Rule("allergy", r"<POSS>\s+allerg(?:y|ies)\s+(?:is|are|include|includes)\s+<LIST>", subject="poss"),
    Rule("allergy", r"outgrew\s+<POSS>\s+(?P<val>[\w-]+(?:\s+[\w-]+)?)\s+allergy", polarity=-1),
    # --- birthday
    Rule(
        "birthday",
        r"<POSS>\s+(?:birthday|bday|b-day|birth\s+date|date\s+of\s+birth|dob)(?:<BE>|\s+falls\s+on)\s+"
        r"(?:on\s+)?<DATE>",
        subject="poss",
    ),
    Rule("birthday", r"born\s+on\s+<DATE>"),
    Rule("birthday", r"(?:celebrate|celebrates)\s+(?:my|his|her)\s+birthday\s+on\s+<DATE>"),
    # --- email and phone
    Rule(
        "email",
        r"(?:<POSS>\s+)?(?:new\s+|work\s+|personal\s+|current\s+|main\s+)?(?:e-?mail|mail)"
        r"(?:\s+address)?(?:<BE>|\s*[:=-])\s*(?:now\s+)?<EMAIL>",
        subject="poss",
    ),
    Rule(
        "email",
        r"(?:e-?mail|reach|contact|write\s+to|ping)\s+(?:me|us)\s+(?:at|on|via)\s+<EMAIL>",
        subject="self",
    ),
    Rule(
        "email", r"<EMAIL><BE>\s+<POSS>\s+(?:new\s+|work\s+|personal\s+)?(?:e-?mail|address)", subject="poss"
    ),
    Rule(
        "email",
        r"(?:stopped\s+using|don't\s+use|no\s+longer\s+use|do\s+not\s+use)\s+<EMAIL>",
        polarity=-1,
        fixed=True,
    ),
    Rule(
        "email",
        r"<POSS>\s+old\s+e-?mail(?:\s+address)?\s*,?\s*<EMAIL>",
        subject="poss",
        polarity=-1,
        fixed=True,
    ),
    Rule(
        "phone",
        r"(?:<POSS>\s+)?(?:new\s+|work\s+|personal\s+|current\s+|main\s+)?(?:phone|cell|mobile|"
        r"telephone|tel)(?:\s+(?:number|no\.?|#))?(?:<BE>|\s*[:=-])\s*(?:now\s+)?<PHONE>",
        subject="poss",
    ),
    Rule("phone", r"<POSS>\s+(?:new\s+)?number<BE>\s+(?:now\s+)?<PHONE>", subject="poss"),
    Rule(
        "phone",
        r"<POSS>\s+(?:new\s+)?(?:phone|cell|mobile)(?:\s+number)?\s+(?:has\s+)?changed\s*,?\s*(?:it's|it\s+is|"
        r"to)\s+(?:now\s+)?<PHONE>",
        subject="poss",
    ),
    Rule("phone", r"(?:call|text|reach|ring|whatsapp)\s+(?:me|us)\s+(?:at|on)\s+<PHONE>", subject="self"),
    Rule(
        "phone", r"<POSS>\s+old\s+(?:phone\s+)?number\s*,?\s*<PHONE>", subject="poss", polarity=-1, fixed=True
    ),
    # --- language
    Rule(
        "language",
        r"(?:speak|speaks|spoke|speaking)\s+(?P<val><LANG>(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|"
        r"\s+as\s+well\s+as\s+|\s*&\s*)<LANG>)*)",
        stative=True,
        check="lang",
    ),
    Rule(
        "language",
        r"(?:fluent|conversational|proficient|native)\s+in\s+(?P<val><LANG>(?:(?:\s*,\s*(?:and\s+)?|"
        r"\s+and\s+)<LANG>)*)",
        check="lang",
    ),
    Rule(
        "language",
        r"<POSS>\s+(?:native|first|mother|home)\s+(?:language|tongue)<BE>\s+(?P<val><LANG>)",
        subject="poss",
        check="lang",
    ),
    Rule(
        "language",
        r"(?P<val><LANG>)<BE>\s+<POSS>\s+(?:native|first|mother)\s+(?:language|tongue)",
        subject="poss",
        anchor=True,
        check="lang",
    ),
    Rule("language", r"(?:grew\s+up\s+speaking|native\s+speaker\s+of)\s+(?P<val><LANG>)", check="lang"),
    # --- nationality
    Rule(
        "nationality",
        r"(?:an?\s+)?(?P<val>(?-i:[A-Z][a-z]+)(?:\s+(?-i:[A-Z][a-z]+))?)(?:\s+(?:citizen|national))?"
        r"(?=\s*(?:$|[,;.!?]|\s+(?:and|but|citizen|national|now|too|by|since|as|from|through|myself|originally|"
        r"anymore|any\s+more|on\s+paper)\b))",
        needs_be=True,
        check="demonym",
    ),
    Rule(
        "nationality",
        r"(?:have|hold|holds|got|acquired|obtained|received|gained|carry|carries)\s+(?:an?\s+|my\s+|"
        r"dual\s+|(?:the\s+)?)(?P<val>(?-i:[A-Z][a-z]+)(?:\s+and\s+(?-i:[A-Z][a-z]+))?)\s+(?:citizenship|nationality|passport)",
        check="demonym",
    ),
    Rule("nationality", r"(?:citizen|national)\s+of\s+<CAP>", needs_be=True, check="country"),
    Rule(
        "nationality", r"(?:became|become)\s+(?:an?\s+)?(?P<val>(?-i:[A-Z][a-z]+))\s+citizen", check="demonym"
    ),
    Rule("nationality", r"naturali[sz]ed\s+(?:as\s+)?(?:an?\s+)?(?P<val>(?-i:[A-Z][a-z]+))", check="demonym"),
    Rule(
        "nationality",
        r"<POSS>\s+(?:nationality|citizenship)<BE>\s+(?P<val>(?-i:[A-Z][a-z]+))",
        subject="poss",
        check="demonym",
    ),
    Rule(
        "nationality",
        r"(?:renounced|gave\s+up|lost|revoked)\s+<POSS>\s+(?P<val>(?-i:[A-Z][A-Za-z]+))\s+"
        r"(?:citizenship|nationality|passport)",
        polarity=-1,
        check="demonym",
    ),
    # --- car
    Rule(
        "car",
        r"(?:drive|drives|drove|driving)\s+(?:an?|the)\s+(?:new\s+|used\s+|old\s+|brand[- ]new\s+|"
        r"second-hand\s+|little\s+)?<V>",
        stative=True,
        check="car",
    ),
    Rule("car", r"<POSS>\s+(?:new\s+)?car<BE>\s+(?:now\s+)?(?:an?\s+)?<V>", subject="poss", check="car"),
    Rule(
        "car",
        rf"(?:bought|got|leased|purchased|picked\s+up|ordered)\s+(?:an?\s+|my\s+)?(?:new\s+|used\s+|"
        rf"second-hand\s+|secondhand\s+)?(?P<val>(?:{CAR_BRANDS})(?:\s+[\w-]+){{0,2}}?){_STOP}",
        check="brand",
    ),
    Rule(
        "car",
        rf"(?:sold|got\s+rid\s+of|traded\s+in|totaled|totalled|crashed|wrecked|scrapped)\s+<POSS>\s+"
        rf"(?:old\s+)?(?P<val>(?:{CAR_BRANDS})(?:\s+[\w-]+){{0,2}}?){_STOP}",
        polarity=-1,
        check="brand",
    ),
    # --- hobby
    Rule(
        "hobby",
        r"<POSS>\s+(?:main\s+|favou?rite\s+|big\s+|new\s+)?(?:hobby|hobbies|pastime|pastimes)\s+"
        r"(?:is|are|'s|include|includes)\s+(?:now\s+)?<LIST>",
        subject="poss",
        check="hobby",
    ),
    Rule(
        "hobby",
        r"(?P<val>[\w-]+(?:\s+[\w-]+)?)\s+(?:is|are|'s)\s+<POSS>\s+(?:main\s+|big\s+|favou?rite\s+|new\s+)?"
        r"(?:hobby|hobbies|passion|pastime|thing)",
        subject="poss",
        anchor=True,
        check="hobby",
    ),
    Rule(
        "hobby",
        rf"(?:play|plays|playing)\s+(?:the\s+)?(?P<val>{PLAYABLE})\b(?!\s+(?:match|game)s?\s+(?:on|at))",
        stative=True,
    ),
    Rule(
        "hobby",
        r"(?:really\s+|absolutely\s+)?(?:love|loves|enjoy|enjoys|like|likes|into|obsessed\s+with|"
        rf"passionate\s+about|hooked\s+on|addicted\s+to)\s+(?P<val>(?:rock\s+|ice\s+|trail\s+|scuba\s+|bird|"
        rf"open[- ]water\s+|wild\s+)?[a-z]+ing|{HOBBY_NOUNS})\b"
        r"(?!\s+(?:at|for|in|with|to|about|on|a|the|my)\b)",
        check="hobby",
    ),
    Rule(
        "hobby",
        rf"(?:took\s+up|picked\s+up|got\s+into|getting\s+into|started|start|practice|practise|"
        rf"practices|do|does|doing)\s+(?P<val>(?:rock\s+|ice\s+|trail\s+|scuba\s+|bird|wild\s+)?[a-z]+ing|"
        rf"{HOBBY_NOUNS})\b(?!\s+(?:at|for|in|with|to|about|on|a|the|my|it)\b)",
        check="hobby",
    ),
    Rule(
        "hobby",
        r"(?:go|goes|went)\s+(?P<val>(?:rock\s+|trail\s+|scuba\s+|bird)?[a-z]+ing)\s+(?:every|on|most|"
        r"each|a\s+lot|regularly|twice|once|almost|whenever|at\s+weekends|on\s+weekends)",
        check="hobby",
    ),
    Rule(
        "hobby",
        rf"(?:stopped|quit|gave\s+up)\s+(?:playing\s+(?:the\s+)?(?P<val2x>{PLAYABLE})|"
        rf"(?P<val>(?:rock\s+|trail\s+|scuba\s+)?[a-z]+ing|{HOBBY_NOUNS}|{PLAYABLE}))\b"
        r"(?!\s+(?:at|for|in|with|to|about|on|a|the|my|it)\b)",
        polarity=-1,
        check="hobby",
    ),
    # --- favourites
    Rule(
        "favorite",
        r"<POSS>\s+<FAV>\s+(?P<thing>[\w-]+(?:\s+(?!(?:any\s*more|now|still|is|are|these|too)\b)[\w-]+)?)\s+(?:is|are|'s|has\s+to\s+be)\s+"
        r"(?:probably\s+|definitely\s+|still\s+|now\s+)?(?:the\s+|an?\s+)?<V>",
        subject="poss",
    ),
    Rule(
        "favorite",
        r"(?P<val>[\w'-]+(?:\s+[\w'-]+){0,3})\s+(?:is|are|'s|isn't|aren't|is\s+not|is\s+no\s+longer)\s+(?:still\s+|now\s+)?<POSS>\s+<FAV>\s+"
        r"(?P<thing>[\w-]+(?:\s+(?!(?:any\s*more|now|still|is|are|these|too)\b)[\w-]+)?)",
        subject="poss",
        anchor=True,
    ),
    # --- things: port, version, owner, location, status, price
    Rule(
        "port",
        r"(?:runs?|running|listens?|listening|served|serves|exposed|bound|binds?|available|lives?|"
        r"hosted|sits?|uses?|using|moved|is|are|was|now|on)\s+(?:on\s+|at\s+|to\s+)?port\s+<PORTS>",
        subject="thing",
    ),
    Rule(
        "port",
        r"(?:runs?|running|listens?|listening|served|bound|binds?)\s+(?:on|to)\s+"
        r"(?P<val>\d{2,5}(?:\s+<PT>)?(?:(?:\s*,\s*|\s+and\s+)\d{2,5}(?:\s+<PT>)?)*)\b(?!\.\d)".replace(
            "<PT>", PORT_QUAL
        ),
        subject="thing",
    ),
    Rule(
        "port",
        r"(?:the\s+)?port\s+(?:for|of)\s+(?:the\s+|our\s+)?(?P<subj>[\w.-]+(?:\s+[\w.-]+){0,2}?)\s+(?:is|was)\s+"
        r"(?:now\s+)?<PORTS>",
        subject="embedded",
    ),
    Rule("port", r"<THINGP>['’]s\s+port\s+(?:is|was)\s+(?:now\s+)?<PORTS>", subject="embedded"),
    Rule(
        "version",
        r"(?:upgraded|updated|bumped|downgraded|migrated|moved|pinned|rolled\s+back)\s+"
        r"<THINGP>\s+to\s+<VER>",
        subject="embedded",
    ),
    Rule(
        "version",
        r"(?:we're|we\s+are|we've|i'm|i\s+am|currently|still|now)\s+(?:still\s+|now\s+|no\s+longer\s+|not\s+)?(?:running|using|"
        r"on)\s+<PRODUCT>\s+<VER>",
        subject="embedded",
    ),
    Rule(
        "version",
        r"(?:upgraded|updated|bumped|downgraded|pinned|rolled\s+back)\s+to\s+<VER>",
        subject="thing",
    ),
    Rule(
        "version",
        r"(?:is|are|'s|runs?|running|now)\s+(?:on|at)\s+(?:version\s+(?P<v1>" + VERSION + r")|"
        r"(?P<v2>v\d+(?:\.\d+)*|\d+\.\d+(?:\.\d+)*))\b",
        subject="thing",
    ),
    Rule(
        "version",
        r"(?:the\s+)?(?:current\s+|latest\s+)?version\s+of\s+(?:the\s+|our\s+)?(?P<subj>[\w.-]+"
        r"(?:\s+[\w.-]+){0,2}?)\s+(?:is|was)\s+(?:now\s+)?<VER>",
        subject="embedded",
    ),
    Rule("version", r"<THINGP>(?:['’]s)?\s+version\s+(?:is|was)\s+(?:now\s+)?<VER>", subject="embedded"),
    Rule(
        "version", r"(?:released|shipped|deployed|rolled\s+out)\s+<VER>\s+of\s+<THINGP>", subject="embedded"
    ),
    Rule(
        "owner",
        r"(?:owned|maintained|run)\s+by\s+(?:the\s+)?(?P<val>[\w-]+\s+team|" + NAME + r")",
        subject="thing",
    ),
    Rule(
        "owner",
        r"(?:the\s+)?(?P<val>(?:[\w-]+\s+)?team|" + NAME + r")\s+(?:now\s+)?(?:owns|maintains|"
        r"is\s+responsible\s+for|took\s+over|is\s+the\s+owner\s+of)\s+<THINGP>",
        subject="embedded",
    ),
    Rule(
        "owner",
        r"(?:the\s+)?owner\s+of\s+<THINGP>\s+(?:is|was)\s+(?:now\s+)?(?:the\s+)?"
        r"(?P<val>[\w-]+\s+team|" + NAME + r")",
        subject="embedded",
    ),
    Rule(
        "owner",
        r"<THINGP>['’]s\s+owner\s+(?:is|was)\s+(?:now\s+)?(?:the\s+)?(?P<val>[\w-]+\s+team|" + NAME + r")",
        subject="embedded",
    ),
    Rule("owner", r"belongs?\s+to\s+(?:the\s+)?(?P<val>[\w-]+\s+team|" + NAME + r")", subject="thing"),
    Rule(
        "owner",
        r"(?:the\s+)?(?P<val>[\w-]+\s+team|" + NAME + r")\s+handed\s+(?:off|over)\s+<THINGP>",
        subject="embedded",
        polarity=-1,
    ),
    Rule(
        "location",
        r"(?:located|hosted|deployed|stored|kept|housed|based|running)\s+(?:in|at|on)\s+(?:the\s+)?<V>",
        subject="thing",
        check="loc",
    ),
    Rule("location", r"(?:moved|relocated|migrated)\s+to\s+(?:the\s+)?<V>", subject="thing", check="loc"),
    Rule(
        "location", r"(?:is|are|sits?|lives?)\s+(?:now\s+)?in\s+(?:the\s+)?<V>", subject="thing", check="loc"
    ),
    Rule(
        "location",
        r"(?:the\s+)?(?:location|address)\s+of\s+<THING>\s+(?:is|was)\s+(?:now\s+)?<V>",
        subject="embedded",
        check="loc",
    ),
    Rule(
        "status",
        r"(?:is|are|was|were|'s|went|has\s+been|have\s+been|got|just\s+went|now)\s+(?:now\s+|currently\s+|"
        rf"officially\s+|finally\s+|still\s+|not\s+|no\s+longer\s+)*(?P<val>{STATUSES})\b(?!\s+(?:to|for|with)\b)"
        r"(?!-)",
        subject="thing",
    ),
    Rule("status", r"(?:the\s+)?status\s+of\s+<THING>\s+(?:is|was)\s+(?:now\s+)?<V>", subject="embedded"),
    Rule("status", r"<THINGP>['’]s\s+status\s+(?:is|was)\s+(?:now\s+)?<V>", subject="embedded"),
    Rule(
        "status",
        r"(?:we|they|i)\s+(?:just\s+|finally\s+|officially\s+)?(?P<val>deprecated|launched|shipped|"
        r"cancell?ed|archived|paused|decommissioned|released|sunset)\s+<THINGP>",
        subject="embedded",
    ),
    Rule(
        "price",
        r"(?:costs?|costing|priced\s+at|sells?\s+for|goes\s+for|is|are|was|went\s+up\s+to|went\s+down\s+to|"
        r"increased\s+to|dropped\s+to|rose\s+to|now|retails\s+for|runs|charges)\s+(?:just\s+|only\s+|now\s+)?"
        r"<MONEY>",
        subject="thing",
    ),
    Rule(
        "price",
        r"(?:the\s+)?(?:price|cost)\s+(?:of|for)\s+<THING>\s+(?:is|was)\s+(?:now\s+)?<MONEY>",
        subject="embedded",
    ),
    Rule("price", r"<THINGP>['’]s\s+price\s+(?:is|was)\s+(?:now\s+)?<MONEY>", subject="embedded"),
    Rule("price", r"(?:we|i)\s+(?:now\s+)?pay\s+<MONEY>\s+for\s+<THINGP>", subject="embedded"),
    Rule(
        "price",
        r"(?:raised|increased|dropped|lowered|cut|bumped)\s+(?:the\s+price\s+of\s+)?<THINGP>"
        r"\s+to\s+<MONEY>",
        subject="embedded",
    ),
]


class _Lazy:
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
_AUXW = (
    r"am|is|are|was|were|be|been|being|have|has|had|do|does|did|will|shall|can|cannot|can't|won't|ain't|"
    r"isn't|aren't|wasn't|weren't|don't|doesn't|didn't|haven't|hasn't|hadn't|not|never|no\s+longer|also|"
    r"still|now|currently|just|recently|actually|really|finally|already|officially|always|only|even|both|"
    r"all|mostly|originally|happily|newly|permanently|back|then|again|ever|totally|strictly|fully|used\s+to|"
    r"got|get|gets|getting|went|gone|became|become|becoming|too|technically|basically|officially|"
    r"since\s+(?:19|20)\d\d|since\s+\w+(?:\s+\d{4})?|last\s+(?:week|month|year)|this\s+(?:week|month|year)|"
    r"in\s+(?:19|20)\d\d|\w+ly|both|each"
)
_AUX_TOK = rf"(?:\s*['’](?:m|s|re|ve|d|ll)\b|n['’]t\b|\s*,\s*|\s+(?:{_AUXW})\b)"
_PERSON = (
    rf"(?P<ps>(?<![\w'’])(?:i|we|you|he|she|they)(?![\w])|(?<![\w'’])(?:my|our|your|his|her|their)\s+"
    rf"(?:(?:little|big|older|younger|old|new|twin|baby|step|late|dear|eldest|youngest)\s+)*(?:{REL})"
    rf"(?:\s*,?\s*{NAMETOK}(?:\s+{NAMETOK}){{0,2}}\s*,?)?|{NAME}(?:\s*,\s*(?:my|our)\s+(?:{REL})\s*,)?)"
)
_END_PERSON = _Lazy(_PERSON + rf"(?P<aux>{_AUX_TOK}*)\s*$", re.I)
_AUX_ONLY = _Lazy(rf"^(?P<aux>{_AUX_TOK}*)\s*$", re.I)
_ELIDED = _Lazy(rf"(?:^|\b(?:and|but|then|plus|also|&)\b|[,;—–-])(?P<aux>{_AUX_TOK}*)\s*$", re.I)
_DISCOURSE = _Lazy(
    r"^\s*(?:(?:oh|so|well|also|btw|by\s+the\s+way|actually|anyway|update|fyi|quick\s+update|news|"
    r"good\s+news|big\s+news|fun\s+fact|heads\s+up|ok|okay|yes|yeah|yep|hi|hey|hello|finally|just|"
    r"officially|recently|guess\s+what|as\s+of\s+\w+|starting\s+\w+(?:\s+\w+)?|since\s+\w+(?:\s+\d{4})?|"
    r"last\s+\w+|this\s+\w+|yesterday|today|earlier\s+this\s+\w+|(?:\w+|a\s+few|a\s+couple\s+of)\s+\w+\s+ago|"
    r"in\s+\d{4}|(?:19|20)\d\d|lol|haha)[\s,!:.—–-]*)*$",
    re.I,
)
_BE = _Lazy(
    r"['’](?:m|s|re)\b|\b(?:am|is|are|was|were|been|be|isn't|aren't|wasn't|weren't|became|become|"
    r"becoming|went|gone|turned|remain|remains|stayed)\b",
    re.I,
)
_PERFECT = re.compile(r"['’]ve\b|\b(?:have|has|had|haven't|hasn't|been)\b|['’]d\s+been", re.I)
_PAST_STATE = re.compile(r"^(?:lived|resided|worked|spoke|drove|played|stayed|was|were)\b", re.I)
_PAST_AUX = re.compile(r"\b(?:was|were|wasn't|weren't|used\s+to|didn't\s+use\s+to)\b", re.I)
_NEG = re.compile(r"\b(?:not|never|no\s+longer|no\s+more|nor|none)\b|n['’]t\b", re.I)
_NEG_TAIL = _Lazy(
    r"^\s*,?\s*(?:(?:any\s*more|no\s+more|no\s+longer|not\s+any\s*more)\b|"
    r"(?:is|are)\s+(?:not|no\s+longer)\b)",
    re.I,
)
_HEDGE = _Lazy(
    r"\b(?:would|wouldn't|might|could|couldn't|should|shouldn't|wish|wishes|wished|hope|hopes|hoping|"
    r"want|wants|wanted|wanna|plan(?:s|ning|ned)?\s+(?:to|on)|thinking|considering|consider|contemplating|"
    r"dream|dreams|dreaming|dreamt|dreamed|going\s+to|gonna|maybe|perhaps|probably|possibly|suppose|supposing|"
    r"imagine|imagining|whether|unless|think|thinks|thought|believe|believes|believed|reckon|reckons|guess|"
    r"wonder|wondering|someday|one\s+day|tempted|trying\s+to|try\s+to|ought|need\s+to|needs\s+to|"
    r"hypothetically|pretend|rather|interested\s+in|if|in\s+case|eventually|debating|on\s+the\s+fence|"
    r"undecided|keen\s+to|eager\s+to|excited\s+to|can't\s+wait\s+to|about\s+to|expect|expecting|"
    r"supposed\s+to|suggested|suggests|recommends|recommended|advised|told\s+me\s+to|says\s+i|claims?|"
    r"rumou?rs?|apparently|allegedly|pretending|fantasi[sz]e|daydream|ideally|'d\s+(?!been\b)\w+|"
    r"would've|let's|lets|how\s+about|what\s+about|any\s+chance|mulling|weighing|sounds\s+like)\b"
    r"|(?-i:\bmay\b)",
    re.I,
)
_COND_START = _Lazy(
    r"\b(?:if|unless|whether|in\s+case|suppose|supposing|imagine|what\s+if|even\s+if|as\s+if)\b", re.I
)
_QUESTION_START = _Lazy(
    r"^\W*(?:(?:so|and|but|also|oh|hey|ok|okay|btw|wait)[\s,]+)*(?:(?:do|does|did|are|is|am|was|were|have|has|had|"
    r"can|could|would|will|should|shall|may|might|must|don't|doesn't|didn't|aren't|isn't|haven't)\s+"
    r"(?:i|you|we|he|she|they|it|my|your|the|our|his|her|their|[A-Z]\w+)\b|(?:how|what|where|why|who|which|"
    r"whose|when)\b(?!\s+i\b))",
    re.I,
)
_CLAUSE_BREAK = _Lazy(
    r"[;:—–]|,(?!\s*(?:and|or)?\s*\d)|\s-\s|\s(?=(?:and|but|while|whereas|although|though|because|so|which|who|"
    r"when|whereas|yet|since\s+(?:i|we|you|he|she|they|my|our|then))\s)",
    re.I,
)
_SENT_END = re.compile(r"[.!?]+[\"')\]]*(?=\s|$)|\n+")
_ABBREV = _Lazy(
    r"\b(?:dr|mr|mrs|ms|st|inc|corp|co|ltd|jr|sr|vs|etc|approx|e\.g|i\.e|no|u\.s|u\.k|[a-z])\.$", re.I
)
_QUAL_WORDS = [
    (re.compile(r"\b(?:locally|local|localhost)\b", re.I), "local"),
    (re.compile(r"\b(?:prod|production)\b", re.I), "production"),
    (re.compile(r"\bstaging\b", re.I), "staging"),
    (re.compile(r"\b(?:dev|development)\b", re.I), "development"),
    (re.compile(r"\b(?:tests?|testing|qa|ci)\b", re.I), "test"),
]
_PER_NAMES = {"mo": "month", "yr": "year", "head": "person"}
_LIST_SPLIT = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|\s+as\s+well\s+as\s+|\s*&\s*", re.I)
_LANG_MOD = _Lazy(
    r"^(?:a\s+little|a\s+bit\s+of|some|basic|fluent|conversational|native|decent|good|broken|"
    r"okay|ok|intermediate|passable|rusty|business)\s+",
    re.I,
)
_VALUE_TRIM = re.compile(r"^(?:the|a|an|my|our|some)\s+", re.I)
_CAR_ADJ = _Lazy(
    r"^(?:new|used|old|brand[- ]new|second-hand|little|black|white|red|blue|grey|gray|silver|"
    r"green|yellow|electric|hybrid)\s+",
    re.I,
)
_STOPWORD_VALUES = _words(
    "it this that them him her me you us one something anything nothing everything home here there"
)


@dataclass
class _Subject:
    display: str  # SELF, a person's name, or a thing
    kind: str  # self | person | thing
    has_be: bool = False


@dataclass
class _Hit:
    rule: Rule
    m: re.Match[str]
    start: int  # offset in the sentence where the statement's passage begins
    val_span: tuple[int, int]
    subject: _Subject | None = None
    aux: str = ""


_LONG_TOKEN = re.compile(r"\S{64,}")


def _mask_long_tokens(text: str) -> str:
    """Blank out tokens no value is made of (64+ characters: URLs, hashes, pasted data), keeping offsets.

    The patterns backtrack over a long run of word characters in quadratic time; a 32,000-character
    token took 100 s. Masked text keeps every offset, so spans still point into the original turn.
    """
    return _LONG_TOKEN.sub(lambda m: " " * len(m.group(0)), text)


def _sentences(text: str) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    start = 0
    for m in _SENT_END.finditer(text):
        if m.group(0).startswith(".") and _ABBREV.search(text[start : m.start() + 1]):
            continue
        if text[start : m.end()].strip():
            out.append((start, m.end()))
        start = m.end()
    if text[start:].strip():
        out.append((start, len(text)))
    return out


def _clause(sentence: str, pos: int) -> tuple[int, int]:
    start, end = 0, len(sentence)
    for m in _CLAUSE_BREAK.finditer(sentence):
        if m.end() <= pos:
            start = m.end()
        elif m.start() >= pos:
            end = m.start()
            break
    return start, end


def _name_in(text: str) -> str | None:
    """The person's name in a subject phrase ("my sister Carol" -> "Carol"), or None."""
    tokens = re.findall(NAMETOK, text)
    keep: list[str] = []
    for tok in tokens:
        if tok.lower() in NOT_NAMES or re.fullmatch(REL, tok, re.I):
            keep = []
            continue
        keep.append(tok)
    if not keep:
        return None
    # only the trailing run of names belongs to the subject
    run = re.search(rf"({NAMETOK}(?:\s+{NAMETOK})*)\W*$", text.strip().rstrip(","))
    if run:
        names = [t for t in run.group(1).split() if t.lower() not in NOT_NAMES]
        if names:
            return " ".join(names)
    return " ".join(keep)


class _Turn:
    """Reading state for one turn: role, said date, who was last spoken about."""

    def __init__(self, role: str, said: datetime) -> None:
        self.assistant = role == "assistant"
        self.said = said
        self.last_person: _Subject | None = None
        self.last_thing: _Subject | None = None
        self.partner: str | None = None

    def speaker(self) -> _Subject | None:
        return None if self.assistant else _Subject(SELF, "self")

    def listener(self) -> _Subject | None:
        return _Subject(SELF, "self") if self.assistant else None

    def pronoun(self, word: str) -> _Subject | None:
        w = word.lower()
        if w in ("i", "we", "my", "our", "me", "us"):
            return self.speaker()
        if w in ("you", "your"):
            return self.listener()
        if w in ("he", "she", "his", "her", "him"):
            return self.last_person
        return None

    def person(self, phrase: str) -> _Subject | None:
        """Subject for a person phrase: a pronoun, "my sister Carol", "Alice Chen"."""
        phrase = phrase.strip().strip(",").strip()
        first = phrase.split()[0].lower() if phrase else ""
        if " " not in phrase and first in (
            "i",
            "we",
            "you",
            "he",
            "she",
            "they",
            "my",
            "our",
            "your",
            "his",
            "her",
        ):
            return self.pronoun(first)
        name = _name_in(phrase)
        if name is None:
            if (
                first in ("my", "our")
                and re.search(rf"\b(?:{PARTNER_RELS})\b", phrase, re.I)
                and self.partner
            ):
                return self._third(self.partner)
            return None
        if first in ("your",) and not self.assistant:
            return None
        return self._third(name)

    def _third(self, name: str) -> _Subject:
        subj = _Subject(name, "person")
        self.last_person = subj
        return subj

    def thing(self, pre: str) -> _Subject | None:
        """Subject for a thing named just before the predicate ("the payments service")."""
        words = re.findall(r"[\w.@/+#'’-]+", pre)
        if not words:
            return None
        det = max(
            (
                i
                for i, w in enumerate(words)
                if w.lower() in ("the", "our", "my", "their", "this", "its", "your")
            ),
            default=-1,
        )
        if det >= 0:
            np = words[det + 1 :]
        else:
            np = []
            for w in reversed(words[-4:]):
                if w.lower() in THING_STOP or w.lower() in ("and", "but", "so", "because"):
                    break
                np.insert(0, w)
        np = [w for w in np if w.lower() not in ("now", "currently", "still")]
        if not np:
            return None
        text = re.sub(r"['’]s$", "", " ".join(np))
        low = text.lower()
        if low in (
            "i",
            "we",
            "you",
            "he",
            "she",
            "they",
            "everything",
            "everyone",
            "nothing",
            "there",
            "here",
            "me",
        ):
            return None
        if low in ("it", "this", "that"):
            return self.last_thing
        if re.search(
            rf"\b(?:{REL}|parents|kids|children|family|friends|folks|people|grandparents|relatives|"
            rf"everyone|everybody|someone|somebody|team\s+mates|guys)s?$",
            low,
        ):
            return None
        if det < 0 and not re.search(r"[A-Z0-9]", text):
            return None
        subj = _Subject(text, "thing")
        self.last_thing = subj
        return subj


def _place_attr(value: str) -> str | None:
    key = fold(value)
    key = re.sub(r"^the\s+", "", key)
    if key in CITIES:
        return "home_city"
    if key in COUNTRIES or ALIASES.get(key, "") in COUNTRIES:
        return "home_country"
    return "home_city"


def _is_known_place(value: str) -> bool:
    key = re.sub(r"^the\s+", "", fold(value))
    first = key.split(",")[0].strip()
    return any(k in COUNTRIES or k in CITIES or ALIASES.get(k, "") in CITIES for k in (key, first))


def _school_like(value: str) -> bool:
    low = fold(value)
    return bool(
        re.search(
            r"\b(?:university|college|school|institute|academy|polytechnic|uni|conservatory|universidad)\b",
            low,
        )
        or low in KNOWN_SCHOOLS
        or re.fullmatch(r"[A-Z]{2,5}", value)
    )


def _check(kind: str, value: str) -> bool:
    low = value.lower()
    if not value or low in _STOPWORD_VALUES:
        return False
    if kind in ("cap", "place", "org", "notname") and (
        not re.match(rf"[{_UP}0-9]|[a-z]+[A-Z]", value) or low in NOT_NAMES
    ):
        return False
    if kind == "place":
        return not re.search(r"\b(?:university|college|school|inc|corp|ltd|llc)\b", low)
    if kind == "org":
        return not _is_known_place(value) or False
    if kind == "school":
        return _school_like(value)
    if kind == "notname":
        toks = low.split()
        return not (
            set(toks) & (NOT_NAMES | LANGUAGES)
            or low in DEMONYMS
            or re.fullmatch(rf"(?:{DIETS}|{TITLE_HEADS})", low)
        )
    if kind == "lang":
        return _LANG_MOD.sub("", low) in LANGUAGES
    if kind == "demonym":
        return low in DEMONYMS or fold(value) in COUNTRIES
    if kind == "country":
        return fold(value) in COUNTRIES
    if kind == "hobby":
        words = low.split()
        return bool(words) and words[-1] not in NOT_HOBBIES and len(low) > 3
    if kind == "car":
        return (
            bool(re.match(rf"(?:{CAR_BRANDS})\b|(?:19|20)\d\d\s|[A-Z]", value, re.I))
            and len(value.split()) <= 5
        )
    if kind == "loc":
        return not re.match(r"(?:charge|love|trouble|progress|beta|alpha|review|use|place|touch|pain)\b", low)
    return True


class RulesExtractor:
    """Pattern-table extractor for ordinary chat English: offline, deterministic, no I/O."""

    name = "rules"
    version = "1"
    method = "rule"
    model: str | None = None

    def extract(self, text: str, said_at: datetime, role: str) -> list[Statement]:
        """Statements of state read from one turn (user or assistant)."""
        if role not in ("user", "assistant") and role not in ("note", "document", "import"):
            return []
        norm = _mask_long_tokens(text.replace("’", "'").replace("‘", "'"))
        turn = _Turn(role, said_at)
        out: list[Statement] = []
        seen: set[tuple[str, str, str, int, str | None]] = set()
        for s_start, s_end in _sentences(norm):
            for st in self._sentence(norm[s_start:s_end], s_start, turn):
                key = (
                    st.subject.lower(),
                    st.attribute,
                    value_key(st.attribute, st.value),
                    st.polarity,
                    st.qualifier,
                )
                if key not in seen:
                    seen.add(key)
                    out.append(st)
        return out

    # ------------------------------------------------------------------ one sentence
    def _sentence(self, sent: str, offset: int, turn: _Turn) -> list[Statement]:
        stripped = sent.rstrip()
        q_from = len(sent) + 1
        if _QUESTION_START.match(sent):
            return []
        if stripped.endswith("?"):
            breaks = [m.end() for m in re.finditer(r"[,;:—–]|\s-\s", stripped)]
            q_from = breaks[-1] if breaks else 0
        cond_spans = []
        for m in _COND_START.finditer(sent):
            comma = sent.find(",", m.end())
            cond_spans.append((m.start(), comma if comma >= 0 else len(sent)))

        hits: list[_Hit] = []
        claimed: list[tuple[int, int]] = []
        for rule in RULES:
            for m in rule.regex.finditer(sent):
                vspan = self._value_span(m)
                if vspan is None or vspan[0] >= q_from:
                    continue
                if any(a <= vspan[0] < b for a, b in cond_spans):
                    continue
                if any(vspan[0] < b and a < vspan[1] for a, b in claimed):
                    continue
                if not self._plausible(rule, m, sent):
                    continue
                hits.append(_Hit(rule, m, m.start(), vspan))
                claimed.append(vspan)
        hits.sort(key=lambda h: h.m.start())

        statements: list[Statement] = []
        prev: _Hit | None = None
        first_start = hits[0].m.start() if hits else 0
        lead_time = find_time(sent[:first_start], turn.said) if hits else None
        masked = self._mask(sent, hits)
        for hit in hits:
            subj = self._subject(hit, sent, turn, prev)
            if subj is None:
                continue
            hit.subject = subj
            c_start, c_end = _clause(sent, hit.val_span[0])
            c_start = min(c_start, hit.start)
            clause = sent[c_start:c_end]
            if _HEDGE.search(sent[c_start : hit.val_span[0]]) or _HEDGE.search(sent[hit.val_span[1] : c_end]):
                continue
            rule = hit.rule
            if rule.needs_be and not (_BE.search(hit.aux) or (subj.has_be and not hit.aux.strip(" ,"))):
                continue
            pol = self._polarity(hit, sent, c_end)
            when = find_time(masked[c_start:c_end], turn.said)
            past = rule.stative and self._past(hit)
            if past:
                pol = -1
                until = re.search(r"\b(?:until|till)\b.*", masked[c_start:c_end], re.I)
                when = find_time(until.group(0), turn.said) if until else None
            if rule.timeless:
                when = None
            elif when is None and not past:
                when = lead_time if prev is not None else find_time(masked[:c_start], turn.said) or lead_time
            vfrom: date = when[0] if when else turn.said.date()
            span = (offset + c_start + self._lstrip(clause), offset + c_end - self._rstrip(clause))
            statements.extend(self._statements(hit, subj, pol, vfrom, span, clause, turn))
            prev = hit
        return statements

    @staticmethod
    def _lstrip(clause: str) -> int:
        return len(clause) - len(clause.lstrip(" ,;:—–-"))

    @staticmethod
    def _rstrip(clause: str) -> int:
        return len(clause) - len(clause.rstrip(" ,;:—–-"))

    @staticmethod
    def _value_span(m: re.Match[str]) -> tuple[int, int] | None:
        for g in ("val", "v1", "v2", "val2x", "pname", "species"):
            if g in m.re.groupindex and m.group(g):
                return m.span(g)
        return None

    @staticmethod
    def _mask(sent: str, hits: list[_Hit]) -> str:
        chars = list(sent)
        for h in hits:
            for g in ("val", "val2", "v1", "v2"):
                if g in h.m.re.groupindex and h.m.group(g):
                    a, b = h.m.span(g)
                    chars[a:b] = " " * (b - a)
        return "".join(chars)

    @staticmethod
    def _plausible(rule: Rule, m: re.Match[str], sent: str) -> bool:
        """Cheap checks before a match may claim its value: the value's shape, a subject slot."""
        gd = m.groupdict()
        raw = gd.get("val") or gd.get("v1") or gd.get("v2") or ""
        check = {"home": "cap", "left": "cap"}.get(rule.attribute, rule.check)
        if (
            raw
            and check
            and check not in ("lang", "hobby")
            and not _check(check, RulesExtractor._clean(rule.attribute, raw))
        ):
            return False
        if check == "lang" and not _check("lang", _LIST_SPLIT.split(raw)[0].strip()):
            return False
        if rule.subject not in ("person", "appos") and not (rule.subject == "poss" and not gd.get("poss")):
            return True
        pre = sent[: m.start()]
        found = _END_PERSON.search(pre)
        if found:
            before = pre[: found.start()]
            if rule.anchor and before.strip(" ,") and not _DISCOURSE.match(before):
                return False
            if rule.needs_be and not _BE.search(found.group("aux")):
                return False
            return not rule.self_only or found.group("ps").strip().lower() in ("i", "you")
        if rule.subject == "appos":
            return True
        if _ELIDED.search(pre) and pre.strip():
            return not rule.anchor
        core = re.sub(rf"(?:{_AUX_TOK})*\s*$", "", pre, flags=re.I)
        return bool(_DISCOURSE.match(core)) and not (rule.needs_be and not pre.strip())

    # ------------------------------------------------------------------ subject
    def _subject(self, hit: _Hit, sent: str, turn: _Turn, prev: _Hit | None) -> _Subject | None:
        rule, m = hit.rule, hit.m
        kind = rule.subject
        if kind == "self":
            return turn.speaker()
        if kind == "poss":
            poss = m.group("poss") if "poss" in m.re.groupindex else None
            if not poss:  # "email: x", "home is Lisbon": the speaker
                return self._person_subject(hit, sent, turn, prev) if not rule.anchor else turn.speaker()
            poss = re.sub(r"['’]s$", "", poss.strip())
            subj = turn.person(poss)
            if rule.self_only and (subj is None or subj.display != SELF):
                return None
            if rule.anchor and sent[: m.start()].strip(" ,") and not _DISCOURSE.match(sent[: m.start()]):
                return None
            return subj
        if kind == "embedded":
            raw = m.group("subj")
            if not raw:
                return None
            raw = re.sub(r"['’]s$", "", raw.strip())
            raw = re.sub(r"^(?:the|our|my|their|this|its)\s+", "", raw, flags=re.I).rstrip(".,;:!?")
            subj = _Subject(raw, "thing")
            if raw.lower() in ("it", "this", "that"):
                return turn.last_thing
            turn.last_thing = subj
            return subj
        if kind == "thing":
            c_start, _ = _clause(sent, m.start())
            pre = sent[c_start : m.start()]
            aux = re.search(rf"(?:{_AUX_TOK})*\s*$", pre, re.I)
            core = pre[: aux.start()] if aux else pre
            hit.aux = aux.group(0) if aux else ""
            return turn.thing(core)
        if kind == "appos":
            back = self._person_subject(hit, sent, turn, prev)
            if back is not None and _BE.search(hit.aux):
                return back
            hit.aux = ""
            return turn.person(m.group("subj"))
        subj = self._person_subject(hit, sent, turn, prev)
        if subj is not None and rule.self_only and subj.display != SELF:
            return None
        if subj is not None and rule.anchor:
            pass
        return subj

    def _person_subject(self, hit: _Hit, sent: str, turn: _Turn, prev: _Hit | None) -> _Subject | None:
        m = hit.m
        pre = sent[: m.start()]
        found = _END_PERSON.search(pre)
        if found:
            before = pre[: found.start()]
            if hit.rule.anchor and before.strip(" ,") and not _DISCOURSE.match(before):
                return None
            hit.aux = found.group("aux")
            hit.start = found.start()
            subj = turn.person(found.group("ps"))
            if subj is not None:
                subj = _Subject(subj.display, subj.kind, bool(_BE.search(hit.aux)))
            return subj
        elided = _ELIDED.search(pre)
        if elided and prev is not None and prev.subject is not None and elided.start() >= prev.val_span[0]:
            hit.aux = elided.group("aux")
            return prev.subject
        lead = _AUX_ONLY.search(pre) or _DISCOURSE.match(pre)
        if lead is not None or _DISCOURSE.match(re.sub(rf"(?:{_AUX_TOK})*\s*$", "", pre, flags=re.I)):
            aux = re.search(rf"(?:{_AUX_TOK})*\s*$", pre, re.I)
            hit.aux = aux.group(0) if aux else ""
            if m.start() == 0 and hit.rule.needs_be:
                return None
            return turn.speaker()
        return None

    # ------------------------------------------------------------------ polarity / tense
    def _polarity(self, hit: _Hit, sent: str, c_end: int) -> int:
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
        negated = bool(_NEG.search(" ".join(parts))) or bool(_NEG_TAIL.search(sent[hit.val_span[1] : c_end]))
        if not negated or rule.fixed:
            return rule.polarity
        return -1 if rule.polarity == 1 else 1

    @staticmethod
    def _past(hit: _Hit) -> bool:
        verb = hit.m.group(0)
        if _PERFECT.search(hit.aux):
            return False
        if _PAST_AUX.search(hit.aux):
            return True
        if hit.rule.needs_be:
            return False
        return bool(_PAST_STATE.match(verb) or re.search(r"\bused\s+to\b", hit.aux, re.I))

    # ------------------------------------------------------------------ values -> statements
    def _statements(
        self,
        hit: _Hit,
        subj: _Subject,
        pol: int,
        vfrom: date,
        span: tuple[int, int],
        clause: str,
        turn: _Turn,
    ) -> list[Statement]:
        rule, m = hit.rule, hit.m
        attr = rule.attribute
        gd = m.groupdict()
        raw = gd.get("val") or gd.get("v1") or gd.get("v2") or gd.get("val2x") or ""
        pairs: list[tuple[str, str, str | None]] = []  # (attribute, value, qualifier)
        if attr == "pet":
            species = re.sub(r"\s+", " ", (gd.get("species") or "").lower())
            names = [n for n in _LIST_SPLIT.split(gd.get("pname") or "") if n]
            names = [n for n in names if _check("notname", n)]
            if names:
                pairs += [("pet", n, species or None) for n in names]
            elif species:
                pairs.append(
                    ("pet", re.sub(r"(?<=[^s])s$", "", species) if species.endswith("s") else species, None)
                )
        elif attr == "port":
            for pm in re.finditer(rf"(\d{{2,5}})(?:\s+({PORT_QUAL}))?", raw, re.I):
                qual = self._qualifier(pm.group(2) or "")
                if qual is None and len(re.findall(r"\d{2,5}", raw)) == 1:
                    qual = self._qualifier(clause)
                pairs.append(("port", pm.group(1), qual))
        elif attr == "price":
            per = gd.get("per")
            pairs.append(("price", raw, _PER_NAMES.get(per.lower(), per.lower()) if per else None))
        elif attr == "favorite":
            thing = re.sub(r"\s+", "_", fold(gd.get("thing") or "")).replace("colour", "color")
            thing = re.sub(r"(?<=[^s])s$", "", thing)
            if not thing or thing in ("thing", "part", "one", "person", "place"):
                return []
            pairs.append((f"favorite_{thing}", raw, None))
        elif attr in ("home", "left"):
            if attr == "left" and not _is_known_place(raw):
                if _school_like(raw) and not _is_known_place(raw):
                    pairs.append(("school", raw, None))
                else:
                    pairs.append(("employer", raw, None))
            else:
                pairs.append((_place_attr(raw) or "home_city", raw, None))
        elif attr == "language" or (
            attr in ("allergy", "hobby", "nationality") and re.search(r",|\band\b|&", raw)
        ):
            for item in _LIST_SPLIT.split(raw):
                item = _LANG_MOD.sub("", item.strip()) if attr == "language" else item.strip()
                if item:
                    pairs.append((attr, item, None))
        else:
            pairs.append((attr, raw, None))
        if rule.val2 and gd.get("val2"):
            pairs.append((rule.val2, gd["val2"], None))

        out: list[Statement] = []
        for a, v, q in pairs:
            v = self._clean(a, v)
            check = rule.check if a == rule.attribute or rule.attribute in ("home", "left") else ""
            if a == "employer" and rule.attribute != "employer":
                check = "cap"
            if not v or (check and not _check(check, v)):
                continue
            if a == "partner" and subj.display == SELF and pol == 1:
                turn.partner = v
            if subj.kind == "thing" and a not in ("port", "version", "owner", "location", "status", "price"):
                continue
            if (
                subj.kind != "thing"
                and a in ("location", "status", "price", "port", "version", "owner")
                and rule.subject not in ("embedded",)
            ):
                continue
            out.append(
                Statement(
                    subject=subj.display,
                    attribute=a,
                    value=v,
                    polarity=1 if pol == 1 else -1,
                    valid_from=vfrom,
                    span=span,
                    qualifier=q,
                )
            )
        return out

    @staticmethod
    def _qualifier(text: str) -> str | None:
        for rx, name in _QUAL_WORDS:
            if rx.search(text):
                return name
        return None

    @staticmethod
    def _clean(attribute: str, value: str) -> str:
        v = display_value(value)
        if attribute in ("email", "phone", "version", "port", "price", "birthday"):
            return v.strip()
        v = re.sub(r"['’]s$", "", v)
        prev = None
        while prev != v:
            prev = v
            v = _VALUE_TRIM.sub("", v).strip()
        if attribute == "car":
            while (nv := _CAR_ADJ.sub("", v)) != v:
                v = nv
        if attribute in ("hobby", "allergy") and not is_multi_valued(attribute):
            return v
        if attribute == "status":
            v = re.sub(r"^back\s+(?=up|online)", "", v, flags=re.I)
            v = {"up and running": "up"}.get(v.lower(), v)
        return v.strip()
