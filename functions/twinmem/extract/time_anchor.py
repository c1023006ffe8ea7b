"""Relative time in a turn ("yesterday", "two years ago", "last Saturday", "in May") anchored to a day.

A declarative table of (regex, resolver) over the standard library only. ``find_time`` gives a
statement's own time (the first matching row wins, so specific rows come first); ``mentions``
gives every time phrase of a text with the day it points to, counted from when it was said
(kept on facts and episodes so that "when did X happen?" is answerable from retrieve alone).
Our own table rather than dateparser: see docs/decisions.md ("Dates anchored by our own table").
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from datetime import date, datetime, timedelta
from functools import lru_cache

from twinmem.models import Mention

__all__ = ["TIME_PATTERNS", "find_time", "mentions", "valid_from"]

MONTHS: dict[str, int] = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
    "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9,
    "sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
}  # fmt: skip
NUMBERS: dict[str, int] = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a couple of": 2, "a couple": 2,
    "couple of": 2, "a few": 3, "few": 3, "several": 3,
}  # fmt: skip
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

_MONTH = r"(?P<month>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|(?-i:[Mm]ay)|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"  # noqa: E501
_NUM = r"(?P<num>\d+|a couple of|a couple|couple of|a few|few|several|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"  # noqa: E501
_UNIT = r"(?P<unit>day|week|month|year)s?"
_YEAR = r"(?P<year>(?:19|20)\d{2})"
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
_FUTURE = re.compile(r"\b(?:starting|start|starts|from next|will|'ll|going to|begin|begins|next)\b", re.I)


def _add_months(d: date, months: int) -> date:
    y, m = divmod(d.year * 12 + (d.month - 1) + months, 12)
    return date(y, m + 1, min(d.day, calendar.monthrange(y, m + 1)[1]))


def _ago(m: re.Match[str], today: date, ctx: str) -> date:
    n = NUMBERS.get(m.group("num").lower()) if not m.group("num").isdigit() else int(m.group("num"))
    n = n or 1
    unit = m.group("unit").lower()
    if unit == "day":
        return today - timedelta(days=n)
    if unit == "week":
        return today - timedelta(weeks=n)
    if unit == "month":
        return _add_months(today, -n)
    return _add_months(today, -12 * n)


_ONGOING = re.compile(
    r"(?:['’]ve|\bhave|\bhas|['’]s\s+been|\bhad|\bbeen|\bliving|\bworking|\bstudying|\bdating|\bseeing|\bknown)\b"
    r"[^.;!?]*$",
    re.I,
)


def _for_ago(m: re.Match[str], today: date, ctx: str) -> date | None:
    """ "for two years": since then when it is still going on ("I've lived here for two years", "vegan for
    two years now"); a length of time otherwise ("on leave for six months"), which dates nothing."""
    before, after = m.string[max(0, m.start() - 80) : m.start()], m.string[m.end() : m.end() + 12]
    if _ONGOING.search(before) or re.match(r"\s*(?:now|already)\b", after, re.I):
        return _ago(m, today, ctx)
    return None


def _in_n(m: re.Match[str], today: date, ctx: str) -> date:
    return today - (_ago(m, today, ctx) - today)


def _month_year(m: re.Match[str], today: date, ctx: str) -> date:
    return date(int(m.group("year")), MONTHS[m.group("month").lower()], 1)


def _full_date(m: re.Match[str], today: date, ctx: str) -> date | None:
    year = int(m.group("year")) if m.group("year") else today.year
    try:
        return date(year, MONTHS[m.group("month").lower()], int(m.group("day")))
    except ValueError:
        return None


def _iso(m: re.Match[str], today: date, ctx: str) -> date | None:
    try:
        return date(int(m.group("year")), int(m.group("mo")), int(m.group("day")))
    except ValueError:
        return None


def _year(m: re.Match[str], today: date, ctx: str) -> date:
    return date(int(m.group("year")), 1, 1)


def _bare_month(m: re.Match[str], today: date, ctx: str) -> date:
    """Most recent such month on/before today; the coming one when the sentence is future."""
    month = MONTHS[m.group("month").lower()]
    lead = (m.group("lead") or "").lower()
    if lead == "last":
        return date(today.year - (month >= today.month), month, 1)
    if lead.startswith("starting") or _FUTURE.search(ctx):
        return date(today.year + (month < today.month), month, 1)
    return date(today.year - (month > today.month), month, 1)


def _week_start(d: date) -> date:
    return d - timedelta(days=d.weekday())


def _weekday(m: re.Match[str], today: date, ctx: str) -> date:
    wd = WEEKDAYS.index(m.group("wd").lower())
    back = (today.weekday() - wd) % 7 or 7
    lead = (m.group("lead") or "").lower()
    if lead == "next":
        return today + timedelta(days=(wd - today.weekday()) % 7 or 7)
    if lead == "this":  # the one of the current week
        return _week_start(today) + timedelta(days=wd)
    return today - timedelta(days=back)


_DOING = re.compile(r"(?:'re|'m|'s|\bare|\bam|\bis)\s+(?:\w+ing)\b", re.I)  # "we're moving ... over the weekend"


def _weekend(m: re.Match[str], today: date, ctx: str) -> date:
    """The Saturday of the weekend meant: last (before this week), this or next."""
    saturday = _week_start(today) + timedelta(days=5)
    lead = m.group("lead").lower()
    if lead == "last":
        return saturday - timedelta(days=7)
    if lead == "next":
        return saturday + timedelta(days=7)
    if saturday > today and (
        lead.startswith("this past") or (lead.startswith("over") and not _FUTURE.search(ctx) and not _DOING.search(ctx))
    ):
        return saturday - timedelta(days=7)  # "traded it in over the weekend", said on a Thursday: the one gone
    return saturday


def _const(fn: Callable[[date], date]) -> Callable[[re.Match[str], date, str], date]:
    return lambda m, today, ctx: fn(today)


Resolver = Callable[[re.Match[str], date, str], "date | None"]

# (pattern, resolver): first match wins, so specific rows precede general ones.
TIME_PATTERNS: list[tuple[str, Resolver]] = [
    (r"\b" + _YEAR + r"-(?P<mo>[01]\d)-(?P<day>[0-3]\d)\b", _iso),
    (r"\b" + _DAY + r"(?:\s+of)?\s+" + _MONTH + r"\b,?(?:\s+" + _YEAR + r")?", _full_date),
    (
        r"\b"
        + _MONTH
        + r"\s+(?:the\s+)?"
        + _DAY
        + r"\b(?!\s*(?:years?|days?|weeks?|months?|:))(?:,?\s+"
        + _YEAR
        + r")?",
        _full_date,
    ),
    (r"\b" + _MONTH + r"\s+(?:of\s+)?" + _YEAR + r"\b", _month_year),
    (r"\b" + _NUM + r"\s+" + _UNIT + r"\s+ago\b", _ago),
    (r"\b(?:for|over)\s+(?:the\s+(?:past|last)\s+)?" + _NUM + r"\s+" + _UNIT + r"\b", _for_ago),
    (r"\b(?:the\s+)?(?:past|last)\s+" + _NUM + r"\s+" + _UNIT + r"\b", _ago),
    (r"\bin\s+" + _NUM + r"\s+" + _UNIT + r"\b(?!\s+ago)", _in_n),
    (r"\b(?:the\s+)?day before yesterday\b", _const(lambda t: t - timedelta(days=2))),
    (r"\b(?:the\s+)?day after tomorrow\b", _const(lambda t: t + timedelta(days=2))),
    (r"\b(?:yesterday|last\s+night)\b", _const(lambda t: t - timedelta(days=1))),
    (r"\btomorrow\b", _const(lambda t: t + timedelta(days=1))),
    (r"\b(?:today|tonight|this morning|this afternoon|this evening)\b", _const(lambda t: t)),
    (r"\b(?P<lead>last|this|next|over\s+the|this\s+past)\s+weekend\b", _weekend),
    (r"\blast\s+week(?:end)?\b", _const(lambda t: _week_start(t) - timedelta(days=7))),
    (r"\bnext\s+week\b", _const(lambda t: _week_start(t) + timedelta(days=7))),
    (r"\bthis\s+week\b", _const(_week_start)),
    (r"\blast\s+month\b", _const(lambda t: _add_months(t.replace(day=1), -1))),
    (r"\bnext\s+month\b", _const(lambda t: _add_months(t.replace(day=1), 1))),
    (r"\b(?:earlier\s+)?this\s+month\b", _const(lambda t: t.replace(day=1))),
    (r"\blast\s+year\b", _const(lambda t: date(t.year - 1, 1, 1))),
    (r"\bnext\s+year\b", _const(lambda t: date(t.year + 1, 1, 1))),
    (r"\b(?:earlier\s+)?this\s+year\b", _const(lambda t: date(t.year, 1, 1))),
    (
        r"\b(?P<lead>last|next|on|this past|this)\s+"
        r"(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b",
        _weekday,
    ),
    (
        r"\b(?:since|in|from|starting(?:\s+in)?|as\s+of|back\s+in|until|till|of|during|around)\s+" + _YEAR + r"\b",
        _year,
    ),
    (
        r"\b(?P<lead>since|in|from|starting(?:\s+in)?|as\s+of|back\s+in|until|till|this|last)\s+" + _MONTH + r"\b",
        _bare_month,
    ),
]


@lru_cache(maxsize=1)
def _compiled() -> list[tuple[re.Pattern[str], Resolver]]:
    """The table compiled on first use, so importing stays cheap."""
    return [(re.compile(p, re.I), r) for p, r in TIME_PATTERNS]


def find_time(phrase_context: str, said_at: datetime | date) -> tuple[date, tuple[int, int]] | None:
    """The first time phrase in the context: (resolved date, its span), or None."""
    today = said_at.date() if isinstance(said_at, datetime) else said_at
    for rx, resolve in _compiled():
        m = rx.search(phrase_context)
        if m and (d := resolve(m, today, phrase_context)) is not None:
            return d, m.span()
    return None


def mentions(text: str, said_at: datetime | date) -> list[Mention]:
    """Every time phrase of the text, in order, with the day it points to (relative to said_at).

    Pure and cheap (a few µs a turn): where two rows match overlapping text, the earlier phrase
    wins, then the longer one, then the row listed first.
    """
    today = said_at.date() if isinstance(said_at, datetime) else said_at
    found: list[tuple[int, int, int, date]] = []
    for row, (rx, resolve) in enumerate(_compiled()):
        for m in rx.finditer(text):
            context = text[max(0, m.start() - 60) : m.end() + 60]
            if (d := resolve(m, today, context)) is not None:
                found.append((m.start(), -(m.end() - m.start()), row, d))
    out: list[Mention] = []
    end = -1
    for start, neg_len, _row, d in sorted(found):
        if start >= end:
            end = start - neg_len
            out.append(Mention(text=text[start:end], date=d))
    return out


def valid_from(phrase_context: str, said_at: datetime) -> date | None:
    """The date the statement's own time words point to, relative to said_at; None when none."""
    found = find_time(phrase_context, said_at)
    return found[0] if found else None
