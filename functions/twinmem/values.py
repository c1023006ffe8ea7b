"""Value and subject normalisation shared by history, known and lineage.

Pure functions, no I/O. ``value_key`` decides when two values said in other words are the
same value ("NYC" / "New York City", "Acme" / "ACME Inc."); ``is_refinement`` when a new
value is a more specific form of an old one ("Busan" -> "Haeundae, Busan"); ``is_short_form`` when a
later mention is the value named in fewer words ("Skoda Enyaq" -> "the Enyaq").
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from twinmem import vocabulary

__all__ = [
    "MULTI_VALUED",
    "display_value",
    "fold",
    "is_multi_valued",
    "is_refinement",
    "is_short_form",
    "normalize_subject",
    "same_value",
    "value_key",
]

# Attributes that hold several values at once (a new value is not a replacement of the old): read
# from the vocabulary, where each attribute says so and why.
MULTI_VALUED: frozenset[str] = frozenset(a.name for a in vocabulary.ATTRIBUTES if a.multi)

# Leading words that never belong to a value's identity.
_ARTICLES = re.compile(r"^(?:the|a|an|my|our)\s+")
_COMPANY_SUFFIX = re.compile(
    r"(?:\s+(?:inc|incorporated|corp|corporation|ltd|limited|llc|gmbh|co|company|plc|ag|sa|bv|srl|pty))+$"
)
_ORG_ATTRS = frozenset({"employer", "owner", "school"})
_PUNCT = re.compile(r"[^\w\s@+#/]")
_SPACES = re.compile(r"\s+")

# Other names for the same place or thing, folded (lowercase, no diacritics) -> canonical key.
ALIASES: dict[str, str] = {
    # cities
    "nyc": "new york",
    "ny": "new york",
    "new york city": "new york",
    "new york ny": "new york",
    "manhattan ny": "new york",
    "la": "los angeles",
    "l a": "los angeles",
    "sf": "san francisco",
    "san fran": "san francisco",
    "frisco": "san francisco",
    "dc": "washington",
    "d c": "washington",
    "washington dc": "washington",
    "washington d c": "washington",
    "philly": "philadelphia",
    "vegas": "las vegas",
    "nola": "new orleans",
    "rio": "rio de janeiro",
    "sp": "sao paulo",
    "cdmx": "mexico city",
    "ciudad de mexico": "mexico city",
    "muenchen": "munich",
    "munchen": "munich",
    "koln": "cologne",
    "koeln": "cologne",
    "lisboa": "lisbon",
    "roma": "rome",
    "milano": "milan",
    "praha": "prague",
    "wien": "vienna",
    "kobenhavn": "copenhagen",
    "bombay": "mumbai",
    "peking": "beijing",
    "hk": "hong kong",
    "saigon": "ho chi minh city",
    "st petersburg": "saint petersburg",
    "bay area": "san francisco bay area",
    # countries
    "uk": "united kingdom",
    "u k": "united kingdom",
    "britain": "united kingdom",
    "great britain": "united kingdom",
    "england": "united kingdom",
    "us": "united states",
    "u s": "united states",
    "usa": "united states",
    "u s a": "united states",
    "america": "united states",
    "the us": "united states",
    "united states of america": "united states",
    "the states": "united states",
    "uae": "united arab emirates",
    "holland": "netherlands",
    "the netherlands": "netherlands",
    "deutschland": "germany",
    "espana": "spain",
    "south korea": "korea",
    "republic of korea": "korea",
    "czechia": "czech republic",
    "turkiye": "turkey",
    # languages and diets
    "mandarin chinese": "mandarin",
    "chinese mandarin": "mandarin",
    "farsi": "persian",
    "castilian": "spanish",
    "plant based": "vegan",
    "veggie": "vegetarian",
    "pescetarian": "pescatarian",
    "ketogenic": "keto",
    # companies
    "alphabet": "google",
    "meta platforms": "meta",
    "facebook": "meta",
    "aws": "amazon web services",
    "ibm": "international business machines",
    "mit": "massachusetts institute of technology",
    "ucla": "university of california los angeles",
    "nyu": "new york university",
}

# Country <-> demonym, so nationality "Portugal" and "Portuguese" compare equal.
DEMONYMS: dict[str, str] = {
    "american": "united states",
    "british": "united kingdom",
    "english": "united kingdom",
    "portuguese": "portugal",
    "german": "germany",
    "french": "france",
    "spanish": "spain",
    "italian": "italy",
    "dutch": "netherlands",
    "irish": "ireland",
    "canadian": "canada",
    "mexican": "mexico",
    "brazilian": "brazil",
    "argentinian": "argentina",
    "argentine": "argentina",
    "chilean": "chile",
    "colombian": "colombia",
    "peruvian": "peru",
    "japanese": "japan",
    "chinese": "china",
    "korean": "korea",
    "south korean": "korea",
    "indian": "india",
    "pakistani": "pakistan",
    "australian": "australia",
    "new zealander": "new zealand",
    "kiwi": "new zealand",
    "swedish": "sweden",
    "norwegian": "norway",
    "danish": "denmark",
    "finnish": "finland",
    "polish": "poland",
    "czech": "czech republic",
    "austrian": "austria",
    "swiss": "switzerland",
    "belgian": "belgium",
    "greek": "greece",
    "turkish": "turkey",
    "russian": "russia",
    "ukrainian": "ukraine",
    "israeli": "israel",
    "egyptian": "egypt",
    "nigerian": "nigeria",
    "kenyan": "kenya",
    "south african": "south africa",
    "vietnamese": "vietnam",
    "thai": "thailand",
    "filipino": "philippines",
    "indonesian": "indonesia",
    "singaporean": "singapore",
    "hungarian": "hungary",
    "romanian": "romania",
    "scottish": "united kingdom",
    "welsh": "united kingdom",
    "icelandic": "iceland",
    "estonian": "estonia",
    "croatian": "croatia",
    "serbian": "serbia",
    "moroccan": "morocco",
    "emirati": "united arab emirates",
    "taiwanese": "taiwan",
}

# District / neighbourhood -> the city it lies in (for refinements like Busan -> Haeundae).
GAZETTEER: dict[str, str] = {
    "haeundae": "busan",
    "seomyeon": "busan",
    "gangnam": "seoul",
    "hongdae": "seoul",
    "itaewon": "seoul",
    "shibuya": "tokyo",
    "shinjuku": "tokyo",
    "brooklyn": "new york",
    "manhattan": "new york",
    "queens": "new york",
    "the bronx": "new york",
    "harlem": "new york",
    "soho": "london",
    "camden": "london",
    "shoreditch": "london",
    "hackney": "london",
    "kreuzberg": "berlin",
    "neukolln": "berlin",
    "prenzlauer berg": "berlin",
    "mitte": "berlin",
    "alfama": "lisbon",
    "belem": "lisbon",
    "chiado": "lisbon",
    "montmartre": "paris",
    "le marais": "paris",
    "trastevere": "rome",
    "gracia": "barcelona",
    "el born": "barcelona",
    "jordaan": "amsterdam",
    "mission district": "san francisco",
    "the mission": "san francisco",
    "soma": "san francisco",
    "palo alto": "san francisco bay area",
    "mountain view": "san francisco bay area",
    "oakland": "san francisco bay area",
    "santa monica": "los angeles",
    "hollywood": "los angeles",
    "venice beach": "los angeles",
    "kowloon": "hong kong",
    "pudong": "shanghai",
    "bandra": "mumbai",
    "copacabana": "rio de janeiro",
    "ipanema": "rio de janeiro",
    "vila madalena": "sao paulo",
}

_REFINE_NOISE = re.compile(r"\b(?:specifically|exactly|actually|precisely|to be precise|in fact|now)\b")


def fold(text: str) -> str:
    """NFKC, diacritics removed, lowercase, single spaces."""
    text = unicodedata.normalize("NFKC", text)
    decomposed = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in decomposed if not unicodedata.combining(c))
    text = text.replace("ß", "ss").replace("ø", "o").replace("æ", "ae").replace("ł", "l")
    return _SPACES.sub(" ", text.lower()).strip()


def normalize_subject(s: str) -> str:
    """Subject key: NFKC, lowercase, single spaces, stripped."""
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", s).lower()).strip()


def display_value(value: str) -> str:
    """The value as the user spelled it, trimmed of whitespace, quotes and trailing punctuation."""
    value = _SPACES.sub(" ", value).strip()
    value = value.strip("\"'“”‘’` ").rstrip(" .,;:!?").strip("\"'“”‘’` ")
    return value.rstrip(" .,;:!?").strip()


_MONTHS = {
    m: i + 1
    for i, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ]
    )
    for m in names
}
_DAY_MONTH = re.compile(r"^(?:the )?(\d{1,2})(?:st|nd|rd|th)?(?: of)? ([a-z]+)(?: (\d{4}))?$")
_MONTH_DAY = re.compile(r"^([a-z]+) (?:the )?(\d{1,2})(?:st|nd|rd|th)?(?: (\d{4}))?$")
_ISO = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
_MONEY_WORDS = {
    "dollars": "$",
    "dollar": "$",
    "usd": "$",
    "euros": "€",
    "euro": "€",
    "eur": "€",
    "pounds": "£",
    "pound": "£",
    "gbp": "£",
}


def _birthday_key(v: str) -> str | None:
    v = v.replace(",", " ")
    v = _SPACES.sub(" ", v).strip()
    if m := _ISO.match(v):
        return f"{m.group(2)}-{m.group(3)}"
    for rx, d_i, m_i in ((_DAY_MONTH, 1, 2), (_MONTH_DAY, 2, 1)):
        if (m := rx.match(v)) and m.group(m_i) in _MONTHS:
            return f"{_MONTHS[m.group(m_i)]:02d}-{int(m.group(d_i)):02d}"
    return None


def _price_key(v: str) -> str:
    v = v.replace(",", "")
    symbol = next((s for s in "$€£¥" if s in v), "")
    for word, sym in _MONEY_WORDS.items():
        if re.search(rf"\b{word}\b", v):
            symbol = symbol or sym
    num = re.search(r"\d+(?:\.\d+)?", v)
    if not num:
        return v
    amount = num.group(0)
    if "." in amount:
        amount = amount.rstrip("0").rstrip(".")
    return f"{symbol}{amount}"


def _singular(word: str) -> str:
    if len(word) > 3 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


@lru_cache(maxsize=65_536)  # pure, and called for every link of every chain a read builds
def value_key(attribute: str, value: str) -> str:
    """Canonical key of a value: equal keys mean the same value said in other words."""
    attr = attribute.lower()
    v = fold(display_value(value))
    if attr == "email":
        return v.replace(" ", "")
    if attr == "phone":
        return re.sub(r"\D", "", v)
    if attr == "birthday":
        return _birthday_key(v) or v
    if attr == "price":
        return _price_key(v)
    if attr in ("version", "port"):
        return re.sub(r"^(?:version|v|port)\s*", "", v).strip()
    v = v.replace("&", " and ")
    v = _PUNCT.sub(" ", v.replace("'s ", " ").replace(".", ""))
    v = _SPACES.sub(" ", v).strip()
    while (stripped := _ARTICLES.sub("", v)) != v and stripped:
        v = stripped
    if attr in _ORG_ATTRS:
        stripped = _COMPANY_SUFFIX.sub("", v).strip()
        v = stripped or v
    if attr in ("diet",):
        v = re.sub(r"\s+diet$", "", v)
    if attr in ("allergy", "pet", "hobby"):
        v = " ".join(_singular(w) for w in v.split())
    if attr.startswith("favorite_"):
        v = v.replace("colour", "color")
    v = ALIASES.get(v, v)
    if attr == "nationality":
        v = DEMONYMS.get(v, v)
        v = ALIASES.get(v, v)
        v = re.sub(r"\s+citizen(?:ship)?$", "", v)
        v = DEMONYMS.get(v, v)
    return v


def same_value(attribute: str, a: str, b: str) -> bool:
    """True when a and b are the same value of attribute, in other words."""
    return value_key(attribute, a) == value_key(attribute, b)


def is_multi_valued(attribute: str) -> bool:
    """True for attributes that hold several values at once (a new one is not a replacement)."""
    return vocabulary.is_multi_valued(attribute)


def _refine_tokens(attribute: str, value: str) -> list[str]:
    v = _REFINE_NOISE.sub(" ", fold(display_value(value)))
    key = value_key(attribute, v)
    return [t for t in key.split(" ") if t]


@lru_cache(maxsize=65_536)
def is_refinement(attribute: str, old: str, new: str) -> bool:
    """True when new is a more specific form of old ("Busan" -> "Haeundae, Busan")."""
    old_key, new_key = value_key(attribute, old), value_key(attribute, new)
    if not old_key or old_key == new_key:
        return False
    old_t, new_t = _refine_tokens(attribute, old), _refine_tokens(attribute, new)
    if not old_t or not new_t:
        return False
    if len(new_t) > len(old_t):
        n = len(old_t)
        if any(new_t[i : i + n] == old_t for i in range(len(new_t) - n + 1)):
            return True
    # a district / neighbourhood of the old city
    new_phrase = " ".join(new_t)
    old_city = ALIASES.get(" ".join(old_t), " ".join(old_t))
    for district, city in GAZETTEER.items():
        if city == old_city and re.search(rf"\b{re.escape(district)}\b", new_phrase):
            return True
    return False


# Attributes where fewer words can be another value: a title without its rank ("junior data analyst" ->
# "data analyst" is a promotion), and values read as numbers or addresses.
_WHOLE_ONLY = frozenset({"job_title", "version", "port", "phone", "email", "price", "birthday", "age"})


@lru_cache(maxsize=65_536)
def is_short_form(attribute: str, full: str, short: str) -> bool:
    """True when `short` names `full` by its first or last words ("Toyota Prius" -> "prius", "mustard
    yellow" -> "mustard"): the same value said again in fewer words, not a new one."""
    if attribute.lower() in _WHOLE_ONLY:
        return False
    full_t, short_t = _refine_tokens(attribute, full), _refine_tokens(attribute, short)
    n = len(short_t)
    if not n or n >= len(full_t) or len("".join(short_t)) < 3 or any(t.isdigit() for t in short_t):
        return False
    return full_t[:n] == short_t or full_t[-n:] == short_t
