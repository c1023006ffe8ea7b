"""Whether a value said is said as holding: not negated or hedged in its clause, not the one left behind
("moved from Leeds"), not one sought ("hiring a junior UX researcher") or passed over ("skipped 3.0.0")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from twinmem.extract import cues
from twinmem.extract.text import clause

__all__ = ["gone", "own_value"]

_OLD = re.compile(
    r"\b(?:(?<!serving\s)(?<!running\s)(?<!operating\s)(?<!working\s)(?<!based\s)(?:from|out\s+of)|off|away\s+from|instead\s+of|was|old|previous|previously|formerly|used\s+to\s+be|"
    r"quit|quitting|stopped|dropped|ditched|gave\s+up|giving\s+up)\s+(?:port\s+|the\s+)?$",
    re.I,
)
# "she's hiring a junior UX researcher": whom they seek is someone else, not what they are
_SOUGHT = re.compile(
    r"\b(?:hiring|hire|hired|interviewing|recruiting|looking\s+for|searching\s+for|advertising\s+for)\s+"
    r"(?:an?\s+|the\s+|another\s+|some\s+|two\s+|three\s+)?(?:new\s+)?$"
    # "skipped 3.0.0 and 3.0.1", "he interviewed at Heliograph": none of them the value
    r"|\b(?:skipped|skipping|skip|avoided|avoiding|passed\s+on)\s+(?:[\w.]+\s+(?:and|or|,)\s+)?$"
    r"|\b(?:interviewed|interviewing|interviews|applied|applying|applies)\s+(?:at|to|with|for)\s+(?:the\s+)?$",
    re.I,
)


def own_value(sent: str, pos: int) -> bool:
    """The value at `pos` is said as holding: not negated or hedged in its clause, not the one left behind."""
    a, b = clause(sent, pos)
    left_behind = _OLD.search(sent[max(0, pos - 20) : pos]) or _SOUGHT.search(sent[max(0, pos - 40) : pos])
    return not (cues.NEG.search(sent[a:pos]) or left_behind or cues.HEDGE.search(sent[a:b]))


def gone(sent: str, values: Sequence[str]) -> bool:
    """The sentence says the value held so far holds no longer ("isn't in Kraków anymore, he ... went to Berlin"):
    the place it then names is a move, not a trip."""
    said = "|".join(re.escape(v) for v in values[:1])
    return bool(said) and bool(
        re.search(rf"\b(?:{said})\b\W*(?:any\s*more|no\s+more)\b|\b(?:left|quit)\s+(?:{said})\b", sent, re.I)
    )
